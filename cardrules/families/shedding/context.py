"""What the shedding family's rules and views need of its state, as a protocol.

The protocol lists the fields and methods of the family's state class
(:class:`~cardrules.families.shedding.state.SheddingState`) that ``rules``, ``view`` and
``effects`` read or write, beyond what every family's state offers
(:class:`~cardrules.engine.state.FamilyContext`, which says why the family's modules
annotate with it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, TypeVar

from cardrules.engine.state import FamilyContext

if TYPE_CHECKING:
    from cardrules.engine.events import RawEvent
    from cardrules.families.shedding.model import SheddingStep
    from cardrules.families.shedding.tables import SheddingTables

__all__ = ["SheddingContext"]

C = TypeVar("C")


class SheddingContext(FamilyContext, Protocol):
    """A deal state of the shedding family, as its rules and views see it (a
    :class:`~cardrules.families.shedding.state.SheddingState` is one)."""

    _announced: bool
    _beats: tuple[tuple[int, ...], ...]
    _classes: tuple[tuple[int, ...], ...]
    _drawn: int
    _events: tuple[RawEvent, ...]
    _fresh: bool
    _missing: tuple[int, ...]
    _named_suit: int
    _out: tuple[int, ...]
    _owner: int
    _pending: int
    _phase: SheddingStep
    _pile: tuple[int, ...]
    _reshuffled: int
    _reversed: bool
    _spare: tuple[int, ...]
    _shuffle_seed: int
    _taken: tuple[int, ...]
    _top: int

    def _drawable(self) -> bool: ...

    def _next_holder(self, player: int) -> int: ...

    def _pass_turn_from(self: C, player: int) -> C: ...

    def _refillable(self) -> bool: ...

    @property
    def _tables(self) -> SheddingTables: ...

    def _clone(self: C) -> C: ...
