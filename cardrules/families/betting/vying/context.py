"""What the vying procedure's rules need of its state, as a protocol (see
:mod:`cardrules.families.betting.context`, whose pattern it follows: the family's modules
import one way only; the view reads the state class itself, which finds the view function
in its ``VIEWS``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from cardrules.engine.state import FamilyContext

if TYPE_CHECKING:
    from cardrules.families.betting.model import Step
    from cardrules.families.betting.vying.tables import VyingTables

__all__ = ["VyingContext"]


class VyingContext(FamilyContext, Protocol):
    """A state of the vying family, as its rules see it (a
    :class:`~cardrules.families.betting.vying.state.VyingState` is one)."""

    _blind: tuple[int, ...]
    _chips: tuple[int, ...]
    _choosing: int
    _kept: tuple[int, ...]
    _phase: Step
    _stake: int

    @property
    def _tables(self) -> VyingTables: ...

    def least_stake(self, seat: int) -> int: ...

    def may_see(self, seat: int) -> str | None: ...
