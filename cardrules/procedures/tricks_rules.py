"""The rules of the tricks procedure, one function each: the one place that knows why a
move is illegal.

Each rule looks at an action in a state and answers None (this rule allows it) or the
reason it forbids it, in words; :func:`refusal` asks them in order and adds the variant's
reference for the rule (``game.rule_ref(key)``, as `` (U5)``).  An action is legal exactly
when no rule refuses it.  :meth:`TricksState.legal_actions` keeps its fast generators in
:class:`~cardrules.procedures.tricks_tables.TricksTables` (the hot path); the property
tests check, over every shipped variant, that they list exactly the actions no rule
refuses, and :meth:`TricksState.why_illegal` asks the rules only about actions the
generators did not list, so a listed action is never called illegal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from cardrules.actions import Action, Kind
from cardrules.cards import mask_of
from cardrules.model.tricks import ANSWER, DECLARE, LEAD, OVER

if TYPE_CHECKING:
    from cardrules.procedures.tricks import TricksState

__all__ = ["RULES", "Rule", "refusal", "refusing_rule"]

_CARD_KINDS = (Kind.LEAD, Kind.ANSWER, Kind.THROW, Kind.DECLARE)


@attrs.frozen(kw_only=True)
class Rule:
    """One rule of the procedure."""

    key: str | None
    """The key of the variant's ``references`` naming this rule (None: a rule of the
    notation or of the engine, with no number in a rule book)."""
    check: Callable[[TricksState, Action], str | None]
    """None when the rule allows the action in the state, else the reason in words."""


def _smallest(state: TricksState) -> int:
    return min(map(int.bit_count, state._hands))


def _names(state: TricksState, cards: tuple[int, ...]) -> str:
    return " ".join(state.game.pack.names(cards))


# -- the rules, in the order they are asked ------------------------------------------------


def _deal_over(state: TricksState, action: Action) -> str | None:
    return "the deal is over" if state._phase is OVER else None


def _known_action(state: TricksState, action: Action) -> str | None:
    kind = action.kind
    if kind is Kind.PASS:
        return None if not action.cards and not action.name else "'pass' is written alone"
    if kind not in _CARD_KINDS:
        return f"'{kind.value}' is not an action of this game"
    if kind is Kind.DECLARE:
        well_formed = bool(action.cards) and bool(action.name)
        return None if well_formed else "'declare' names the combination, then its cards"
    return None if action.cards and not action.name else f"'{kind.value}' names only the " \
        f"cards laid"


def _cards_held(state: TricksState, action: Action) -> str | None:
    """A player lays only cards of their own hand, each once."""
    cards, pack = action.cards, state.game.pack
    if any(not 0 <= c < pack.size for c in cards):
        return f"the action names a card that is not in the pack (cards are numbered 0 to " \
               f"{pack.size - 1})"
    p = state._current
    missing = [c for c in cards if not (state._hands[p] >> c) & 1]
    if missing:
        return f"player {p} does not hold {_names(state, tuple(missing))}"
    if len(set(cards)) != len(cards):
        return "a card is written twice"
    return None


def _declare_window(state: TricksState, action: Action) -> str | None:
    """U11: before a lead, each player asked declares a combination or passes."""
    if state._phase is DECLARE and action.kind not in (Kind.DECLARE, Kind.PASS):
        return f"player {state._current} is asked first whether to declare a combination: " \
               f"declare or pass"
    return None


def _declaration(state: TricksState, action: Action) -> str | None:
    """U11: a combination held is declared before a lead, when asked (or, when nobody
    else could declare, by the leader instead of leading), and only if every hand could
    answer it."""
    if action.kind is not Kind.DECLARE:
        return None
    names = list(state._tables.play.combinations)
    if action.name not in names:
        return f"no combination named {action.name!r}; this game has " \
               f"{', '.join(names) or 'none'}"
    if state._phase is ANSWER:
        return "a combination is declared before a lead, not during a trick"
    wanted = mask_of(action.cards)
    held = state._tables.declarations(state._hands[state._current], state._trump)
    found = next((d for d in held if d.mask == wanted and d.action.name == action.name), None)
    if found is None:
        return f"{_names(state, action.cards)} is not a {action.name}"
    if state._phase is LEAD and not state._offer:
        return "declarations were asked before this lead and passed"
    if found not in state.declarations(state._current):
        return f"a combination of {found.size} cards cannot be led while a hand holds fewer"
    return None


def _lead(state: TricksState, action: Action) -> str | None:
    """U5: the leader leads 1 card or, as the rules allow, several of one suit, never more
    than the smallest hand holds."""
    kind, p = action.kind, state._current
    if state._phase is not LEAD:
        return None
    if kind is Kind.DECLARE:
        return None
    if kind is not Kind.LEAD:
        return f"player {p} must lead"
    rule, size = state._tables.play.lead, len(action.cards)
    if size > rule.max_cards:
        return f"a lead is at most {rule.max_cards} card(s)"
    smallest = _smallest(state)
    if size > smallest:
        return f"a lead may not have more cards than the smallest hand ({smallest})"
    pack = state.game.pack
    if rule.same_suit and len({pack.suit(c) for c in action.cards}) > 1:
        return "a lead of several cards must be of one suit"
    return None


def _answer(state: TricksState, action: Action) -> str | None:
    """U5: each other player answers with as many cards as were led, face up or face down
    as the rules allow."""
    if state._phase is not ANSWER:
        return None
    size = state._plays[0].bit_count()
    kind, rule = action.kind, state._tables.play.answer
    if kind not in (Kind.ANSWER, Kind.THROW):
        return f"player {state._current} must answer the lead with {size} card(s)"
    if kind is Kind.THROW and not rule.face_down:
        return "answers are laid face up in this game"
    if kind is Kind.ANSWER and not rule.face_up:
        return "answers are laid face down in this game"
    if len(action.cards) != size:
        return f"answer with exactly {size} card(s), as many as were led"
    return None


def _written_order(state: TricksState, action: Action) -> str | None:
    """Cards are written in a player's sort (by suit, then rank from high to low)."""
    sort = state.game.pack.cards_of(mask_of(action.cards))
    if action.cards != sort:
        return f"write the cards in a player's sort: {_names(state, sort)}"
    return None


RULES: tuple[Rule, ...] = (
    Rule(key=None, check=_deal_over),
    Rule(key=None, check=_known_action),
    Rule(key=None, check=_cards_held),
    Rule(key="declare", check=_declare_window),
    Rule(key="declare", check=_declaration),
    Rule(key="lead", check=_lead),
    Rule(key="answer", check=_answer),
    Rule(key=None, check=_written_order),
)
"""Every rule, in the order they are asked (the first refusal is the reason given)."""


def refusing_rule(state: TricksState, action: Action) -> tuple[Rule, str] | None:
    """The first rule that refuses ``action`` in ``state``, with its reason (naming the
    variant's reference for the rule); None when every rule allows it."""
    for rule in RULES:
        reason = rule.check(state, action)
        if reason is not None:
            return rule, (reason + state.game.rule_ref(rule.key) if rule.key else reason)
    return None


def refusal(state: TricksState, action: Action) -> str | None:
    """Why ``action`` is refused in ``state`` (naming the rule), or None if no rule
    refuses it."""
    found = refusing_rule(state, action)
    return None if found is None else found[1]
