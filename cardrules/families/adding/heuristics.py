"""The move heuristic of adding games, for the greedy bot: score points on the way
(fifteen, the limit, pairs), never leave the total where the next card makes 15 or the
limit easily, and lay away the cards that keep the best hand.

>>> from cardrules.actions import Action, Kind
>>> from cardrules.engine.heuristics import CardFacts
>>> facts = CardFacts({"ranks": ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J",
...                              "Q", "K"], "suits": ["C", "D", "H", "S"]})
>>> score = adding_scorer(["KH"], 10, facts)
>>> score(Action(kind=Kind.PLAY, cards=(4,))) > score(Action(kind=Kind.PLAY, cards=(1,)))
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from cardrules.actions import Action, Kind
from cardrules.engine.heuristics import CardFacts

__all__ = ["adding_scorer"]


def _value(rank: int) -> int:
    return min(rank + 1, 10)


def adding_scorer(sequence: Sequence[str], total: int, cards: CardFacts, *,
                  hand: Sequence[str] = (), limit: int = 31) -> Callable[[Action], float]:
    """A score per action from the acting player's view: the ``sequence`` of this round,
    the running ``total`` and the player's ``hand`` (cards by name)."""
    width = max(len(cards.ranks), 1)
    last = cards.parse(sequence[-1])[0] % width if sequence else -1
    held = [cards.suits.index(suit) * width + rank
            for rank, suit in map(cards.parse, hand) if rank >= 0]

    def play(card: int) -> float:
        rank = card % width
        after = total + _value(rank)
        score = 0.0
        if after in (15, limit):
            score += 2
        if rank == last:
            score += 2
        if after in (5, 21) or (limit - after in range(1, 11) and after > 21):
            score -= 0.5
        return score - rank / (10 * width)

    def discard(away: tuple[int, ...]) -> float:
        kept = [c for c in held if c not in away]
        values = [_value(c % width) for c in kept]
        fifteens = sum(1 for k in range(2, len(values) + 1)
                       for chosen in combinations(values, k) if sum(chosen) == 15)
        pairs = sum(1 for a, b in combinations(kept, 2) if a % width == b % width)
        return 2.0 * fifteens + 2.0 * pairs

    def score(action: Action) -> float:
        if action.kind is Kind.PLAY:
            return play(action.cards[0])
        if action.cards:
            return discard(action.cards)
        return 0.0

    return score
