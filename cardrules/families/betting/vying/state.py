"""The vying procedure: antes, three cards each, one sequence of stakes in turn from the
dealer's left (each at least the previous player's, half as much for a blind player),
until all but one fold or one of the last two pays to see the other.

>>> import cardrules
>>> game = cardrules.load("three-card-brag", players=2)
>>> state = game.setup(hands=["3S 3H 3D", "AS KS QS"], line="look,stake 4,look")
>>> [state.describe(a) for a in state.legal_actions()][:4]
['fold', 'see', 'stake 4', 'stake 6']
>>> state = state.apply("see")
>>> state.is_over, state.result.scores, state.view(0).shown
(True, (5, -5), [['3D', '3H', '3S'], ['AS', 'KS', 'QS']])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

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
    Numbers,
    Seat,
    Stage,
    field,
    reset,
)
from cardrules.engine.native import mypyc_attr
from cardrules.engine.standings import alone, places
from cardrules.engine.state import POT_KEY, DealContext, DealResult, FieldState, GameContext
from cardrules.engine.table import with_seat
from cardrules.families.betting.model import BET, OVER, Step
from cardrules.families.betting.vying import rules as vying_rules
from cardrules.families.betting.vying.tables import (
    DROP,
    FOLD,
    KEEP,
    KEEP_HAND,
    LOOK,
    LOOK_AT,
    SEE,
    VyingTables,
)
from cardrules.model.common import Visibility

if TYPE_CHECKING:
    from cardrules.engine.views import View

__all__ = ["CHIPS", "KEPT", "POT_CARRIED", "VyingState"]

CHIPS = "chips"
"""The deal result's carried fact holding each player's chips at its end, for the next
deal of a match under ``play.carry_chips``."""
KEPT = "kept"
"""The deal result's carried fact holding, per player, the blind hand they keep into the
next deal (a bit set of cards, 0 for none)."""
POT_CARRIED = POT_KEY
"""The deal result's carried fact holding the chips left in the pot for the next deal."""

VIEWS: Final[list[Callable[[VyingState, int], dict[str, Any]]]] = []
"""The procedure's view function, put here by :mod:`cardrules.families.betting.vying.view`
when it is imported (the procedure imports it).  That module reads this one's class, so a
compiled view reads the state's fields directly; this module therefore does not import
it."""


