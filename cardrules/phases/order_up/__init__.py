"""The ``order_up`` phase: a card turned up after the deal is ordered up or turned down,
another suit may be named, and the maker may go alone (Euchre's making of trumps).

After the deal the top card of the stock is turned up (the *upcard*).  In a first round,
each player in turn from the dealer's left passes (``pass``) or orders it up
(``trump H``, the upcard's suit): its suit becomes trumps, the dealer takes the upcard
into hand and discards a card face down (``discard 9C``; with ``keep_upcard``, not the
card picked up).  If all pass, the upcard is turned down and in a second round each
player in turn passes or names another suit as trumps (``trump S``); with
``stick_the_dealer`` the dealer, last to speak, may not pass (without it, a deal that
everyone passes twice is thrown in through the table's ``throw_in``: nobody scores).
Whoever makes trumps (the *maker*) then says whether to go alone (``alone``: the maker's
partner, opposite, sits the deal out through the table's ``sit_out``) or to play with
the partner (``partner``); with ``lone_defender`` each defender in turn may then go alone
too.  Play then begins as the procedure says.

When the deal ends the makers (the maker and partner) take the scores of ``scores``
by the tricks they took: ``made`` (a majority of the tricks), ``march`` (all of them),
``alone_march`` (all of them, the maker alone), ``euchred`` (fewer than a majority;
``lone_euchred`` against a lone defender); each score a pair, the makers' and the
defenders'.  These replace the procedure's scores.

Refusals quote the rule number of ``references: {order_up: E3-E5}``.

>>> phase = OrderUp()
>>> print(phase.describe(phase.settings({})))  # doctest: +NORMALIZE_WHITESPACE
After the deal the top card of the stock is turned up. In turn from the dealer's left
each player passes or orders it up: its suit becomes trumps, and the dealer takes it and
discards another card face down. If all pass, it is turned down and each player in turn
passes or names another suit as trumps; the dealer may not pass then (stick the dealer).
The maker then goes alone (the partner sits the deal out) or plays with the partner. The
makers score 1 (defenders -1) for a majority of the tricks, 2 (-2) for all of them, 4 (-4)
for all of them alone, and -2 (defenders 2) for fewer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, Final, Protocol

import attrs

from cardrules.actions import Action, Kind
from cardrules.cards import bits
from cardrules.engine.action_space import CardSets as CardSetFamily
from cardrules.engine.action_space import Family, Listed
from cardrules.engine.context import GameRules
from cardrules.engine.events import raw_event
from cardrules.engine.fields import Card, CardSet, CardSets, Count, Flag, Label, Seat, field
from cardrules.engine.native import mypyc_attr
from cardrules.engine.observation import Card as CardField
from cardrules.engine.observation import CardsBySeat, Field, Number, OneOf
from cardrules.engine.observation import Seat as SeatField
from cardrules.engine.procedures import find as find_procedure
from cardrules.engine.table import CountsPoints, NamesTrump, SitsOut, ThrowsIn
from cardrules.engine.turns import DEALERS_LEFT
from cardrules.engine.views import View
from cardrules.model.common import Visibility
from cardrules.model.variant import Variant
from cardrules.phases import Phase, register
from cardrules.phases.order_up.actions import ALONE_ACTION, PARTNER, PASS, TRUMPS, discard
from cardrules.phases.order_up.points import (
    BY_POINTS_SCHEMA,
    COMPLETE_SCHEMA,
    ByPoints,
    Complete,
    describe_taking,
    seat_scores,
)

__all__ = ["OrderUp", "OrderUpFields", "OrderUpSettings", "OrderUpTable", "Outcome"]

# Enum members read in functions, as module constants: compiled, each is a C static
# (on Python 3.11 an enum class's attribute costs a slow lookup: EnumType has a
# __getattr__).
_KIND_TRUMP: Final = Kind.TRUMP
_KIND_VERB: Final = Kind.VERB


BID, DISCARD, ALONE, DEFEND = "bid", "discard", "alone", "defend"
"""The steps of the phase: making trumps, the dealer's discard, the maker going alone,
the defenders going alone."""


@attrs.frozen(kw_only=True)
class Outcome:
    """What the two sides score for one outcome of the deal."""

    makers: int
    """The maker's and partner's score each."""
    defenders: int
    """Each defender's score."""


