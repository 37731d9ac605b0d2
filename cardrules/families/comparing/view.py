"""Views and observation fields of the comparing procedure."""

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
from cardrules.families.comparing.model import Step
from cardrules.families.comparing.state import VIEWS, ComparingState

if TYPE_CHECKING:
    from cardrules.engine.state import GameContext

__all__ = ["ComparingView", "observation_fields", "view", "view_entries"]


@mypyc_attr(native_class=False)  # a record class over the interpreted View
class ComparingView(View):
    """What a seat may know of a comparing state: the common entries of :class:`View` and
    these."""

    __slots__ = ()

    stock: int
    """The stock's size."""
    hole: int
    """How many of the house's cards lie face down."""
    house: CardRow
    """The house's face-up cards, in the order turned (its hole cards first once shown)."""
    totals: list[int | None]
    """Per seat, the total of their hand where the viewer sees it (None where not)."""
    soft: list[int]
    """Per seat, 1 where that total counts a card high."""
    house_total: int
    """The total of the house's face-up cards."""
    goal: int
    """The total a hand comes as close to as it can without passing it."""
    done: list[int]
    """Per seat, 1 once their turn is over."""
    second: list[list[str] | int]
    """Per seat, their second hand once they split (as ``hands`` shows hands)."""
    second_totals: list[int | None]
    """Per seat, the total of their second hand where the viewer sees it (None where not,
    or with no second hand)."""
    split: list[int]
    """Per seat: 0 no split, 1 split and playing the first hand, 2 the second."""
    doubled: list[int]
    """Per seat, 1 once they doubled."""
    scores: list[int]
    """Each player's payout (all 0 until the deal ends)."""


def view_entries(game: GameContext) -> tuple[str, ...]:
    """The entries of a comparing view, in order."""
    play = game.tables.play
    extra = (*(("second", "second_totals", "split") if play.split else ()),
             *(("doubled",) if play.double else ()))
    return (*HEAD, "hands", "stock", "hole", "house", "totals", "soft", "house_total",
            "goal", "done", "scores", "events", *extra, "legal_actions")


def view(state: ComparingState, player: int) -> dict[str, Any]:
    """What ``player`` may know: the hands they see (every hand, face up by default),
    the house's face-up cards and how many lie face down, and the totals of those (the
    listed phases' entries are the state's to add)."""
    game = state._game
    if type(player) is not int or not 0 <= player < game.players:
        checked_player(player, game.players)
    tables = state._tables
    seen = tables.hand_seen[player]
    totals = [tables.count_set(h) if seen[s] else None
              for s, h in enumerate(state._hands)]
    current = state.current_player
    out: dict[str, Any] = {
        "variant": game.variant.name,
        "player": player,
        "players": game.players,
        "dealer": state._dealer,
        "phase": state._phase,
        "current_player": current,
        "hands": tables.names.shown(seen, state._hands),
        "stock": len(state._stock),
        "hole": count(state._hole),
        "house": list(game.pack.names(state._house)),
        "totals": [t[0] if t is not None else None for t in totals],
        "soft": [int(t is not None and t[1]) for t in totals],
        "house_total": tables.count(state._house)[0],
        "goal": tables.play.goal,
        "done": list(state._done),
        "scores": list(state._scores),
        "events": records_json(state._events, game.pack, player),
    }
    if tables.play.split:
        out["second"] = tables.names.shown(seen, state._second)
        out["second_totals"] = [tables.count_set(h)[0] if seen[s] and h
                                else None for s, h in enumerate(state._second)]
        out["split"] = list(state._split)
    if tables.play.double:
        out["doubled"] = list(state._doubled)
    if current == player:
        out["legal_actions"] = [state.describe(a) for a in state.legal_actions()]
    return out


def observation_fields(game: GameContext) -> tuple[Field, ...]:
    """The fields of a view that a learning agent's observation encodes, in order: with
    the hands and the house's face-up cards, everything a player knows (the cards played
    are all face up)."""
    return (Seat(key="current_player"), OneOf(key="phase", values=tuple(s.value for s in Step)),
            CardsBySeat(key="hands"), Cards(key="house"), Number(key="hole"),
            NumbersBySeat(key="totals"), NumbersBySeat(key="soft"), Number(key="house_total"),
            NumbersBySeat(key="done"),
            *((CardsBySeat(key="second"), NumbersBySeat(key="split"))
              if game.tables.play.split else ()),
            *((NumbersBySeat(key="doubled"),) if game.tables.play.double else ()))


VIEWS.append(view)
