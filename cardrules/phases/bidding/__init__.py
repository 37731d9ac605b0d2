"""The ``bidding`` phase: after the deal each player bids the tricks they will take.

Each player in turn from the dealer's left bids a number of tricks, from 0 to the
number of tricks of the deal (``bid 3``); the dealer bids last.  With
``dealer_may_not_make_total: true`` the dealer may not bid so that the bids add up to
the tricks of the deal (so that somebody must miss); with ``side_at_most_tricks: true``
nobody may bid so that their side's bids add up to more than the tricks of the deal.
Bids are public: every view shows them.

When the deal ends the bids are scored by ``contract``
(:mod:`cardrules.phases.bidding.contract`): by default a player who took exactly the
tricks bid scores ``exact`` plus ``per_trick`` for each trick; any other player scores
``otherwise`` plus ``per_trick_off`` for each trick more or fewer than the bid and
``failed_per_trick`` for each trick taken.  A
contract may instead be made by taking at least the bid (``made: at_least``), belong to
a side (``by: side``: partners' bids added up), score a bid of 0 on its own (``nil``)
and count the tricks over it as bags carried from deal to deal (``bags``: the count is
kept in the state, shown to everyone, and carried through the match).  In partnerships
partners score alike: each scores what the side's bids score together.  These scores
replace the procedure's deal scores (``replace: true``, the default) or are added to
them (``replace: false``).

Refusals quote the variant's rule numbers for the keys ``bid`` (bidding in turn, from 0
to the tricks of the deal) and ``dealer_bid`` (the dealer's restriction) of
``references:``.  The phase needs a deal of one-card tricks and no drawing, so that the
deal has as many tricks as a hand has cards: ``phases: [{bidding:
{dealer_may_not_make_total: true, contract: {exact: 10, per_trick: 1, otherwise: 0}}}]``.

>>> phase = Bidding()
>>> import textwrap
>>> text = phase.describe(phase.settings({"dealer_may_not_make_total": True}))
>>> print(textwrap.fill(text, 88))
After the deal each player in turn from the dealer's left bids the number of tricks they
will take; the dealer may not bid so that the bids add up to the tricks of the deal.
Making the bid exactly scores 10 and 1 per trick taken; otherwise 0. These replace the
deal's other scores.
>>> phase.settings({"contract": {"per_trick_off": -1}}).contract.score(bid=2, took=5)
-3
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
from cardrules.engine.fields import LaterNumbers, Numbers, field
from cardrules.engine.heuristics import CardFacts
from cardrules.engine.native import mypyc_attr
from cardrules.engine.observation import Field, NumbersBySeat, SeatsIn
from cardrules.engine.procedures import find as find_procedure
from cardrules.engine.table import LastDeal, Table, with_seat
from cardrules.engine.turns import (
    DEALERS_LEFT,
    NEXT_TO_DEALER,
    ORDER_SCHEMA,
    TurnOrder,
    read_order,
)
from cardrules.engine.views import View
from cardrules.model.variant import Variant
from cardrules.phases import Phase, register
from cardrules.phases.bidding.contract import (
    Bags,
    By,
    Contract,
    Made,
    Nil,
    NilTricks,
    Scored,
    deal_scores,
)

__all__ = ["Bidding", "BiddingFields", "BiddingSettings", "BiddingTable", "Contract"]

# Enum members read in functions, as module constants: compiled, each is a C static
# (on Python 3.11 an enum class's attribute costs a slow lookup: EnumType has a
# __getattr__).
_BY_PLAYER: Final = By.PLAYER
_BY_SIDE: Final = By.SIDE
_KIND_VERB: Final = Kind.VERB
_MADE_AT_LEAST: Final = Made.AT_LEAST
_MADE_EXACT: Final = Made.EXACT
_NIL_TRICKS_APART: Final = NilTricks.APART


NO_BID = -1
"""A player's bid before they have bid."""


