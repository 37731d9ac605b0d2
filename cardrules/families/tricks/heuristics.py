"""The tricks procedure's move heuristic, for the greedy bot (and the search bot's
shortlist): declare a combination when allowed; answer a lead with the cheapest cards that
beat every led card, more eagerly the more points are on the table; otherwise throw the
cheapest cards face down; lead strong side-suit cards and multi-card leads, keeping
trumps.  It reads only the acting seat's view."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from cardrules.actions import Action, Kind
from cardrules.engine.heuristics import CardFacts, named_cards

if TYPE_CHECKING:
    from cardrules.families.tricks.view import TricksView

__all__ = ["trick_scorer"]


def trick_scorer(view: TricksView, cards: CardFacts) -> Callable[[Action], float]:
    """Win tricks worth points cheaply; otherwise throw the cheapest cards face down."""
    trump_suit = view.trump or ""
    led = [cards.parse(n) for n in named_cards(view.trick)]
    at_stake = sum(cards.points[r] for r, _ in led if 0 <= r < len(cards.points))

    def cost(card: int) -> float:
        trump_cost = 15.0 if cards.suit(card) == trump_suit else 0.0
        return cards.value(card) + cards.rank(card) * 0.5 + trump_cost

    def beats(card: int, target: tuple[int, str]) -> bool:
        rank, suit = target
        if cards.suit(card) == suit:
            return cards.rank(card) > rank
        return cards.suit(card) == trump_suit

    def wins(played: Sequence[int]) -> bool:
        """Each played card beats a different led card."""
        return len(played) == len(led) > 0 and _can_match(list(played), led, beats)

    def score(action: Action) -> float:
        played = action.cards
        spent = sum(cost(c) for c in played)
        if action.kind is Kind.DECLARE:
            return 500.0 + len(played)
        if action.kind is Kind.ANSWER:
            if wins(played):
                return 45.0 + at_stake + sum(cards.value(c) for c in played) - 0.3 * spent
            return 30.0 - spent
        if action.kind is Kind.THROW:
            return 40.0 - spent
        if action.kind is Kind.LEAD:
            strength = sum(cards.rank(c) + cards.value(c) for c in played)
            trumps = sum(1 for c in played if cards.suit(c) == trump_suit)
            return 20.0 + 5.0 * len(played) + strength - 10.0 * trumps
        if action.kind is Kind.PLAY:
            return 10.0 + len(played)
        return 0.0

    return score


def _can_match(mine: Sequence[int], targets: Sequence[tuple[int, str]],
               beats: Callable[[int, tuple[int, str]], bool]) -> bool:
    """True if every target can be beaten by a different card of ``mine``."""
    if not targets:
        return True
    first, rest = targets[0], targets[1:]
    return any(beats(c, first) and _can_match([*mine[:i], *mine[i + 1:]], rest, beats)
               for i, c in enumerate(mine))
