"""What the rummy family's rules need of its state, as a protocol.

The protocol lists the fields and methods of the family's state class
(:class:`~cardrules.families.rummy.state.RummyState`) that ``rules`` reads, beyond what
every family's state offers (:class:`~cardrules.engine.state.FamilyContext`).  The rules
annotate with it instead of importing the state class, which imports them to run: so the
family's modules import one way only, type-only imports included
(``tests/test_import_cycles.py``).  The view reads the state class itself (a compiled
view reads its fields directly), and the state module does not import the view: the
view puts its function in the state module's ``VIEWS``.  A protocol costs nothing at run
time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from cardrules.engine.state import FamilyContext

if TYPE_CHECKING:
    from cardrules.families.rummy.model import Step
    from cardrules.families.rummy.tables import RummyTables

__all__ = ["RummyContext"]


class RummyContext(FamilyContext, Protocol):
    """A deal state of the rummy family, as its rules see it (a
    :class:`~cardrules.families.rummy.state.RummyState` is one)."""

    _knocker: int
    _laid_off: int
    _limit: int
    _meld_list: tuple[tuple[int, ...], ...]
    _passed: tuple[int, ...]
    _phase: Step

    @property
    def _tables(self) -> RummyTables: ...

    def can_knock(self) -> bool: ...

    def must_discard(self) -> bool: ...
