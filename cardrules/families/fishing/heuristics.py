"""The move heuristic of fishing games, for the greedy bot: capture as many cards and
as many points as possible, sweep when you can, else build, and lay the cheapest card
otherwise.

>>> from cardrules.actions import Action, Kind
>>> from cardrules.engine.heuristics import CardFacts
>>> score = fishing_scorer(["4S", "3C", "AD"], CardFacts({}))
>>> big = Action(kind=Kind.VERB, name="capture", cards=(0, 1, 2))
>>> score(big) > score(Action(kind=Kind.VERB, name="capture", cards=(0, 3)))
True
>>> 0 < score(Action(kind=Kind.VERB, name="build", cards=(0, 3))) < 1
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardrules.actions import Action, Kind
from cardrules.engine.heuristics import CardFacts
from cardrules.families.fishing.tables import BUILD, MULTIPLE

__all__ = ["fishing_scorer"]

_SWEEP = 10.0
"""What clearing the table is worth, in cards."""


def fishing_scorer(table_cards: Sequence[str], cards: CardFacts, *, top: str | None = None,
                   face_down: int = 0) -> Callable[[Action], float]:
    """A score per action, from the cards on the table and the card facts of the acting
    player's view; with a pile (its ``top`` card and the cards ``face_down`` under it), a
    card of the top card's rank takes it: the more cards the better, a lone card best.

    >>> pile = fishing_scorer(["7C", "2S"], CardFacts({"ranks": ["2", "7"], "suits": ["C", "S"]}),
    ...                       top="2S", face_down=1)
    >>> [pile(Action(kind=Kind.PLAY, cards=(c,))) for c in (2, 3)]
    [4.0, 0.0]
    """
    table = len(table_cards)
    width = max(len(cards.ranks), 1)
    if top and cards.ranks:
        pile = table + face_down
        top_rank = cards.parse(top)[0]
        sweep = _SWEEP if pile == 1 else 0.0

        def take(action: Action) -> float:
            return pile + 1 + sweep if action.cards[0] % width == top_rank else 0.0

        return take

    def score(action: Action) -> float:
        if action.kind is Kind.PLAY:
            return -(action.cards[0] % width) / width  # lay a low card
        if action.name in (BUILD, MULTIPLE):
            return 0.5  # better than laying a card, worse than any capture
        caught = len(action.cards) - 1
        return caught + 1 + (_SWEEP if caught == table else 0.0)

    return score
