"""The bouts procedure: attack and defence in bouts, as in Durak.

An attacker opens a bout with a card; the defender beats each attacking card or takes
them all; the others throw in cards of the ranks on the table, in turn from the
attacker: once the table is beaten or taken, or (``throw_in: any_time``) also after the
attack, a transfer and each card beaten, before the defender moves again.  A bout ends in
a discard or a take; everyone draws up to the hand size, the opener first and the
defender last; the next attacker follows from the bout.  The deal ends when at most one
player holds cards.  Who may throw in is decided from public facts only (hand sizes, the
table, the limits), so being asked tells nobody what anyone holds.

>>> import cardrules
>>> game = cardrules.load("durak", players=2)
>>> state = game.setup(hands=["7S", "KH 6S"], trump="S", table=["7H"])
>>> [state.describe(a) for a in state.legal_actions()]
['beat 7H 6S', 'beat 7H KH', 'take']
>>> state.apply("beat 7H KH").view(0).table
[['7H', 'KH']]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

import attr
import attrs

from cardrules.actions import Action, Kind
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
    KnownCards,
    Numbers,
    Seat,
    Seats,
    Stage,
    Suit,
    field,
    reset,
)
from cardrules.engine.native import mypyc_attr
from cardrules.engine.state import DealContext, DealResult, FieldState, GameContext
from cardrules.engine.table import with_seat
from cardrules.engine.turns import When
from cardrules.families.bouts import rules as bouts_rules
from cardrules.families.bouts.deal import deal_hands, refill, set_up
from cardrules.families.bouts.model import (
    ATTACK,
    DEFEND,
    OVER,
    TAKING,
    THROW,
    BoutStep,
    FirstAttack,
)
from cardrules.families.bouts.tables import BoutsTables
from cardrules.hooks import FirstMoverInput
from cardrules.model.common import Visibility

if TYPE_CHECKING:
    from cardrules.engine.views import View

__all__ = ["BoutsState", "SeenByAll"]

OWN_OR_PUBLIC = (Visibility.OWNER, Visibility.PUBLIC)
"""Hands: a hidden hand could not be played by its owner."""
HIDDEN_OR_PUBLIC = (Visibility.HIDDEN, Visibility.PUBLIC)
"""A stock, or the cards out of play, face down or face up."""


@mypyc_attr(native_class=False)  # a subclass of the interpreted KnownCards
@attrs.frozen(kw_only=True)
class SeenByAll(KnownCards):
    """Per seat, cards of that seat's hand that every player saw go there (a table the
    defender took): known to everyone, so re-sampling for any player leaves them in
    place."""

    def known(self, value: tuple[int, ...], viewer: int) -> int:
        mask = 0
        for m in value:
            mask |= m
        return mask


# Enum members read in functions, as module constants: compiled, each is a C static
# (on Python 3.11 an enum class's attribute costs a slow lookup: EnumType has a
# __getattr__).
_KIND_PASS: Final = Kind.PASS
_KIND_VERB: Final = Kind.VERB
_LOWEST_TRUMP: Final = FirstAttack.LOWEST_TRUMP



VIEWS: Final[list[Callable[[BoutsState, int], dict[str, Any]]]] = []
"""The family's view function, put here by :mod:`cardrules.families.bouts.view` when it is
imported (the family's procedure imports it).  That module reads this one's class, so a
compiled view reads the state's fields directly; this module therefore does not import
it."""

@mypyc_attr(allow_interpreted_subclasses=True)  # the listed phases' fields: flow.compose
@attr.s(auto_attribs=True, slots=True, eq=False, repr=False)
class BoutsState(FieldState):
    """A deal of a game of bouts.  Each field below is declared once; the public read-only
    properties (``state.hands``...), JSON, zones and re-sampling derive from these
    declarations.

    The class is on the compiled hot path: ``attr.s`` (a native class when compiled by
    mypyc) with its clone and read-only properties written out at the end
    (:mod:`cardrules.tools.written_states`)."""

    # GameContext is imported to run: a compiled build (mypyc) evaluates the annotations.
    _game: GameContext = attrs.field(default=None)
    _hands: tuple[int, ...] = field(CardSets(zone="hand", allowed=OWN_OR_PUBLIC))
    """Each hand as a bit set."""
    _stock: tuple[int, ...] = field(CardList(zone="stock", seen=Visibility.HIDDEN,
                                             allowed=HIDDEN_OR_PUBLIC))
    """The stock, drawn from the end; the turned-up trump card is first."""
    _trump: int = field(Suit())
    """Trump suit index (-1: no trumps)."""
    _trump_card: int = field(Card(), label="trump card")
    """The card shown to fix trumps (-1: none); everyone knows where it is."""
    _attacks: tuple[int, ...] = field(CardList(zone="table", allowed=(Visibility.PUBLIC,)))
    """The bout's attacking cards: the beaten ones first, in the order of ``covers``."""
    _covers: tuple[int, ...] = field(CardList(zone="covers", allowed=(Visibility.PUBLIC,)))
    """The defending cards: the i-th beats the i-th attacking card."""
    _seen: tuple[int, ...] = field(SeenByAll())
    """Per seat, the cards of the hand everyone saw go there (tables taken)."""
    _discard: int = field(CardSet(zone="discard", seen=Visibility.PUBLIC,
                                  allowed=HIDDEN_OR_PUBLIC))
    """Cards out of play (the bouts beaten off)."""
    _attacker: int = field(Seat())
    """The bout's attacker (-1: none)."""
    _defender: int = field(Seat())
    """The bout's defender (-1: none)."""
    _opener: int = field(Seat())
    """Who opened the bout (draws first when it ends)."""
    _current: int = field(Seat(nobody=False))
    """The player to act."""
    _phase: BoutStep = field(Enumerated(of=BoutStep))  # noqa: RUF009
    """The step the deal is at."""
    _passes: int = field(Count())
    """Players who passed in a row while throwing in."""
    _bouts: int = field(Count())
    """Bouts finished in this deal."""
    _takes: int = field(Count())
    """Bouts in a row that ended in a take: since the last discard (``takes_limit``)."""
    _out: tuple[int, ...] = field(Seats())
    """Players out of the deal (no cards once the stock is empty), in order."""
    _loser: int = field(Seat())
    """The last player holding cards (-1: none yet, or a drawn deal)."""
    _scores: tuple[int, ...] = field(Numbers())
    """Deal scores (set when the deal ends)."""
    _starter: int = field(Seat())
    """Who opened the first bout."""
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
    _legal: tuple[Action, ...] | None = reset()
    """The legal actions, once asked for."""
    _held: tuple[Action, ...] | None = reset()
    """With a pack of several copies of a face, the legal actions with the very cards
    held, once asked for (the legal actions themselves are by face)."""
    _phased: Any = None
    """The listed phases' fields (:mod:`cardrules.engine.phased`); None without."""

    # -- construction -------------------------------------------------------------

    @classmethod
    def new(cls, game: GameContext, context: DealContext) -> BoutsState:
        """A freshly shuffled deal (D2), dealt at once or once the listed phases that run
        before the deal are done, its first bout opened (D4) after the listed phases."""
        n = game.players
        state = cls._blank(game)  # then its own fields, set natively
        state._hands, state._stock = (0,) * n, tuple(context.stock(game.pack))
        state._trump = state._trump_card = -1
        state._current = game.turns.first_after(context.dealer)
        state._dealer, state._deal_number, state._events = context.dealer, context.index, ()
        state._start(context.seed, context.previous)
        return state

    def _deal_hands(self) -> int:
        """Deal the hands (D2; changes a fresh state); the dealer's last card."""
        stock = list(self._stock)
        self._hands, last = deal_hands(self._game, stock, dealer=self._dealer,
                                       index=self._deal_number)
        self._stock = tuple(stock)
        return last

    def _set_up_deal(self, last: int = -1) -> None:
        """Fix trumps (D2; changes a fresh state)."""
        dealt = set_up(self._game, list(self._stock), self._hands, last=last,
                       dealer=self._dealer)
        self._stock, self._trump, self._trump_card = dealt.stock, dealt.trump, dealt.trump_card
        self._events = (*self._events, *dealt.events)

    def _start_play(self) -> None:
        """The first attacker opens the first bout (D4; changes a fresh clone)."""
        game, pack = self._game, self._game.pack
        attacker, shown = -1, -1
        if self._tables.play.first_attack is _LOWEST_TRUMP and self._trump >= 0:
            trumps = pack.suit_mask(self._trump)
            for p, hand in enumerate(self._hands):
                low = hand & trumps & -(hand & trumps)
                if low and (shown < 0 or low < 1 << shown):
                    attacker, shown = p, low.bit_length() - 1
        if attacker < 0:
            classes = tuple(int(s == self._trump) for s in range(len(pack.suits)))
            attacker = game.hook("first_mover")(FirstMoverInput(
                pack=pack, hands=self._hands, top=self._trump_card, dealer=self._dealer,
                trump_classes=(classes,) * game.players,
                order=game.turns.deal_order(self._dealer)))
        self._starter = attacker
        self._events = (*self._events, raw_event(kind="first_mover", player=attacker,
                                                 cards=(shown,) if shown >= 0 else (),
                                                 note="lowest trump" if shown >= 0 else ""))
        self._open_bout(attacker)

    # -- public read-only fields -------------------------------------------------

    @property
    def _tables(self) -> BoutsTables:
        tables: BoutsTables = self._game.tables
        return tables

    @property
    def events(self) -> tuple[Event, ...]:
        """What the last action made happen (kept compactly, made records when read)."""
        return records(self._events)

    def limit(self) -> int | None:
        """The most attacking cards this bout may have (D8; None: only the defender's
        hand limits it)."""
        return self._tables.play.limit_for(bout=self._bouts)

    def can_add(self) -> bool:
        """True if one more attacking card fits the limits (D8): the bout's limit and the
        defender's hand."""
        limit, count = self.limit(), len(self._attacks)
        unbeaten = count - len(self._covers)
        return (limit is None or count < limit) and \
            unbeaten < self._hands[self._defender].bit_count()

    def table_ranks(self) -> int:
        """The cards whose rank lies on the table, as a bit set (D7)."""
        pack, masks, mask = self._game.pack, self._tables.rank_masks, 0
        for c in (*self._attacks, *self._covers):
            mask |= masks[pack.rank(c)]
        return mask

    def throwers(self) -> list[int]:
        """Who may be asked to throw in, in order: the attacker, then in turn (the game's
        turn order: clockwise by default), passing over the defender and players without
        cards (D7)."""
        hands, defender = self._hands, self._defender
        return [q for q in self._game.turns.rounds[self._attacker]
                if q != defender and hands[q]]

    def next_holder(self, player: int) -> int:
        """The next player in turn (clockwise by default) after ``player`` holding cards
        (-1: nobody else)."""
        hands, after = self._hands, self._game.turns.following
        q = player
        for _ in range(len(hands) - 1):
            q = after[q]
            if hands[q]:
                return q
        return -1

    # -- legality -----------------------------------------------------------------

    def _compute_legal(self) -> tuple[Action, ...]:
        if self._stage >= 0:
            return flow.legal(self)
        phase, tables = self._phase, self._tables
        hand = self._hands[self._current]
        if phase is ATTACK:
            return tuple(tables.attacks[c] for c in bits(hand))
        if phase is DEFEND:
            beaters = tables.beaters[self._trump]
            legal = [tables.beats[(x, y)] for x in self._attacks[len(self._covers):]
                     for y in bits(hand & beaters[x])]
            legal.extend(tables.transfers[c] for c in bits(bouts_rules.transferable(self)))
            legal.append(tables.take)
            return tuple(legal)
        if phase is THROW or phase is TAKING:
            mask = hand & self.table_ranks()
            return (*(tables.throws[c] for c in bits(mask)), tables.pass_)
        return ()

    def _rule_refusal(self, action: Action) -> str | None:
        return bouts_rules.refusal(self, action)

    # -- applying actions ------------------------------------------------------------

    def _next(self, action: Action) -> BoutsState:
        if self._stage >= 0:
            return flow.apply(self, action)
        new = self._clone()
        p, kind = self._current, action.kind
        if kind is _KIND_PASS:
            new._events = (raw_event(kind="pass", player=p),)
            new._passes = self._passes + 1
            return new._ask_next()
        if kind is _KIND_VERB and action.name == "take":
            new._events = (raw_event(kind="take_up", player=p),)
            new._phase = TAKING
            return new._ask_throwers()
        card = action.cards[-1]
        new._hands = with_seat(self._hands, p, self._hands[p] & ~(1 << card))
        if self._seen[p] >> card & 1:
            new._seen = with_seat(self._seen, p, self._seen[p] & ~(1 << card))
        if kind is _KIND_VERB and action.name == "beat":
            target = action.cards[0]
            beaten = len(self._covers)
            rest = [c for c in self._attacks[beaten:] if c != target]
            new._attacks = (*self._attacks[:beaten], target, *rest)
            new._covers = (*self._covers, card)
            new._events = (raw_event(kind="beat", player=p, cards=action.cards),)
            if rest and not self._tables.any_time:
                return new
            new._phase = THROW
            return new._ask_throwers()
        new._attacks = (*self._attacks, card)
        if kind is _KIND_VERB and action.name == "transfer":
            new._events = (raw_event(kind="transfer", player=p, cards=(card,)),)
            new._attacker, new._defender = p, self.next_holder(p)
            new._current = new._defender
            if self._tables.any_time:
                new._phase = THROW
                return new._ask_throwers()
            return new
        if kind is _KIND_VERB:  # attack
            new._events = (raw_event(kind="attack", player=p, cards=(card,)),)
            if self._tables.any_time:
                new._phase = THROW
                return new._ask_throwers()
            new._phase, new._current = DEFEND, self._defender
            return new
        new._events = (raw_event(kind="throw", player=p, cards=(card,)),)
        if self._phase is THROW and not self._tables.any_time:
            new._phase, new._current = DEFEND, self._defender
            return new
        return new._ask_throwers()

    def _ask_throwers(self) -> BoutsState:
        """Begin asking the throwers, the attacker first; when the limits leave no room
        or nobody can throw, the defender answers the unbeaten cards, if any (``throw_in:
        any_time``), or the bout ends (D7-D9; changes a fresh clone)."""
        self._passes = 0
        return self._ask_next()

    def _ask_next(self) -> BoutsState:
        throwers = self.throwers() if self.can_add() else []
        if self._passes >= len(throwers):
            if self._phase is THROW and len(self._covers) < len(self._attacks):
                self._phase, self._current = DEFEND, self._defender
                return self
            return self._end_bout()
        self._current = throwers[self._passes]
        return self

    def _end_bout(self) -> BoutsState:
        """Discard or take the table, refill, find the next attacker (D9, D10, D12)."""
        events = list(self._events)
        table = (*self._attacks, *self._covers)
        taken = self._phase is TAKING
        defender, n = self._defender, self._game.players
        mask = 0
        for c in table:
            mask |= 1 << c
        if taken:
            self._hands = with_seat(self._hands, defender, self._hands[defender] | mask)
            self._seen = with_seat(self._seen, defender, self._seen[defender] | mask)
        else:
            self._discard |= mask
        events.append(raw_event(kind="take" if taken else "discard",
                                player=defender if taken else -1, cards=table))
        self._attacks, self._covers, self._bouts = (), (), self._bouts + 1
        order = [q for q in self._game.turns.rounds[self._opener] if q != defender]
        order.append(defender)
        size = self._game.variant.deal.hand_for(n, self._deal_number)
        self._stock, self._hands = refill(self._stock, self._hands, order=order, size=size,
                                          turned=self._trump_card, events=events)
        if not self._stock:
            for q in order:
                if not self._hands[q] and q not in self._out:
                    self._out = (*self._out, q)
                    events.append(raw_event(kind="out", player=q))
        self._takes = self._takes + 1 if taken else 0
        self._events = tuple(events)
        limit = self._tables.play.takes_limit
        if limit and self._takes >= limit:
            return self._finish(stalled=True)
        if taken or not self._hands[defender]:
            return self._open_bout(self.next_holder(defender), pause=True)
        return self._open_bout(defender, pause=True)

    def _open_bout(self, attacker: int, *, pause: bool = False) -> BoutsState:
        """The next bout, ``attacker`` opening it, or the end of the deal; after a bout
        (``pause``) the flow first runs the phases listed between bouts, if any."""
        defender = self.next_holder(attacker) if attacker >= 0 else -1
        if defender < 0 or (self._game.end_of_deal is not None
                            and self._ends_by_hook(self._out)):
            return self._finish()
        self._attacker, self._defender, self._opener = attacker, defender, attacker
        self._current, self._phase, self._passes = attacker, ATTACK, 0
        if pause:
            flow.between(self, When.BETWEEN_BOUTS)
        return self

    def _resume_play(self) -> None:
        """The phases listed between bouts are done: the attacker opens the bout."""
        self._current, self._phase, self._passes = self._attacker, ATTACK, 0

    def _finish(self, *, stalled: bool = False) -> BoutsState:
        """The deal ends (D13, D14): the one player still holding cards loses; a deal
        ``stalled`` by ``takes_limit`` is drawn."""
        holders = [p for p, hand in enumerate(self._hands) if hand]
        loser = holders[0] if len(holders) == 1 and not stalled else -1
        scores = [0] * self._game.players
        if loser >= 0:
            scores[loser] = self._tables.scoring.loser
        self._scores, self._loser = tuple(scores), loser
        self._attacker = self._defender = -1
        if self._game.phases:
            self._scores = flow.score(self, self._scores)
        self._phase = OVER
        self._events = (*self._events, raw_event(kind="deal_end", player=loser,
                                                 note="stalled" if stalled else ""))
        return self

    @property
    def result(self) -> DealResult | None:
        """The deal's result once it is over: the durak last in the finishing order."""
        if self._phase is not OVER:
            return None
        turns = self._game.turns
        seats = turns.rounds[turns.first_after(self._dealer)]
        rest = [p for p in seats if p not in self._out]
        finish = (*self._out, *sorted(rest, key=lambda p: p == self._loser))
        return self._game.deal_result(
            scores=self._scores, finish=finish, starter=self._starter, dealer=self._dealer,
            details={"loser": self._loser, "out": list(self._out), "bouts": self._bouts},
            deal=self)

    # -- views ---------------------------------------------------------------------

    def view(self, player: object) -> View:
        return FieldState._view_record(self, player, VIEWS[0])

    # -- written out by cardrules.tools.written_states from the fields above: do not edit

    def _clone(self) -> BoutsState:
        """A copy whose events start empty and whose caches start afresh (the
        clone ``derived`` would generate, written out)."""
        cls = type(self)
        new = cls.__new__(cls)
        new._game = self._game
        new._hands = self._hands
        new._stock = self._stock
        new._trump = self._trump
        new._trump_card = self._trump_card
        new._attacks = self._attacks
        new._covers = self._covers
        new._seen = self._seen
        new._discard = self._discard
        new._attacker = self._attacker
        new._defender = self._defender
        new._opener = self._opener
        new._current = self._current
        new._phase = self._phase
        new._passes = self._passes
        new._bouts = self._bouts
        new._takes = self._takes
        new._out = self._out
        new._loser = self._loser
        new._scores = self._scores
        new._starter = self._starter
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
    def trump(self) -> int:
        """The trump field (read-only)."""
        return self._trump

    @property
    def trump_card(self) -> int:
        """The trump_card field (read-only)."""
        return self._trump_card

    @property
    def attacks(self) -> tuple[int, ...]:
        """The attacks field (read-only)."""
        return self._attacks

    @property
    def covers(self) -> tuple[int, ...]:
        """The covers field (read-only)."""
        return self._covers

    @property
    def seen(self) -> tuple[int, ...]:
        """The seen field (read-only)."""
        return self._seen

    @property
    def discard(self) -> int:
        """The discard field (read-only)."""
        return self._discard

    @property
    def attacker(self) -> int:
        """The attacker field (read-only)."""
        return self._attacker

    @property
    def defender(self) -> int:
        """The defender field (read-only)."""
        return self._defender

    @property
    def opener(self) -> int:
        """The opener field (read-only)."""
        return self._opener

    @property
    def current(self) -> int:
        """The current field (read-only)."""
        return self._current

    @property
    def phase(self) -> BoutStep:
        """The phase field (read-only)."""
        return self._phase

    @property
    def passes(self) -> int:
        """The passes field (read-only)."""
        return self._passes

    @property
    def bouts(self) -> int:
        """The bouts field (read-only)."""
        return self._bouts

    @property
    def takes(self) -> int:
        """The takes field (read-only)."""
        return self._takes

    @property
    def out(self) -> tuple[int, ...]:
        """The out field (read-only)."""
        return self._out

    @property
    def loser(self) -> int:
        """The loser field (read-only)."""
        return self._loser

    @property
    def scores(self) -> tuple[int, ...]:
        """The scores field (read-only)."""
        return self._scores

    @property
    def starter(self) -> int:
        """The starter field (read-only)."""
        return self._starter

    @property
    def moves(self) -> int:
        """The moves field (read-only)."""
        return self._moves

    # -- end of the written-out part
