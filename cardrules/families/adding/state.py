"""The adding procedure: lay cards away to the crib, cut a starter, play cards to a
running total that may not pass the limit, then show the hands; hand after hand until a
side reaches the target.

>>> import cardrules
>>> game = cardrules.load("cribbage", players=2)
>>> state = game.setup(hands=["5C 9D", "KS"], total=10, sequence="KH", dealer=1)
>>> [state.describe(a) for a in state.legal_actions()]
['play 5C', 'play 9D']
>>> after = state.apply("play 5C")
>>> after.view(1).total, after.view(1).points
(15, [2, 0])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

import attr
import attrs

from cardrules.actions import Action, Kind
from cardrules.cards import bits, shuffled
from cardrules.engine import flow
from cardrules.engine.events import Event, RawEvent, raw_event, records
from cardrules.engine.fields import (
    CardList,
    CardSet,
    CardSets,
    Count,
    Enumerated,
    Events,
    Numbers,
    Seat,
    Stage,
    field,
    reset,
)
from cardrules.engine.native import mypyc_attr
from cardrules.engine.seeding import derive_seed
from cardrules.engine.standings import places
from cardrules.engine.state import DealContext, DealResult, FieldState, GameContext
from cardrules.engine.table import with_seat
from cardrules.families.adding import rules as adding_rules
from cardrules.families.adding.model import DiscardFrom, ShowEnds, Step
from cardrules.families.adding.scoring import play_points, show_parts
from cardrules.families.adding.tables import DISCARD_WORD, GO, AddingTables
from cardrules.model.common import Visibility

if TYPE_CHECKING:
    from cardrules.engine.views import View

__all__ = ["AddingState"]

# The steps and the other enum members read in functions, as module constants (the
# steps those of the family's model, made here): compiled, each is a C static (on Python
# 3.11 an enum class's attribute costs a slow lookup: EnumType has a __getattr__;
# another module's name, a look-up by name).
DISCARD: Final = Step.DISCARD
PLAY: Final = Step.PLAY
OVER: Final = Step.OVER
_KIND_VERB: Final = Kind.VERB
_KIND_PLAY: Final = Kind.PLAY
_FIRST_SEAT: Final = DiscardFrom.FIRST_SEAT
_ALL_COUNTED: Final = ShowEnds.ALL_COUNTED

VIEWS: Final[list[Callable[[AddingState, int], dict[str, Any]]]] = []
"""The family's view function, put here by :mod:`cardrules.families.adding.view` when it
is imported (the family's procedure imports it).  That module reads this one's class, so
a compiled view reads the state's fields directly; this module therefore does not import
it."""


@mypyc_attr(allow_interpreted_subclasses=True)  # the listed phases' fields: flow.compose
@attr.s(auto_attribs=True, slots=True, eq=False, repr=False)
class AddingState(FieldState):
    """A game of the adding family, hand after hand to the target.  Each field is
    declared once; JSON, zones and re-sampling derive from the declarations.  The cards
    played are public; the crib is seen by nobody but each player's own discards.

    The class is on the compiled hot path: ``attr.s`` (a native class when compiled by
    mypyc) with its clone and read-only properties written out at the end
    (:mod:`cardrules.tools.written_states`)."""

    # GameContext is imported to run: a compiled build (mypyc) evaluates the annotations.
    _game: GameContext = attrs.field(default=None)
    _hands: tuple[int, ...] = field(CardSets(zone="hand", allowed=(Visibility.OWNER,
                                                                    Visibility.PUBLIC)))
    """Each hand as a bit set: the cards not yet laid away or played."""
    _stock: tuple[int, ...] = field(CardList(zone="stock", seen=Visibility.HIDDEN,
                                             allowed=(Visibility.HIDDEN,)))
    """The undealt cards, dealt from the end; the starter is cut from it."""
    _crib: tuple[int, ...] = field(CardSets(zone="crib", seen=Visibility.OWNER,
                                            allowed=(Visibility.OWNER,)))
    """The cards each player laid away to the crib (the dealer's in the show)."""
    _crib_stock: int = field(CardSet(zone="crib_stock", seen=Visibility.HIDDEN,
                                     allowed=(Visibility.HIDDEN,)))
    """The cards dealt from the stock to the crib to fill it up."""
    _starter: int = field(CardSet(zone="starter", allowed=(Visibility.PUBLIC,)))
    """The starter card, cut after the discards (none before)."""
    _played: tuple[int, ...] = field(CardSets(zone="played", seen=Visibility.PUBLIC,
                                              allowed=(Visibility.PUBLIC,)))
    """The cards each player has played this hand (their hand in the show)."""
    _sequence: tuple[int, ...] = field(CardList(zone="round", subset_of="played"))
    """The cards played in this round of play, in order (for pairs and runs)."""
    _total: int = field(Count())
    """The running total of this round of play."""
    _gone: tuple[int, ...] = field(Numbers())
    """Per seat, 1 once it has said go in this round of play."""
    _last: int = field(Seat())
    """The last player to play a card in this round (-1: nobody yet)."""
    _points: tuple[int, ...] = field(Numbers())
    """Each player's score in the game (partners score alike)."""
    _winner: int = field(Seat())
    """The seat whose side won (-1: nobody yet, or nobody when the hands ran out)."""
    _hand_number: int = field(Count())
    """Hands dealt before this one."""
    _seed: int = field(Count())
    """The game's seed: each later hand is shuffled from a seed derived from it."""
    _current: int = field(Seat(nobody=False))
    """The player to move."""
    _phase: Step = field(Enumerated(of=Step))  # noqa: RUF009
    """The step the game is at."""
    _scores: tuple[int, ...] = field(Numbers())
    """Final scores (set when the game ends)."""
    _dealer: int = field(Seat(nobody=False))
    """The dealer of this hand."""
    _deal_number: int = field(Count())
    """The deal's number in its match, from 0."""
    _moves: int = field(Count())
    """Actions applied."""
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
    def new(cls, game: GameContext, context: DealContext) -> AddingState:
        """A freshly shuffled game, its first hand dealt at once."""
        n = game.players
        state = cls._blank(game)  # then its own fields, set natively
        zeros = (0,) * n
        state._hands = state._crib = state._played = state._points = state._gone = \
            state._scores = zeros
        state._last = state._winner = -1
        state._phase, state._stock = DISCARD, tuple(context.stock(game.pack.size))
        state._current = game.turns.first_after(context.dealer)
        state._dealer, state._seed = context.dealer, context.seed
        state._deal_number, state._events = context.index, ()
        state._start(context.seed)
        return state

    @property
    def _tables(self) -> AddingTables:
        tables: AddingTables = self._game.tables
        return tables

    @property
    def events(self) -> tuple[Event, ...]:
        """What the last action made happen (kept compactly, made records when read)."""
        return records(self._events)

    # -- dealing -------------------------------------------------------------------

    def _deal_cards(self) -> None:
        """Deal the hand one card at a time from the dealer's left, then fill the crib
        from the stock (changes a fresh state)."""
        tables = self._tables
        n, stock = self._game.players, list(self._stock)
        hands = [0] * n
        seats = self._game.turns.round_from(self._game.turns.first_after(self._dealer))
        for _ in range(tables.hand):
            for seat in seats:
                if stock:
                    hands[seat] |= 1 << stock.pop()
        extra = 0
        for _ in range(tables.stock_to_crib):
            if stock:
                extra |= 1 << stock.pop()
        self._hands, self._stock, self._crib_stock = tuple(hands), tuple(stock), extra
        self.record(raw_event(kind="deal", player=self._dealer))

    def _start_play(self) -> None:
        """The first player lays cards away, or the starter is cut when nobody does."""
        self._phase = DISCARD
        first = self._first_discarder()
        if first < 0:
            self._cut()
        else:
            self._current = first

    def _discard_order(self) -> list[int]:
        n = self._game.players
        if self._tables.play.discard_from is _FIRST_SEAT:
            return list(range(n))
        return list(self._game.turns.round_from(self._game.turns.first_after(self._dealer)))

    def _first_discarder(self) -> int:
        keep = self._tables.play.keep
        for p in self._discard_order():
            if self._hands[p].bit_count() > keep:
                return p
        return -1

    # -- legal actions -------------------------------------------------------------

    def _compute_legal(self) -> tuple[Action, ...]:
        if self._stage >= 0:
            return flow.legal(self)
        if self._phase is OVER:
            return ()
        tables = self._tables
        hand = self._hands[self._current]
        if self._phase is DISCARD:
            return tables.discards_from(hand)
        room = tables.play.limit - self._total
        values, plays = tables.values, tables.plays
        legal = []
        while hand:
            low = hand & -hand
            card = low.bit_length() - 1
            if values[card] <= room:
                legal.append(plays[card])
            hand ^= low
        return tuple(legal) if legal else (GO,)

    def _rule_refusal(self, action: Action) -> str | None:
        return adding_rules.refusal(self, action)

    # -- moves ---------------------------------------------------------------------

    def _next(self, action: Action) -> AddingState:
        new = self._clone()
        if action.kind is _KIND_VERB and action.name == DISCARD_WORD:
            new._discard(action.cards)
        elif action.kind is _KIND_PLAY:
            new._play(action.cards[0])
        else:
            new._go()
        if new._phase is not OVER:
            new._check_target()
        return new

    def _discard(self, cards: tuple[int, ...]) -> None:
        p, mask = self._current, sum(1 << c for c in cards)
        self._hands = with_seat(self._hands, p, self._hands[p] & ~mask)
        self._crib = with_seat(self._crib, p, self._crib[p] | mask)
        self._events = (raw_event(kind="discard", player=p, cards=cards, private=True),)
        following = self._first_discarder()
        if following < 0:
            self._cut()
        else:
            self._current = following

    def _cut(self) -> None:
        """Cut the starter from the stock; a starter of the nobs rank scores his heels
        for the dealer; then play begins on the dealer's left."""
        stock = list(self._stock)
        starter = stock.pop()
        self._stock, self._starter = tuple(stock), 1 << starter
        self.record(raw_event(kind="starter", player=self._dealer, cards=(starter,)))
        tables = self._tables
        n = self._game.players
        self._phase, self._total, self._sequence = PLAY, 0, ()
        self._gone, self._last = (0,) * n, -1
        self._current = self._game.turns.first_after(self._dealer)
        if tables.ranks[starter] == tables.nobs_rank and tables.scoring.heels:
            self._score(self._dealer, tables.scoring.heels, "heels")
            self._stops()

    def _play(self, card: int) -> None:
        p, tables = self._current, self._tables
        bit = 1 << card
        self._hands = with_seat(self._hands, p, self._hands[p] & ~bit)
        self._played = with_seat(self._played, p, self._played[p] | bit)
        sequence = self._sequence = (*self._sequence, card)
        total = self._total = self._total + tables.values[card]
        self._last = p
        self._events = (raw_event("play", p, (card,), total),)
        for note, points in play_points(tables, sequence, total):
            self._score(p, points, note)
        if tables.counted_out and self._check_target():
            return
        if total >= tables.play.limit:
            self._end_round()
        else:
            self._current = self._game.turns.following[p]

    def _go(self) -> None:
        p = self._current
        self._gone = with_seat(self._gone, p, 1)
        self._events = (raw_event("go", p),)
        if all(self._gone):
            self._end_round()
        else:
            self._current = self._game.turns.following[p]

    def _end_round(self) -> None:
        """The round of play ends: the last to play scores the go below the limit; the
        total starts again from the next player, or the hand is shown when every card
        has been played."""
        tables = self._tables
        n, last = self._game.players, self._last
        if self._total < tables.play.limit and last >= 0 and tables.scoring.go:
            self._score(last, tables.scoring.go, "go")
            if self._stops():
                return
        self._total, self._sequence, self._gone = 0, (), (0,) * n
        self._current = self._game.turns.following[last] if last >= 0 else self._current
        if not any(self._hands):
            self._show()

    def _show(self) -> None:
        """Each hand and the crib are counted with the starter; then the next hand."""
        tables = self._tables
        play = tables.play
        n, dealer = self._game.players, self._dealer
        starter = self._starter.bit_length() - 1
        if play.show_ends is _ALL_COUNTED:
            order = list(range(n))
        else:
            order = list(self._game.turns.round_from(self._game.turns.first_after(dealer)))
        crib = self._crib_stock
        for c in self._crib:
            crib |= c
        counts = [(p, self._played[p], False) for p in order] + [(dealer, crib, True)]
        for p, cards, is_crib in counts:
            kept = list(bits(cards))
            parts = show_parts(tables, kept, starter, crib=is_crib)
            amount = sum(points for _, points in parts)
            self.record(raw_event(
                kind="crib" if is_crib else "show", player=p, cards=tuple(kept),
                amount=amount, note=" ".join(note for note, _ in parts)))
            if amount:
                self._score(p, amount, "crib" if is_crib else "hand")
            if self._stops():
                return
        if self._check_target():
            return
        self._next_hand()

    def _next_hand(self) -> None:
        """Gather and shuffle the cards (from a seed derived from the game's) and deal
        the next hand from the next dealer; after ``max_hands`` the game ends drawn."""
        n = self._game.players
        self._hand_number += 1
        if self._hand_number >= self._tables.play.max_hands:
            self._finish()
            return
        self._dealer = self._game.turns.following[self._dealer]
        cards = self._tables.cards
        order = shuffled(derive_seed(self._seed, "hand", self._hand_number), len(cards))
        self._stock = tuple(map(cards.__getitem__, order))
        zero = (0,) * n
        self._hands, self._crib, self._played = zero, zero, zero
        self._crib_stock = self._starter = 0
        self._deal_cards()
        self._start_play()

    # -- scores --------------------------------------------------------------------

    def _side(self, seat: int) -> tuple[int, ...]:
        return self._tables.sides[seat]

    def _score(self, seat: int, points: int, note: str) -> None:
        scores = list(self._points)
        for p in self._tables.sides[seat]:
            scores[p] += points
        self._points = tuple(scores)
        self.record(raw_event("score", seat, (), points, note))

    def _stops(self) -> bool:
        """Whether the game ends now, points scored being counted out (``show_ends:
        counted_out``, the game ends the moment a side reaches the target); else the
        target is looked at once the action's points are all scored."""
        return self._tables.counted_out and self._check_target()

    def _check_target(self) -> bool:
        """Whether a side has reached the target; then the game ends, won by the lowest
        seat at the target (changes a fresh clone)."""
        target = self._tables.play.target
        for p, v in enumerate(self._points):
            if v >= target:
                self._winner = p
                self._finish()
                return True
        return False

    def _finish(self) -> None:
        self._scores = self._points
        if self._game.phases:
            self._scores = flow.score(self, self._scores)
        self._phase = OVER
        self.record(raw_event(kind="deal_end"))

    @property
    def result(self) -> DealResult | None:
        """The game's result once it is over: the side that reached the target first
        wins (nobody, when the hands ran out), then by score."""
        if self._phase is not OVER:
            return None
        game = self._game
        n = game.players
        partnerships = game.procedure.partnerships(game)
        winners = self._side(self._winner) if self._winner >= 0 else ()
        big = max(self._scores, default=0) + 1
        keys = [s + (big if p in winners else 0) for p, s in enumerate(self._scores)]
        turns = game.turns
        first = turns.first_after(self._dealer)
        finish = tuple(sorted(range(n), key=lambda p: (-keys[p], turns.place(p, first))))
        return DealResult(scores=self._scores, finish=finish, starter=first,
                          winners=winners, partnerships=partnerships,
                          places=places(keys, lower_is_better=False,
                                        partnerships=partnerships),
                          details={"winner": self._winner, "hands": self._hand_number})

    # -- views ---------------------------------------------------------------------

    def view(self, player: object) -> View:
        return FieldState._view_record(self, player, VIEWS[0])

    # -- written out by cardrules.tools.written_states from the fields above: do not edit

    def _clone(self) -> AddingState:
        """A copy whose events start empty and whose caches start afresh (the
        clone ``derived`` would generate, written out)."""
        cls = type(self)
        new = cls.__new__(cls)
        new._game = self._game
        new._hands = self._hands
        new._stock = self._stock
        new._crib = self._crib
        new._crib_stock = self._crib_stock
        new._starter = self._starter
        new._played = self._played
        new._sequence = self._sequence
        new._total = self._total
        new._gone = self._gone
        new._last = self._last
        new._points = self._points
        new._winner = self._winner
        new._hand_number = self._hand_number
        new._seed = self._seed
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
    def crib(self) -> tuple[int, ...]:
        """The crib field (read-only)."""
        return self._crib

    @property
    def crib_stock(self) -> int:
        """The crib_stock field (read-only)."""
        return self._crib_stock

    @property
    def starter(self) -> int:
        """The starter field (read-only)."""
        return self._starter

    @property
    def played(self) -> tuple[int, ...]:
        """The played field (read-only)."""
        return self._played

    @property
    def sequence(self) -> tuple[int, ...]:
        """The sequence field (read-only)."""
        return self._sequence

    @property
    def total(self) -> int:
        """The total field (read-only)."""
        return self._total

    @property
    def gone(self) -> tuple[int, ...]:
        """The gone field (read-only)."""
        return self._gone

    @property
    def last(self) -> int:
        """The last field (read-only)."""
        return self._last

    @property
    def points(self) -> tuple[int, ...]:
        """The points field (read-only)."""
        return self._points

    @property
    def winner(self) -> int:
        """The winner field (read-only)."""
        return self._winner

    @property
    def hand_number(self) -> int:
        """The hand_number field (read-only)."""
        return self._hand_number

    @property
    def seed(self) -> int:
        """The seed field (read-only)."""
        return self._seed

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
