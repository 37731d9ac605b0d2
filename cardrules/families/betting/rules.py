"""The rules of the betting procedure, one function each: the one place that knows why a
move is illegal.

Each rule looks at an action in a state and answers None (it allows it) or the reason it
forbids it; :func:`refusal` asks them in order and adds the variant's reference for the
rule (``game.rule_ref(key)``).

>>> import cardrules
>>> game = cardrules.load("leduc-poker")
>>> state = game.setup(hands=["KS", "JH"])
>>> print(state.why_illegal(game.parse_action("fold")))
player 0 has no bet to call: fold only facing a bet; check (L4)
>>> state = state.apply("bet").apply("raise")
>>> print(state.why_illegal(game.parse_action("raise")))
the round has had its 2 bets (a bet and its raises): call or fold (L5)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardrules.actions import Action, Kind
from cardrules.engine import flow
from cardrules.engine.refusals import Rule, first_refusal, refusal_of
from cardrules.families.betting.model import OVER, Limit
from cardrules.families.betting.tables import WORDS

if TYPE_CHECKING:
    from cardrules.families.betting.context import BettingContext

__all__ = ["RULES", "refusal", "refusing_rule"]


def _ours(action: Action) -> bool:
    return action.kind is Kind.VERB and action.name in WORDS


def _over(state: BettingContext, action: Action) -> str | None:
    return "the deal is over" if state._phase is OVER else None


def _phase_over(state: BettingContext, action: Action) -> str | None:
    """An action of a listed phase, once betting has begun: that phase is over."""
    return None if _ours(action) else flow.over(state, action)


def _words(state: BettingContext, action: Action) -> str | None:
    """A player folds, checks, calls, bets or raises."""
    if _ours(action):
        return None
    return f"player {state.current_player} folds, checks, calls, bets or raises"


def _facing(state: BettingContext, action: Action) -> str | None:
    """Facing a bet a player folds, calls or raises; with nothing to call they check or
    bet (raise, after a big blind)."""
    p, word = state.current_player, action.name
    due = state.to_call(p)
    if due:
        if word == "check":
            return f"player {p} has {due} chip{'s' if due > 1 else ''} to call: " \
                   "call, raise or fold"
        if word == "bet":
            return "the round has a bet already: raise it"
        return None
    if word == "fold":
        return f"player {p} has no bet to call: fold only facing a bet; check"
    if word == "call":
        return f"player {p} has no bet to call: check"
    if word == "bet" and state._bets:
        return "the round has a bet already (the big blind): raise it"
    if word == "raise" and not state._bets:
        return "nobody has bet in this round: bet"
    return None


def _cap(state: BettingContext, action: Action) -> str | None:
    """A round has at most ``max_bets`` bets: the opening bet and the raises after it."""
    if action.name not in ("bet", "raise"):
        return None
    most = state._tables.play.rounds[state._round].max_bets
    if most is not None and state._bets >= most:
        return f"the round has had its {most} bet{'s' if most > 1 else ''} " \
               f"(a bet and its raises): call or fold" if most > 1 else \
               "the round has had its bet: call or fold"
    return None


def _all_in(state: BettingContext, action: Action) -> str | None:
    """A player bets or raises only with more chips than a call takes, and only while
    another player still in has chips to answer."""
    if action.name not in ("bet", "raise"):
        return None
    p = state.current_player
    if state._chips[p] <= state.to_call(p):
        return f"player {p} has no chips beyond a call: call or fold"
    if not state.may_raise(p):
        return "every other player still in is all in: call, check or fold"
    return None


def _size(state: BettingContext, action: Action) -> str | None:
    """Under fixed limit a bet or raise names no amount; under pot and no limit it names
    the player's whole stake in the round after it, between the least and the most
    they may (:meth:`~cardrules.families.betting.state.BettingState.amounts`)."""
    if action.name not in ("bet", "raise"):
        return None
    if state._tables.limit is Limit.FIXED:
        return None if not action.amount else \
            f"bets are of a fixed size: write '{action.name}' without an amount"
    low, high = state.amounts(state.current_player)
    if not action.amount:
        return f"name the amount to {action.name} to: '{action.name} {low}' to " \
               f"'{action.name} {high}'"
    if not low <= action.amount <= high:
        return f"{action.name} to {low} chips at least and {high} at most (the player's " \
               f"stake in this round after it)"
    return None


RULES: tuple[Rule[BettingContext], ...] = (
    Rule(key=None, check=_over),
    Rule(key=None, check=_phase_over),
    Rule(key=None, check=_words),
    Rule(key="turn", check=_facing),
    Rule(key="cap", check=_cap),
    Rule(key="all_in", check=_all_in),
    Rule(key="size", check=_size),
)
"""The rules, in the order they are asked."""


def refusing_rule(state: BettingContext,
                  action: Action) -> tuple[Rule[BettingContext], str] | None:
    """The first rule that refuses ``action`` in ``state``, with its reason; None when
    every rule allows it."""
    return first_refusal(RULES, state, action)


def refusal(state: BettingContext, action: Action) -> str | None:
    """Why ``action`` is refused in ``state`` (naming the rule), or None."""
    return refusal_of(RULES, state, action)
