"""The move heuristic of betting games, for the greedy bot: bet and raise with a strong
hand, call with a fair one, check or fold with a weak one.

>>> from cardrules.actions import Action, Kind
>>> from cardrules.engine.heuristics import CardFacts
>>> facts = CardFacts({"ranks": ["J", "Q", "K"], "suits": ["S"]})
>>> bet, fold = (Action(kind=Kind.VERB, name=w) for w in ("bet", "fold"))
>>> strong, weak = betting_scorer(["KS"], [], facts), betting_scorer(["JS"], [], facts)
>>> strong(bet) > strong(fold), weak(fold) > weak(bet)
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardrules.actions import Action
from cardrules.engine.heuristics import CardFacts

__all__ = ["betting_scorer"]


def betting_scorer(hand: Sequence[str], board: Sequence[str],
                   cards: CardFacts) -> Callable[[Action], float]:
    """A score per action from the acting player's ``hand`` and the ``board`` (cards by
    name): the hand's strength from 0 to 1 (its highest rank, a pair with the board
    counting as the best), then aggressive actions for a strong hand."""
    width = max(len(cards.ranks), 1)
    own = [cards.parse(c)[0] for c in hand]
    shared = {cards.parse(c)[0] for c in board}
    strength = max(own, default=0) / max(width - 1, 1)
    if any(r in shared for r in own):
        strength = 1.0

    def score(action: Action) -> float:
        if action.name in ("bet", "raise"):
            return strength - 0.6
        if action.name == "call":
            return strength - 0.35
        if action.name == "check":
            return 0.05
        return 0.0

    return score
