"""What the fishing family's rules and views need of its state, as a protocol.

The protocol lists the fields and methods of the family's state class
(:class:`~cardrules.families.fishing.state.FishingState`) that ``rules``, ``view`` read
or write, beyond what every family's state offers
(:class:`~cardrules.engine.state.FamilyContext`, which says why the family's modules
annotate with it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from cardrules.engine.state import FamilyContext

if TYPE_CHECKING:
    from cardrules.engine.events import Event
    from cardrules.families.fishing.model import Build, Step
    from cardrules.families.fishing.tables import FishingTables

__all__ = ["FishingContext"]


class FishingContext(FamilyContext, Protocol):
    """A deal state of the fishing family, as its rules and views see it (a
    :class:`~cardrules.families.fishing.state.FishingState` is one)."""

    _announcing: tuple[int, ...]
    _buried: tuple[int, ...]
    _builds: tuple[Build, ...]
    _down: int
    _events: tuple[Event, ...]
    _last: int
    _phase: Step
    _stage: int
    _sweep_points: tuple[int, ...]
    _sweeps: tuple[int, ...]
    _table: int
    _top: int
    _won: tuple[int, ...]

    @property
    def _tables(self) -> FishingTables: ...
