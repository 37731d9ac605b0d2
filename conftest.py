"""pytest configuration for the whole tree: skip modules whose optional extra is missing,
and run Hypothesis derandomized.

The doctests import every module of the package, so a module that imports an optional
extra (``openspiel``, ``rl``, ``study``, ``ray``, ``bench``, ``web``) at its top is left out of
collection when any package it imports is absent (``tests/test_reliability_extras.py`` checks the
suite collects with none of them installed).
"""

from __future__ import annotations

import importlib.util
import os

from hypothesis import settings

NEEDS = {
    "cardrules/adapters/envs/__init__.py": ("pettingzoo", "gymnasium", "numpy"),  # doctest
    "cardrules/adapters/gymnasium.py": ("gymnasium", "numpy"),
    "cardrules/adapters/openspiel.py": ("pyspiel", "numpy"),
    "cardrules/adapters/openspiel_search.py": ("pyspiel", "open_spiel", "numpy"),
    "cardrules/adapters/pettingzoo.py": ("pettingzoo", "gymnasium", "numpy"),
    "cardrules/bench/openspiel_duel.py": ("pyspiel", "open_spiel", "numpy"),
    "cardrules/web/app.py": ("starlette", "httpx"),  # its doctest's test client needs httpx
    "cardrules/web/client.py": ("starlette", "httpx"),  # doctest
}
"""Module -> the optional packages it imports at its top."""


def _missing(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is None
    except (ImportError, ValueError):  # a blocked or broken package counts as missing
        return True


collect_ignore = [path for path, needs in NEEDS.items() if any(map(_missing, needs))]


settings.register_profile("repeatable", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))
"""Hypothesis asks the same examples on every run (CI's among them), so a failure is
repeatable and a passing commit stays passing; ``HYPOTHESIS_PROFILE=explore`` draws new
examples on every run, for a developer hunting new failures."""
