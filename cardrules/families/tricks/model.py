"""Rules of the trick-taking procedure: lead cards, answer with as many, the best set takes."""

from __future__ import annotations

import enum

import attrs

from cardrules.engine.events import RawEvent
from cardrules.families.tricks.melds_model import Melds
from cardrules.model.common import BeatClause, Spelling, TrickTrump, TrumpSource

__all__ = [
    "AllPoints",
    "Announced",
    "AnswerSpec",
    "Band",
    "CardFilter",
    "Close",
    "CombinationSpec",
    "Condition",
    "Counts",
    "DrawOrder",
    "Duties",
    "Effect",
    "Exchange",
    "FirstTrick",
    "Follow",
    "Holder",
    "LeadSpec",
    "Opening",
    "Partners",
    "RawEvent",
    "SetBeat",
    "SuitOf",
    "Target",
    "TrickScoring",
    "TrickStep",
    "TrickTrump",
    "TricksPlay",
    "TricksTrump",
    "TrumpCard",
    "TrumpSource",
    "Unannounced",
    "Unbroken",
]



class SetBeat(enum.Enum):
    """When a set of answering cards beats the set it answers."""

    PAIRING = "pairing"
    """The cards can be paired one to one so that every card answered is beaten."""


class Holder(enum.Enum):
    """Who holds (and at the end takes) the trick."""

    LAST_BEATER = "last_beater"
    """The leader, until someone beats the holder's cards; the last to do so takes it."""


class DrawOrder(enum.Enum):
    """How hands are refilled from the stock after a trick."""

    WINNER_FIRST = "winner_first"
    """One card at a time, the trick winner first, then clockwise, up to the hand size."""
    FACE_UP_TOP = "face_up_top"
    """As ``winner_first``, with the stock's top card face up: the winner takes the card
    everyone has seen, the others the next cards unseen, and the next card is turned up
    (the first one is the trump card with ``deal.trump_card``)."""
    NONE = "none"
    """Nobody draws."""


class Effect(enum.Enum):
    """What declaring a combination does."""

    LEAD = "lead"
    """The declarer leads its cards at once as one lead (of any suits)."""
    WIN_DEAL = "win_deal"
    """The declarer wins the deal at once; the deal is scored as it stands."""
    SCORE = "score"
    """The player on lead shows the combination (``declare marriage KH QH``), which scores
    its ``points`` (``trump_points`` in the trump suit), then leads one of its cards (or
    announces the target)."""


class Counts(enum.Enum):
    """When the points of a combination that scores count."""

    AT_ONCE = "at_once"
    """As soon as it is declared."""
    AFTER_A_TRICK = "after_a_trick"
    """Once the declarer has taken a trick (at once if they already have)."""


@attrs.frozen(kw_only=True)
class LeadSpec:
    """What a lead may be (never more cards than the smallest hand holds)."""

    max_cards: int = 1
    """Most cards in one lead."""
    same_suit: bool = True
    """A lead of several cards must be of one suit."""


@attrs.frozen(kw_only=True)
class AnswerSpec:
    """How the other players answer a lead (always with as many cards as were led)."""

    face_up: bool = True
    """Answers may be laid face up (action ``answer``); only those can beat."""
    face_down: bool = False
    """Answers may be laid face down (action ``throw``); they never beat."""


class Follow(enum.Enum):
    """What an answer must follow."""

    NONE = "none"
    """Nothing: any card may answer (as in Bura)."""
    SUIT = "suit"
    """The led suit: a player who can must answer with cards of the led suit (with as many
    of them as they hold, up to the number led)."""


class Condition(enum.Enum):
    """When the duties of answering apply."""

    ALWAYS = "always"
    """Throughout the deal."""
    STOCK_EMPTY = "stock_empty"
    """Once the stock is empty (nothing is left to draw)."""
    STOCK_CLOSED = "stock_closed"
    """Once the stock is closed (``play.close``) or empty."""


@attrs.frozen(kw_only=True)
class Duties:
    """What an answer must do, when the player is able to, checked in this order: follow
    suit, else trump, then (among the cards those duties leave) beat the cards holding the
    trick.  A duty never forbids every answer: a player unable to meet it is free of it."""

    follow: Follow = Follow.NONE
    """Follow the led suit."""
    trump_when_void: bool = False
    """A player holding no card of the led suit must answer with trumps (as many as they
    hold, up to the number led); needs ``follow: suit``."""
    head: bool = False
    """Beat the cards holding the trick (take it over), among the answers the other duties
    allow."""
    overtrump: bool = False
    """A player answering with trumps to a trick that a trump holds must beat it with
    them, if able (among the answers the other duties allow; answers without trumps stay
    allowed as those duties say)."""
    partner_frees: bool = False
    """A player holding no card of the led suit whose partner (``scoring.partners``)
    holds the trick is free of ``trump_when_void`` and ``overtrump``."""
    when: Condition = Condition.ALWAYS
    """When these duties apply."""


