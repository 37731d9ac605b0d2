"""The climbing procedure: lead a combination, beat it with a higher one of the same
type or pass, until everyone else has passed and the table clears; the last to play
leads again, and the order in which the players run out of cards decides the deal.

>>> import cardrules
>>> game = cardrules.load("president", players=3)
>>> state = game.setup(hands=["5C", "6C", "7C 3C"], current=0)
>>> [state.describe(a) for a in state.legal_actions()]
['play 5C']
>>> state = state.apply("play 5C").apply("play 6C")
>>> state.is_over, state.result.finish, state.result.scores
(True, (0, 1, 2), (2, 1, 0))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

import attr
import attrs

from cardrules.actions import Action, Kind
from cardrules.engine import flow
from cardrules.engine.events import Event, RawEvent, raw_event, records
from cardrules.engine.fields import (
    CardList,
    CardSet,
    CardSets,
    Count,
    Enumerated,
    Events,
    LaterFlag,
    LaterNumberList,
    LaterNumbers,
    Numbers,
    Seat,
    Seats,
    Stage,
    field,
    reset,
)
from cardrules.engine.native import mypyc_attr
from cardrules.engine.state import DealContext, DealResult, FieldState, GameContext, State
from cardrules.engine.table import with_seat
from cardrules.families.climbing import rules as climbing_rules
from cardrules.families.climbing.model import (
    OVER,
    PLAY,
    ClimbingStep,
    Doubler,
    Ends,
    LaterLead,
    Passing,
)
from cardrules.families.climbing.tables import PASS, ClimbingTables, Play
from cardrules.model.common import Visibility

if TYPE_CHECKING:
    from cardrules.engine.views import View

__all__ = ["ClimbingState"]


# Enum members read in functions, as module constants: compiled, each is a C static
# (on Python 3.11 an enum class's attribute costs a slow lookup: EnumType has a
# __getattr__).
_DOUBLER_BOMB: Final = Doubler.BOMB
_DOUBLER_SPRING: Final = Doubler.SPRING
_ENDS_FIRST_OUT: Final = Ends.FIRST_OUT
_KIND_PASS: Final = Kind.PASS
_KIND_PLAY: Final = Kind.PLAY
_LATER_LEAD_WINNER: Final = LaterLead.WINNER
_PASSING_FINAL: Final = Passing.FINAL
_PASSING_MAY_RETURN: Final = Passing.MAY_RETURN



VIEWS: Final[list[Callable[[ClimbingState, int], dict[str, Any]]]] = []
"""The family's view function, put here by :mod:`cardrules.families.climbing.view` when it is
imported (the family's procedure imports it).  That module reads this one's class, so a
compiled view reads the state's fields directly; this module therefore does not import
it."""

@mypyc_attr(allow_interpreted_subclasses=True)  # the listed phases' fields: flow.compose
@attr.s(auto_attribs=True, slots=True, eq=False, repr=False)
class ClimbingState(FieldState):
    """A deal of the climbing family.  Each field is declared once; JSON, zones and
    re-sampling derive from the declarations.  Each hand is its owner's; every card
    played is public.

    The class is on the compiled hot path: ``attr.s`` (a native class when compiled by
    mypyc) with its clone and read-only properties written out at the end
    (:mod:`cardrules.tools.written_states`); the classes :func:`~cardrules.engine.flow.compose`
    makes for a game with listed phases (Dou Dizhu's auction) subclass it at run time.

    On the path of every move, the class's own methods are called through the class
    (``ClimbingState._lay(new, ...)``), and the tables read through a typed local: when
    compiled, a method called on an instance of a class composed at run time is looked
    up through Python (mypyc's glue for interpreted subclasses), a call through the class
    is a direct call; interpreted, the two cost the same."""

    # GameContext is imported to run: a compiled build (mypyc) evaluates the annotations.
    _game: GameContext = attrs.field(default=None)
    _hands: tuple[int, ...] = field(CardSets(zone="hand", allowed=(Visibility.OWNER,
                                                                    Visibility.PUBLIC)))
    """Each player's cards, as a bit set."""
    _stock: tuple[int, ...] = field(CardList(zone="stock", seen=Visibility.HIDDEN,
                                             allowed=(Visibility.HIDDEN,)))
    """The cards not dealt (dealt from the end)."""
    _table: int = field(CardSet(zone="table", allowed=(Visibility.PUBLIC,)))
    """The last combination played since the table last cleared (the one to beat)."""
    _played: int = field(CardSet(zone="played", allowed=(Visibility.PUBLIC,)))
    """Every card played before it this deal."""
    _last: int = field(Seat())
    """Who played the combination to beat (-1: the table is clear)."""
    _reading: tuple[int, ...] = field(LaterNumberList(maximum=10_000))
    """How the cards on the table are read: their combination's index, length and key
    (empty: the table is clear, or they make one play only)."""
    _plays: tuple[int, ...] = field(LaterNumbers(minimum=0))
    """Per player, the combinations they have played this deal."""
    _bombs: tuple[int, ...] = field(LaterNumbers(minimum=0))
    """Per player, the bombs among them."""
    _passed: tuple[int, ...] = field(Numbers(minimum=0))
    """Per player, 1 once they have passed since the last play (since the table cleared,
    when a pass is final)."""
    _out: tuple[int, ...] = field(Seats())
    """The players who have run out of cards, first out first."""
    _current: int = field(Seat(nobody=False))
    """The player to act."""
    _starter: int = field(Seat())
    """Who led first in the deal."""
    _lead_lowest: bool = field(LaterFlag())
    """The deal's first play must include the lowest card of its leader's hand: nobody
    was dealt the rules' first-lead card, and the leader was found holding the lowest
    card dealt (kept, so that what the leader must lay follows from their own hand)."""
    _phase: ClimbingStep = field(Enumerated(of=ClimbingStep))  # noqa: RUF009
    """The step the deal is at."""
    _scores: tuple[int, ...] = field(Numbers())
    """Each player's points, once the deal is over."""
    _dealer: int = field(Seat(nobody=False))
    """The dealer of this deal."""
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
    def new(cls, game: GameContext, context: DealContext) -> ClimbingState:
        """A freshly shuffled deal, dealt at once or after the listed phases that run
        before the deal."""
        n = game.players
        state = cls._blank(game)  # then its own fields, set natively
        zeros = (0,) * n
        state._hands = state._passed = state._scores = state._plays = state._bombs = zeros
        state._stock, state._phase = tuple(context.stock(game.pack)), PLAY
        state._current = game.turns.first_after(context.dealer)
        state._dealer, state._deal_number, state._events = context.dealer, context.index, ()
        tables: ClimbingTables = game.tables
        lead = tables.play.first_lead
        previous = context.previous
        if lead is not None and lead.later is _LATER_LEAD_WINNER and previous is not None \
                and previous.winners:  # the last deal's winner leads this one, anything
            state._starter = previous.winners[0]
        state._start(context.seed, context.previous)
        return state

    @property
    def _tables(self) -> ClimbingTables:
        tables: ClimbingTables = self._game.tables
        return tables

    @property
    def events(self) -> tuple[Event, ...]:
        """What the last action made happen (kept compactly, made records when read)."""
        return records(self._events)

    @property
    def to_beat(self) -> Play | None:
        """The combination on the table to beat (None: the table is clear)."""
        return ClimbingState._to_beat(self)

    def _to_beat(self) -> Play | None:
        if not self._table:
            return None
        tables: ClimbingTables = self._game.tables
        return tables.on_table(self._table, self._reading)

    # -- dealing -------------------------------------------------------------------

    def _deal_cards(self) -> None:
        """Deal the hands one card at a time from the dealer's left: every card of the
        pack when the rules say so, else ``deal.hand`` each (changes a fresh state)."""
        game, stock = self._game, list(self._stock)
        n, turns = game.players, game.turns
        each = game.variant.deal.hand_for(n, self._deal_number)
        count = len(stock) if self._tables.play.deal_all else min(n * each, len(stock))
        hands = [0] * n
        seat = turns.first_after(self._dealer)
        for _ in range(count):
            hands[seat] |= 1 << stock.pop()
            seat = turns.following[seat]
        self._hands, self._stock = tuple(hands), tuple(stock)
        self.record(raw_event(kind="deal", player=self._dealer))
        lead = self._tables.play.first_lead
        if lead is not None and lead.takes_undealt and 0 < len(stock) < n:
            holder = self._lead_holder()
            self._hands = with_seat(self._hands, holder, self._hands[holder] | sum(
                1 << c for c in stock))
            self._stock = ()
            self.record(raw_event(kind="take", player=holder, cards=tuple(stock),
                                  note="undealt"))

    def _lead_holder(self) -> int:
        """Who holds the card the deal's first play must include: the rules' first-lead
        card, or when nobody was dealt it the lowest card dealt (-1: nobody)."""
        card = self._tables.lead_card(sum(self._hands))
        return next((p for p, hand in enumerate(self._hands) if card >= 0 and
                     hand >> card & 1), -1)

    def first_lead_card(self) -> int:
        """The card the play to come must include: on the deal's first play under a
        first-lead rule, the rules' card (or, when nobody holds it, the lowest card
        held), if the player to move holds it; -1 otherwise, and in a match's later
        deals when the last deal's winner leads them (``later: winner``)."""
        tables: ClimbingTables = self._game.tables
        lead = tables.play.first_lead
        if lead is None or self._played or self._table or any(self._plays) or (
                self._deal_number and lead.later is _LATER_LEAD_WINNER):
            return -1
        card = tables.lead_card(self._hands[self._current])  # from this hand alone
        return card if card >= 0 and (self._lead_lowest or card == tables.lead) else -1

    def _set_up_deal(self, last: int = -1) -> None:
        """Nothing is turned up in a climbing game."""

    def throw_in(self) -> None:
        """End the deal before play, nobody scoring: the named operation a listed phase
        calls (:class:`~cardrules.engine.table.ThrowsIn`; the procedure offers
        ``thrown_in``) on a deal everyone passed."""
        self._scores = (0,) * self._game.players
        if self._game.phases:
            self._scores = flow.score(self, self._scores)
        self._phase = OVER
        self.record(raw_event(kind="deal_end"))

    def lead_first(self, seat: int) -> None:
        """``seat`` leads first: the named operation a listed phase calls before play
        begins (:class:`~cardrules.engine.table.LeadsFirst`; the procedure offers
        ``named_first_leader``), an auction's declarer, say."""
        self._starter = seat

    def _start_play(self) -> None:
        """The player a listed phase named leads; else the player on the dealer's left
        (or the first after them holding cards)."""
        if self._phase is OVER:
            return
        first = self._starter if self._starter >= 0 and self._hands[self._starter] \
            else self._next_holder(self._dealer)
        if self._tables.play.first_lead is not None and self._starter < 0:
            holder = self._lead_holder()
            first = holder if holder >= 0 else first
            self._lead_lowest = holder >= 0 and not sum(self._hands) >> self._tables.lead & 1
        self._current = self._starter = first
        self._phase = PLAY
        self.record(raw_event(kind="first_mover", player=first))

    def _resume_play(self) -> None:
        """No phase runs during play."""

    # -- legal actions -------------------------------------------------------------

    def _compute_legal(self) -> tuple[Action, ...]:
        if self._stage >= 0:
            return flow.legal(self)
        if self._phase is OVER:
            return ()
        beaten = ClimbingState._to_beat(self)
        tables: ClimbingTables = self._game.tables
        lead = ClimbingState.first_lead_card(self) if beaten is None else -1
        plays = tables.legal_on(self._hands[self._current], beaten, lead)
        return (PASS, *plays) if beaten is not None else tuple(plays)

    def _rule_refusal(self, action: Action) -> str | None:
        return climbing_rules.refusal(self, action)

    def apply(self, action: Action | str, *, player: object = None) -> State:
        """The state after ``action`` (a play's cards may be written in any order)."""
        if player is None:  # most often the very object offered: no comparing
            for offered in FieldState.legal_actions(self):
                if offered is action:
                    return FieldState._step(self, action)
        if isinstance(action, str):
            action = self._game.parse_action(action)
        if isinstance(action, Action) and action.kind is _KIND_PLAY and self._stage < 0:
            action = self._as_offered(action)
        return super().apply(action, player=player)

    def _as_offered(self, action: Action) -> Action:
        """The legal play ``action`` means, its cards written in any order: itself when
        it means none or more than one."""
        legal = self.legal_actions()
        for offered in legal:  # most often the very object offered: no comparing
            if offered is action:
                return action
        if action in legal:
            return action
        wanted = frozenset(action.cards)
        found = [offered for offered in legal
                 if offered.kind is _KIND_PLAY and frozenset(offered.cards) == wanted
                 and (not action.name or offered.name == action.name)]
        return found[0] if len(found) == 1 else action

    # -- moves ---------------------------------------------------------------------

    def _next(self, action: Action) -> ClimbingState:
        if self._stage >= 0:
            return flow.apply(self, action)
        new = self._clone()
        p = new._current
        if action.kind is _KIND_PASS:
            new._passed = with_seat(new._passed, p, 1)
            FieldState.record(new, raw_event(kind="pass", player=p))
        else:
            ClimbingState._lay(new, p, action)
        hands = new._hands
        tables: ClimbingTables = self._game.tables
        first_out = bool(new._out) and tables.play.ends is _ENDS_FIRST_OUT
        if first_out or len(hands) - hands.count(0) <= 1:
            new._finish()
        elif ClimbingState._all_passed(new):
            ClimbingState._clear(new)
        else:
            new._current = ClimbingState._next_in(new, p)
        return new

    def _lay(self, p: int, action: Action) -> None:
        """``p`` lays the cards of ``action`` on the table (changes a fresh clone)."""
        tables: ClimbingTables = self._game.tables
        mask = tables.laid(self._hands[p], action.cards)
        self._played |= self._table
        self._table, self._last = mask, p
        self._hands = with_seat(self._hands, p, self._hands[p] & ~mask)
        if tables.play.passing is _PASSING_MAY_RETURN:
            self._passed = (0,) * self._game.players
        play = tables.identify(action.cards, action.name)
        kind = tables.combinations[play.combination] if play else None
        name = kind.name if kind else ""
        self._reading = (play.combination, play.length, play.key) if play else ()
        self._plays = with_seat(self._plays, p, self._plays[p] + 1)
        if kind is not None and kind.bomb:
            self._bombs = with_seat(self._bombs, p, self._bombs[p] + 1)
        shown = tuple(action.cards) if tables.poker is not None and not tables.play.by_rank \
            else tables.sorted_cards(mask)  # a five-card hand shown as it is laid
        FieldState.record(self, raw_event(kind="play", player=p, cards=shown, note=name))
        if not self._hands[p]:
            self._out = (*self._out, p)
            FieldState.record(self, raw_event(kind="out", player=p, amount=len(self._out)))

    def _all_passed(self) -> bool:
        """Every player holding cards but the last to play has passed since."""
        passed, hands, last = self._passed, self._hands, self._last
        for q in range(len(hands)):  # noqa: SIM110 - all() over a generator is slower
            if hands[q] and not passed[q] and q != last:
                return False
        return True

    def _clear(self) -> None:
        """The table clears: the last to play leads, or the next player after them
        holding cards when they have run out (changes a fresh clone)."""
        last = self._last
        self._played |= self._table
        self._table, self._last, self._reading = 0, -1, ()
        self._passed = (0,) * self._game.players
        FieldState.record(self, raw_event(kind="clear", player=last))
        self._current = last if self._hands[last] else ClimbingState._next_holder(self, last)

    def _next_in(self, p: int) -> int:
        """The next player after ``p`` who holds cards and, when a pass is final, has not
        passed (the last to play always may)."""
        tables: ClimbingTables = self._game.tables
        final = tables.play.passing is _PASSING_FINAL
        following, q = self._game.turns.following, p
        for _ in range(self._game.players):
            q = following[q]
            if self._hands[q] and not (final and self._passed[q]):
                return q
        return p

    def _next_holder(self, p: int) -> int:
        """The next player after ``p`` holding cards."""
        following, q = self._game.turns.following, p
        for _ in range(self._game.players):
            q = following[q]
            if self._hands[q]:
                return q
        return p

    def _finish(self) -> None:
        """One player (or none) holds cards: they finish last; each scores by place."""
        n, tables = self._game.players, self._tables
        holders = [q for q in self._game.turns.round_from(self._next_holder(self._dealer))
                   if q not in self._out]
        self._out = (*self._out, *holders)
        scores = [0] * n
        for place, seat in enumerate(self._out):
            scores[seat] = tables.points(place, n)
        if tables.scoring.against_declarer is not None:
            scores = list(self._stakes(tables.scoring.against_declarer))
        left = tables.scoring.cards_left
        if left is not None and self._out:
            winner = self._out[0]
            scores = [-left.penalty(self._hands[q].bit_count()) if q != winner else 0
                      for q in range(n)]
            scores[winner] = -sum(scores)
        self._scores = tuple(scores)
        if self._game.phases:
            self._scores = flow.score(self, self._scores)
        self._played |= self._table
        self._table, self._last, self._phase, self._reading = 0, -1, OVER, ()
        self.record(raw_event(kind="deal_end"))

    def _stakes(self, doubled_by: list[Doubler]) -> tuple[int, ...]:
        """The scores of a game against the declarer: the contract, doubled by each bomb
        played and by a spring (as the rules list them), won by the side of the first
        out; 0 each without a declarer."""
        n = self._game.players
        declarer = flow.declarer(self) if self._game.phases else -1
        if declarer < 0:
            return (0,) * n
        stake = max(flow.contract(self), 1)
        if _DOUBLER_BOMB in doubled_by:
            stake <<= sum(self._bombs)
        others = [q for q in range(n) if q != declarer]
        spring = self._plays[declarer] == 1 or not any(self._plays[q] for q in others)
        if _DOUBLER_SPRING in doubled_by and spring:
            stake *= 2
        sign = 1 if self._out and self._out[0] == declarer else -1
        return tuple(sign * stake * (n - 1) if q == declarer else -sign * stake
                     for q in range(n))

    @property
    def result(self) -> DealResult | None:
        """The deal's result once it is over: the finishing order, and each player's
        points by place."""
        if self._phase is not OVER:
            return None
        return self._game.deal_result(scores=self._scores, finish=self._out,
                                      starter=self._starter, dealer=self._dealer,
                                      details={"out": list(self._out)}, deal=self)

    def view(self, player: object) -> View:
        return FieldState._view_record(self, player, VIEWS[0])

    # -- written out by cardrules.tools.written_states from the fields above: do not edit

    def _clone(self) -> ClimbingState:
        """A copy whose events start empty and whose caches start afresh (the
        clone ``derived`` would generate, written out)."""
        cls = type(self)
        new = cls.__new__(cls)
        new._game = self._game
        new._hands = self._hands
        new._stock = self._stock
        new._table = self._table
        new._played = self._played
        new._last = self._last
        new._reading = self._reading
        new._plays = self._plays
        new._bombs = self._bombs
        new._passed = self._passed
        new._out = self._out
        new._current = self._current
        new._starter = self._starter
        new._lead_lowest = self._lead_lowest
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
    def table(self) -> int:
        """The table field (read-only)."""
        return self._table

    @property
    def played(self) -> int:
        """The played field (read-only)."""
        return self._played

    @property
    def last(self) -> int:
        """The last field (read-only)."""
        return self._last

    @property
    def reading(self) -> tuple[int, ...]:
        """The reading field (read-only)."""
        return self._reading

    @property
    def plays(self) -> tuple[int, ...]:
        """The plays field (read-only)."""
        return self._plays

    @property
    def bombs(self) -> tuple[int, ...]:
        """The bombs field (read-only)."""
        return self._bombs

    @property
    def passed(self) -> tuple[int, ...]:
        """The passed field (read-only)."""
        return self._passed

    @property
    def out(self) -> tuple[int, ...]:
        """The out field (read-only)."""
        return self._out

    @property
    def current(self) -> int:
        """The current field (read-only)."""
        return self._current

    @property
    def starter(self) -> int:
        """The starter field (read-only)."""
        return self._starter

    @property
    def lead_lowest(self) -> bool:
        """The lead_lowest field (read-only)."""
        return self._lead_lowest

    @property
    def phase(self) -> ClimbingStep:
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
