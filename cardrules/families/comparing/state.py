"""The comparing procedure: each player's hand dealt face up and the house's with its hole
card face down; the players hit or stand in turn, then the house shows its hole card,
draws by its rule, and each hand is paid against the house's.

>>> import cardrules
>>> game = cardrules.load("blackjack")
>>> state = game.setup(hands=["9S 7H"], house="KD 6C", stock="5D 5C")
>>> [state.describe(a) for a in state.legal_actions()]
['hit', 'stand']
>>> state = state.apply("hit")
>>> state.view(0).totals, state.view(0).hole
([21], 1)
>>> state = state.apply("stand")
>>> state.is_over, state.result.scores, state.view(0).house
(True, (0,), ['KD', '6C', '5C'])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, cast

import attr
import attrs

from cardrules.actions import Action
from cardrules.cards import bits, count
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
from cardrules.engine.game_core import GameCore
from cardrules.engine.native import mypyc_attr
from cardrules.engine.standings import alone
from cardrules.engine.state import DealContext, DealResult, FieldState, GameContext
from cardrules.engine.table import with_seat
from cardrules.families.comparing import rules as comparing_rules
from cardrules.families.comparing.model import OVER, PLAY, Step
from cardrules.families.comparing.tables import (
    DOUBLE,
    HIT,
    SPLIT,
    STAND,
    ComparingTables,
    Total,
)
from cardrules.model.common import Visibility

if TYPE_CHECKING:
    from cardrules.engine.views import View

__all__ = ["VIEWS", "ComparingState"]

# The action words, as module constants: compiled, each is a C static.
_HIT: Final = HIT.name
_DOUBLE: Final = DOUBLE.name
_SPLIT: Final = SPLIT.name
_STAY: Final = (HIT, STAND)
"""A turn's actions past its first move (and on it, without doubles and splits)."""

VIEWS: Final[list[Callable[[ComparingState, int], dict[str, Any]]]] = []
"""The family's view function, put here by :mod:`cardrules.families.comparing.view` when
it is imported (the family's procedure imports it).  That module reads this one's class,
so a compiled view reads the state's fields directly; this module therefore does not
import it."""


