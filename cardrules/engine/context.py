"""What the lower parts of the engine need of a game and of a state, as protocols.

The engine's modules are layered with no import cycle, type-only imports included
(``tests/test_import_cycles.py``).  A module below :mod:`cardrules.engine.state` or
:mod:`cardrules.engine.game` that only needs to read a game or a state annotates with
one of these structural types instead of importing the class: ``Game`` and every
``State`` satisfy them, and mypy checks that they do where they are passed.  The fuller
contracts live where their types are defined: :class:`cardrules.engine.state.GameContext`
(what a state, a procedure and a match see of their game), and :mod:`cardrules.engine.flow`'s
``StagedState`` (what the phases' flow needs of a state).  :class:`Recorded` is what
``Game.replay`` reads of a game record, whose module sits above the game;
:class:`Position` is what the hooks that judge moves read of a state.

Protocols cost nothing at run time: no call goes through them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from cardrules.actions import Action
    from cardrules.cards import Pack
    from cardrules.engine.views import View
    from cardrules.model.variant import Variant

__all__ = ["Acting", "GameRules", "Position", "Recorded", "Viewable"]


class GameRules(Protocol):
    """The rules a game was loaded with, for a number of players, and its pack: what
    code that derives something from the rules alone reads of a game."""

    @property
    def variant(self) -> Variant: ...

    @property
    def players(self) -> int: ...

    @property
    def pack(self) -> Pack: ...


class Acting(Protocol):
    """A state that lists its legal actions."""

    def legal_actions(self) -> tuple[Action, ...]: ...


class Viewable(Protocol):
    """A state that shows a player what the player may know."""

    def view(self, player: int) -> View: ...


class Position(Viewable, Protocol):
    """A state as a hook that judges a move reads it (``RefusalInput.state``,
    ``LegalFilterInput.state`` in :mod:`cardrules.hooks`): its game's rules and pack, the
    player to act and what each player sees.  Every ``State`` is one; a hook that reads a
    family's own public fields (the pile's ``top``) narrows it to that family's state."""

    @property
    def game(self) -> GameRules: ...

    @property
    def current_player(self) -> int: ...


class Recorded(Protocol):
    """What :meth:`~cardrules.engine.game.Game.replay` reads of a record (a
    :class:`~cardrules.engine.record.GameRecord` is one; the record module sits above the
    game, since it loads the rules a record names)."""

    @property
    def fingerprint(self) -> str: ...

    @property
    def players(self) -> int: ...

    @property
    def seed(self) -> int: ...

    @property
    def match(self) -> bool: ...

    @property
    def dealer(self) -> int | None: ...

    @property
    def actions(self) -> tuple[str, ...]: ...
