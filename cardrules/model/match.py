"""Rules of the match: deals in sequence until a goal, dealer rotation, the pot."""

from __future__ import annotations

import enum
from fractions import Fraction

import attrs

__all__ = ["FACTOR_COUNTER", "SCHEDULE", "Goal", "MatchSpec", "NextDealer", "PotSpec", "Remainder",
           "ScorelessDeal"]

FACTOR_COUNTER = "deal_factor"
"""The match counter (views: ``match.counters``) holding the factor of the next deal's
scores under ``match.scoreless_deal`` (1: as they are)."""

SCHEDULE = "schedule"
"""``match.deals: schedule``: a match of goal ``fixed_deals`` lasts one pass through the
hand-size schedule (``deal.hand``) for its number of players."""


class Goal(enum.Enum):
    """When the match ends and who wins."""

    REACH_TARGET = "reach_target"
    """Ends when a total reaches ``target``; the highest total wins; a tie plays another deal."""
    AVOID_LOSING_TOTAL = "avoid_losing_total"
    """Ends when a total reaches ``losing_total``; those players lose, the others win."""
    LOWEST_TOTAL = "lowest_total"
    """Ends when a total reaches ``target``; the lowest total wins (tied lowest totals
    share the win)."""
    FIXED_DEALS = "fixed_deals"
    """Ends after ``deals`` deals; the highest total wins (tied highest totals share the
    win)."""
    LOWEST_AFTER_DEALS = "lowest_after_deals"
    """Ends after ``deals`` deals; the lowest total wins (tied lowest totals share the
    win)."""


class NextDealer(enum.Enum):
    """Who deals the next deal."""

    CLOCKWISE = "clockwise"
    """The player after the dealer in the game's turn order (``play.order``): the
    dealer's left, or the dealer's right in a counter-clockwise game."""
    LOSER = "loser"
    """The player with the lowest deal result."""
    LAST_OUT = "last_out"
    """The player who finished the deal last."""
    DEAL_STARTER = "deal_starter"
    """The player who made the first move of the deal."""
    SCORE_LEADER = "score_leader"
    """The player with the highest match total."""
    SCORE_TRAILER = "score_trailer"
    """The player with the lowest match total."""


class Remainder(enum.Enum):
    """Where the part of the pot that cannot be split evenly goes."""

    LOWEST_TOTAL = "lowest_total"
    """To the winner with the fewest points (ties by seat from the last dealer's left)."""
    KEPT = "kept"
    """It stays in the pot."""
    ONE_EACH = "one_each"
    """One minor unit each to the winners in turn, the best placed first (ties by seat
    from the last dealer's left): a poker pot's odd chips."""


@attrs.frozen(kw_only=True)
class PotSpec:
    """A money pot staked by every player and shared among the winners."""

    stake: int
    """Each player's stake, in minor units."""
    split: dict[str, tuple[Fraction, ...]]
    """Shares keyed by tie pattern (group sizes from the best total, ``1+2``)."""
    remainder: Remainder = Remainder.LOWEST_TOTAL
    """Where an indivisible remainder goes."""


@attrs.frozen(kw_only=True)
class ScorelessDeal:
    """What a deal that adds nothing to anyone's total (a drawn deal, say) does to the
    deals after it: the next deal that scores counts ``next_factor`` times.

    >>> ScorelessDeal(next_factor=2).factor_after(1), ScorelessDeal(next_factor=2).factor_after(2)
    (2, 2)
    >>> ScorelessDeal(next_factor=2, compound=True).factor_after(2)
    4
    """

    next_factor: int
    """The factor of the next deal's scores (2: they count double)."""
    compound: bool = False
    """Each further scoreless deal multiplies the factor by ``next_factor`` again (false:
    it stays ``next_factor`` however many scoreless deals come in a row)."""

    def factor_after(self, factor: int) -> int:
        """The factor of the next deal once a scoreless deal is played while the factor
        is ``factor`` (1 when the deal before scored)."""
        return factor * self.next_factor if self.compound else self.next_factor


@attrs.frozen(kw_only=True)
class MatchSpec:
    """How deals add up to a match."""

    goal: Goal
    """When the match ends and who wins."""
    target: int = 0
    """``reach_target`` and ``lowest_total``: the total that ends the match."""
    losing_total: int = 0
    """``avoid_losing_total``: the total that loses."""
    mercy: int | None = None
    """``reach_target``: the match also ends when a partnership's total is this or lower
    after a deal and below another's; the highest total wins (None: no such rule)."""
    next_dealer: NextDealer = NextDealer.CLOCKWISE
    """Who deals the next deal."""
    deals: int | str = 0
    """``fixed_deals`` and ``lowest_after_deals``: the number of deals the match lasts, or
    :data:`SCHEDULE` (one deal per entry of the hand-size schedule for the number of
    players)."""
    max_deals: int = 1000
    """A safety bound on the number of deals: then the match ends anyway (``reach_target``:
    the highest total wins, a tie is a draw; ``avoid_losing_total``: nobody wins;
    ``lowest_total``: the lowest total wins)."""
    pot: PotSpec | None = None
    """The money pot, if any."""
    scoreless_deal: ScorelessDeal | None = None
    """A deal that adds nothing to any total makes the next deal that does count more
    (None: deals count alike).  The factor waiting is the match counter
    :data:`FACTOR_COUNTER`."""
    box_bonus: int = 0
    """``reach_target``: once the match is won, points added to each player's total for
    each deal they won (scored more than anyone else): Gin Rummy's box or line bonus."""
    game_bonus: int = 0
    """``reach_target``: once the match is won, points added to each winner's total: Gin
    Rummy's game bonus.  Neither bonus changes who won."""

    def deal_count(self, schedule: tuple[int, ...]) -> int:
        """``fixed_deals``: the deals a match lasts, given the hand sizes of its deals in
        turn (``DealSpec.sizes``) for its number of players.

        >>> MatchSpec(goal=Goal.FIXED_DEALS, deals=8).deal_count((1, 2, 1))
        8
        >>> MatchSpec(goal=Goal.FIXED_DEALS, deals=SCHEDULE).deal_count((1, 2, 1))
        3
        """
        return len(schedule) if self.deals == SCHEDULE else int(self.deals)
