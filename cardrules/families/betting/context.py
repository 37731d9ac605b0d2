"""What the betting family's rules and views need of its state, as a protocol.

The protocol lists the fields and methods of the family's state class
(:class:`~cardrules.families.betting.state.BettingState`) that ``rules`` and ``view``
read, beyond what every family's state offers
(:class:`~cardrules.engine.state.FamilyContext`).  They annotate with it instead of
importing the state class, which imports them to run: so the family's modules import one
way only, type-only imports included (``tests/test_import_cycles.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from cardrules.engine.state import FamilyContext

if TYPE_CHECKING:
    from cardrules.engine.events import Event
    from cardrules.families.betting.model import Step
    from cardrules.families.betting.tables import BettingTables

__all__ = ["BettingContext"]


class BettingContext(FamilyContext, Protocol):
    """A state of the betting family, as its rules and views see it (a
    :class:`~cardrules.families.betting.state.BettingState` is one)."""

    _acted: tuple[int, ...]
    _bets: int
    _board: int
    _chips: tuple[int, ...]
    _dealer: int
    _events: tuple[Event, ...]
    _folded: tuple[int, ...]
    _hands: tuple[int, ...]
    _line: str
    _phase: Step
    _round: int
    _scores: tuple[int, ...]
    _shown: tuple[int, ...]
    _stage: int
    _staked: tuple[int, ...]
    _stock: tuple[int, ...]
    _won: tuple[int, ...]
    _round_staked: tuple[int, ...]
    _least_to: int

    @property
    def _tables(self) -> BettingTables: ...

    @property
    def opener(self) -> int: ...

    @property
    def pot(self) -> int: ...

    def to_call(self, seat: int) -> int: ...

    def may_raise(self, seat: int) -> bool: ...

    def amounts(self, seat: int) -> tuple[int, int]: ...
