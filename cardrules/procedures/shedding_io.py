"""Views and JSON for shedding states."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardrules.cards import mask_of
from cardrules.errors import StateError
from cardrules.events import Event
from cardrules.model.common import Visibility
from cardrules.views import show, visibility

if TYPE_CHECKING:
    from cardrules.game import Game
    from cardrules.procedures.shedding import SheddingState

__all__ = ["from_json", "to_json", "view"]


def view(state: SheddingState, player: int) -> dict[str, Any]:
    """What ``player`` may know of ``state``."""
    game = state.game
    pack, zones = game.pack, game.variant.zones
    hand_vis = visibility(zones, "hand", Visibility.OWNER)
    taken_vis = visibility(zones, "taken", Visibility.PUBLIC)
    out: dict[str, Any] = {
        "variant": game.variant.name,
        "player": player,
        "players": game.players,
        "dealer": state.dealer,
        "phase": state.phase,
        "current_player": state.current_player,
        "hands": [show(hand_vis, owner=p, viewer=player, cards=pack.cards_of(h), pack=pack)
                  for p, h in enumerate(state.hands)],
        "stock": show(visibility(zones, "stock", Visibility.HIDDEN), owner=-1, viewer=player,
                      cards=state.stock, pack=pack),
        "pile_name": game.variant.play.pile,
        "pile": show(visibility(zones, "pile", Visibility.PUBLIC), owner=-1, viewer=player,
                     cards=state.pile, pack=pack),
        "top": pack.name(state.top) if state.top >= 0 else None,
        "top_owner": state.owner,
        "trumps": _trumps(state),
        "out": list(state.out),
        "scores": list(state.scores),
        "taken": [show(taken_vis, owner=p, viewer=player, cards=pack.cards_of(t), pack=pack)
                  for p, t in enumerate(state.taken)],
        "events": [e.to_json(pack, viewer=player) for e in state.events],
    }
    if state.current_player == player:
        out["legal_actions"] = [state.describe(a) for a in state.legal_actions()]
    return out


def _trumps(state: SheddingState) -> dict[str, Any]:
    trumps = state.game.variant.play.trumps
    suits = state.game.pack.suits
    return {
        "mode": trumps.mode.value,
        "classes": [{s: c for s, c in zip(suits, classes) if c} for classes in
                    state._classes],
    }


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
            owner=int(data["owner"]), cover=bool(data["cover"]),
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
