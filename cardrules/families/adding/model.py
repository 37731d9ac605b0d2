"""Rules of the adding procedure: a running total with points on the way, then a show.

>>> play = AddingPlay(procedure="adding")
>>> play.limit, play.keep, play.target
(31, 4, 121)
>>> AddingScoring().pairs
[2, 6, 12]
"""

from __future__ import annotations

import enum

import attrs

from cardrules.model.common import Spelling

__all__ = ["DISCARD", "OVER", "PLAY", "AddingPlay", "AddingScoring", "DiscardFrom",
           "ShowEnds", "Step"]


class Step(Spelling):
    """The step a game of the adding family is at (a state's ``phase``)."""

    DISCARD = "discard"
    """Each player in turn lays cards away to the crib."""
    PLAY = "play"
    """Players add cards to the running total in turn, or say go."""
    OVER = "over"
    """A side has reached the target, or the hands ran out."""


DISCARD, PLAY, OVER = Step.DISCARD, Step.PLAY, Step.OVER
"""The steps by their short names."""


class DiscardFrom(enum.Enum):
    """Who lays cards away to the crib first."""

    FIRST_SEAT = "first_seat"
    """Seat 0, then the seats in turn, whoever deals (OpenSpiel's order)."""
    DEALER_LEFT = "dealer_left"
    """The player on the dealer's left, then the others in turn, the dealer last."""


class ShowEnds(enum.Enum):
    """How the show settles a game when it takes several sides to the target."""

    ALL_COUNTED = "all_counted"
    """Every hand and the crib are counted; of the sides at the target, the one with the
    lowest seat wins (OpenSpiel's rule)."""
    COUNTED_OUT = "counted_out"
    """The hands are counted from the dealer's left, the dealer's hand and the crib last;
    the first side to reach the target wins at once, and nothing more is counted."""


@attrs.frozen(kw_only=True)
class AddingPlay:
    """How a game of the adding family is played."""

    procedure: str
    """Always ``adding``."""
    limit: int = 31
    """The running total may not pass it; reaching it ends the round of play."""
    values: dict[str, int] = attrs.field(factory=dict)
    """Rank -> the value a card adds to the total (ranks not listed: their place in
    ``pack.ranks`` counting from 1)."""
    keep: int = 4
    """Cards each player keeps for the play and the show; the rest of the hand is laid
    away to the crib, which the stock fills up to this size."""
    discard_together: bool = True
    """A player lays all their cards away in one action (else one card per action)."""
    discard_from: DiscardFrom = DiscardFrom.FIRST_SEAT
    """Who lays cards away first."""
    target: int = 121
    """The score that wins the game, the moment a side reaches it."""
    show_ends: ShowEnds = ShowEnds.ALL_COUNTED
    """How the show settles a game that several sides finish at the target."""
    max_hands: int = 100
    """Hands dealt at most: then the game ends with no winner."""
    partners: bool = False
    """With four players, the players sitting opposite score together."""


@attrs.frozen(kw_only=True)
class AddingScoring:
    """Points during the play and in the show."""

    totals: dict[int, int] = attrs.field(factory=lambda: {15: 2, 31: 2})
    """A running total reached -> points for the player who reached it."""
    pairs: list[int] = attrs.field(factory=lambda: [2, 6, 12])
    """Points for the last 2, 3, 4... cards played being of one rank."""
    run: int = 3
    """The fewest cards of the last played that make a run (in any order), scoring one
    point per card; 0: runs do not score in the play."""
    go: int = 1
    """The last player to play in a round that ends below the limit."""
    heels: int = 2
    """The dealer, when the starter card turned is of rank ``nobs_rank``."""
    fifteen: int = 15
    """The show: each set of cards adding up to this value scores ``fifteen_points``."""
    fifteen_points: int = 2
    """The show: points for each such set."""
    pair: int = 2
    """The show: points for each pair of cards of one rank."""
    show_run: int = 3
    """The show: the fewest cards of consecutive ranks that score a run, one point per
    card (each distinct run counted, a run inside a longer one not)."""
    flush: int = 4
    """The show: a hand whose kept cards are all of one suit scores one point per card,
    one more with a starter of that suit (0: no flush)."""
    crib_flush: int = 4
    """The show: the fewest cards of one suit that make a flush in the crib (4: as a
    hand; 5: the crib and the starter all of one suit)."""
    nobs: int = 1
    """The show: a card of rank ``nobs_rank`` of the starter's suit in a hand or crib."""
    nobs_rank: str = "J"
    """The rank of nobs and his heels."""
