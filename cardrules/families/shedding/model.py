"""Rules of the shedding procedure: lay a card that beats the top of the pile."""

from __future__ import annotations

import enum

import attrs

from cardrules.model.common import BeatClause, RankBeat, RankClause, Spelling, TrumpBeat

__all__ = [
    "AfterTurn",
    "Bonus",
    "BonusWhen",
    "DealEnd",
    "DrawPolicy",
    "DrawnWildName",
    "ForcedDraw",
    "ForcedDrawAnswer",
    "ForcedDrawThen",
    "GroupKind",
    "GroupSpec",
    "HandPenalty",
    "HandPenaltyMode",
    "LaidOn",
    "LastCard",
    "LayDrawn",
    "Leftover",
    "PickUp",
    "PickUpWhen",
    "RankBeat",
    "RankClause",
    "SheddingPlay",
    "SheddingScoring",
    "SheddingStep",
    "SheddingTrumps",
    "Then",
    "TrumpBeat",
    "TrumpMode",
    "TwoPlayerReverse",
    "UpcardEffect",
    "UpcardRules",
    "UpcardWish",
    "WildSpec",
]


class Then(enum.Enum):
    """What the player does after a special play."""

    NONE = "none"
    """Nothing: the turn ends."""
    OPTIONAL = "optional"
    """They may lay one more card that beats the new top, or end the turn."""
    COMPULSORY = "compulsory"
    """They must make one more move by the normal rules (beat it or the stuck procedure):
    they lay a card on it if they can, and draw only if they cannot, even where drawing
    at will is allowed (``draw.at_will``)."""
    NAME_SUIT = "name_suit"
    """They name a suit (``name H``); the next card must be of that suit or wild."""


class TrumpMode(enum.Enum):
    """How suits rank against each other when beating."""

    NONE = "none"
    """All suits are plain."""
    SHARED = "shared"
    """The ``shared`` suits are one trump class above the plain suits, for everyone."""
    RANKED = "ranked"
    """The ``ranked`` suits form classes, lowest first, all above the plain suits."""
    OWN = "own"
    """Every player has a trump suit of their own, above every other suit for them."""


class AfterTurn(enum.Enum):
    """Effect on the next player when a turn ends with a given rank on top."""

    SKIP = "skip"
    """They lose their turn; the player after them must beat the card."""
    DRAW_THEN_PLAY = "draw_then_play"
    """They draw one card, then take a normal turn."""
    SKIP_AND_DRAW = "skip_and_draw"
    """They draw one card and lose their turn."""
    REVERSE = "reverse"
    """The direction of play turns round: the player who moved before goes next (with
    two players still holding cards, see :class:`TwoPlayerReverse`)."""


class TwoPlayerReverse(enum.Enum):
    """What a ``reverse`` does when only two players still hold cards."""

    SKIP = "skip"
    """It acts as a skip: the player who laid it moves again (Uno's rule)."""
    PLAIN = "plain"
    """Only the direction turns; with two players the other player moves next, as after
    any card."""


class ForcedDrawAnswer(enum.Enum):
    """How a player facing a forced draw may pass it on instead of drawing."""

    NONE = "none"
    """They may not: they draw the total."""
    SAME_RANK = "same_rank"
    """By laying a card of the top card's rank; its own count adds to the total and the
    next player faces it."""
    ANY_FORCED = "any_forced"
    """By laying any card that itself forces a draw (a 2 on a joker, a joker on a 2); its
    own count adds to the total and the next player faces it."""


class ForcedDrawThen(enum.Enum):
    """What a player who drew a forced total does next."""

    TURN_ENDS = "turn_ends"
    """Their turn ends: the next player matches the top card as usual."""
    PLAY_ON = "play_on"
    """They take a normal turn."""


class GroupKind(enum.Enum):
    """Several cards laid in one move."""

    SAME_RANK = "same_rank"
    """Cards of one rank; the player chooses which lies on top."""
    RUN = "run"
    """Consecutive cards of one suit on the ladder; one end goes first, the other ends on top."""


