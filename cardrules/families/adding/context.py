"""What the adding family's rules and views need of its state, as a protocol.

The protocol lists the fields and methods of the family's state class
(:class:`~cardrules.families.adding.state.AddingState`) that ``rules`` and ``view`` read,
beyond what every family's state offers (:class:`~cardrules.engine.state.FamilyContext`).
They annotate with it instead of importing the state class, which imports them to run:
so the family's modules import one way only, type-only imports included
(``tests/test_import_cycles.py``).  A protocol costs nothing at run time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from cardrules.engine.state import FamilyContext

if TYPE_CHECKING:
    from cardrules.engine.events import Event
    from cardrules.families.adding.model import Step
    from cardrules.families.adding.tables import AddingTables

__all__ = ["AddingContext"]


class AddingContext(FamilyContext, Protocol):
    """A state of the adding family, as its rules and views see it (an
    :class:`~cardrules.families.adding.state.AddingState` is one)."""

    _crib: tuple[int, ...]
    _crib_stock: int
    _events: tuple[Event, ...]
    _gone: tuple[int, ...]
    _hand_number: int
    _last: int
    _phase: Step
    _played: tuple[int, ...]
    _points: tuple[int, ...]
    _sequence: tuple[int, ...]
    _stage: int
    _starter: int
    _total: int
    _winner: int

    @property
    def _tables(self) -> AddingTables: ...