@attrs.frozen(kw_only=True)
class BiddingSettings:
    """The phase's section of a rule file."""

    dealer_may_not_make_total: bool = False
    """The dealer, bidding last, may not make the bids add up to the tricks of the deal
    (with another :attr:`order`: whoever bids last)."""
    side_at_most_tricks: bool = False
    """Nobody may bid so that their side's bids (their own alone when playing alone) add
    up to more than the tricks of the deal."""
    contract: Contract = attrs.field(factory=Contract)
    """How the bids score."""
    order: TurnOrder = DEALERS_LEFT
    """Who bids first, and which way the bidding goes."""


@attrs.define(slots=False)
class BiddingFields:
    """The phase's state fields."""

    _bids: tuple[int, ...] = field(Numbers(minimum=NO_BID, start=NO_BID))
    """Each player's bid (-1: not yet bid), seen by everyone."""
    _bags: tuple[int, ...] = field(LaterNumbers(minimum=0))
    """Each player's side's bag count from the deals before (``contract.bags``), seen by
    everyone; carried from deal to deal."""


class BiddingTable(Table, Protocol):
    """The table the bidding works at: with its own field."""

    _bids: tuple[int, ...]
    _bags: tuple[int, ...]


_NUMBER = {"type": "integer", "minimum": -100, "maximum": 100}
_LARGE = {"type": "integer", "minimum": -1000, "maximum": 1000}


