"""What a study compares: settings (option values and bots) of one variant, played over
the same seeds.

>>> plan = StudyPlan(variant="bank", players=2, games=10, seed=1,
...                  settings=(Setting(label="default"),
...                            Setting(label="seven=skip", options={"seven": "skip"})))
>>> [s.label for s in plan.settings], plan.fingerprint() == plan.fingerprint()
(['default', 'seven=skip'], True)
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

import attrs

from cardrules.errors import CardrulesError

__all__ = ["Setting", "StudyPlan"]


def _frozen_options(value: Mapping[str, Any] | None) -> Mapping[str, Any]:
    return dict(value or {})


@attrs.frozen(kw_only=True)
class Setting:
    """One arm of a study: option values and the bot of each seat."""

    label: str
    """How the report names it (``seven=skip``)."""
    options: Mapping[str, Any] = attrs.field(factory=dict, converter=_frozen_options)
    """Option values on top of the study's common ones."""
    bots: tuple[str, ...] | None = None
    """One bot name per seat; None: the study's bots."""


@attrs.frozen(kw_only=True)
class StudyPlan:
    """A whole study: every setting is played over games ``0 .. games - 1`` of ``seed``,
    so each setting meets the same deals (common random numbers sharpen comparisons)."""

    variant: str
    """Variant name or rule file."""
    players: int
    """Players per game."""
    games: int
    """Games per setting."""
    seed: int
    """Seed of the whole study."""
    settings: tuple[Setting, ...]
    """The arms compared; the first is the baseline of every effect size."""
    options: Mapping[str, Any] = attrs.field(factory=dict, converter=_frozen_options)
    """Option values common to every setting."""
    bots: tuple[str, ...] = ()
    """Default bot per seat (empty: ``random`` everywhere)."""
    match: bool = False
    """Whole matches (True) or single deals."""
    chunk: int = 250
    """Games per unit of work (and per checkpoint line)."""

    def __attrs_post_init__(self) -> None:
        if self.games < 1:
            raise CardrulesError("a study plays at least one game per setting")
        if not self.settings:
            raise CardrulesError("a study compares at least one setting")
        labels = [s.label for s in self.settings]
        if len(set(labels)) != len(labels):
            raise CardrulesError(f"settings need distinct labels, not {labels}")
        if self.chunk < 1:
            raise CardrulesError("a chunk holds at least one game")

    def bots_of(self, setting: Setting) -> tuple[str, ...]:
        """The bot of each seat in ``setting``."""
        return setting.bots or self.bots or ("random",) * self.players

    def options_of(self, setting: Setting) -> dict[str, Any]:
        """Every option value ``setting`` sets (common ones first)."""
        return {**self.options, **setting.options}

    def chunks(self) -> list[range]:
        """The games of one setting, cut into units of work."""
        return [range(start, min(start + self.chunk, self.games))
                for start in range(0, self.games, self.chunk)]

    def fingerprint(self) -> str:
        """A digest of everything that decides the study's figures: a checkpoint made
        under another plan is never reused."""
        data = {"variant": self.variant, "players": self.players, "seed": self.seed,
                "match": self.match, "options": self.options, "bots": self.bots,
                "chunk": self.chunk,
                "settings": [[s.label, s.options, s.bots] for s in self.settings]}
        text = json.dumps(data, sort_keys=True, default=str)
        return hashlib.sha256(text.encode()).hexdigest()[:16]
