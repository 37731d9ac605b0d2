"""Views and JSON for shedding states."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from cardrules import state_codec
from cardrules.cards import mask_of
from cardrules.errors import StateError
from cardrules.model.common import Visibility
from cardrules.observation import (
    Card,
    Cards,
    CardsBySeat,
    Field,
    NumbersBySeat,
    OneOf,
    Seat,
    SeatsIn,
    SuitClassesBySeat,
)
from cardrules.state_codec import check_cards, read_fields
from cardrules.views import CardNames, seen_by, visibility

if TYPE_CHECKING:
    from cardrules.game import Game
    from cardrules.procedures.shedding import SheddingState

__all__ = ["from_json", "observation_fields", "resample", "setup", "view"]


@attrs.frozen(kw_only=True)
class _ViewInfo:
    """What every view of one game needs, computed once."""

    cards: CardNames
    names: tuple[str, ...]
    hand_seen: tuple[tuple[bool, ...], ...]
    """Per viewer, per owner: may the viewer see that hand?"""
    stock: Visibility
    pile: Visibility
    taken_seen: tuple[tuple[bool, ...], ...]
    """Per viewer, per owner: may the viewer see the cards that player took?"""
    trumps: dict[tuple[tuple[int, ...], ...], dict[str, Any]]


def _info(game: Game) -> _ViewInfo:
    tables = game.tables
    info: _ViewInfo | None = getattr(tables, "view_info", None)
    if info is None:
        zones = game.variant.zones
        cards = CardNames.of(game.pack)
        info = _ViewInfo(
            cards=cards, names=cards.names,
            hand_seen=seen_by(visibility(zones, "hand", Visibility.OWNER), game.players),
            stock=visibility(zones, "stock", Visibility.HIDDEN),
            pile=visibility(zones, "pile", Visibility.PUBLIC),
            taken_seen=seen_by(visibility(zones, "taken", Visibility.PUBLIC), game.players),
            trumps={})
        tables.view_info = info
    return info


def view(state: SheddingState, player: int) -> dict[str, Any]:
    """What ``player`` may know of ``state``."""
    game = state.game
    info = _info(game)
    names = info.names
    out: dict[str, Any] = {
        "variant": game.variant.name,
        "player": player,
        "players": game.players,
        "dealer": state._dealer,
        "phase": state._phase,
        "current_player": state.current_player,
        "hands": info.cards.shown(info.hand_seen[player], state._hands),
        "stock": len(state._stock) if info.stock is not Visibility.PUBLIC
        else [names[c] for c in state._stock],
        "pile_name": game.tables.play.pile,
        "pile": [names[c] for c in state._pile] if info.pile is Visibility.PUBLIC
        else len(state._pile),
        "top": names[state._top] if state._top >= 0 else None,
        "top_owner": state._owner,
        "trumps": _trumps(state, info),
        "out": list(state._out),
        "scores": list(state._scores),
        "taken": info.cards.shown(info.taken_seen[player], state._taken),
        "events": [e.to_json(game.pack, viewer=player) for e in state._events],
    }
    if state.current_player == player:
        out["legal_actions"] = [state.describe(a) for a in state.legal_actions()]
    return out


def observation_fields(game: Game) -> tuple[Field, ...]:
    """The fields of a view that a learning agent's observation encodes, in order."""
    from cardrules.procedures.shedding import CHOOSE, FOLLOW, OVER, TURN

    return (Seat(key="current_player"), Seat(key="dealer"),
            OneOf(key="phase", values=(CHOOSE, TURN, FOLLOW, OVER)),
            CardsBySeat(key="hands"), Cards(key="stock"), Cards(key="pile"), Card(key="top"),
            Seat(key="top_owner"), SuitClassesBySeat(key="trumps.classes"),
            SeatsIn(key="out"), NumbersBySeat(key="scores"), CardsBySeat(key="taken"))


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


def from_json(game: Game, data: dict[str, Any]) -> SheddingState:
    """Read back ``SheddingState.to_json()``; a :class:`StateError` naming what is wrong
    (a field out of range, cards that do not add up)."""
    from cardrules.procedures.shedding import FOLLOW, TURN, SheddingState

    fields = read_fields(SheddingState, game, data)
    n, phase = game.players, fields["phase"]
    if fields["own_suits"] and phase != "choose_trump" and -1 in fields["own_suits"]:
        raise StateError("own trump suits are still being chosen outside the choice")
    if phase in (TURN, FOLLOW) and not fields["hands"][fields["current"]]:
        raise StateError(f"player {fields['current']} is to move with no cards")
    if fields["owner"] >= 0 and fields["top"] < 0:
        raise StateError("the top card has an owner but there is no top card")
    if len(fields["out"]) >= n and phase != "over":
        raise StateError("every player is out but the deal goes on")
    state = SheddingState._make(game, **fields)
    check_cards(state.zones(), game.pack.size)
    return state


def setup(game: Game, *, hands: Sequence[str], pile: str = "", stock: str = "",
          current: int = 0, owner: int = -1, dealer: int | None = None,
          own_suits: str | Sequence[str] = "", scores: Sequence[int] | None = None,
          out: Sequence[int] = (), phase: str = "turn", drawn: int = 0, cover: bool = False,
          fresh: bool = False,
          starter: int | None = None) -> SheddingState:
    """A position given explicitly, for tests and puzzles.

    ``hands`` are card lists per player (``"9H 7S"``); ``pile`` is bottom to top (its last
    card is the top); ``stock`` lists the cards in the order they will be drawn.  Cards
    not mentioned anywhere are out of play (in the discard).
    """
    from cardrules.procedures.shedding import SheddingState

    pack, n = game.pack, game.players
    if len(hands) != n:
        raise StateError(f"give {n} hands, one per player (got {len(hands)})")
    hand_masks = tuple(mask_of(pack.parse_many(h)) for h in hands)
    pile_cards = pack.parse_many(pile)
    stock_cards = tuple(reversed(pack.parse_many(stock)))
    used = 0
    for mask in (*hand_masks, mask_of(pile_cards), mask_of(stock_cards)):
        if used & mask:
            raise StateError("a card is given twice in the position")
        used |= mask
    if len(set(pile_cards)) != len(pile_cards) or len(set(stock_cards)) != len(stock_cards):
        raise StateError("a card is given twice in the position")
    suits = tuple(pack.suits.index(s.upper()) for s in own_suits)
    if suits and len(suits) != n:
        raise StateError(f"give {n} own trump suits, one per player (got {len(suits)})")
    if dealer is None:
        dealer = (current - 1) % n
    return SheddingState._make(
        game, hands=hand_masks, stock=stock_cards, pile=pile_cards,
        top=pile_cards[-1] if pile_cards else -1, owner=owner, cover=cover,
        fresh=fresh, current=current, phase=phase, drawn=drawn, own_suits=suits,
        out=tuple(out), scores=tuple(scores) if scores is not None else (0,) * n,
        discard=pack.full & ~used, starter=current if starter is None else starter,
        dealer=dealer)


def resample(state: SheddingState, player: int, rng: random.Random) -> SheddingState:
    """A state ``player`` cannot tell from ``state``: the cards they cannot see (other
    hands, stock, discard, as the rule file's zones declare) re-dealt at random among
    those places, each keeping its size."""
    return state_codec.resample(state, player, rng)
