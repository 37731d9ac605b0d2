"""What the adding family's rules and views need of its state, as a protocol.

The protocol lists the fields and methods of the family's state class
(:class:`~cardrules.families.adding.state.AddingState`) that ``rules`` and ``view`` read.
They annotate with it instead of importing the state class, which imports them to run:
so the family's modules import one way only, type-only imports included
(``tests/test_import_cycles.py``).  A protocol costs nothing at run time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from cardrules.actions import Action
    from cardrules.engine.events import Event
    from cardrules.engine.state import GameContext
    from cardrules.families.adding.model import Step
    from cardrules.families.adding.tables import AddingTables

__all__ = ["AddingContext"]


class AddingContext(Protocol):
    """A state of the adding family, as its rules and views see it (an
    :class:`~cardrules.families.adding.state.AddingState` is one)."""

    _crib: tuple[int, ...]
    _crib_stock: int
    _current: int
    _dealer: int
    _events: tuple[Event, ...]
    _gone: tuple[int, ...]
    _hand_number: int
    _hands: tuple[int, ...]
    _last: int
    _phase: Step
    _played: tuple[int, ...]
    _points: tuple[int, ...]
    _scores: tuple[int, ...]
    _sequence: tuple[int, ...]
    _stage: int
    _starter: int
    _stock: tuple[int, ...]
    _total: int
    _winner: int

    @property
    def _tables(self) -> AddingTables: ...

    @property
    def current_player(self) -> int: ...

    def describe(self, action: Action) -> str: ...

    @property
    def game(self) -> GameContext: ...

    def legal_actions(self) -> tuple[Action, ...]: ...
