"""The rules of the shedding procedure, one function each: the one place that knows why a
move is illegal.

Each rule looks at an action in a state and answers None (this rule allows it) or the
reason it forbids it, in words; :func:`refusal` asks them in order and adds the variant's
reference for the rule (``game.rule_ref(key)``, as `` (B17)``).  An action is legal exactly
when no rule refuses it.  :meth:`SheddingState.legal_actions` keeps its fast generator (the
hot path); the property tests check, over every shipped variant, that it lists exactly the
actions no rule refuses, and :meth:`SheddingState.why_illegal` asks the rules only about
actions the generator did not list, so a listed action is never called illegal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardrules.actions import Action, Kind
from cardrules.cards import count
from cardrules.engine import flow
from cardrules.engine.refusals import Rule, first_refusal, refusal_of
from cardrules.families.shedding.drawn import drawn_cards
from cardrules.families.shedding.model import (
    ATTACK,
    FOLLOW,
    NAME,
    OVER,
    TURN,
    ForcedDrawAnswer,
)
from cardrules.families.shedding.tables import ANNOUNCE, TAKE

if TYPE_CHECKING:
    from cardrules.families.shedding.context import SheddingContext
    from cardrules.families.shedding.tables import Move

__all__ = ["RULES", "Rule", "refusal", "refusing_rule"]


# -- what the rules look at --------------------------------------------------------------


def beaters(state: SheddingContext) -> int:
    """Bit set of the held cards the player to move may lay alone on the top (B8-B11,
    wild cards; any card when there is no top; only the named suit or a wild card when a
    suit was named; never a card of a wild rank laid on its own rank where it may not be,
    after a draw under ``draw.play_drawn`` only a card drawn, and a ``last_resort`` wild
    card only when no other card may be laid)."""
    mask = _laid_alone(state)
    return mask & ~state._tables.last_resort if mask & ~state._tables.last_resort else mask


def _laid_alone(state: SheddingContext) -> int:
    hand, top, tables = state._hands[state._current], state._top, state._tables
    if tables.not_last and not hand & (hand - 1):  # never out on these (not_last)
        hand &= ~tables.not_last
    if tables.play_drawn and state._drawn:  # only a card drawn this turn (draw.play_drawn)
        hand &= drawn_cards(state, state._current)
    if tables.barred and top >= 0:  # never a wild card of a rank not laid on itself
        hand &= ~tables.barred[top]
    if state._named_suit >= 0:
        return (tables.suit_masks[state._named_suit] | tables.wild) & hand
    if top < 0:
        return hand
    return (state._beats[state._current][top] | tables.wild) & hand


def group_moves(state: SheddingContext) -> list[Move]:
    """Every group move (B13-B14) the player to move may make on the top."""
    tables, p = state._tables, state._current
    hand = state._hands[p]
    if not tables.min_group or count(hand) < tables.min_group:
        return []
    return tables.group_moves(hand, state._top, state._beats[p])


def can_play(state: SheddingContext) -> bool:
    """True if the player to move may lay a card or a group now."""
    return bool(beaters(state)) or bool(group_moves(state))


def can_draw(state: SheddingContext) -> bool:
    """True if the player may still draw this turn (when stuck, B17, or at will)."""
    return state._drawn < state._tables.draw_limit and state._drawable()


def leaves_one(state: SheddingContext) -> bool:
    """True if a play the player to move may make now would leave them one card."""
    left = count(state._hands[state._current]) - 1
    if left < 1:
        return False
    if state._pending:
        answers = state._tables.forced_answers
        return left == 1 and bool(answers and answers[state._top]
                                  & state._hands[state._current])
    if left == 1 and beaters(state):
        return True
    return state._phase is TURN and any(len(m.action.cards) == left
                                        for m in group_moves(state))


def _top(state: SheddingContext) -> str:
    return state.game.pack.name(state._top) if state._top >= 0 else "nothing"


# -- the rules, in the order they are asked ------------------------------------------------


def _deal_over(state: SheddingContext, action: Action) -> str | None:
    return "the deal is over" if state._phase is OVER else None


def _known_action(state: SheddingContext, action: Action) -> str | None:
    kind = action.kind
    if kind is Kind.PLAY:
        return None if action.cards and not action.name else "'play' names only the cards laid"
    if kind is Kind.NAME and not state._tables.name_actions:
        return "'name' is not an action of this game (no wild card names a suit)"
    if kind is Kind.NAME:
        return None if not action.cards else f"'{kind.value}' names a suit, not cards"
    if kind in (Kind.DRAW, Kind.PASS):
        return None if not action.cards and not action.name \
            else f"'{kind.value}' is written alone"
    if kind is Kind.ANNOUNCE and state._tables.announce is not None:
        return None if not action.cards and not action.amount \
            else f"'{ANNOUNCE}' is written alone"
    if kind is Kind.VERB and action.name == TAKE and state._tables.take is not None:
        return None if not action.cards and not action.amount \
            else f"'{TAKE}' is written alone"
    word = action.name if kind is Kind.VERB else kind.value
    return flow.over(state, action) or f"'{word}' is not an action of this game"


def _cards_in_pack(state: SheddingContext, action: Action) -> str | None:
    size = state.game.pack.size
    if any(not 0 <= c < size for c in action.cards):
        return f"the action names a card that is not in the pack (cards are numbered 0 to " \
               f"{size - 1})"
    if len(set(action.cards)) != len(action.cards):
        return "a card is written twice"
    return None


def _name_suit(state: SheddingContext, action: Action) -> str | None:
    """After laying a wild card that names a suit, the same player names one (and does
    nothing else); a suit is named at no other time."""
    if state._phase is not NAME:
        if action.kind is Kind.NAME:
            return "a suit is named only right after laying a wild card that names one"
        return None
    if action.kind is not Kind.NAME:
        return "name the suit to match next first (for example 'name H')"
    suits = state.game.pack.suits
    if action.name not in suits:
        return f"there is no suit {action.name!r} (suits: {' '.join(suits)})"
    return None


def _own_turn(state: SheddingContext, action: Action) -> str | None:
    """B15: only the player to move lays cards, from their own hand."""
    p, held = state._current, state._hands[state._current]
    missing = [c for c in action.cards if not (held >> c) & 1]
    if missing:
        return f"player {p} does not hold {' '.join(state.game.pack.names(missing))}; only " \
               f"the player to move lays cards"
    return None


def _follow_up(state: SheddingContext, action: Action) -> str | None:
    """B12: after an eight, one more card that beats it, or the end of the turn."""
    if state._phase is not FOLLOW:
        return None
    if action.kind is Kind.DRAW:
        return "in a follow-up you may only play a card or end the turn"
    if action.kind is Kind.PLAY:
        if len(action.cards) > 1:
            return "the follow-up is a single card"
        card = action.cards[0]
        if not (beaters(state) >> card) & 1:
            return f"{state.game.pack.name(card)} does not beat {_top(state)}"
    return None


def _attack(state: SheddingContext, action: Action) -> str | None:
    """``attack``: after beating the top card, the player lays one more card of their
    choice on top, and does nothing else first."""
    if state._phase is not ATTACK:
        return None
    if action.kind is not Kind.PLAY:
        return "after beating you lay one more card of your choice on top (any card you " \
               "hold), for the next player to beat"
    if len(action.cards) > 1:
        return "after beating you lay one more card on top, a single one"
    return None


def _take(state: SheddingContext, action: Action) -> str | None:
    """``pick_up``: a player facing the top card may pick the whole pile up instead of
    beating it (at will, or only when they cannot beat it)."""
    tables = state._tables
    if tables.take is None:
        return None
    taking = action.kind is Kind.VERB and action.name == TAKE
    if state._phase is not TURN:
        return "the pile is taken only in place of a turn's move, facing its top card" \
            if taking else None
    if taking:
        if state._top < 0:
            return "the pile is empty, so there is nothing to take: lead any card"
        if not tables.take_at_will and can_play(state):
            return "you can beat the top card, so you must; the pile is taken only by a " \
                   "player who cannot beat it"
        return None
    if action.kind in (Kind.DRAW, Kind.PASS):
        if state._top < 0:
            return "the pile is empty: lead any card"
        return "beat the top card or take the pile ('take'); nobody draws or passes here"
    return None


def _announce(state: SheddingContext, action: Action) -> str | None:
    """``last_card``: the player to move may announce their last card once a turn, when
    a play they may make now would leave them one card."""
    if action.kind is not Kind.ANNOUNCE:
        return None
    if state._phase not in (TURN, FOLLOW):
        return "a last card is announced only during one's turn"
    if state._announced:
        return "you have announced your last card already this turn"
    if not leaves_one(state):
        held = count(state._hands[state._current])
        return f"announce only in a turn where a play you may make leaves you one card " \
               f"(you hold {held})"
    return None


def _not_last(state: SheddingContext, action: Action) -> str | None:
    """``not_last``: nobody goes out on one of these cards; holding only such a card, a
    player may not lay it."""
    tables = state._tables
    if action.kind is not Kind.PLAY or not tables.not_last or state._phase not in (TURN,
                                                                                   FOLLOW):
        return None
    hand = state._hands[state._current]
    if hand & (hand - 1) or not tables.not_last & hand:
        return None
    return f"{state.game.pack.name(action.cards[0])} is your last card, and nobody goes " \
           f"out on {' '.join(tables.play.not_last)}: draw instead"


def _forced_draw(state: SheddingContext, action: Action) -> str | None:
    """``forced_draw``: a player made to draw draws the total, or passes it on with a card
    of the top card's rank where the rules allow; with nothing to draw, they pass."""
    if not state._pending or state._phase is not TURN or action.kind is Kind.ANNOUNCE:
        return None
    pack, count = state.game.pack, state._pending
    answers = state._tables.forced_answers
    if action.kind is Kind.PLAY:
        card = action.cards[0]
        if len(action.cards) == 1 and answers and (answers[state._top] >> card) & 1:
            return None
        rank = pack.ranks[pack.rank(state._top)] if pack.rank(state._top) >= 0 \
            else pack.name(state._top)
        other = f"or lay a {rank} to pass it on" if answers else "(it cannot be passed on)"
        if answers and state._tables.play.forced_draw.answer is ForcedDrawAnswer.ANY_FORCED:
            other = "or lay a card that makes the next player draw to pass it on"
        return f"you must draw {count} card{'s' * (count != 1)} {other}"
    if action.kind is Kind.DRAW and not state._drawable():
        return "there is nothing to draw: pass"
    if action.kind is Kind.PASS and state._drawable():
        return f"you must draw the {count} card{'s' * (count != 1)} you are made to draw"
    return None


