"""The tricks procedure: lead cards, the others answer with as many, the best set takes.

Before each lead, the players are asked in turn (the scheduled leader first, then
clockwise) whether to declare a combination; who is asked depends only on the hands'
sizes, never on their cards, so a question tells nobody what anyone holds.  After a
trick the hands are refilled from the stock.  Everything game-specific comes from the variant's
data through :class:`~cardrules.families.tricks.tables.TricksTables`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, cast

import attr
import attrs

from cardrules.actions import Action, Kind
from cardrules.cards import any_set, count, mask_of
from cardrules.engine import absences, flow, state_codec
from cardrules.engine.events import Event, records
from cardrules.engine.fields import (
    Card,
    CardList,
    CardSet,
    CardSetList,
    CardSets,
    Count,
    Enumerated,
    Events,
    Flag,
    Label,
    LaterSeats,
    MissingCards,
    Numbers,
    Seat,
    Seats,
    SpareCounts,
    Stage,
    Suit,
    field,
    reset,
)
from cardrules.engine.game_core import GameCore
from cardrules.engine.native import mypyc_attr
from cardrules.engine.state import DealContext, DealResult, FieldState, GameContext
from cardrules.engine.state_codec import fresh
from cardrules.engine.table import seatwise_sum, with_seat
from cardrules.engine.turns import When
from cardrules.errors import StateError
from cardrules.families.tricks import melds as tricks_melds
from cardrules.families.tricks import playout as tricks_playout
from cardrules.families.tricks import (
    rules as tricks_rules,
)
from cardrules.families.tricks import (
    scoring as tricks_scoring,
)
from cardrules.families.tricks import (
    stock as tricks_stock,
)
from cardrules.families.tricks.announced import AnnouncedFields, announce
from cardrules.families.tricks.attributes import (
    AnnouncedAttributes,
    CountedAttributes,
    DrawnHandAttributes,
    FaceUpAttributes,
    MeldAttributes,
    StockAttributes,
)
from cardrules.families.tricks.counted import CountedFields, counted_tricks, set_trick_aside
from cardrules.families.tricks.deal import (
    RawEvent,
    deal_hands,
    deal_result,
    draw_up,
    opening_leader,
    set_up,
)
from cardrules.families.tricks.drawn import DrawnHandFields
from cardrules.families.tricks.face_up import FaceUpFields, turn_up
from cardrules.families.tricks.melds import MeldFields
from cardrules.families.tricks.model import (
    ANSWER,
    DECLARE,
    LEAD,
    OVER,
    PHASES,
    Effect,
    Partners,
    TrickStep,
)
from cardrules.families.tricks.stock import StockFields
from cardrules.families.tricks.tables import Declaration, TricksTables
from cardrules.model.common import Visibility

if TYPE_CHECKING:
    from cardrules.engine.views import View

__all__ = ["ANSWER", "DECLARE", "FIELD_GROUPS", "LEAD", "OVER", "PHASES", "RawEvent",
           "TricksState"]

# Enum members read in functions, as module constants: compiled, each is a C static
# (on Python 3.11 an enum class's attribute costs a slow lookup: EnumType has a
# __getattr__).
_EFFECT_LEAD: Final = Effect.LEAD
_EFFECT_SCORE: Final = Effect.SCORE
_KIND_ANSWER: Final = Kind.ANSWER
_KIND_CLOSE: Final = Kind.CLOSE
_KIND_DECLARE: Final = Kind.DECLARE
_KIND_EXCHANGE: Final = Kind.EXCHANGE
_KIND_LEAD: Final = Kind.LEAD
_KIND_PASS: Final = Kind.PASS
_KIND_THROW: Final = Kind.THROW
_PARTNERS_OPPOSITE: Final = Partners.OPPOSITE
_WHEN_BETWEEN_TRICKS: Final = When.BETWEEN_TRICKS
_STEP_ANSWER: Final = ANSWER  # the steps as final names: compiled, read as constants
_STEP_DECLARE: Final = DECLARE
_STEP_LEAD: Final = LEAD
_STEP_OVER: Final = OVER


OWN_OR_PUBLIC = (Visibility.OWNER, Visibility.PUBLIC)
"""Hands: a hidden hand could not be played by its owner."""
HIDDEN_OR_PUBLIC = (Visibility.HIDDEN, Visibility.PUBLIC)
"""A stock is face down or face up."""

FIELD_GROUPS: tuple[type, ...] = (StockFields, AnnouncedFields, MeldFields, FaceUpFields,
                                  CountedFields, DrawnHandFields)
"""The optional field groups :func:`~cardrules.engine.flow.compose` may add to the state's
class (``field_mixins`` of the family's procedure), in the order of the bits of
:attr:`TricksState._groups`: the state's own clone copies the fields of those its class
has (:func:`~cardrules.engine.state_codec.field_groups`)."""



VIEWS: Final[list[Callable[[TricksState, int], dict[str, Any]]]] = []
"""The family's view function, put here by :mod:`cardrules.families.tricks.view` when it is
imported (the family's procedure imports it).  That module reads this one's class, so a
compiled view reads the state's fields directly; this module therefore does not import
it."""

@mypyc_attr(allow_interpreted_subclasses=True)  # the listed phases' fields: flow.compose
@attr.s(auto_attribs=True, slots=True, eq=False, repr=False)
class TricksState(FieldState, StockAttributes, AnnouncedAttributes, MeldAttributes,
                  FaceUpAttributes, CountedAttributes, DrawnHandAttributes):
    """A deal of a trick-taking game.  Each field below is declared once; the public
    read-only properties (``state.hands``...), JSON, zones and re-sampling derive from
    these declarations.

    The class is on the compiled hot path: ``attr.s`` (which mypyc compiles to a native
    class, where ``attrs.define`` leaves an ordinary one) and its clone and properties
    written out at the end (:mod:`cardrules.tools.written_states`) instead of attached at
    run time by :func:`~cardrules.engine.state_codec.derived`.  The attributes of the
    optional field groups are named by its trait bases (:mod:`.attributes`).  Its
    methods call one another through the class (``TricksState._take(new, events)``): the
    classes :func:`~cardrules.engine.flow.compose` makes subclass it without overriding
    them, and compiled, a call through ``self`` on such a subclass's instance goes
    through Python's method lookup (about four times the cost of the direct call a
    call through the class compiles to)."""

    # GameContext is imported to run: a compiled build (mypyc) evaluates the annotations.
    _game: GameContext = attrs.field(default=None)
    _tables: TricksTables = attrs.field(default=None)
    _hands: tuple[int, ...] = field(CardSets(zone="hand", allowed=OWN_OR_PUBLIC))
    """Each hand as a bit set."""
    _stock: tuple[int, ...] = field(CardList(zone="stock", seen=Visibility.HIDDEN,
                                                       allowed=HIDDEN_OR_PUBLIC))
    """The stock, drawn from the end; the turned-up trump card is first."""
    _trump: int = field(Suit())
    """Trump suit index (-1: no trumps)."""
    _trump_card: int = field(Card(), label="trump card")
    """The turned-up card (-1: none)."""
    _leader: int = field(Seat(nobody=False))
    """Who leads (or led) the trick."""
    _current: int = field(Seat(nobody=False))
    """The player to act."""
    _phase: TrickStep = field(Enumerated(of=TrickStep))  # noqa: RUF009
    """The step the deal is at."""
    _asking: tuple[int, ...] = field(Seats())
    """Players still to be asked to declare."""
    _offer: bool = field(Flag())
    """The leader may declare instead of leading."""
    _plays: tuple[int, ...] = field(CardSetList(zone="trick", allowed=(Visibility.PUBLIC,)))
    """The trick's sets of cards, from the leader on."""
    _down: int = field(CardSet(zone="trick", subset_of="plays"))
    """The trick's face-down cards."""
    _holder: int = field(Seat())
    """Who holds the trick (-1: no trick)."""
    _combo: str = field(Label())
    """Name of a combination being played ('' if none)."""
    _won: tuple[int, ...] = field(CardSets(zone="won", allowed=tuple(Visibility)))
    """Cards each player took, as bit sets."""
    _tricks: tuple[int, ...] = field(Numbers(minimum=0))
    """Tricks each player took."""
    _discard: int = field(CardSet(zone="discard"))
    """Cards out of play (as in a deal of shedding)."""
    _missing: tuple[int, ...] = field(MissingCards())
    """Per player, cards play has shown them not to hold (see :mod:`cardrules.engine.absences`)."""
    _spare: tuple[int, ...] = field(SpareCounts())
    """Per player, hidden cards drawn since, which ``missing`` does not bind."""
    _scores: tuple[int, ...] = field(Numbers())
    """Deal scores (set when the deal ends)."""
    _winner: int = field(Seat())
    """Winner of the last trick (-1: none)."""
    _declarer: int = field(Seat())
    """Who won the deal by a combination (-1: nobody)."""
    _starter: int = field(Seat())
    """Who led first (-1: nobody yet)."""
    _dealer: int = field(Seat(nobody=False))
    """The dealer."""
    _deal_number: int = field(Count())
    """The deal's number in its match, from 0 (0 for a single deal)."""
    _moves: int = field(Count())
    """Actions applied in this deal (bounded by ``game.move_limit``)."""
    _stage: int = field(Stage())
    """The listed phase at work (-1: none; see :mod:`cardrules.engine.flow`)."""
    _events: tuple[RawEvent, ...] = field(Events(raw=True))
    """What the last action made happen, as plain tuples."""
    _broken: bool = field(Flag())
    """The suits that may not be led until broken are broken (``play.unbroken``)."""
    _named_leader: int = field(Seat(), label="named leader")
    """The leader the previous deal of the match named (-1: none), for the
    ``first_mover`` hook when the cards are dealt."""
    _out: tuple[int, ...] = field(LaterSeats())
    """Seats sitting this deal out (a partner left out by a player going alone, set by a
    listed phase through :meth:`sit_out`): they keep their cards but neither lead nor
    answer, and lay nothing in their place of a trick."""
    _dummy: tuple[int, ...] = field(LaterSeats())
    """The dummy and the seat that chooses its cards (empty: no dummy; set by a listed
    phase through :meth:`lay_dummy`): the dummy's hand is face up for everyone once the
    first card is led, and the other seat acts in its place."""
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
    def _make(cls, game: GameContext, **fields: Any) -> TricksState:
        """A state of the game's state class (this class, or this class with the listed
        phases' fields) with the given fields, the others at their initial values."""
        state: TricksState = fresh(game.state_class, game, game=game, tables=game.tables,
                                   **fields)
        return TricksState._ordered(game, state)

    @staticmethod
    def _ordered(game: GameContext, state: TricksState) -> TricksState:
        """``state`` with the tables of the card order its listed phases chose (if they
        declare alternatives and one was chosen)."""
        if game.tables.alternatives and (chosen := flow.card_order(state)) >= 0:
            if chosen >= len(game.tables.alternatives):  # a state read back, tampered
                raise StateError(f"the card order chosen, number {chosen}, is not one of the "
                                 f"{len(game.tables.alternatives)} the listed phases declare")
            state._tables = game.tables.alternatives[chosen][1]
        return state

    @classmethod
    def new(cls, game: GameContext, context: DealContext) -> TricksState:
        """A freshly shuffled deal, dealt at once or once the listed phases that run
        before the deal are done; the carried ``leader`` (if any) leads first."""
        n, first = game.players, game.turns.first_after(context.dealer)
        named = context.get("leader", -1)
        deal = game.variant.deal
        named = named if isinstance(named, int) else -1
        if deal.by_lot:  # the hand size drawn: the field of DrawnHandFields, a phase's
            state = cls._make(
                game, stock=tuple(context.stock(game.pack)), leader=first, current=first,
                dealer=context.dealer, deal_number=context.index, named_leader=named,
                drawn_hand=deal.drawn(n, context.index, context.seed))
        else:  # the other fields at their initial values (an empty table), set natively
            state = cls._blank(game, tables=game.tables)
            state._stock = tuple(context.stock(game.pack))
            state._leader = state._current = first
            state._dealer, state._deal_number = context.dealer, context.index
            state._named_leader = named
            state = TricksState._ordered(game, state)
        state._start(context.seed, context.previous)
        return state

    def _deal_hands(self) -> int:
        """Deal the hands from the dealer's left (changes a fresh state); the dealer's last
        card."""
        stock = list(self._stock)
        self._hands, last = deal_hands(self._game, stock, dealer=self._dealer,
                                       size=TricksState._hand_size(self))
        self._stock = tuple(stock)
        return last

    def _set_up_deal(self, last: int = -1) -> None:
        """Turn up the trump card and find the first leader (changes a fresh state)."""
        named = self._named_leader
        dealt = set_up(self._game, list(self._stock), self._hands, last=last,
                       dealer=self._dealer, carry={"leader": named} if named >= 0 else {})
        self._stock, self._trump, self._trump_card = dealt.stock, dealt.trump, dealt.trump_card
        self._leader = self._current = dealt.leader
        self._events = (*self._events, *dealt.events)
        if self._tables.face_up_draw and self._stock:
            self._face_up = turn_up(  # type: ignore[misc]  # a trait's attribute
                self, self._stock, len(self._hands))

    def name_trump(self, suit: int) -> None:
        """Make ``suit`` the deal's trump suit (-1: no trumps): the named operation a
        listed phase that names trumps calls (:class:`~cardrules.engine.table.NamesTrump`;
        the procedure offers ``bidder_names_trump``)."""
        self._trump = suit

    def order_cards(self) -> None:
        """Put in force the card order the listed phases now choose, and its trump suit:
        the named operation a listed phase calls (:class:`~cardrules.engine.table.OrdersCards`;
        the procedure offers ``card_orders``) once it has chosen one."""
        chosen = flow.card_order(self)
        if chosen >= 0:
            self._trump, self._tables = self._game.tables.alternatives[chosen]
        else:
            self._tables = self._game.tables

    def sit_out(self, seat: int) -> None:
        """``seat`` sits the rest of the deal out: the named operation a listed phase
        calls (:class:`~cardrules.engine.table.SitsOut`; the procedure offers
        ``sitting_out``) before play begins."""
        self._out = tuple(sorted({*self._out, seat}))

    def throw_in(self) -> None:
        """End the deal before play, scored as it stands: the named operation a listed
        phase calls (:class:`~cardrules.engine.table.ThrowsIn`; the procedure offers
        ``thrown_in``) on a deal everyone passed."""
        events: list[RawEvent] = []
        TricksState._finish(self, events)
        self._events = (*self._events, *events)

    def lead_first(self, seat: int) -> None:
        """``seat`` leads to the deal's first trick: the named operation a listed phase
        calls before play begins (:class:`~cardrules.engine.table.LeadsFirst`; the
        procedure offers ``named_first_leader``), an auction's declarer, say."""
        self._leader = seat

    def lay_dummy(self, seat: int, by: int) -> None:
        """``seat`` is the dummy, ``by`` chooses its cards: the named operation a listed
        phase calls before play begins (:class:`~cardrules.engine.table.LaysDummy`; the
        procedure offers ``dummy``), a contract auction's declarer and partner, say."""
        self._dummy = (seat, by)

    def controller(self, seat: int) -> int:
        """Who chooses ``seat``'s actions in play: the seat itself, but the dummy's cards
        are chosen by the seat :meth:`lay_dummy` named."""
        dummy = self._dummy
        return dummy[1] if dummy and seat == dummy[0] else seat

    @property
    def current_player(self) -> int:
        """The player to act (-1 once the deal is over); on the dummy's turn in play, the
        seat that chooses its cards (:meth:`controller`)."""
        if self._phase is _STEP_OVER:
            return -1
        if self._dummy and self._stage < 0:
            return TricksState.controller(self, self._current)
        return self._current

    def dummy_shown(self) -> int:
        """The dummy's seat once its hand lies face up (the first card is led), else
        -1."""
        dummy = self._dummy
        return dummy[0] if dummy and self._starter >= 0 else -1

    def _start_play(self) -> None:
        """The leader dealt to lead begins (or the holder of the opening card, which the
        listed phases may have moved; the next seat if that one sits out), after a
        declaration window (changes a fresh clone)."""
        leader = opening_leader(self._tables, self._hands, self._leader)
        while leader in self._out:
            leader = self._tables.following[leader]
        TricksState._window(self, leader)

    # -- public read-only fields -------------------------------------------------

    @property
    def tables(self) -> TricksTables:
        """The variant's compiled tables."""
        return self._tables


    @property
    def events(self) -> tuple[Event, ...]:
        return records(self._events)

    def hidden_cards(self, player: int) -> int:
        """As declared by the zones, and the others' face-down cards in the trick; less
        the opening card (``play.opening``) once play has begun with it in the first
        leader's hand: everyone knows who holds it."""
        leader, down = self._leader, self._down
        seats = self._game.turns.rounds[leader]
        others_down = 0
        for i, mask in enumerate(self._plays):
            if seats[i] != player:
                others_down |= mask & down
        hidden = state_codec.hidden_cards(self, player, extra=others_down)
        if self._dummy and (shown := TricksState.dummy_shown(self)) >= 0:
            hidden &= ~self._hands[shown]
        card = self._tables.opening_card
        if card >= 0 and (self._stage < 0 or self._starter >= 0) and hidden >> card & 1:
            first = self._starter if self._starter >= 0 else \
                leader if not any_set(self._tricks) else -1
            if first >= 0 and self._hands[first] >> card & 1:
                hidden &= ~(1 << card)
        return hidden

    def points(self) -> tuple[int, ...]:
        """Card points each player took, with the declared combinations that count; once
        the deal is over, with ``scoring.last_trick``
        added for whoever took the last trick of a deal played to its last card, and the
        cards listed phases set aside counting as taken (:func:`flow.counted`: a widow's
        discard)."""
        won, aside = self._won, flow.counted(self)
        if aside:
            won = tuple([w | a for w, a in zip(won, aside, strict=True)])
        tables, trump = self._tables, self._trump
        points = tuple(tables.card_points(w, trump) for w in won)
        if tables.scores:
            points = seatwise_sum(points, self._declared)
        if tables.announced:
            points = seatwise_sum(points, self._announced)
        if tables.melds is not None:
            points = seatwise_sum(points, self._melded)
        bonus = self._tables.scoring.last_trick
        if bonus and (w := TricksState._last_trick_taker(self)) >= 0:
            points = _add(points, w, bonus)
        return points

    def deal_points(self) -> tuple[int, ...]:
        """Each player's points in the deal so far, as :meth:`points` counts them: the
        named operation a listed phase that scores a contract of points reads
        (:class:`~cardrules.engine.table.CountsPoints`; the procedure offers
        ``deal_points``)."""
        return TricksState.points(self)

    def kept_points(self) -> tuple[int, ...]:
        """Of :meth:`deal_points`, each player's points of sets announced as they were
        played (``play.announced``), which a contract leaves with them whatever its
        outcome (:class:`~cardrules.engine.table.CountsPoints`)."""
        return self._announced if self._tables.announced else (0,) * len(self._hands)

    def declared_points(self) -> tuple[int, ...]:
        """Of :meth:`deal_points`, each player's points of declarations compared between
        the sides (``play.melds``), which a contract counts for the side that failed it
        and never replaces (:class:`~cardrules.engine.table.CountsPoints`)."""
        return self._melded if self._tables.melds is not None else (0,) * len(self._hands)

    def _last_trick_taker(self) -> int:
        """Who gets the last trick's points: the winner of the last trick once a deal is
        over that was played until every hand was empty, the stock not closed (-1:
        nobody, or no such points)."""
        if not self._tables.scoring.last_trick or self._phase is not _STEP_OVER:
            return -1
        if self._declarer >= 0 or any_set(self._hands) or \
                (self._tables.close is not None and self._closed >= 0):
            return -1
        return self._winner

    # -- legality -----------------------------------------------------------------

    def _compute_legal(self) -> tuple[Action, ...]:
        if self._stage >= 0:
            return flow.legal(self)
        phase, tables, p = self._phase, self._tables, self._current
        if phase is _STEP_ANSWER:
            plays = self._plays
            if tables.answer_rules:  # as _bound_answers, without its calls: the hot path
                held = plays[tables.places[self._leader][self._holder]]
                answers = tables.bound_answers(
                    self._hands[p], plays[0], held, self._trump,
                    duties=tables.duties_always or TricksState._duties_apply(self),
                    first=not any_set(self._tricks),
                    free=tables.partner_frees and TricksState.partner_holds(self, p))
            else:
                answers = tables.answers(self._hands[p], count(plays[0]))
            if tables.melds is not None and not any_set(self._tricks):
                return answers + TricksState._meld_actions(self, p)
            return answers
        if phase is _STEP_LEAD:
            if tables.lead_rules:
                leads = tables.bound_leads(self._hands[p], TricksState._smallest(self),
                                           first=not any_set(self._tricks), broken=self._broken)
            else:
                leads = tables.leads(self._hands[p], TricksState._smallest(self))
            if tables.scores and self._shown[0]:  # declared: lead one of its cards
                leads = tables.leads(self._shown[0], 1)
            if tables.stock_actions:
                leads += tricks_stock.legal(self)
            if tables.melds is not None and not any_set(self._tricks):
                leads += TricksState._meld_actions(self, p)
            if not self._offer:
                return leads
            return leads + tuple(d.action for d in TricksState.declarations(self, p))
        if phase is _STEP_DECLARE:
            return (*(d.action for d in TricksState.declarations(self, p)), tables.pass_)
        return ()

    def _meld_actions(self, player: int) -> tuple[Action, ...]:
        """The ``declare`` actions of the declarations ``player`` may make now
        (``play.melds``)."""
        action = self._tables.action
        return tuple(action(_KIND_DECLARE, m.mask, m.name)
                     for m in tricks_melds.offered(self, player))

    def _smallest(self) -> int:
        """The fewest cards a seat in play holds (seats sitting out aside)."""
        out, fewest = self._out, -1
        for p, hand in enumerate(self._hands):  # a loop: compiled, no generator is made
            if not out or p not in out:
                held = count(hand)
                if fewest < 0 or held < fewest:
                    fewest = held
        return fewest

    def _bound_answers(self) -> tuple[Action, ...]:
        """The answers the duties and the first-trick restriction allow."""
        tables, plays = self._tables, self._plays
        held = plays[tables.places[self._leader][self._holder]]
        p = self._current
        return tables.bound_answers(
            self._hands[p], plays[0], held, self._trump,
            duties=TricksState._duties_apply(self), first=not any_set(self._tricks),
            free=tables.partner_frees and TricksState.partner_holds(self, p))

    def partner_holds(self, player: int) -> bool:
        """The partner of ``player`` (sitting opposite, ``scoring.partners``) holds the
        trick."""
        n = len(self._hands)
        return self._tables.scoring.partners is _PARTNERS_OPPOSITE and \
            self._holder == (player + n // 2) % n and bool(self._plays)

    @property
    def first_trick(self) -> bool:
        """No trick of the deal has been taken yet."""
        return not any_set(self._tricks)

    @property
    def duties_apply(self) -> bool:
        """The duties of answering (``play.duties``) apply now."""
        return TricksState._duties_apply(self)

    def _duties_apply(self) -> bool:
        """:attr:`duties_apply` (called through the class on the hot path)."""
        tables = self._tables
        return tables.duties_always or not self._stock or \
            (tables.duties_closed and self._closed >= 0)

    def declarations(self, player: int) -> tuple[Declaration, ...]:
        """The combinations ``player`` may declare now (held, answerable if led as a
        whole, and, for those only a player who has taken a trick may declare, after a
        trick)."""
        found = self._tables.declarations(self._hands[player], self._trump)
        if found:
            limit, took = TricksState._smallest(self), self._tricks[player]
            found = tuple(d for d in found if (d.effect is not _EFFECT_LEAD or d.size <= limit)
                          and (took or not d.after_a_trick))
        return found

    def _rule_refusal(self, action: Action) -> str | None:
        return tricks_rules.refusal(self, action)

    # -- applying actions ------------------------------------------------------------

    def _next(self, action: Action) -> TricksState:
        if self._stage >= 0:
            return flow.apply(self, action)
        kind = action.kind
        if kind is _KIND_ANSWER:
            return TricksState._answer(self, _mask(action.cards), True, action)
        if kind is _KIND_THROW:
            return TricksState._answer(self, _mask(action.cards), False, action)
        if kind is _KIND_LEAD:
            return TricksState._lead(self, self._current, _mask(action.cards), "",
                              ("lead", self._current, action.cards, 0, "", False))
        if kind is _KIND_DECLARE:
            return TricksState._declare(self, action)
        if kind is _KIND_PASS:
            return TricksState._pass(self)
        return TricksState._stock_action(self, action)

    def _lead(self, p: int, mask: int, combo: str, event: RawEvent) -> TricksState:
        new = self._clone()
        hands = self._hands
        new._hands = with_seat(hands, p, hands[p] & ~mask)
        if self._spare[p] and mask & self._missing[p]:
            absences.laid(new, p, mask)
        new._plays, new._down, new._holder, new._leader = (mask,), 0, p, p
        new._combo, new._asking, new._offer = combo, (), False
        tables = self._tables
        if tables.scores and self._shown[0]:
            _stock_fields(new)._shown = (0,) * len(hands)
        if mask & tables.breakers:
            new._broken = True
        new._phase, new._current = _STEP_ANSWER, tables.following[p]
        if self._out:
            TricksState._skip_out(new)
        if self._starter < 0:
            new._starter = p
        new._events = (event,)
        if tables.announced:
            new._events += tuple(announce(new, p, hands[p], mask))
        return new

    def _answer(self, mask: int, face_up: bool, action: Action) -> TricksState:
        new = self._clone()
        p, hands, plays, tables = self._current, self._hands, self._plays, self._tables
        n = len(hands)
        new._hands = with_seat(hands, p, hands[p] & ~mask)
        new._plays = plays = plays + (mask,)
        if mask & tables.breakers:
            new._broken = True
        event: RawEvent
        if face_up:
            held = plays[tables.places[self._leader][self._holder]]
            trump, lead = self._trump, plays[0]
            index = trump if trump >= 0 else tables.no_trumps
            if held & (held - 1):
                beats = tables.beats_set(mask, held, trump)
            else:  # one card holds the trick: the table says what beats it
                beats = bool(mask & tables.beats[index][held.bit_length() - 1])
            if beats:
                new._holder = p
            if tables.answer_rules and not tables.hooked_legality and (
                    tables.duties_always or TricksState._duties_apply(self)):
                # what the answer shows missing
                free = tables.partner_frees and TricksState.partner_holds(self, p)
                shown = tables.answer_shows(mask, lead, held, trump,
                                            first=not any_set(self._tricks), free=free,
                                            known=self._missing[p])
                if shown:
                    absences.show(new, p, shown)
            if self._spare[p] and mask & self._missing[p]:
                absences.laid(new, p, mask)
            event = ("answer", p, action.cards, 0, "", False)
            calls = announce(new, p, hands[p], mask) if tables.announced else []
        else:
            new._down = self._down | mask
            event = ("throw", p, action.cards, 0, "", True)
            calls = []
        if len(plays) < n:
            new._current = tables.following[p]
            if self._out:
                TricksState._skip_out(new)
        if len(new._plays) < n:
            new._events = (event, *calls) if calls else (event,)
            return new
        events = [event, *calls]
        new._events = ()
        TricksState._take(new, events)
        new._events = (*events, *new._events)  # and what a phase entered said
        return new

    def _skip_out(self) -> None:
        """The seats to answer next that sit the deal out lay nothing in their place of
        the trick (changes a fresh clone)."""
        following, n = self._tables.following, len(self._hands)
        while self._current in self._out and len(self._plays) < n:
            self._plays += (0,)
            self._current = following[self._current]

    def _declare(self, action: Action) -> TricksState:
        if self._tables.melds is not None:  # a declaration compared between the sides
            new = self._clone()
            tricks_melds.declare(self, new, action, _mask(action.cards))
            return new
        p = self._current
        mask = self._tables.masks[action]
        event: RawEvent = ("declare", p, action.cards, 0, action.name, False)
        found = next(d for d in TricksState.declarations(self, p) if d.action == action)
        effect = found.effect
        if effect is _EFFECT_SCORE:
            return TricksState._score(self, p, found, action)
        if effect is _EFFECT_LEAD:
            return TricksState._lead(self, p, mask, action.name, event)
        new = self._clone()
        new._declarer, new._combo = p, action.name
        events = [event]
        TricksState._finish(new, events)
        new._events = tuple(events)
        return new

    def _score(self, p: int, found: Declaration, action: Action) -> TricksState:
        """Declare a combination that scores, showing its cards; one of them is led next
        (or the target announced)."""
        new = self._clone()
        new._offer = False
        fields = _stock_fields(new)
        fields._shown = (found.mask,) * len(self._hands)
        if found.trump >= 0:  # the combination names trumps, from this lead on
            new._trump = found.trump
        if found.later and not self._tricks[p]:
            fields._pending = _add(self._pending, p, found.points)
        else:
            fields._declared = _add(self._declared, p, found.points)
        new._events = (("declare", p, action.cards, found.points, action.name, False),)
        return new

    def _stock_action(self, action: Action) -> TricksState:
        """Exchange for the turned-up card, close the stock, or announce the target."""
        new = self._clone()
        p, kind = self._current, action.kind
        if kind is _KIND_EXCHANGE:
            card, turned = action.cards[0], self._trump_card
            hand = self._hands[p] & ~(1 << card) | 1 << turned
            new._hands = with_seat(self._hands, p, hand)
            absences.came_in(new, p, 1)
            new._stock = (card, *self._stock[1:])
            new._trump_card = card
            _stock_fields(new)._exchanged = turned
            new._events = (("exchange", p, (card,), 0, self._game.pack.name(turned), False),)
            return new
        if kind is _KIND_CLOSE:
            _stock_fields(new)._closed = p
            new._events = (("close", p, (), 0, "", False),)
            return new
        _stock_fields(new)._announcer = p
        events: list[RawEvent] = [("announce", p, (), 0, "", False)]
        TricksState._finish(new, events)
        new._events = tuple(events)
        return new

    def _pass(self) -> TricksState:
        new = self._clone()
        new._events = (("pass", self._current, (), 0, "", False),)
        if self._asking:
            new._current, new._asking = self._asking[0], self._asking[1:]
        else:
            new._phase, new._current, new._offer = _STEP_LEAD, self._leader, False
        return new

    # -- after a trick (these mutate a fresh clone) ----------------------------------

    def _take(self, events: list[RawEvent]) -> None:
        w, cards = self._holder, 0
        for m in self._plays:
            cards |= m
        won, tricks = self._won, self._tricks
        if self._tables.melds is not None and not any_set(tricks):  # the first trick
            tricks_melds.compare(self, events)
        self._won = with_seat(won, w, won[w] | cards)
        self._tricks = with_seat(tricks, w, tricks[w] + 1)
        self._plays, self._down, self._holder, self._combo = (), 0, -1, ""
        self._winner = w
        events.append(("take", w, (), 0, "", False))
        tables = self._tables
        if tables.scores and self._pending[w]:  # declared before a trick: counts now
            fields = _stock_fields(self)
            fields._declared = _add(self._declared, w, self._pending[w])
            fields._pending = _add(self._pending, w, -self._pending[w])
        if not tables.counted_always:  # before anyone draws
            set_trick_aside(self, w)
        face_up = tables.face_up_draw
        draws = tables.draws_up and (tables.close is None or self._closed < 0)
        if self._stock and draws:
            # Everyone draws one card at a time from the winner on, up to the hand size
            # (the winner first: with a face-up top card, the card everyone has seen).
            before = self._hands
            self._stock, self._hands = draw_up(
                self._stock, self._hands, first=w, size=TricksState._hand_size(self),
                turned=self._stock[-1] if face_up else self._trump_card, events=events,
                following=self._tables.following)
            if face_up and self._stock:
                TricksState._turn_up(self, events)
            if any_set(self._missing):
                for seat, hand in enumerate(self._hands):
                    absences.came_in(self, seat, count(hand) - count(before[seat]))
        over = TricksState._smallest(self) == 0 and (not self._stock or not draws)
        # (an empty hand that will never be refilled: nobody can lead again)
        game = cast(GameCore, self._game)  # its attributes read directly when compiled
        if over or (game.end_of_deal is not None and self._ends_by_hook(())) or (
                game.phases and flow.ends_deal(self)):
            TricksState._finish(self, events)
        else:
            # the flow runs the phases listed between tricks, if any, before w leads
            self._leader = self._current = w
            self._asking, self._offer, self._phase = (), False, _STEP_LEAD
            if not flow.between(self, _WHEN_BETWEEN_TRICKS):
                TricksState._window(self, w)

    def _resume_play(self) -> None:
        """The phases listed between tricks are done: the leader they leave leads, after
        a declaration window (changes a fresh clone)."""
        TricksState._window(self, self._leader)

    def _finish_random(self, bits: Sequence[Callable[[int], int]]
                       ) -> tuple[TricksState, int] | None:
        """The deal played to its end at random by the family's play-out kernel, each
        seat drawing from ``bits[seat]`` (see :mod:`.playout`), or a listed phase's moves
        made by the phase (:func:`~cardrules.engine.flow.random_moves`): the state
        reached and the moves made; None where neither makes a move."""
        if self._stage >= 0:  # a listed phase at work: moves it makes itself, if any
            return flow.random_moves(self, bits)
        phase, tables = self._phase, self._tables
        if (phase is not _STEP_LEAD and phase is not _STEP_ANSWER) \
                or self._out or self._asking or self._offer \
                or (self._stock and tables.draws_up) \
                or not tricks_playout.plays_plainly(tables, cast(GameCore, self._game)):
            return None
        play = tricks_playout.PlainPlay(
            hands=list(self._hands), won=list(self._won), tricks=list(self._tricks),
            plays=list(self._plays), holder=self._holder, leader=self._leader,
            current=self._current, winner=self._winner, starter=self._starter,
            broken=self._broken, missing=self._missing, spare=self._spare,
            answering=phase is _STEP_ANSWER, trump=self._trump, dummy=self._dummy,
            duties=TricksState._duties_apply(self))
        last = tricks_playout.play_to_last(play, tables, bits)
        # the last move, applied by the state to the position the kernel reached
        before = self._clone()
        before._hands, before._plays = tuple(play.hands), tuple(play.plays)
        before._holder, before._leader, before._current = play.holder, play.leader, play.current
        before._phase, before._won, before._tricks = _STEP_ANSWER, tuple(play.won), \
            tuple(play.tricks)
        before._winner, before._starter, before._broken = play.winner, play.starter, play.broken
        before._missing, before._spare = play._missing, play._spare
        before._moves = self._moves + play.made
        last_action = tables.action(_KIND_ANSWER, last)
        final: TricksState = before._step(last_action)  # type: ignore[assignment]
        return final, play.made + 1

    def _turn_up(self, events: list[RawEvent]) -> None:
        """Turn up the stock's top card for everyone to see (``draw: face_up_top``;
        mutates a fresh clone)."""
        shown = turn_up(self, self._stock, len(self._hands))
        self._face_up = shown  # type: ignore[misc]  # a trait's attribute
        events.append(("turn_up", -1, (self._stock[-1],), 0, "", False))

    def _hand_size(self) -> int:
        """Cards a hand is dealt (and drawn up to) in this deal: drawn by lot when the
        deal was (``deal.hand.by_lot``), else by the schedule."""
        sizes = self._tables.hand_sizes
        if not sizes:  # drawn by lot
            return int(self.offered("drawn_hand"))
        return sizes[self._deal_number % len(sizes)]

    def _window(self, leader: int) -> None:
        """Open the declaration window before ``leader`` leads (U11).

        Who is asked, and in what order, depends only on what every player knows (how
        many cards each hand holds), never on the cards themselves: each player whose
        hand is big enough for a combination they could declare is asked in turn, the
        scheduled leader first and then clockwise, and one holding nothing to declare can
        only pass.  When nobody but the leader could declare, the leader is offered their
        combinations with the lead instead.
        """
        self._leader = self._current = leader
        self._asking, self._offer, self._phase = (), False, _STEP_LEAD
        tables = self._tables
        if not tables.effects:
            return
        if tables.scores:  # combinations that score are declared by the leader, leading
            self._offer = True
            return
        hands, seats = self._hands, self._game.turns.rounds[leader]
        if TricksState._smallest(self) >= tables.smallest_lead_combination:
            asked = list(seats)
        else:
            least = tables.smallest_win_combination
            asked = [p for p in seats if count(hands[p]) >= least]
        if asked == [leader]:
            self._offer = True
        elif asked:
            self._phase, self._current, self._asking = _STEP_DECLARE, asked[0], tuple(asked[1:])

    def _finish(self, events: list[RawEvent]) -> None:
        """Score the deal by the bands, or by the scoring vocabulary's terms
        (:mod:`.tricks_scoring`)."""
        self._phase = _STEP_OVER
        tables, n = self._tables, len(self._hands)
        points, tricks, won = TricksState.points(self), counted_tricks(self), self._won
        partner = list(range(n))
        if tables.scoring.partners is _PARTNERS_OPPOSITE:  # partners pool what they took
            partner = [(p + n // 2) % n for p in range(n)]
            points = tuple([points[p] + points[q] for p, q in enumerate(partner)])
            tricks = tuple([tricks[p] + tricks[q] for p, q in enumerate(partner)])
            won = tuple([won[p] | won[q] for p, q in enumerate(partner)])
        self._scores = flow.score(
            self, TricksState._deal_scores(self, points, tricks, won, partner))
        events.append(("deal_end", -1, (), 0, "", False))

    def _deal_scores(self, points: tuple[int, ...], tricks: tuple[int, ...],
                     won: tuple[int, ...], partner: list[int]) -> tuple[int, ...]:
        """The procedure's deal scores (before any phase's): by the scoring vocabulary's
        terms, or by the bands (figures pooled with partners)."""
        tables, n = self._tables, len(points)
        if tables.scoring.target is not None:
            return tricks_scoring.target_scores(
                tables.scoring.target, points=points, tricks=tricks,
                announcer=self._announcer, closer=self._closed, last=self._winner)
        if tables.scoring.scored_by_terms:
            return tricks_scoring.scores(
                tables.scoring, points=points, tricks=tricks, won=won,
                point_cards=tables.point_cards, last=TricksState._last_trick_taker(self),
                partner=partner)
        top = tables.scoring.most_points
        if self._declarer >= 0:
            leaders = {self._declarer, partner[self._declarer]}
        else:
            best = max(points)
            leaders = {p for p in range(n) if points[p] == best}
        return tuple([
            top if top is not None and p in leaders else tables.score(points[p], tricks[p])
            for p in range(n)])

    @property
    def result(self) -> DealResult | None:
        """The deal's result once it is over; ``carry`` names the next deal's leader."""
        return deal_result(self) if self._phase is _STEP_OVER else None

    # -- equality, views and JSON ---------------------------------------------------

    def _lead_seats(self) -> tuple[int, int]:
        return self._leader, self._winner  # read natively, not by name

    def view(self, player: object) -> View:
        return FieldState._view_record(self, player, VIEWS[0])

    # -- written out by cardrules.tools.written_states from the fields above: do not edit

    def _clone(self) -> TricksState:
        """A copy whose events start empty and whose caches start afresh (the
        clone ``derived`` would generate, written out)."""
        cls = type(self)
        new = cls.__new__(cls)
        new._game = self._game
        new._tables = self._tables
        new._hands = self._hands
        new._stock = self._stock
        new._trump = self._trump
        new._trump_card = self._trump_card
        new._leader = self._leader
        new._current = self._current
        new._phase = self._phase
        new._asking = self._asking
        new._offer = self._offer
        new._plays = self._plays
        new._down = self._down
        new._holder = self._holder
        new._combo = self._combo
        new._won = self._won
        new._tricks = self._tricks
        new._discard = self._discard
        new._missing = self._missing
        new._spare = self._spare
        new._scores = self._scores
        new._winner = self._winner
        new._declarer = self._declarer
        new._starter = self._starter
        new._dealer = self._dealer
        new._deal_number = self._deal_number
        new._moves = self._moves
        new._stage = self._stage
        new._events = ()
        new._broken = self._broken
        new._named_leader = self._named_leader
        new._out = self._out
        new._dummy = self._dummy
        new._legal = None
        new._held = None
        new._phased = self._phased
        new._groups = self._groups
        groups = self._groups
        if groups:
            if groups & 1:  # StockFields
                new._closed = self._closed  # type: ignore[misc]
                new._declared = self._declared  # type: ignore[misc]
                new._pending = self._pending  # type: ignore[misc]
                new._shown = self._shown  # type: ignore[misc]
                new._announcer = self._announcer  # type: ignore[misc]
                new._exchanged = self._exchanged  # type: ignore[misc]
            if groups & 2:  # AnnouncedFields
                new._announced = self._announced  # type: ignore[misc]
                new._calling = self._calling  # type: ignore[misc]
            if groups & 4:  # MeldFields
                new._meld_runs = self._meld_runs  # type: ignore[misc]
                new._meld_sets = self._meld_sets  # type: ignore[misc]
                new._meld_shown = self._meld_shown  # type: ignore[misc]
                new._melded = self._melded  # type: ignore[misc]
            if groups & 8:  # FaceUpFields
                new._face_up = self._face_up  # type: ignore[misc]
            if groups & 16:  # CountedFields
                new._set_aside = self._set_aside  # type: ignore[misc]
            if groups & 32:  # DrawnHandFields
                new._drawn_hand = self._drawn_hand  # type: ignore[misc]
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
    def trump(self) -> int:
        """The trump field (read-only)."""
        return self._trump

    @property
    def trump_card(self) -> int:
        """The trump_card field (read-only)."""
        return self._trump_card

    @property
    def leader(self) -> int:
        """The leader field (read-only)."""
        return self._leader

    @property
    def current(self) -> int:
        """The current field (read-only)."""
        return self._current

    @property
    def phase(self) -> TrickStep:
        """The phase field (read-only)."""
        return self._phase

    @property
    def asking(self) -> tuple[int, ...]:
        """The asking field (read-only)."""
        return self._asking

    @property
    def offer(self) -> bool:
        """The offer field (read-only)."""
        return self._offer

    @property
    def plays(self) -> tuple[int, ...]:
        """The plays field (read-only)."""
        return self._plays

    @property
    def down(self) -> int:
        """The down field (read-only)."""
        return self._down

    @property
    def holder(self) -> int:
        """The holder field (read-only)."""
        return self._holder

    @property
    def combo(self) -> str:
        """The combo field (read-only)."""
        return self._combo

    @property
    def won(self) -> tuple[int, ...]:
        """The won field (read-only)."""
        return self._won

    @property
    def tricks(self) -> tuple[int, ...]:
        """The tricks field (read-only)."""
        return self._tricks

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
    def scores(self) -> tuple[int, ...]:
        """The scores field (read-only)."""
        return self._scores

    @property
    def winner(self) -> int:
        """The winner field (read-only)."""
        return self._winner

    @property
    def declarer(self) -> int:
        """The declarer field (read-only)."""
        return self._declarer

    @property
    def starter(self) -> int:
        """The starter field (read-only)."""
        return self._starter

    @property
    def moves(self) -> int:
        """The moves field (read-only)."""
        return self._moves

    @property
    def broken(self) -> bool:
        """The broken field (read-only)."""
        return self._broken

    @property
    def named_leader(self) -> int:
        """The named_leader field (read-only)."""
        return self._named_leader

    @property
    def out(self) -> tuple[int, ...]:
        """The out field (read-only)."""
        return self._out

    @property
    def dummy(self) -> tuple[int, ...]:
        """The dummy field (read-only)."""
        return self._dummy

    # -- end of the written-out part


def _stock_fields(state: TricksState) -> StockFields:
    """``state`` seen as the :class:`StockFields` its class was composed with (in the games
    with combinations that score, an exchange, closing or a target)."""
    return cast(StockFields, state)


def _mask(cards: tuple[int, ...]) -> int:
    """The bit set of an action's ``cards`` (what ``tables.masks`` holds for it, without
    hashing the action: an action's hash is worked out anew at every call)."""
    if len(cards) == 1:
        return 1 << cards[0]
    return mask_of(cards)


def _add(numbers: tuple[int, ...], p: int, amount: int) -> tuple[int, ...]:
    """``numbers`` with ``amount`` added to entry ``p``."""
    return with_seat(numbers, p, numbers[p] + amount)
