"""Rules of the betting procedure: the betting structure (play) and the showdown
(scoring), as data.

>>> play = BettingPlay(procedure="betting", rounds=[BettingRound(bet=2, max_bets=2)])
>>> play.ante, play.chips, play.opens.value
(1, 100, 'first_seat')
>>> [c.name for c in Showdown().classes]
['high_card']
"""

from __future__ import annotations

import enum

import attrs

from cardrules.model.common import Spelling
from cardrules.primitives.wagers import Limit

__all__ = ["BET", "OVER", "BettingPlay", "BettingRound", "BlindsFrom", "HandClass", "Limit",
           "OddChips",
           "Opens", "Showdown", "Step"]


class Step(Spelling):
    """The step a deal of the betting family is at (a state's ``phase``)."""

    BET = "bet"
    """The players bet in turn."""
    OVER = "over"
    """All but one player folded, or the hands were shown."""


BET, OVER = Step.BET, Step.OVER
"""The steps by their short names."""


class Opens(enum.Enum):
    """Who acts first in each round of betting."""

    FIRST_SEAT = "first_seat"
    """Seat 0 (or the first seat after it still in), whoever deals: OpenSpiel's order."""
    DEALER_LEFT = "dealer_left"
    """The player on the dealer's left (or the first after them still in)."""


class BlindsFrom(enum.Enum):
    """Who posts the first blind (the others follow in turn)."""

    OPENER = "opener"
    """The seat that opens the betting (``opens``)."""
    DEALER = "dealer"
    """The dealer: heads-up play, where the dealer posts the small blind and acts first
    before the flop."""


class OddChips(enum.Enum):
    """Where the chips of a pot that does not split evenly between tied hands go."""

    FIRST_AFTER_OPENER = "first_after_opener"
    """One each to the winners in turn from the seat that opens the betting."""


@attrs.frozen(kw_only=True)
class BettingRound:
    """One round of betting (a street)."""

    bet: int
    """The size of a bet and of each raise in this round (fixed limit); the smallest bet
    and the smallest raise (by so many) under pot and no limit."""
    max_bets: int | None = None
    """The most bets of the round: the opening bet and the raises after it (a big blind
    counts as the first); None: no cap (the players' chips bound the betting)."""
    deal: int = 0
    """Community cards turned face up before this round's betting."""
    first: int | None = None
    """The seat that acts first in this round (or the first after it still in); None:
    the opener (``opens``), or in a first round after blinds the seat after the last
    blind."""


@attrs.frozen(kw_only=True)
class BettingPlay:
    """How a deal of the betting family is played."""

    procedure: str
    """Always ``betting``."""
    rounds: list[BettingRound]
    """The rounds of betting, in order; the showdown follows the last."""
    ante: int = 1
    """Chips each player puts in the pot before the cards are dealt."""
    blinds: list[int] = attrs.field(factory=list)
    """Forced bets posted by the players in turn from the opener before the first round
    (the largest is the round's first bet to call); the first round's betting starts
    after the last blind."""
    chips: int = 100
    """Chips each player has at the start of the match (of every deal, unless
    ``carry_chips``).  A player who cannot cover a bet goes all in: they call with what
    they have, the others bet on in side pots they have no share of."""
    opens: Opens = Opens.FIRST_SEAT
    """Who acts first in each round."""
    limit: Limit = Limit.FIXED
    """How much a bet or raise may be."""
    blinds_from: BlindsFrom = BlindsFrom.OPENER
    """Who posts the first of the ``blinds``."""
    carry_chips: bool = False
    """Each player's chips carry from deal to deal of a match (a player with none left
    sits the deals out); False: every deal starts from ``chips``."""


@attrs.frozen(kw_only=True)
class HandClass:
    """A class of hands in the showdown's ranking: the hands whose ranks group as
    ``groups`` says (a pair: ``[2]``; two pairs: ``[2, 2]``; no group: any hand)."""

    name: str
    """The class's name (``pair``), in views and events."""
    groups: list[int] = attrs.field(factory=list)
    """Sizes of groups of cards of one rank the hand holds, largest first."""
    straight: bool = False
    """The hand's cards are of consecutive ranks (a straight), ranked by the highest."""
    flush: bool = False
    """The hand's cards are all of one suit (a flush)."""
    top_ranks: list[str] = attrs.field(factory=list)
    """Ranks that count above every other rank when hands of this class compare their
    grouped ranks, the first highest (Brag's prials: ``["3"]``, three threes above three
    aces); none: the pack's order alone."""


@attrs.frozen(kw_only=True)
class Showdown:
    """How the hands still in are compared when the last round ends."""

    cards: int = 1
    """The cards that make a hand: the best so many of a player's own cards and the
    community cards."""
    classes: list[HandClass] = attrs.field(factory=lambda: [HandClass(name="high_card")])
    """The classes of hands, best first (the last holds every hand).  Within a class the
    hand with the higher grouped ranks wins (the larger groups first), then the higher
    other cards, highest first; hands equal in all of these tie and split the pot."""
    low_straight: bool = False
    """In a straight the highest rank may count below the lowest (A 2 3 4 5 with an
    ace-high pack), making the lowest straight."""
    low_straight_best: bool = False
    """The low straight (``low_straight``'s, A 2 3 with an ace-high pack) ranks above every
    other straight instead of below them (Brag's runs: A 2 3, then A K Q down to 4 3 2)."""
    odd_chips: OddChips = OddChips.FIRST_AFTER_OPENER
    """Where the chips of a split pot that do not divide evenly go."""
    low: bool = False
    """The lowest hand wins (lowball): a player's hand is the worst so many of their
    cards by ``classes`` and the ranks, and the worst hand shown takes the pot.  With
    the ace first in ``pack.ranks`` and no straight or flush class it is ace-to-five
    lowball; with the ace last and the poker classes, deuce-to-seven."""