@mypyc_attr(allow_interpreted_subclasses=True)  # the listed phases' fields: flow.compose
@attr.s(auto_attribs=True, slots=True, eq=False, repr=False)
class ComparingState(FieldState):
    """A deal of the comparing family.  Each field is declared once; JSON, zones and
    re-sampling derive from the declarations.  The players' hands lie face up (unless
    the rule file says otherwise), the house's hole cards face down until the players'
    turns are over, the stock face down.

    The class is on the compiled hot path: ``attr.s`` (a native class when compiled by
    mypyc) with its clone and read-only properties written out at the end
    (:mod:`cardrules.tools.written_states`)."""

    # GameContext is imported to run: a compiled build (mypyc) evaluates the annotations.
    _game: GameContext = attrs.field(default=None)
    _hands: tuple[int, ...] = field(CardSets(zone="hand", seen=Visibility.PUBLIC,
                                             allowed=(Visibility.PUBLIC, Visibility.OWNER)))
    """Each player's cards, as a bit set."""
    _stock: tuple[int, ...] = field(CardList(zone="stock", seen=Visibility.HIDDEN,
                                             allowed=(Visibility.HIDDEN,)))
    """The undealt cards, dealt from the end."""
    _hole: int = field(CardSet(zone="hole", seen=Visibility.HIDDEN,
                               allowed=(Visibility.HIDDEN,)))
    """The house's face-down cards (none once shown)."""
    _house: tuple[int, ...] = field(CardList(zone="house", allowed=(Visibility.PUBLIC,)))
    """The house's face-up cards, in the order they were turned (the hole cards first
    once shown)."""
    _second: tuple[int, ...] = field(CardSets(zone="split", seen=Visibility.PUBLIC,
                                              allowed=(Visibility.PUBLIC, Visibility.OWNER)))
    """Each player's second hand once they split (``play.split``), as a bit set."""
    _split: tuple[int, ...] = field(Numbers(minimum=0))
    """Per player: 0 (no split), 1 (split, playing the first hand), 2 (split, playing
    the second hand)."""
    _doubled: tuple[int, ...] = field(Numbers(minimum=0))
    """Per player, 1 once they doubled (``play.double``)."""
    _done: tuple[int, ...] = field(Numbers(minimum=0))
    """Per player, 1 once their turn is over (they stood or bust)."""
    _scores: tuple[int, ...] = field(Numbers())
    """Each player's payout once the deal is over."""
    _current: int = field(Seat(nobody=False))
    """The player to act."""
    _phase: Step = field(Enumerated(of=Step))  # noqa: RUF009
    """The step the deal is at."""
    _dealer: int = field(Seat(nobody=False))
    """The seat that deals (the house deals, whoever it is; kept for the match)."""
    _deal_number: int = field(Count())
    """The deal's number in its match, from 0."""
    _moves: int = field(Count())
    """Actions applied."""
    _stage: int = field(Stage())
    """The listed phase at work (-1: none)."""
    _events: tuple[RawEvent, ...] = field(Events(raw=True))
    """What the last action made happen."""
    _legal: tuple[Action, ...] | None = reset()
    """The legal actions, once asked for."""
    _held: tuple[Action, ...] | None = reset()
    """With a pack of several copies of a face, the legal actions with the very cards
    held, once asked for (the legal actions themselves are by face)."""
    _phased: Any = None
    """The listed phases' fields (:mod:`cardrules.engine.phased`); None without."""

    @classmethod
    def new(cls, game: GameContext, context: DealContext) -> ComparingState:
        """A freshly shuffled deal: the players' hands and the house's cards dealt."""
        core = cast(GameCore, game)  # its attributes read natively
        state = cls._blank(game)  # then its own fields, set natively
        zeros = (0,) * core.players
        state._hands = state._second = state._split = state._doubled = state._done = \
            state._scores = zeros
        state._phase, state._stock = PLAY, tuple(context.stock(core.pack))
        state._dealer, state._current, state._deal_number = context.dealer, 0, context.index
        state._events = ()
        state._start(context.seed)
        return state

    @property
    def _tables(self) -> ComparingTables:
        tables: ComparingTables = cast(GameCore, self._game).tables  # read natively
        return tables

    @property
    def events(self) -> tuple[Event, ...]:
        """What the last action made happen (kept compactly, made records when read)."""
        return records(self._events)

    def total(self, seat: int) -> Total:
        """The total of ``seat``'s hand (the first, after a split)."""
        return self._tables.total(tuple(bits(self._hands[seat])))

    def _playing(self, seat: int) -> int:
        """The cards of the hand ``seat`` plays now (the second, once they split and
        finished the first)."""
        return self._second[seat] if self._split[seat] == 2 else self._hands[seat]

    def house_total(self) -> Total:
        """The total of the house's cards, hole cards included."""
        return self._tables.total((*bits(self._hole), *self._house))

    # -- dealing -------------------------------------------------------------------

    def _deal_cards(self) -> None:
        """Deal each player's hand from seat 0, then the house's cards, its hole cards
        first (changes a fresh state)."""
        n, stock, tables = cast(GameCore, self._game).players, self._stock, self._tables
        top = len(stock)  # the cards are dealt from the end: read in place, cut once
        if n * tables.hand + tables.house_cards > top:
            raise ValueError(f"a deal of {n * tables.hand + tables.house_cards} cards from a "
                             f"stock of {top}")
        hands = [0] * n
        for seat in range(n):
            for _ in range(tables.hand):
                top -= 1
                hands[seat] |= 1 << stock[top]
        hole = 0
        for _ in range(tables.house_hole):
            top -= 1
            hole |= 1 << stock[top]
        shown = tables.house_cards - tables.house_hole
        self._house = stock[top - shown:top][::-1]  # the first dealt first
        self._hands, self._hole, self._stock = tuple(hands), hole, stock[:top - shown]
        self.record(raw_event(kind="deal", player=self._dealer))

    def _start_play(self) -> None:
        """Seat 0 plays first."""
        self._current = 0

    # -- legal actions -------------------------------------------------------------

    def _compute_legal(self) -> tuple[Action, ...]:
        if self._stage >= 0:
            return flow.legal(self)
        if self._phase is OVER:
            return ()
        p, tables = self._current, self._tables
        cards = bits(self._hands[p])
        if self._split[p] or len(cards) != tables.hand or not tables.doubles_or_splits:
            return _STAY
        pair = len(cards) == 2 and tables.values[cards[0]] == tables.values[cards[1]]
        play = tables.play
        return (HIT, STAND, *((DOUBLE,) if play.double else ()),
                *((SPLIT,) if play.split and pair else ()))

    def _rule_refusal(self, action: Action) -> str | None:
        return comparing_rules.refusal(self, action)

    # -- moves ---------------------------------------------------------------------

    def _next(self, action: Action) -> ComparingState:
        new = self._clone()
        p, word = new._current, action.name
        if word == _HIT:
            new._draw_to(p)
            if new._tables.count_set(new._playing(p))[0] > new._tables.goal:
                new.record(raw_event(kind="bust", player=p))
                new._end_hand(p)
        elif word == _DOUBLE:
            new._doubled = with_seat(new._doubled, p, 1)
            new.record(raw_event(kind="double", player=p))
            new._draw_to(p)
            new._end_hand(p)
        elif word == _SPLIT:
            low = bits(new._hands[p])[0]
            new._hands = with_seat(new._hands, p, new._hands[p] & ~(1 << low))
            new._second = with_seat(new._second, p, 1 << low)
            new._split = with_seat(new._split, p, 1)
            new.record(raw_event(kind="split", player=p, cards=(low,)))
            new._draw_to(p)
            new._split = with_seat(new._split, p, 2)
            new._draw_to(p)
            if new._tables.splits_one_card(low):
                new._end_turn(p)
            else:
                new._split = with_seat(new._split, p, 1)
        else:
            new.record(raw_event(kind="stand", player=p))
            new._end_hand(p)
        return new

    def _draw_to(self, seat: int) -> int:
        """Deal the next card of the stock to the hand ``seat`` plays; the card."""
        card = self._stock[-1]
        self._stock = self._stock[:-1]
        if self._split[seat] == 2:
            self._second = with_seat(self._second, seat, self._second[seat] | 1 << card)
        else:
            self._hands = with_seat(self._hands, seat, self._hands[seat] | 1 << card)
        self.record(raw_event(kind="draw", player=seat, cards=(card,)))
        return card

    def _end_hand(self, seat: int) -> None:
        """The hand ``seat`` plays is finished: their second hand's turn, after a split,
        or the end of their turn."""
        if self._split[seat] == 1:
            self._split = with_seat(self._split, seat, 2)
            return
        self._end_turn(seat)

    def _end_turn(self, seat: int) -> None:
        """``seat``'s turn is over: the next player's begins, or the house plays."""
        done = self._done = with_seat(self._done, seat, 1)
        for waiting in range(seat + 1, len(done)):  # a compiled loop, no list made
            if not done[waiting]:
                self._current = waiting
                return
        self._house_plays()

    def _house_plays(self) -> None:
        """The house shows its hole cards and draws by its rule (unless every player has
        bust and it does not play alone); then every hand is paid."""
        tables = self._tables
        goal = tables.goal
        events: list[RawEvent] = []  # recorded at once
        if self._hole:
            hole = tuple(bits(self._hole))
            self._house = (*hole, *self._house)
            self._hole = 0
            events.append(raw_event(kind="reveal", cards=hole))
        live = tables.plays_alone  # draws alone, or has any hand not bust?
        for hands in (self._hands, self._second):
            for hand in hands:
                if not live and hand and tables.count_set(hand)[0] <= goal:
                    live = True
        if live:
            stock, house, stands = self._stock, list(self._house), tables.stands
            held = 0
            for card in house:
                held |= 1 << card
            top = len(stock)  # drawn from the end: read in place, cut once
            while top:
                value, soft = tables.count_set(held)
                if value > stands or (value == stands and not (soft and tables.hits_soft)):
                    break
                top -= 1
                card = stock[top]
                house.append(card)
                held |= 1 << card
                events.append(raw_event(kind="draw", cards=(card,), note="house"))
            self._stock, self._house = stock[:top], tuple(house)
        self.record(*events)
        self._settle()

    def _settle(self) -> None:
        """Pay each hand against the house's (its hole cards shown); the deal is over."""
        tables = self._tables
        goal, dealt, natural_pays = tables.goal, tables.hand, tables.natural
        house = tables.count(self._house)[0]  # the hole is shown: all in self._house
        house_natural = house == goal and len(self._house) == tables.house_cards
        scores = []
        events: list[RawEvent] = []  # recorded at once
        for seat in range(cast(GameCore, self._game).players):
            split = self._split[seat]
            hands = (self._hands[seat], self._second[seat]) if split else (self._hands[seat],)
            score = 0
            for hand in hands:
                own = tables.count_set(hand)[0]
                natural = not split and own == goal and count(hand) == dealt
                if natural_pays is not None and (natural or house_natural):
                    paid = tables.tie if natural and house_natural else \
                        natural_pays if natural else tables.loss
                elif own > goal:
                    paid = tables.loss
                elif house > goal or own > house:
                    paid = tables.win
                else:
                    paid = tables.loss if own < house else tables.tie
                score += paid * (2 if self._doubled[seat] else 1)
            scores.append(score)
            events.append(raw_event(kind="settle", player=seat, amount=score))
        self._scores = tuple(scores)
        if cast(GameCore, self._game).phases:  # the settling recorded before they score
            self.record(*events)
            events = []
            self._scores = flow.score(self, self._scores)
        self._phase = OVER
        events.append(raw_event(kind="deal_end"))
        self.record(*events)

    @property
    def result(self) -> DealResult | None:
        """The deal's result once it is over: each player's payout; the players paid
        more than nothing win."""
        if self._phase is not OVER:
            return None
        n = self._game.players
        scores = self._scores
        finish = (0,) if n == 1 else tuple(sorted(range(n), key=lambda p: (-scores[p], p)))
        # made as the engine makes ranked results, without the record's Python __init__
        return DealResult.ranked(scores=scores, finish=finish, starter=0,
                                 lower_is_better=False, partnerships=alone(n),
                                 details={"house": self.house_total().value},
                                 winners=tuple([p for p in range(n) if scores[p] > 0]))

    def view(self, player: object) -> View:
        return FieldState._view_record(self, player, VIEWS[0])

    # -- written out by cardrules.tools.written_states from the fields above: do not edit

    def _clone(self) -> ComparingState:
        """A copy whose events start empty and whose caches start afresh (the
        clone ``derived`` would generate, written out)."""
        cls = type(self)
        new = cls.__new__(cls)
        new._game = self._game
        new._hands = self._hands
        new._stock = self._stock
        new._hole = self._hole
        new._house = self._house
        new._second = self._second
        new._split = self._split
        new._doubled = self._doubled
        new._done = self._done
        new._scores = self._scores
        new._current = self._current
        new._phase = self._phase
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
    def hole(self) -> int:
        """The hole field (read-only)."""
        return self._hole

    @property
    def house(self) -> tuple[int, ...]:
        """The house field (read-only)."""
        return self._house

    @property
    def second(self) -> tuple[int, ...]:
        """The second field (read-only)."""
        return self._second

    @property
    def split(self) -> tuple[int, ...]:
        """The split field (read-only)."""
        return self._split

    @property
    def doubled(self) -> tuple[int, ...]:
        """The doubled field (read-only)."""
        return self._doubled

    @property
    def done(self) -> tuple[int, ...]:
        """The done field (read-only)."""
        return self._done

    @property
    def scores(self) -> tuple[int, ...]:
        """The scores field (read-only)."""
        return self._scores

    @property
    def current(self) -> int:
        """The current field (read-only)."""
        return self._current

    @property
    def phase(self) -> Step:
        """The phase field (read-only)."""
        return self._phase

    @property
    def moves(self) -> int:
        """The moves field (read-only)."""
        return self._moves

    # -- end of the written-out part
