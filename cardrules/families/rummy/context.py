"""What the rummy family's rules and views need of its state, as a protocol.

The protocol lists the fields and methods of the family's state class
(:class:`~cardrules.families.rummy.state.RummyState`) that ``rules`` and ``view`` read,
so that they annotate with it instead of importing the state class, which imports them
to run (``tests/test_import_cycles.py``).  A protocol costs nothing at run time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from cardrules.engine.state import FamilyContext

if TYPE_CHECKING:
    from cardrules.engine.events import Event
    from cardrules.families.rummy.model import Step
    from cardrules.families.rummy.tables import RummyTables

__all__ = ["RummyContext"]


class RummyContext(FamilyContext, Protocol):
    """A deal state of the rummy family, as its rules and views see it (a
    :class:`~cardrules.families.rummy.state.RummyState` is one)."""

    _deadwood: tuple[int, ...]
    _events: tuple[Event, ...]
    _knocker: int
    _known: tuple[int, ...]
    _laid_off: int
    _limit: int
    _meld_list: tuple[tuple[int, ...], ...]
    _melds: tuple[int, ...]
    _passed: tuple[int, ...]
    _phase: Step
    _pile: tuple[int, ...]
    _stage: int

    @property
    def _tables(self) -> RummyTables: ...

    def can_knock(self) -> bool: ...

    def must_discard(self) -> bool: ...
