"""What the vying family's rules and views need of its state, as a protocol (see
:mod:`cardrules.families.betting.context`, whose pattern it follows: the family's modules
import one way only)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from cardrules.engine.state import FamilyContext

if TYPE_CHECKING:
    from cardrules.engine.events import Event
    from cardrules.families.betting.model import Step
    from cardrules.families.betting.vying.tables import VyingTables

__all__ = ["VyingContext"]


class VyingContext(FamilyContext, Protocol):
    """A state of the vying family, as its rules and views see it (a
    :class:`~cardrules.families.betting.vying.state.VyingState` is one)."""

    _blind: tuple[int, ...]
    _chips: tuple[int, ...]
    _choosing: int
    _dealer: int
    _events: tuple[Event, ...]
    _folded: tuple[int, ...]
    _hands: tuple[int, ...]
    _kept: tuple[int, ...]
    _carried: int
    _phase: Step
    _scores: tuple[int, ...]
    _seer: int
    _shown: tuple[int, ...]
    _stage: int
    _stake: int
    _staked: tuple[int, ...]
    _stock: tuple[int, ...]
    _won: tuple[int, ...]

    @property
    def _tables(self) -> VyingTables: ...

    @property
    def pot(self) -> int: ...

    def live(self) -> tuple[int, ...]: ...

    def least_stake(self, seat: int) -> int: ...

    def see_cost(self, seat: int) -> int: ...

    def may_see(self, seat: int) -> str | None: ...

    def sees_hand(self, viewer: int, seat: int) -> bool: ...
