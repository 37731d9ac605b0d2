"""What the fishing family's rules and views need of its state, as a protocol.

The protocol lists the fields and methods of the family's state class
(:class:`~cardrules.families.fishing.state.FishingState`) that ``rules``, ``view`` read or
write.  They annotate with it instead of importing the state class, which imports them
to run: so the family's modules import one way only, type-only imports included
(``tests/test_import_cycles.py``), and mypy checks that the state is one wherever it
passes itself.  A protocol costs nothing at run time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from cardrules.actions import Action
    from cardrules.engine.events import Event
    from cardrules.engine.state import GameContext
    from cardrules.families.fishing.model import Build, Step
    from cardrules.families.fishing.tables import FishingTables

__all__ = ["FishingContext"]


class FishingContext(Protocol):
    """A deal state of the fishing family, as its rules and views see it (a
    :class:`~cardrules.families.fishing.state.FishingState` is one)."""

    _buried: tuple[int, ...]
    _builds: tuple[Build, ...]
    _current: int
    _dealer: int
    _down: int
    _events: tuple[Event, ...]
    _hands: tuple[int, ...]
    _last: int
    _phase: Step
    _scores: tuple[int, ...]
    _stage: int
    _stock: tuple[int, ...]
    _sweep_points: tuple[int, ...]
    _sweeps: tuple[int, ...]
    _table: int
    _top: int
    _won: tuple[int, ...]

    @property
    def _tables(self) -> FishingTables: ...

    @property
    def current_player(self) -> int: ...

    def describe(self, action: Action) -> str: ...

    @property
    def game(self) -> GameContext: ...

    def legal_actions(self) -> tuple[Action, ...]: ...
