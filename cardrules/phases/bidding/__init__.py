"""The ``bidding`` phase: after the deal each player bids the tricks they will take.

Each player in turn from the dealer's left bids a number of tricks, from 0 to the
number of tricks of the deal (``bid 3``); the dealer bids last.  With
``dealer_may_not_make_total: true`` the dealer may not bid so that the bids add up to
the tricks of the deal (so that somebody must miss).  Bids are public: every view
shows them.

When the deal ends the bids are scored by ``contract``: a player who took exactly the
tricks bid scores ``exact`` plus ``per_trick`` for each trick; any other player scores
``otherwise`` plus ``per_trick_off`` for each trick more or fewer than the bid.  These
scores replace the procedure's deal scores (``replace: true``, the default) or are
added to them (``replace: false``).

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
from typing import Any, ClassVar, Protocol

import attrs

from cardrules.actions import Action, Kind
from cardrules.engine.action_space import Family, Listed
from cardrules.engine.context import GameRules
from cardrules.engine.events import Event
from cardrules.engine.fields import Numbers, field
from cardrules.engine.heuristics import CardFacts
from cardrules.engine.observation import Field, NumbersBySeat, SeatsIn
from cardrules.engine.procedures import find as find_procedure
from cardrules.engine.table import Table
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

__all__ = ["Bidding", "BiddingFields", "BiddingSettings", "BiddingTable", "Contract"]

NO_BID = -1
"""A player's bid before they have bid."""


@attrs.frozen(kw_only=True)
class Contract:
    """How a bid scores when the deal ends."""

    exact: int = 10
    """Points for taking exactly the tricks bid."""
    per_trick: int = 1
    """Points per trick taken, for a player who took exactly the tricks bid."""
    otherwise: int = 0
    """Points for taking more or fewer tricks than bid."""
    per_trick_off: int = 0
    """Points per trick more or fewer than bid (negative: a penalty)."""
    replace: bool = True
    """The bids' scores replace the procedure's deal scores (else they are added)."""

    def score(self, *, bid: int, took: int) -> int:
        """The score of a player who bid ``bid`` tricks and took ``took``."""
        if bid == took:
            return self.exact + self.per_trick * took
        return self.otherwise + self.per_trick_off * abs(took - bid)

    def describe(self) -> str:
        """The scoring in English."""
        off = (f" and {self.per_trick_off} per trick more or fewer than bid"
               if self.per_trick_off else "")
        replace = ("These replace the deal's other scores." if self.replace else
                   "These are added to the deal's other scores.")
        return (f"Making the bid exactly scores {self.exact} and {self.per_trick} per trick "
                f"taken; otherwise {self.otherwise}{off}. {replace}")


@attrs.frozen(kw_only=True)
class BiddingSettings:
    """The phase's section of a rule file."""

    dealer_may_not_make_total: bool = False
    """The dealer, bidding last, may not make the bids add up to the tricks of the deal
    (with another :attr:`order`: whoever bids last)."""
    contract: Contract = Contract()
    """How the bids score."""
    order: TurnOrder = DEALERS_LEFT
    """Who bids first, and which way the bidding goes."""


@attrs.define(slots=False)
class BiddingFields:
    """The phase's state fields."""

    _bids: tuple[int, ...] = field(Numbers(minimum=NO_BID, start=NO_BID))
    """Each player's bid (-1: not yet bid), seen by everyone."""


class BiddingTable(Table, Protocol):
    """The table the bidding works at: with its own field."""

    _bids: tuple[int, ...]


_NUMBER = {"type": "integer", "minimum": -100, "maximum": 100}