@attrs.frozen(kw_only=True)
class OrderUpSettings:
    """The phase's section of a rule file."""

    stick_the_dealer: bool = True
    """In the second round the dealer, last to speak, may not pass (false: a deal
    everyone passes twice is thrown in, scored as it stands: nobody scores)."""
    keep_upcard: bool = True
    """The dealer may not discard the upcard just picked up."""
    alone: bool = True
    """The maker may go alone, the partner sitting the deal out."""
    lone_defender: bool = False
    """Then each defender in turn from the dealer's left may go alone too (the first who
    does: that defender's partner sits the deal out)."""
    made: Outcome = Outcome(makers=1, defenders=-1)
    """The makers took a majority of the tricks, not all."""
    march: Outcome = Outcome(makers=2, defenders=-2)
    """The makers took every trick."""
    alone_march: Outcome = Outcome(makers=4, defenders=-4)
    """The maker, alone, took every trick."""
    euchred: Outcome = Outcome(makers=-2, defenders=2)
    """The makers took fewer than a majority of the tricks."""
    lone_euchred: Outcome = Outcome(makers=-4, defenders=4)
    """The makers took fewer than a majority of the tricks against a lone defender."""
    upcard_to_maker: bool = False
    """The maker takes the upcard, in either round, and discards nothing (false: the
    dealer takes it when it is ordered up, and discards)."""
    complete: Complete | None = None
    """The rest of the deal, dealt once trumps are made (None: nothing more is dealt)."""
    by_points: ByPoints | None = None
    """A contract of card points scores the deal, in place of the outcomes by tricks
    (None: by tricks)."""


@attrs.define(slots=False)
class OrderUpFields:
    """The phase's state fields."""

    _upcard: int = field(CardSet(zone="upcard", seen=Visibility.PUBLIC,
                                 allowed=(Visibility.PUBLIC,)))
    """The upcard while it lies face up (until ordered up; turned down, it stays seen)."""
    _turned: int = field(Card(), label="turned card")
    """The card turned up (-1: none yet); once picked up, everyone knows the dealer has it."""
    _discarded: tuple[int, ...] = field(CardSets(zone="discarded", seen=Visibility.OWNER,
                                                 allowed=(Visibility.OWNER,)))
    """The dealer's discard, seen by the dealer only."""
    _passes: int = field(Count())
    """Passes so far (a second round starts after as many as there are players)."""
    _maker: int = field(Seat())
    """Who made trumps (-1: nobody yet)."""
    _alone: bool = field(Flag())
    """The maker goes alone."""
    _defender: int = field(Seat())
    """The defender who goes alone (-1: none)."""
    _making: str = field(Label(choices=("", BID, DISCARD, ALONE, DEFEND)))
    """The step at work ('': none yet, or a position set up for play)."""


class OrderUpTable(NamesTrump, SitsOut, ThrowsIn, CountsPoints, Protocol):
    """The table the phase works at: trumps it names, a seat it sits out, a deal it
    throws in, the points it counts (``by_points``), its own fields."""

    _upcard: int
    _turned: int
    _discarded: tuple[int, ...]
    _passes: int
    _maker: int
    _alone: bool
    _defender: int
    _making: str


def _pair(description: str) -> dict[str, Any]:
    return {"type": "array", "minItems": 2, "maxItems": 2,
            "items": {"type": "integer", "minimum": -1000, "maximum": 1000},
            "description": description + " [makers, defenders]."}


