"""Rules of the climbing procedure: the combinations and the passing (play) and the
points for each finishing place (scoring), as data.

>>> play = ClimbingPlay(procedure="climbing",
...                     combinations=[Combination(name="pair", shape=Shape.SAME_RANK, size=2)])
>>> play.passing.value, play.combinations[0].card_count(1)
('may_return', 2)
>>> ClimbingScoring().each_behind
1
"""

from __future__ import annotations

import enum

import attrs

from cardrules.model.common import Spelling

__all__ = ["FIVE_CARD", "OVER", "PLAY", "Attach", "CardsLeft", "ClimbingPlay",
           "ClimbingScoring", "ClimbingStep", "Combination", "Doubler", "Ends", "FirstLead",
           "FlushOrder", "Passing", "Shape", "Step"]


class ClimbingStep(Spelling):
    """The step a deal of the climbing family is at (a state's ``phase``)."""

    PLAY = "play"
    """The players play or pass in turn."""
    OVER = "over"
    """One player (or none) still holds cards."""


PLAY, OVER = ClimbingStep.PLAY, ClimbingStep.OVER
"""The steps by their short names."""


class Shape(enum.Enum):
    """How the cards of a combination lie."""

    SAME_RANK = "same_rank"
    """``size`` cards of one rank (a single card, a pair, a triple, four of a kind)."""
    CHAIN = "chain"
    """Consecutive ranks of the ``chain_ranks``, ``size`` cards of each (a run of single
    cards with size 1, a chain of pairs with size 2), from ``min_length`` to
    ``max_length`` ranks long."""
    CARDS = "cards"
    """Exactly the cards named in ``cards`` (a rocket: both jokers)."""
    STRAIGHT = "straight"
    """Five cards making one of the game's ``straights`` (its runs of ranks), not all of
    one suit (a poker straight)."""
    FLUSH = "flush"
    """Five cards of one suit that make none of the game's straights."""
    FULL_HOUSE = "full_house"
    """Three cards of one rank and two of another."""
    FOUR_AND_ONE = "four_and_one"
    """Four cards of one rank and any fifth card (four of a kind with a kicker)."""
    STRAIGHT_FLUSH = "straight_flush"
    """Five cards of one suit making one of the game's straights."""

    # Hashed by identity (each member is its own only instance): Enum's own __hash__ is a
    # Python function, which the look-up of a shape in FIVE_CARD would call at every move.
    __hash__ = object.__hash__


FIVE_CARD = frozenset({Shape.STRAIGHT, Shape.FLUSH, Shape.FULL_HOUSE, Shape.FOUR_AND_ONE,
                       Shape.STRAIGHT_FLUSH})
"""The shapes of the five-card poker hands."""


class FlushOrder(enum.Enum):
    """How two flushes compare."""

    SUIT_FIRST = "suit_first"
    """By suit first (``suit_order``), then by the highest card, the next highest..."""
    HIGHEST_CARD = "highest_card"
    """By the highest card, then the next highest..., then by suit (``suit_order``)."""


class Passing(enum.Enum):
    """What a pass means for the rest of the table's round."""

    MAY_RETURN = "may_return"
    """A player who passed may play again when their turn comes round."""
    FINAL = "final"
    """A player who passed takes no further part until the table clears."""


class Ends(enum.Enum):
    """When a deal of the climbing family ends."""

    LAST_HOLDER = "last_holder"
    """When one player (or none) still holds cards: the order of going out decides."""
    FIRST_OUT = "first_out"
    """As soon as one player has run out of cards: that player (and their side) wins."""


class LaterLead(enum.Enum):
    """Who leads the first play of a match's later deals, under a first-lead card."""

    HOLDER = "holder"
    """The first-lead card's holder, with a play including it, as in the first deal."""
    WINNER = "winner"
    """The winner of the deal before, with any play."""


class Doubler(enum.Enum):
    """What doubles the stake of a game played against the declarer."""

    BOMB = "bomb"
    """Each bomb played (any combination with ``bomb: true``) doubles it."""
    SPRING = "spring"
    """A spring doubles it: the declarer's opponents played no combination, or the
    declarer played only one."""


@attrs.frozen(kw_only=True)
class Attach:
    """Cards attached to a combination's core (kickers, wings): for each rank of the
    core, ``per_rank`` sets of ``size`` cards of one rank, of ranks outside the core;
    they never decide what beats what, and together they may not hold a bomb."""

    size: int = 1
    """Cards of one rank in each attachment (1: single cards, 2: pairs)."""
    per_rank: int = 1
    """Attachments for each rank of the core (a trio and one single card: 1)."""

    def count(self, length: int) -> int:
        """Attachments a core ``length`` ranks long carries."""
        return self.per_rank * length


@attrs.frozen(kw_only=True)
class Overrides:
    """Plays of another type that a combination may also beat (four of a kind laid on a
    single 2, say), beside the plays of its own type."""

    combination: str
    """The other type, by name (a set of one rank: ``same_rank``)."""
    ranks: list[str] = attrs.field(factory=list)
    """Only plays of these ranks (``["2"]``); empty: a play of any rank."""


