"""The boasting window: a phase listed ``between_tricks`` (see the package's docstring)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, Protocol

import attrs

from cardrules.actions import Action, Kind
from cardrules.engine.action_space import Family, Listed
from cardrules.engine.context import GameRules
from cardrules.engine.events import Event
from cardrules.engine.fields import Numbers, Seats, field
from cardrules.engine.observation import Field, NumbersBySeat
from cardrules.engine.turns import ORDER_SCHEMA, Start, TurnOrder, read_order
from cardrules.model.variant import Variant
from cardrules.phases import Phase, Table, When

FROM_THE_WINNER = TurnOrder(start=Start.WINNER)
"""The window's turn order by default: from the trick's winner, clockwise."""
BOAST = Action(kind=Kind.VERB, name="boast", label="boast")
HUSH = Action(kind=Kind.VERB, name="hush", label="hush")


@attrs.frozen
class WindowSettings:
    """The phase's section of a rule file."""

    points: int = 1
    """What a boast scores when the deal ends."""
    limit: int = 2
    """Boasts a player may make in a deal."""
    order: TurnOrder = FROM_THE_WINNER
    """Who is asked first, and which way the asking goes."""
    at: When = When.BETWEEN_TRICKS
    """Where the window opens: between tricks, or between bouts (``at: between_bouts``),
    turns (a shedding game's) or rounds of dealing (a fishing game's)."""


@attrs.define(slots=False)
class WindowFields:
    """The phase's state fields, seen by everyone."""

    _boasts: tuple[int, ...] = field(Numbers(minimum=0))
    """Boasts each player has made in this deal."""
    _boast_queue: tuple[int, ...] = field(Seats(), label="boast queue")
    """Players still to be asked in this window, in turn."""


class WindowTable(Table, Protocol):
    """The table the window works at: the engine's, with the phase's own fields."""

    _boasts: tuple[int, ...]
    _boast_queue: tuple[int, ...]


class BoastWindow(Phase[WindowTable]):
    """Between tricks each player in turn may boast, for points at the end of the deal."""

    name = "boast_window"
    when = When.BETWEEN_TRICKS
    verbs: ClassVar[Mapping[str, bool]] = {"boast": False, "hush": False}
    fields = WindowFields
    candidates_all_legal = True
    schema: ClassVar[Mapping[str, Any]] = {
        "type": "object", "additionalProperties": False,
        "properties": {
            "points": {"type": "integer", "minimum": -10, "maximum": 10},
            "limit": {"type": "integer", "minimum": 1, "maximum": 5},
            "order": ORDER_SCHEMA,
            "at": {"enum": [When.BETWEEN_TRICKS.value, When.BETWEEN_BOUTS.value,
                            When.BETWEEN_TURNS.value, When.BETWEEN_ROUNDS.value]}}}

    def settings(self, section: Mapping[str, Any]) -> WindowSettings:
        return WindowSettings(points=int(section.get("points", 1)),
                              limit=int(section.get("limit", 2)),
                              order=read_order(section.get("order"), FROM_THE_WINNER),
                              at=When(section.get("at", When.BETWEEN_TRICKS.value)))

    def timing(self, settings: WindowSettings) -> When:
        return settings.at

    def check(self, settings: WindowSettings, variant: Variant) -> Iterator[str]:
        if variant.deal.hand < 2:
            yield f"a window {settings.at.words} needs hands of two cards or more"

    def describe(self, settings: WindowSettings) -> str:
        return (f"After each {settings.at.words.split()[-1][:-1]} but the last each player "
                f"in turn "
                f"({settings.order.describe()}) may boast, at most {settings.limit} "
                f"time(s) a deal; a boast scores {settings.points} when the deal ends.")

    def _askable(self, state: WindowTable, settings: WindowSettings) -> tuple[int, ...]:
        return tuple(p for p in settings.order.seats(state.seating())
                     if state._boasts[p] < settings.limit)

    def skip(self, state: WindowTable, settings: WindowSettings) -> bool:
        """Nobody has a boast left."""
        return not self._askable(state, settings)

    def enter(self, state: WindowTable, settings: WindowSettings) -> None:
        asked = self._askable(state, settings)
        state.turn_to(asked[0])
        state._boast_queue = asked[1:]

    def inconsistency(self, state: WindowTable, settings: WindowSettings) -> str | None:
        if state._boasts[state.to_act] >= settings.limit:
            return f"player {state.to_act} has no boast left but is asked"
        return None

    def candidates(self, state: WindowTable, settings: WindowSettings) -> list[Action]:
        return [BOAST, HUSH]

    def refusal(self, state: WindowTable, settings: WindowSettings, action: Action) -> str | None:
        if action not in (BOAST, HUSH):
            return "between tricks each player in turn first says 'boast' or 'hush'"
        return None

    def apply(self, state: WindowTable, settings: WindowSettings, action: Action) -> bool:
        p = state.to_act
        if action == BOAST:
            boasts = state._boasts
            state._boasts = boasts[:p] + (boasts[p] + 1,) + boasts[p + 1:]
        state.record(Event(kind=action.name, player=p))
        if not state._boast_queue:
            return True
        state.turn_to(state._boast_queue[0])
        state._boast_queue = state._boast_queue[1:]
        return False

    def score(self, state: WindowTable, settings: WindowSettings,
              scores: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(s + settings.points * b for s, b in zip(scores, state._boasts))

    def view(self, state: WindowTable, settings: WindowSettings, player: int) -> dict[str, Any]:
        return {"boasts": list(state._boasts), "boast_queue": list(state._boast_queue)}

    def families(self, game: GameRules, settings: WindowSettings) -> tuple[Family, ...]:
        return (Listed(actions=(BOAST, HUSH)),)

    def observation_fields(self, game: GameRules, settings: WindowSettings) -> tuple[Field, ...]:
        return (NumbersBySeat(key="boasts"),)

    def action_bound(self, settings: WindowSettings, variant: Variant) -> int:
        return 2


BOAST_WINDOW = BoastWindow()
"""The phase, to register."""
