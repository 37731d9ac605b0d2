"""The rules of the comparing procedure, one function each: the one place that knows why a
move is illegal.

Each rule looks at an action in a state and answers None (it allows it) or the reason it
forbids it; :func:`refusal` asks them in order and adds the variant's reference for the
rule (``game.rule_ref(key)``).

>>> import cardrules
>>> game = cardrules.load("blackjack")
>>> state = game.setup(hands=["9S 7H"], house="KD 6C")
>>> print(state.why_illegal(game.parse_action("pass")))
player 0 hits or stands (BJ4)
>>> print(state.apply("stand").why_illegal(game.parse_action("hit")))
the deal is over
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardrules.actions import Action, Kind
from cardrules.cards import bits
from cardrules.engine import flow
from cardrules.engine.refusals import Rule, first_refusal, refusal_of
from cardrules.families.comparing.model import OVER
from cardrules.families.comparing.tables import WORDS

if TYPE_CHECKING:
    from cardrules.families.comparing.context import ComparingContext

__all__ = ["RULES", "refusal", "refusing_rule"]


def _ours(action: Action) -> bool:
    return action.kind is Kind.VERB and action.name in WORDS


def _over(state: ComparingContext, action: Action) -> str | None:
    return "the deal is over" if state._phase is OVER else None


def _phase_over(state: ComparingContext, action: Action) -> str | None:
    """An action of a listed phase, once play has begun: that phase is over."""
    return None if _ours(action) else flow.over(state, action)


def _words(state: ComparingContext, action: Action) -> str | None:
    """A player hits (takes a card) or stands (ends their turn), whatever their total;
    doubling and splitting only where the rules have them."""
    play = state._tables.play
    if action.kind is Kind.VERB and (action.name in ("hit", "stand")
                                     or (action.name == "double" and play.double)
                                     or (action.name == "split" and play.split)):
        return None
    return f"player {state.current_player} hits or stands"


def _first_cards(state: ComparingContext) -> bool:
    p = state.current_player
    return not state._split[p] and state._hands[p].bit_count() == state._tables.hand


def _double(state: ComparingContext, action: Action) -> str | None:
    """A player doubles on their first cards only, before any split."""
    if action.name != "double" or _first_cards(state):
        return None
    return "a player doubles on their first cards only, and not after a split"


def _split(state: ComparingContext, action: Action) -> str | None:
    """A player splits two first cards of one value, once."""
    if action.name != "split":
        return None
    if not _first_cards(state):
        return "a player splits their first two cards only, once"
    values = state._tables.values
    first, second = bits(state._hands[state.current_player])
    return None if values[first] == values[second] else \
        "a player splits two cards of one value only"


RULES: tuple[Rule[ComparingContext], ...] = (
    Rule(key=None, check=_over),
    Rule(key=None, check=_phase_over),
    Rule(key="turn", check=_words),
    Rule(key="double", check=_double),
    Rule(key="split", check=_split),
)
"""The rules, in the order they are asked."""


def refusing_rule(state: ComparingContext,
                  action: Action) -> tuple[Rule[ComparingContext], str] | None:
    """The first rule that refuses ``action`` in ``state``, with its reason; None when
    every rule allows it."""
    return first_refusal(RULES, state, action)


def refusal(state: ComparingContext, action: Action) -> str | None:
    """Why ``action`` is refused in ``state`` (naming the rule), or None."""
    return refusal_of(RULES, state, action)
