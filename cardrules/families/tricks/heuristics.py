"""The tricks procedure's move heuristic, for the greedy bot (and the search bot's
shortlist): declare a combination when allowed; answer a lead with the cheapest cards that
beat the cards holding the trick, more eagerly the more points are on the table; otherwise
throw the cheapest cards face down; lead strong side-suit cards and multi-card leads,
keeping trumps. It reads only the acting seat's view, which lists the cards counting as
trumps where the trump order moves cards out of their printed suit (``trump_order``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from cardrules.actions import Action, Kind
from cardrules.engine.heuristics import CardFacts, named_cards

if TYPE_CHECKING:
    from cardrules.families.tricks.view import TricksView

__all__ = ["trick_scorer"]


def trick_scorer(view: TricksView, cards: CardFacts) -> Callable[[Action], float]:
    """Win tricks worth points cheaply; otherwise throw the cheapest cards face down.

    A card counts as a trump when the view's ``trump_order`` lists it (games whose trump order
    moves cards: a left bower, a permanent trump), where it ranks by its place in that
    list; otherwise when it is of the trump suit.  The cards to beat are those holding
    the trick (``holder``), else every card laid."""
    trump_suit = view.trump or ""
    ranking = view.trump_order if "trump_order" in (view.names or ()) else None
    # Each listed trump's strength among the trumps: the lowest 0, as a rank index.
    placed = ({cards.parse(n): len(ranking) - 1 - i for i, n in enumerate(ranking)}
              if ranking is not None else None)
    laid = [(e.get("player"), named_cards(e.get("cards"))) for e in view.trick]
    at_stake = sum(cards.points[r] for _, names in laid for r, _ in map(cards.parse, names)
                   if 0 <= r < len(cards.points))
    holding = [n for p, names in laid if p == view.holder for n in names]
    led = [cards.parse(n) for n in (holding or [n for _, names in laid for n in names])]

    def trump_order(key: tuple[int, str]) -> int:
        """The strength of the card ``key`` (rank index, suit) among the trumps, -1 when
        it is not a trump."""
        if placed is not None:
            return placed.get(key, -1)
        return key[0] if key[1] == trump_suit and trump_suit else -1

    def key_of(card: int) -> tuple[int, str]:
        return cards.rank(card), cards.suit(card)

    def strength(card: int) -> int:
        """Its trump strength if a trump, else its rank index."""
        order = trump_order(key_of(card))
        return order if order >= 0 else cards.rank(card)

    def cost(card: int) -> float:
        trump_cost = 15.0 if trump_order(key_of(card)) >= 0 else 0.0
        return cards.value(card) + strength(card) * 0.5 + trump_cost

    def beats(card: int, target: tuple[int, str]) -> bool:
        mine, theirs = trump_order(key_of(card)), trump_order(target)
        if theirs >= 0:
            return mine > theirs
        if mine >= 0:
            return True
        rank, suit = target
        return cards.suit(card) == suit and cards.rank(card) > rank

    def wins(played: Sequence[int]) -> bool:
        """Each played card beats a different card holding the trick."""
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
            power = sum(strength(c) + cards.value(c) for c in played)
            trumps = sum(1 for c in played if trump_order(key_of(c)) >= 0)
            return 20.0 + 5.0 * len(played) + power - 10.0 * trumps
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
