"""A deal of fishing: hands, the stock, the cards face up on the table, the won piles."""

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
from cardrules.engine.state import DealContext, DealResult, FieldState
from cardrules.engine.state_codec import derived, fresh
from cardrules.model.common import Visibility
from plugins.fishing.model import Step

if TYPE_CHECKING:
    from cardrules.engine.game import Game
    from plugins.fishing.tables import FishingTables

__all__ = ["FishingState"]

PLAY, OVER = Step.PLAY, Step.OVER


@derived
@attrs.define(slots=True, eq=False, repr=False)
class FishingState(FieldState):
    """A deal of a fishing game, every field declared once (JSON, zones and re-sampling
    derive from the declarations)."""

    _game: Game = attrs.field(default=None)
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
    def _make(cls, game: Game, **fields: Any) -> FishingState:
        state: FishingState = fresh(game.state_class, game, game=game, **fields)
        return state

    @classmethod
    def new(cls, game: Game, context: DealContext) -> FishingState:
        """A freshly shuffled deal, dealt at once."""
        n = game.players
        state = cls._make(game, hands=(0,) * n, won=(0,) * n, phase=PLAY,
                          stock=tuple(context.stock(game.pack.size)),
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
        """Deal the hands, then turn ``play.table`` cards face up (changes a fresh state)."""
        self._deal_round()
        stock = list(self._stock)
        for _ in range(min(self._tables.play.table, len(stock))):
            self._table |= 1 << stock.pop()
        self._stock = tuple(stock)
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
        plays = self._tables.plays
        return tuple(plays[c] for c in bits(self._hands[self._current]))

    def _rule_refusal(self, action: Action) -> str | None:
        if self._phase is OVER:
            return "the deal is over"
        if action not in self._tables.plays:
            return "a turn is one card played from hand"
        return f"{action.label} is not in player {self._current}'s hand"

    def _next(self, action: Action) -> FishingState:
        new = self._clone()
        p, card = self._current, action.cards[0]
        pack = self._game.pack
        new._hands = _with(self._hands, p, self._hands[p] & ~(1 << card))
        same = self._table & pack.rank_mask(pack.rank(card))
        if same:
            caught = same & -same  # the lowest card of the rank
            new._table = self._table & ~caught
            new._won = _with(self._won, p, self._won[p] | caught | 1 << card)
            new._events = (Event(kind="capture", player=p,
                                 cards=(card, caught.bit_length() - 1)),)
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
        scoring = self._tables.scoring
        caught = [w.bit_count() for w in self._won]
        most = max(caught)
        self._scores = tuple(c * scoring.per_card + (scoring.most_cards if c == most else 0)
                             for c in caught)
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

    def view(self, player: int) -> dict[str, Any]:
        """What ``player`` may know: their hand (every hand, if hands are public), the
        others' sizes, the stock's size, the table and the won piles."""
        game, tables = self._game, self._tables
        names = tables.names
        out: dict[str, Any] = {
            "variant": game.variant.name,
            "player": player,
            "players": game.players,
            "dealer": self._dealer,
            "phase": self._phase,
            "current_player": self.current_player,
            "hands": names.shown(tables.hand_seen[player], self._hands),
            "stock": len(self._stock),
            "table": names.sorted_names(self._table),
            "won": [names.sorted_names(w) for w in self._won],
            "captured": [w.bit_count() for w in self._won],
            "scores": list(self._scores),
            "events": [e.to_json(game.pack, viewer=player) for e in self._events],
        }
        if self.current_player == player:
            out["legal_actions"] = [self.describe(a) for a in self.legal_actions()]
        if game.phases:
            out.update(flow.view(self, player))
        return out


def _with(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return values[:index] + (value,) + values[index + 1:]