@attrs.frozen(kw_only=True)
class Combination:
    """A type of combination: a lead of it is beaten only by a higher one of the same
    type (the same name, and for chains the same length), or by a bomb."""

    name: str
    """The combination's name (``pair``), in views, events and the rules."""
    shape: Shape
    """How its cards lie."""
    size: int = 1
    """Cards of each rank in it."""
    min_length: int = 1
    """Fewest ranks of a chain (1 for other shapes)."""
    max_length: int = 1
    """Most ranks of a chain (1 for other shapes)."""
    bomb: bool = False
    """It beats a combination of any other type that is not a higher bomb; bombs beat
    each other by their number of cards, then by rank."""
    attach: Attach | None = None
    """Cards attached to each rank of it (None: none)."""
    cards: list[str] = attrs.field(factory=list)
    """The cards of a combination of shape ``cards`` (their names)."""
    top: bool = False
    """It beats every other play, bombs included (a rocket); laid, it is beaten as a
    bomb is (by a bomb of more cards)."""
    overrides: list[Overrides] = attrs.field(factory=list)
    """Plays of other types it may also be laid on, whatever their rank or of the
    listed ranks (empty: only plays of its own type, unless it is a bomb)."""
    not_from_whole_rank: bool = False
    """A chain may not start at (have as its lowest rank) a rank of which the player
    holds every card of the pack (false: it may start at any chain rank)."""

    def card_count(self, length: int) -> int:
        """The cards of a combination of this type ``length`` ranks long."""
        if self.shape in FIVE_CARD:
            return 5
        if self.shape is Shape.CARDS:
            return len(self.cards)
        extra = self.attach.count(length) * self.attach.size if self.attach else 0
        return self.size * length + extra

    @property
    def lengths(self) -> range:
        """The lengths in ranks it may have."""
        if self.shape is Shape.CHAIN:
            return range(self.min_length, self.max_length + 1)
        return range(1, 2)


@attrs.frozen(kw_only=True)
class FirstLead:
    """The holder of a card leads the deal's first play, which must include it."""

    card: str
    """The card (its name: ``3D``); when nobody was dealt it, the lowest card dealt (by
    rank, then ``suit_order``) stands for it."""
    takes_undealt: bool = False
    """Its holder also takes the cards left over when the pack is shared out, fewer than
    the players, shown to everyone first (three players sharing 52 cards, 17 each: the
    last card); more left undealt stay out of play."""
    later: LaterLead = LaterLead.HOLDER
    """Who leads the later deals of a match: the card's holder again (``holder``, the
    default) or the winner of the deal before, with any play (``winner``)."""


@attrs.frozen(kw_only=True)
class ClimbingPlay:
    """How a deal of the climbing family is played."""

    procedure: str
    """Always ``climbing``."""
    combinations: list[Combination]
    """The types of combination a player may lead and beat with."""
    chain_ranks: list[str] = attrs.field(factory=list)
    """The ranks that may appear in a chain, lowest first (empty: every rank of the pack
    in the pack's order)."""
    passing: Passing = Passing.MAY_RETURN
    """Whether a pass is final until the table clears."""
    extra_above: bool = False
    """Each extra card of the pack (a joker) is a rank of its own, above the pack's
    ranks, in the order ``pack.extra`` lists them (false: a climbing game has none)."""
    by_rank: bool = False
    """Suits never matter: each play is offered once per set of ranks, laying the first
    cards of each rank in the pack's order (false: every choice of cards is a play)."""
    ends: Ends = Ends.LAST_HOLDER
    """When the deal ends."""
    deal_all: bool = False
    """Every card of the pack is dealt, one at a time from the dealer's left, so some
    players may hold one more than others (``deal.hand`` is then the smallest hand:
    the pack shared out, rounded down)."""
    suit_order: list[str] = attrs.field(factory=list)
    """The suits from low to high: two plays of one type and key rank compare by suit
    (a single by its suit, a set of one rank by its highest suit, a straight by the suit
    of its top card); empty: suits never break a tie."""
    straights: list[str] = attrs.field(factory=list)
    """The runs of ranks a straight (or straight flush) may make, lowest first, each as
    its five ranks from low to high (``"J Q K A 2"``); the last is its top card, whose
    suit breaks a tie (empty: every five consecutive ranks of the chain ranks)."""
    flush_order: FlushOrder = FlushOrder.HIGHEST_CARD
    """How two flushes compare."""
    type_order: list[str] = attrs.field(factory=list)
    """Combinations (by name) of as many cards that beat each other by type, lowest
    first: a play of a type listed later beats any play of a type listed earlier (any
    flush beats any straight); empty: none."""
    first_lead: FirstLead | None = None
    """The card the deal's first play must include, its holder leading (None: the player
    on the dealer's left leads anything)."""


@attrs.frozen(kw_only=True)
class Step:
    """A penalty multiplied for a player left holding many cards."""

    at: int
    """The fewest cards left that it applies to."""
    times: int
    """The multiplier."""


@attrs.frozen(kw_only=True)
class CardsLeft:
    """When the first player runs out (``ends: first_out``), each other player pays them
    a penalty for the cards left in hand."""

    each: int = 1
    """Penalty per card left."""
    steps: list[Step] = attrs.field(factory=list)
    """Multipliers for many cards left (the highest step reached applies)."""

    def penalty(self, left: int) -> int:
        """The penalty for ``left`` cards.

        >>> CardsLeft(steps=[Step(at=10, times=2), Step(at=13, times=3)]).penalty(12)
        24
        """
        times = max((s.times for s in self.steps if left >= s.at), default=1)
        return self.each * left * times


@attrs.frozen(kw_only=True)
class ClimbingScoring:
    """What each finishing place scores."""

    each_behind: int = 1
    """Points a player scores for each player who ran out of cards after them (the first
    out of ``n`` scores ``n - 1`` times it, the last nothing)."""
    against_declarer: list[Doubler] | None = None
    """The declarer (a listed auction's) plays alone against the others for a stake:
    the contract, doubled once by each of these; with ``ends: first_out`` the side of
    the first out wins it, each opponent paying the declarer the stake or the declarer
    paying each (None: scored by places)."""
    cards_left: CardsLeft | None = None
    """Each player pays the first out a penalty for the cards left in hand (None:
    scored by places)."""