@mypyc_attr(native_class=False)  # a subclass of the interpreted Phase
class Bidding(Phase[BiddingTable]):
    """Each player bids the tricks they will take; the bids score by a contract."""

    name = "bidding"
    view_from_fields = True  # the bids and bags: its fields
    number_verbs: ClassVar[tuple[str, ...]] = ("bid",)
    fields = BiddingFields
    schema: ClassVar[Mapping[str, Any]] = {
        "type": "object", "additionalProperties": False,
        "properties": {
            "dealer_may_not_make_total": {
                "type": "boolean",
                "description": "The dealer, bidding last, may not bid so that the bids add "
                               "up to the number of tricks of the deal."},
            "order": {**ORDER_SCHEMA, "description": "Who bids first and which way the "
                      "bidding goes (default: from the dealer's left, clockwise)."},
            "contract": {
                "type": "object", "additionalProperties": False,
                "description": "How bids score when the deal ends.",
                "properties": {
                    "exact": {**_NUMBER, "description": "Points for making the bid exactly."},
                    "per_trick": {**_NUMBER, "description": "Points per trick taken, when "
                                                            "the bid is made exactly."},
                    "otherwise": {**_NUMBER, "description": "Points for missing the bid."},
                    "per_trick_off": {**_NUMBER, "description": "Points per trick more or "
                                                                "fewer than bid."},
                    "replace": {"type": "boolean", "description": "The bids' scores "
                                "replace the deal's other scores (else they are added)."},
                    "made": {"enum": [m.value for m in Made],
                             "description": "When a contract is made: by taking exactly "
                                            "the tricks bid (default) or at least as many."},
                    "per_bid": {**_NUMBER, "description": "Points per trick bid, when the "
                                                          "contract is made."},
                    "per_overtrick": {**_NUMBER, "description": "Points per trick taken "
                                      "over the bid, when the contract is made."},
                    "failed_per_bid": {**_NUMBER, "description": "Points per trick bid, "
                                       "when the contract is missed."},
                    "failed_per_trick": {**_NUMBER, "description": "Points per trick "
                                         "taken, when the contract is missed."},
                    "trick_points": {**_NUMBER, "description": "Multiplies every amount "
                                     "counted per trick (taken, bid, over or off the "
                                     "bid), made or missed (default 1)."},
                    "by": {"enum": [b.value for b in By],
                           "description": "Who a contract belongs to: each player "
                                          "(default), or a side whose partners' bids are "
                                          "added up."},
                    "nil": {
                        "type": "object", "additionalProperties": False,
                        "description": "A bid of 0 (nil) scored on its own, beside the "
                                       "side's contract.",
                        "properties": {
                            "made": {**_LARGE, "description": "Points for a nil bidder "
                                                              "who took no trick."},
                            "failed": {**_LARGE, "description": "Points for a nil bidder "
                                                                "who took a trick."},
                            "tricks": {"enum": [t.value for t in NilTricks],
                                       "description": "What a nil bidder's tricks count "
                                       "for: nothing (apart, default) or the side's "
                                       "contract and bags (counted)."}}},
                    "bags": {
                        "type": "object", "additionalProperties": False,
                        "description": "Tricks over a made contract counted as bags from "
                                       "deal to deal, every so many costing a penalty.",
                        "properties": {
                            "every": {"type": "integer", "minimum": 1, "maximum": 100,
                                      "description": "So many bags cost the penalty and "
                                                     "are taken off the count."},
                            "penalty": {**_LARGE, "description": "Points for each so "
                                                                 "many bags."}}}}},
            "side_at_most_tricks": {
                "type": "boolean",
                "description": "Nobody may bid so that their side's bids add up to more "
                               "than the number of tricks of the deal."}}}

    def settings(self, section: Mapping[str, Any]) -> BiddingSettings:
        return BiddingSettings(
            dealer_may_not_make_total=bool(section.get("dealer_may_not_make_total", False)),
            side_at_most_tricks=bool(section.get("side_at_most_tricks", False)),
            contract=_contract(section.get("contract", {})),
            order=read_order(section.get("order")))

    def check(self, settings: BiddingSettings, variant: Variant) -> Iterator[str]:
        procedure = find_procedure(variant.play.procedure)
        for lack in procedure.lacks("counted_tricks", variant):
            yield f"bidding needs {lack}"
        if settings.contract.by is _BY_SIDE and not procedure.in_partnerships(variant):
            yield "bidding's contract by side needs a game played in partnerships"

    def describe(self, settings: BiddingSettings) -> str:
        last = "the dealer" if settings.order in NEXT_TO_DEALER else "the last to bid"
        hook = (f"; {last} may not bid so that the bids add up to the tricks of the deal"
                if settings.dealer_may_not_make_total else "")
        order = ("from the dealer's left" if settings.order == DEALERS_LEFT
                 else f"({settings.order.describe()})")
        side = ("; nobody may bid so that their side's bids add up to more than the "
                "tricks of the deal" if settings.side_at_most_tricks else "")
        return (f"After the deal each player in turn {order} bids the number "
                f"of tricks they will take{hook}{side}. "
                f"{settings.contract.describe()}")

    def enter(self, state: BiddingTable, settings: BiddingSettings) -> None:
        state._bids = (NO_BID,) * state.game.players
        state.turn_to(settings.order.first(state.seating()))

    def move_scorer(self, view: View, settings: BiddingSettings, legal: Sequence[Action],
                    ) -> Callable[[Action], float]:
        """Bid the tricks the hand looks worth.  For a bid to be made exactly, a trump or
        a card in the top quarter of the ranks counts as one (:func:`bid_estimate`); for a
        contract made by taking at least the bid (``contract.made: at_least``), only the
        tricks the hand can count on (:func:`sure_tricks`): overtricks cost little and a
        missed contract much.  Where a bid of 0 is a nil (``contract.nil``) it is bid only
        with a hand that has no high card and few trumps (:func:`nil_hand`), else at least
        1.  Reads the ``trump`` entry of the tricks procedure and, when ``name_trump`` is
        listed, its ``trump_pending``."""
        mine = view.hands[view.player]
        held = [str(c) for c in mine] if isinstance(mine, list) else []
        trump, pending = view.trump, bool(getattr(view, "trump_pending", False))
        contract = settings.contract
        if contract.made is _MADE_AT_LEAST:
            target = sure_tricks(held, view.card_facts, trump=trump, pending=pending)
            if contract.nil is not None:
                nil = nil_hand(held, view.card_facts, trump=trump, pending=pending)
                target = 0 if nil else max(target, 1)
        else:
            target = bid_estimate(held, view.card_facts, trump=trump, pending=pending)
        return _nearest(target)

    candidates_all_legal = True  # the candidates are the bids refusal lets through

    def candidates(self, state: BiddingTable, settings: BiddingSettings) -> list[Action]:
        """The legal bids: 0 to the tricks of the deal, within the side's limit
        (``side_at_most_tricks``), without the dealer's total (``dealer_may_not_make_total``),
        the bids so far added up once rather than once per bid."""
        tricks = _tricks(state)
        top = tricks
        if settings.side_at_most_tricks:
            team = _team(state, state.to_act)
            top -= sum(b for q, b in enumerate(state._bids) if b != NO_BID and q in team)
        barred = NO_BID
        if settings.dealer_may_not_make_total and \
                state.to_act == settings.order.last(state.seating()):
            barred = tricks - sum(b for b in state._bids if b != NO_BID)
        return [_bid(k) for k in range(top + 1) if k != barred]

    def refusal(self, state: BiddingTable, settings: BiddingSettings,
                action: Action) -> str | None:
        tricks, game = _tricks(state), state.game
        if action.kind is not _KIND_VERB or action.name != "bid":
            return (f"each player first bids the tricks they will take, from 'bid 0' to "
                    f"'bid {tricks}'{game.rule_ref('bid')}")
        if action.amount > tricks:
            return (f"a bid is 0 to the {_count(tricks)} of the deal, not {action.amount}"
                    f"{game.rule_ref('bid')}")
        if settings.side_at_most_tricks:
            side = sum(b for q, b in enumerate(state._bids)
                       if b != NO_BID and q in _team(state, state.to_act))
            if side + action.amount > tricks:
                return (f"a bid of {action.amount} would make the side's bids add up to "
                        f"more than the {_count(tricks)} of the deal{game.rule_ref('bid')}")
        if settings.dealer_may_not_make_total and \
                state.to_act == settings.order.last(state.seating()):
            total = sum(b for b in state._bids if b != NO_BID) + action.amount
            if total == tricks:
                return (f"the dealer may not bid {action.amount}: the bids would add up to "
                        f"the {_count(tricks)} of the deal{game.rule_ref('dealer_bid')}")
        return None

    def apply(self, state: BiddingTable, settings: BiddingSettings, action: Action) -> bool:
        p, amount = state.to_act, action.amount
        bids = state._bids
        bids = state._bids = with_seat(bids, p, amount)
        state.record(raw_event(kind="bid", player=p, amount=amount))
        if NO_BID not in bids:  # each seat bids once, in turn: the last has bid
            return True
        state.turn_to(settings.order.after(p, len(bids)))
        return False

    def score(self, state: BiddingTable, settings: BiddingSettings,
              scores: tuple[int, ...]) -> tuple[int, ...]:
        contract = settings.contract
        made = _scored(state, contract).scores
        if contract.replace:
            return made
        return tuple(s + m for s, m in zip(scores, made))

    def replaces_scores(self, settings: BiddingSettings) -> bool:
        return settings.contract.replace

    def from_last_deal(self, state: BiddingTable, settings: BiddingSettings,
                       last: LastDeal) -> None:
        """The bag counts the last deal left (``contract.bags``)."""
        bags = dict(last.carry).get(_BAGS)
        if settings.contract.bags is not None and bags is not None:
            state._bags = tuple(int(b) for b in bags)

    def carry(self, state: BiddingTable, settings: BiddingSettings,
              ) -> tuple[tuple[str, object], ...]:
        """The bag counts after this deal, for the next (``contract.bags``)."""
        if settings.contract.bags is None:
            return ()
        return ((_BAGS, _scored(state, settings.contract).bags),)

    def view(self, state: BiddingTable, settings: BiddingSettings,
             player: int) -> dict[str, Any]:
        bids = state._bids
        out: dict[str, Any] = {"bids": [b if b != NO_BID else None for b in bids],
                               "bidders": [p for p, b in enumerate(bids) if b != NO_BID]}
        if settings.contract.bags is not None:
            out["bags"] = list(state._bags)
        return out

    def view_entries(self, game: GameRules, settings: BiddingSettings) -> tuple[str, ...]:
        return ("bids", "bidders", "bags") if settings.contract.bags is not None \
            else ("bids", "bidders")

    def families(self, game: GameRules, settings: BiddingSettings) -> tuple[Family, ...]:
        largest = game.variant.deal.largest(game.players)
        return (Listed(actions=tuple(_bid(k) for k in range(largest + 1))),)

    def observation_fields(self, game: GameRules, settings: BiddingSettings) -> tuple[Field, ...]:
        bags = (NumbersBySeat(key="bags"),) if settings.contract.bags is not None else ()
        return (NumbersBySeat(key="bids"), SeatsIn(key="bidders"), *bags)

    def action_bound(self, settings: BiddingSettings, variant: Variant) -> int:
        return variant.deal.hand + 1