class LaidOn(enum.Enum):
    """What a group may be laid on."""

    ANY = "any"
    """Any top card."""
    END_BEATS = "end_beats"
    """A top card that an end card of the group beats."""


class Leftover(enum.Enum):
    """What happens to the cards left on the pile when the deal ends."""

    DISCARD = "discard"
    """Nobody scores them."""
    TOP_OWNER = "top_owner"
    """The owner of the top card takes them."""


class DealEnd(enum.Enum):
    """When a deal of shedding ends (besides a round of passes with an empty stock)."""

    LAST_HOLDER = "last_holder"
    """When only one player still holds cards."""
    FIRST_OUT = "first_out"
    """As soon as one player has gone out."""


class HandPenaltyMode(enum.Enum):
    """What players still holding cards lose when the deal ends."""

    NONE = "none"
    """Nothing."""
    POINTS = "points"
    """The card points in hand."""
    POINTS_PLUS_FIXED = "points_plus_fixed"
    """The card points plus a fixed amount."""
    POINTS_PLUS_PER_CARD = "points_plus_per_card"
    """The card points plus an amount per card held."""
    BY_CARD = "by_card"
    """Each card by its own table: ``cards``, else ``ranks``, else its face value when
    ``face_value`` is set and its rank is a number, else nothing."""


class BonusWhen(enum.Enum):
    """What a going-out bonus looks at."""

    LAST_CARD = "last_card"
    """The card left on top by the player's final move."""
    LAST_MOVE = "last_move"
    """The kind of the player's final move."""


@attrs.frozen(kw_only=True)
class SheddingTrumps:
    """Trump classes."""

    mode: TrumpMode = TrumpMode.NONE
    """How suits rank against each other."""
    shared: tuple[str, ...] = ()
    """Trump suits of ``shared`` mode."""
    ranked: tuple[str, ...] = ()
    """Trump suits of ``ranked`` mode, lowest class first."""
    beat: TrumpBeat = TrumpBeat.ANY_RANK
    """What a higher class may beat."""
    seats: tuple[str, ...] = ()
    """``own`` mode: each seat's own trump suit, seat 0 first, when no listed phase has
    the players choose them (empty: by seat in the pack's suit order)."""


class PickUpWhen(enum.Enum):
    """When a player facing the top card may pick the pile up (``pick_up.when``)."""

    AT_WILL = "at_will"
    """Whenever they face a top card, even when they could beat it."""
    WHEN_UNABLE = "when_unable"
    """Only when they hold no card that beats it."""


@attrs.frozen(kw_only=True)
class PickUp:
    """A player who does not beat the top card picks the whole pile up into their hand
    (action ``take``) instead of drawing or passing; the pile is then empty and the next
    player holding cards leads any card (``play.pick_up``)."""

    when: PickUpWhen = PickUpWhen.AT_WILL
    """When the pile may be picked up."""
    limit: int = 0
    """A deal in which the pile has been picked up this many times ends drawn, with no
    loser (0: never): picking up only moves cards between the pile and the hands, so
    players who keep taking could go round for ever."""


@attrs.frozen(kw_only=True)
class WildSpec:
    """Cards that may be laid on any top card: a rank, or a face outside rank x suit."""

    rank: str
    """The wild rank, or a face's name (``W``: every copy of that custom face)."""
    then: Then = Then.NONE
    """What the player may or must do after laying it."""
    on_itself: bool = True
    """False: it may not be laid on a card of its own rank, even of a named suit (no jack
    on a jack)."""
    last_resort: bool = False
    """True: it may be laid only when no other card the player holds may be (wild cards
    included): a wild draw four.  Facing a forced draw, the answer rule alone decides."""


class UpcardWish(enum.Enum):
    """Who names the suit when a wild card that names one is turned up to start the pile."""

    NONE = "none"
    """Nobody: the card's own suit counts."""
    DEALER = "dealer"
    """The dealer names a suit before the first move."""
    FIRST_PLAYER = "first_player"
    """The first mover names a suit, then takes their turn."""
    RANDOM = "random"
    """A suit is drawn by lot, from the deal's seeded randomness (the ``random_suit``
    hook), and the first mover takes their turn (RLCard's UNO)."""


