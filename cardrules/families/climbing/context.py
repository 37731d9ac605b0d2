"""What the climbing family's rules and views need of its state, as a protocol.

The protocol lists the fields and methods of the family's state class
(:class:`~cardrules.families.climbing.state.ClimbingState`) that ``rules`` and ``view``
read, beyond what every family's state offers
(:class:`~cardrules.engine.state.FamilyContext`).  They annotate with it instead of
importing the state class, which imports them to run: so the family's modules import one
way only, type-only imports included (``tests/test_import_cycles.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from cardrules.engine.state import FamilyContext

if TYPE_CHECKING:
    from cardrules.engine.events import RawEvent
    from cardrules.families.climbing.model import ClimbingStep
    from cardrules.families.climbing.tables import ClimbingTables, Play

__all__ = ["ClimbingContext"]


class ClimbingContext(FamilyContext, Protocol):
    """A state of the climbing family, as its rules and views see it (a
    :class:`~cardrules.families.climbing.state.ClimbingState` is one)."""

    _dealer: int
    _events: tuple[RawEvent, ...]
    _hands: tuple[int, ...]
    _last: int
    _out: tuple[int, ...]
    _passed: tuple[int, ...]
    _phase: ClimbingStep
    _played: int
    _scores: tuple[int, ...]
    _stock: tuple[int, ...]
    _table: int

    @property
    def _tables(self) -> ClimbingTables: ...

    @property
    def to_beat(self) -> Play | None: ...

    def first_lead_card(self) -> int: ...
