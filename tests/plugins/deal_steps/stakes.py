"""Raising the stakes: a phase listed ``between_deals`` (see the package's docstring)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Protocol

import attrs

from cardrules.actions import Action, Kind
from cardrules.engine.action_space import Family, Listed
from cardrules.engine.context import GameRules
from cardrules.engine.events import Event
from cardrules.engine.fields import Count, Seat, field
from cardrules.engine.observation import Field, Number
from cardrules.engine.observation import Seat as SeatField
from cardrules.model.variant import Variant
from cardrules.phases import LastDeal, Phase, Table, When

DOUBLE = Action(kind=Kind.VERB, name="double", label="double")
STAY = Action(kind=Kind.VERB, name="stay", label="stay")


@attrs.define(slots=False)
class StakesFields:
    """The phase's state fields, seen by everyone."""

    _behind: int = field(Seat())
    """Who lost the match's last deal (-1: no deal was played before this one)."""
    _stake: int = field(Count())
    """What this deal's scores are multiplied by (0: not said yet, so 1)."""


class StakesTable(Table, Protocol):
    """The table the phase works at: the engine's, with the phase's own fields."""

    _behind: int
    _stake: int


class RaiseStakes(Phase[StakesTable]):
    """Between deals the last deal's loser may double the next one."""

    name = "raise_stakes"
    when = When.BETWEEN_DEALS
    verbs: ClassVar[Mapping[str, bool]] = {"double": False, "stay": False}
    fields = StakesFields
    candidates_all_legal = True

    def describe(self, settings: Any) -> str:
        return ("Between deals the player who lost the last one says 'double' (the next "
                "deal scores double) or 'stay'.")

    def from_last_deal(self, state: StakesTable, settings: Any, last: LastDeal) -> None:
        state._behind = last.loser

    def enter(self, state: StakesTable, settings: Any) -> None:
        state.turn_to(state._behind)

    def inconsistency(self, state: StakesTable, settings: Any) -> str | None:
        if state.to_act != state._behind or state._stake:
            return "only the last deal's loser raises the stakes, once"
        return None

    def candidates(self, state: StakesTable, settings: Any) -> tuple[Action, ...]:
        return (DOUBLE, STAY)

    def refusal(self, state: StakesTable, settings: Any, action: Action) -> str | None:
        if action not in (DOUBLE, STAY):
            return "between deals the last deal's loser first says 'double' or 'stay'"
        return None

    def apply(self, state: StakesTable, settings: Any, action: Action) -> bool:
        state._stake = 2 if action == DOUBLE else 1
        state.record(Event(kind=action.name, player=state.to_act))
        return True

    def score(self, state: StakesTable, settings: Any,
              scores: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(s * max(state._stake, 1) for s in scores)

    def view(self, state: StakesTable, settings: Any, player: int) -> dict[str, Any]:
        return {"behind": state._behind, "stake": max(state._stake, 1)}

    def view_entries(self, game: GameRules, settings: Any) -> tuple[str, ...]:
        return ("behind", "stake")

    def families(self, game: GameRules, settings: Any) -> tuple[Family, ...]:
        return (Listed(actions=(DOUBLE, STAY)),)

    def observation_fields(self, game: GameRules, settings: Any) -> tuple[Field, ...]:
        return (SeatField(key="behind"), Number(key="stake"))

    def action_bound(self, settings: Any, variant: Variant) -> int:
        return 2


RAISE_STAKES = RaiseStakes()
"""The phase, to register."""