def _must_beat(state: SheddingContext, action: Action) -> str | None:
    """B8-B11: a single card laid must beat the top card."""
    if state._phase is not TURN or action.kind is not Kind.PLAY or len(action.cards) != 1 \
            or state._pending:
        return None
    card = action.cards[0]
    if not (beaters(state) >> card) & 1:
        pack, tables = state.game.pack, state._tables
        if tables.play_drawn and state._drawn and not (
                drawn_cards(state, state._current) >> card) & 1:
            return f"after drawing you may play only a card you drew this turn, not " \
                   f"{pack.name(card)}"
        if tables.barred and state._top >= 0 and (tables.barred[state._top] >> card) & 1:
            rank = pack.ranks[pack.rank(card)] if pack.rank(card) >= 0 else pack.name(card)
            return f"{pack.name(card)} may not be laid on {_top(state)}: a {rank} is never " \
                   f"laid on a {rank}"
        if (tables.last_resort >> card) & 1 and (_laid_alone(state) >> card) & 1:
            return f"{pack.name(card)} may be laid only when no other card you hold may be"
        if state._named_suit >= 0:
            return f"{pack.name(card)} is neither of the named suit " \
                   f"{pack.suits[state._named_suit]} nor a wild card"
        return f"{pack.name(card)} does not beat {_top(state)}"
    return None


