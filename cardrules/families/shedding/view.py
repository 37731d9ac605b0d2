"""Views and JSON for shedding states."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attr

from cardrules.cards import Pack
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
    SuitClassesBySeat,
)
from cardrules.engine.views import HEAD, CardNames, View, seen_by, visibility
from cardrules.families.shedding.model import DEAL, FOLLOW, NAME, OVER, TURN
from cardrules.families.shedding.state import VIEWS, SheddingState
from cardrules.model.common import Visibility

if TYPE_CHECKING:
    from cardrules.engine.state import GameContext

__all__ = ["SheddingView", "observation_fields", "view", "view_entries"]


@mypyc_attr(native_class=False)  # a record class over the interpreted View
class SheddingView(View):
    """What a seat may know of a shedding state: the common entries of :class:`View` and
    these (``named_suit``, ``pending_draw``, ``direction``, ``announced`` and
    ``reshuffles`` only in games whose rules have them)."""

    __slots__ = ()

    stock: list[str] | int
    """The stock's cards where public, else their number."""
    pile_name: str
    """What the rules call the pile."""
    pile: list[str] | int
    """The pile's cards where public, else their number."""
    top: str | None
    """The card to beat or follow, if any."""
    top_owner: int
    """Who laid the top card (-1: nobody)."""
    trumps: dict[str, Any]
    """The trump ``mode`` and, per seat, its suits' ``classes``."""
    out: list[int]
    """The seats out of cards, in the order they went out."""
    scores: list[int]
    """Scores per seat."""
    taken: list[list[str] | int]
    """Per seat, the cards it took where this seat may see them, else their number."""
    named_suit: str | None
    """The suit a wild card named, if any."""
    pending_draw: int
    """Cards the next seat must draw unless it passes them on."""
    direction: str
    """``clockwise`` or ``counterclockwise``."""
    announced: int
    """The seat that announced its last card (-1: none)."""
    reshuffles: int
    """How many times the pile became the stock."""


def view_entries(game: GameContext) -> tuple[str, ...]:
    """The entries of a shedding view in ``game``, in order."""
    tables = game.tables
    return (*HEAD, "hands", "stock", "pile_name", "pile", "top", "top_owner", "trumps", "out",
            "scores", "taken", "events",
            *(("named_suit",) if tables.name_actions else ()),
            *(("pending_draw",) if tables.forced else ()),
            *(("direction",) if tables.reverses else ()),
            *(("announced",) if tables.announce is not None else ()),
            *(("reshuffles",) if tables.reshuffles else ()),
            "legal_actions")


@attr.s(auto_attribs=True, kw_only=True, frozen=True, slots=True)
class _ViewInfo:
    """What every view of one game needs, computed once (the game's rules read once, not
    attribute by attribute in every view).  ``attr.s``: a compiled build makes it a native
    class, whose fields a compiled view reads directly."""

    variant: str
    players: int
    pack: Pack
    suits: tuple[str, ...]
    cards: CardNames
    names: tuple[str, ...]
    hand_seen: tuple[tuple[bool, ...], ...]
    """Per viewer, per owner: may the viewer see that hand?"""
    stock_public: bool
    """Everyone sees the stock's cards (else its size)."""
    pile_public: bool
    """Everyone sees the pile's cards (else its size)."""
    pile_name: str
    taken_seen: tuple[tuple[bool, ...], ...]
    """Per viewer, per owner: may the viewer see the cards that player took?"""
    trumps: dict[tuple[tuple[int, ...], ...], dict[str, Any]]
    names_suits: bool
    """A wild card names a suit."""
    forced: bool
    """Draws may be forced and passed on."""
    reverses: bool
    """Play may change direction."""
    counterclockwise: bool
    """The game's turn order runs counterclockwise."""
    announces: bool
    """A player announces their last card."""
    reshuffles: bool
    """The pile may become the stock."""


