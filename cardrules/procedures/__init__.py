"""Play procedures: plug-ins registered by the name a rule file gives in ``play.procedure``.

A procedure is a :class:`Procedure` object whose methods build the compiled tables of a
variant, deal, read states back, set up explicit positions, re-sample hidden cards and
list the observation fields.  The built-in procedures are imported on first use;
third-party ones register through the entry-point group ``cardrules.procedures`` (each
entry point names a :class:`Procedure` object) or by calling :func:`register`.

>>> sorted(known())[:2]
['shedding', 'tricks']
>>> find("nope")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
KeyError: "unknown procedure 'nope'; known procedures: shedding, tricks..."
"""

from __future__ import annotations

import abc
import importlib
import random
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

from cardrules.standings import Partnerships, alone

if TYPE_CHECKING:
    from cardrules.game import Game
    from cardrules.model.common import Visibility
    from cardrules.observation import Field
    from cardrules.state import DealContext, State

__all__ = ["Procedure", "find", "known", "register"]


class Procedure(abc.ABC):
    """How a play procedure plugs into :class:`~cardrules.game.Game`.  Subclasses are
    plain module-level classes (so games and states pickle)."""

    name: str = ""
    """The name rule files use."""
    state_class: type
    """The class of its deal states (a game adds its listed phases' fields to it)."""

    @abc.abstractmethod
    def compile(self, game: Game) -> Any:
        """Build the lookup tables of a loaded variant."""

    @abc.abstractmethod
    def new_deal(self, game: Game, context: DealContext) -> State:
        """A freshly shuffled deal."""

    @abc.abstractmethod
    def from_json(self, game: Game, data: dict[str, Any]) -> State:
        """Read a state back from JSON."""

    @abc.abstractmethod
    def setup(self, game: Game, **position: Any) -> State:
        """A position given explicitly."""

    @abc.abstractmethod
    def resample(self, state: Any, player: int, rng: random.Random) -> State:
        """A state the player cannot tell apart: hidden cards re-dealt at random."""

    @abc.abstractmethod
    def observation_fields(self, game: Game) -> tuple[Field, ...]:
        """The fields of a view that a learning agent's observation encodes."""

    @abc.abstractmethod
    def zones(self) -> dict[str, tuple[Visibility, ...]]:
        """Zone name -> the visibilities a rule file may declare for it (each honoured by
        views, events, legal actions and re-sampling)."""

    @abc.abstractmethod
    def move_limit(self, game: Game) -> int:
        """The most actions a deal of ``game`` can take under its rules: a bound derived
        from the pack, the players and the rules, past which a deal is stuck in a loop."""

    def partnerships(self, game: Game) -> Partnerships:
        """Who plays together, each partnership a tuple of seats; by default everyone
        plays alone."""
        return alone(game.players)


_BUILT_IN = {
    "shedding": "cardrules.procedures.shedding_plugin",
    "tricks": "cardrules.procedures.tricks_plugin",
}
"""Built-in procedure name -> the module that registers it (imported on first use)."""

_REGISTRY: dict[str, Procedure] = {}
_loaded_entry_points = False


def register(procedure: Procedure) -> Procedure:
    """Register ``procedure`` under its name (a later registration of a name replaces an
    earlier one)."""
    if not procedure.name:
        raise ValueError("a procedure needs a name")
    _REGISTRY[procedure.name] = procedure
    return procedure


def known() -> dict[str, Procedure]:
    """Every registered procedure by name (built-in and from entry points)."""
    global _loaded_entry_points
    for module in _BUILT_IN.values():
        importlib.import_module(module)
    if not _loaded_entry_points:
        _loaded_entry_points = True
        for entry in entry_points(group="cardrules.procedures"):
            found = entry.load()
            if isinstance(found, Procedure):
                register(found)
    return dict(_REGISTRY)


def find(name: str) -> Procedure:
    """The procedure registered as ``name``; a ``KeyError`` naming the known ones."""
    if name in _REGISTRY:
        return _REGISTRY[name]
    procedures = known()
    if name not in procedures:
        raise KeyError(f"unknown procedure {name!r}; known procedures: "
                       f"{', '.join(sorted(procedures))}")
    return procedures[name]