def _groups(state: SheddingContext, action: Action) -> str | None:
    """B13-B14: several cards are laid only as a group move the rules allow on the top,
    with the chosen card ending on top."""
    cards = action.cards
    if state._phase is not TURN or action.kind is not Kind.PLAY or len(cards) < 2 \
            or state._pending:
        return None
    wanted, last = frozenset(cards), cards[-1]
    same = [m.action for m in group_moves(state) if frozenset(m.action.cards) == wanted]
    if any(a.cards[-1] == last for a in same):
        return None
    pack = state.game.pack
    refused = f"{' '.join(pack.names(cards))} is not a group move allowed on {_top(state)}"
    if same:
        return f"{refused} with {pack.name(last)} on top; write it as " \
               f"'{same[0].text(pack)}' (the last card written ends on top)"
    return refused


def _stuck(state: SheddingContext, action: Action) -> str | None:
    """B17: a player who can beat the top must; one who cannot draws (as often as the
    rules allow), then passes."""
    if state._phase is not TURN or action.kind not in (Kind.DRAW, Kind.PASS) \
            or state._pending:
        return None
    if state._tables.draw_at_will:
        return _at_will(state, action)
    if action.kind is Kind.PASS:
        if can_play(state):
            return "you must beat the top card when you can"
        if can_draw(state):
            return "you cannot beat the top card: draw from the stock first"
        return None
    if can_play(state):
        return "you hold a card that beats the top: play it, do not draw"
    if not state._drawable():
        return "the stock is empty: pass instead"
    if not can_draw(state):
        return "you have drawn already this turn"
    return None


