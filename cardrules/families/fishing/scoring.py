"""How a deal of a fishing game scores: majorities of cards and of a suit, named cards,
points per rank, the primiera and sweeps, each side's captures counted together.

>>> primiera_of([21, 18, 0, 10], suits=(0, 0, 1, 1), mask=0b1011, count=2)
31
>>> primiera_of([21, 18, 0, 10], suits=(0, 0, 1, 1), mask=0b0011, count=2) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from cardrules.cards import bits
from cardrules.engine.standings import Partnerships, alone, opposite
from cardrules.families.fishing.model import Tie

if TYPE_CHECKING:
    from cardrules.engine.state import GameContext
    from cardrules.families.fishing.tables import FishingTables

__all__ = ["best", "deal_scores", "primiera_of", "side_points", "sides", "unique_best"]

PARTNERS: Final = 4
"""The number of players that play in partnerships (``play.partners``)."""
_EACH: Final = Tie.EACH
"""Read in :func:`side_points`, as a module constant: compiled, a C static (on Python
3.11 an enum class's attribute costs a slow lookup: EnumType has a __getattr__)."""


def sides(game: GameContext) -> Partnerships:
    """Who plays together: with four players and ``play.partners``, those sitting
    opposite; else everyone alone."""
    if game.tables.play.partners and game.players == PARTNERS:
        return opposite(game.players)
    return alone(game.players)


def primiera_of(points: Sequence[int], *, suits: Sequence[int], mask: int,
                count: int) -> int | None:
    """The primiera of the cards in ``mask``: the sum of the best ``points`` of each of
    the ``count`` suits (``suits``: each card's suit); None when a suit is missing."""
    best = [-1] * count
    for card in bits(mask):
        best[suits[card]] = max(best[suits[card]], points[card])
    return None if min(best) < 0 else sum(best)


def unique_best(values: Sequence[int | None]) -> int:
    """The index of the one highest value, or -1 when it is tied (or all are None).

    >>> unique_best([3, 5, 1]), unique_best([5, 5]), unique_best([None, None])
    (1, -1, -1)
    """
    known = [v for v in values if v is not None]
    if not known:
        return -1
    top = max(known)
    winners = [i for i, v in enumerate(values) if v == top]
    return winners[0] if len(winners) == 1 else -1


def best(values: Sequence[int]) -> list[int]:
    """The indices of the highest values.

    >>> best([3, 5, 5]), best([])
    ([1, 2], [])
    """
    top = max(values, default=None)
    return [i for i, v in enumerate(values) if v == top]


def side_points(tables: FishingTables, piles: Sequence[int],
                sweeps: Sequence[int]) -> list[int]:
    """Each side's points, from its captured cards (``piles``) and the points of its
    sweeps (``sweeps``)."""
    scoring, pack = tables.scoring, tables.pack
    points = list(sweeps)
    most = best([p.bit_count() for p in piles])
    if len(most) == 1 or scoring.most_cards_tie is _EACH:
        for side in most:
            points[side] += scoring.most_cards
    if tables.suit >= 0:
        suit = pack.suit_mask(tables.suit)
        winner = unique_best([(p & suit).bit_count() for p in piles])
        if winner >= 0:
            points[winner] += scoring.most_suit
    for card, value in tables.named:
        for i, pile in enumerate(piles):
            if (pile >> card) & 1:
                points[i] += value
    if scoring.primiera:
        card_suits = [pack.suit(c) for c in range(pack.size)]
        winner = unique_best([primiera_of(tables.primiera, suits=card_suits, mask=p,
                                          count=len(pack.suits)) for p in piles])
        if winner >= 0:
            points[winner] += scoring.primiera_points
    return points


def deal_scores(game: GameContext, won: Sequence[int], sweeps: Sequence[int]) -> tuple[int, ...]:
    """Each player's deal score: their side's points, from each player's captured cards
    (``won``) and sweep points (``sweeps``)."""
    teams = sides(game)
    piles = [sum(won[p] for p in team) for team in teams]
    points = side_points(game.tables, piles, [sum(sweeps[p] for p in t) for t in teams])
    scores = [0] * game.players
    for team, value in zip(teams, points):
        for p in team:
            scores[p] = value
    return tuple(scores)