def _nearest(target: int) -> Callable[[Action], float]:
    """:meth:`Bidding.move_scorer`'s scorer: the bid nearest ``target`` best (a closure
    made outside the class, which the compiled build keeps an ordinary class)."""
    return lambda action: -abs(action.amount - target)


@cache
def _bid(tricks: int) -> Action:
    """The action ``bid <tricks>``, with its notation (made once per number)."""
    return Action(kind=_KIND_VERB, name="bid", amount=tricks, label=f"bid {tricks}")


_BAGS = "bags"
"""The carry key of the bag counts after a deal."""


def _contract(section: Mapping[str, Any]) -> Contract:
    """The ``contract`` section as a record."""
    plain = {k: v for k, v in section.items() if k not in ("made", "by", "nil", "bags")}
    nil, bags = section.get("nil"), section.get("bags")
    return Contract(
        **plain, made=Made(section.get("made", _MADE_EXACT.value)),
        by=By(section.get("by", _BY_PLAYER.value)),
        nil=None if nil is None else Nil(
            made=nil.get("made", 100), failed=nil.get("failed", -100),
            tricks=NilTricks(nil.get("tricks", _NIL_TRICKS_APART.value))),
        bags=None if bags is None else Bags(**bags))


def _team(state: Table, seat: int) -> tuple[int, ...]:
    """The partnership ``seat`` plays in (itself alone when everyone plays alone)."""
    return next(team for team in state.game.partnerships if seat in team)


