"""The climbing procedure's move heuristic, for the greedy bot (and the search bot's
shortlist): go out whenever a play empties the hand; else shed the most cards at the
lowest rank, and pass rather than spend a top card (or an extra card: a joker, above
every rank) on a table another play may take.

>>> from cardrules.actions import Action, Kind
>>> from cardrules.engine.heuristics import CardFacts
>>> facts = CardFacts({"ranks": ["3", "4", "2"], "suits": ["S", "H"]})
>>> score = climbing_scorer(5, facts)
>>> low, top = Action(kind=Kind.PLAY, cards=(0,)), Action(kind=Kind.PLAY, cards=(2,))
>>> score(low) > score(Action(kind=Kind.PASS)) > score(top)
True
"""

from __future__ import annotations

from collections.abc import Callable

from cardrules.actions import Action, Kind
from cardrules.engine.heuristics import CardFacts

__all__ = ["climbing_scorer"]


def climbing_scorer(held: int, cards: CardFacts) -> Callable[[Action], float]:
    """A score per action for a player holding ``held`` cards: a play that empties the
    hand first, then plays of more cards and lower ranks; a pass beats only a play of
    the top ranks."""
    top = max(len(cards.ranks) - 1, 1)

    def place(card: int) -> int:
        """The card's rank, an extra card (a joker) above every rank."""
        rank = cards.rank(card)
        return rank if rank >= 0 else len(cards.ranks) + card - cards.grid

    def score(action: Action) -> float:
        if action.kind is not Kind.PLAY:
            return 0.35
        if len(action.cards) >= held:
            return 10.0
        rank = max(place(c) for c in action.cards)
        return 1.0 + 0.3 * (len(action.cards) - 1) - 0.9 * rank / top

    return score
