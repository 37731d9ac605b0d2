"""What the tricks family's rules and views need of its state, as a protocol.

The protocol lists the fields and methods of the family's state class
(:class:`~cardrules.families.tricks.state.TricksState`) that ``rules``, ``view``,
``stock`` and ``deal`` read or write.  They annotate with it instead of importing the
state class, which imports them to run: so the family's modules import one way only,
type-only imports included (``tests/test_import_cycles.py``), and mypy checks that the
state is one wherever it passes itself.  A protocol costs nothing at run time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from cardrules.actions import Action
    from cardrules.engine.state import GameContext, State
    from cardrules.families.tricks.model import RawEvent, TrickStep
    from cardrules.families.tricks.tables import Declaration, TricksTables

__all__ = ["TricksContext"]


class TricksContext(Protocol):
    """A deal state of the tricks family, as its rules and views see it (a
    :class:`~cardrules.families.tricks.state.TricksState` is one)."""

    _broken: bool
    _closed: int
    _combo: str
    _current: int
    _dealer: int
    _declared: tuple[int, ...]
    _declarer: int
    _down: int
    _events: tuple[RawEvent, ...]
    _game: GameContext
    _hands: tuple[int, ...]
    _holder: int
    _leader: int
    _offer: bool
    _pending: tuple[int, ...]
    _phase: TrickStep
    _plays: tuple[int, ...]
    _scores: tuple[int, ...]
    _shown: tuple[int, ...]
    _starter: int
    _stock: tuple[int, ...]
    _tables: TricksTables
    _tricks: tuple[int, ...]
    _trump: int
    _trump_card: int
    _winner: int
    _won: tuple[int, ...]

    def _smallest(self) -> int: ...

    def apply(self, action: Action | str, *, player: int | None = None) -> State: ...

    @property
    def current_player(self) -> int: ...

    def declarations(self, player: int) -> tuple[Declaration, ...]: ...

    def describe(self, action: Action) -> str: ...

    @property
    def duties_apply(self) -> bool: ...

    @property
    def first_trick(self) -> bool: ...

    @property
    def game(self) -> GameContext: ...

    def legal_actions(self) -> tuple[Action, ...]: ...

    def points(self) -> tuple[int, ...]: ...
