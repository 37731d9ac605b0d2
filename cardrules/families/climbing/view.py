"""Views and observation fields of the climbing procedure."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardrules.engine.arguments import checked_player
from cardrules.engine.events import records_json
from cardrules.engine.native import mypyc_attr
from cardrules.engine.observation import (
    Cards,
    CardsBySeat,
    Field,
    NumbersBySeat,
    OneOf,
    Seat,
    SeatsIn,
)
from cardrules.engine.views import HEAD, CardRow, View
from cardrules.families.climbing.model import ClimbingStep
from cardrules.families.climbing.state import VIEWS, ClimbingState

if TYPE_CHECKING:
    from cardrules.engine.state import GameContext

__all__ = ["ClimbingView", "observation_fields", "view", "view_entries"]


@mypyc_attr(native_class=False)  # a record class over the interpreted View
class ClimbingView(View):
    """What a seat may know of a climbing state: the common entries of :class:`View` and
    these."""

    __slots__ = ()

    stock: int
    """Cards not dealt."""
    table: CardRow
    """The combination to beat (empty: the table is clear)."""
    combination: str
    """The name of the combination to beat (empty: the table is clear)."""
    last: int
    """Who played it (-1: the table is clear)."""
    played: CardRow
    """Every card played before it this deal."""
    passed: list[int]
    """Per seat, 1 once it has passed since the last play (since the table cleared, when
    a pass is final)."""
    out: list[int]
    """The players who have run out of cards, first out first."""
    scores: list[int]
    """Each player's points (all 0 until the deal ends)."""


def view_entries(game: GameContext) -> tuple[str, ...]:
    """The entries of a climbing view, in order."""
    return (*HEAD, "hands", "stock", "table", "combination", "last", "played", "passed",
            "out", "scores", "events", "legal_actions")


def view(state: ClimbingState, player: int) -> dict[str, Any]:
    """What ``player`` may know: their own hand (every hand, if hands are public), the
    others' sizes, and every card played."""
    game = state.game
    if type(player) is not int or not 0 <= player < game.players:
        checked_player(player, game.players)
    tables = state._tables
    names = tables.names
    beaten = state.to_beat
    out: dict[str, Any] = {
        "variant": game.variant.name,
        "player": player,
        "players": game.players,
        "dealer": state._dealer,
        "phase": state._phase,
        "current_player": state.current_player,
        "hands": names.shown(tables.hand_seen[player], state._hands),
        "stock": len(state._stock),
        "table": names.sorted_names(state._table) if beaten is None or tables.poker is None
        else list(game.pack.names(beaten.cards)),  # with poker hands, as the play lays them
        "combination": tables.combinations[beaten.combination].name if beaten else "",
        "last": state._last,
        "played": names.sorted_names(state._played),
        "passed": list(state._passed),
        "out": list(state._out),
        "scores": list(state._scores),
        "events": records_json(state._events, game.pack, player),
    }
    if state.current_player == player:
        out["legal_actions"] = [state.describe(a) for a in state.legal_actions()]
    return out


def observation_fields(game: GameContext) -> tuple[Field, ...]:
    """The fields of a view that a learning agent's observation encodes, in order."""
    return (Seat(key="current_player"), Seat(key="dealer"),
            OneOf(key="phase", values=tuple(s.value for s in ClimbingStep)),
            CardsBySeat(key="hands"), Cards(key="table"), Seat(key="last"),
            Cards(key="played"), NumbersBySeat(key="passed"), SeatsIn(key="out"))


VIEWS.append(view)
