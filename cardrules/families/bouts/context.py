"""What the bouts family's rules and views need of its state, as a protocol.

The protocol lists the fields and methods of the family's state class
(:class:`~cardrules.families.bouts.state.BoutsState`) that ``rules``, ``view`` read or
write, beyond what every family's state offers
(:class:`~cardrules.engine.state.FamilyContext`, which says why the family's modules
annotate with it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from cardrules.engine.state import FamilyContext

if TYPE_CHECKING:
    from cardrules.engine.events import RawEvent
    from cardrules.families.bouts.model import BoutStep
    from cardrules.families.bouts.tables import BoutsTables

__all__ = ["BoutsContext"]


class BoutsContext(FamilyContext, Protocol):
    """A deal state of the bouts family, as its rules and views see it (a
    :class:`~cardrules.families.bouts.state.BoutsState` is one)."""

    _attacker: int
    _attacks: tuple[int, ...]
    _covers: tuple[int, ...]
    _defender: int
    _discard: int
    _events: tuple[RawEvent, ...]
    _loser: int
    _out: tuple[int, ...]
    _phase: BoutStep
    _seen: tuple[int, ...]
    _trump: int
    _trump_card: int

    @property
    def _tables(self) -> BoutsTables: ...

    def limit(self) -> int | None: ...

    def next_holder(self, player: int) -> int: ...

    def table_ranks(self) -> int: ...