@attrs.frozen(kw_only=True)
class UpcardEffect:
    """What a card of a given rank or face does when turned up to start the pile (in this
    order: the direction, the draw, the skip)."""

    reverse: bool = False
    """The direction of play turns round and the dealer moves first."""
    draw: int = 0
    """The player to move first draws this many cards at once."""
    skip: bool = False
    """The player to move first loses that turn; the next player moves first."""


@attrs.frozen(kw_only=True)
class UpcardRules:
    """What the card turned up to start the pile does (``starter_redraw`` turns another
    card up instead)."""

    as_played: bool = False
    """It acts on the first mover as if the dealer had just played it (a forced draw, a
    skip, a draw or a reverse); False: it does nothing, unless an ``upcard`` hook says."""
    wish: UpcardWish = UpcardWish.NONE
    """Who names the suit when it is a wild card that names one."""
    effects: dict[str, UpcardEffect] = attrs.field(factory=dict)
    """Rank or face name -> what such a card does when turned up, instead of
    ``as_played`` or the ``upcard`` hook (a face's entry wins over its rank's)."""


class DrawnWildName(enum.Enum):
    """Who names the suit after a suit-naming wild card laid at once when drawn."""

    PLAYER = "player"
    """The player who drew it, as after any wild card they lay."""
    RANDOM = "random"
    """A suit drawn by lot, from the deal's seeded randomness (the ``random_suit`` hook);
    the turn ends at once (RLCard's UNO)."""


@attrs.frozen(kw_only=True)
class LayDrawn:
    """A card drawn that matches the top is laid at once (``draw.lay_drawn``)."""

    matches: tuple[BeatClause | RankClause, ...] = (BeatClause.SAME_SUIT,)
    """The clauses by which the card drawn matches the top card (a named suit: that suit
    alone)."""
    wild: bool = True
    """A wild card drawn is laid at once too (then named as after any wild card)."""
    name: DrawnWildName = DrawnWildName.PLAYER
    """Who names the suit after a suit-naming wild card laid at once."""
    wild_acts: bool = True
    """False: a wild card laid at once has no effect on the next player (no forced draw,
    skip or reverse), as RLCard's UNO lays a wild draw four drawn: the next player
    simply moves."""


@attrs.frozen(kw_only=True)
class DrawPolicy:
    """When a player may draw from the stock, what drawing does to the turn, and what
    happens when the stock runs out."""

    at_will: bool = False
    """False: only a player who cannot play draws (``stuck_draw`` cards at most).  True:
    the player to move may draw even when able to play, up to ``max_per_turn`` cards;
    then, or once the stock is empty, they play or pass."""
    max_per_turn: int = 1
    """With ``at_will``: the most cards drawn in one turn."""
    ends_turn: bool = False
    """Drawing a card ends the turn at once (the card drawn is not played this turn)."""
    reshuffle: bool = False
    """When the stock runs out (a card is drawn or laid and none is left), the pile but
    its top card is shuffled to make a new stock."""
    max_reshuffles: int = 10
    """With ``reshuffle``: the most times it happens in one deal; after that an empty
    stock stays empty (so every deal ends)."""
    reshuffle_all: bool = False
    """With ``reshuffle``: the whole pile, its top card too, is shuffled into the stock,
    together with any cards still in it, and the top card stays the card to match (the
    pile is empty until the next card is laid, and the card, drawn again, matches itself
    as it matches a copy of itself); and a draw of several cards at once (a forced draw)
    that finds fewer in the stock remakes it first (RLCard's UNO)."""
    play_drawn: bool = False
    """After drawing, only a card drawn this turn may be played (when it may be laid on
    the top); when none may and no more may be drawn, the turn ends at once."""
    lay_drawn: LayDrawn | None = None
    """The card drawn is laid at once, by no choice of the player's, when it matches the
    top as this says (with its effect, as if played); else it is kept.  Either way the
    turn ends (after naming a suit for a wild card laid).  None: the player decides."""


