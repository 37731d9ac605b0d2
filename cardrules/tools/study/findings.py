"""The figures a study report shows: per setting, and each setting against the first."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from cardrules.tools.simulate import Summary
from cardrules.tools.study.plan import StudyPlan

__all__ = ["Effect", "Findings"]


@attrs.frozen(kw_only=True)
class Effect:
    """One setting against the baseline."""

    label: str
    """The setting."""
    seat_win_difference: tuple[float, ...]
    """Per seat: win rate minus the baseline's."""
    seat_win_interval: tuple[tuple[float, float], ...]
    """Per seat: 95% interval of that difference."""
    seat_win_h: tuple[float, ...]
    """Per seat: Cohen's h of the win rates."""
    length_ratio: float
    """Mean actions per game over the baseline's."""
    length_d: float
    """Cohen's d of actions per game."""
    first_mover_difference: float
    """First mover's win rate minus the baseline's."""
    first_mover_h: float
    """Cohen's h of the first mover's win rates."""


@attrs.frozen(kw_only=True)
class Findings:
    """Everything a report shows."""

    plan: StudyPlan
    summaries: Mapping[str, Summary]
    """Per setting label."""
    lengths: Mapping[str, tuple[int, ...]]
    """Actions per game (a whole match counts all its deals), per setting."""
    scores: Mapping[str, tuple[tuple[int, ...], ...]]
    """Per setting: each game's deal results or match totals."""
    effects: tuple[Effect, ...]
    """Each setting after the first against the first."""
    summary: tuple[str, ...]
    """The plain-language summary, one sentence per line."""
