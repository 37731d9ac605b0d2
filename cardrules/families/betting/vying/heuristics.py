"""The move heuristic of vying games, for the greedy bot: look first, stake low with a
weak hand and high with a strong one, see with a fair one.

>>> from cardrules.actions import Action, Kind
>>> from cardrules.engine.heuristics import CardFacts
>>> facts = CardFacts({"ranks": ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q",
...                              "K", "A"], "suits": ["S", "H"]})
>>> low, high = (Action(kind=Kind.VERB, name="stake", amount=a) for a in (2, 10))
>>> strong, weak = vying_scorer(["AS", "AH", "KS"], facts), vying_scorer(["2S", "5H"], facts)
>>> strong(high) > strong(low), weak(low) > weak(high)
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardrules.actions import Action
from cardrules.engine.heuristics import CardFacts

__all__ = ["vying_scorer"]


def vying_scorer(hand: Sequence[str], cards: CardFacts) -> Callable[[Action], float]:
    """A score per action from the acting player's ``hand`` (cards by name, none while
    blind): the hand's strength from 0 to 1 (its highest rank, a pair or better counting
    as strong), then larger stakes for a stronger hand; of two hands, the one looked at is
    kept when it is stronger than a middling one."""
    width = max(len(cards.ranks), 1)
    ranks = [cards.parse(c)[0] for c in hand]
    strength = max(ranks, default=0) / max(width - 1, 1) * 0.8
    if len(set(ranks)) < len(ranks):
        strength = 1.0

    def score(action: Action) -> float:
        if action.name == "look":
            return 1.0
        if action.name == "stake":
            return strength - 0.3 - abs(strength - action.amount / 20) * 0.2
        if action.name == "see":
            return strength - 0.5
        if action.name == "keep":  # the hand looked at (amount 0), or one unseen
            return strength if not action.amount else 0.0
        if action.name == "drop":  # the hand looked at, for the other, unseen
            return 0.5
        return 0.0

    return score