@attrs.frozen(kw_only=True)
class Opening:
    """The card that opens a deal."""

    card: str
    """Its holder leads the first trick of every deal (whoever the ``first_mover`` hook
    names) and must lead it unless ``lead_any``, e.g. ``2C``."""
    any_of_suit: bool = False
    """The first lead may be any card(s) of the opening card's suit instead."""
    lead_any: bool = False
    """The card only names the first leader, who may lead any card(s) (false: the holder
    must lead it, or with ``any_of_suit`` cards of its suit)."""


@attrs.frozen(kw_only=True)
class Unbroken:
    """Suits that may not be led until broken (hearts, say)."""

    suits: tuple[str, ...]
    """The suits; they are broken together, once a card of any of them is played."""
    broken_by: tuple[str, ...] = ()
    """Cards whose play breaks them too (the queen of spades, say)."""
    never_broken: bool = False
    """They are never broken: they may be led only by a leader who holds nothing else."""


@attrs.frozen(kw_only=True)
class FirstTrick:
    """Cards kept out of the deal's first trick."""

    no_cards: tuple[str, ...] = ()
    """Suit names and card names (``[H, QS]``): a player who holds no card of the led suit
    may not answer the first trick with such cards unless the other duties leave nothing
    else."""


@attrs.frozen(kw_only=True)
class CardFilter:
    """Cards matching every given condition."""

    ranks: tuple[str, ...] = ()
    """The card's rank is one of these (empty: any rank)."""
    trump: bool | None = None
    """The card is (true) or is not (false) a trump (null: either)."""


@attrs.frozen(kw_only=True)
class CombinationSpec:
    """A combination of cards that may be declared before a lead."""

    size: int
    """Number of cards."""
    all: CardFilter = CardFilter()
    """Every card must match this filter."""
    same_suit: bool = False
    """All the cards must be of one suit."""
    include: tuple[CardFilter, ...] = ()
    """At least one card must match one of these filters (empty: no such condition)."""
    effect: Effect = Effect.LEAD
    """What declaring it does."""
    points: int = 0
    """Points it scores (effect ``score``), added to the declarer's card points."""
    trump_points: int | None = None
    """Points it scores when its cards are trumps (null: ``points``)."""
    counts: Counts = Counts.AT_ONCE
    """When its points count (effect ``score``)."""
    suit_points: dict[str, int] = attrs.field(factory=dict)
    """Points it scores by the suit of its cards (effect ``score``, ``same_suit``), in
    place of ``points`` and ``trump_points`` (empty: those)."""
    after_a_trick: bool = False
    """Only a player who has taken a trick this deal may declare it (effect ``score``)."""
    sets_trump: bool = False
    """Declaring it makes the suit of its cards trumps at once, until another such
    declaration (effect ``score``, ``same_suit``): the card then led is a trump."""


@attrs.frozen(kw_only=True)
class Announced:
    """Cards of one suit that score when their holder plays them all, announcing them as
    they go (Belote's king and queen of trumps: "belote" on the first, "rebelote" on the
    second).  A player who plays one of them while holding all the others of that suit
    announces the first word; on playing the last of them, the last word, and the points
    count for them (in their deal points, kept by them whatever the contract)."""

    ranks: tuple[str, ...]
    """The ranks of the cards, one card of each rank in one suit."""
    trump: bool | None = None
    """Only in the trump suit (true), only in the other suits (false), in any suit
    (null)."""
    points: int = 0
    """Points they score."""
    words: tuple[str, ...] = ("announce",)
    """What the player says: the first word on the first card, the last on the last
    (one word: said on both)."""


@attrs.frozen(kw_only=True)
class Exchange:
    """The holder of a trump of one rank may take the turned-up trump card for it."""

    rank: str
    """The rank of the trump given in exchange (the nine, say)."""
    min_stock: int = 1
    """Fewest cards the stock must hold, the turned-up card included."""
    after_a_trick: bool = False
    """Only a player who has taken a trick may exchange."""


@attrs.frozen(kw_only=True)
class Close:
    """The player on lead may close the stock: nobody draws from it for the rest of the
    deal, and the last trick earns no points."""

    min_stock: int = 1
    """Fewest cards the stock must hold, the turned-up card included."""