@attrs.frozen(kw_only=True)
class ForcedDraw:
    """Cards that make the next player draw (``draw two``), and how that is answered."""

    ranks: dict[str, int] = attrs.field(factory=dict)
    """Rank or face name -> cards the next player must draw when a turn ends with such a
    card on top (a face's entry wins over its rank's)."""
    answer: ForcedDrawAnswer = ForcedDrawAnswer.SAME_RANK
    """Whether the player facing the total may pass it on (with the same rank)."""
    then: ForcedDrawThen = ForcedDrawThen.TURN_ENDS
    """Whether drawing the total ends their turn."""
    at_once: bool = False
    """The next player draws the count at once as the turn ends, with no move of theirs
    (needs ``answer: none``); then their turn ends or they play on, by ``then``."""


@attrs.frozen(kw_only=True)
class LastCard:
    """Announcing one's last card."""

    penalty: int = 0
    """Cards drawn by a player whose play leaves them one card when they did not
    ``announce`` earlier in that turn (0: nothing to announce)."""


@attrs.frozen(kw_only=True)
class GroupSpec:
    """A move of several cards at once."""

    kind: GroupKind
    """Cards of one rank, or a run in one suit."""
    size: int
    """How many cards."""
    laid_on: LaidOn = LaidOn.ANY
    """Laid on any top, or only where an end card beats the top."""
    then: Then = Then.NONE
    """What follows the move."""


@attrs.frozen(kw_only=True)
class SheddingPlay:
    """The shedding procedure's parameters."""

    procedure: str
    """Always ``shedding``."""
    pile: str = "pile"
    """The pile's name, for display (``bank``)."""
    beats: tuple[BeatClause | RankClause, ...] = ()
    """Clauses saying which card beats the top card within one trump class."""
    trumps: SheddingTrumps = SheddingTrumps()
    """Trump classes."""
    wild: tuple[WildSpec, ...] = ()
    """Ranks that may be laid on anything."""
    groups: tuple[GroupSpec, ...] = ()
    """Moves of several cards."""
    after_turn: dict[str, AfterTurn] = attrs.field(factory=dict)
    """Effect on the next player when a turn ends with a card of this rank or face on top
    (a face's entry wins over its rank's)."""
    stuck_draw: int = 1
    """Cards a player who cannot beat draws (one at a time) before passing."""
    take_min: int = 2
    """A pile smaller than this is never taken."""
    cover_takes: tuple[str, ...] = ()
    """Ranks whose full same-rank group, once covered by a card, gives the pile to the coverer."""
    draw: DrawPolicy = DrawPolicy()
    """When a player may draw."""
    starter_redraw: tuple[str, ...] = ()
    """Ranks or face names that may not start the pile: such a starter card is put under
    the stock and the next card turned instead."""
    redraw_shuffle: bool = False
    """A starter card of ``starter_redraw`` goes back into the stock, which is shuffled
    whole (the ``shuffle`` hook, from the deal's seeded randomness), instead of going
    under it; then the next card is turned (RLCard's UNO)."""
    ends: DealEnd = DealEnd.LAST_HOLDER
    """When the deal ends."""
    blocked_extra_passes: int = 0
    """With an empty stock the deal ends, blocked, once every player still holding cards
    has passed in a row and then this many more passes have followed (OpenSpiel's
    crazy_eights: 1, that is one pass per player and one more)."""
    forced_draw: ForcedDraw = ForcedDraw()
    """Cards that make the next player draw, and how a player may answer them."""
    two_player_reverse: TwoPlayerReverse = TwoPlayerReverse.SKIP
    """What an ``after_turn: reverse`` card does with two players holding cards."""
    last_card: LastCard = LastCard()
    """Announcing the last card."""
    upcard: UpcardRules = UpcardRules()
    """What the card turned up to start the pile does."""
    again: dict[str, Then] = attrs.field(factory=dict)
    """Rank or face name -> what the player does after laying such a card alone, when it
    is not a wild card (whose own ``then`` says): ``optional`` (one more card that beats
    it, or end the turn) or ``compulsory`` (one more move: a card laid on it if they can,
    else a draw), as Pesten's 7 (a face's entry wins over its rank's)."""
    not_last: tuple[str, ...] = ()
    """Ranks or face names a player may not go out on: holding only such a card, they may
    not lay it (and draw instead)."""
    any_on: tuple[str, ...] = ()
    """Ranks or face names on which any card may be laid (a joker, once its forced draw,
    if any, has been taken)."""
    pick_up: PickUp | None = None
    """A player who does not beat the top card picks the pile up into their hand (None:
    they draw or pass, and an unbeaten pile goes to the owner of its top card)."""
    attack: bool = False
    """After laying a card that beats the top card, a player who still holds cards lays
    one more card of their choice on top: the card the next player must beat (not after
    a lead onto an empty pile)."""
    hand_to_owner: tuple[str, ...] = ()
    """Ranks or face names whose cards each player gives, after the deal and before
    play, to the player whose own trump suit they are (``trumps.mode: own``); a card of
    a suit nobody owns stays where it is."""


