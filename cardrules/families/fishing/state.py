"""The fishing procedure: play a card to capture from the face-up table, or lay it there.

>>> import cardrules
>>> game = cardrules.load("scopa", players=2)
>>> state = game.setup(hands=["7D KS", "AC"], table="3C 4S 7C")
>>> [state.describe(a) for a in state.legal_actions()]
['capture 7D 7C', 'capture KS 7C 3C']
>>> after = state.apply("capture 7D 7C")
>>> after.view(1).table, after.view(1).current_player
(['3C', '4S'], 1)
"""

from __future__ import annotations

import random
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
from cardrules.engine.state import DealContext, DealResult, FieldState
from cardrules.engine.state_codec import derived, fresh
from cardrules.families.fishing import rules as fishing_rules
from cardrules.families.fishing.model import OVER, PLAY, Step
from cardrules.families.fishing.scoring import deal_scores
from cardrules.families.fishing.view import view
from cardrules.model.common import Visibility

if TYPE_CHECKING:
    from cardrules.engine.state import GameContext
    from cardrules.engine.views import View
    from cardrules.families.fishing.tables import FishingTables

__all__ = ["FishingState"]


@derived
@attrs.define(slots=True, eq=False, repr=False)
class FishingState(FieldState):
    """A deal of a fishing game.  Each field is declared once; JSON, zones and
    re-sampling derive from the declarations.  Captured piles are public: every captured
    card was played or lay face up, so everyone saw where it went."""

    _game: GameContext = attrs.field(default=None)
    _hands: tuple[int, ...] = field(CardSets(zone="hand", allowed=(Visibility.OWNER,
                                                                    Visibility.PUBLIC)))
    """Each hand as a bit set."""
    _stock: tuple[int, ...] = field(CardList(zone="stock", seen=Visibility.HIDDEN,
                                             allowed=(Visibility.HIDDEN,)))
    """The stock, dealt from its end."""
    _table: int = field(CardSet(zone="table", allowed=(Visibility.PUBLIC,)))
    """The cards face up on the table."""
    _won: tuple[int, ...] = field(CardSets(zone="won", seen=Visibility.PUBLIC,
                                           allowed=(Visibility.PUBLIC,)))
    """Each player's captured cards."""
    _sweeps: tuple[int, ...] = field(Numbers())
    """Each player's sweeps (captures that cleared the table) that score."""
    _last: int = field(Seat())
    """The last player to capture (-1: nobody yet)."""
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
    _events: tuple[Event, ...] = field(Events())
    """What the last action made happen."""
    _legal: tuple[Action, ...] | None = reset()
    """The legal actions, once asked for."""

    @classmethod
    def _make(cls, game: GameContext, **fields: Any) -> FishingState:
        state: FishingState = fresh(game.state_class, game, game=game, **fields)
        return state

    @classmethod
    def new(cls, game: GameContext, context: DealContext) -> FishingState:
        """A freshly shuffled deal, dealt at once (or after the listed phases that run
        before the deal)."""
        n = game.players
        state = cls._make(game, hands=(0,) * n, won=(0,) * n, sweeps=(0,) * n, last=-1,
                          phase=PLAY, stock=tuple(context.stock(game.pack.size)),
                          current=(context.dealer + 1) % n, dealer=context.dealer,
                          deal_number=context.index, events=())
        flow.start(state, context.seed)
        return state

    @property
    def _tables(self) -> FishingTables:
        tables: FishingTables = self._game.tables
        return tables

    @property
    def events(self) -> tuple[Event, ...]:
        return self._events

    def _deal_cards(self) -> None:
        """Deal the hands, then turn ``play.table`` cards face up; a table spoilt by
        ``redeal_rank`` is gathered, shuffled and dealt again (changes a fresh state)."""
        play = self._tables.play
        pack = self._game.pack
        cards = list(self._stock)
        spoilt = pack.rank_mask(pack.ranks.index(play.redeal_rank)) if play.redeal_rank \
            else 0
        while True:
            self._stock, self._hands = tuple(cards), (0,) * self._game.players
            self._deal_round()
            stock = list(self._stock)
            table = 0
            for _ in range(min(play.table, len(stock))):
                table |= 1 << stock.pop()
            if not spoilt or (table & spoilt).bit_count() < play.redeal_count:
                break
            random.Random(repr(cards)).shuffle(cards)  # the same deal re-deals alike
            self._events = (*self._events, Event(kind="redeal", player=self._dealer,
                                                 cards=tuple(bits(table))))
        self._table, self._stock = table, tuple(stock)
        self._events = (*self._events, Event(kind="deal", player=self._dealer,
                                             cards=tuple(bits(self._table))))

    def _deal_round(self) -> None:
        """One card at a time to each player in turn from the dealer's left, up to the
        hand size or while the stock lasts."""
        n, stock = self._game.players, list(self._stock)
        size = self._game.variant.deal.hand_for(n, self._deal_number)
        hands = list(self._hands)
        for _ in range(size):
            for k in range(1, n + 1):
                if stock:
                    hands[(self._dealer + k) % n] |= 1 << stock.pop()
        self._hands, self._stock = tuple(hands), tuple(stock)

    def _start_play(self) -> None:
        """The player on the dealer's left plays first."""
        self._current = (self._dealer + 1) % self._game.players

    def _compute_legal(self) -> tuple[Action, ...]:
        if self._stage >= 0:
            return flow.legal(self)
        if self._phase is OVER:
            return ()
        out: list[Action] = []
        must = self._tables.play.must_capture
        for card in bits(self._hands[self._current]):
            captures = fishing_rules.captures_of(self, card)
            out.extend(captures)
            if not captures or not must:
                out.append(self._tables.plays[card])
        return tuple(out)

    def _rule_refusal(self, action: Action) -> str | None:
        return fishing_rules.refusal(self, action)

    def last_play(self) -> bool:
        """Whether the play now made is the deal's last: one card is left in hand, in
        every hand together, and the stock is empty."""
        return not self._stock and sum(h.bit_count() for h in self._hands) == 1

    def _next(self, action: Action) -> FishingState:
        new = self._clone()
        p, card = self._current, action.cards[0]
        last = self.last_play()
        new._hands = _with(self._hands, p, self._hands[p] & ~(1 << card))
        caught = sum(1 << c for c in action.cards[1:])
        if action.cards[1:]:
            new._table = self._table & ~caught
            new._won = _with(self._won, p, self._won[p] | caught | 1 << card)
            new._last = p
            new._events = (Event(kind="capture", player=p, cards=action.cards),)
            if not new._table and (not last or self._tables.scoring.last_sweep):
                new._sweeps = _with(self._sweeps, p, self._sweeps[p] + 1)
                new._events = (*new._events, Event(kind="sweep", player=p))
        else:
            new._table = self._table | 1 << card
            new._events = (Event(kind="play", player=p, cards=(card,)),)
        return new._next_player()

    def _next_player(self) -> FishingState:
        """The next player holding cards moves; with every hand empty the players are
        dealt again, or the deal ends (changes a fresh clone)."""
        n = self._game.players
        for k in range(1, n + 1):
            q = (self._current + k) % n
            if self._hands[q]:
                self._current = q
                return self
        if self._stock and self._tables.play.refill:
            self._deal_round()
            self._events = (*self._events, Event(kind="deal", player=self._dealer))
            return self._next_player()
        return self._finish()

    def _finish(self) -> FishingState:
        """The last player to capture takes the table; the deal is scored."""
        if self._table and self._last >= 0 and self._tables.play.last_takes_rest:
            rest = self._table
            self._won = _with(self._won, self._last, self._won[self._last] | rest)
            self._table = 0
            self._events = (*self._events, Event(kind="take_rest", player=self._last,
                                                 cards=tuple(bits(rest))))
        self._scores = deal_scores(self._game, self._won, self._sweeps)
        if self._game.phases:
            self._scores = flow.score(self, self._scores)
        self._phase = OVER
        self._events = (*self._events, Event(kind="deal_end"))
        return self

    @property
    def result(self) -> DealResult | None:
        """The deal's result once it is over: most points first."""
        if self._phase is not OVER:
            return None
        n = self._game.players
        seats = [(self._dealer + k) % n for k in range(1, n + 1)]
        finish = tuple(sorted(seats, key=lambda p: -self._scores[p]))
        return self._game.deal_result(scores=self._scores, finish=finish,
                                      starter=seats[0], dealer=self._dealer)

    def view(self, player: int) -> View:
        return self._game.view_type.of(view(self, player))


def _with(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return values[:index] + (value,) + values[index + 1:]
