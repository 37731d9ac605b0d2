"""The records a fishing game's ``play:`` and ``scoring:`` sections are read into."""

from __future__ import annotations

import attrs

from cardrules.model.common import Spelling

__all__ = ["FishingPlay", "FishingScoring", "Step"]


class Step(Spelling):
    """The step a deal of fishing is at (a state's ``phase``)."""

    PLAY = "play"
    """A player plays a card."""
    OVER = "over"
    """The deal has ended."""


@attrs.frozen(kw_only=True)
class FishingPlay:
    """How a fishing game is played."""

    procedure: str
    """``fishing``."""
    table: int = 0
    """Cards turned face up on the table after the deal."""
    refill: bool = True
    """When every hand is empty, the players are dealt again from the stock."""


@attrs.frozen(kw_only=True)
class FishingScoring:
    """How a deal of fishing scores."""

    per_card: int = 1
    """Points per captured card."""
    most_cards: int = 0
    """Points more for each player with the most captured cards."""