class SuitOf(enum.Enum):
    """Which suit a :class:`TrumpCard` given by its rank is of, relative to the trump suit."""

    TRUMP = "trump"
    """The trump suit itself (Euchre's right bower: the jack of trumps)."""
    SAME_COLOUR = "same_colour"
    """The other suit of the trump suit's colour (``trump.colours``; Euchre's left bower:
    the jack of the suit of the same colour)."""


@attrs.frozen(kw_only=True)
class TrumpCard:
    """A card ranked above the trump suit's own cards: a fixed card of the pack (``card``,
    a trump whatever the trump suit is: Kozel's queens, Skat's jacks, a joker) or the card
    of ``rank`` in a suit named relative to the trump suit (Euchre's bowers), which changes
    with the trump suit.  Either way it counts in the trump suit, not its printed one, for
    following suit and for taking tricks."""

    card: str | None = None
    """A card of the pack by name (``6C``, ``QS``, ``JK``)."""
    rank: str | None = None
    """A rank: the card of this rank in the suit ``suit`` names."""
    suit: SuitOf = SuitOf.TRUMP
    """With ``rank``: the trump suit, or the other suit of its colour."""


@attrs.frozen(kw_only=True)
class TricksTrump(TrickTrump):
    """The trump suit of a deal of tricks and, as data, its order: the ranks of the trump
    suit in an order of their own, and cards above them that count as trumps (permanent
    trumps, or cards that change suit with the trump suit).  The order applies whenever
    the deal has a trump suit; without one every card counts in its printed suit."""

    ranks: tuple[str, ...] = ()
    """The trump suit's ranks, lowest first as in ``pack.ranks``, when trumps rank
    otherwise than the plain suits (empty: as ``pack.ranks``)."""
    above: tuple[TrumpCard, ...] = ()
    """Cards above the trump suit's own, lowest first; each counts as a trump."""
    colours: tuple[tuple[str, ...], ...] = ()
    """The suits of each colour (``[[C, S], [D, H]]``), for ``suit: same_colour``."""
    points: dict[str, int] = attrs.field(factory=dict)
    """Card points per rank of the trump suit's own cards, in place of ``pack.points``
    for those ranks (Belote's jack 20 and nine 14); ranks not listed keep their points."""


@attrs.frozen(kw_only=True)
class TricksPlay:
    """The trick-taking procedure's parameters."""

    procedure: str
    """Always ``tricks``."""
    lead: LeadSpec = LeadSpec()
    """What a lead may be."""
    answer: AnswerSpec = AnswerSpec()
    """How the others answer a lead."""
    beats: tuple[BeatClause, ...] = (BeatClause.HIGHER_SAME_SUIT,)
    """Clauses saying which card beats another of the same trump class."""
    trump: TricksTrump = attrs.field(factory=TricksTrump)
    """The trump suit and its order."""
    sets: SetBeat = SetBeat.PAIRING
    """When a set of cards beats another."""
    holder: Holder = Holder.LAST_BEATER
    """Who holds and takes the trick."""
    draw: DrawOrder = DrawOrder.WINNER_FIRST
    """How hands are refilled after a trick."""
    combinations: dict[str, CombinationSpec] = attrs.field(factory=dict)
    """Declarable combinations by name, in the order they are offered."""
    announced: dict[str, Announced] = attrs.field(factory=dict)
    """Cards that score when their holder plays them all, announced as they are played,
    by name (Belote's ``belote``)."""
    duties: Duties = Duties()
    """What an answer must do (nothing, by default)."""
    opening: Opening | None = None
    """The card that opens every deal (None: the ``first_mover`` hook names the leader and
    any card may be led)."""
    unbroken: Unbroken | None = None
    """Suits that may not be led until broken (None: any suit may be led)."""
    first_trick: FirstTrick = FirstTrick()
    """Cards kept out of the first trick."""
    exchange: Exchange | None = None
    """Exchanging a trump for the turned-up card (None: not allowed)."""
    close: Close | None = None
    """Closing the stock (None: not allowed)."""
    melds: Melds | None = None
    """Declarations made by every player during the first trick and compared between
    the sides (None: none)."""


@attrs.frozen(kw_only=True)
class Band:
    """A deal score for players who took at least so many points and tricks."""

    score: int
    """The deal score."""
    min_points: int = 0
    """Fewest card points taken in tricks."""
    min_tricks: int = 0
    """Fewest tricks taken."""


