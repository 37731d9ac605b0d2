"""Views and observation fields of the fishing procedure."""

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
from cardrules.families.fishing.model import Step
from cardrules.families.fishing.state import VIEWS, FishingState

if TYPE_CHECKING:
    from cardrules.engine.state import GameContext

__all__ = ["FishingView", "observation_fields", "view", "view_entries"]


@mypyc_attr(native_class=False)  # a record class over the interpreted View
class FishingView(View):
    """What a seat may know of a fishing state: the common entries of :class:`View` and
    these."""

    __slots__ = ()

    stock: int
    """The stock's size."""
    table: CardRow
    """The cards on the table to capture from."""
    won: list[list[str]]
    """Per seat, the cards it captured."""
    captured: list[int]
    """Per seat, how many cards it captured."""
    sweeps: list[int]
    """Per seat, its sweeps."""
    last_capture: int | None
    """Who captured last (None: nobody yet)."""
    scores: list[int]
    """Scores per seat."""
    top: str | None
    """With a pile: its top card (None: the pile is empty)."""
    face_down: int
    """With a pile: how many cards lie face down under it."""
    builds: list[dict[str, Any]]
    """With builds: the builds on the table (their cards, value, owner, multiple; the
    multiple build just made whose value its builder names next also has ``naming``, the
    values its cards add up by, its value being the lowest until then)."""
    built: list[list[str]]
    """With builds: per seat, the cards of the builds it owns (for observations)."""
    buried: list[list[str] | int]
    """With a pile: per seat, the face-down cards it took (its own by name, the others'
    by number)."""


def view_entries(game: GameContext) -> tuple[str, ...]:
    """The entries of a fishing view, in order (with a pile, its top card, the cards
    face down and the face-down captures too)."""
    pile = ("top", "face_down", "buried") if game.tables.play.capture.pile else \
        ("builds", "built") if game.tables.play.builds else ()
    return (*HEAD, "hands", "stock", "table", "won", "captured", "sweeps", "last_capture",
            "scores", "events", *pile, "legal_actions")


def view(state: FishingState, player: int) -> dict[str, Any]:
    """What ``player`` may know: their hand (every hand, if hands are public), the
    others' sizes, the stock's size, the table to capture from (with a pile, its top
    card and how many cards lie face down under it), the captured piles (the face-down
    cards a player took: their own, the others' sizes) and the sweeps."""
    game = state.game
    if type(player) is not int or not 0 <= player < game.players:
        checked_player(player, game.players)
    tables = state._tables
    names = tables.names
    out: dict[str, Any] = {
        "variant": game.variant.name,
        "player": player,
        "players": game.players,
        "dealer": state._dealer,
        "phase": state._phase,
        "current_player": state.current_player,
        "hands": names.shown(tables.hand_seen[player], state._hands),
        "stock": len(state._stock),
        "table": names.sorted_names(state._table),
        "won": [names.sorted_names(w) for w in state._won],
        "captured": [count(w) + count(b) for w, b in zip(state._won, state._buried)],
        "sweeps": list(state._sweeps),
        "last_capture": state._last if state._last >= 0 else None,
        "scores": list(state._scores),
        "events": records_json(state._events, game.pack, player),
    }
    if tables.pile:
        out["top"] = tables.pack.name(state._top) if state._top >= 0 else None
        out["face_down"] = count(state._down)
        out["buried"] = names.shown(tables.own_seen[player], state._buried)
    if tables.play.builds:
        out["builds"] = [{"cards": names.sorted_names(b.cards), "value": b.value,
                          "owner": b.owner, "multiple": b.multiple} for b in state._builds]
        owned = [0] * game.players
        for b in state._builds:
            owned[b.owner] |= b.cards
        out["built"] = [names.sorted_names(m) for m in owned]
        if state._announcing:  # the build just made, whose value its builder names next
            out["builds"][-1]["naming"] = list(state._announcing)
    if state.current_player == player:
        out["legal_actions"] = [state.describe(a) for a in state.legal_actions()]
    return out


def observation_fields(game: GameContext) -> tuple[Field, ...]:
    """The fields of a view that a learning agent's observation encodes, in order (with
    builds, the cards of the builds each seat owns; a single build's value is the sum of
    its cards, a multiple build's is not encoded)."""
    return (Seat(key="current_player"), Seat(key="dealer"),
            OneOf(key="phase", values=tuple(s.value for s in Step)),
            CardsBySeat(key="hands"), Cards(key="table"), CardsBySeat(key="won"),
            NumbersBySeat(key="sweeps"), Seat(key="last_capture"),
            NumbersBySeat(key="scores"), *_pile_fields(game),
            *((CardsBySeat(key="built"),) if game.tables.play.builds else ()))


def _pile_fields(game: GameContext) -> tuple[Field, ...]:
    """With a pile: its top card, the cards face down under it, and the face-down
    cards each player took (their own by name, the others' by number)."""
    if not game.tables.play.capture.pile:
        return ()
    return (Card(key="top"), Number(key="face_down"), CardsBySeat(key="buried"))


VIEWS.append(view)
