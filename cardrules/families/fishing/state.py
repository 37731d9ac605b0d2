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
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

import attr
import attrs

from cardrules.actions import Action, Kind
from cardrules.cards import bits, count
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
    LaterNumberList,
    Numbers,
    Seat,
    Stage,
    field,
    reset,
)
from cardrules.engine.native import mypyc_attr
from cardrules.engine.pauses import resume_fields
from cardrules.engine.state import DealContext, DealResult, FieldState, GameContext
from cardrules.engine.table import with_seat
from cardrules.engine.turns import When
from cardrules.families.fishing import builds as fishing_builds
from cardrules.families.fishing import rules as fishing_rules
from cardrules.families.fishing.model import Build, Step
from cardrules.families.fishing.scoring import deal_scores
from cardrules.families.fishing.tables import BUILD, CAPTURE, VALUE, FishingTables
from cardrules.model.common import Visibility

if TYPE_CHECKING:
    from cardrules.engine.views import View

__all__ = ["FishingState"]

# Enum members read in functions, as module constants: compiled, each is a C static (on
# Python 3.11 an enum class's attribute costs a slow lookup: EnumType has a __getattr__;
# another module's name, a look-up by name).
PLAY: Final = Step.PLAY
OVER: Final = Step.OVER
_KIND_PLAY: Final = Kind.PLAY
_BETWEEN_ROUNDS: Final = When.BETWEEN_ROUNDS

VIEWS: Final[list[Callable[[FishingState, int], dict[str, Any]]]] = []
"""The family's view function, put here by :mod:`cardrules.families.fishing.view` when it
is imported (the family's procedure imports it).  That module reads this one's class, so
a compiled view reads the state's fields directly; this module therefore does not import
it."""


