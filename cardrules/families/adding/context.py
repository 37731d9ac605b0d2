"""What the adding family's rules and play-out policy need of its state, as a protocol.

The protocol lists the fields and methods of the family's state class
(:class:`~cardrules.families.adding.state.AddingState`) that ``rules`` and ``policy``
read, beyond what every family's state offers
(:class:`~cardrules.engine.state.FamilyContext`).  They annotate with it instead of
importing the state class, which imports the rules to run: so the family's modules
import one way only, type-only imports included (``tests/test_import_cycles.py``).  The
view reads the state class itself (a compiled view reads its fields directly), and the
state module does not import the view: the view puts its function in the state module's
``VIEWS``.  A protocol costs nothing at run time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from cardrules.engine.state import FamilyContext

if TYPE_CHECKING:
    from cardrules.families.adding.model import Step
    from cardrules.families.adding.tables import AddingTables

__all__ = ["AddingContext"]


class AddingContext(FamilyContext, Protocol):
    """A state of the adding family, as its rules and play-out policy see it (an
    :class:`~cardrules.families.adding.state.AddingState` is one)."""

    _phase: Step
    _sequence: tuple[int, ...]
    _total: int

    @property
    def _tables(self) -> AddingTables: ...
