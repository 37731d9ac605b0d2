"""The ``auction`` phase: players in turn pass or bid points higher than the last bid;
the last bidder is the declarer and the last bid the contract.

After the deal each player in turn (``order``, from the dealer's left by default) passes
(``pass``) or bids a number of points higher than the current bid (``bid 105``): the
first bid is at least ``opening``, every bid is ``opening`` plus a multiple of ``step``,
and none is above ``max``.  With ``forced_opening`` the first to speak may not pass (the
opening bid is then made in every deal).  A player who passed may not bid again.  The
auction ends when all but one have passed after a bid: the last bidder is the
*declarer* and the last bid the *contract*, both kept in the state and shown to
everyone (views' ``declarer`` and ``contract``, with the seats that passed in
``auction_passed``).  With ``needs`` a bid above a threshold is legal only while the
bidder holds a combination of cards (:mod:`.holding`: a marriage above 120, say).  A deal
in which everyone passes is thrown in through the table's
``throw_in`` (the tricks procedure offers ``thrown_in``): nobody scores (the phase's
:meth:`Auction.score` makes every score 0).  With ``declarer_leads`` the declarer
leads to the first trick (the table's ``lead_first``: the procedure offers
``named_first_leader``).  Without ``contract`` the phase does not score the contract: the
declarer's tricks and card points are scored by the procedure as the file says; with it
the phase scores the deal on the deal points the procedure counts (:mod:`.contract`; the
procedure offers ``deal_points``).  The declarer may raise the contract later in the deal
through the ``raise`` phase (below).

Refusals quote the rule number of ``references: {auction: ...}`` (a bid refused by
``needs``: of ``references: {needs: ...}``, if given; a turn of pairs bidding: of
``references: {in_pairs: ...}``, if given).  With ``ladder`` the bids are the values it
lists; with ``in_pairs`` the players bid in pairs, a bid answered by ``hold`` or ``pass``
(:mod:`.pairs`).

>>> phase = Auction()
>>> import textwrap
>>> print(textwrap.fill(phase.describe(phase.settings({"forced_opening": True})), 88))
After the deal each player in turn from the dealer's left passes or bids a number of
points higher than the current bid: the first bid at least 100, every bid 100 plus a
multiple of 5, none above 300; the first to speak may not pass. A player who passed may
not bid again. The auction ends when all but one have passed: the last bidder is the
declarer and the last bid the contract.

The ``raise`` phase, in this module too: later in the deal (after taking a widow, say) the auction's
declarer may raise the contract, or keep it.

Listed after an ``auction``, it asks the declarer once: ``pass`` keeps the contract,
``raise 130`` raises it to any bid the auction itself would allow above the contract
(its ``step`` and ``max``, and its ``needs``: a contract above 120 still needs a marriage
in hand, say).  The contract is the auction's (the views' ``contract`` shows the raised
one), and the auction scores it when the deal ends.  A deal thrown in (everyone passed)
skips the phase.  Refusals quote the rule number of ``references: {raise: ...}`` (a
raise refused by the auction's ``needs``: of ``references: {needs: ...}``, if given).

>>> phase = Raise()
>>> phase.describe(phase.settings({}))[:72]
'The declarer may then raise the contract to any higher bid the auction a'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import cache
from typing import Any, ClassVar, Final, Protocol

import attrs

from cardrules.actions import Action, Kind
from cardrules.engine.action_space import Family, Listed
from cardrules.engine.context import GameRules
from cardrules.engine.events import raw_event
from cardrules.engine.fields import Count, Numbers, Seat, field
from cardrules.engine.native import mypyc_attr
from cardrules.engine.observation import Field, Number, SeatsIn
from cardrules.engine.observation import Seat as SeatField
from cardrules.engine.procedures import find as find_procedure
from cardrules.engine.table import CountsPoints, LeadsFirst, ThrowsIn, with_seat
from cardrules.engine.turns import DEALERS_LEFT, ORDER_SCHEMA, TurnOrder, read_order
from cardrules.engine.views import View
from cardrules.model.variant import Variant
from cardrules.phases import Phase, find, register
from cardrules.phases.auction import pairs
from cardrules.phases.auction.contract import CONTRACT_SCHEMA, ContractScoring, deal_scores
from cardrules.phases.auction.holding import NEEDS_SCHEMA, Needs
from cardrules.phases.auction.pairs import HOLD, IN_PAIRS_SCHEMA, LADDER_SCHEMA, ladder_problems

__all__ = ["Auction", "AuctionFields", "AuctionSettings", "AuctionTable", "Raise"]

# Enum members read in functions, as module constants: compiled, each is a C static
# (on Python 3.11 an enum class's attribute costs a slow lookup: EnumType has a
# __getattr__).
_KIND_PASS: Final = Kind.PASS
_KIND_VERB: Final = Kind.VERB


PASS = Action(kind=Kind.PASS, label="pass")
"""Pass (the procedure's own ``pass`` action)."""


@attrs.frozen(kw_only=True)
class AuctionSettings:
    """The phase's section of a rule file."""

    opening: int = 100
    """The lowest first bid."""
    step: int = 5
    """Every bid is the opening plus a multiple of this."""
    max: int = 300
    """No bid is higher."""
    forced_opening: bool = False
    """The first to speak may not pass (else a deal everyone passes is thrown in)."""
    pass_final: bool = True
    """A player who passed may not bid again (false: they may, when their turn comes
    round, and the auction ends when all but the last bidder have passed since the last
    bid)."""
    max_ends: bool = False
    """A bid of ``max`` ends the auction at once (false: the others still pass)."""
    declarer_leads: bool = False
    """The declarer leads to the first trick."""
    order: TurnOrder = DEALERS_LEFT
    """Who speaks first, and which way the auction goes."""
    needs: Needs | None = None
    """A bid above a threshold needs a combination in hand (None: no such rule)."""
    contract: ContractScoring | None = None
    """The phase scores the contract (None: the procedure scores the deal)."""
    ladder: tuple[int, ...] = ()
    """The bids allowed, lowest first, in place of ``opening`` plus multiples of ``step``
    (empty: no ladder; with one, ``opening`` and ``max`` are its ends)."""
    in_pairs: bool = False
    """Bidding in pairs (:mod:`.pairs`): the second to speak bids to the first, who holds
    or passes; the third then bids to the survivor."""

    def bids(self, above: int) -> Sequence[int]:
        """The bids higher than ``above`` (0: no bid yet), lowest first."""
        if self.ladder:
            return tuple(k for k in self.ladder if k > above)
        low = self.opening
        if above >= low:
            low += ((above - low) // self.step + 1) * self.step
        return range(low, self.max + 1, self.step)

    def allows(self, bid: int) -> bool:
        """Whether ``bid`` is one of the bids the settings allow."""
        if self.ladder:
            return bid in self.ladder
        return self.opening <= bid <= self.max and not (bid - self.opening) % self.step


@attrs.define(slots=False)
class AuctionFields:
    """The phase's state fields."""

    _auction_bid: int = field(Count(), label="auction bid")
    """The highest bid so far (0: none): once the auction is over, the contract."""
    _auction_declarer: int = field(Seat(), label="auction declarer")
    """Who made the highest bid (-1: nobody yet): once the auction is over, the declarer."""
    _auction_passed: tuple[int, ...] = field(Numbers(minimum=0), label="auction passed")
    """1 for each player who has passed (and may not bid again; with ``passing:
    may_return``, since the last bid), else 0."""


class AuctionTable(ThrowsIn, LeadsFirst, CountsPoints, Protocol):
    """The table the auction works at: a deal it throws in, a first leader it names, the
    deal points it scores a contract on, its own fields."""

    _auction_bid: int
    _auction_declarer: int
    _auction_passed: tuple[int, ...]


_POINTS = {"type": "integer", "minimum": 1, "maximum": 1000}


@mypyc_attr(native_class=False)  # a subclass of the interpreted Phase
class Auction(Phase[AuctionTable]):
    """Pass or bid higher in points; the last bidder declares the last bid."""

    name = "auction"
    view_from_fields = True  # the declarer, the bid, who passed: its fields
    number_verbs: ClassVar[tuple[str, ...]] = ("bid",)
    makes_declarer = True
    fields = AuctionFields
    candidates_all_legal = True  # refusal refuses exactly what candidates leaves out
    schema: ClassVar[Mapping[str, Any]] = {
        "type": "object", "additionalProperties": False,
        "properties": {
            "opening": {**_POINTS, "description": "The lowest first bid (default 100)."},
            "step": {**_POINTS, "description": "Every bid is the opening plus a multiple "
                                               "of this (default 5)."},
            "max": {**_POINTS, "description": "No bid is higher (default 300)."},
            "passing": {"enum": ["final", "may_return"], "description":
                        "Whether a player who passed may not bid again (final, the "
                        "default), or may when their turn comes round (may_return): the "
                        "auction then ends when all but the last bidder have passed "
                        "since the last bid."},
            "max_ends": {"type": "boolean", "description":
                         "A bid of max ends the auction at once (default false: the "
                         "others still pass)."},
            "forced_opening": {"type": "boolean", "description":
                               "The first to speak may not pass (false: a deal everyone "
                               "passes is thrown in, nobody scoring)."},
            "declarer_leads": {"type": "boolean", "description":
                               "The declarer (the last bidder) leads to the first trick."},
            "order": {**ORDER_SCHEMA, "description": "Who speaks first and which way the "
                      "auction goes (default: from the dealer's left, clockwise)."},
            "needs": NEEDS_SCHEMA,
            "contract": CONTRACT_SCHEMA,
            "ladder": LADDER_SCHEMA,
            "in_pairs": IN_PAIRS_SCHEMA},
        "not": {"anyOf": [{"required": ["ladder", "opening"]},
                          {"required": ["ladder", "step"]},
                          {"required": ["ladder", "max"]}]}}

    def words(self, settings: AuctionSettings) -> Mapping[str, str]:
        """``hold`` (keep one's bid equal to the bid made to one), in pairs bidding."""
        return {HOLD.name: "nothing"} if settings.in_pairs else {}

    def settings(self, section: Mapping[str, Any]) -> AuctionSettings:
        ladder = tuple(int(k) for k in section.get("ladder", ()))
        return AuctionSettings(opening=ladder[0] if ladder else int(section.get("opening", 100)),
                               step=1 if ladder else int(section.get("step", 5)),
                               max=ladder[-1] if ladder else int(section.get("max", 300)),
                               ladder=ladder, in_pairs=bool(section.get("in_pairs", False)),
                               forced_opening=bool(section.get("forced_opening", False)),
                               pass_final=section.get("passing", "final") == "final",
                               max_ends=bool(section.get("max_ends", False)),
                               declarer_leads=bool(section.get("declarer_leads", False)),
                               order=read_order(section.get("order")),
                               needs=Needs.read(section["needs"]) if "needs" in section
                               else None,
                               contract=ContractScoring.read(section["contract"])
                               if "contract" in section else None)

    def check(self, settings: AuctionSettings, variant: Variant) -> Iterator[str]:
        procedure = find_procedure(variant.play.procedure)
        needs = (*(() if settings.forced_opening else ("thrown_in",)),
                 *(("named_first_leader",) if settings.declarer_leads else ()),
                 *(("deal_points",) if settings.contract else ()))
        for need in needs:
            for lack in procedure.lacks(need, variant):
                yield (f"auction throws in a deal everyone passes (without forced_opening), "
                       f"names the first leader (declarer_leads) and scores a contract "
                       f"(contract): it needs {lack}")
        if settings.needs is not None:
            yield from settings.needs.holding.problems(variant.pack.ranks, variant.deal.hand)
        if settings.max < settings.opening:
            yield f"auction's max ({settings.max}) is below its opening ({settings.opening})"
        if [entry.name for entry in variant.phases].count(self.name) > 1:
            yield "auction is listed more than once; a deal has one declarer"
        yield from ladder_problems(settings.ladder)
        if settings.in_pairs and (settings.forced_opening or not settings.pass_final
                                  or settings.max_ends):
            yield ("auction's in_pairs bidding has its own turns: leave out forced_opening, "
                   "passing: may_return and max_ends")

    def names_first_leader(self, settings: AuctionSettings) -> bool:
        return settings.declarer_leads

    def describe(self, settings: AuctionSettings) -> str:
        s = settings
        order = ("from the dealer's left" if s.order == DEALERS_LEFT
                 else f"({s.order.describe()})")
        forced = ("the first to speak may not pass" if s.forced_opening else
                  "if all pass, the deal is thrown in and nobody scores")
        leads = " The declarer leads to the first trick." if s.declarer_leads else ""
        needs = f"; {s.needs.describe()}" if s.needs else ""
        scored = f" {s.contract.describe()}" if s.contract else ""
        passing = ("A player who passed may not bid again. The auction ends when all but "
                   "one have passed" if s.pass_final else
                   "A player who passed may bid again when their turn comes round. The "
                   "auction ends when all but the last bidder have passed since the last "
                   "bid")
        at_max = f" or a bid of {s.max} is made" if s.max_ends else ""
        values = (f"one of {', '.join(map(str, s.ladder))}" if s.ladder else
                  f"the first bid at least {s.opening}, every bid {s.opening} plus a "
                  f"multiple of {s.step}, none above {s.max}")
        if s.in_pairs:
            return (f"{pairs.describe(order)} Every bid is higher than the last and "
                    f"{values}{needs}.{leads}{scored}")
        return (f"After the deal each player in turn {order} passes or bids a number of "
                f"points higher than the current bid: {values}"
                f"{needs}; {forced}. {passing}{at_max}: the last bidder is the declarer "
                f"and the last bid the contract.{leads}{scored}")

    def enter(self, state: AuctionTable, settings: AuctionSettings) -> None:
        state._auction_bid, state._auction_declarer = 0, -1
        state._auction_passed = (0,) * state.game.players
        state.turn_to(_pairs(state, settings).to_speak() if settings.in_pairs
                      else settings.order.first(state.seating()))

    def inconsistency(self, state: AuctionTable, settings: AuctionSettings) -> str | None:
        """The auction at work: the bid is one the settings allow and has a bidder who has
        not passed, the player to act has not passed, and it is not over already."""
        bid, declarer, passed = (state._auction_bid, state._auction_declarer,
                                 state._auction_passed)
        if (bid > 0) != (declarer >= 0):
            return "a bid needs a bidder and a bidder a bid"
        if bid and not settings.allows(bid):
            return f"{bid} is not a bid the auction allows"
        if declarer >= 0 and passed[declarer]:
            return f"the highest bidder, player {declarer}, has passed"
        if settings.in_pairs:
            return _pairs(state, settings).inconsistency(state.to_act)
        if passed[state.to_act]:
            return f"player {state.to_act}, to act, has passed"
        if sum(passed) >= state.game.players - (declarer >= 0):
            return "all but the highest bidder have passed: the auction is over"
        return None

    def _opening_turn(self, state: AuctionTable) -> bool:
        """Nobody has spoken yet: the first to speak is to act."""
        return state._auction_declarer < 0 and not any(state._auction_passed)

    def candidates(self, state: AuctionTable, settings: AuctionSettings) -> list[Action]:
        """Pass (unless the opening is forced on the first to speak) and every bid above
        the current one, up to ``max`` (those that need a combination, only while the
        bidder holds it)."""
        if settings.in_pairs and _pairs(state, settings).answering(state.to_act):
            return [PASS, HOLD]
        forced = settings.forced_opening and self._opening_turn(state)
        return [*(() if forced else (PASS,)),
                *(_bid(k) for k in allowed_bids(state, settings, state._auction_bid))]

    def refusal(self, state: AuctionTable, settings: AuctionSettings,
                action: Action) -> str | None:
        if action in self.candidates(state, settings):
            return None
        p, ref = state.to_act, state.game.rule_ref(self.name)
        if settings.in_pairs:
            refused = _pairs(state, settings).refusal(state.to_act, state._auction_bid,
                                                      action)
            if refused:
                return refused + (state.game.rule_ref("in_pairs") or ref)
        if action == PASS:
            return f"player {p} speaks first and may not pass: bid {settings.opening} or " \
                   f"more{ref}"
        if action.kind is not _KIND_VERB or action.name != "bid":
            higher = settings.bids(state._auction_bid)
            if not higher:
                return f"player {p} may only pass: the bid is at the most, {settings.max}{ref}"
            return f"player {p} passes or bids ('bid {higher[0]}' or more){ref}"
        if action.amount > settings.max:
            return f"no bid is above {settings.max}, not {action.amount}{ref}"
        if action.amount <= state._auction_bid:
            return (f"a bid must be higher than the current bid, {state._auction_bid}, not "
                    f"{action.amount}{ref}")
        if action.amount < settings.opening:
            return f"the first bid is at least {settings.opening}, not {action.amount}{ref}"
        if action.amount in settings.bids(state._auction_bid) and settings.needs:
            return (f"player {p} may not bid {action.amount}: "
                    f"{settings.needs.describe()}{state.game.rule_ref('needs') or ref}")
        return (f"a bid is {settings.opening} plus a multiple of {settings.step}, not "
                f"{action.amount}{ref}")

    def apply(self, state: AuctionTable, settings: AuctionSettings, action: Action) -> bool:
        if settings.in_pairs:
            return self._apply_in_pairs(state, settings, action)
        p, n = state.to_act, state.game.players
        _pass_or_bid(state, action)
        if action != PASS and not settings.pass_final:  # passes count again from a bid
            state._auction_passed = (0,) * n
        still = n - sum(state._auction_passed)
        if still == 0:  # everyone passed (the opening was not forced)
            state.throw_in()
            return True
        top = settings.max_ends and state._auction_bid >= settings.max
        if top or (still == 1 and state._auction_declarer >= 0
                   and not state._auction_passed[state._auction_declarer]):
            if settings.declarer_leads:
                state.lead_first(state._auction_declarer)
            return True
        seat = settings.order.after(p, n)
        while state._auction_passed[seat]:
            seat = settings.order.after(seat, n)
        state.turn_to(seat)
        return False

    def _apply_in_pairs(self, state: AuctionTable, settings: AuctionSettings,
                        action: Action) -> bool:
        """Carry out a legal pass, bid or hold of pairs bidding; True when over."""
        p = state.to_act
        if action == HOLD:
            state._auction_declarer = p
            state.record(raw_event(kind="hold", player=p, amount=state._auction_bid))
        else:
            _pass_or_bid(state, action)
        if all(state._auction_passed):  # everyone passed
            state.throw_in()
            return True
        seat = _pairs(state, settings).to_speak()
        if seat < 0:
            return True
        state.turn_to(seat)
        return False

    def declarer(self, state: AuctionTable, settings: AuctionSettings) -> int:
        """The last bidder (once the auction is over, the declarer; -1: nobody bid)."""
        return state._auction_declarer

    def contract(self, state: AuctionTable, settings: AuctionSettings) -> int:
        """The last bid (once the auction is over, the contract; 0: nobody bid)."""
        return state._auction_bid

    def score(self, state: AuctionTable, settings: AuctionSettings,
              scores: tuple[int, ...]) -> tuple[int, ...]:
        """Nobody scores a deal thrown in (everyone passed); else, with ``contract``, the
        contract's scores on the deal points, or the scores as given."""
        if state._auction_declarer < 0:
            return (0,) * len(scores)
        if settings.contract is not None:
            return deal_scores(settings.contract, declarer=state._auction_declarer,
                               contract=state._auction_bid, points=state.deal_points())
        return scores

    def replaces_scores(self, settings: AuctionSettings) -> bool:
        return settings.contract is not None

    def view(self, state: AuctionTable, settings: AuctionSettings,
             player: int) -> dict[str, Any]:
        return {"declarer": state._auction_declarer if state._auction_declarer >= 0 else None,
                "contract": state._auction_bid or None,
                "auction_passed": [p for p, done in enumerate(state._auction_passed) if done]}

    def view_entries(self, game: GameRules, settings: AuctionSettings) -> tuple[str, ...]:
        return ("declarer", "contract", "auction_passed")

    def families(self, game: GameRules, settings: AuctionSettings) -> tuple[Family, ...]:
        # ``pass`` is the procedure's own action (every tricks game lists it)
        held = (HOLD,) if settings.in_pairs else ()
        return (Listed(actions=(*(_bid(k) for k in settings.bids(0)), *held)),)

    def observation_fields(self, game: GameRules, settings: AuctionSettings,
                           ) -> tuple[Field, ...]:
        return (SeatField(key="declarer"), Number(key="contract"),
                SeatsIn(key="auction_passed"))

    def action_bound(self, settings: AuctionSettings, variant: Variant) -> int:
        return len(settings.bids(0)) + 1 + settings.in_pairs

    def move_scorer(self, view: View, settings: AuctionSettings, legal: Sequence[Action],
                    ) -> Callable[[Action], float]:
        """Bid the lowest legal bid while it is within the hand's estimate, else pass:
        a hand is reckoned to win its own card points twice over (its high cards take
        the others' cards too); in a pack without card points, the opening bid with four
        cards of the top three ranks or extra cards (jokers), a step more for each
        further one.  Where passing is not allowed, the lowest bid."""
        facts = view.card_facts
        mine = view.hands[view.player]
        ranks = [facts.parse(str(c))[0] for c in mine] if isinstance(mine, list) else []
        estimate = 2 * sum(facts.points[r] for r in ranks if r >= 0)
        if not any(facts.points):  # no card points: count the top cards instead
            strong = sum(1 for r in ranks if r < 0 or r >= len(facts.ranks) - 3)
            estimate = settings.opening + settings.step * (strong - 4)

        if settings.ladder:  # bid on a ladder of game values: a step for each top card
            strong = sum(1 for r in ranks if r >= len(facts.ranks) - 2)
            estimate = settings.ladder[max(0, min(len(settings.ladder) - 1, 2 * strong - 8))] \
                if strong >= 4 else 0
        return _scorer(getattr(view, "contract", None) or 0, estimate)


def _scorer(bid: int, estimate: int) -> Callable[[Action], float]:
    """:meth:`Auction.move_scorer`'s scorer: bid up to ``estimate``, hold the standing
    ``bid`` while it is no higher (a closure made outside the class, which the compiled
    build keeps an ordinary class)."""

    def score(action: Action) -> float:
        if action.kind is _KIND_PASS:
            return 0.0
        if action == HOLD:
            return 1.0 if bid <= estimate else -float(bid)
        if action.amount <= estimate:
            return 1.0 + 1.0 / action.amount
        return -float(action.amount)

    return score


def allowed_bids(state: AuctionTable, settings: AuctionSettings, above: int) -> list[int]:
    """The bids higher than ``above`` that the player to act may make (those above the
    ``needs`` threshold only while they hold its combination)."""
    bids = settings.bids(above)
    needs = settings.needs
    if needs is None or not bids or bids[-1] <= needs.above:
        return list(bids)
    held = needs.holding.held(state.game.pack, state.hand(state.to_act))
    return [k for k in bids if held or k <= needs.above]


def _pairs(state: AuctionTable, settings: AuctionSettings) -> pairs.Bidding:
    """Where the pairs auction of ``state`` stands."""
    return pairs.Bidding(passed=state._auction_passed, declarer=state._auction_declarer,
                         first=settings.order.first(state.seating()), order=settings.order)


@cache
def _bid(points: int) -> Action:
    """The action ``bid <points>``, with its notation (made once per number)."""
    return Action(kind=_KIND_VERB, name="bid", amount=points, label=f"bid {points}")


# The raise phase ----------------------------------------------------------------------

def _auction(game: GameRules) -> AuctionSettings:
    """The settings of the auction listed in ``game`` (the phase's checks make sure
    there is one)."""
    for phase, settings in getattr(game, "phases", ()):
        if isinstance(phase, Auction):
            assert isinstance(settings, AuctionSettings)
            return settings
    raise LookupError("the raise phase needs an auction listed before it")


@mypyc_attr(native_class=False)  # a subclass of the interpreted Phase
class Raise(Phase[AuctionTable]):
    """The declarer raises the auction's contract, or keeps it."""

    name = "raise"
    candidates_all_legal = True  # refusal refuses exactly what candidates leaves out
    schema: ClassVar[Mapping[str, Any]] = {
        "type": "object", "additionalProperties": False, "properties": {},
        "description": "The declarer may raise the auction's contract (steps, maximum and "
                       "needs as the auction's), or keep it."}

    def settings(self, section: Mapping[str, Any]) -> dict[str, Any]:
        return dict(section)

    def words(self, settings: dict[str, Any]) -> Mapping[str, str]:
        """``raise`` takes a number in this game (a game of the betting family raises
        with no number: the word is this game's own)."""
        return {"raise": "number"}

    def check(self, settings: dict[str, Any], variant: Variant) -> Iterator[str]:
        names = [entry.name for entry in variant.phases]
        before = names[:names.index(self.name)] if self.name in names else []
        if not any(_is_auction(name) for name in before):
            yield "raise needs an auction listed before it (it raises the auction's contract)"
        if names.count(self.name) > 1:
            yield "raise is listed more than once; the declarer raises once"

    def describe(self, settings: dict[str, Any]) -> str:
        return ("The declarer may then raise the contract to any higher bid the auction "
                "allows (`raise 130`; its steps, maximum and needs apply, to the hand as "
                "it is now), or keep it (`pass`).")

    def skip(self, state: AuctionTable, settings: dict[str, Any]) -> bool:
        return state._auction_declarer < 0

    def enter(self, state: AuctionTable, settings: dict[str, Any]) -> None:
        state.turn_to(state._auction_declarer)

    def inconsistency(self, state: AuctionTable, settings: dict[str, Any]) -> str | None:
        """The declarer, and only the declarer, is asked."""
        if state._auction_declarer < 0:
            return "nobody declared: there is no contract to raise"
        if state.to_act != state._auction_declarer:
            return f"player {state.to_act} is asked to raise, not the declarer " \
                   f"(player {state._auction_declarer})"
        return None

    def candidates(self, state: AuctionTable, settings: dict[str, Any]) -> list[Action]:
        """Keep the contract, or raise it to any bid the auction allows above it."""
        auction = _auction(state.game)
        return [PASS, *(_raise(k) for k in allowed_bids(state, auction, state._auction_bid))]

    def refusal(self, state: AuctionTable, settings: dict[str, Any],
                action: Action) -> str | None:
        if action in self.candidates(state, settings):
            return None
        p, ref, bid = state.to_act, state.game.rule_ref(self.name), state._auction_bid
        auction = _auction(state.game)
        if action.kind is not _KIND_VERB or action.name != "raise":
            return f"player {p} keeps the contract ('pass') or raises it ('raise " \
                   f"{bid + auction.step}' or more){ref}"
        if action.amount <= bid:
            return f"a contract is raised above {bid}, not to {action.amount}{ref}"
        if action.amount > auction.max:
            return f"no contract is above {auction.max}, not {action.amount}{ref}"
        if action.amount in auction.bids(bid) and auction.needs is not None:
            return f"player {p} may not raise to {action.amount}: " \
                   f"{auction.needs.describe()}{state.game.rule_ref('needs') or ref}"
        return f"a contract is {auction.opening} plus a multiple of {auction.step}, not " \
               f"{action.amount}{ref}"

    def apply(self, state: AuctionTable, settings: dict[str, Any], action: Action) -> bool:
        p = state.to_act
        if action == PASS:
            state.record(raw_event(kind="keep", player=p, amount=state._auction_bid))
        else:
            state._auction_bid = action.amount
            state.record(raw_event(kind="raise", player=p, amount=action.amount))
        return True

    def families(self, game: GameRules, settings: dict[str, Any]) -> tuple[Family, ...]:
        auction = _auction(game)
        return (Listed(actions=tuple(_raise(k) for k in auction.bids(0))),)

    def action_bound(self, settings: dict[str, Any], variant: Variant) -> int:
        for entry in variant.phases:
            if _is_auction(entry.name):
                phase = find(entry.name)
                return len(phase.settings(entry.section).bids(0)) + 1
        return 1

    def move_scorer(self, view: View, settings: dict[str, Any], legal: Sequence[Action],
                    ) -> Callable[[Action], float]:
        """Keep the contract: a raise only adds to what the declarer may lose."""
        return lambda action: 1.0 if action.kind is _KIND_PASS else -float(action.amount)


def _is_auction(name: str) -> bool:
    """Whether the phase registered as ``name`` is an auction (False if unknown)."""
    try:
        return isinstance(find(name), Auction)
    except KeyError:
        return False


@cache
def _raise(points: int) -> Action:
    """The action ``raise <points>``, with its notation (made once per number)."""
    return Action(kind=_KIND_VERB, name="raise", amount=points, label=f"raise {points}")


register(Auction())
register(Raise())


def _pass_or_bid(state: AuctionTable, action: Action) -> None:
    """Record the player to act's pass (they speak no more) or bid (the highest so far,
    its bidder the declarer if no one bids above it)."""
    p = state.to_act
    if action == PASS:
        passed = state._auction_passed
        state._auction_passed = with_seat(passed, p, 1)
        state.record(raw_event(kind="pass", player=p))
    else:
        state._auction_bid, state._auction_declarer = action.amount, p
        state.record(raw_event(kind="bid", player=p, amount=action.amount))
