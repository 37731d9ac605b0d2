"""Views, JSON, explicit positions and refusal messages for tricks states."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from cardrules.actions import Action, Kind
from cardrules.arguments import checked_player
from cardrules.cards import mask_of
from cardrules.events import Event
from cardrules.model.common import Visibility
from cardrules.model.tricks import ANSWER, DECLARE, LEAD, OVER
from cardrules.observation import (
    Card,
    Cards,
    CardsBySeat,
    Field,
    NumbersBySeat,
    OneOf,
    Seat,
    Trick,
)
from cardrules.views import CardNames, seen_by, visibility

if TYPE_CHECKING:
    from cardrules.game import Game
    from cardrules.procedures.tricks import RawEvent, TricksState

__all__ = ["ViewInfo", "observation_fields", "view", "view_info", "why_illegal"]


@attrs.frozen(kw_only=True)
class ViewInfo:
    """What every view of one game needs, computed once (kept on the game's tables)."""

    variant: str
    """The variant's name."""
    names: tuple[str, ...]
    """Card number -> name."""
    suits: tuple[str, ...]
    """Suit index -> letter."""
    cards: CardNames
    """Fast names of bit sets."""
    hand_seen: tuple[tuple[bool, ...], ...]
    """Per viewer, per owner: may the viewer see that hand?"""
    won_seen: tuple[tuple[bool, ...], ...]
    """Per viewer, per owner: may the viewer see those won cards (and their points)?"""
    up_seen: tuple[tuple[bool, ...], ...]
    """Per viewer, per owner: may the viewer see that player's face-up cards in the trick?"""
    stock_seen: bool
    """Everybody may see the stock."""


def view_info(game: Game) -> ViewInfo:
    """The game's :class:`ViewInfo`, made on first use."""
    tables = game.tables
    info: ViewInfo | None = tables.view_info
    if info is None:
        pack, zones, n = game.pack, game.variant.zones, game.players
        cards = CardNames.of(pack)
        names = cards.names

        def seen(zone: str, default: Visibility) -> tuple[tuple[bool, ...], ...]:
            return seen_by(visibility(zones, zone, default), n)

        info = tables.view_info = ViewInfo(
            variant=game.variant.name, names=names, suits=pack.suits,
            cards=cards,
            hand_seen=seen("hand", Visibility.OWNER), won_seen=seen("won", Visibility.OWNER),
            up_seen=seen("trick", Visibility.PUBLIC),
            stock_seen=visibility(zones, "stock", Visibility.HIDDEN) is Visibility.PUBLIC)
    return info


def observation_fields(game: Game) -> tuple[Field, ...]:
    """The fields of a view that a learning agent's observation encodes, in order."""
    combinations = tuple(p.name for p in game.tables.patterns[0])
    return (Seat(key="current_player"), Seat(key="dealer"),
            OneOf(key="phase", values=(DECLARE, LEAD, ANSWER, OVER)),
            OneOf(key="trump", values=game.pack.suits), Card(key="trump_card"),
            CardsBySeat(key="hands"), Cards(key="stock"), Seat(key="leader"),
            Seat(key="holder"), OneOf(key="combination", values=combinations),
            Trick(key="trick"), NumbersBySeat(key="tricks"), CardsBySeat(key="won"),
            NumbersBySeat(key="points"), NumbersBySeat(key="scores"))


def view(state: TricksState, player: int) -> dict[str, Any]:
    """What ``player`` may know of ``state``: face-down cards only to the one who laid them."""
    game = state._game
    if type(player) is not int or not 0 <= player < game.players:
        checked_player(player, game.players)
    info = view_info(game)
    names, n = info.names, len(state._hands)
    leader, down, won = state._leader, state._down, state._won
    trick = []
    up_seen = info.up_seen[player]
    for i, mask in enumerate(state._plays):
        p = (leader + i) % n
        face_down = bool(mask & down)
        seen = p == player if face_down else up_seen[p]
        trick.append({"player": p, "face_down": face_down,
                      "cards": info.cards.sorted_names(mask) if seen else mask.bit_count()})
    won_seen = info.won_seen[player]
    points_of = state._tables.points_of
    turned, stock, trump = state._trump_card, state._stock, state._trump
    current = state.current_player
    out: dict[str, Any] = {
        "variant": info.variant,
        "player": player,
        "players": n,
        "dealer": state._dealer,
        "phase": state._phase.value,
        "current_player": current,
        "trump": info.suits[trump] if trump >= 0 else None,
        "trump_card": names[turned] if turned >= 0 and stock and stock[0] == turned else None,
        "hands": info.cards.shown(info.hand_seen[player], state._hands),
        "stock": [names[c] for c in stock] if info.stock_seen else len(stock),
        "leader": leader,
        "holder": state._holder,
        "combination": state._combo or None,
        "trick": trick,
        "tricks": list(state._tricks),
        "won": info.cards.shown(won_seen, won),
        "points": [points_of(w) if seen else None for seen, w in zip(won_seen, won)],
        "events": [_event(e, player, names) for e in state._events],
    }
    if current < 0:
        out["scores"] = list(state._scores)
        out["points"] = [points_of(w) for w in won]
    if current == player:
        out["legal_actions"] = [a.label or state.describe(a) for a in state.legal_actions()]
    return out


def _event(event: RawEvent, viewer: int, names: tuple[str, ...]) -> dict[str, Any]:
    """:meth:`Event.to_json` of a raw event, for ``viewer``."""
    kind, p, cards, amount, note, private = event
    out: dict[str, Any] = {"kind": kind}
    if p >= 0:
        out["player"] = p
    if cards:
        out["cards"] = len(cards) if private and viewer != p else [names[c] for c in cards]
    if amount:
        out["amount"] = amount
    if note:
        out["note"] = note
    return out


def why_illegal(state: TricksState, action: Action) -> str | None:
    """Why ``action`` is refused in ``state`` (naming the rule), or None if it is legal."""
    if action in state.legal_actions():
        return None
    game, pack, p, phase = state.game, state.game.pack, state.current_player, state._phase
    ref, kind, cards = game.rule_ref, action.kind, action.cards
    rule = state.tables.play
    if phase is OVER:
        return "the deal is over"
    if kind in (Kind.LEAD, Kind.ANSWER, Kind.THROW, Kind.DECLARE):
        missing = [c for c in cards if not (state._hands[p] >> c) & 1]
        if missing:
            return f"player {p} does not hold {' '.join(pack.names(missing))}"
        if len(set(cards)) != len(cards):
            return "a card is written twice"
    if phase is DECLARE and kind not in (Kind.DECLARE, Kind.PASS):
        return f"player {p} is asked first whether to declare a combination: declare or " \
               f"pass{ref('declare')}"
    if kind is Kind.DECLARE:
        return _why_not_declare(state, action)
    smallest = min(h.bit_count() for h in state._hands)
    if phase is LEAD:
        if kind is not Kind.LEAD:
            return f"player {p} must lead{ref('lead')}"
        if len(cards) > rule.lead.max_cards:
            return f"a lead is at most {rule.lead.max_cards} card(s){ref('lead')}"
        if len(cards) > smallest:
            return f"a lead may not have more cards than the smallest hand ({smallest})" \
                   f"{ref('lead')}"
        return f"a lead of several cards must be of one suit{ref('lead')}"
    assert phase is ANSWER
    size = state._plays[0].bit_count()
    if kind is Kind.THROW and not rule.answer.face_down:
        return f"answers are laid face up in this game{ref('answer')}"
    if kind is Kind.ANSWER and not rule.answer.face_up:
        return f"answers are laid face down in this game{ref('answer')}"
    if kind in (Kind.ANSWER, Kind.THROW):
        return f"answer with exactly {size} card(s), as many as were led{ref('answer')}"
    return f"player {p} must answer the lead with {size} card(s){ref('answer')}"


def _why_not_declare(state: TricksState, action: Action) -> str:
    game = state.game
    ref, names = game.rule_ref, list(state.tables.play.combinations)
    if action.name not in names:
        return f"no combination named {action.name!r}; this game has " \
               f"{', '.join(names) or 'none'}"
    if state._phase is ANSWER:
        return f"a combination is declared before a lead, not during a trick{ref('declare')}"
    held = state.tables.declarations(state._hands[state.current_player], state._trump)
    wanted = mask_of(action.cards)
    if not any(d.mask == wanted and d.action.name == action.name for d in held):
        return f"{' '.join(game.pack.names(action.cards))} is not a {action.name}" \
               f"{ref('declare')}"
    if state._phase is LEAD:
        return f"declarations were asked before this lead and passed{ref('declare')}"
    return f"a combination of {len(action.cards)} cards cannot be led while a hand holds " \
           f"fewer{ref('declare')}"


def _raw(event: Event) -> RawEvent:
    return (event.kind, event.player, event.cards, event.amount, event.note, event.private)