@mypyc_attr(native_class=False)  # a subclass of the interpreted Phase
class OrderUp(Phase[OrderUpTable]):
    """Order the upcard up or turn it down, name another suit, go alone; score the makers."""

    name = "order_up"
    view_from_fields = True  # its fields, and whether it is at work
    hands_out_undealt = True
    names_trump = True
    sits_out = True
    trump_words = ("the suit made before play: the upcard's suit if ordered up, else the "
                   "suit named")
    verbs: ClassVar[Mapping[str, bool]] = {"discard": True, "alone": False, "partner": False}
    fields = OrderUpFields
    zones = ("hand", "stock")
    candidates_all_legal = True  # refusal refuses exactly what candidates leaves out
    schema: ClassVar[Mapping[str, Any]] = {
        "type": "object", "additionalProperties": False,
        "properties": {
            "stick_the_dealer": {"type": "boolean", "description":
                                 "In the second round the dealer may not pass (false: a "
                                 "deal everyone passes twice is thrown in, nobody "
                                 "scoring)."},
            "keep_upcard": {"type": "boolean", "description":
                            "The dealer may not discard the upcard just picked up."},
            "alone": {"type": "boolean", "description":
                      "The maker may go alone, the partner sitting the deal out."},
            "lone_defender": {"type": "boolean", "description":
                              "Then each defender in turn from the dealer's left may go "
                              "alone too, the partner sitting the deal out."},
            "scores": {"type": "object", "additionalProperties": False, "properties": {
                "made": _pair("The makers took a majority of the tricks, not all"),
                "march": _pair("The makers took every trick"),
                "alone_march": _pair("The maker, alone, took every trick"),
                "euchred": _pair("The makers took fewer than a majority"),
                "lone_euchred": _pair("The makers took fewer than a majority against a "
                                      "lone defender")},
                "description": "What each side scores per outcome."},
            "upcard_to": {"enum": ["dealer", "maker"], "description":
                          "dealer: the dealer takes the upcard when it is ordered up, and "
                          "discards (default); maker: the maker takes it in either round "
                          "and discards nothing."},
            "complete": COMPLETE_SCHEMA,
            "by_points": BY_POINTS_SCHEMA}}

    def settings(self, section: Mapping[str, Any]) -> OrderUpSettings:
        scores = section.get("scores") or {}
        outcomes = {key: Outcome(makers=int(pair[0]), defenders=int(pair[1]))
                    for key, pair in scores.items()}
        return OrderUpSettings(stick_the_dealer=bool(section.get("stick_the_dealer", True)),
                               keep_upcard=bool(section.get("keep_upcard", True)),
                               alone=bool(section.get("alone", True)),
                               lone_defender=bool(section.get("lone_defender", False)),
                               upcard_to_maker=section.get("upcard_to") == "maker",
                               complete=Complete.read(section["complete"])
                               if "complete" in section else None,
                               by_points=ByPoints.read(section["by_points"])
                               if "by_points" in section else None,
                               **outcomes)

    def check(self, settings: OrderUpSettings, variant: Variant) -> Iterator[str]:
        procedure = find_procedure(variant.play.procedure)
        needs = ("bidder_names_trump", "sitting_out", "counted_tricks",
                 *(() if settings.stick_the_dealer else ("thrown_in",)))
        for need in needs:
            for lack in procedure.lacks(need, variant):
                yield (f"order_up names trumps, sits a partner out, counts tricks and "
                       f"(without stick_the_dealer) throws a deal in: it needs {lack}")
        if settings.lone_defender and not settings.alone:
            yield "lone_defender lets a defender answer a maker's going alone: it needs alone"
        if (variant.players.min, variant.players.max) != (4, 4):
            yield "order_up is for four players in two partnerships (players: {min: 4, max: 4})"
        if [entry.name for entry in variant.phases].count(self.name) > 1:
            yield "order_up is listed more than once; trumps are made once a deal"
        if settings.by_points is not None:
            for lack in procedure.lacks("deal_points", variant):
                yield f"order_up by_points scores a contract of points: it needs {lack}"
        if settings.complete is not None:
            n = variant.players.min
            left = variant.pack.size - n * variant.deal.hand - 1
            dealt = settings.complete.each * (n - 1) + settings.complete.maker
            taken = 1 if settings.upcard_to_maker else 0
            if dealt != left or variant.deal.hand + settings.complete.each != \
                    variant.deal.hand + settings.complete.maker + taken:
                yield (f"order_up complete deals {dealt} card(s) but the stock holds {left} "
                       f"after the deal and the upcard, and every hand must end the same "
                       f"size (each = maker{' + 1, the upcard' if taken else ''})")

    def describe(self, settings: OrderUpSettings) -> str:
        if settings.upcard_to_maker or settings.complete or settings.by_points:
            return describe_taking(stick_the_dealer=settings.stick_the_dealer,
                                   upcard_to_maker=settings.upcard_to_maker,
                                   complete=settings.complete, alone=settings.alone,
                                   by_points=settings.by_points)
        keep = "another card" if settings.keep_upcard else "a card"
        stick = ("; the dealer may not pass then (stick the dealer)"
                 if settings.stick_the_dealer else
                 "; if all pass again, the deal is thrown in and nobody scores")
        alone = (" The maker then goes alone (the partner sits the deal out) or plays with "
                 "the partner." if settings.alone else "")
        if settings.lone_defender:
            alone += (" Then each defender in turn from the dealer's left may go alone too, "
                      "until one does (that defender's partner sits the deal out).")
        s = settings
        return ("After the deal the top card of the stock is turned up. In turn from the "
                "dealer's left each player passes or orders it up: its suit becomes trumps, "
                f"and the dealer takes it and discards {keep} face down. If all pass, it is "
                "turned down and each player in turn passes or names another suit as "
                f"trumps{stick}.{alone} The makers score {s.made.makers} (defenders "
                f"{s.made.defenders}) for a majority of the tricks, {s.march.makers} "
                f"({s.march.defenders}) for all of them, "
                + (f"{s.alone_march.makers} ({s.alone_march.defenders}) for all of them "
                   "alone, " if settings.alone else "")
                + f"and {s.euchred.makers} (defenders {s.euchred.defenders}) for fewer"
                + (f", {s.lone_euchred.makers} ({s.lone_euchred.defenders}) against a lone "
                   "defender." if settings.lone_defender else "."))

    def enter(self, state: OrderUpTable, settings: OrderUpSettings) -> None:
        state._turned = state.turn_up("stock", "upcard")  # recorded for all to see
        state._making = BID
        state.turn_to(DEALERS_LEFT.first(state.seating()))

    def inconsistency(self, state: OrderUpTable, settings: OrderUpSettings) -> str | None:
        """The making at work: nobody has made trumps while they are bid for; after that
        a maker, the dealer to discard, the maker to say whether to go alone, and only a
        defender (with ``lone_defender``) asked to go alone against them."""
        step, p, maker = state._making, state.to_act, state._maker
        if step == BID:
            return "a maker while trumps are still bid for" if maker >= 0 else None
        if maker < 0:
            return f"the step {step!r} of the making needs a maker"
        if step == DISCARD and p != state.dealer:
            return f"player {p} is to discard, not the dealer (player {state.dealer})"
        if step == ALONE and p != maker:
            return f"player {p} is asked to go alone, not the maker (player {maker})"
        if step == DEFEND and (not settings.lone_defender or (p - maker) % 2 == 0):
            return f"player {p} is asked to go alone as a defender against player {maker}"
        return None

    def candidates(self, state: OrderUpTable, settings: OrderUpSettings) -> list[Action]:
        step, p = state._making, state.to_act
        if step == DISCARD:
            hand = state.hand(p) & ~(1 << state._turned if settings.keep_upcard else 0)
            return [discard(c) for c in bits(hand)]
        if step in (ALONE, DEFEND):
            return [ALONE_ACTION, PARTNER]
        suits = state.game.pack.suits
        up = state.game.pack.suit(state._turned)
        n = state.game.players
        if state._passes < n:
            return [PASS, TRUMPS[suits[up]]]
        last = settings.stick_the_dealer and state._passes == 2 * n - 1
        return [*([] if last else [PASS]), *(TRUMPS[s] for i, s in enumerate(suits) if i != up)]

    def refusal(self, state: OrderUpTable, settings: OrderUpSettings,
                action: Action) -> str | None:
        if action in self.candidates(state, settings):
            return None
        step, p = state._making, state.to_act
        if step == DISCARD:
            reason = (f"the dealer, player {p}, discards a card from their hand"
                      + (", not the card picked up" if settings.keep_upcard else "")
                      + " ('discard 9C')")
        elif step == ALONE:
            reason = f"the maker, player {p}, goes 'alone' or plays with their 'partner'"
        elif step == DEFEND:
            reason = f"the defender, player {p}, goes 'alone' or plays with their 'partner'"
        elif state._passes < state.game.players:
            reason = (f"player {p} passes or orders the upcard up ('trump "
                      f"{state.game.pack.suits[state.game.pack.suit(state._turned)]}')")
        elif action == PASS:
            reason = "the dealer may not pass in the second round: name a suit (stick the dealer)"
        else:
            reason = (f"player {p} passes or names a suit other than the upcard's "
                      f"('trump S')")
        ref: str = state.game.rule_ref(self.name)
        return reason + ref

    def apply(self, state: OrderUpTable, settings: OrderUpSettings, action: Action) -> bool:
        p, n, pack = state.to_act, state.game.players, state.game.pack
        if state._making == DISCARD:
            card = action.cards[0]
            state.move(1 << card, "hand", "discarded", source_seat=p, target_seat=p)
            state.record(raw_event(kind="discard", player=p, cards=(card,), private=True))
            return self._made(state, settings)
        if state._making in (ALONE, DEFEND):
            alone = action is ALONE_ACTION or action == ALONE_ACTION
            state.record(raw_event(kind=action.name, player=p))
            if alone:
                state.sit_out(_partner(p, n))
            if state._making == ALONE:
                state._alone = alone
            elif alone:
                state._defender = p
            return self._defended(state, settings, p, alone)
        if action is PASS or action == PASS:  # the legal actions are these objects
            state._passes += 1
            state.record(raw_event(kind="pass", player=p))
            if state._passes == 2 * n:  # everyone passed twice (no stick the dealer)
                state.throw_in()
                return True
            state.turn_to(DEALERS_LEFT.after(p, n))
            return False
        state._maker = p
        state.name_trump(pack.suits.index(action.name))
        state.record(raw_event(kind="trump", player=p, note=action.name))
        if settings.upcard_to_maker:  # the maker takes the upcard, whatever the round
            state.take(p, state._upcard, "upcard")
            return self._made(state, settings)
        if state._passes < n:  # ordered up: the dealer picks the upcard up and discards
            state.take(state.dealer, state._upcard, "upcard")
            state._making = DISCARD
            state.turn_to(state.dealer)
            return False
        return self._made(state, settings)

    def _made(self, state: OrderUpTable, settings: OrderUpSettings) -> bool:
        """Trumps are made: the rest of the deal is dealt (``complete``), then the maker
        says whether to go alone, if allowed."""
        if settings.complete is not None:
            for seat in DEALERS_LEFT.seats(state.seating()):
                count = settings.complete.maker if seat == state._maker \
                    else settings.complete.each
                state.deal_cards(seat, count)
        if not settings.alone:
            return True
        state._making = ALONE
        state.turn_to(state._maker)
        return False

    def _defended(self, state: OrderUpTable, settings: OrderUpSettings, p: int,
                  alone: bool) -> bool:
        """After ``p`` said whether to go alone: the next defender is asked, if any."""
        if not settings.lone_defender or (alone and state._making == DEFEND):
            return True
        maker = state._maker
        defenders = [seat for seat in DEALERS_LEFT.seats(state.seating()) if (seat - maker) % 2]
        later = defenders if state._making == ALONE else defenders[defenders.index(p) + 1:]
        if not later:
            return True
        state._making = DEFEND
        state.turn_to(later[0])
        return False

    def score(self, state: OrderUpTable, settings: OrderUpSettings,
              scores: tuple[int, ...]) -> tuple[int, ...]:
        maker = state._maker
        if maker < 0:
            return scores
        tricks: tuple[int, ...] = state.offered("tricks")
        n = len(tricks)
        partner = (maker + n // 2) % n
        if settings.by_points is not None:
            return seat_scores(settings.by_points, maker=maker, tricks=tricks,
                               points=state.deal_points(), kept=state.kept_points(),
                               declared=state.declared_points())
        taken = tricks[maker] + tricks[partner]
        outcome = settings.lone_euchred if state._defender >= 0 else settings.euchred
        if taken == sum(tricks):
            outcome = settings.alone_march if state._alone else settings.march
        elif 2 * taken > sum(tricks):
            outcome = settings.made
        return tuple(outcome.makers if p in (maker, partner) else outcome.defenders
                     for p in range(n))

    def replaces_scores(self, settings: OrderUpSettings) -> bool:
        return True

    def view(self, state: OrderUpTable, settings: OrderUpSettings,
             player: int) -> dict[str, Any]:
        pack, n = state.game.pack, state.game.players
        mine = next(i for i, (phase, _) in enumerate(state.game.phases) if phase is self)
        alone = [seat for seat, going in ((state._maker, state._alone),
                                          (state._defender, state._defender >= 0))
                 if going and seat >= 0]
        return {
            "upcard": pack.name(state._turned) if state._turned >= 0 else None,
            "maker": state._maker if state._maker >= 0 else None,
            "alone": state._alone,
            "lone_defender": state._defender if state._defender >= 0 else None,
            "discarded": [list(pack.names(bits(m))) if p == player else m.bit_count()
                          for p, m in enumerate(state._discarded)],
            "making": state._making if state.stage == mine else "",
            "sitting_out": sorted(_partner(p, n) for p in alone),
            **({"bidding_round": 0 if state._maker >= 0 or state.stage != mine
                else 1 + state._passes // n} if settings.upcard_to_maker else {}),
        }

    def view_entries(self, game: GameRules, settings: OrderUpSettings) -> tuple[str, ...]:
        return ("upcard", "maker", "alone", "lone_defender", "discarded", "making",
                "sitting_out", *(("bidding_round",) if settings.upcard_to_maker else ()))

    def families(self, game: GameRules, settings: OrderUpSettings) -> tuple[Family, ...]:
        # ``pass`` is the procedure's own action (every tricks game lists it)
        return (Listed(actions=(*(TRUMPS[s] for s in game.pack.suits), ALONE_ACTION,
                                PARTNER)),
                CardSetFamily(kind=_KIND_VERB, name="discard", sizes=(1,)))

    def observation_fields(self, game: GameRules, settings: OrderUpSettings,
                           ) -> tuple[Field, ...]:
        return (CardField(key="upcard"), SeatField(key="maker"), Number(key="alone"),
                SeatField(key="lone_defender"), CardsBySeat(key="discarded"),
                OneOf(key="making", values=("", BID, DISCARD, ALONE, DEFEND)),
                *((Number(key="bidding_round"),) if settings.upcard_to_maker else ()))

    def action_bound(self, settings: OrderUpSettings, variant: Variant) -> int:
        return max(variant.deal.hand + 1, len(variant.pack.suits) + 1)

    def move_scorer(self, view: View, settings: OrderUpSettings, legal: Sequence[Action],
                    ) -> Callable[[Action], float]:
        """Make trumps in a suit of three cards or more; discard the lowest card; never go
        alone."""
        return _scorer(view)


def _scorer(view: View) -> Callable[[Action], float]:
    """:meth:`OrderUp.move_scorer`'s scorer (a closure made outside the class, which the
    compiled build keeps an ordinary class)."""
    facts = view.card_facts
    mine = view.hands[view.player]
    held = [facts.parse(str(c)) for c in mine] if isinstance(mine, list) else []

    def score(action: Action) -> float:
        if action.kind is _KIND_TRUMP:
            return sum(1.0 for _, suit in held if suit == action.name) - 2.5
        if action.kind is _KIND_VERB and action.name == "discard":
            return -float(sum(facts.rank(c) + facts.value(c) for c in action.cards))
        return -1.0 if action == ALONE_ACTION else 0.0

    return score


register(OrderUp())


def _partner(seat: int, players: int) -> int:
    """The partner of ``seat``, sitting opposite: who sits out when ``seat`` goes alone."""
    return (seat + players // 2) % players
