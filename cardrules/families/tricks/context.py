"""What the tricks family's rules and views need of its state, as a protocol.

The protocol lists the fields and methods of the family's state class
(:class:`~cardrules.families.tricks.state.TricksState`) that ``rules``, ``view``,
``stock`` and ``deal`` read or write, beyond what every family's state offers
(:class:`~cardrules.engine.state.FamilyContext`, which says why the family's modules
annotate with it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from cardrules.engine.state import FamilyContext

if TYPE_CHECKING:
    from cardrules.actions import Action
    from cardrules.engine.state import GameContext, State
    from cardrules.families.tricks.model import RawEvent, TrickStep
    from cardrules.families.tricks.tables import Declaration, TricksTables

__all__ = ["TricksContext"]


class TricksContext(FamilyContext, Protocol):
    """A deal state of the tricks family, as its rules and views see it (a
    :class:`~cardrules.families.tricks.state.TricksState` is one)."""

    _announced: tuple[int, ...]
    _broken: bool
    _calling: tuple[int, ...]
    _closed: int
    _combo: str
    _declared: tuple[int, ...]
    _declarer: int
    _down: int
    _dummy: tuple[int, ...]
    _events: tuple[RawEvent, ...]
    _game: GameContext
    _holder: int
    _leader: int
    _meld_runs: tuple[int, ...]
    _meld_sets: tuple[int, ...]
    _meld_shown: tuple[int, ...]
    _melded: tuple[int, ...]
    _offer: bool
    _pending: tuple[int, ...]
    _phase: TrickStep
    _plays: tuple[int, ...]
    _shown: tuple[int, ...]
    _starter: int
    _tables: TricksTables
    _tricks: tuple[int, ...]
    _trump: int
    _trump_card: int
    _winner: int
    _won: tuple[int, ...]

    def _smallest(self) -> int: ...

    def apply(self, action: Action | str, *, player: int | None = None) -> State: ...

    def declarations(self, player: int) -> tuple[Declaration, ...]: ...

    def dummy_shown(self) -> int: ...

    def partner_holds(self, player: int) -> bool: ...

    @property
    def duties_apply(self) -> bool: ...

    @property
    def first_trick(self) -> bool: ...

    def points(self) -> tuple[int, ...]: ...