def _scored(state: BiddingTable, contract: Contract) -> Scored:
    """The deal's scores by the contracts and the bag counts after it: worked out when
    the deal is scored, and kept for the bags its result carries (read again at every
    reading of a finished deal's result: the search reads one at every roll-out)."""
    took: tuple[int, ...] = state.offered("tricks")  # the procedure's counted tricks
    partnerships = state.game.partnerships
    key = (id(contract), state._bids, took, partnerships, state._bags)
    kept = _SCORED.get(key)
    if kept is not None and kept[0] is contract:
        return kept[1]
    scored = deal_scores(contract, bids=state._bids, took=took, partnerships=partnerships,
                         bags=state._bags)
    if len(_SCORED) >= _SCORED_KEPT:
        _SCORED.clear()
    _SCORED[key] = (contract, scored)
    return scored


_SCORED: dict[tuple[object, ...], tuple[Contract, Scored]] = {}
"""Deals scored lately, by contract (its identity: the contract is kept with the entry,
so that its number is not another's) and the figures the scores follow from."""
_SCORED_KEPT = 4096


def _count(tricks: int) -> str:
    """``1 trick``, ``2 tricks``."""
    return f"{tricks} trick{'s' * (tricks != 1)}"


def _tricks(state: Table) -> int:
    """The tricks of this deal: the cards a hand is dealt (drawn by lot, and offered as
    ``drawn_hand`` by the procedure, with ``deal.hand.by_lot``)."""
    deal = state.game.variant.deal
    if deal.by_lot:
        return int(state.offered("drawn_hand"))
    return int(deal.hand_for(state.game.players, state.deal_number))


register(Bidding())


