"""Effect sizes of a setting against the baseline, in the words a report uses.

>>> round(cohens_h(0.5, 0.5), 3), magnitude(0.1), magnitude(0.55)
(0.0, 'negligible', 'medium')
>>> round(cohens_d([2, 3, 4], [1, 2, 3]), 2)
1.0
>>> low, high = difference_interval(60, 100, 50, 100)
>>> round(low, 3), round(high, 3)
(-0.037, 0.232)
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

from cardrules.tools.simulate import wilson

__all__ = ["cohens_d", "cohens_h", "difference_interval", "magnitude"]


def cohens_h(p: float, q: float) -> float:
    """Cohen's h between two proportions: ``2 asin(sqrt p) - 2 asin(sqrt q)``."""
    return 2 * math.asin(math.sqrt(p)) - 2 * math.asin(math.sqrt(q))


def cohens_d(sample: Sequence[float], baseline: Sequence[float]) -> float:
    """Cohen's d of ``sample`` against ``baseline`` (pooled standard deviation; 0 when
    both samples are constant)."""
    if len(sample) < 2 or len(baseline) < 2:
        return 0.0
    n1, n2 = len(sample), len(baseline)
    pooled = ((n1 - 1) * statistics.variance(sample)
              + (n2 - 1) * statistics.variance(baseline)) / (n1 + n2 - 2)
    if pooled <= 0:
        return 0.0
    return (statistics.fmean(sample) - statistics.fmean(baseline)) / math.sqrt(pooled)


def difference_interval(wins: int, games: int, base_wins: int,
                        base_games: int) -> tuple[float, float]:
    """95% interval of the difference of two proportions (Newcombe's method, built on
    Wilson intervals)."""
    p, q = wins / games, base_wins / base_games
    low1, high1 = wilson(wins, games)
    low2, high2 = wilson(base_wins, base_games)
    diff = p - q
    return (diff - math.sqrt((p - low1) ** 2 + (high2 - q) ** 2),
            diff + math.sqrt((high1 - p) ** 2 + (q - low2) ** 2))


def magnitude(effect: float) -> str:
    """Cohen's words for an effect size (h or d): negligible, small, medium or large."""
    size = abs(effect)
    if size < 0.2:
        return "negligible"
    if size < 0.5:
        return "small"
    if size < 0.8:
        return "medium"
    return "large"
