"""What the fishing family's rules need of its state, as a protocol.

The protocol lists the fields of the family's state class
(:class:`~cardrules.families.fishing.state.FishingState`) that ``rules`` and ``builds``
read, beyond what every family's state offers
(:class:`~cardrules.engine.state.FamilyContext`).  They annotate with it instead of
importing the state class, which imports them to run: so the family's modules import one
way only, type-only imports included (``tests/test_import_cycles.py``).  The view reads
the state class itself (a compiled view reads its fields directly), and the state module
does not import the view: the view puts its function in the state module's ``VIEWS``.  A
protocol costs nothing at run time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from cardrules.engine.state import FamilyContext

if TYPE_CHECKING:
    from cardrules.families.fishing.model import Build, Step
    from cardrules.families.fishing.tables import FishingTables

__all__ = ["FishingContext"]


class FishingContext(FamilyContext, Protocol):
    """A deal state of the fishing family, as its rules see it (a
    :class:`~cardrules.families.fishing.state.FishingState` is one)."""

    _announcing: tuple[int, ...]
    _builds: tuple[Build, ...]
    _phase: Step
    _table: int

    @property
    def _tables(self) -> FishingTables: ...
