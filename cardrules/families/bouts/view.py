"""Views and observation fields of the bouts procedure."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardrules.cards import count
from cardrules.engine.arguments import checked_player
from cardrules.engine.events import records_json
from cardrules.engine.native import mypyc_attr
from cardrules.engine.observation import (
    Card,
    Cards,
    CardsBySeat,
    Field,
    Number,
    NumbersBySeat,
    OneOf,
    Seat,
    SeatsIn,
)
from cardrules.engine.views import HEAD, CardRow, View
from cardrules.families.bouts.model import PHASES
from cardrules.families.bouts.state import VIEWS, BoutsState

if TYPE_CHECKING:
    from cardrules.engine.state import GameContext

__all__ = ["BoutsView", "observation_fields", "view", "view_entries"]


@mypyc_attr(native_class=False)  # a record class over the interpreted View
class BoutsView(View):
    """What a seat may know of a bouts state: the common entries of :class:`View` and
    these."""

    __slots__ = ()

    stock: list[str] | int
    """The stock's cards where public, else their number."""
    trump: str | None
    """The trump suit's letter."""
    trump_card: str | None
    """The turned-up trump card."""
    attacker: int
    """Who attacks in this bout."""
    defender: int
    """Who defends."""
    table: list[list[str]]
    """The bout in pairs: an attacking card, then the card that beat it, if any."""
    attacks: CardRow
    """The attacking cards."""
    covers: CardRow
    """The cards that beat them, in order."""
    seen: list[list[str]]
    """Per seat, the cards everyone saw go into its hand."""
    bout_limit: int
    """The most attacking cards this bout may hold (0 once the deal is over)."""
    discard: list[str] | int
    """The discarded cards where public, else their number."""
    out: list[int]
    """The seats out of cards, in order."""
    loser: int
    """The seat left holding cards (-1: none yet)."""
    scores: list[int]
    """Scores per seat."""


def view_entries(game: GameContext) -> tuple[str, ...]:
    """The entries of a bouts view, in order."""
    return (*HEAD, "hands", "stock", "trump", "trump_card", "attacker", "defender", "table",
            "attacks", "covers", "seen", "bout_limit", "discard", "out", "loser", "scores",
            "events", "legal_actions")


def view(state: BoutsState, player: int) -> dict[str, Any]:
    """What ``player`` may know of ``state``: their own hand, the others' sizes and the
    cards everyone saw go into them (``seen``), the table in pairs (an attacking card,
    then the card that beat it, if any)."""
    game = state.game
    tables = state._tables
    players = tables.players
    if type(player) is not int or not 0 <= player < players:
        checked_player(player, players)
    names = tables.names.names
    covers = state._covers
    table = [[names[a], names[covers[i]]] if i < len(covers) else [names[a]]
             for i, a in enumerate(state._attacks)]
    limit = state.limit() if state._phase != "over" else None
    out: dict[str, Any] = {
        "variant": game.variant.name,
        "player": player,
        "players": players,
        "dealer": state._dealer,
        "phase": state._phase,
        "current_player": state.current_player,
        "hands": tables.names.shown(tables.hand_seen[player], state._hands),
        "stock": [names[c] for c in state._stock] if tables.stock_public
        else len(state._stock),
        "trump": tables.pack.suits[state._trump] if state._trump >= 0 else None,
        "trump_card": names[state._trump_card] if state._trump_card >= 0 else None,
        "attacker": state._attacker,
        "defender": state._defender,
        "table": table,
        "attacks": [names[c] for c in state._attacks],
        "covers": [names[c] for c in covers],
        "seen": [tables.names.sorted_names(m) for m in state._seen],
        "bout_limit": limit or 0,
        "discard": tables.names.sorted_names(state._discard) if tables.discard_public
        else count(state._discard),
        "out": list(state._out),
        "loser": state._loser,
        "scores": list(state._scores),
        "events": records_json(state._events, tables.pack, player),
    }
    if state.current_player == player:
        out["legal_actions"] = [state.describe(a) for a in state.legal_actions()]
    return out


def observation_fields(game: GameContext) -> tuple[Field, ...]:
    """The fields of a view that a learning agent's observation encodes, in order."""
    return (Seat(key="current_player"), Seat(key="dealer"), OneOf(key="phase", values=PHASES),
            OneOf(key="trump", values=game.pack.suits), Card(key="trump_card"),
            CardsBySeat(key="hands"), Cards(key="stock"), Seat(key="attacker"),
            Seat(key="defender"), Cards(key="attacks"), Cards(key="covers"),
            CardsBySeat(key="seen"),
            Number(key="bout_limit"), Cards(key="discard"), SeatsIn(key="out"),
            NumbersBySeat(key="scores"))


VIEWS.append(view)