def _info(game: GameContext) -> _ViewInfo:
    tables = game.tables
    info: _ViewInfo | None = getattr(tables, "view_info", None)
    if info is None:
        zones = game.variant.zones
        cards = CardNames.of(game.pack)
        info = _ViewInfo(
            variant=game.variant.name, players=game.players, pack=game.pack,
            suits=game.pack.suits, cards=cards, names=cards.names,
            hand_seen=seen_by(visibility(zones, "hand", Visibility.OWNER), game.players),
            stock_public=visibility(zones, "stock", Visibility.HIDDEN) is Visibility.PUBLIC,
            pile_public=visibility(zones, "pile", Visibility.PUBLIC) is Visibility.PUBLIC,
            pile_name=tables.play.pile,
            taken_seen=seen_by(visibility(zones, "taken", Visibility.PUBLIC), game.players),
            trumps={}, names_suits=bool(tables.name_actions), forced=bool(tables.forced),
            reverses=bool(tables.reverses), counterclockwise=game.turns.step < 0,
            announces=tables.announce is not None, reshuffles=bool(tables.reshuffles))
        tables.view_info = info
    return info


def view(state: SheddingState, player: int) -> dict[str, Any]:
    """What ``player`` may know of ``state``."""
    info = _info(state.game)
    if type(player) is not int or not 0 <= player < info.players:
        checked_player(player, info.players)
    names = info.names
    current = state.current_player
    out: dict[str, Any] = {
        "variant": info.variant,
        "player": player,
        "players": info.players,
        "dealer": state._dealer,
        "phase": state._phase,
        "current_player": current,
        "hands": info.cards.shown(info.hand_seen[player], state._hands),
        "stock": [names[c] for c in state._stock] if info.stock_public
        else len(state._stock),
        "pile_name": info.pile_name,
        "pile": [names[c] for c in state._pile] if info.pile_public else len(state._pile),
        "top": names[state._top] if state._top >= 0 else None,
        "top_owner": state._owner,
        "trumps": _trumps(state, info),
        "out": list(state._out),
        "scores": list(state._scores),
        "taken": info.cards.shown(info.taken_seen[player], state._taken),
        "events": records_json(state._events, info.pack, player),
    }
    if info.names_suits:
        named = state._named_suit
        out["named_suit"] = info.suits[named] if named >= 0 else None
    if info.forced:
        out["pending_draw"] = state._pending
    if info.reverses:
        # which way play goes now: the game's turn order, turned round by a reverse
        out["direction"] = "counterclockwise" if state._reversed != info.counterclockwise \
            else "clockwise"
    if info.announces:
        out["announced"] = state._announced
    if info.reshuffles:
        out["reshuffles"] = state._reshuffled
    if current == player:
        out["legal_actions"] = [state.describe(a) for a in state.legal_actions()]
    return out


def observation_fields(game: GameContext) -> tuple[Field, ...]:
    """The fields of a view that a learning agent's observation encodes, in order (the
    suit-naming step and the named suit only where a wild card names a suit; a pending
    draw, the direction, an announcement and the reshuffles only where the rules have
    them)."""
    tables = game.tables
    names = bool(tables.name_actions)
    steps = (DEAL, TURN, FOLLOW, OVER, *((NAME,) if names else ()))
    fields: tuple[Field, ...] = (
        Seat(key="current_player"), Seat(key="dealer"), OneOf(key="phase", values=steps),
        CardsBySeat(key="hands"), Cards(key="stock"), Cards(key="pile"), Card(key="top"),
        Seat(key="top_owner"), SuitClassesBySeat(key="trumps.classes"),
        SeatsIn(key="out"), NumbersBySeat(key="scores"), CardsBySeat(key="taken"))
    if names:
        fields += (OneOf(key="named_suit", values=game.pack.suits),)
    if tables.forced:
        fields += (Number(key="pending_draw"),)
    if tables.reverses:
        fields += (OneOf(key="direction", values=("clockwise", "counterclockwise")),)
    if tables.announce is not None:
        fields += (Number(key="announced"),)
    if tables.reshuffles:
        fields += (Number(key="reshuffles"),)
    return fields


def _trumps(state: SheddingState, info: _ViewInfo) -> dict[str, Any]:
    found = info.trumps.get(state._classes)
    if found is None:
        trumps = state.game.tables.play.trumps
        suits = state.game.pack.suits
        found = {"mode": trumps.mode.value,
                 "classes": [{s: c for s, c in zip(suits, classes) if c}
                             for classes in state._classes]}
        info.trumps[state._classes] = found
    return {"mode": found["mode"], "classes": [dict(c) for c in found["classes"]]}


VIEWS.append(view)
