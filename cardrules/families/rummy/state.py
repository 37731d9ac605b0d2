"""The rummy procedure: draw from the stock or take the upcard, discard, and end the deal
by knocking (the knocker lays its melds, the defender lays off and melds) or at the wall.

>>> import cardrules
>>> game = cardrules.load("gin-rummy", players=2)
>>> state = game.setup(hands=["AS 2S 3S 4S 7H 7C 7D KH QH 9D", "5C 6C"], pile="9S",
...                    stock="2D 3D 4D", current=0)
>>> state.phase.value, [state.describe(a) for a in state.legal_actions()]
('draw', ['take', 'draw'])
>>> after = state.apply("take").apply("discard KH")
>>> after.view(1).upcard, after.view(1).current_player
('KH', 1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

import attr
import attrs

from cardrules.actions import Action
from cardrules.cards import bits
from cardrules.engine import flow
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
    KnownCards,
    Numbers,
    Seat,
    Stage,
    field,
    reset,
)
from cardrules.engine.native import mypyc_attr
from cardrules.engine.state import DealContext, DealResult, FieldState, GameContext
from cardrules.engine.table import with_seat
from cardrules.families.rummy import rules as rummy_rules
from cardrules.families.rummy.fields import MeldLists
from cardrules.families.rummy.model import Step
from cardrules.families.rummy.scoring import deal_scores
from cardrules.families.rummy.tables import DISCARD as DISCARD_WORD
from cardrules.families.rummy.tables import KNOCK as KNOCK_WORD
from cardrules.families.rummy.tables import LAYOFF as LAYOFF_WORD
from cardrules.families.rummy.tables import MELD as MELD_WORD
from cardrules.families.rummy.tables import TAKE, RummyTables
from cardrules.model.common import Visibility

if TYPE_CHECKING:
    from cardrules.engine.views import View

__all__ = ["RummyState"]

# The steps read in functions, as module constants (those of the family's model, made
# here): compiled, each is a C static (on Python 3.11 an enum class's attribute costs a
# slow lookup: EnumType has a __getattr__; another module's name, a look-up by name).
FIRST: Final = Step.FIRST
DRAW: Final = Step.DRAW
DISCARD: Final = Step.DISCARD
KNOCK: Final = Step.KNOCK
LAYOFF: Final = Step.LAYOFF
MELD: Final = Step.MELD
WALL: Final = Step.WALL
OVER: Final = Step.OVER

VIEWS: Final[list[Callable[[RummyState, int], dict[str, Any]]]] = []
"""The family's view function, put here by :mod:`cardrules.families.rummy.view` when it
is imported (the family's procedure imports it).  That module reads this one's class, so
a compiled view reads the state's fields directly; this module therefore does not import
it."""


@mypyc_attr(allow_interpreted_subclasses=True)  # the listed phases' fields: flow.compose
@attr.s(auto_attribs=True, slots=True, eq=False, repr=False)
class RummyState(FieldState):
    """A deal of a rummy game.  Each field is declared once; JSON, zones and re-sampling
    derive from the declarations.  The discard pile and the melds laid are public; a card
    taken from the pile stays known to the other player while it is in the taker's hand,
    and a knocker shows its hand.

    The class is on the compiled hot path: ``attr.s`` (a native class when compiled by
    mypyc) with its clone and read-only properties written out at the end
    (:mod:`cardrules.tools.written_states`)."""

    # GameContext is imported to run: a compiled build (mypyc) evaluates the annotations.
    _game: GameContext = attrs.field(default=None)
    _hands: tuple[int, ...] = field(CardSets(zone="hand", allowed=(Visibility.OWNER,
                                                                    Visibility.PUBLIC)))
    """Each hand as a bit set."""
    _stock: tuple[int, ...] = field(CardList(zone="stock", seen=Visibility.HIDDEN,
                                             allowed=(Visibility.HIDDEN,)))
    """The stock, drawn from its end."""
    _pile: tuple[int, ...] = field(CardList(zone="discards", allowed=(Visibility.PUBLIC,)))
    """The discard pile from its bottom; its top card is the upcard."""
    _melds: tuple[int, ...] = field(CardSets(zone="melds", seen=Visibility.PUBLIC,
                                             allowed=(Visibility.PUBLIC,)))
    """Each seat's cards laid in melds."""
    _meld_list: tuple[tuple[int, ...], ...] = field(MeldLists())
    """Each seat's melds, in the order laid."""
    _laid_off: int = field(CardSet(zone="layoffs", allowed=(Visibility.PUBLIC,)))
    """The cards laid off on the knocker's melds."""
    _known: tuple[int, ...] = field(KnownCards())
    """Per seat, the cards of the other's hand it knows: taken from the pile, or shown
    by a knock."""
    _passed: tuple[int, ...] = field(Numbers(minimum=0))
    """Per seat, 1 once it passed the first upcard."""
    _knocker: int = field(Seat())
    """The player who knocked (-1: nobody yet)."""
    _limit: int = field(Count())
    """The knock limit in force (``play.knock``, or the first upcard's value)."""
    _taken: int = field(Card())
    """The card the player to discard took from the pile this turn (-1: none)."""
    _repeat: bool = field(Flag())
    """The last discard was the card its player had just taken from the pile."""
    _takes: int = field(Count())
    """Upcards taken in the draw step so far."""
    _big_gin: bool = field(Flag())
    """The knocker went out with every card melded, discarding none (big gin)."""
    _deadwood: tuple[int, ...] = field(Numbers())
    """Each player's deadwood counted at the end of the deal."""
    _current: int = field(Seat(nobody=False))
    """The player to move."""
    _phase: Step = field(Enumerated(of=Step))  # noqa: RUF009
    """The step the deal is at."""
    _scores: tuple[int, ...] = field(Numbers())
    """Deal scores (set when the deal ends)."""
    _dealer: int = field(Seat(nobody=False))
    """The dealer."""
    _deal_number: int = field(Count())
    """The deal's number in its match, from 0."""
    _moves: int = field(Count())
    """Actions applied in this deal."""
    _stage: int = field(Stage())
    """The listed phase at work (-1: none)."""
    _events: tuple[RawEvent, ...] = field(Events(raw=True))
    """What the last action made happen, kept compactly
    (:func:`~cardrules.engine.events.raw_event`)."""
    _legal: tuple[Action, ...] | None = reset()
    """The legal actions, once asked for."""
    _held: tuple[Action, ...] | None = reset()
    """With a pack of several copies of a face, the legal actions with the very cards
    held, once asked for (the legal actions themselves are by face)."""
    _phased: Any = None
    """The listed phases' fields (:mod:`cardrules.engine.phased`); None without."""

    @classmethod
    def new(cls, game: GameContext, context: DealContext) -> RummyState:
        """A freshly shuffled deal, dealt at once (or after the listed phases that run
        before the deal)."""
        n = game.players
        state = cls._blank(game)  # then its own fields, set natively
        zeros = (0,) * n
        state._hands = state._melds = state._known = state._passed = state._deadwood = zeros
        state._meld_list = ((),) * n
        state._knocker = state._taken = -1
        state._limit = game.tables.play.knock
        state._phase, state._stock = DRAW, tuple(context.stock(game.pack.size))
        state._current = game.turns.first_after(context.dealer)
        state._dealer, state._deal_number, state._events = context.dealer, context.index, ()
        state._start(context.seed)
        return state

    @property
    def _tables(self) -> RummyTables:
        tables: RummyTables = self._game.tables
        return tables

    @property
    def events(self) -> tuple[Event, ...]:
        """What the last action made happen (kept compactly, made records when read)."""
        return records(self._events)

    def _deal_cards(self) -> None:
        """Deal the hands one card at a time from the dealer's left, then turn the first
        upcard (changes a fresh state); with ``play.oklahoma`` its value is the knock
        limit, an ace's none (gin only)."""
        n, stock = self._game.players, list(self._stock)
        size = self._game.variant.deal.hand_for(n, self._deal_number)
        hands = list(self._hands)
        seats = self._game.turns.round_from(self._game.turns.first_after(self._dealer))
        for _ in range(size):
            for seat in seats:
                if stock:
                    hands[seat] |= 1 << stock.pop()
        upcard = stock.pop()
        self._hands, self._stock, self._pile = tuple(hands), tuple(stock), (upcard,)
        play = self._tables.play
        if play.oklahoma:
            value = self._tables.values[upcard]
            self._limit = 0 if value == 1 else value
        self._phase = FIRST if play.first_upcard else DRAW
        self._events = (*self._events, raw_event(kind="deal", player=self._dealer,
                                                 cards=(upcard,)))

    def _start_play(self) -> None:
        """The player on the dealer's left moves first."""
        self._current = self._game.turns.first_after(self._dealer)

    # what the rules ask -------------------------------------------------------------

    def must_discard(self) -> bool:
        """Whether the player to move holds a card more than a hand (drew or knocked and
        has not discarded yet)."""
        return self._hands[self._current].bit_count() > self._tables.hand_size(self._deal_number)

    def can_knock(self) -> bool:
        """Whether the player to move may knock now: after a discard (at the wall, after
        taking the upcard) their deadwood is within the knock limit."""
        hand = self._hands[self._current]
        if self._phase is WALL:
            if not self._pile:
                return False
            hand |= 1 << self._pile[-1]
        elif self._phase is not DISCARD:
            return False
        return self._tables.finder.best_discard(hand) <= self._limit

    def _compute_legal(self) -> tuple[Action, ...]:
        if self._stage >= 0:
            return flow.legal(self)
        tables, phase = self._tables, self._phase
        p = self._current
        hand = self._hands[p]
        if phase is FIRST:
            return (tables.draw,) if all(self._passed) else (tables.take, tables.pass_)
        if phase is DRAW:
            return (tables.take, tables.draw) if self._stock else (tables.take,)
        if phase is DISCARD:
            out = [tables.discards[c] for c in bits(hand)]
            if self.can_knock():
                out.append(tables.knock)
            return tuple(out)
        finder, limit = tables.finder, self._limit
        if phase is KNOCK:
            if self.must_discard():
                return tuple(tables.discards[c] for c in bits(hand)
                             if finder.deadwood(hand & ~(1 << c)) <= limit)
            out = [tables.meld_actions[tables.meld_index[m]] for m in finder.melds_in(hand)
                   if finder.deadwood(hand & ~m) <= limit]
            if tables.value(hand) <= limit:
                out.append(tables.pass_)
            return tuple(out)
        if phase is LAYOFF:
            fits = hand & tables.layoff_cards(self._meld_list[self._knocker], self._laid_off)
            return (tables.pass_, *(tables.layoffs[c] for c in bits(fits)))
        if phase is MELD:
            return (tables.pass_, *(tables.meld_actions[tables.meld_index[m]]
                                    for m in finder.melds_in(hand)))
        if phase is WALL:
            return (tables.pass_, tables.knock) if self.can_knock() else (tables.pass_,)
        return ()

    def _rule_refusal(self, action: Action) -> str | None:
        return rummy_rules.refusal(self, action)

    # play ---------------------------------------------------------------------------

    def _next(self, action: Action) -> RummyState:
        new = self._clone()
        word = rummy_rules.word(action)
        phase, p = self._phase, self._current
        if word == TAKE:
            return new._take(p)
        if word == "draw":
            return new._draw(p)
        if word == "pass":
            return new._pass(p)
        if word == KNOCK_WORD:
            return new._knock(p)
        card = action.cards[0] if action.cards else -1
        if word == DISCARD_WORD:
            return new._knock_discard(p, card) if phase is KNOCK else new._discard(p, card)
        if word == LAYOFF_WORD:
            new._hands = with_seat(self._hands, p, self._hands[p] & ~(1 << card))
            new._laid_off = self._laid_off | 1 << card
            new._events = (raw_event(kind="layoff", player=p, cards=(card,)),)
            return new
        assert word == MELD_WORD
        new._lay(p, sum(1 << c for c in action.cards))
        return new

    def _take(self, p: int) -> RummyState:
        """Take the upcard into hand (in the draw step, counting toward
        ``play.upcard_limit``, which ends the deal drawn when reached)."""
        limit = self._tables.play.upcard_limit
        if self._phase is DRAW and limit:
            self._takes += 1
            if self._takes >= limit:
                self._events = (raw_event(kind="upcard_limit", player=p),)
                return self._finish()
        card = self._pile[-1]
        self._pile = self._pile[:-1]
        self._hands = with_seat(self._hands, p, self._hands[p] | 1 << card)
        self._known = tuple(k | 1 << card if q != p else k for q, k in enumerate(self._known))
        self._taken, self._phase = card, DISCARD
        self._events = (raw_event(kind="take", player=p, cards=(card,)),)
        return self

    def _draw(self, p: int) -> RummyState:
        """Draw the stock's top card; the upcard is covered by the next discard."""
        stock = list(self._stock)
        card = stock.pop()
        self._stock = tuple(stock)
        self._hands = with_seat(self._hands, p, self._hands[p] | 1 << card)
        self._taken, self._phase = -1, DISCARD
        self._events = (raw_event(kind="draw", player=p, cards=(card,), private=True),)
        return self

    def _discard(self, p: int, card: int) -> RummyState:
        """Discard to the pile; the next player draws, or is at the wall.  Two discards in
        succession of the card just taken end the deal drawn (``play.repeat_draw``)."""
        self._hands = with_seat(self._hands, p, self._hands[p] & ~(1 << card))
        self._known = tuple(k & ~(1 << card) for k in self._known)
        self._pile = (*self._pile, card)
        self._events = (raw_event(kind="discard", player=p, cards=(card,)),)
        repeat = card == self._taken
        self._taken = -1
        self._current = self._game.turns.following[p]
        play = self._tables.play
        if play.repeat_draw and repeat and self._repeat:
            self.record(raw_event(kind="repeat", player=p))
            return self._finish()
        self._repeat = repeat
        self._phase = WALL if len(self._stock) <= play.wall else DRAW
        return self

    def _knock(self, p: int) -> RummyState:
        """Knock: at the wall, taking the upcard; the knocker's hand is shown to the other
    player; with big gin, every meld is laid at once."""
        if self._phase is WALL:
            card = self._pile[-1]
            self._pile = self._pile[:-1]
            self._hands = with_seat(self._hands, p, self._hands[p] | 1 << card)
        self._knocker, self._phase = p, KNOCK
        hand = self._hands[p]
        self._known = tuple(k if q == p else k | hand for q, k in enumerate(self._known))
        self._events = (raw_event(kind="knock", player=p, cards=tuple(bits(hand))),)
        finder = self._tables.finder
        if self._tables.play.big_gin and finder.deadwood(hand) == 0:
            for meld in finder.arrangement(hand)[1]:
                self._lay(p, meld)
            self._big_gin = True
            self.record(raw_event(kind="big_gin", player=p))
            return self._pass(p)
        return self

    def _knock_discard(self, p: int, card: int) -> RummyState:
        self._hands = with_seat(self._hands, p, self._hands[p] & ~(1 << card))
        self._known = tuple(k & ~(1 << card) for k in self._known)
        self._pile = (*self._pile, card)
        self._events = (raw_event(kind="discard", player=p, cards=(card,)),)
        return self

    def _lay(self, p: int, meld: int) -> None:
        """Lay ``meld`` (a bit set of the hand of ``p``) on the table."""
        self._hands = with_seat(self._hands, p, self._hands[p] & ~meld)
        self._known = tuple(k & ~meld for k in self._known)
        self._melds = with_seat(self._melds, p, self._melds[p] | meld)
        self._meld_list = tuple((*ms, meld) if q == p else ms
                                for q, ms in enumerate(self._meld_list))
        self._events = (*self._events, raw_event(kind="meld", player=p, cards=tuple(bits(meld))))

    def _pass(self, p: int) -> RummyState:
        phase = self._phase
        if phase is FIRST:
            self._passed = with_seat(self._passed, p, 1)
            self._current = self._game.turns.following[p]
            self._events = (raw_event(kind="pass", player=p),)
            return self
        if phase is WALL:
            self._events = (raw_event(kind="wall", player=p),)
            return self._finish()
        if phase is KNOCK:
            gin = self._hands[p] == 0
            self._current = self._game.turns.following[p]
            self._phase = MELD if gin else LAYOFF
            if not self._big_gin:
                self._events = (raw_event(kind="pass", player=p),)
            if gin:
                self.record(raw_event(kind="gin", player=p))
            return self
        if phase is LAYOFF:
            self._phase = MELD
            self._events = (raw_event(kind="pass", player=p),)
            return self
        self._events = (raw_event(kind="pass", player=p),)
        return self._finish()

    def _finish(self) -> RummyState:
        """The deal is over: deadwood counted, the deal scored."""
        tables = self._tables
        self._deadwood = tuple(tables.value(h) for h in self._hands)
        self._scores = deal_scores(tables, knocker=self._knocker, deadwood=self._deadwood,
                                   big_gin=self._big_gin)
        if self._game.phases:
            self._scores = flow.score(self, self._scores)
        self._phase = OVER
        self._events = (*self._events, raw_event(kind="deal_end"))
        return self

    @property
    def result(self) -> DealResult | None:
        """The deal's result once it is over: most points first."""
        if self._phase is not OVER:
            return None
        seats = list(self._game.turns.round_from(self._game.turns.first_after(self._dealer)))
        finish = tuple(sorted(seats, key=lambda p: -self._scores[p]))
        return self._game.deal_result(scores=self._scores, finish=finish,
                                      starter=seats[0], dealer=self._dealer)

    # -- views ---------------------------------------------------------------------

    def view(self, player: object) -> View:
        return FieldState._view_record(self, player, VIEWS[0])

    # -- written out by cardrules.tools.written_states from the fields above: do not edit

    def _clone(self) -> RummyState:
        """A copy whose events start empty and whose caches start afresh (the
        clone ``derived`` would generate, written out)."""
        cls = type(self)
        new = cls.__new__(cls)
        new._game = self._game
        new._hands = self._hands
        new._stock = self._stock
        new._pile = self._pile
        new._melds = self._melds
        new._meld_list = self._meld_list
        new._laid_off = self._laid_off
        new._known = self._known
        new._passed = self._passed
        new._knocker = self._knocker
        new._limit = self._limit
        new._taken = self._taken
        new._repeat = self._repeat
        new._takes = self._takes
        new._big_gin = self._big_gin
        new._deadwood = self._deadwood
        new._current = self._current
        new._phase = self._phase
        new._scores = self._scores
        new._dealer = self._dealer
        new._deal_number = self._deal_number
        new._moves = self._moves
        new._stage = self._stage
        new._events = ()
        new._legal = None
        new._held = None
        new._phased = self._phased
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
    def melds(self) -> tuple[int, ...]:
        """The melds field (read-only)."""
        return self._melds

    @property
    def meld_list(self) -> tuple[tuple[int, ...], ...]:
        """The meld_list field (read-only)."""
        return self._meld_list

    @property
    def laid_off(self) -> int:
        """The laid_off field (read-only)."""
        return self._laid_off

    @property
    def known(self) -> tuple[int, ...]:
        """The known field (read-only)."""
        return self._known

    @property
    def passed(self) -> tuple[int, ...]:
        """The passed field (read-only)."""
        return self._passed

    @property
    def knocker(self) -> int:
        """The knocker field (read-only)."""
        return self._knocker

    @property
    def limit(self) -> int:
        """The limit field (read-only)."""
        return self._limit

    @property
    def taken(self) -> int:
        """The taken field (read-only)."""
        return self._taken

    @property
    def repeat(self) -> bool:
        """The repeat field (read-only)."""
        return self._repeat

    @property
    def takes(self) -> int:
        """The takes field (read-only)."""
        return self._takes

    @property
    def big_gin(self) -> bool:
        """The big_gin field (read-only)."""
        return self._big_gin

    @property
    def deadwood(self) -> tuple[int, ...]:
        """The deadwood field (read-only)."""
        return self._deadwood

    @property
    def current(self) -> int:
        """The current field (read-only)."""
        return self._current

    @property
    def phase(self) -> Step:
        """The phase field (read-only)."""
        return self._phase

    @property
    def scores(self) -> tuple[int, ...]:
        """The scores field (read-only)."""
        return self._scores

    @property
    def moves(self) -> int:
        """The moves field (read-only)."""
        return self._moves

    # -- end of the written-out part