class Bidding(Phase[BiddingTable]):
    """Each player bids the tricks they will take; the bids score by a contract."""

    name = "bidding"
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
                                "replace the deal's other scores (else they are added)."}}}}}

    def settings(self, section: Mapping[str, Any]) -> BiddingSettings:
        return BiddingSettings(
            dealer_may_not_make_total=bool(section.get("dealer_may_not_make_total", False)),
            contract=Contract(**section.get("contract", {})),
            order=read_order(section.get("order")))

    def check(self, settings: BiddingSettings, variant: Variant) -> Iterator[str]:
        for lack in find_procedure(variant.play.procedure).lacks("counted_tricks", variant):
            yield f"bidding needs {lack}"

    def describe(self, settings: BiddingSettings) -> str:
        last = "the dealer" if settings.order in NEXT_TO_DEALER else "the last to bid"
        hook = (f"; {last} may not bid so that the bids add up to the tricks of the deal"
                if settings.dealer_may_not_make_total else "")
        order = ("from the dealer's left" if settings.order == DEALERS_LEFT
                 else f"({settings.order.describe()})")
        return (f"After the deal each player in turn {order} bids the number "
                f"of tricks they will take{hook}. {settings.contract.describe()}")

    def enter(self, state: BiddingTable, settings: BiddingSettings) -> None:
        state._bids = (NO_BID,) * state.game.players
        state.turn_to(settings.order.first(state.seating()))

    def move_scorer(self, view: View, legal: Sequence[Action],
                    ) -> Callable[[Action], float]:
        """Bid the tricks the hand looks worth: a trump or a card in the top quarter of
        the ranks counts as one (:func:`bid_estimate`).  Reads the ``trump`` entry of the
        tricks procedure and, when ``name_trump`` is listed, its ``trump_pending``."""
        mine = view.hands[view.player]
        target = bid_estimate(mine if isinstance(mine, list) else [], view.card_facts,
                              trump=view.trump,
                              pending=bool(getattr(view, "trump_pending", False)))
        return lambda action: -abs(action.amount - target)

    def candidates(self, state: BiddingTable, settings: BiddingSettings) -> list[Action]:
        return [_bid(k) for k in range(_tricks(state) + 1)]

    def refusal(self, state: BiddingTable, settings: BiddingSettings,
                action: Action) -> str | None:
        tricks, game = _tricks(state), state.game
        if action.kind is not Kind.VERB or action.name != "bid":
            return (f"each player first bids the tricks they will take, from 'bid 0' to "
                    f"'bid {tricks}'{game.rule_ref('bid')}")
        if action.amount > tricks:
            return (f"a bid is 0 to the {_count(tricks)} of the deal, not {action.amount}"
                    f"{game.rule_ref('bid')}")
        if settings.dealer_may_not_make_total and \
                state.to_act == settings.order.last(state.seating()):
            total = sum(b for b in state._bids if b != NO_BID) + action.amount
            if total == tricks:
                return (f"the dealer may not bid {action.amount}: the bids would add up to "
                        f"the {_count(tricks)} of the deal{game.rule_ref('dealer_bid')}")
        return None

    def apply(self, state: BiddingTable, settings: BiddingSettings, action: Action) -> bool:
        p = state.to_act
        bids = state._bids
        state._bids = bids[:p] + (action.amount,) + bids[p + 1:]
        state.record(Event(kind="bid", player=p, amount=action.amount))
        order = settings.order
        if p == order.last(state.seating()):
            return True
        state.turn_to(order.after(p, state.game.players))
        return False

    def score(self, state: BiddingTable, settings: BiddingSettings,
              scores: tuple[int, ...]) -> tuple[int, ...]:
        contract = settings.contract
        took: tuple[int, ...] = state.offered("tricks")  # the procedure's counted tricks
        made = tuple(contract.score(bid=b, took=t) if b != NO_BID else 0
                     for b, t in zip(state._bids, took))
        if contract.replace:
            return made
        return tuple(s + m for s, m in zip(scores, made))

    def replaces_scores(self, settings: BiddingSettings) -> bool:
        return settings.contract.replace

    def view(self, state: BiddingTable, settings: BiddingSettings,
             player: int) -> dict[str, Any]:
        bids = state._bids
        return {"bids": [b if b != NO_BID else None for b in bids],
                "bidders": [p for p, b in enumerate(bids) if b != NO_BID]}

    def view_entries(self, game: GameRules, settings: BiddingSettings) -> tuple[str, ...]:
        return ("bids", "bidders")

    def families(self, game: GameRules, settings: BiddingSettings) -> tuple[Family, ...]:
        largest = game.variant.deal.largest(game.players)
        return (Listed(actions=tuple(_bid(k) for k in range(largest + 1))),)

    def observation_fields(self, game: GameRules, settings: BiddingSettings) -> tuple[Field, ...]:
        return (NumbersBySeat(key="bids"), SeatsIn(key="bidders"))

    def action_bound(self, settings: BiddingSettings, variant: Variant) -> int:
        return variant.deal.hand + 1


def _bid(tricks: int) -> Action:
    """The action ``bid <tricks>``, with its notation."""
    return Action(kind=Kind.VERB, name="bid", amount=tricks, label=f"bid {tricks}")


def _count(tricks: int) -> str:
    """``1 trick``, ``2 tricks``."""
    return f"{tricks} trick{'s' * (tricks != 1)}"


def _tricks(state: Table) -> int:
    """The tricks of this deal: the cards a hand is dealt."""
    return int(state.game.variant.deal.hand_for(state.game.players, state.deal_number))


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
