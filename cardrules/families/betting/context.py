"""What the betting family's rules need of its state, as a protocol.

The protocol lists the fields and methods of the family's state class
(:class:`~cardrules.families.betting.state.BettingState`) that ``rules`` reads, beyond
what every family's state offers (:class:`~cardrules.engine.state.FamilyContext`).  It
annotates with it instead of importing the state class, which imports it to run: so the
family's modules import one way only, type-only imports included
(``tests/test_import_cycles.py``).  The view reads the state class itself (it imports
the state module, which does not import it: the state finds the view function in its
``VIEWS``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from cardrules.engine.state import FamilyContext

if TYPE_CHECKING:
    from cardrules.families.betting.model import Step
    from cardrules.families.betting.tables import BettingTables

__all__ = ["BettingContext"]


class BettingContext(FamilyContext, Protocol):
    """A state of the betting family, as its rules see it (a
    :class:`~cardrules.families.betting.state.BettingState` is one)."""

    _bets: int
    _chips: tuple[int, ...]
    _phase: Step
    _round: int

    @property
    def _tables(self) -> BettingTables: ...

    def to_call(self, seat: int) -> int: ...

    def may_raise(self, seat: int) -> bool: ...

    def amounts(self, seat: int) -> tuple[int, int]: ...
