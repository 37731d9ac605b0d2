"""The move heuristic of rummy games, for the greedy bot: knock as soon as allowed, lay
every meld and layoff there is, and discard the most costly card in no meld.

>>> from cardrules.actions import Action, Kind
>>> from cardrules.engine.heuristics import CardFacts
>>> facts = CardFacts({"ranks": ["A", "2", "K"], "suits": ["S"],
...                    "points": {"A": 1, "2": 2, "K": 10}})
>>> score = rummy_scorer(["KS"], facts)
>>> discard = [Action(kind=Kind.VERB, name="discard", cards=(c,)) for c in (0, 2)]
>>> score(discard[1]) > score(discard[0]), score(Action(kind=Kind.VERB, name="knock")) > 0
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardrules.actions import Action, Kind
from cardrules.engine.heuristics import CardFacts

__all__ = ["rummy_scorer"]

_ORDER = {"knock": 100.0, "meld": 50.0, "layoff": 40.0, "take": 0.0, "draw": 0.0,
          "pass": -1.0}
_UNMELDED = 20.0
"""How much more a card in no meld is worth discarding."""


def rummy_scorer(unmelded: Sequence[str], cards: CardFacts) -> Callable[[Action], float]:
    """A score per action, from the acting player's cards in no meld (``unmelded``, by
    name) and the pack's card facts."""
    loose = set()
    for name in unmelded:
        rank, suit = cards.parse(name)
        if rank >= 0:
            loose.add(cards.suits.index(suit) * len(cards.ranks) + rank)

    def score(action: Action) -> float:
        word = action.name if action.kind is Kind.VERB else action.kind.value
        if word == "discard":
            card = action.cards[0]
            return cards.value(card) + (_UNMELDED if card in loose else 0.0)
        return _ORDER.get(word, 0.0)

    return score