@mypyc_attr(allow_interpreted_subclasses=True)  # the listed phases' fields: flow.compose
@attr.s(auto_attribs=True, slots=True, eq=False, repr=False)
class VyingState(FieldState):
    """A deal of the vying family.  Each hand is hidden from its owner too while the
    owner plays blind (has not looked), and from the others until a see shows it; every
    stake is public.  A blind hand kept from the last deal (``play.blind_alone: carry``)
    is hidden from everyone until its owner looks at it.

    The class is on the compiled hot path: ``attr.s`` (a native class when compiled by
    mypyc) with its clone and read-only properties written out at the end
    (:mod:`cardrules.tools.written_states`)."""

    # GameContext is imported to run: a compiled build (mypyc) evaluates the annotations.
    _game: GameContext = attrs.field(default=None)
    _hands: tuple[int, ...] = field(CardSets(zone="hand", allowed=(Visibility.OWNER,
                                                                    Visibility.PUBLIC)))
    """Each player's cards, as a bit set (emptied into ``shown`` when seen)."""
    _stock: tuple[int, ...] = field(CardList(zone="stock", seen=Visibility.HIDDEN,
                                             allowed=(Visibility.HIDDEN,)))
    """The undealt cards, dealt from the end."""
    _shown: tuple[int, ...] = field(CardSets(zone="shown", seen=Visibility.PUBLIC,
                                             allowed=(Visibility.PUBLIC,)))
    """The two hands shown when one player saw the other."""
    _kept: tuple[int, ...] = field(CardSets(zone="kept", seen=Visibility.HIDDEN,
                                            allowed=(Visibility.HIDDEN,)))
    """Per player, the blind hand kept from the last deal beside this deal's (their hand
    2), unseen by everyone until its owner looks at it."""
    _mucked: int = field(CardSet(zone="mucked", seen=Visibility.HIDDEN,
                                 allowed=(Visibility.HIDDEN,)))
    """The hands discarded by a player who held two, never shown."""
    _chips: tuple[int, ...] = field(Numbers(minimum=0))
    """Each player's chips not in the pot."""
    _carried: int = field(Count())
    """The chips carried in the pot from earlier deals."""
    _choosing: int = field(Count())
    """1 while the player to act must at once keep one of their two hands: the one they
    have just looked at, or (still blind) either of them unseen."""
    _staked: tuple[int, ...] = field(Numbers(minimum=0))
    """Each player's chips put in the pot this deal."""
    _won: tuple[int, ...] = field(Numbers(minimum=0))
    """Each player's share of the pot, once the deal is over."""
    _folded: tuple[int, ...] = field(Numbers(minimum=0))
    """Per player, 1 once they have folded."""
    _blind: tuple[int, ...] = field(Numbers(minimum=0))
    """Per player, 1 while they play blind (have not looked at their cards)."""
    _stake: int = field(Count())
    """The current stake, in an open player's terms: the last stake made (a blind
    player's counts double); 0 before the first."""
    _seer: int = field(Seat())
    """The player who paid to see (-1: nobody)."""
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
    def new(cls, game: GameContext, context: DealContext) -> VyingState:
        """A freshly shuffled deal: antes in the pot, hands dealt."""
        n, play = game.players, game.tables.play
        chips = tuple(context.get(CHIPS, ())) if play.carry_chips else ()
        kept: tuple[int, ...] = (0,) * n
        carried = 0
        if play.carries_pot:
            kept = tuple(context.get(KEPT, kept))
            carried = int(context.get(POT_CARRIED, 0))
        held = 0
        for mask in kept:
            held |= mask
        stock = tuple(c for c in context.stock(game.pack) if not (held >> c) & 1)
        state = cls.fresh(game, stock=stock, dealer=context.dealer,
                          deal_number=context.index, chips=chips or None, kept=kept,
                          carried=carried)
        state._start(context.seed)
        return state

    @classmethod
    def fresh(cls, game: GameContext, *, stock: tuple[int, ...], dealer: int,
              deal_number: int = 0, chips: tuple[int, ...] | None = None,
              kept: tuple[int, ...] | None = None, carried: int = 0) -> VyingState:
        """A deal before its cards are dealt: every player's chips in hand (``chips``,
        where they carry from the last deal), the blind hands ``kept`` from it and the
        chips ``carried`` in the pot."""
        n = game.players
        tables: VyingTables = game.tables
        blind = 1 if tables.play.blind else 0
        state = cls._blank(game)  # then its own fields, set natively
        zeros = (0,) * n
        state._hands = state._shown = state._staked = state._won = state._folded = \
            state._scores = zeros
        state._kept = kept or zeros
        state._chips = chips or (tables.play.chips,) * n
        state._mucked, state._carried, state._choosing = 0, carried, 0
        state._blind, state._phase, state._stock = (blind,) * n, BET, stock
        state._dealer, state._current, state._seer = dealer, 0, -1
        state._deal_number, state._events = deal_number, ()
        return state

    @property
    def _tables(self) -> VyingTables:
        tables: VyingTables = self._game.tables
        return tables

    @property
    def events(self) -> tuple[Event, ...]:
        """What the last action made happen (kept compactly, made records when read)."""
        return records(self._events)

    @property
    def opener(self) -> int:
        """The player on the dealer's left, who stakes first."""
        return self._game.turns.first_after(self._dealer)

    @property
    def pot(self) -> int:
        """The chips in the pot."""
        return self._carried + sum(self._staked) - sum(self._won)

    def live(self) -> tuple[int, ...]:
        """The players still in, by seat."""
        return tuple(s for s in range(self._game.players) if not self._folded[s])

    def least_stake(self, seat: int) -> int:
        """The least ``seat`` may stake now, in their own terms: the current stake (at
        least the agreed minimum), halved when blind."""
        play = self._tables.play
        return play.cost(max(self._stake, play.least), blind=bool(self._blind[seat]))

    def see_cost(self, seat: int) -> int:
        """What ``seat`` pays to see: ``see`` times the current stake in their terms."""
        play = self._tables.play
        return play.see * play.cost(self._stake, blind=bool(self._blind[seat]))

    def may_see(self, seat: int) -> str | None:
        """Why ``seat`` may not pay to see now (None: they may)."""
        live = self.live()
        if len(live) != 2:
            return f"{len(live)} players are still in: a player may see only when two are"
        if not self._stake:
            return "nobody has staked yet: there is no stake to see"
        other = live[0] if live[1] == seat else live[1]
        if self._blind[other] and not self._blind[seat] \
                and not self._tables.play.open_sees_blind:
            return f"player {other} plays blind: an open player may not see a blind one; " \
                   "stake or fold"
        cost = self.see_cost(seat)
        if cost > self._chips[seat]:
            return f"seeing costs {cost} chips; player {seat} has {self._chips[seat]}"
        return None

    def sees_hand(self, viewer: int, seat: int) -> bool:
        """Whether ``viewer`` sees ``seat``'s hand now: as the zone says, less a blind
        player's own."""
        if viewer == seat and self._blind[seat]:
            return False
        return self._tables.hand_seen[viewer][seat]

    def hidden_cards(self, player: int) -> int:
        """The cards ``player`` may not see: as the zones say, and their own hand while
        they play blind."""
        hidden = super().hidden_cards(player)
        return hidden | self._hands[player] if self._blind[player] else hidden

    # -- dealing -------------------------------------------------------------------

    def _deal_cards(self) -> None:
        """Post the antes and deal the hands one card at a time from the dealer's left
        (changes a fresh state).  A player with fewer chips than the ante sits the deal
        out; when fewer than two can ante, the deal is not played."""
        n, stock, ante = self._game.players, list(self._stock), self._tables.play.ante
        self._folded = tuple(int(c < ante) for c in self._chips)
        seats = [s for s in self._game.turns.round_from(self.opener) if not self._folded[s]]
        if len(seats) < 2:
            self._phase = OVER
            self.record(raw_event(kind="deal_end"))
            return
        for seat in seats:
            self._put(seat, ante, "ante")
        hands = [0] * n
        for _ in range(self._tables.hand):
            for seat in seats:
                hands[seat] |= 1 << stock.pop()
        self._hands, self._stock = tuple(hands), tuple(stock)
        self._current = seats[0]
        self.record(raw_event(kind="deal", player=self._dealer))

    def _start_play(self) -> None:
        """Nothing happens between the deal and the first stake."""

    def _put(self, seat: int, amount: int, note: str) -> None:
        if not amount:
            return
        self._chips = with_seat(self._chips, seat, self._chips[seat] - amount)
        self._staked = with_seat(self._staked, seat, self._staked[seat] + amount)
        self.record(raw_event(kind="stake", player=seat, amount=amount, note=note))

    # -- legal actions -------------------------------------------------------------

    def _compute_legal(self) -> tuple[Action, ...]:
        if self._stage >= 0:
            return flow.legal(self)
        if self._phase is OVER:
            return ()
        p, tables = self._current, self._tables
        if self._choosing:
            return KEEP_HAND if self._blind[p] else (KEEP, DROP)
        out = [FOLD]
        if self._blind[p]:
            out.extend(LOOK_AT if self._kept[p] else (LOOK,))
        if self.may_see(p) is None:
            out.append(SEE)
        least, chips = self.least_stake(p), self._chips[p]
        for own, stake in tables.open_costs[1 if self._blind[p] else 0]:
            if least <= own <= chips:
                out.append(stake)
        return tuple(out)

    def _rule_refusal(self, action: Action) -> str | None:
        return vying_rules.refusal(self, action)

    # -- moves ---------------------------------------------------------------------

    def _next(self, action: Action) -> VyingState:
        new = self._clone()
        p, word = new._current, action.name
        if word == FOLD.name:
            new._folded = with_seat(new._folded, p, 1)
            new.record(raw_event(kind="fold", player=p))
            live = new.live()
            if len(live) == 1:
                new._alone(live[0])
                return new
        elif word == LOOK.name:
            if action.amount == 2:  # the kept hand becomes the one looked at
                new._hands, new._kept = (with_seat(new._hands, p, new._kept[p]),
                                         with_seat(new._kept, p, new._hands[p]))
            new._blind = with_seat(new._blind, p, 0)
            new._choosing = int(bool(new._kept[p]))
            new.record(raw_event(kind="look", player=p,
                                 note=f"hand {action.amount}" if action.amount else ""))
            return new
        elif word in (KEEP.name, DROP.name):
            new._keep_one(p, first=word == KEEP.name and action.amount != 2)
            if word == DROP.name:
                new._blind = with_seat(new._blind, p, 1)
            new.record(raw_event(kind=word, player=p,
                                 note=f"hand {action.amount}" if action.amount else ""))
            if len(new.live()) == 1:
                new._carry(p)
            elif new._seer >= 0:
                new._show()
            return new
        elif word == SEE.name:
            new._see(p)
            return new
        else:
            new._put(p, action.amount, "stake")
            new._stake = action.amount * 2 if new._blind[p] else action.amount
        new._current = next(s for s in new._game.turns.round_from(
            new._game.turns.following[p]) if not new._folded[s])
        return new

    def _keep_one(self, seat: int, *, first: bool) -> None:
        """``seat`` keeps hand 1 (``first``) or hand 2 of their two, discarding the
        other unseen by the others."""
        hand, kept = self._hands[seat], self._kept[seat]
        self._mucked |= kept if first else hand
        self._hands = with_seat(self._hands, seat, hand if first else kept)
        self._kept = with_seat(self._kept, seat, 0)
        self._choosing = 0

    def _alone(self, seat: int) -> None:
        """All but ``seat`` have folded: they take the pot, or, playing blind where a
        blind player's pot is carried and two players could ante again, the pot and their
        hand (one of two, their choice) are carried into the next deal."""
        play, ante = self._tables.play, self._tables.play.ante
        if not (play.carries_pot and self._blind[seat] and self._chips[seat] >= ante
                and any(c >= ante for s, c in enumerate(self._chips) if s != seat)):
            self._award(seat)
        elif self._kept[seat]:
            self._choosing, self._current = 1, seat
        else:
            self._carry(seat)

    def _carry(self, seat: int) -> None:
        """The pot and ``seat``'s blind hand are carried into the next deal; the deal is
        over with nobody taking the pot."""
        self.record(raw_event(kind="carry", player=seat, amount=self.pot))
        self._end()

    def _see(self, seer: int) -> None:
        """``seer`` pays to see the other player still in; a player holding two blind
        hands first keeps one of them, unseen."""
        self._put(seer, self.see_cost(seer), "see")
        self._seer = seer
        self.record(raw_event(kind="see", player=seer))
        two = [s for s in self.live() if self._kept[s]]
        if two:
            self._choosing, self._current = 1, two[0]
        else:
            self._show()

    def _show(self) -> None:
        """Both hands are shown, the seen player's first; the better hand takes the pot,
        the seen player's on a tie."""
        seer = self._seer
        seen = next(s for s in self.live() if s != seer)
        tables, pack = self._tables, self._game.pack
        strengths = {}
        for seat in (seen, seer):
            strengths[seat] = tables.strength(pack.cards_of(self._hands[seat]))
            self._shown = with_seat(self._shown, seat, self._hands[seat])
            self.record(raw_event(kind="show", player=seat,
                                  cards=pack.cards_of(self._hands[seat]),
                                  note=tables.class_name(strengths[seat])))
            self._hands = with_seat(self._hands, seat, 0)
        self._award(seer if strengths[seer] > strengths[seen] else seen)

    def _award(self, winner: int) -> None:
        """``winner`` takes the whole pot; the deal is over."""
        pot = self.pot
        self._won = with_seat(self._won, winner, self._won[winner] + pot)
        self._chips = with_seat(self._chips, winner, self._chips[winner] + pot)
        self.record(raw_event(kind="win", player=winner, amount=pot))
        self._end()

    def _end(self) -> None:
        """The deal is over: each player's result is the chips won less the chips put in
        (a pot carried into the next deal is nobody's yet)."""
        self._scores = tuple(w - s for w, s in zip(self._won, self._staked))
        if self._game.phases:
            self._scores = flow.score(self, self._scores)
        self._phase = OVER
        self.record(raw_event(kind="deal_end"))

    @property
    def result(self) -> DealResult | None:
        """The deal's result once it is over: each player's chips won or lost; the player
        who took the pot wins."""
        if self._phase is not OVER:
            return None
        n, turns, opener = self._game.players, self._game.turns, self.opener
        finish = tuple(sorted(range(n), key=lambda p: (-self._scores[p],
                                                       turns.place(p, opener))))
        sides = alone(n)
        return DealResult(scores=self._scores, finish=finish, starter=opener,
                          winners=tuple(p for p in range(n) if self._won[p]),
                          partnerships=sides,
                          places=places(self._scores, lower_is_better=False,
                                        partnerships=sides),
                          details={"won": self._won, "staked": self._staked,
                                   "seer": self._seer},
                          carry=self._carried_facts())

    def _carried_facts(self) -> tuple[tuple[str, object], ...]:
        """What the next deal of a match takes from this one: the chips (under
        ``play.carry_chips``), and the pot and blind hand left to a blind player."""
        play = self._tables.play
        if not play.carry_chips:
            return ()
        facts: tuple[tuple[str, object], ...] = ((CHIPS, self._chips),)
        if play.carries_pot:
            pot = self.pot
            kept = tuple(h if pot and not f else 0 for h, f in zip(self._hands,
                                                                  self._folded))
            facts += ((POT_CARRIED, pot), (KEPT, kept))
        return facts

    # -- views ---------------------------------------------------------------------

    def view(self, player: object) -> View:
        return FieldState._view_record(self, player, VIEWS[0])

    # -- written out by cardrules.tools.written_states from the fields above: do not edit

    def _clone(self) -> VyingState:
        """A copy whose events start empty and whose caches start afresh (the
        clone ``derived`` would generate, written out)."""
        cls = type(self)
        new = cls.__new__(cls)
        new._game = self._game
        new._hands = self._hands
        new._stock = self._stock
        new._shown = self._shown
        new._kept = self._kept
        new._mucked = self._mucked
        new._chips = self._chips
        new._carried = self._carried
        new._choosing = self._choosing
        new._staked = self._staked
        new._won = self._won
        new._folded = self._folded
        new._blind = self._blind
        new._stake = self._stake
        new._seer = self._seer
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
    def shown(self) -> tuple[int, ...]:
        """The shown field (read-only)."""
        return self._shown

    @property
    def kept(self) -> tuple[int, ...]:
        """The kept field (read-only)."""
        return self._kept

    @property
    def mucked(self) -> int:
        """The mucked field (read-only)."""
        return self._mucked

    @property
    def chips(self) -> tuple[int, ...]:
        """The chips field (read-only)."""
        return self._chips

    @property
    def carried(self) -> int:
        """The carried field (read-only)."""
        return self._carried

    @property
    def choosing(self) -> int:
        """The choosing field (read-only)."""
        return self._choosing

    @property
    def staked(self) -> tuple[int, ...]:
        """The staked field (read-only)."""
        return self._staked

    @property
    def won(self) -> tuple[int, ...]:
        """The won field (read-only)."""
        return self._won

    @property
    def folded(self) -> tuple[int, ...]:
        """The folded field (read-only)."""
        return self._folded

    @property
    def blind(self) -> tuple[int, ...]:
        """The blind field (read-only)."""
        return self._blind

    @property
    def stake(self) -> int:
        """The stake field (read-only)."""
        return self._stake

    @property
    def seer(self) -> int:
        """The seer field (read-only)."""
        return self._seer

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
