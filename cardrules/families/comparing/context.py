"""What the comparing family's rules need of its state, as a protocol.

The protocol lists the fields and methods of the family's state class
(:class:`~cardrules.families.comparing.state.ComparingState`) that ``rules`` reads,
beyond what every family's state offers
(:class:`~cardrules.engine.state.FamilyContext`).  The rules annotate with it instead of
importing the state class, which imports them to run: so the family's modules import one
way only, type-only imports included (``tests/test_import_cycles.py``).  The view reads
the state class itself (a compiled view reads its fields directly), and the state module
does not import the view: the view puts its function in the state module's ``VIEWS``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from cardrules.engine.state import FamilyContext

if TYPE_CHECKING:
    from cardrules.engine.events import RawEvent
    from cardrules.families.comparing.model import Step
    from cardrules.families.comparing.tables import ComparingTables

__all__ = ["ComparingContext"]


class ComparingContext(FamilyContext, Protocol):
    """A state of the comparing family, as its rules and views see it (a
    :class:`~cardrules.families.comparing.state.ComparingState` is one)."""

    _house: tuple[int, ...]
    _dealer: int
    _done: tuple[int, ...]
    _second: tuple[int, ...]
    _split: tuple[int, ...]
    _doubled: tuple[int, ...]
    _events: tuple[RawEvent, ...]
    _hands: tuple[int, ...]
    _hole: int
    _phase: Step
    _scores: tuple[int, ...]
    _stage: int
    _stock: tuple[int, ...]

    @property
    def _tables(self) -> ComparingTables: ...
