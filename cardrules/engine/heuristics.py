"""What move heuristics share: the public card facts, card names in a view's entries.

Each procedure and phase scores moves for the greedy bot
(:meth:`cardrules.engine.procedures.Procedure.move_scorer`,
:meth:`cardrules.phases.Phase.move_scorer`) from the acting seat's view alone; the view's
class carries the public card facts (``view.card_facts``: ranks low to high, suits,
points).

>>> facts = CardFacts({"ranks": ["9", "10", "A"], "suits": ["S", "H"], "points": {"A": 11}})
>>> facts.parse("10H"), facts.value(2), facts.suit(3)
((1, 'H'), 11, 'H')
>>> named_cards({"trick": [["AS", "9S"]], "count": 3})
['AS', '9S']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from cardrules.actions import Action

__all__ = ["CardFacts", "MoveScorer", "named_cards"]

MoveScorer = Callable[[Action], float]
"""Scores a legal action: higher is better."""


class CardFacts:
    """The public facts of a pack's cards (ranks low to high, suits, points), from a
    mapping of ``ranks``, ``suits`` and ``points`` (rank -> points)."""

    def __init__(self, info: Mapping[str, Any]) -> None:
        self.ranks: list[str] = [str(r) for r in info.get("ranks", ())]
        self.suits: list[str] = [str(s) for s in info.get("suits", ())]
        points: Mapping[str, int] = info.get("points", {})
        self.points = [int(points.get(r, 0)) for r in self.ranks]
        self.grid = len(self.ranks) * len(self.suits)
        """Cards of rank x suit; those numbered from here on are extra (jokers)."""

    def rank(self, card: int) -> int:
        """Rank index of ``card`` (0 is lowest; -1 for an extra card, of no rank)."""
        return card % len(self.ranks) if self.ranks and card < self.grid else -1

    def suit(self, card: int) -> str:
        """Suit letter of ``card`` ("" for an extra card, of no suit)."""
        return self.suits[card // len(self.ranks)] if self.ranks and card < self.grid else ""

    def value(self, card: int) -> int:
        """Card points of ``card`` (0 for an extra card)."""
        return self.points[self.rank(card)] if self.ranks and card < self.grid else 0

    def parse(self, name: str) -> tuple[int, str]:
        """(rank index, suit letter) of a card name such as ``10H``."""
        for suit in self.suits:
            if name.endswith(suit) and name[:-len(suit)] in self.ranks:
                return self.ranks.index(name[:-len(suit)]), suit
        return -1, ""


def named_cards(node: Any) -> list[str]:
    """Every card name (a string) found anywhere in a view entry."""
    if isinstance(node, str):
        return [node]
    if isinstance(node, Mapping):
        return [n for v in node.values() for n in named_cards(v)]
    if isinstance(node, (list, tuple)):
        return [n for v in node for n in named_cards(v)]
    return []
