"""Views and observation fields of the adding procedure."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardrules.cards import count
from cardrules.engine.arguments import checked_player
from cardrules.engine.events import records_json
from cardrules.engine.native import mypyc_attr
from cardrules.engine.observation import (
    Cards,
    CardsBySeat,
    Field,
    Number,
    NumbersBySeat,
    OneOf,
    Seat,
)
from cardrules.engine.views import HEAD, CardRow, View
from cardrules.families.adding.model import Step
from cardrules.families.adding.state import VIEWS, AddingState

if TYPE_CHECKING:
    from cardrules.engine.state import GameContext

__all__ = ["AddingView", "observation_fields", "view", "view_entries"]


@mypyc_attr(native_class=False)  # a record class over the interpreted View
class AddingView(View):
    """What a seat may know of an adding state: the common entries of :class:`View` and
    these."""

    __slots__ = ()

    stock: int
    """The stock's size."""
    crib: list[list[str] | int]
    """Per seat, the cards it laid away to the crib: its own by name, the others' by
    number."""
    crib_stock: int
    """How many cards the stock gave the crib."""
    starter: CardRow
    """The starter card, once cut."""
    played: list[list[str]]
    """Per seat, the cards it has played this hand."""
    sequence: CardRow
    """The cards of this round of play, in the order played."""
    total: int
    """The running total."""
    limit: int
    """The total may not pass it."""
    gone: list[int]
    """Per seat, 1 once it has said go in this round."""
    last_played: int | None
    """Who played the last card of this round (None: nobody yet)."""
    points: list[int]
    """Each player's score in the game."""
    target: int
    """The score that wins."""
    hand_number: int
    """Hands dealt before this one."""
    winner: int | None
    """The seat whose side won (None: nobody yet)."""
    scores: list[int]
    """Final scores (all 0 until the game ends)."""


def view_entries(game: GameContext) -> tuple[str, ...]:
    """The entries of an adding view, in order."""
    return (*HEAD, "hands", "stock", "crib", "crib_stock", "starter", "played", "sequence",
            "total", "limit", "gone", "last_played", "points", "target", "hand_number",
            "winner", "scores", "events", "legal_actions")


def view(state: AddingState, player: int) -> dict[str, Any]:
    """What ``player`` may know: their hand (every hand, if hands are public), the
    others' sizes, their own discards to the crib and the sizes of the others', the
    starter, the cards played, the running total and everyone's points."""
    game = state.game
    if type(player) is not int or not 0 <= player < game.players:
        checked_player(player, game.players)
    tables = state._tables
    names, pack = tables.names, tables.pack
    out: dict[str, Any] = {
        "variant": game.variant.name,
        "player": player,
        "players": game.players,
        "dealer": state._dealer,
        "phase": state._phase,
        "current_player": state.current_player,
        "hands": names.shown(tables.hand_seen[player], state._hands),
        "stock": len(state._stock),
        "crib": names.shown(tables.own_seen[player], state._crib),
        "crib_stock": count(state._crib_stock),
        "starter": names.sorted_names(state._starter),
        "played": [names.sorted_names(p) for p in state._played],
        "sequence": list(pack.names(state._sequence)),
        "total": state._total,
        "limit": tables.play.limit,
        "gone": list(state._gone),
        "last_played": state._last if state._last >= 0 else None,
        "points": list(state._points),
        "target": tables.play.target,
        "hand_number": state._hand_number,
        "winner": state._winner if state._winner >= 0 else None,
        "scores": list(state._scores),
        "events": records_json(state._events, pack, player),
    }
    if state.current_player == player:
        out["legal_actions"] = [state.describe(a) for a in state.legal_actions()]
    return out


def observation_fields(game: GameContext) -> tuple[Field, ...]:
    """The fields of a view that a learning agent's observation encodes, in order."""
    return (Seat(key="current_player"), Seat(key="dealer"),
            OneOf(key="phase", values=tuple(s.value for s in Step)),
            CardsBySeat(key="hands"), CardsBySeat(key="crib"), Cards(key="starter"),
            CardsBySeat(key="played"), Cards(key="sequence"), Number(key="total"),
            NumbersBySeat(key="gone"), Seat(key="last_played"),
            NumbersBySeat(key="points"))


VIEWS.append(view)
