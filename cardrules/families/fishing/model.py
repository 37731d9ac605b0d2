"""Rules of the fishing procedure: capture from a face-up layout by rank or by sum.

>>> play = FishingPlay(procedure="fishing")
>>> play.capture.by_rank, play.capture.by_sum, play.capture.pile
(True, True, False)
>>> FishingScoring().sweep
1
"""

from __future__ import annotations

import enum

import attrs

from cardrules.model.common import Spelling

__all__ = ["OVER", "PLAY", "Build", "Capture", "FishingPlay", "FishingScoring", "Step", "Tie"]


class Step(Spelling):
    """The step a deal of a fishing game is at (a state's ``phase``)."""

    PLAY = "play"
    """A player plays a card from hand."""
    OVER = "over"
    """The deal has ended."""


PLAY, OVER = Step.PLAY, Step.OVER
"""The steps by their short names."""


class Capture(enum.Enum):
    """What a played card captures from the table."""

    RANK = "rank"
    """One card of its rank."""
    SUM = "sum"
    """Any set of cards whose values add up to its value."""
    BOTH = "both"
    """Either."""
    PILE = "pile"
    """The table is a pile: a card of the top card's rank, or of a ``takes_all`` rank,
    takes the whole pile (Kseri, Pishti); any other card goes on top."""

    @property
    def by_rank(self) -> bool:
        """Whether a card captures a card of its rank from a layout."""
        return self is Capture.RANK or self is Capture.BOTH

    @property
    def by_sum(self) -> bool:
        """Whether a card captures a set of cards adding up to its value."""
        return self is Capture.SUM or self is Capture.BOTH

    @property
    def pile(self) -> bool:
        """Whether the table is a pile taken whole (a card played captures by itself)."""
        return self is Capture.PILE


class Tie(enum.Enum):
    """Who scores a majority of cards that two sides or more share."""

    NOBODY = "nobody"
    """Nobody scores it."""
    EACH = "each"
    """Each of the tied sides scores it."""


@attrs.frozen(kw_only=True)
class FishingPlay:
    """How a fishing game is played."""

    procedure: str
    """Always ``fishing``."""
    table: int = 4
    """Cards turned face up on the table after the hands are dealt."""
    capture: Capture = Capture.BOTH
    """What a played card captures: a card of its rank, a set adding up to its value,
    either, or (``pile``) the whole pile when it matches the top card."""
    takes_all: list[str] = attrs.field(factory=list)
    """With ``capture: pile``, ranks whose cards take the whole pile whatever its top
    card (Kseri's jacks); such a card never stays on top of the pile at the deal."""
    table_down: int = 0
    """Of the ``table`` cards, how many are dealt face down (hidden from every player;
    they are taken with the pile and seen by their taker only); the rest lie face up."""
    values: dict[str, int] = attrs.field(factory=dict)
    """Rank -> the value that sums count (ranks not listed: their ``pack.points``, else
    their place in ``pack.ranks`` counting from 1)."""
    rank_first: bool = True
    """When a card of the played card's rank lies on the table, the player must capture
    a card of that rank, not a set that adds up."""
    must_capture: bool = True
    """A card that can capture must capture: it may be laid on the table only when it
    captures nothing."""
    refill: bool = True
    """When every hand is empty the dealer deals again from the stock while it lasts."""
    last_takes_rest: bool = True
    """When the deal ends, the last player to capture takes the cards left on the table."""
    redeal_rank: str = ""
    """A rank that spoils the deal when at least ``redeal_count`` of its cards are turned
    face up to the table: the cards are shuffled and dealt again ("": never)."""
    redeal_count: int = 3
    """How many cards of ``redeal_rank`` on the table spoil the deal."""
    partners: bool = False
    """With four players, the players sitting opposite play together: their captures
    are counted together and they score alike."""
    sets: bool = False
    """A card captures several sets at once (cards of its rank, sets adding up to its
    value, builds of its value), each card once; a card worth 0 still takes one card
    of its rank."""
    zero_sets: bool = False
    """With ``sets``, a card worth 0 too captures several cards of its rank at once."""
    builds: bool = False
    """A player may lay a card from hand onto table cards to make a build, captured
    later as one unit with a card of its value, which the builder must hold."""
    increase: bool = True
    """With ``builds``, a single build may be increased by a card from hand to a new
    value its player holds (a multiple build never)."""
    trail_with_build: bool = False
    """With ``builds``, a player who owns a build may still lay a card on the table
    without capturing or building."""
    most_named: int | None = None
    """With ``sets`` or ``builds``, the most cards one capture or build names, the played
    card included (None: any number, as the rules have it).  A bound keeps the action
    space small enough for a dense legal mask (the learning adapters)."""


@attrs.frozen(kw_only=True)
class FishingScoring:
    """How a deal of a fishing game scores; a tie for any majority scores nothing."""

    most_cards: int = 1
    """Points for the side that captured the most cards."""
    most_cards_tie: Tie = Tie.NOBODY
    """Who scores ``most_cards`` when sides tie for the most cards."""
    suit: str = ""
    """A suit whose majority scores ``most_suit`` ("": none)."""
    most_suit: int = 1
    """Points for the side that captured the most cards of ``suit``."""
    cards: dict[str, int] = attrs.field(factory=dict)
    """Card name -> points for the side that captured it (``7D: 1``)."""
    rank_points: dict[str, int] = attrs.field(factory=dict)
    """Rank -> points for each card of that rank a side captured (``J: 1``)."""
    primiera: dict[str, int] = attrs.field(factory=dict)
    """Rank -> primiera points ({}: no primiera).  A side's primiera is the sum of its
    best card of each suit; a side lacking a suit has none."""
    primiera_points: int = 1
    """Points for the side with the highest primiera."""
    sweep: int = 1
    """Points for each sweep: a capture that clears the table."""
    sweep_size: int = 0
    """A sweep takes exactly this many cards from the table (0: any number); Kseri's
    xeri takes a lone card."""
    sweep_match: bool = False
    """A sweep's cards taken are all of the rank of the card that takes them (a jack
    taking a lone 7 is no xeri)."""
    sweep_points: dict[str, int] = attrs.field(factory=dict)
    """Rank of the card that makes a sweep -> the sweep's points in place of ``sweep``
    (Kseri: a jack taking a lone jack, ``J: 20``)."""
    last_sweep: bool = False
    """The deal's last play scores a sweep too (by default it does not)."""


@attrs.frozen(kw_only=True)
class Build:
    """A build on the table.

    >>> Build(cards=0b11, value=9, owner=1).multiple
    False
    """

    cards: int
    """Its cards, as a bit set (they lie on the table)."""
    value: int
    """The value it is announced at, captured by a card of that value."""
    owner: int
    """Who built or last increased it."""
    multiple: bool = False
    """Made of several groups each adding up to its value (never increased)."""
