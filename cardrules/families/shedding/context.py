"""What the shedding family's rules and views need of its state, as a protocol.

The protocol lists the fields and methods of the family's state class
(:class:`~cardrules.families.shedding.state.SheddingState`) that ``rules``, ``view``
and ``effects`` read or write.  They annotate with it instead of importing the state
class, which imports them to run: so the family's modules import one way only, type-only
imports included (``tests/test_import_cycles.py``), and mypy checks that the state is
one wherever it passes itself.  A protocol costs nothing at run time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, TypeVar

if TYPE_CHECKING:
    from cardrules.actions import Action
    from cardrules.engine.events import Event
    from cardrules.engine.state import GameContext
    from cardrules.families.shedding.model import SheddingStep
    from cardrules.families.shedding.tables import SheddingTables

__all__ = ["SheddingContext"]

C = TypeVar("C")


class SheddingContext(Protocol):
    """A deal state of the shedding family, as its rules and views see it (a
    :class:`~cardrules.families.shedding.state.SheddingState` is one)."""

    _announced: bool
    _beats: tuple[tuple[int, ...], ...]
    _classes: tuple[tuple[int, ...], ...]
    _current: int
    _dealer: int
    _drawn: int
    _events: tuple[Event, ...]
    _hands: tuple[int, ...]
    _missing: tuple[int, ...]
    _named_suit: int
    _out: tuple[int, ...]
    _owner: int
    _pending: int
    _phase: SheddingStep
    _pile: tuple[int, ...]
    _reshuffled: int
    _reversed: bool
    _scores: tuple[int, ...]
    _spare: tuple[int, ...]
    _shuffle_seed: int
    _stock: tuple[int, ...]
    _taken: tuple[int, ...]
    _top: int

    def _drawable(self) -> bool: ...

    def _next_holder(self, player: int) -> int: ...

    def _pass_turn_from(self: C, player: int) -> C: ...

    def _refillable(self) -> bool: ...

    @property
    def _tables(self) -> SheddingTables: ...

    def _clone(self: C) -> C: ...

    @property
    def current_player(self) -> int: ...

    def describe(self, action: Action) -> str: ...

    @property
    def game(self) -> GameContext: ...

    def legal_actions(self) -> tuple[Action, ...]: ...
