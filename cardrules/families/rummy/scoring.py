"""How a deal of a rummy game scores: the knocker wins the difference in deadwood (with
a bonus for gin), unless the defender undercuts it.

>>> from cardrules.families.rummy.model import RummyScoring
>>> rules = RummyScoring()
>>> knock_scores(rules, knocker=0, deadwood=(5, 30), big_gin=False)
(25, -25)
>>> knock_scores(rules, knocker=0, deadwood=(8, 3), big_gin=False)
(-30, 30)
>>> knock_scores(rules, knocker=1, deadwood=(12, 0), big_gin=False)
(-37, 37)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardrules.families.rummy.model import RummyScoring

if TYPE_CHECKING:
    from cardrules.families.rummy.tables import RummyTables

__all__ = ["deal_scores", "knock_scores"]


def knock_scores(rules: RummyScoring, *, knocker: int, deadwood: tuple[int, ...],
                 big_gin: bool) -> tuple[int, ...]:
    """Each player's score when ``knocker`` knocked and the deal ended with ``deadwood``
    per player (two players): the knocker scores the other's deadwood less its own, plus
    the gin (or big gin) bonus for none; when that is below zero (or zero, with
    ``undercut_on_tie``, short of gin) the defender undercut it and scores the
    difference plus the undercut bonus."""
    other = 1 - knocker
    points = deadwood[other] - deadwood[knocker]
    gin = deadwood[knocker] == 0
    if gin:
        points += rules.big_gin_bonus if big_gin else rules.gin_bonus
    if points < 0 or (points == 0 and rules.undercut_on_tie and not gin):
        points -= rules.undercut_bonus
    scores = [0, 0]
    if rules.zero_sum:
        scores[knocker], scores[other] = points, -points
    elif points > 0:
        scores[knocker] = points
    else:
        scores[other] = -points
    return tuple(scores)


def deal_scores(tables: RummyTables, *, knocker: int, deadwood: tuple[int, ...],
                big_gin: bool) -> tuple[int, ...]:
    """The deal's scores: nothing for a deal that ended with nobody knocking (at the
    wall, or drawn), else :func:`knock_scores`."""
    if knocker < 0:
        return (0,) * len(deadwood)
    return knock_scores(tables.scoring, knocker=knocker, deadwood=deadwood, big_gin=big_gin)
