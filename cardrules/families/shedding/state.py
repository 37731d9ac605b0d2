"""The shedding procedure: lay a card that beats the top of the pile, draw, or pass.

The owner of a card nobody beats takes the pile.  Everything game-specific (which
cards beat which, trumps, specials, bonuses) comes from the variant's data through
:class:`~cardrules.families.shedding.tables.SheddingTables`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, cast

import attr
import attrs

from cardrules.actions import Action, Kind
from cardrules.cards import bits, count, deal_round, mask_of
from cardrules.engine import absences, flow
from cardrules.engine.events import Event, RawEvent, raw_event, records
from cardrules.engine.fields import (
    Card,
    CardList,
    CardSet,
    CardSets,
    Count,
    Enumerated,
    Events,
    Flag,
    MissingCards,
    Numbers,
    Seat,
    Seats,
    SpareCounts,
    Stage,
    Suit,
    Suits,
    field,
    reset,
)
from cardrules.engine.game_core import GameCore
from cardrules.engine.native import mypyc_attr
from cardrules.engine.pauses import resume_fields
from cardrules.engine.seeding import derive_seed
from cardrules.engine.standings import lower_is_better
from cardrules.engine.state import DealContext, DealResult, FieldState, GameContext
from cardrules.engine.state_codec import fresh
from cardrules.engine.table import with_seat
from cardrules.engine.turns import When
from cardrules.families.shedding import playout as shedding_playout
from cardrules.families.shedding import rules as shedding_rules
from cardrules.families.shedding.attributes import DrawnAttributes
from cardrules.families.shedding.drawn import DrawnFields
from cardrules.families.shedding.effects import (
    announcing,
    draw_forced,
    facing_draw,
    lot_suit,
    refill,
    reverse,
    shuffle,
    take_cards,
)
from cardrules.families.shedding.model import (
    ATTACK,
    DEAL,
    FOLLOW,
    NAME,
    OVER,
    PHASES,
    TURN,
    AfterTurn,
    GroupKind,
    Leftover,
    SheddingStep,
    Then,
    TrumpMode,
    UpcardEffect,
    UpcardWish,
)
from cardrules.families.shedding.scoring import going_out_bonus, hand_penalties, nth
from cardrules.families.shedding.tables import ANNOUNCE, Move, SheddingTables
from cardrules.hooks import FirstMoverInput
from cardrules.model.common import Visibility

if TYPE_CHECKING:
    from cardrules.engine.views import View

__all__ = ["ANNOUNCE", "DEAL", "FIELD_GROUPS", "FOLLOW", "NAME", "OVER", "PHASES", "TURN",
           "SheddingState"]

# Enum members read in functions, as module constants: compiled, each is a C static
# (on Python 3.11 an enum class's attribute costs a slow lookup: EnumType has a
# __getattr__).
_AFTER_TURN_DRAW_THEN_PLAY: Final = AfterTurn.DRAW_THEN_PLAY
_AFTER_TURN_REVERSE: Final = AfterTurn.REVERSE
_AFTER_TURN_SKIP_AND_DRAW: Final = AfterTurn.SKIP_AND_DRAW
_GROUP_KIND_SAME_RANK: Final = GroupKind.SAME_RANK
_KIND_DRAW: Final = Kind.DRAW
_KIND_NAME: Final = Kind.NAME
_KIND_PASS: Final = Kind.PASS
_KIND_PLAY: Final = Kind.PLAY
_KIND_VERB: Final = Kind.VERB
_LEFTOVER_TOP_OWNER: Final = Leftover.TOP_OWNER
_THEN_NAME_SUIT: Final = Then.NAME_SUIT
_THEN_NONE: Final = Then.NONE
_THEN_OPTIONAL: Final = Then.OPTIONAL
_TRUMP_MODE_OWN: Final = TrumpMode.OWN
_UPCARD_WISH_DEALER: Final = UpcardWish.DEALER
_UPCARD_WISH_FIRST_PLAYER: Final = UpcardWish.FIRST_PLAYER
_UPCARD_WISH_NONE: Final = UpcardWish.NONE
_UPCARD_WISH_RANDOM: Final = UpcardWish.RANDOM
_WHEN_BETWEEN_TURNS: Final = When.BETWEEN_TURNS
_STEP_ATTACK: Final = ATTACK  # the steps as final names: compiled, read as constants
_STEP_FOLLOW: Final = FOLLOW
_STEP_NAME: Final = NAME
_STEP_OVER: Final = OVER
_STEP_TURN: Final = TURN


OWN_OR_PUBLIC = (Visibility.OWNER, Visibility.PUBLIC)
"""Hands: a hidden hand could not be played by its owner."""
HIDDEN_OR_PUBLIC = (Visibility.HIDDEN, Visibility.PUBLIC)
"""A stock is face down or face up."""

FIELD_GROUPS: tuple[type, ...] = (DrawnFields,)
"""The optional field groups :func:`~cardrules.engine.flow.compose` may add to the state's
class (``field_mixins`` of the family's procedure), in the order of the bits of
:attr:`SheddingState._groups`: the state's own clone copies the fields of those its class
has (:func:`~cardrules.engine.state_codec.field_groups`)."""

VIEWS: Final[list[Callable[[SheddingState, int], dict[str, Any]]]] = []
"""The family's view function, put here by :mod:`cardrules.families.shedding.view` when it
is imported (the family's procedure imports it).  That module reads this one's class, so
a compiled view reads the state's fields directly; this module therefore does not import
it."""


@mypyc_attr(allow_interpreted_subclasses=True)  # the listed phases' fields: flow.compose
@attr.s(auto_attribs=True, slots=True, eq=False, repr=False)
class SheddingState(FieldState, DrawnAttributes):
    """A deal of a shedding game.  Each field below is declared once; the public
    read-only properties (``state.hands``...), JSON, zones and re-sampling derive from
    these declarations.

    The class is on the compiled hot path: ``attr.s`` (which mypyc compiles to a native
    class, where ``attrs.define`` leaves an ordinary one) and its clone and properties
    written out at the end (:mod:`cardrules.tools.written_states`) instead of attached at
    run time by :func:`~cardrules.engine.state_codec.derived`.

    The class's own methods call one another through the class
    (``SheddingState._play(self, move)``): in the games whose state class adds an optional
    field group (:data:`FIELD_GROUPS`: Mau-Mau's and Pesten's drawn card), the state is an
    instance of a class composed at run time, whose method calls a compiled build makes
    through Python (mypyc's glue for interpreted subclasses); a call through the class is a
    direct call, and costs the same interpreted. The clone stays an ordinary call, which
    a composed class may replace."""

    # GameContext is imported to run: a compiled build (mypyc) evaluates the annotations.
    _game: GameContext = attrs.field(default=None)
    _tables: SheddingTables = attrs.field(default=None)
    """The game's compiled tables (``game.tables``), kept here where a compiled build reads
    them natively: the game is an interpreted object, read the slow way."""
    _hands: tuple[int, ...] = field(CardSets(zone="hand", allowed=OWN_OR_PUBLIC))
    """Each hand as a bit set."""
    _stock: tuple[int, ...] = field(CardList(zone="stock", seen=Visibility.HIDDEN,
                                                       allowed=HIDDEN_OR_PUBLIC))
    """The stock; the last card is drawn next."""
    _pile: tuple[int, ...] = field(CardList(zone="pile", allowed=(Visibility.PUBLIC,)))
    """The pile, bottom to top."""
    _top: int = field(Card())
    """The card to beat (-1: none); it stays after a take as the remembered top."""
    _owner: int = field(Seat())
    """Who laid the top card (-1: nobody, as for the starter card)."""
    _cover: bool = field(Flag())
    """The top completes a group whose covering takes the pile."""
    _fresh: bool = field(Flag())
    """The player to move laid the top during this turn."""
    _current: int = field(Seat(nobody=False))
    """The player to act."""
    _phase: SheddingStep = field(Enumerated(of=SheddingStep))  # noqa: RUF009
    """The step the deal is at."""
    _drawn: int = field(Count())
    """Cards drawn this turn."""
    _own_suits: tuple[int, ...] = field(Suits(), label="own trump suits")
    """Per-player trump suit index (empty: no own trumps)."""
    _out: tuple[int, ...] = field(Seats())
    """Players gone out, in order."""
    _scores: tuple[int, ...] = field(Numbers())
    """Deal results so far."""
    _taken: tuple[int, ...] = field(CardSets(zone="taken", seen=Visibility.PUBLIC,
                                                       allowed=tuple(Visibility)))
    """Cards each player took, as bit sets."""
    _discard: int = field(CardSet(zone="discard", seen=Visibility.HIDDEN))
    """Cards out of play."""
    _missing: tuple[int, ...] = field(MissingCards())
    """Per player, cards play has shown them not to hold (see :mod:`cardrules.engine.absences`)."""
    _spare: tuple[int, ...] = field(SpareCounts())
    """Per player, hidden cards drawn since, which ``missing`` does not bind."""
    _passes: int = field(Count())
    """Passes in a row with an empty stock."""
    _named_suit: int = field(Suit(), label="named suit")
    """The suit named after a wild card, to be matched next (-1: none)."""
    _pending: int = field(Count(), label="pending draw")
    """Cards the player to move must draw unless they pass the draw on (``forced_draw``)."""
    _reversed: bool = field(Flag())
    """Play goes the other way round from the game's turn order (counterclockwise, to the
    right, in a game played clockwise), after a ``reverse``."""
    _announced: bool = field(Flag())
    """The player to move has announced their last card this turn."""
    _reshuffled: int = field(Count())
    """Times the pile was shuffled into the stock in this deal."""
    _pickups: int = field(Count())
    """Times the pile was picked up into a hand in this deal (``pick_up``)."""
    _shuffle_seed: int = field(Count(), label="shuffle seed")
    """Seed of the deal's reshuffles (never shown in a view)."""
    _starter: int = field(Seat())
    """Who moved first."""
    _dealer: int = field(Seat(nobody=False))
    """The dealer."""
    _deal_number: int = field(Count())
    """The deal's number in its match, from 0 (0 for a single deal)."""
    _moves: int = field(Count())
    """Actions applied in this deal (bounded by ``game.move_limit``)."""
    _stage: int = field(Stage())
    """The listed phase at work (-1: none; see :mod:`cardrules.engine.flow`)."""
    _events: tuple[RawEvent, ...] = field(Events(raw=True))
    """What the last action made happen."""
    _classes: tuple[tuple[int, ...], ...] = ()
    """Per player, the trump class of each suit (derived from ``own_suits``)."""
    _beats: tuple[tuple[int, ...], ...] = ()
    """Per player, per card: the cards that beat it (derived from ``own_suits``)."""
    _legal: tuple[Action, ...] | None = reset()
    """The legal actions, once asked for."""
    _held: tuple[Action, ...] | None = reset()
    """With a pack of several copies of a face, the legal actions with the very cards
    held, once asked for (the legal actions themselves are by face)."""
    _phased: Any = None
    """The listed phases' fields (:mod:`cardrules.engine.phased`); None without."""
    _groups: int = 0
    """The optional field groups the state's class has, one bit each in the order of
    :data:`FIELD_GROUPS` (set by :func:`~cardrules.engine.flow.compose`)."""

    # -- construction -------------------------------------------------------------

    def hand(self, seat: int) -> int:
        """The cards of ``seat``'s hand, as a bit set: this family's ``hand`` zone is its
        hands field, read directly (the general look-up goes through the zones by name)."""
        return self._hands[seat]

    @classmethod
    def _make(cls, game: GameContext, **fields: Any) -> SheddingState:
        """A state of the game's state class (this class, or this class with the listed
        phases' fields) with the given fields, the others at their initial values."""
        state: SheddingState = fresh(game.state_class, game, game=game, tables=game.tables,
                                     **fields)
        SheddingState._refresh_tables(state)
        return state

    @property
    def own_suits(self) -> tuple[int, ...]:
        """Each player's own trump suit (-1: not chosen yet; empty: none chosen this
        match)."""
        return self._own_suits

    def reset_own_trumps(self) -> None:
        """Clear every seat's own trump suit, for the players to choose (the named
        operation of :class:`~cardrules.engine.table.OwnTrumps`: the procedure offers
        ``own_trumps``)."""
        self._own_suits = (-1,) * self._game.players

    def choose_own_trump(self, seat: int, suit: int) -> None:
        """Make ``suit`` ``seat``'s own trump suit, and the tables of who beats what follow
        (a named operation of :class:`~cardrules.engine.table.OwnTrumps`)."""
        self._own_suits = tuple(suit if p == seat else s
                                for p, s in enumerate(self._own_suits))
        SheddingState._refresh_tables(self)

    def _refresh_tables(self) -> None:
        tables = self._tables
        self._classes = tables.classes_for(self._own_suits, self._game.players)
        self._beats = tuple(tables.beat_table(c) for c in self._classes)
        self._legal = None

    @classmethod
    def new(cls, game: GameContext, context: DealContext) -> SheddingState:
        """A freshly shuffled deal: dealt at once, or after the listed phases that run
        before the deal (players choosing their own trump suits, say).  Own trump suits
        the match has not carried and no phase chose are given by seat."""
        # the other fields at their initial values (an empty table), these set natively
        state = cls._blank(game, tables=game.tables)
        state._stock = tuple(context.stock(game.pack))
        state._current = game.turns.first_after(context.dealer)
        state._own_suits = context.get("own_suits", ())
        state._dealer, state._deal_number = context.dealer, context.index
        state._shuffle_seed = derive_seed(context.seed, "reshuffle") \
            if game.tables.seeded else 0
        SheddingState._refresh_tables(state)
        state._start(context.seed, context.previous)
        return state

    def _deal_hands(self) -> int:
        """Deal the hands from the dealer's left, in the game's turn order (changes a
        fresh state); the dealer's last card (which no rule of shedding reads)."""
        game, stock = self._game, list(self._stock)
        n, turns = game.players, game.turns
        hands = deal_round(stock, n, turns.first_after(self._dealer),
                           game.variant.deal.hand_for(n, self._deal_number), step=turns.step)
        self._hands, self._stock = tuple(hands), tuple(stock)
        return -1

    def _set_up_deal(self, last: int = -1) -> None:
        """Turn up the starter card, and give own trump suits by seat where nobody chose
        them (changes a fresh state)."""
        game, deal = self._game, self._game.variant.deal
        n, stock = game.players, list(self._stock)
        if game.tables.play.trumps.mode is _TRUMP_MODE_OWN and not self._own_suits:
            seats = game.tables.seat_suits
            self._own_suits = seats[:n] if seats else \
                tuple(p % len(game.pack.suits) for p in range(n))
        pile = [stock.pop() for _ in range(min(deal.starter, len(stock)))]
        redraw = game.tables.redraw
        for turned in range(len(stock) if pile and redraw else 0):
            if not redraw >> pile[-1] & 1:
                break
            if game.tables.redraw_shuffle:  # back into the stock, shuffled whole
                stock = list(shuffle(self, (*stock, pile.pop()),
                                     derive_seed(self._shuffle_seed, "starter", turned),
                                     "starter"))
            else:
                stock.insert(0, pile.pop())  # under the stock, drawn last
            pile.append(stock.pop())
        self._stock, self._pile = tuple(stock), tuple(pile)
        self._top = pile[-1] if pile else -1
        SheddingState._refresh_tables(self)
        self._events = (*self._events,
                        raw_event(kind="deal", player=self._dealer, cards=tuple(pile)))

    def _start_play(self) -> None:
        """The first mover (by the ``first_mover`` hook) begins (changes a fresh clone)."""
        game = self._game
        if game.tables.to_owner and self._own_suits:
            SheddingState._hand_to_owners(self)
        mover = game.turns.opening(self._dealer) if game.plain_first_mover \
            else game.hook("first_mover")(FirstMoverInput(
                pack=game.pack, hands=self._hands, top=self._top, dealer=self._dealer,
                trump_classes=self._classes, order=game.turns.deal_order(self._dealer)))
        self._current, self._starter, self._phase = mover, mover, _STEP_TURN
        self._events = (*self._events, raw_event(kind="first_mover", player=mover))
        turned = game.tables.upcard[self._top] if game.tables.upcard and self._top >= 0 \
            else None
        effect = game.tables.upcard_effects[self._top] \
            if game.tables.upcard_effects and self._top >= 0 else None
        if effect is not None:  # play.upcard.effects
            self._current = self._starter = SheddingState._upcard_effect(self, mover, effect)
        elif turned is not None:  # as if the dealer had just played it (``upcard`` hook)
            self._current = self._dealer
            self._current = self._starter = SheddingState._effect(
                self, mover, turned.after, turned.draw)
        wish = game.tables.upcard_wish
        if wish is _UPCARD_WISH_RANDOM and self._top >= 0 \
                and game.tables.then_of_card[self._top] is _THEN_NAME_SUIT:
            # a suit-naming wild card turned up: a suit drawn by lot
            self._named_suit = lot_suit(self, self._top, "upcard")
            self._events = (*self._events, raw_event(kind="name", player=self._dealer,
                                                     note=game.pack.suits[self._named_suit]))
        elif wish is not _UPCARD_WISH_NONE and self._top >= 0 \
                and game.tables.then_of_card[self._top] is _THEN_NAME_SUIT:
            # a suit-naming wild card turned up: the dealer or the first mover names a suit
            self._phase = _STEP_NAME
            if wish is _UPCARD_WISH_DEALER:
                self._current = self._dealer

    def _hand_to_owners(self) -> None:
        """Each player gives the cards of ``hand_to_owner`` of another player's own trump
        suit to that player; a card of a suit nobody owns stays (changes a fresh clone)."""
        pack, give = self._tables.pack, self._tables.to_owner
        owner_of = {suit: seat for seat, suit in enumerate(self._own_suits) if suit >= 0}
        hands, events = list(self._hands), list(self._events)
        for seat, held in enumerate(self._hands):
            for card in bits(held & give):
                to = owner_of.get(pack.suit(card), seat)
                if to != seat:
                    hands[seat] &= ~(1 << card)
                    hands[to] |= 1 << card
                    events.append(raw_event(kind="give", player=seat, cards=(card,),
                                            note=f"to P{to}"))
        self._hands, self._events = tuple(hands), tuple(events)

    def _upcard_effect(self, mover: int, effect: UpcardEffect) -> int:
        """Who moves first once the card turned up to start the pile takes ``effect``
        (the direction, the draw, the skip), the first mover by the hook being ``mover``
        (changes a fresh clone)."""
        events = list(self._events)
        first = mover
        if effect.reverse:
            self._reversed = not self._reversed
            events.append(raw_event(kind="reverse", player=self._dealer))
            first = self._dealer
        if effect.draw:
            take_cards(self, first, effect.draw, events, note="forced")
        if effect.skip:
            events.append(raw_event(kind="skip", player=first))
            first = SheddingState._next_holder(self, first)
        self._events = tuple(events)
        return first

    # -- public read-only fields -------------------------------------------------


    @property
    def events(self) -> tuple[Event, ...]:
        """What the last action made happen (kept compactly, made records when read)."""
        return records(self._events)

    def is_trump(self, player: int, card: int) -> bool:
        """True if ``card`` is a trump for ``player``."""
        suit = self._tables.pack.suit(card)
        return suit >= 0 and self._classes[player][suit] > 0

    # -- legality -----------------------------------------------------------------

    def _compute_legal(self) -> tuple[Action, ...]:
        if self._stage >= 0:
            return flow.legal(self)
        phase = self._phase
        tables: SheddingTables = self._tables  # typed: compiled, read natively
        if phase is _STEP_ATTACK:  # any card of the hand goes on top
            return SheddingState._singles(self, self._hands[self._current])
        if phase is _STEP_TURN and tables.take is not None and self._top >= 0:
            return SheddingState._beat_or_take(self, tables)
        if phase in (_STEP_TURN, _STEP_FOLLOW):
            p, top = self._current, self._top
            hand = self._hands[p]
            if self._pending:
                found = facing_draw(self, hand, tables)
            else:
                mask = tables.playable(hand, top, self._named_suit, self._beats[p],
                                       self._drawn_cards[p]
                                       if tables.play_drawn and self._drawn else -1)
                actions = tables.single_actions
                legal = []
                while mask:
                    low = mask & -mask
                    legal.append(actions[low.bit_length() - 1])
                    mask ^= low
                if phase is _STEP_FOLLOW:
                    legal.append(tables.pass_)
                    found = tuple(legal)
                else:
                    if tables.min_group and count(hand) >= tables.min_group:
                        groups = tables.group_moves(hand, top, self._beats[p])
                        if groups:
                            legal.extend([m.action for m in groups])
                    if tables.draw_at_will and self._fresh and legal and not self._drawn:
                        found = tuple(legal)  # a compulsory move: a card when one may be laid
                    elif tables.draw_at_will:
                        can_draw = self._drawn < tables.draw_limit and (
                            self._stock or (tables.reshuffles and SheddingState._refillable(self)))
                        legal.append(tables.draw if can_draw else tables.pass_)
                        found = tuple(legal)
                    elif legal:
                        found = tuple(legal)
                    elif self._drawn < tables.draw_limit and (
                            self._stock or (tables.reshuffles and SheddingState._refillable(self))):
                        found = (tables.draw,)
                    else:
                        found = (tables.pass_,)
            announce = tables.announce
            return found if announce is None else announcing(self, found, announce)
        if phase is _STEP_NAME:
            named: tuple[Action, ...] = tables.name_actions
            return named
        return ()

    def _singles(self, mask: int) -> tuple[Action, ...]:
        """The actions laying each card of ``mask`` alone."""
        actions = self._tables.single_actions
        legal = []
        while mask:
            low = mask & -mask
            legal.append(actions[low.bit_length() - 1])
            mask ^= low
        return tuple(legal)

    def _beat_or_take(self, tables: SheddingTables) -> tuple[Action, ...]:
        """Facing the top card where the pile is picked up (``pick_up``): a card that
        beats it, or ``take`` (at will, or only when no card beats)."""
        p, top = self._current, self._top
        mask = (self._beats[p][top] | tables.wild) & self._hands[p]
        if tables.barred:
            mask &= ~tables.barred[top]
        found = SheddingState._singles(self, mask)
        assert tables.take is not None
        return (*found, tables.take) if tables.take_at_will or not found else found

    def _unable(self) -> int:
        """The cards a player who must beat the top shows they do not hold by drawing or
        passing when nothing else is legal (the turn's one legal action): every card
        that beats the top, wild cards, cards of a named suit.  0 where that shows
        nothing: a play was legal (drawing at will), a ``legal_filter`` hook had its say,
        there is no top."""
        legal = self._legal
        if legal is None or len(legal) != 1 or self._game.hooked_legality \
                or self._phase is not _STEP_TURN:
            return 0
        tables: SheddingTables = self._tables
        if tables.play_drawn and self._drawn:
            return 0  # only the cards drawn were asked for
        top = self._top
        hand = self._hands[self._current]
        if self._pending:  # facing a forced draw, only the cards that pass it on count
            # (a lone card nobody goes out on is held back whatever it is: ``not_last``)
            barred = tables.not_last if tables.not_last and not hand & (hand - 1) else 0
            return tables.forced_answers[top] & ~barred if tables.forced_answers else 0
        return tables.unable(hand, top, self._named_suit, self._beats[self._current])

    def _refillable(self) -> bool:
        """True if an empty stock may be remade from the pile (``draw.reshuffle``): from
        the pile but its top, or from the whole pile (``draw.reshuffle_all``)."""
        tables = self._tables
        return self._reshuffled < tables.reshuffles \
            and len(self._pile) > (0 if tables.reshuffle_all else 1)

    def _drawable(self) -> bool:
        """True if a card can be drawn now: the stock holds one or may be remade."""
        return bool(self._stock) or SheddingState._refillable(self)

    def _finish_random(self, bits: Sequence[Callable[[int], int]]
                       ) -> tuple[SheddingState, int] | None:
        """Plain turns played at random by the family's play-out kernel, each seat
        drawing from ``bits[seat]``, up to and with a move that may end the deal, which
        the state applies (see :mod:`.playout`): the state reached and the moves made;
        None where the turns are not plain."""
        phase, tables = self._phase, self._tables
        if self._stage >= 0 or (phase is not _STEP_TURN and phase is not _STEP_NAME) \
                or (phase is _STEP_NAME and self._owner < 0) or self._pending \
                or self._cover \
                or not shedding_playout.plays_plainly(tables, cast(GameCore, self._game)):
            return None
        turns = shedding_playout.PlainTurns(
            hands=list(self._hands), stock=list(self._stock), pile=list(self._pile),
            top=self._top, owner=self._owner, fresh=self._fresh, current=self._current,
            naming=phase is _STEP_NAME, drawn=self._drawn, named_suit=self._named_suit,
            passes=self._passes, taken=list(self._taken), scores=list(self._scores),
            missing=self._missing, spare=self._spare, beats=self._beats,
            reversed_=self._reversed)
        room = cast(GameCore, self._game).move_limit - self._moves
        chosen = shedding_playout.play_on(turns, tables, bits, room)
        new = self._clone() if turns.made else self
        if turns.made:
            new._hands, new._stock, new._pile = tuple(turns.hands), tuple(turns.stock), \
                tuple(turns.pile)
            new._top, new._owner, new._fresh, new._current = turns.top, turns.owner, \
                turns.fresh, turns.current
            new._phase = _STEP_NAME if turns.naming else _STEP_TURN
            new._drawn, new._named_suit = turns.drawn, turns.named_suit
            new._passes = turns.passes
            new._taken, new._scores = tuple(turns.taken), tuple(turns.scores)
            new._missing, new._spare = turns._missing, turns._spare
            new._announced = False
            new._moves = self._moves + turns.made
        # the move drawn that may end the deal, listed and applied by the state
        final: SheddingState = new._step(new.legal_actions()[chosen])  # type: ignore[assignment]
        return final, turns.made + 1

    def _rule_refusal(self, action: Action) -> str | None:
        return shedding_rules.refusal(self, action)

    # -- applying actions ------------------------------------------------------------

    def _next(self, action: Action) -> SheddingState:
        if self._stage >= 0:
            return flow.apply(self, action)
        kind = action.kind
        if kind is _KIND_PLAY:
            return SheddingState._play(self, self._tables.move_of(action.cards))
        if kind is _KIND_DRAW:
            return SheddingState._draw(self)
        if kind is _KIND_PASS:
            return SheddingState._end_turn(self._clone()) if self._phase is _STEP_FOLLOW \
                else SheddingState._fail(self)
        if kind is _KIND_NAME:
            return SheddingState._name(self, action)
        if kind is _KIND_VERB:
            return SheddingState._pick_up(self)
        return SheddingState._announce(self)

    def _pick_up(self) -> SheddingState:
        """The player to move picks the whole pile up into their hand; the next player
        holding cards leads (``pick_up``)."""
        new = self._clone()
        p, pile = self._current, self._pile
        shown = SheddingState._unable(self)
        if shown:
            absences.show(new, p, shown)
        new._hands = with_seat(self._hands, p, self._hands[p] | mask_of(pile))
        absences.came_in(new, p, len(pile))
        new._pile, new._top, new._owner, new._cover = (), -1, -1, False
        new._pickups = self._pickups + 1
        new._events = (raw_event(kind="take", player=p, cards=pile, note="picked up"),)
        limit = self._tables.pick_up_limit
        if limit and new._pickups >= limit:  # the safety net: the deal ends drawn
            SheddingState._finish(new)
            return new
        return SheddingState._pass_turn_from(new, p)

    def _announce(self) -> SheddingState:
        """The player to move announces their last card; their turn goes on."""
        new = self._clone()
        new._announced = True
        new._events = (raw_event(kind=ANNOUNCE, player=self._current),)
        return new

    def _name(self, action: Action) -> SheddingState:
        """The player who laid a suit-naming wild card names the suit to match next."""
        new = self._clone()
        new._named_suit = self._tables.pack.suits.index(action.name)
        new._events = (raw_event(kind="name", player=self._current, note=action.name),)
        if self._owner < 0:  # the wish for the card turned up to start the pile
            if self._tables.upcard_wish is _UPCARD_WISH_FIRST_PLAYER:
                new._phase = _STEP_TURN  # the first mover named it and now takes their turn
                return new
            return new._continue_with(self._starter)  # the dealer named it
        return SheddingState._end_turn(new)

    def _draw(self) -> SheddingState:
        if self._pending:
            return draw_forced(self)
        new = self._clone()
        p = self._current
        stock = self._stock
        if not stock:  # remade from the pile first (draw.reshuffle)
            events: list[RawEvent] = []
            refill(new, events)
            new._events, stock = tuple(events), new._stock
        card = stock[-1]
        new._stock = stock[:-1]
        new._hands = with_seat(self._hands, p, self._hands[p] | (1 << card))
        shown = SheddingState._unable(self)
        if shown or self._missing[p]:
            absences.drew(new, p, shown)
        new._drawn = self._drawn + 1
        new._events = (*new._events, raw_event(kind="draw", player=p, cards=(card,), private=True))
        tables = self._tables
        if tables.lay_drawn:  # laid at once when it matches, else kept; the turn ends
            if tables.laid_when_drawn(card, self._top, self._named_suit):
                laid = SheddingState._lay_drawn(new, card)
                laid._events = (*new._events, *laid._events)
                return laid
            return SheddingState._pass_turn_from(new, p)
        if tables.draw_ends_turn:
            return SheddingState._pass_turn_from(new, p)
        if tables.play_drawn:  # now only a card drawn may be played, or the turn ends
            _drawn_fields(new)._drawn_cards = with_seat(new._drawn_cards, p,
                                                       new._drawn_cards[p] | (1 << card))
        return new

    def _lay_drawn(self, card: int) -> SheddingState:
        """Lay ``card``, just drawn, at once (``draw.lay_drawn``): as if played, or, for a
        wild card, with its suit drawn by lot (``name: random``) and no effect on the next
        player (``wild_acts: false``) where the rules say so."""
        tables = self._tables
        move = tables.singles[card]
        if not tables.wild >> card & 1 or (tables.drawn_wild_acts
                                            and not tables.drawn_wild_random):
            return SheddingState._play(self, move)
        if tables.drawn_wild_random and move.then is _THEN_NAME_SUIT:
            return SheddingState._play(self, attrs.evolve(move, then=_THEN_NONE),
                                       acts=tables.drawn_wild_acts,
                                       named=lot_suit(self, card, self._moves))
        return SheddingState._play(self, move, acts=tables.drawn_wild_acts)

    def _play(self, move: Move, *, acts: bool = True, named: int = -1) -> SheddingState:
        """Lay ``move``'s cards; ``acts=False``: the turn then passes with no effect of
        the card on the next player; ``named``: the suit named with it, drawn by lot
        (-1: none)."""
        new = self._clone()
        p, cards = self._current, move.action.cards
        new._hands = with_seat(self._hands, p, self._hands[p] & ~move.mask)
        if self._spare[p] and move.mask & self._missing[p]:
            absences.laid(new, p, move.mask)
        new._pile = self._pile + cards
        new._top, new._owner, new._passes, new._fresh = cards[-1], p, 0, True
        if self._named_suit >= 0 or named >= 0:
            new._named_suit = named
        events = [raw_event(kind="play", player=p, cards=cards)]
        if named >= 0:
            events.append(raw_event(kind="name", player=p, note=self._tables.pack.suits[named]))
        tables = self._tables
        if tables.play_drawn and self._drawn:  # what was drawn matters no more
            _drawn_fields(new)._drawn_cards = (0,) * len(self._hands)
        if tables.last_card_penalty and not self._announced \
                and count(new._hands[p]) == 1:
            take_cards(new, p, tables.last_card_penalty, events, note="last card")
        took = False
        if self._cover:
            SheddingState._take(new, p, events, note="cover")
            took = True
        new._cover = (not took and move.group is _GROUP_KIND_SAME_RANK
                      and self._tables.pack.rank(cards[-1]) in tables.cover_ranks)
        went_out = new._hands[p] == 0
        if went_out:
            took = SheddingState._go_out(new, p, move, events) or took
        new._events = tuple(events)
        if took:
            return SheddingState._pass_turn_from(new, p)
        if tables.attack and not went_out and self._phase is _STEP_TURN and self._top >= 0:
            new._phase = _STEP_ATTACK  # they beat the top: now one more card of their choice
            return new
        if not went_out and move.then is not _THEN_NONE:
            then = move.then
            new._phase = _STEP_FOLLOW if then is _THEN_OPTIONAL \
                else _STEP_NAME if then is _THEN_NAME_SUIT else _STEP_TURN
            new._drawn = 0
            return new
        return SheddingState._end_turn(new) if acts else SheddingState._pass_turn_from(new, p)

    def _fail(self) -> SheddingState:
        """The current player cannot beat the top: the owner of the top may take the pile."""
        new = self._clone()
        p = self._current
        shown = SheddingState._unable(self)
        if shown:
            absences.show(new, p, shown)
        events = [raw_event(kind="pass", player=p)]
        tables = self._tables
        owner, play = self._owner, tables.play
        if owner >= 0 and owner != p and len(self._pile) >= play.take_min:
            SheddingState._take(new, owner, events, note="unbeaten")
        if not (self._stock or (tables.reshuffles and SheddingState._refillable(self))):
            new._passes = self._passes + 1
        if self._pending:  # nothing to draw: the forced draw lapses
            new._pending = 0
        new._events = tuple(events)
        if self._fresh:  # a compulsory extra move failed: the turn ends on their own card
            return SheddingState._end_turn(new)
        return SheddingState._pass_turn_from(new, p)

    def _take(self, player: int, events: list[RawEvent], *, note: str) -> None:
        """``player`` takes the pile now (mutates a fresh clone)."""
        pile = self._pile
        if not pile:
            return
        mask = 0
        for c in pile:
            mask |= 1 << c
        points = self._tables.pack.value_of(mask) if self._tables.scoring.take_points else 0
        self._taken = with_seat(self._taken, player, self._taken[player] | mask)
        self._scores = with_seat(self._scores, player, self._scores[player] + points)
        self._pile, self._cover = (), False
        events.append(raw_event(kind="take", player=player, cards=pile, amount=points, note=note))

    def _go_out(self, player: int, move: Move, events: list[RawEvent]) -> bool:
        """Record ``player`` going out with ``move``; True if a bonus took the pile."""
        scoring = self._tables.scoring
        pack = self._tables.pack
        self._out = self._out + (player,)
        place = len(self._out)
        amount = nth(scoring.places, place)
        events.append(raw_event(kind="out", player=player, amount=place))
        last = move.action.cards[-1]
        bonus, took = going_out_bonus(scoring, rank=pack.ranks[pack.rank(last)]
                                      if pack.rank(last) >= 0 else pack.name(last),
                                      trump=self.is_trump(player, last), group=move.group,
                                      place=place)
        amount += bonus
        if took:
            SheddingState._take(self, player, events, note="going out")
        if amount:
            self._scores = with_seat(self._scores, player, self._scores[player] + amount)
            events.append(raw_event(kind="bonus", player=player, amount=amount))
        return took

    def _end_turn(self) -> SheddingState:
        """The current player's turn ends with their card on top (mutates a fresh clone)."""
        tables, top = self._tables, self._top
        nxt = SheddingState._effect(self, SheddingState._next_holder(self, self._current),
                                    tables.after_turn[top],
                                    tables.forced[top] if tables.forced else 0)
        return SheddingState._continue_with(self, nxt)

    def _effect(self, nxt: int, effect: AfterTurn | None, draw: int) -> int:
        """Who moves after the current player's card takes ``effect`` on the next
        player, ``nxt``, and makes them face a forced draw of ``draw`` cards (mutates a
        fresh clone)."""
        if effect is not None and nxt >= 0:
            events = list(self._events)
            if effect is _AFTER_TURN_REVERSE:
                nxt = reverse(self, nxt, events)
            else:
                if effect is _AFTER_TURN_DRAW_THEN_PLAY or effect is _AFTER_TURN_SKIP_AND_DRAW:
                    SheddingState._give_card(self, nxt, events)
                if effect is not _AFTER_TURN_DRAW_THEN_PLAY:
                    events.append(raw_event(kind="skip", player=nxt))
                    nxt = SheddingState._next_holder(self, nxt)
            self._events = tuple(events)
        if draw and nxt >= 0 and self._tables.forced_at_once:  # no move of theirs
            events = list(self._events)
            take_cards(self, nxt, draw, events, note="forced")
            if not self._tables.forced_play_on:
                events.append(raw_event(kind="skip", player=nxt))
                nxt = SheddingState._next_holder(self, nxt)
            self._events = tuple(events)
        elif draw and nxt >= 0:
            self._pending += draw
            self._events = (*self._events,
                            raw_event(kind="must_draw", player=nxt, amount=self._pending))
        return nxt

    def _give_card(self, player: int, events: list[RawEvent]) -> None:
        if not self._stock:
            if not SheddingState._refillable(self):
                return
            refill(self, events)
        card = self._stock[-1]
        self._stock = self._stock[:-1]
        self._hands = with_seat(self._hands, player, self._hands[player] | (1 << card))
        if self._missing[player]:
            absences.came_in(self, player, 1)
        events.append(raw_event(kind="draw", player=player, cards=(card,), private=True,
                                note="forced"))

    def _pass_turn_from(self, player: int) -> SheddingState:
        return SheddingState._continue_with(self, SheddingState._next_holder(self, player))

    def _continue_with(self, player: int) -> SheddingState:
        """``player`` moves next (a new turn), unless the deal ends now (mutates a fresh
        clone)."""
        self._current, self._phase, self._drawn, self._fresh, self._announced = \
            player, _STEP_TURN, 0, False, False
        holders = len(self._hands) - self._hands.count(0)
        tables = self._tables
        if tables.play_drawn:
            _drawn_fields(self)._drawn_cards = (0,) * len(self._hands)
        hooked = tables.ends_by_hook and self._ends_by_hook(self._out)
        if holders <= 1 or hooked or (self._out and tables.first_out) \
                or (self._passes >= holders + tables.blocked_passes
                    and not (self._stock
                             or (tables.reshuffles and SheddingState._refillable(self)))):
            SheddingState._finish(self)
        elif tables.turn_phases:
            # the flow runs the phases listed between turns, then ``player`` moves
            resume_fields(self)._resume = player
            if not flow.between(self, _WHEN_BETWEEN_TURNS):
                resume_fields(self)._resume = -1  # nobody had anything to do
        return self

    def _resume_play(self) -> None:
        """The phases listed between turns are done: the player whose turn it is moves
        (changes a fresh clone)."""
        paused = resume_fields(self)
        self._current, paused._resume = paused._resume, -1

    def _next_holder(self, player: int) -> int:
        """The next player after ``player``, in the direction of play (the game's turn
        order, turned round while ``_reversed``), who holds cards (-1: nobody)."""
        tables = self._tables
        return shedding_playout.next_holder(
            self._hands, player, tables.preceding if self._reversed else tables.following)

    def _finish(self) -> None:
        """Score the end of the deal: leftover pile and cards still held."""
        scoring = self._tables.scoring
        pack = self._tables.pack
        events = list(self._events)
        if self._pile:
            if scoring.leftover is _LEFTOVER_TOP_OWNER and self._owner >= 0:
                SheddingState._take(self, self._owner, events, note="leftover")
            else:
                for c in self._pile:
                    self._discard |= 1 << c
                self._pile = ()
        loser = SheddingState._loser(self)
        if loser >= 0 and scoring.loser:
            self._scores = with_seat(self._scores, loser, self._scores[loser] + scoring.loser)
            events.append(raw_event(kind="loser", player=loser, amount=scoring.loser))
        lost = hand_penalties(scoring.hand_penalty, pack, self._hands, self._tables.hand_costs)
        if any(lost):
            # penalty points: they lower a score where the highest total wins, and add to
            # it where the lowest total wins (``lowest_total``, ``avoid_losing_total``...)
            sign = 1 if lower_is_better(self._game.variant.match.goal) else -1
            self._scores = tuple(s + sign * loss for s, loss in zip(self._scores, lost))
            events.extend(raw_event(kind="penalty", player=p, amount=loss)
                          for p, loss in enumerate(lost) if loss)
        if self._game.phases:
            self._scores = flow.score(self, self._scores)
        self._phase, self._pending = _STEP_OVER, 0  # a draw still pending lapses
        events.append(raw_event(kind="deal_end"))
        self._events = tuple(events)

    def _loser(self) -> int:
        """The deal's loser: the one player left holding cards, once the deal ended with
        only them (-1: none, as when a deal ends drawn by ``pick_up.limit``)."""
        holders = [p for p, hand in enumerate(self._hands) if hand]
        limit = self._tables.pick_up_limit
        if len(holders) != 1 or (limit and self._pickups >= limit):
            return -1
        return holders[0]

    @property
    def result(self) -> DealResult | None:
        """The deal's result once it is over."""
        if self._phase is not _STEP_OVER:
            return None
        holders = self._game.turns.round_from(self._game.turns.first_after(self._dealer))
        finish = self._out + tuple(p for p in holders if p not in self._out)
        return self._game.deal_result(
            scores=self._scores, finish=finish, starter=self._starter, dealer=self._dealer,
            carry=(("own_suits", self._own_suits),) if self._own_suits else (),
            details={"taken_points": [self._tables.pack.value_of(t) for t in self._taken],
                     "out": list(self._out),
                     **({"loser": SheddingState._loser(self)} if self._tables.take is not None
                        else {})}, deal=self)

    # -- views and JSON -------------------------------------------------------------

    def view(self, player: object) -> View:
        return FieldState._view_record(self, player, VIEWS[0])

    # -- written out by cardrules.tools.written_states from the fields above: do not edit

    def _clone(self) -> SheddingState:
        """A copy whose events start empty and whose caches start afresh (the
        clone ``derived`` would generate, written out)."""
        cls = type(self)
        new = cls.__new__(cls)
        new._game = self._game
        new._tables = self._tables
        new._hands = self._hands
        new._stock = self._stock
        new._pile = self._pile
        new._top = self._top
        new._owner = self._owner
        new._cover = self._cover
        new._fresh = self._fresh
        new._current = self._current
        new._phase = self._phase
        new._drawn = self._drawn
        new._own_suits = self._own_suits
        new._out = self._out
        new._scores = self._scores
        new._taken = self._taken
        new._discard = self._discard
        new._missing = self._missing
        new._spare = self._spare
        new._passes = self._passes
        new._named_suit = self._named_suit
        new._pending = self._pending
        new._reversed = self._reversed
        new._announced = self._announced
        new._reshuffled = self._reshuffled
        new._pickups = self._pickups
        new._shuffle_seed = self._shuffle_seed
        new._starter = self._starter
        new._dealer = self._dealer
        new._deal_number = self._deal_number
        new._moves = self._moves
        new._stage = self._stage
        new._events = ()
        new._classes = self._classes
        new._beats = self._beats
        new._legal = None
        new._held = None
        new._phased = self._phased
        new._groups = self._groups
        if self._groups & 1:  # DrawnFields
            new._drawn_cards = self._drawn_cards  # type: ignore[misc]
        return new

    @property
    def hands(self) -> tuple[int, ...]:
        """The hands field (read-only)."""
        return self._hands

    @property
    def stock(self) -> tuple[int, ...]:
        """The stock field (read-only)."""
        return self._stock

    @property
    def pile(self) -> tuple[int, ...]:
        """The pile field (read-only)."""
        return self._pile

    @property
    def top(self) -> int:
        """The top field (read-only)."""
        return self._top

    @property
    def owner(self) -> int:
        """The owner field (read-only)."""
        return self._owner

    @property
    def cover(self) -> bool:
        """The cover field (read-only)."""
        return self._cover

    @property
    def fresh(self) -> bool:
        """The fresh field (read-only)."""
        return self._fresh

    @property
    def current(self) -> int:
        """The current field (read-only)."""
        return self._current

    @property
    def phase(self) -> SheddingStep:
        """The phase field (read-only)."""
        return self._phase

    @property
    def drawn(self) -> int:
        """The drawn field (read-only)."""
        return self._drawn

    @property
    def out(self) -> tuple[int, ...]:
        """The out field (read-only)."""
        return self._out

    @property
    def scores(self) -> tuple[int, ...]:
        """The scores field (read-only)."""
        return self._scores

    @property
    def taken(self) -> tuple[int, ...]:
        """The taken field (read-only)."""
        return self._taken

    @property
    def discard(self) -> int:
        """The discard field (read-only)."""
        return self._discard

    @property
    def missing(self) -> tuple[int, ...]:
        """The missing field (read-only)."""
        return self._missing

    @property
    def spare(self) -> tuple[int, ...]:
        """The spare field (read-only)."""
        return self._spare

    @property
    def passes(self) -> int:
        """The passes field (read-only)."""
        return self._passes

    @property
    def named_suit(self) -> int:
        """The named_suit field (read-only)."""
        return self._named_suit

    @property
    def pending(self) -> int:
        """The pending field (read-only)."""
        return self._pending

    @property
    def reversed(self) -> bool:
        """The reversed field (read-only)."""
        return self._reversed

    @property
    def announced(self) -> bool:
        """The announced field (read-only)."""
        return self._announced

    @property
    def reshuffled(self) -> int:
        """The reshuffled field (read-only)."""
        return self._reshuffled

    @property
    def pickups(self) -> int:
        """The pickups field (read-only)."""
        return self._pickups

    @property
    def shuffle_seed(self) -> int:
        """The shuffle_seed field (read-only)."""
        return self._shuffle_seed

    @property
    def starter(self) -> int:
        """The starter field (read-only)."""
        return self._starter

    @property
    def moves(self) -> int:
        """The moves field (read-only)."""
        return self._moves

    # -- end of the written-out part


def _drawn_fields(state: SheddingState) -> DrawnFields:
    """``state`` seen as the :class:`DrawnFields` its class was composed with (in the games
    with ``draw.play_drawn``), to set the field; its compiled methods read it directly."""
    return cast(DrawnFields, state)