@attrs.frozen(kw_only=True)
class HandPenalty:
    """Penalty for cards still held when the deal ends."""

    mode: HandPenaltyMode = HandPenaltyMode.NONE
    """What is lost."""
    fixed: int = 0
    """Amount of ``points_plus_fixed``."""
    per_card: int = 0
    """Amount per card of ``points_plus_per_card``."""
    ranks: dict[str, int] = attrs.field(factory=dict)
    """``by_card``: the cost of a card of each listed rank."""
    cards: dict[str, int] = attrs.field(factory=dict)
    """``by_card``: the cost of each listed card (``QS``), before its rank's."""
    face_value: bool = False
    """``by_card``: a card of a number rank not listed costs that number."""


@attrs.frozen(kw_only=True)
class Bonus:
    """A going-out bonus."""

    when: BonusWhen
    """Look at the last card or at the last move."""
    rank: str | None = None
    """The last card must be of this rank."""
    trump: bool | None = None
    """The last card must (true) or must not (false) be a trump for the player."""
    group: GroupKind | None = None
    """The last move must be a group of this kind."""
    exclude_ranks: tuple[str, ...] = ()
    """The last card must not be of these ranks."""
    amount: int = 0
    """Points added whatever the place."""
    by_place: tuple[int, ...] = ()
    """Points added for 1st, 2nd, 3rd... place."""
    take_pile: bool = False
    """The player takes the pile at once."""


@attrs.frozen(kw_only=True)
class SheddingScoring:
    """How a shedding deal is scored."""

    take_points: bool = True
    """Taking the pile scores its card points."""
    places: tuple[int, ...] = ()
    """Bonus for going out 1st, 2nd, 3rd..."""
    bonuses: tuple[Bonus, ...] = ()
    """Further going-out bonuses; they stack."""
    leftover: Leftover = Leftover.DISCARD
    """Cards left on the pile at the end."""
    hand_penalty: HandPenalty = HandPenalty()
    """Cards still held at the end."""
    loser: int = 0
    """Points the deal's loser scores: the one player left holding cards when the deal
    ends (a loss counted, in a match where the fewest is best)."""


class SheddingStep(Spelling):
    """The step a deal of shedding is at (a state's ``phase``), first to last."""

    DEAL = "deal"
    """Play has not begun: the cards are being dealt (a listed phase may be at work,
    such as players choosing their own trump suits)."""
    TURN = "turn"
    """A normal turn."""
    FOLLOW = "follow_up"
    """The optional follow-up after a special play."""
    OVER = "over"
    """The deal has ended."""
    NAME = "name_suit"
    """The player who laid a suit-naming wild card names a suit."""
    ATTACK = "attack"
    """The player who just beat the top card lays one more card of their choice on top
    (``play.attack``)."""


DEAL, TURN, FOLLOW, OVER, NAME, ATTACK = SheddingStep
"""The steps by their short names (the members themselves)."""
PHASES = tuple(SheddingStep)
"""Every step, in order (naming a suit and the attack, added later, come last)."""
