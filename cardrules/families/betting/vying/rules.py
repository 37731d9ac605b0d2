"""The rules of the vying procedure, one function each: the one place that knows why a
move is illegal (each refusal carries the variant's reference for its rule).

>>> import cardrules
>>> game = cardrules.load("three-card-brag", players=3)
>>> state = game.setup(hands=["3S 3H 3D", "AS KS QS", "2C 5D 9H"], line="look,stake 4")
>>> print(state.why_illegal(game.parse_action("stake 1")))
the current stake is 4: player 2, blind, stakes at least 2 (half of it) (B5)
>>> print(state.why_illegal(game.parse_action("see")))
3 players are still in: a player may see only when two are (B7)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardrules.actions import Action, Kind
from cardrules.engine import flow
from cardrules.engine.refusals import Rule, first_refusal, refusal_of
from cardrules.families.betting.model import OVER
from cardrules.families.betting.vying.tables import WORDS

if TYPE_CHECKING:
    from cardrules.families.betting.vying.context import VyingContext

__all__ = ["RULES", "refusal", "refusing_rule"]

# An enum member read in a function, as a module constant: compiled, a C static (on Python
# 3.11 an enum class's attribute costs a slow lookup: EnumType has a __getattr__).
_VERB: Final = Kind.VERB


def _ours(action: Action) -> bool:
    return action.kind is _VERB and action.name in WORDS


def _over(state: VyingContext, action: Action) -> str | None:
    return "the deal is over" if state._phase is OVER else None


def _phase_over(state: VyingContext, action: Action) -> str | None:
    """An action of a listed phase, once the staking has begun: that phase is over."""
    return None if _ours(action) else flow.over(state, action)


def _words(state: VyingContext, action: Action) -> str | None:
    """A player folds, looks, sees or stakes."""
    if _ours(action):
        return None
    if state._choosing:
        return f"player {state.current_player} keeps the hand they looked at (keep) or " \
               "drops it (drop)"
    return f"player {state.current_player} folds, looks, sees or stakes (stake 4)"


def _choose(state: VyingContext, action: Action) -> str | None:
    """A player holding two hands who has just looked at one keeps it or drops it at
    once; one who must keep one unseen (seeing or being seen, or left alone again) keeps
    hand 1 or hand 2; nobody else keeps or drops."""
    p = state.current_player
    if state._choosing:
        if state._blind[p]:
            if action.name == "keep" and action.amount in (1, 2):
                return None
            return f"player {p} holds two blind hands and keeps one of them unseen " \
                   "(keep 1: this deal's; keep 2: the one kept from the last deal)"
        if action.name in ("keep", "drop") and not action.amount:
            return None
        return f"player {p} has looked at one of their two hands and at once keeps it " \
               "(keep) or drops it (drop)"
    if action.name in ("keep", "drop"):
        return f"player {p} has no two hands to choose between now"
    return None


def _look(state: VyingContext, action: Action) -> str | None:
    """Only a blind player looks at their cards; with two blind hands, at one of them."""
    if action.name != "look":
        return None
    p = state.current_player
    if not state._blind[p]:
        if not state._tables.play.blind:
            return "every player looks at their cards as they are dealt: no one plays blind"
        return f"player {p} has looked at their cards already"
    if state._kept[p] and action.amount not in (1, 2):
        return f"player {p} holds two blind hands and looks at one of them (look 1: " \
               "this deal's; look 2: the one kept from the last deal)"
    if not state._kept[p] and action.amount:
        return f"player {p} holds one hand: look"
    return None


def _see(state: VyingContext, action: Action) -> str | None:
    """Of the last two players, one may pay to see the other (not an open player a
    blind one, by default)."""
    return state.may_see(state.current_player) if action.name == "see" else None


def _stake(state: VyingContext, action: Action) -> str | None:
    """A stake is at least the previous player's and at most the agreed maximum, in the
    agreed steps, halved for a blind player."""
    if action.name != "stake":
        return None
    p, play = state.current_player, state._tables.play
    blind = bool(state._blind[p])
    amount, least = action.amount, state.least_stake(p)
    half = " (half of it)" if blind else ""
    who = f"player {p}, blind," if blind else f"player {p}"
    if amount < least:
        if state._stake:
            return f"the current stake is {state._stake}: {who} stakes at least " \
                   f"{least}{half}"
        return f"the first stake is at least {play.least}: {who} stakes at least {least}{half}"
    most = play.cost(play.most, blind=blind)
    if amount > most:
        return f"a stake is at most {play.most}: {who} stakes at most {most}{half}"
    steps = {play.cost(s, blind=blind) for s in play.open_stakes()}
    if amount not in steps:
        unit = play.cost(play.step, blind=blind)
        return f"stakes go up in steps of {play.step} from {play.least}: {who} stakes " \
               f"{play.cost(play.least, blind=blind)} and steps of {unit} above{half}"
    if amount > state._chips[p]:
        return f"player {p} has {state._chips[p]} chips left"
    return None


RULES: tuple[Rule[VyingContext], ...] = (
    Rule(key=None, check=_over),
    Rule(key=None, check=_phase_over),
    Rule(key=None, check=_words),
    Rule(key="keep", check=_choose),
    Rule(key="look", check=_look),
    Rule(key="see", check=_see),
    Rule(key="stake", check=_stake),
)
"""The rules, in the order they are asked."""


def refusing_rule(state: VyingContext,
                  action: Action) -> tuple[Rule[VyingContext], str] | None:
    """The first rule that refuses ``action`` in ``state``, with its reason; None when
    every rule allows it."""
    return first_refusal(RULES, state, action)


def refusal(state: VyingContext, action: Action) -> str | None:
    """Why ``action`` is refused in ``state`` (naming the rule), or None."""
    return refusal_of(RULES, state, action)
