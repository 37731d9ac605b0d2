"""Rules of the rummy procedure: draw from the stock or the discard pile, discard, and
end the deal by knocking with little enough deadwood, or by gin.

>>> play = RummyPlay(procedure="rummy")
>>> play.knock, play.set_max, play.run_max, play.wall
(10, 4, 0, 2)
>>> RummyScoring().gin_bonus
25
"""

from __future__ import annotations

import attrs

from cardrules.model.common import Spelling

__all__ = [
    "DISCARD",
    "DRAW",
    "FIRST",
    "KNOCK",
    "LAYOFF",
    "MELD",
    "OVER",
    "WALL",
    "RummyPlay",
    "RummyScoring",
    "Step",
]


class Step(Spelling):
    """The step a deal of a rummy game is at (a state's ``phase``)."""

    FIRST = "first_upcard"
    """The first upcard is offered: take it or pass."""
    DRAW = "draw"
    """The player to move draws from the stock or takes the discard pile's top card."""
    DISCARD = "discard"
    """The player who drew discards a card, or knocks."""
    KNOCK = "knock"
    """The knocker discards, then lays its melds one at a time."""
    LAYOFF = "layoff"
    """The defender lays cards off on the knocker's melds."""
    MELD = "meld"
    """The defender lays its own melds."""
    WALL = "wall"
    """The stock is down to the wall: knock with the upcard, or end the deal drawn."""
    OVER = "over"
    """The deal has ended."""


FIRST, DRAW, DISCARD, KNOCK = Step.FIRST, Step.DRAW, Step.DISCARD, Step.KNOCK
LAYOFF, MELD, WALL, OVER = Step.LAYOFF, Step.MELD, Step.WALL, Step.OVER
"""The steps by their short names."""


@attrs.frozen(kw_only=True)
class RummyPlay:
    """How a rummy game is played."""

    procedure: str
    """Always ``rummy``."""
    set_min: int = 3
    """The fewest cards of one rank that make a set."""
    set_max: int = 4
    """The most cards of one rank in one set."""
    run_min: int = 3
    """The fewest cards in suit and in sequence that make a run (ranks in the pack's
    order, the first rank low: aces low when the pack starts with the ace)."""
    run_max: int = 0
    """The most cards one run meld holds (0: any number); a longer sequence is laid as
    two runs."""
    values: dict[str, int] = attrs.field(factory=dict)
    """Rank -> the card's deadwood value (ranks not listed: their ``pack.points``, else
    their place in ``pack.ranks`` counting from 1)."""
    first_upcard: bool = True
    """The first upcard is offered to the non-dealer, then to the dealer; when both pass,
    the non-dealer draws from the stock."""
    knock: int = 10
    """The most deadwood a player may knock with (0: only gin ends the deal)."""
    oklahoma: bool = False
    """The value of the first upcard is the knock limit in its place (an ace: gin only)."""
    wall: int = 2
    """When a discard leaves this many cards in the stock, the next player may only knock
    by taking the upcard; otherwise the deal ends drawn."""
    layoff_reach: int = 0
    """The most cards laid off at each end of a run (0: any number)."""
    upcard_limit: int = 50
    """The deal ends drawn when the upcard has been taken this many times in the draw
    step (a deal must end)."""
    repeat_draw: bool = False
    """The deal ends drawn when both players in succession take the upcard and discard
    that same card."""
    big_gin: bool = False
    """A player whose eleven cards all form melds may go out at once (big gin)."""


@attrs.frozen(kw_only=True)
class RummyScoring:
    """How a deal of a rummy game scores: the knocker wins the difference of deadwood,
    the defender wins it (with a bonus) when it has as little or less."""

    gin_bonus: int = 25
    """The bonus for going gin (no deadwood)."""
    big_gin_bonus: int = 31
    """The bonus for big gin (``play.big_gin``)."""
    undercut_bonus: int = 25
    """The defender's bonus for an undercut."""
    undercut_on_tie: bool = False
    """Equal deadwood is an undercut (else the knocker scores nothing)."""
    zero_sum: bool = True
    """The loser scores minus the winner's points (else the loser scores 0)."""
