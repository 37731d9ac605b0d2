"""The betting procedure: antes and blinds, rounds of fixed-limit betting with community
cards turned between them, then the showdown.

>>> import cardrules
>>> game = cardrules.load("kuhn-poker", players=2)
>>> state = game.setup(hands=["KS", "JS"])
>>> [state.describe(a) for a in state.legal_actions()]
['check', 'bet']
>>> state = state.apply("bet").apply("call")
>>> state.is_over, state.result.scores, state.view(1).shown
(True, (2, -2), [['KS'], ['JS']])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, cast

import attr
import attrs

from cardrules.actions import Action
from cardrules.engine import flow
from cardrules.engine.events import Event, RawEvent, raw_event, records
from cardrules.engine.fields import (
    CardList,
    CardSet,
    CardSets,
    Count,
    Enumerated,
    Events,
    Label,
    Numbers,
    Seat,
    Stage,
    field,
    reset,
)
from cardrules.engine.game_core import GameCore
from cardrules.engine.native import mypyc_attr
from cardrules.engine.standings import alone, places
from cardrules.engine.state import DealContext, DealResult, FieldState, GameContext
from cardrules.engine.table import highest, with_seat
from cardrules.families.betting import rules as betting_rules
from cardrules.families.betting.model import BET, OVER, BlindsFrom, Limit, Step
from cardrules.families.betting.tables import (
    BET_ACTION,
    CALL,
    CHECK,
    FOLD,
    RAISE,
    BettingTables,
    Strength,
)
from cardrules.model.common import Visibility
from cardrules.model.match import Remainder
from cardrules.primitives.pot import even_shares, side_pots, split_pot
from cardrules.primitives.wagers import LETTERS, bet_range, least_after

if TYPE_CHECKING:
    from cardrules.engine.views import View

__all__ = ["LETTERS", "BettingState"]

CHIPS = "chips"
"""The deal result's carried fact holding each player's chips at its end, for the next
deal of a match under ``play.carry_chips``."""

# Enum members read in functions, as module constants: compiled, each is a C static
# (on Python 3.11 an enum class's attribute costs a slow lookup: EnumType has a
# __getattr__).
_FROM_DEALER: Final = BlindsFrom.DEALER
_FIXED: Final = Limit.FIXED
_POT: Final = Limit.POT
# The action words compared at every move, as final strings: a C static each, where
# ``FOLD.name`` reads an attribute of an ordinary class.
_FOLD: Final = FOLD.name
_BET: Final = BET_ACTION.name
_RAISE: Final = RAISE.name
_CALL: Final = CALL.name

VIEWS: Final[list[Callable[[BettingState, int], dict[str, Any]]]] = []
"""The family's view function, put here by :mod:`cardrules.families.betting.view` when it
is imported (the family's procedure imports it).  That module reads this one's class, so
a compiled view reads the state's fields directly; this module therefore does not import
it."""


@mypyc_attr(allow_interpreted_subclasses=True)  # the listed phases' fields: flow.compose
@attr.s(auto_attribs=True, slots=True, eq=False, repr=False)
class BettingState(FieldState):
    """A deal of the betting family.  Each field is declared once; JSON, zones and
    re-sampling derive from the declarations.  Each hand is its owner's until the
    showdown shows it (a folded hand is never shown); the community cards and every bet
    are public.

    The class is on the compiled hot path: ``attr.s`` (a native class when compiled by
    mypyc) with its clone and read-only properties written out at the end
    (:mod:`cardrules.tools.written_states`)."""

    # GameContext is imported to run: a compiled build (mypyc) evaluates the annotations.
    _game: GameContext = attrs.field(default=None)
    _hands: tuple[int, ...] = field(CardSets(zone="hand", allowed=(Visibility.OWNER,
                                                                    Visibility.PUBLIC)))
    """Each player's own cards, as a bit set (emptied into ``shown`` at the showdown)."""
    _stock: tuple[int, ...] = field(CardList(zone="stock", seen=Visibility.HIDDEN,
                                             allowed=(Visibility.HIDDEN,)))
    """The undealt cards, dealt from the end."""
    _board: int = field(CardSet(zone="board", allowed=(Visibility.PUBLIC,)))
    """The community cards turned face up."""
    _shown: tuple[int, ...] = field(CardSets(zone="shown", seen=Visibility.PUBLIC,
                                             allowed=(Visibility.PUBLIC,)))
    """The hands shown at the showdown, per player."""
    _chips: tuple[int, ...] = field(Numbers(minimum=0))
    """Each player's chips not in the pot."""
    _staked: tuple[int, ...] = field(Numbers(minimum=0))
    """Each player's chips put in the pot this deal."""
    _round_staked: tuple[int, ...] = field(Numbers(minimum=0))
    """Each player's chips put in the pot in this round of betting (blinds included,
    antes not)."""
    _least_to: int = field(Count())
    """Under pot and no limit, the least stake in this round a bet or raise may go to:
    the round's ``bet`` at first (before the first round, the big blind raised by the
    larger of itself and ``bet``); after a bet or raise to S over a highest stake M, S +
    (S - M) if that is more (ACPC's rule: a raise all in for less never lowers it)."""
    _won: tuple[int, ...] = field(Numbers(minimum=0))
    """Each player's share of the pot, once the deal is over."""
    _folded: tuple[int, ...] = field(Numbers(minimum=0))
    """Per player, 1 once they have folded."""
    _acted: tuple[int, ...] = field(Numbers(minimum=0))
    """Per player, 1 once they have acted since the round's last bet (or its start)."""
    _round: int = field(Count())
    """The round of betting, from 0."""
    _bets: int = field(Count())
    """Bets made in this round: the opening bet (or big blind) and the raises."""
    _line: str = field(Label())
    """Every action of the deal by its letter (``fold`` f, ``check`` k, ``call`` c,
    ``bet`` b, ``raise`` r), rounds apart by ``/``."""
    _current: int = field(Seat(nobody=False))
    """The player to act."""
    _phase: Step = field(Enumerated(of=Step))  # noqa: RUF009
    """The step the deal is at."""
    _scores: tuple[int, ...] = field(Numbers())
    """Each player's chips won (lost, when negative) once the deal is over."""
    _dealer: int = field(Seat(nobody=False))
    """The dealer of this deal."""
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
    def new(cls, game: GameContext, context: DealContext) -> BettingState:
        """A freshly shuffled deal: hands dealt, antes and blinds in the pot."""
        core = cast(GameCore, game)  # its attributes read natively when compiled
        n = core.players
        tables: BettingTables = core.tables
        play = tables.play
        chips = (play.chips,) * n
        if play.carry_chips:
            chips = tuple(context.get(CHIPS, chips))
        out = tuple([int(c == 0) for c in chips])  # no chips: they sit the deal out
        state = cls._blank(game)  # then its own fields, set natively
        zeros = (0,) * n
        state._hands = state._shown = state._staked = state._round_staked = state._won = \
            state._acted = state._scores = zeros
        state._chips, state._folded, state._phase = chips, out, BET
        state._stock = tuple(context.stock(core.pack))
        state._dealer, state._current, state._deal_number = context.dealer, 0, context.index
        state._events = ()
        state._start(context.seed)
        return state

    @property
    def _tables(self) -> BettingTables:
        tables: BettingTables = cast(GameCore, self._game).tables  # read natively
        return tables

    @property
    def events(self) -> tuple[Event, ...]:
        """What the last action made happen (kept compactly, made records when read)."""
        return records(self._events)

    @property
    def opener(self) -> int:
        """The seat that opens each round of betting (or the first after it still in)."""
        if self._tables.first_seat_opens:
            return 0
        return cast(GameCore, self._game).turns.first_after(self._dealer)

    @property
    def pot(self) -> int:
        """The chips in the pot."""
        return sum(self._staked) - sum(self._won)

    def to_call(self, seat: int) -> int:
        """The chips ``seat`` must add to match the round's highest stake (all they have,
        if they have fewer)."""
        return min(highest(self._round_staked) - self._round_staked[seat], self._chips[seat])

    def _acting(self, seat: int) -> bool:
        """``seat`` is still in and has chips to bet with (not all in)."""
        return not self._folded[seat] and self._chips[seat] > 0

    def _next_acting(self, seat: int) -> int:
        """``seat``, or the first seat after it still in and not all in (``seat`` when
        there is none)."""
        folded, chips = self._folded, self._chips
        for s in cast(GameCore, self._game).turns.round_from(seat):  # a compiled loop
            if not folded[s] and chips[s]:
                return s
        return seat

    # -- dealing -------------------------------------------------------------------

    def _deal_cards(self) -> None:
        """Deal the hands one card at a time from the opener, post the antes and the
        blinds, and open the first round (changes a fresh state)."""
        game = cast(GameCore, self._game)  # its attributes read natively when compiled
        n, stock = game.players, list(self._stock)
        hands = [0] * n
        seats = [s for s in game.turns.round_from(self.opener) if not self._folded[s]]
        for _ in range(self._tables.hand):
            for seat in seats:
                hands[seat] |= 1 << stock.pop()
        self._hands, self._stock = tuple(hands), tuple(stock)
        self.record(raw_event(kind="deal", player=self._dealer))
        self._post()

    def _post(self) -> None:
        """Post the antes and the blinds; the first to act follows the last blind
        (changes a fresh state)."""
        turns, play = cast(GameCore, self._game).turns, self._tables.play
        opener = self.opener
        first = self._dealer if play.blinds_from is _FROM_DEALER else opener
        seats = [s for s in turns.round_from(first) if not self._folded[s]]
        ante, blinds, opening = play.ante, play.blinds, play.rounds[0]
        if ante:
            for seat in sorted(seats):
                self._put(seat, ante, "ante", betting=False)
        self._current = opener
        for blind, seat in zip(blinds, seats):
            self._put(seat, blind, "blind")
            self._current = turns.following[seat]
        self._bets = 1 if blinds else 0
        top = highest(self._round_staked)
        self._least_to = top + max(top, opening.bet) if top else opening.bet
        opens = opening.first
        self._current = self._next_acting(self._current if opens is None else opens)
        acting = 0
        for seat in seats:  # a compiled loop, not a generator's sum
            if self._acting(seat):
                acting += 1
        if acting < 2 and self._round_done():
            self._close_betting()  # nobody left to bet against: deal on to the showdown

    def _start_play(self) -> None:
        """The first round's community cards, if any, are turned before its betting."""
        self._turn_board(self._tables.play.rounds[0].deal)

    def _turn_board(self, count: int) -> None:
        stock = self._stock
        for _ in range(count):
            card = stock[-1]
            stock = stock[:-1]
            self._board |= 1 << card
            self.record(raw_event(kind="board", player=-1, cards=(card,)))
        self._stock = stock

    def _put(self, seat: int, amount: int, note: str, betting: bool = True) -> None:
        """``seat`` puts ``amount`` chips in the pot (all they have, if fewer); a bet,
        unless ``betting`` is false (an ante)."""
        amount = min(amount, self._chips[seat])
        if not amount:
            return
        self._chips = with_seat(self._chips, seat, self._chips[seat] - amount)
        self._staked = with_seat(self._staked, seat, self._staked[seat] + amount)
        if betting:
            self._round_staked = with_seat(self._round_staked, seat,
                                       self._round_staked[seat] + amount)
        self.record(raw_event(kind="stake", player=seat, amount=amount, note=note))

    # -- legal actions -------------------------------------------------------------

    def _compute_legal(self) -> tuple[Action, ...]:
        if self._stage >= 0:
            return flow.legal(self)
        if self._phase is OVER:
            return ()
        p = self._current
        due = self.to_call(p)
        stay = (FOLD, CALL) if due else (CHECK,)
        if not self.may_raise(p):
            return stay
        if self._tables.limit is _FIXED:
            return (*stay, RAISE if self._bets else BET_ACTION)
        word = _RAISE if self._bets else _BET
        low, high = self.amounts(p)
        return self._tables.offers(stay, word, low, high)

    def may_raise(self, seat: int) -> bool:
        """``seat`` may bet or raise now: the round has room for another bet, another
        player still in has chips to answer it, and ``seat`` has more than a call."""
        cap = self._tables.caps[self._round]
        if 0 <= cap <= self._bets:
            return False
        if self._chips[seat] <= self.to_call(seat):
            return False
        folded, chips = self._folded, self._chips
        for s in range(len(chips)):  # noqa: SIM110 - compiled, no generator
            if s != seat and chips[s] and not folded[s]:
                return True
        return False

    def amounts(self, seat: int) -> tuple[int, int]:
        """Under pot or no limit: the least and the most ``seat`` may bet or raise to,
        as their whole stake in this round after it.  The least is the round's least
        raise (``_least_to``), or all ``seat``'s chips if they have fewer; the most is
        all their chips (pot limit: no more than the pot would hold after their
        call)."""
        limit = self._tables.limit
        return bet_range(limit, top=highest(self._round_staked),
                         mine=self._round_staked[seat], chips=self._chips[seat],
                         least_to=self._least_to,
                         pot=self.pot if limit is _POT else 0)  # read under pot limit alone

    def _rule_refusal(self, action: Action) -> str | None:
        return betting_rules.refusal(self, action)

    # -- moves ---------------------------------------------------------------------

    def _next(self, action: Action) -> BettingState:
        new = self._clone()
        game = cast(GameCore, new._game)  # its attributes read natively when compiled
        p, word = new._current, action.name
        due = new.to_call(p)
        letter = LETTERS[word]
        if word == _FOLD:
            new._folded = with_seat(new._folded, p, 1)
            new.record(raw_event(kind="fold", player=p))
        elif word in (_BET, _RAISE):
            top = highest(new._round_staked)
            if new._tables.limit is _FIXED:
                new._put(p, due + new._tables.play.rounds[new._round].bet, word)
            else:
                amount = action.amount
                new._put(p, amount - new._round_staked[p], word)
                letter += str(amount)
            new._least_to = least_after(new._least_to, stake=new._round_staked[p], top=top)
            new._bets += 1
            new._acted = (0,) * game.players
        elif word == _CALL:
            new._put(p, due, word)
        else:
            new.record(raw_event(kind="check", player=p))
        new._acted = with_seat(new._acted, p, 1)
        new._line += letter
        left = 0
        for folded in new._folded:  # a compiled loop (tuple.count is a method call)
            if not folded:
                left += 1
        if left == 1:
            new._award()
        elif new._round_done():
            new._end_round()
        else:
            new._current = new._next_acting(game.turns.following[p])
        return new

    def _round_done(self) -> bool:
        """Every player still in with chips has acted since the round's last bet and
        matched it."""
        staked, chips, acted, folded = self._round_staked, self._chips, self._acted, \
            self._folded
        top = highest(staked)
        for seat in range(len(staked)):  # a loop: compiled, no generator
            if chips[seat] and not folded[seat] and not (acted[seat] and staked[seat] == top):
                return False
        return True

    def _end_round(self) -> None:
        """The round's bets are matched: the next round opens (its community cards
        turned first), or the hands still in are shown."""
        rounds = self._tables.play.rounds
        if self._round + 1 >= len(rounds):
            self._showdown()
            return
        n = cast(GameCore, self._game).players
        acting = 0
        for seat in range(n):  # a compiled loop, not a generator's sum
            if self._acting(seat):
                acting += 1
        if acting < 2:
            self._close_betting()
            return
        self._round += 1
        self._bets = 0
        self._least_to = rounds[self._round].bet
        self._acted = self._round_staked = (0,) * n
        self._line += "/"
        self._turn_board(rounds[self._round].deal)
        first = rounds[self._round].first
        self._current = self._next_acting(self.opener if first is None else first)

    def _close_betting(self) -> None:
        """Fewer than two players still in have chips to bet: the community cards of
        the rounds left are turned, and the hands shown."""
        rounds = self._tables.play.rounds
        while self._round + 1 < len(rounds):
            self._round += 1
            self._line += "/"
            self._turn_board(rounds[self._round].deal)
        self._bets = self._least_to = 0
        self._acted = self._round_staked = (0,) * self._game.players
        self._showdown()

    def _showdown(self) -> None:
        """Each hand still in is shown; the best hands share the pot."""
        tables = self._tables
        game = cast(GameCore, self._game)  # its attributes read natively when compiled
        strengths: dict[int, Strength] = {}
        for seat in game.turns.round_from(self.opener):
            if self._folded[seat]:
                continue
            strength = strengths[seat] = tables.strength_of(self._hands[seat] | self._board)
            self._shown = with_seat(self._shown, seat, self._hands[seat])
            self.record(raw_event(kind="show", player=seat,
                                  cards=game.pack.cards_of(self._hands[seat]),
                                  note=tables.class_name(strength)))
            self._hands = with_seat(self._hands, seat, 0)
        self._award(strengths)

    def _award(self, strengths: dict[int, Strength] | None = None) -> None:
        """Each pot goes to the best hands of the players with a share in it (with no
        ``strengths``: the one player still in takes them all), tied hands sharing it,
        the odd chips one each to them in turn from the opener; then the deal is over.
        The pots are the main pot and a side pot for each player all in for less
        (:func:`~cardrules.primitives.pot.side_pots`), each split as a match's money pot
        is (:func:`~cardrules.primitives.pot.split_pot`)."""
        game = cast(GameCore, self._game)  # its attributes read natively when compiled
        order = game.turns.round_from(self.opener)
        live = [s for s in order if not self._folded[s]]
        won = list(self._won)
        low = strengths is not None and self._tables.showdown.low
        for size, shares in side_pots(self._staked, live):
            if strengths is not None:
                shown = [strengths[s] for s in shares]
                best = min(shown) if low else max(shown)
                shares = [s for s in shares if strengths[s] == best]
            if len(shares) == 1:  # the common case, without the split's fractions
                won[shares[0]] += size
                continue
            paid, _ = split_pot(pot=size, table=even_shares(len(shares)),
                                totals=dict.fromkeys(shares, 0), lower_is_better=False,
                                remainder=Remainder.ONE_EACH, seat_order=order)
            for seat, amount in paid.items():
                won[seat] += amount
        for seat in order:
            if won[seat] > self._won[seat]:
                gain = won[seat] - self._won[seat]
                self._chips = with_seat(self._chips, seat, self._chips[seat] + gain)
                self.record(raw_event(kind="win", player=seat, amount=gain))
        self._won = tuple(won)
        self._scores = tuple([w - s for w, s in zip(self._won, self._staked)])
        if game.phases:
            self._scores = flow.score(self, self._scores)
        self._phase = OVER
        self.record(raw_event(kind="deal_end"))

    @property
    def result(self) -> DealResult | None:
        """The deal's result once it is over: each player's chips won or lost; the
        players who took a share of the pot win."""
        if self._phase is not OVER:
            return None
        n = self._game.players
        turns = self._game.turns
        opener = self.opener
        finish = tuple(sorted(range(n), key=lambda p: (-self._scores[p],
                                                       turns.place(p, opener))))
        sides = alone(n)
        return DealResult(scores=self._scores, finish=finish, starter=opener,
                          winners=tuple(p for p in range(n) if self._won[p]),
                          partnerships=sides,
                          places=places(self._scores, lower_is_better=False,
                                        partnerships=sides),
                          details={"won": self._won, "staked": self._staked,
                                   "line": self._line},
                          carry=((CHIPS, self._chips),) if self._tables.play.carry_chips
                          else ())

    # -- views ---------------------------------------------------------------------

    def view(self, player: object) -> View:
        return FieldState._view_record(self, player, VIEWS[0])

    # -- written out by cardrules.tools.written_states from the fields above: do not edit

    def _clone(self) -> BettingState:
        """A copy whose events start empty and whose caches start afresh (the
        clone ``derived`` would generate, written out)."""
        cls = type(self)
        new = cls.__new__(cls)
        new._game = self._game
        new._hands = self._hands
        new._stock = self._stock
        new._board = self._board
        new._shown = self._shown
        new._chips = self._chips
        new._staked = self._staked
        new._round_staked = self._round_staked
        new._least_to = self._least_to
        new._won = self._won
        new._folded = self._folded
        new._acted = self._acted
        new._round = self._round
        new._bets = self._bets
        new._line = self._line
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
    def board(self) -> int:
        """The board field (read-only)."""
        return self._board

    @property
    def shown(self) -> tuple[int, ...]:
        """The shown field (read-only)."""
        return self._shown

    @property
    def chips(self) -> tuple[int, ...]:
        """The chips field (read-only)."""
        return self._chips

    @property
    def staked(self) -> tuple[int, ...]:
        """The staked field (read-only)."""
        return self._staked

    @property
    def round_staked(self) -> tuple[int, ...]:
        """The round_staked field (read-only)."""
        return self._round_staked

    @property
    def least_to(self) -> int:
        """The least_to field (read-only)."""
        return self._least_to

    @property
    def won(self) -> tuple[int, ...]:
        """The won field (read-only)."""
        return self._won

    @property
    def folded(self) -> tuple[int, ...]:
        """The folded field (read-only)."""
        return self._folded

    @property
    def acted(self) -> tuple[int, ...]:
        """The acted field (read-only)."""
        return self._acted

    @property
    def round(self) -> int:
        """The round field (read-only)."""
        return self._round

    @property
    def bets(self) -> int:
        """The bets field (read-only)."""
        return self._bets

    @property
    def line(self) -> str:
        """The line field (read-only)."""
        return self._line

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
