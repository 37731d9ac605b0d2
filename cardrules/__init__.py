"""cardrules: play card games from declarative YAML rule files.

>>> import cardrules
>>> game = cardrules.load("bank", players=2)
>>> state = game.new_deal(seed=7)
>>> state.current_player in (0, 1)
True

The names below are imported when first used, so that ``import cardrules`` (and the
``cardrules`` command's ``--help``) stays quick: a program that never loads a game does
not pay for the engine, the schemas and the families.
"""

from __future__ import annotations

import importlib
import os
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Sequence
    from importlib.machinery import FileFinder, ModuleSpec
    from types import ModuleType

_PURE = "CARDRULES_PURE"
"""The switch to the pure-Python build (``CARDRULES_PURE=1``; ``0`` or empty: off), the
same at build and at run time: ``pip install .`` then builds the pure wheel, and ``import
cardrules`` loads every module from its ``.py`` source even where the compiled build's
wheel put a compiled extension module beside it (which Python would otherwise prefer), so
that a compiled install also runs as the pure build, without reinstalling."""


class _SourceFinder:
    """Finds cardrules' modules in their ``.py`` sources only, never in an extension
    module beside them (put first on ``sys.meta_path`` when :data:`_PURE` is set)."""

    def __init__(self) -> None:
        self._finders: dict[str, FileFinder] = {}

    def find_spec(self, name: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        """The spec of ``name``'s source, for a module of this package; None otherwise
        (left to the next finder, as is anything not found as a source here)."""
        if path is None or not name.startswith(f"{__name__}."):
            return None
        from importlib.machinery import SOURCE_SUFFIXES, FileFinder, SourceFileLoader

        for entry in path:
            finder = self._finders.get(entry)
            if finder is None:
                finder = self._finders[entry] = FileFinder(
                    entry, (SourceFileLoader, SOURCE_SUFFIXES))
            spec = finder.find_spec(name, target)
            if spec is not None and spec.loader is not None:
                return spec
        return None


if os.environ.get(_PURE, "") not in ("", "0"):
    import sys

    if not any(isinstance(finder, _SourceFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _SourceFinder())

if TYPE_CHECKING:
    from cardrules.actions import Action, Kind
    from cardrules.engine.events import Event
    from cardrules.engine.game import Game
    from cardrules.engine.record import GameRecord, replay
    from cardrules.engine.state import DealResult, State
    from cardrules.errors import (
        CardrulesError,
        IllegalActionError,
        NotationError,
        Problem,
        RecordError,
        StateError,
        VariantError,
    )
    from cardrules.loader.load import load, load_variant

__all__ = [
    "Action",
    "CardrulesError",
    "DealResult",
    "Event",
    "Game",
    "GameRecord",
    "IllegalActionError",
    "Kind",
    "NotationError",
    "Problem",
    "RecordError",
    "State",
    "StateError",
    "VariantError",
    "load",
    "load_variant",
    "replay",
]

__version__ = "0.1.0"

_HOMES = {
    "Action": "cardrules.actions", "Kind": "cardrules.actions",
    "Event": "cardrules.engine.events", "Game": "cardrules.engine.game",
    "GameRecord": "cardrules.engine.record", "replay": "cardrules.engine.record",
    "DealResult": "cardrules.engine.state", "State": "cardrules.engine.state",
    "CardrulesError": "cardrules.errors", "IllegalActionError": "cardrules.errors",
    "NotationError": "cardrules.errors", "Problem": "cardrules.errors",
    "RecordError": "cardrules.errors", "StateError": "cardrules.errors",
    "VariantError": "cardrules.errors",
    "load": "cardrules.loader.load", "load_variant": "cardrules.loader.load",
}
"""The module each public name lives in."""


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use (and kept here after)."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'cardrules' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
