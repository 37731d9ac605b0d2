"""Views and JSON for shedding states."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from cardrules.cards import bits, mask_of
from cardrules.errors import StateError
from cardrules.events import Event
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
from cardrules.views import CardNames, seen_by, visibility

if TYPE_CHECKING:
    from cardrules.game import Game
    from cardrules.procedures.shedding import SheddingState

__all__ = ["check_cards", "from_json", "observation_fields", "resample", "setup", "to_json",
           "view"]


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


def _names(game: Game, cards: Any) -> list[str]:
    return list(game.pack.names(cards))


def to_json(state: SheddingState) -> dict[str, Any]:
    """The whole state, JSON-ready."""
    game, pack = state.game, state.game.pack
    return {
        "procedure": "shedding",
        "hands": [_names(game, pack.cards_of(h)) for h in state.hands],
        "stock": _names(game, state.stock),
        "pile": _names(game, state.pile),
        "top": pack.name(state.top) if state.top >= 0 else None,
        "owner": state.owner,
        "cover": state._cover,
        "fresh": state._fresh,
        "current": state._current,
        "phase": state.phase,
        "drawn": state.drawn,
        "own_suits": [pack.suits[s] if s >= 0 else None for s in state.own_suits],
        "out": list(state.out),
        "scores": list(state.scores),
        "taken": [_names(game, pack.cards_of(t)) for t in state.taken],
        "discard": _names(game, pack.cards_of(state._discard)),
        "passes": state._passes,
        "starter": state.starter,
        "dealer": state.dealer,
        "events": [e.record(pack) for e in state.events],
    }


def from_json(game: Game, data: dict[str, Any]) -> SheddingState:
    """Read back :func:`to_json`; a :class:`StateError` if the cards do not add up."""
    from cardrules.procedures.shedding import CHOOSE, FOLLOW, OVER, TURN, SheddingState

    pack, n = game.pack, game.players
    try:
        parse = pack.parse
        hands = tuple(mask_of(parse(c) for c in h) for h in data["hands"])
        taken = tuple(mask_of(parse(c) for c in t) for t in data["taken"])
        fields: dict[str, Any] = dict(
            hands=hands,
            stock=tuple(parse(c) for c in data["stock"]),
            pile=tuple(parse(c) for c in data["pile"]),
            top=parse(data["top"]) if data["top"] is not None else -1,
            owner=int(data["owner"]), cover=bool(data["cover"]), fresh=bool(data["fresh"]),
            current=int(data["current"]), phase=str(data["phase"]),
            drawn=int(data["drawn"]),
            own_suits=tuple(pack.suits.index(s) if s is not None else -1
                            for s in data["own_suits"]),
            out=tuple(int(p) for p in data["out"]),
            scores=tuple(int(s) for s in data["scores"]),
            taken=taken, discard=mask_of(parse(c) for c in data["discard"]),
            passes=int(data["passes"]), starter=int(data["starter"]),
            dealer=int(data["dealer"]),
            events=tuple(Event.from_record(pack, e) for e in data["events"]),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise StateError(f"not a shedding state of this game: {exc}") from exc
    if len(hands) != n or len(taken) != n or len(fields["scores"]) != n:
        raise StateError(f"the state is for {len(hands)} players, the game has {n}")
    if fields["phase"] not in (CHOOSE, TURN, FOLLOW, OVER):
        raise StateError(f"unknown phase {fields['phase']!r}")
    if fields["own_suits"] and len(fields["own_suits"]) != n:
        raise StateError(f"the state has {len(fields['own_suits'])} own trump suits for {n} "
                         "players")
    if not 0 <= fields["current"] < n or not -1 <= fields["owner"] < n:
        raise StateError("current player or owner out of range")
    for zone in ("stock", "pile"):
        if len(set(fields[zone])) != len(fields[zone]):
            raise StateError(f"a card appears twice in the {zone}")
    state = SheddingState._make(game, **fields)
    check_cards(state.zones(), pack.size)
    return state


def check_cards(zones: dict[str, int], size: int) -> None:
    """A :class:`StateError` unless every card of the pack is in exactly one zone."""
    seen = 0
    for name, mask in zones.items():
        if seen & mask:
            dup = (seen & mask).bit_length() - 1
            raise StateError(f"card #{dup} is in two zones (one is {name})")
        seen |= mask
    if seen != (1 << size) - 1:
        raise StateError(f"{size - seen.bit_count()} card(s) of the pack are in no zone")


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
        fresh=fresh, current=current,
        phase=phase, drawn=drawn, own_suits=suits,
        out=tuple(out), scores=tuple(scores) if scores is not None else (0,) * n,
        taken=(0,) * n, discard=pack.full & ~used, passes=0,
        starter=current if starter is None else starter, dealer=dealer, events=())


def resample(state: SheddingState, player: int, rng: random.Random) -> SheddingState:
    """A state ``player`` cannot tell from ``state``: the cards they cannot see are
    re-dealt at random among the places they cannot see (other hands, stock, discard),
    each place keeping its size."""
    from cardrules.procedures.shedding import SheddingState

    game = state.game
    zones = game.variant.zones
    hidden_hands = [q for q in range(game.players) if q != player
                    and visibility(zones, "hand", Visibility.OWNER) is not Visibility.PUBLIC]
    pool = [c for q in hidden_hands for c in bits(state.hands[q])]
    pool += list(state.stock) + list(bits(state._discard))
    shuffled = pool[:]
    rng.shuffle(shuffled)
    mapping = dict(zip(pool, shuffled))
    hands = tuple(mask_of(mapping[c] for c in bits(h)) if q in hidden_hands else h
                  for q, h in enumerate(state.hands))
    events = tuple(
        Event(kind=e.kind, player=e.player, cards=tuple(mapping.get(c, c) for c in e.cards),
              amount=e.amount, note=e.note, private=e.private)
        if e.private and e.player != player else e
        for e in state.events)
    fields = {name: getattr(state, f"_{name}") for name in _FIELD_NAMES}
    fields.update(hands=hands, stock=tuple(mapping[c] for c in state.stock),
                  discard=mask_of(mapping[c] for c in bits(state._discard)), events=events)
    return SheddingState._make(game, **fields)


_FIELD_NAMES = ("hands", "stock", "pile", "top", "owner", "cover", "fresh", "current", "phase",
                "drawn",
                "own_suits", "out", "scores", "taken", "discard", "passes", "starter", "dealer",
                "events")
