"""What the bouts family's rules and views need of its state, as a protocol.

The protocol lists the fields and methods of the family's state class
(:class:`~cardrules.families.bouts.state.BoutsState`) that ``rules``, ``view`` read or
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
    from cardrules.families.bouts.model import BoutStep
    from cardrules.families.bouts.tables import BoutsTables

__all__ = ["BoutsContext"]


class BoutsContext(Protocol):
    """A deal state of the bouts family, as its rules and views see it (a
    :class:`~cardrules.families.bouts.state.BoutsState` is one)."""

    _attacker: int
    _attacks: tuple[int, ...]
    _covers: tuple[int, ...]
    _current: int
    _dealer: int
    _defender: int
    _discard: int
    _events: tuple[Event, ...]
    _hands: tuple[int, ...]
    _loser: int
    _out: tuple[int, ...]
    _phase: BoutStep
    _scores: tuple[int, ...]
    _seen: tuple[int, ...]
    _stock: tuple[int, ...]
    _trump: int
    _trump_card: int

    @property
    def _tables(self) -> BoutsTables: ...

    @property
    def current_player(self) -> int: ...

    def describe(self, action: Action) -> str: ...

    @property
    def game(self) -> GameContext: ...

    def legal_actions(self) -> tuple[Action, ...]: ...

    def limit(self) -> int | None: ...

    def next_holder(self, player: int) -> int: ...

    def table_ranks(self) -> int: ...