def bid_estimate(mine: Sequence[str], facts: CardFacts, *, trump: str | None,
                 pending: bool = False) -> int:
    """The tricks the hand ``mine`` looks worth: each trump and each card in the top
    quarter of the ranks.  While trumps are still to be named (``pending``), the hand's
    longest suit counts as trumps.

    >>> facts = CardFacts({"ranks": ["6", "7", "8", "9", "10", "J", "Q", "K", "A"],
    ...                    "suits": ["S", "H", "D", "C"]})
    >>> bid_estimate(["AS", "6H", "7S"], facts, trump="H")
    2
    >>> bid_estimate(["6H", "7H", "7S"], facts, trump=None, pending=True)
    2
    """
    cards = [facts.parse(str(name)) for name in mine]
    if trump is None and pending and cards:
        suits = [suit for _, suit in cards]
        trump = max(facts.suits, key=suits.count)
    high = len(facts.ranks) - max(len(facts.ranks) // 4, 1)
    return sum(suit == trump or rank >= high for rank, suit in cards)


def _by_suit(mine: Sequence[str], facts: CardFacts, trump: str | None,
             pending: bool) -> tuple[dict[str, list[int]], str | None]:
    """The hand's rank indexes per suit, highest first, and the trump suit (while trumps
    are still to be named, the hand's longest suit)."""
    suits: dict[str, list[int]] = {}
    for name in mine:
        rank, suit = facts.parse(name)
        if rank >= 0:
            suits.setdefault(suit, []).append(rank)
    for ranks in suits.values():
        ranks.sort(reverse=True)
    if trump is None and pending and suits:
        trump = max(facts.suits, key=lambda s: len(suits.get(s, ())))
    return suits, trump


def sure_tricks(mine: Sequence[str], facts: CardFacts, *, trump: str | None,
                pending: bool = False) -> int:
    """The tricks the hand ``mine`` can count on, for a contract made by taking at least
    the bid: in each suit its top card (an ace) counts one, the next one down (a king)
    one in trumps and half elsewhere when another card of its suit guards it, the third
    (a queen) half in trumps with two guards; each trump past the third counts one.  The
    half tricks add up and round down.

    >>> facts = CardFacts({"ranks": ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J",
    ...                              "Q", "K", "A"], "suits": ["C", "D", "H", "S"]})
    >>> sure_tricks("AS KS 2S 3S 4S AH KH 2H KD 2C 3C 4C 5C".split(), facts, trump="S")
    5
    >>> sure_tricks("KH QD JC 2S".split(), facts, trump="S")
    0
    """
    suits, trump = _by_suit(mine, facts, trump, pending)
    top = len(facts.ranks) - 1
    halves = 0
    for suit, ranks in suits.items():
        trumps = suit == trump
        for rank in ranks:
            depth = top - rank
            if depth == 0:
                halves += 2
            elif depth == 1 and len(ranks) >= 2:
                halves += 2 if trumps else 1
            elif depth == 2 and len(ranks) >= 3 and trumps:
                halves += 1
        if trumps:
            halves += 2 * max(len(ranks) - 3, 0)
    return halves // 2


def nil_hand(mine: Sequence[str], facts: CardFacts, *, trump: str | None,
             pending: bool = False) -> bool:
    """Whether the hand ``mine`` is weak enough to bid nil (to take no trick): no card of
    the top three ranks in any suit and no more than three trumps, none of the top half
    of the ranks.

    >>> facts = CardFacts({"ranks": ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J",
    ...                              "Q", "K", "A"], "suits": ["C", "D", "H", "S"]})
    >>> nil_hand("2S 5S JH 10D 9C".split(), facts, trump="S")
    True
    >>> nil_hand("2S 9S JH 10D 9C".split(), facts, trump="S")
    False
    """
    suits, trump = _by_suit(mine, facts, trump, pending)
    top = len(facts.ranks) - 1
    if any(rank > top - 3 for ranks in suits.values() for rank in ranks):
        return False
    trumps = suits.get(trump or "", [])
    return len(trumps) <= 3 and all(rank < len(facts.ranks) // 2 for rank in trumps)
