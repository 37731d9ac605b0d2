"""The move heuristic of games of bouts (Durak and relatives), for the greedy bot.

Attack and throw in with the cheapest cards, keep trumps and high cards, beat with the
cheapest card that beats, transfer when it costs a low card, take only when nothing
beats.  A card's cost is its rank, plus the ranks of a suit when it is a trump.

>>> from cardrules.actions import Action, Kind
>>> from cardrules.engine.heuristics import CardFacts
>>> score = bout_scorer("D", CardFacts({"ranks": ["6", "7", "8", "A"], "suits": ["S", "D"]}))
>>> cheap, trump = Action(kind=Kind.VERB, name="attack", cards=(0,)), \\
...     Action(kind=Kind.VERB, name="attack", cards=(4,))
>>> score(cheap) > score(trump)
True
"""

from __future__ import annotations

from collections.abc import Callable

from cardrules.actions import Action, Kind
from cardrules.engine.heuristics import CardFacts

__all__ = ["bout_scorer"]

_BEAT, _TRANSFER = 50.0, 55.0
"""Base scores of beating and transferring (above taking, which scores 0)."""


def bout_scorer(trump: str | None, cards: CardFacts) -> Callable[[Action], float]:
    """A score per action, from the trump suit and the card facts of the acting player's
    view."""
    width = max(len(cards.ranks), 1)
    trump_index = cards.suits.index(trump) if trump in cards.suits else -1

    def cost(card: int) -> float:
        return card % width + (width if card // width == trump_index else 0)

    def score(action: Action) -> float:
        if action.kind is Kind.PASS:
            return -width / 2  # throw in only the low plain cards
        if not action.cards:
            return 0.0  # take
        card = action.cards[-1]
        if action.kind is Kind.VERB and action.name == "beat":
            return _BEAT - cost(card)
        if action.kind is Kind.VERB and action.name == "transfer":
            return _TRANSFER - cost(card)
        return -cost(card)  # attack, throw

    return score
