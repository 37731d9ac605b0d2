"""Views and observation fields of the rummy procedure."""

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
)
from cardrules.engine.views import HEAD, CardRow, View
from cardrules.families.rummy.model import Step
from cardrules.families.rummy.state import VIEWS, RummyState

if TYPE_CHECKING:
    from cardrules.engine.state import GameContext

__all__ = ["RummyView", "observation_fields", "view", "view_entries"]


@mypyc_attr(native_class=False)  # a record class over the interpreted View
class RummyView(View):
    """What a seat may know of a rummy state: the common entries of :class:`View` and
    these."""

    __slots__ = ()

    stock: int
    """The stock's size."""
    upcard: str | None
    """The discard pile's top card (None: the pile is empty)."""
    discards: CardRow
    """The discard pile, from its bottom card to the upcard."""
    melds: list[list[list[str]]]
    """Per seat, the melds it laid."""
    layoffs: CardRow
    """The cards laid off on the knocker's melds."""
    known: CardRow
    """Cards of the other player's hand the viewer knows: taken from the pile, or shown
    by a knock."""
    unmelded: CardRow
    """The viewer's cards in no meld, in an arrangement of its hand with the least
    deadwood."""
    deadwood: int | None
    """The viewer's least deadwood over the arrangements of its hand (None: it holds a
    card more than a hand and has to discard)."""
    knock_limit: int
    """The most deadwood a player may knock with."""
    knocker: int | None
    """Who knocked (None: nobody yet)."""
    final_deadwood: list[int]
    """Per seat, its deadwood counted at the end of the deal."""
    scores: list[int]
    """Scores per seat."""


def view_entries(game: GameContext) -> tuple[str, ...]:
    """The entries of a rummy view, in order."""
    return (*HEAD, "hands", "stock", "upcard", "discards", "melds", "layoffs", "known",
            "unmelded", "deadwood", "knock_limit", "knocker", "final_deadwood", "scores", "events",
            "legal_actions")


def view(state: RummyState, player: int) -> dict[str, Any]:
    """What ``player`` may know: their hand (every hand, if hands are public), the
    other's size, the stock's size, the discard pile, the melds laid and cards laid off,
    the cards it saw the other take from the pile, and its own deadwood."""
    game = state.game
    if type(player) is not int or not 0 <= player < game.players:
        checked_player(player, game.players)
    tables = state._tables
    names, pack = tables.names, tables.pack
    card_names = pack.card_names
    hand = state._hands[player]
    size = tables.hand_sizes[0]
    known = state._known[player]
    out: dict[str, Any] = {
        "variant": game.variant.name,
        "player": player,
        "players": game.players,
        "dealer": state._dealer,
        "phase": state._phase,
        "current_player": state.current_player,
        "hands": names.shown(_seen(tables.hand_seen[player], state._knocker),
                             state._hands),
        "stock": len(state._stock),
        "upcard": pack.name(state._pile[-1]) if state._pile else None,
        "discards": [card_names[c] for c in state._pile],  # compiled: one native loop
        "melds": [[list(pack.names(tables.pack.cards_of(m))) for m in ms]
                  for ms in state._meld_list],
        "layoffs": names.sorted_names(state._laid_off),
        "known": names.sorted_names(known),
        "unmelded": names.sorted_names(hand & ~_melded(tables.finder.arrangement(hand)[1])),
        "deadwood": tables.finder.deadwood(hand) if count(hand) <= size else None,
        "knock_limit": state._limit,
        "knocker": state._knocker if state._knocker >= 0 else None,
        "final_deadwood": list(state._deadwood),
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
            CardsBySeat(key="hands"), Number(key="stock"), Card(key="upcard"),
            Cards(key="discards"), Cards(key="layoffs"), Cards(key="known"),
            Number(key="knock_limit"), Seat(key="knocker"), NumbersBySeat(key="scores"))


def _melded(melds: tuple[int, ...]) -> int:
    out = 0
    for meld in melds:
        out |= meld
    return out


def _seen(seen: tuple[bool, ...], knocker: int) -> tuple[bool, ...]:
    """Whose hands a viewer sees: those it may, and the knocker's, shown by its knock."""
    if knocker < 0 or seen[knocker]:
        return seen
    return tuple(s or q == knocker for q, s in enumerate(seen))


VIEWS.append(view)