@mypyc_attr(allow_interpreted_subclasses=True)  # the listed phases' fields: flow.compose
@attr.s(auto_attribs=True, slots=True, eq=False, repr=False)
class FishingState(FieldState):
    """A deal of a fishing game.  Each field is declared once; JSON, zones and
    re-sampling derive from the declarations.  Captured piles are public: every captured
    card was played or lay face up, so everyone saw where it went.

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
    """The stock, dealt from its end."""
    _table: int = field(CardSet(zone="table", allowed=(Visibility.PUBLIC,)))
    """The cards face up on the table."""
    _down: int = field(CardSet(zone="down", seen=Visibility.HIDDEN))
    """The cards face down on the table (``play.table_down``), under the pile."""
    _top: int = field(Card())
    """With a pile (``capture: pile``), its top card (-1: no pile)."""
    _builds: tuple[Build, ...] = field(fishing_builds.Builds())
    """With builds, the builds on the table (their cards lie in ``_table``)."""
    _announcing: tuple[int, ...] = field(LaterNumberList(minimum=1))
    """The values the multiple build just made (the last build) adds up by, when there
    are several: its builder names one they hold next (empty: none to name)."""
    _won: tuple[int, ...] = field(CardSets(zone="won", seen=Visibility.PUBLIC,
                                           allowed=(Visibility.PUBLIC,)))
    """Each player's captured cards."""
    _buried: tuple[int, ...] = field(CardSets(zone="buried", seen=Visibility.OWNER))
    """Each player's captured cards that lay face down on the table: only their taker
    has seen them."""
    _sweeps: tuple[int, ...] = field(Numbers())
    """Each player's sweeps (captures that cleared the table) that score."""
    _sweep_points: tuple[int, ...] = field(Numbers())
    """Each player's points for those sweeps."""
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
    def new(cls, game: GameContext, context: DealContext) -> FishingState:
        """A freshly shuffled deal, dealt at once (or after the listed phases that run
        before the deal)."""
        n = game.players
        state = cls._blank(game)  # then its own fields, set natively
        zeros = (0,) * n
        state._hands = state._won = state._buried = state._sweeps = state._sweep_points = \
            zeros
        state._last = state._top = -1
        state._builds, state._announcing = (), ()
        state._phase, state._stock = PLAY, tuple(context.stock(game.pack.size))
        state._current = game.turns.first_after(context.dealer)
        state._dealer, state._deal_number, state._events = context.dealer, context.index, ()
        state._start(context.seed, context.previous)
        return state

    @property
    def _tables(self) -> FishingTables:
        tables: FishingTables = self._game.tables
        return tables

    @property
    def events(self) -> tuple[Event, ...]:
        """What the last action made happen (kept compactly, made records when read)."""
        return records(self._events)

    def _deal_cards(self) -> None:
        """The procedure's own deal: the hands (:meth:`_deal_hands`), then ``play.table``
        cards turned face up; a table spoilt by ``redeal_rank`` is gathered with the
        hands and the stock, shuffled and dealt again (changes a fresh state)."""
        cards = list(self._stock)
        while True:
            self._stock, self._hands = tuple(cards), (0,) * self._game.players
            self._deal_hands()
            stock = list(self._stock)
            dealt = self._turned(stock)
            if not self._spoilt(dealt):
                break
            random.Random(repr(cards)).shuffle(cards)  # the same deal re-deals alike
            self._redealt(dealt)
        self._lay(dealt, stock)

    def _deal_hands(self) -> int:
        """Deal the hands from the dealer's left, in the game's turn order (changes a
        fresh state); -1, as no rule of fishing reads the dealer's last card."""
        self._deal_round()
        return -1

    def _set_up_deal(self, last: int = -1) -> None:
        """Once a listed phase has dealt the hands, turn ``play.table`` cards face up from
        the stock; a table spoilt by ``redeal_rank`` goes back into the stock, which is
        shuffled, and the table is turned up again, the hands staying as dealt (changes a
        fresh state)."""
        stock = list(self._stock)
        dealt = self._turned(stock)
        while self._spoilt(dealt) and self._avoidable([*stock, *dealt]):
            stock.extend(dealt)
            random.Random(repr(stock)).shuffle(stock)  # the same deal re-deals alike
            self._redealt(dealt)
            dealt = self._turned(stock)
        self._lay(dealt, stock)

    def _turned(self, stock: list[int]) -> list[int]:
        """The table's cards, taken from the end of ``stock`` (which loses them)."""
        return [stock.pop() for _ in range(min(self._tables.play.table, len(stock)))]

    def _spoilt(self, dealt: list[int]) -> bool:
        """Whether ``dealt``, turned up as the table, holds ``redeal_count`` cards or more
        of ``redeal_rank`` (the deal is then dealt again)."""
        mask = self._spoilt_mask()
        return bool(mask) and (sum(1 << c for c in dealt) & mask).bit_count() \
            >= self._tables.play.redeal_count

    def _spoilt_mask(self) -> int:
        """The cards of ``redeal_rank`` (0: no table is spoilt)."""
        rank, pack = self._tables.play.redeal_rank, self._game.pack
        return pack.rank_mask(pack.ranks.index(rank)) if rank else 0

    def _avoidable(self, cards: list[int]) -> bool:
        """Whether a table turned up from ``cards`` can be unspoilt (enough cards of
        other ranks than ``redeal_rank``), so that turning it up again ends."""
        size = min(self._tables.play.table, len(cards))
        mask = self._spoilt_mask()
        plain = sum(not (mask >> c) & 1 for c in cards)
        return plain > size - self._tables.play.redeal_count

    def _redealt(self, dealt: list[int]) -> None:
        """Record that the table ``dealt`` was spoilt and the deal is dealt again."""
        self.record(raw_event(kind="redeal", player=self._dealer,
                              cards=tuple(bits(sum(1 << c for c in dealt)))))

    def _lay(self, dealt: list[int], stock: list[int]) -> None:
        """Lay the table ``dealt`` (its first ``play.table_down`` cards face down, under
        the pile) and leave ``stock`` as the stock."""
        tables = self._tables
        play = tables.play
        down, up = dealt[:play.table_down], dealt[play.table_down:]
        if tables.pile:
            self._top = _top_card(up, down, tables.takes_all)
        self._table, self._down = sum(1 << c for c in up), sum(1 << c for c in down)
        self._stock = tuple(stock)
        self.record(raw_event(kind="deal", player=self._dealer, cards=tuple(bits(self._table))))

    def _deal_round(self) -> None:
        """One card at a time to each player in turn from the dealer's left (in the game's
        turn order), up to the hand size or while the stock lasts."""
        n, stock, turns = self._game.players, list(self._stock), self._game.turns
        size = self._game.variant.deal.hand_for(n, self._deal_number)
        hands = list(self._hands)
        seats = turns.rounds[turns.first_after(self._dealer)]
        for _ in range(size):
            for q in seats:
                if stock:
                    hands[q] |= 1 << stock.pop()
        self._hands, self._stock = tuple(hands), tuple(stock)

    def _start_play(self) -> None:
        """The first player of the game's turn order plays first (the dealer's left by
        default)."""
        self._current = self._game.turns.first(self.seating())

    def _compute_legal(self) -> tuple[Action, ...]:
        if self._stage >= 0:
            return flow.legal(self)
        if self._phase is OVER:
            return ()
        tables = self._tables
        p = self._current
        hand = self._hands[p]
        plays = tables.plays
        if tables.pile:  # a card played takes the pile by itself
            return tuple([plays[c] for c in bits(hand)])
        if tables.units:
            if self._announcing:  # a multiple build just made: the player names its value
                return tuple([tables.announcements[v]
                              for v in fishing_builds.nameable(self)])
            return fishing_builds.legal_of(tables, self._table, self._builds, hand, p)
        out: list[Action] = []
        must = tables.play.must_capture
        table = self._table
        for card in bits(hand):
            captures = fishing_rules.capture_actions(tables, table, card)
            out.extend(captures)
            if not captures or not must:
                out.append(plays[card])
        return tuple(out)

    def _rule_refusal(self, action: Action) -> str | None:
        return fishing_rules.refusal(self, action)

    def last_play(self) -> bool:
        """Whether the play now made is the deal's last: one card is left in hand, in
        every hand together, and the stock is empty."""
        return not self._stock and sum(h.bit_count() for h in self._hands) == 1

    def _next(self, action: Action) -> FishingState:
        if self._stage >= 0:  # a listed phase is at work
            return flow.apply(self, action)
        new = self._clone()
        tables = self._tables
        if tables.units:
            return new._unit_move(action)
        p, cards = self._current, action.cards
        card = cards[0]
        new._hands = with_seat(self._hands, p, self._hands[p] & ~(1 << card))
        if tables.pile:
            if tables.takes_pile(card, self._top):
                new._capture(card, self._table, self._down)
            else:
                new._table, new._top = self._table | 1 << card, card
                new._events = (raw_event(kind="play", player=p, cards=(card,)),)
        elif len(cards) > 1:
            caught = 0
            for c in cards[1:]:
                caught |= 1 << c
            new._capture(card, caught, 0)
        else:
            new._table = self._table | 1 << card
            new._events = (raw_event(kind="play", player=p, cards=(card,)),)
        return new._next_player()

    def _unit_move(self, action: Action) -> FishingState:
        """Apply a legal ``action`` with units (builds or captures of several sets; see
        :mod:`.builds`) up to the next player (changes a fresh clone of the position it
        was legal in)."""
        p = self._current
        tables = self._tables
        if action.name == VALUE:  # the value named for the multiple build just made
            made = self._builds
            self._builds = (*made[:-1], attrs.evolve(made[-1], value=action.amount))
            self._announcing = ()
            self._events = (raw_event(kind="value", player=p, amount=action.amount),)
            return self._next_player()
        hand = self._hands[p]
        if action.kind is _KIND_PLAY:
            card = action.cards[0]
            self._hands = with_seat(self._hands, p, hand & ~(1 << card))
            self._table |= 1 << card
            self._events = (raw_event(kind="play", player=p, cards=(card,)),)
            return self._next_player()
        mask = 0
        for c in action.cards:
            mask |= 1 << c
        played = mask & hand  # a legal action names one card of the hand
        card = played.bit_length() - 1
        mask ^= played
        self._hands = with_seat(self._hands, p, hand ^ played)
        builds = self._builds
        kept = tuple([b for b in builds if not b.cards & mask]) if builds else builds
        if action.name == CAPTURE:
            self._builds = kept
            self._capture(card, mask, 0)
            return self._next_player()
        named: list[int] = []
        loose = fishing_builds.loose_cards(self._table, builds)
        values = tables.values
        if action.name == BUILD:
            value = values[card]
            for b in builds:
                if b.cards & mask:
                    value += b.value
            for c in bits(mask & loose):
                value += values[c]
            build = Build(cards=mask | 1 << card, value=value, owner=p)
        else:  # until a value is named, the lowest the cards add up by (not one held)
            named = fishing_builds.values_of_multiple(tables, loose, builds, hand, card, mask,
                                                      False, False)
            assert named
            build = Build(cards=mask | 1 << card, value=named[0], owner=p, multiple=True)
        self._builds = (*kept, build)
        self._table |= 1 << card
        self._events = (raw_event(kind="build", player=p, cards=(card, *bits(mask))),)
        if len(named) > 1:  # the value is named next, by the same player
            self._announcing = tuple(named)
            return self
        return self._next_player()

    def _capture(self, card: int, caught: int, down: int) -> None:
        """The player to move plays ``card`` and takes ``caught`` face-up cards and
        ``down`` face-down ones, which only they see; a capture that clears the table
        may be a sweep (changes a fresh clone whose hand has lost ``card``)."""
        p, tables = self._current, self._tables
        scoring = tables.scoring
        last = not self._stock and not any(self._hands)
        self._table, self._down, self._top = self._table & ~caught, self._down & ~down, -1
        self._won = with_seat(self._won, p, self._won[p] | caught | 1 << card)
        if down:
            self._buried = with_seat(self._buried, p, self._buried[p] | down)
        self._last = p
        self._events = (raw_event(kind="capture", player=p, cards=(card, *bits(caught))),)
        width = tables.width
        if not self._table and not self._down and (not last or scoring.last_sweep) \
                and scoring.sweep_size in (0, count(caught) + count(down)) \
                and (not scoring.sweep_match or (not down and all(
                    c % width == card % width for c in bits(caught)))):
            self._sweeps = with_seat(self._sweeps, p, self._sweeps[p] + 1)
            self._sweep_points = with_seat(self._sweep_points, p,
                                       self._sweep_points[p] + tables.sweep_points[card])
            self.record(raw_event(kind="sweep", player=p))

    def _next_player(self) -> FishingState:
        """The next player holding cards moves; with every hand empty the players are
        dealt again, or the deal ends (changes a fresh clone)."""
        after, q = self._game.turns.following, self._current
        for _ in range(len(self._hands)):
            q = after[q]
            if self._hands[q]:
                self._current = q
                return self
        if self._stock and self._tables.play.refill:
            self._deal_round()
            self.record(raw_event(kind="deal", player=self._dealer))
            self._next_player()
            if self._game.phases and _BETWEEN_ROUNDS in self._game.timings:
                # the flow runs the phases listed between rounds, then that player plays
                resume_fields(self)._resume = self._current
                if not flow.between(self, _BETWEEN_ROUNDS):
                    resume_fields(self)._resume = -1  # nobody had anything to do
            return self
        return self._finish()

    def _resume_play(self) -> None:
        """The phases listed between rounds of dealing are done: the player whose turn it
        is plays (changes a fresh clone)."""
        paused = resume_fields(self)
        self._current, paused._resume = paused._resume, -1

    def _finish(self) -> FishingState:
        """The last player to capture takes the table; the deal is scored."""
        if (self._table or self._down) and self._last >= 0 \
                and self._tables.play.last_takes_rest:
            rest, down, last = self._table, self._down, self._last
            self._won = with_seat(self._won, last, self._won[last] | rest)
            if down:
                self._buried = with_seat(self._buried, last, self._buried[last] | down)
            self._table, self._down, self._top, self._builds = 0, 0, -1, ()
            self.record(raw_event(kind="take_rest", player=last, cards=tuple(bits(rest))))
        self._scores = deal_scores(self._game, [w | b for w, b in zip(self._won, self._buried)],
                                   self._sweep_points)
        if self._game.phases:
            self._scores = flow.score(self, self._scores)
        self._phase = OVER
        self.record(raw_event(kind="deal_end"))
        return self

    @property
    def result(self) -> DealResult | None:
        """The deal's result once it is over: most points first."""
        if self._phase is not OVER:
            return None
        turns = self._game.turns
        seats = turns.rounds[turns.first_after(self._dealer)]
        finish = tuple(sorted(seats, key=lambda p: -self._scores[p]))
        return self._game.deal_result(scores=self._scores, finish=finish,
                                      starter=turns.first(self.seating()),
                                      dealer=self._dealer)

    # -- views ---------------------------------------------------------------------

    def view(self, player: object) -> View:
        return FieldState._view_record(self, player, VIEWS[0])

    # -- written out by cardrules.tools.written_states from the fields above: do not edit

    def _clone(self) -> FishingState:
        """A copy whose events start empty and whose caches start afresh (the
        clone ``derived`` would generate, written out)."""
        cls = type(self)
        new = cls.__new__(cls)
        new._game = self._game
        new._hands = self._hands
        new._stock = self._stock
        new._table = self._table
        new._down = self._down
        new._top = self._top
        new._builds = self._builds
        new._announcing = self._announcing
        new._won = self._won
        new._buried = self._buried
        new._sweeps = self._sweeps
        new._sweep_points = self._sweep_points
        new._last = self._last
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
    def table(self) -> int:
        """The table field (read-only)."""
        return self._table

    @property
    def down(self) -> int:
        """The down field (read-only)."""
        return self._down

    @property
    def top(self) -> int:
        """The top field (read-only)."""
        return self._top

    @property
    def builds(self) -> tuple[Build, ...]:
        """The builds field (read-only)."""
        return self._builds

    @property
    def announcing(self) -> tuple[int, ...]:
        """The announcing field (read-only)."""
        return self._announcing

    @property
    def won(self) -> tuple[int, ...]:
        """The won field (read-only)."""
        return self._won

    @property
    def buried(self) -> tuple[int, ...]:
        """The buried field (read-only)."""
        return self._buried

    @property
    def sweeps(self) -> tuple[int, ...]:
        """The sweeps field (read-only)."""
        return self._sweeps

    @property
    def sweep_points(self) -> tuple[int, ...]:
        """The sweep_points field (read-only)."""
        return self._sweep_points

    @property
    def last(self) -> int:
        """The last field (read-only)."""
        return self._last

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


def _top_card(up: list[int], down: list[int], takes_all: int) -> int:
    """The top of a pile dealt face up as ``up`` over ``down`` (each in dealing order,
    changed in place): a card that takes any pile may not lie on top, so the next
    face-down card is turned up over it, or, with none left, it goes under the face-up
    cards, while a card that takes nothing is among them (-1: no pile)."""
    while up and (takes_all >> up[-1]) & 1:
        if down:
            up.append(down.pop())
        elif any(not (takes_all >> c) & 1 for c in up):
            up.insert(0, up.pop())
        else:
            break
    if not up and down:
        up.append(down.pop())
        return _top_card(up, down, takes_all)
    return up[-1] if up else -1