def _at_will(state: SheddingContext, action: Action) -> str | None:
    """Drawing at will: the player may draw up to the turn's limit even when able to play;
    they pass only once they have drawn that many or the stock is empty."""
    limit = state._tables.draw_limit
    if action.kind in (Kind.DRAW, Kind.PASS) and state._fresh and not state._drawn \
            and can_play(state):
        verb = "draw" if action.kind is Kind.DRAW else "pass"
        return f"after laying {_top(state)} you must lay another card when you can; you " \
               f"{verb} only when you cannot"
    if action.kind is Kind.PASS:
        if can_draw(state):
            return f"play or draw: you may pass only after drawing {limit} card" \
                   f"{'s' if limit != 1 else ''} this turn or with an empty stock"
        return None
    if not state._drawable():
        return "the stock is empty: play or pass"
    if not can_draw(state):
        return f"you have drawn {limit} card{'s' if limit != 1 else ''} this turn: play or pass"
    return None


def _written_order(state: SheddingContext, action: Action) -> str | None:
    """A group's cards are written in the order the game lists that move."""
    cards = action.cards
    if state._phase is not TURN or action.kind is not Kind.PLAY or len(cards) < 2:
        return None
    wanted, last = frozenset(cards), cards[-1]
    for move in group_moves(state):
        listed = move.action.cards
        if listed == cards:
            return None
        if listed[-1] == last and frozenset(listed) == wanted:
            return f"write this move as '{move.action}' (the card on top last)"
    return None  # not reached: the groups rule refused the action


RULES: tuple[Rule[SheddingContext], ...] = (
    Rule(key=None, check=_deal_over),
    Rule(key=None, check=_known_action),
    Rule(key=None, check=_cards_in_pack),
    Rule(key="follow_up", check=_name_suit),
    Rule(key="own_turn", check=_own_turn),
    Rule(key="attack", check=_attack),
    Rule(key="take", check=_take),
    Rule(key="last_card", check=_announce),
    Rule(key="follow_up", check=_follow_up),
    Rule(key="not_last", check=_not_last),
    Rule(key="forced_draw", check=_forced_draw),
    Rule(key="beating", check=_must_beat),
    Rule(key="groups", check=_groups),
    Rule(key="must_beat", check=_stuck),
    Rule(key=None, check=_written_order),
)
"""Every rule, in the order they are asked (the first refusal is the reason given)."""


def refusing_rule(state: SheddingContext,
                  action: Action) -> tuple[Rule[SheddingContext], str] | None:
    """The first rule that refuses ``action`` in ``state``, with its reason (naming the
    variant's reference for the rule); None when every rule allows it."""
    return first_refusal(RULES, state, action)


def refusal(state: SheddingContext, action: Action) -> str | None:
    """Why ``action`` is refused in ``state`` (naming the rule), or None if no rule
    refuses it."""
    return refusal_of(RULES, state, action)
