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

from typing import TYPE_CHECKING, Any

import attrs

from cardrules.actions import Action
from cardrules.cards import bits
from cardrules.engine import flow
from cardrules.engine.events import Event
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
from cardrules.engine.standings import alone, places
from cardrules.engine.state import DealContext, DealResult, FieldState
from cardrules.engine.state_codec import derived
from cardrules.families.comparing import rules as comparing_rules
from cardrules.families.comparing.model import OVER, PLAY, Step
from cardrules.families.comparing.tables import DOUBLE, HIT, SPLIT, STAND, Total
from cardrules.families.comparing.view import view
from cardrules.model.common import Visibility

if TYPE_CHECKING:
    from cardrules.engine.state import GameContext
    from cardrules.engine.views import View
    from cardrules.families.comparing.tables import ComparingTables

__all__ = ["ComparingState"]


@derived
@attrs.define(slots=True, eq=False, repr=False)
class ComparingState(FieldState):
    """A deal of the comparing family.  Each field is declared once; JSON, zones and
    re-sampling derive from the declarations.  The players' hands lie face up (unless
    the rule file says otherwise), the house's hole cards face down until the players'
    turns are over, the stock face down."""

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
    _events: tuple[Event, ...] = field(Events())
    """What the last action made happen."""
    _legal: tuple[Action, ...] | None = reset()
    _phased: Any = None
    """The listed phases' fields (:mod:`cardrules.engine.phased`); None without."""
    """The legal actions, once asked for."""

    @classmethod
    def new(cls, game: GameContext, context: DealContext) -> ComparingState:
        """A freshly shuffled deal: the players' hands and the house's cards dealt."""
        n = game.players
        state = cls._make(game, hands=(0,) * n, second=(0,) * n, split=(0,) * n,
                          doubled=(0,) * n, done=(0,) * n, scores=(0,) * n,
                          phase=PLAY, stock=tuple(context.stock(game.pack)),
                          dealer=context.dealer, current=0, deal_number=context.index,
                          events=())
        flow.start(state, context.seed)
        return state

    @property
    def _tables(self) -> ComparingTables:
        tables: ComparingTables = self._game.tables
        return tables

    @property
    def events(self) -> tuple[Event, ...]:
        return self._events

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
        n, stock, tables = self._game.players, list(self._stock), self._tables
        hands = [0] * n
        for seat in range(n):
            for _ in range(tables.hand):
                hands[seat] |= 1 << stock.pop()
        house = tables.play.house
        hole = 0
        for _ in range(house.hole):
            hole |= 1 << stock.pop()
        self._house = tuple(stock.pop() for _ in range(house.cards - house.hole))
        self._hands, self._hole, self._stock = tuple(hands), hole, tuple(stock)
        self.record(Event(kind="deal", player=self._dealer))

    def _start_play(self) -> None:
        """Seat 0 plays first."""
        self._current = 0

    # -- legal actions -------------------------------------------------------------

    def _compute_legal(self) -> tuple[Action, ...]:
        if self._stage >= 0:
            return flow.legal(self)
        if self._phase is OVER:
            return ()
        p, play = self._current, self._tables.play
        cards = tuple(bits(self._hands[p]))
        first = not self._split[p] and len(cards) == self._tables.hand
        values = self._tables.values
        pair = len(cards) == 2 and values[cards[0]] == values[cards[1]]
        return (HIT, STAND, *((DOUBLE,) if play.double and first else ()),
                *((SPLIT,) if play.split and first and pair else ()))

    def _rule_refusal(self, action: Action) -> str | None:
        return comparing_rules.refusal(self, action)

    # -- moves ---------------------------------------------------------------------

    def _next(self, action: Action) -> ComparingState:
        new = self._clone()
        p, word = new._current, action.name
        if word == HIT.name:
            new._draw_to(p)
            if new._tables.total((*bits(new._playing(p)),)).value > new._tables.play.goal:
                new.record(Event(kind="bust", player=p))
                new._end_hand(p)
        elif word == DOUBLE.name:
            new._doubled = _with(new._doubled, p, 1)
            new.record(Event(kind="double", player=p))
            new._draw_to(p)
            new._end_hand(p)
        elif word == SPLIT.name:
            low = next(bits(new._hands[p]))
            new._hands = _with(new._hands, p, new._hands[p] & ~(1 << low))
            new._second = _with(new._second, p, 1 << low)
            new._split = _with(new._split, p, 1)
            new.record(Event(kind="split", player=p, cards=(low,)))
            new._draw_to(p)
            new._split = _with(new._split, p, 2)
            new._draw_to(p)
            if new._tables.splits_one_card(low):
                new._end_turn(p)
            else:
                new._split = _with(new._split, p, 1)
        else:
            new.record(Event(kind="stand", player=p))
            new._end_hand(p)
        return new

    def _draw_to(self, seat: int) -> int:
        """Deal the next card of the stock to the hand ``seat`` plays; the card."""
        stock = list(self._stock)
        card = stock.pop()
        self._stock = tuple(stock)
        if self._split[seat] == 2:
            self._second = _with(self._second, seat, self._second[seat] | 1 << card)
        else:
            self._hands = _with(self._hands, seat, self._hands[seat] | 1 << card)
        self.record(Event(kind="draw", player=seat, cards=(card,)))
        return card

    def _end_hand(self, seat: int) -> None:
        """The hand ``seat`` plays is finished: their second hand's turn, after a split,
        or the end of their turn."""
        if self._split[seat] == 1:
            self._split = _with(self._split, seat, 2)
            return
        self._end_turn(seat)

    def _end_turn(self, seat: int) -> None:
        """``seat``'s turn is over: the next player's begins, or the house plays."""
        self._done = _with(self._done, seat, 1)
        waiting = [s for s in range(seat + 1, self._game.players) if not self._done[s]]
        if waiting:
            self._current = waiting[0]
        else:
            self._house_plays()

    def _house_plays(self) -> None:
        """The house shows its hole cards and draws by its rule (unless every player has
        bust and it does not play alone); then every hand is paid."""
        tables = self._tables
        rule, goal = tables.play.house, tables.play.goal
        hole = tuple(bits(self._hole))
        if hole:
            self._house = (*hole, *self._house)
            self._hole = 0
            self.record(Event(kind="reveal", cards=hole))
        live = any(self._tables.total((*bits(h),)).value <= goal
                   for h in (*self._hands, *(h for h in self._second if h)))
        if live or rule.plays_alone:
            stock = list(self._stock)
            while stock:
                total = self.house_total()
                soft_draw = total.soft and rule.hits_soft
                if total.value > rule.stands or (total.value == rule.stands
                                                 and not soft_draw):
                    break
                card = stock.pop()
                self._house = (*self._house, card)
                self.record(Event(kind="draw", cards=(card,), note="house"))
            self._stock = tuple(stock)
        self._settle()

    def _settle(self) -> None:
        """Pay each hand against the house's; the deal is over."""
        tables = self._tables
        goal, pay, dealt = tables.play.goal, tables.payouts, tables.hand
        house = self.house_total().value
        house_natural = tables.natural(self._house, tables.play.house.cards)
        scores = []
        for seat in range(self._game.players):
            hands = [self._hands[seat], *((self._second[seat],) if self._split[seat] else ())]
            score = 0
            for hand in hands:
                cards = tuple(bits(hand))
                own = tables.total(cards).value
                natural = not self._split[seat] and tables.natural(cards, dealt)
                if pay.natural is not None and (natural or house_natural):
                    paid = pay.tie if natural and house_natural else \
                        pay.natural if natural else pay.loss
                elif own > goal:
                    paid = pay.loss
                elif house > goal or own > house:
                    paid = pay.win
                else:
                    paid = pay.loss if own < house else pay.tie
                score += paid * (2 if self._doubled[seat] else 1)
            scores.append(score)
            self.record(Event(kind="settle", player=seat, amount=score))
        self._scores = tuple(scores)
        if self._game.phases:
            self._scores = flow.score(self, self._scores)
        self._phase = OVER
        self.record(Event(kind="deal_end"))

    @property
    def result(self) -> DealResult | None:
        """The deal's result once it is over: each player's payout; the players paid
        more than nothing win."""
        if self._phase is not OVER:
            return None
        n = self._game.players
        finish = tuple(sorted(range(n), key=lambda p: (-self._scores[p], p)))
        sides = alone(n)
        return DealResult(scores=self._scores, finish=finish, starter=0,
                          winners=tuple(p for p in range(n) if self._scores[p] > 0),
                          partnerships=sides,
                          places=places(self._scores, lower_is_better=False,
                                        partnerships=sides),
                          details={"house": self.house_total().value})

    def view(self, player: int) -> View:
        return self._game.view_type.of(view(self, player))


def _with(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return values[:index] + (value,) + values[index + 1:]