class Partners(enum.Enum):
    """Who plays together."""

    NONE = "none"
    """Everyone plays alone."""
    OPPOSITE = "opposite"
    """Players sitting opposite each other are partners (seats 0 and 2, 1 and 3)."""


@attrs.frozen(kw_only=True)
class AllPoints:
    """What happens when one player (or partnership) took all the points of a deal: every
    card worth points that was taken in a trick, and the last trick's points if any."""

    others_score: bool = False
    """They count 0 points and every other player (or partnership) counts the deal's
    total instead (shooting the moon); false: nothing special happens."""


class Unannounced(enum.Enum):
    """How a deal played out without an announcement (``scoring.target``) is scored."""

    BY_POINTS = "by_points"
    """As if the player with the most points (and at least the target) had announced;
    nobody scores when nobody reached the target."""
    LAST_TRICK = "last_trick"
    """The winner of the last trick scores by the bands, whatever the points."""


@attrs.frozen(kw_only=True)
class Target:
    """A target of card points (marriages and the last trick included) that the player
    on lead may announce; the announcement ends the deal."""

    points: int
    """The target (66, say)."""
    bands: dict[str, Band]
    """A correct announcer scores the first band (in file order) that the best of the
    others reaches (by points and tricks); everyone else scores 0."""
    wrong: int = 2
    """What each other player scores when the announcer has not reached the target."""
    failed_close: int = 2
    """What each other player scores at least when the stock's closer does not reach the
    target first (the others' correct announcement, or play to the end)."""
    unannounced: Unannounced = Unannounced.BY_POINTS
    """How a deal played to its end without an announcement is scored."""


@attrs.frozen(kw_only=True)
class TrickScoring:
    """How a deal of tricks is scored: either by rank of card points (``most_points`` and
    ``bands``), or as the sum of the vocabulary's terms (``tricks_over``, ``tricks_ahead``
    and ``points_taken``, with ``all_points``), counting the tricks ``counted`` says.
    Partners pool what they took and score alike.

    >>> TrickScoring(tricks_over=6).scored_by_terms
    True
    >>> TrickScoring(most_points=0).scored_by_terms
    False
    >>> TrickScoring(tricks_ahead=1, counted=Condition.STOCK_EMPTY).scored_by_terms
    True
    """

    most_points: int | None = None
    """Score of the player(s) with the most card points (null: bands for everyone)."""
    bands: dict[str, Band] = attrs.field(factory=dict)
    """Scores of the other players: the first band (in file order) they reach."""
    partners: Partners = Partners.NONE
    """Partnerships: partners pool their points and tricks and score alike."""
    last_trick: int = 0
    """Points added to the card points of whoever takes the last trick of a deal played
    to its last card (0: none)."""
    tricks_over: int | None = None
    """A book: each trick taken beyond this many scores 1, none when not more (null:
    tricks score nothing by themselves)."""
    points_taken: int = 0
    """Each card point taken scores this many (negative: penalty points; 0: card points
    score nothing by themselves)."""
    all_points: AllPoints = AllPoints()
    """When one player or partnership took all the points (needs ``points_taken``)."""
    target: Target | None = None
    """A target of points to announce (None: none); it scores the deal by itself."""
    tricks_ahead: int = 0
    """Each trick by which a side's tricks exceed the most any other side took scores
    this many (0: none): with two sides, the winner scores the difference in tricks."""
    counted: Condition = Condition.ALWAYS
    """Which tricks count for the deal score: every one (``always``), or only those
    played once the stock is empty (``stock_empty``) or closed or empty
    (``stock_closed``); the others are set aside and count nothing."""

    @property
    def scored_by_terms(self) -> bool:
        """True when deal scores add up ``tricks_over``, ``tricks_ahead`` and
        ``points_taken`` (instead of ``most_points`` and ``bands``)."""
        return self.tricks_over is not None or self.points_taken != 0 or \
            self.tricks_ahead != 0


class TrickStep(Spelling):
    """The step a deal of tricks is at (a state's ``phase``); a fresh deal starts at the
    first."""

    LEAD = "lead"
    """The leader leads (or, when offered, declares)."""
    DECLARE = "declare"
    """A player is asked to declare a combination."""
    ANSWER = "answer"
    """The others answer the lead."""
    OVER = "over"
    """The deal has ended."""


LEAD, DECLARE, ANSWER, OVER = TrickStep
"""The steps by their short names (the members themselves)."""
PHASES = tuple(TrickStep)
"""Every step (the first is where a fresh deal starts)."""
