"""pytest configuration for the whole tree: skip modules whose optional extra is missing."""

from __future__ import annotations

import importlib.util

collect_ignore = [
    path for path, needs in [("cardrules/adapters/pettingzoo.py", "pettingzoo"),
                             ("cardrules/adapters/openspiel.py", "pyspiel")]
    if importlib.util.find_spec(needs) is None
]
