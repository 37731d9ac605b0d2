"""The ``name_trump`` phase: after the bidding the highest bidder names trumps.

Listed after ``bidding`` in a game whose trumps come from the bidder
(``play.trump.source: bidder``), it lets the player who made the highest bid name the
deal's trump suit (``trump H``) or, with ``no_trump: true``, play without trumps
(``trump none``).  When several players bid the same highest number, the first of them
in bidding order (from the dealer's left, or as the ``bidding`` phase's ``order`` says)
names: the first to make the highest bid.
The named suit is the deal's trump, in every view; until it is named there are no
trumps, and every view says that trumps are still to be named (``trump_pending``) and,
once the bids are in, by whom (``trump_namer``).  Who leads the first trick is not
changed.

Refusals quote the variant's rule number for the key ``name_trump`` of ``references:``:
``phases: [{bidding: {...}}, {name_trump: {no_trump: false}}]``.

>>> import textwrap
>>> phase = NameTrump()
>>> print(textwrap.fill(phase.describe(phase.settings({"no_trump": True})), 88))
After the bidding the highest bidder (of equal highest bids, the first made) names a
trump suit, or no trumps.
>>> phase.describe(phase.settings({})).endswith("names a trump suit.")
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, ClassVar

import attrs

from cardrules.actions import NO_TRUMP, Action, Kind
from cardrules.engine.action_space import Family, Listed
from cardrules.engine.context import GameRules
from cardrules.engine.events import raw_event
from cardrules.engine.heuristics import CardFacts
from cardrules.engine.observation import Field, Number, Seat
from cardrules.engine.procedures import find as find_procedure
from cardrules.engine.table import NamesTrump, Table
from cardrules.engine.turns import DEALERS_LEFT, TurnOrder
from cardrules.engine.views import View
from cardrules.model.variant import Variant
from cardrules.phases import Phase, register

__all__ = ["NameTrump", "NameTrumpSettings", "highest_bidder", "trump_scores"]


@attrs.frozen(kw_only=True)
class NameTrumpSettings:
    """The phase's section of a rule file."""

    no_trump: bool = False
    """The highest bidder may name no trumps (``trump none``) instead of a suit."""


class NameTrump(Phase[NamesTrump]):
    """The highest bidder names the deal's trump suit (or, if allowed, no trumps)."""

    name = "name_trump"
    names_trump = True
    schema: ClassVar[Mapping[str, Any]] = {
        "type": "object", "additionalProperties": False,
        "properties": {
            "no_trump": {
                "type": "boolean",
                "description": "The highest bidder may name no trumps ('trump none') "
                               "instead of a suit."}}}

    def settings(self, section: Mapping[str, Any]) -> NameTrumpSettings:
        return NameTrumpSettings(no_trump=bool(section.get("no_trump", False)))

    def check(self, settings: NameTrumpSettings, variant: Variant) -> Iterator[str]:
        for lack in find_procedure(variant.play.procedure).lacks("bidder_names_trump",
                                                                 variant):
            yield (f"name_trump names the trumps of a game whose trumps come from the "
                   f"highest bidder: it needs {lack}")
        names = [entry.name for entry in variant.phases]
        if "bidding" not in names[:names.index(self.name)]:
            yield ("name_trump needs a bidding phase listed before it (phases: [{bidding: "
                   "...}, {name_trump: ...}]): the highest bidder names trumps")
        if names.count(self.name) > 1:
            yield "name_trump is listed more than once; trumps are named once a deal"

    def describe(self, settings: NameTrumpSettings) -> str:
        none = ", or no trumps" if settings.no_trump else ""
        return (f"After the bidding the highest bidder (of equal highest bids, the first "
                f"made) names a trump suit{none}.")

    def enter(self, state: NamesTrump, settings: NameTrumpSettings) -> None:
        state.turn_to(highest_bidder(_bids(state), state.dealer, _bidding_order(state)))

    def candidates(self, state: NamesTrump, settings: NameTrumpSettings) -> list[Action]:
        return list(_actions(state.game.pack.suits, settings.no_trump))

    def refusal(self, state: NamesTrump, settings: NameTrumpSettings,
                action: Action) -> str | None:
        game = state.game
        ref = game.rule_ref("name_trump")
        suits = game.pack.suits
        if action.kind is not Kind.TRUMP or action.cards or action.amount:
            return (f"the highest bidder, player {state.to_act}, first names trumps: "
                    f"'trump' and a suit ({' '.join(suits)}){_or_none(settings)}{ref}")
        if action.name == NO_TRUMP:
            return None if settings.no_trump else \
                f"no trumps may not be named: name a suit ({' '.join(suits)}){ref}"
        if action.name not in suits:
            return f"there is no suit {action.name!r} (suits: {' '.join(suits)}){ref}"
        return None

    def apply(self, state: NamesTrump, settings: NameTrumpSettings, action: Action) -> bool:
        suits = state.game.pack.suits
        state.name_trump(suits.index(action.name) if action.name in suits else -1)
        state.record(raw_event(kind="trump", player=state.to_act, note=action.name))
        return True

    def view(self, state: NamesTrump, settings: NameTrumpSettings,
             player: int) -> dict[str, Any]:
        bids = _bids(state)
        namer = highest_bidder(bids, state.dealer, _bidding_order(state)) \
            if min(bids) >= 0 else None
        mine = next(i for i, (phase, _) in enumerate(state.game.phases) if phase is self)
        stage = state.stage
        return {"trump_namer": namer, "trump_pending": 0 <= stage <= mine
                and state.game.timings[stage].before_play}

    def view_entries(self, game: GameRules, settings: NameTrumpSettings) -> tuple[str, ...]:
        return ("trump_namer", "trump_pending")

    def families(self, game: GameRules, settings: NameTrumpSettings) -> tuple[Family, ...]:
        return (Listed(actions=_actions(game.pack.suits, settings.no_trump)),)

    def observation_fields(self, game: GameRules, settings: NameTrumpSettings,
                           ) -> tuple[Field, ...]:
        return (Seat(key="trump_namer"), Number(key="trump_pending"))

    def action_bound(self, settings: NameTrumpSettings, variant: Variant) -> int:
        return len(variant.pack.suits) + 1

    def move_scorer(self, view: View, settings: NameTrumpSettings, legal: Sequence[Action],
                    ) -> Callable[[Action], float]:
        """Name the suit the hand is longest and strongest in (:func:`trump_scores`)."""
        mine = view.hands[view.player]
        scores = trump_scores(mine if isinstance(mine, list) else [], view.card_facts)
        return lambda action: scores.get(action.name, 0.0)


def _bids(state: Table) -> tuple[int, ...]:
    """The bids of the bidding phase listed before (its field, read by its public
    name)."""
    bids: tuple[int, ...] = state.offered("bids")
    return bids


def highest_bidder(bids: Sequence[int], dealer: int,
                   order: Sequence[int] = ()) -> int:
    """Who names trumps: the player with the highest bid; of equal highest bids, the first
    made (``order``: the seats in the order they bid; by default clockwise from the
    dealer's left).

    >>> highest_bidder((2, 3, 3, 1), dealer=0)
    1
    >>> highest_bidder((3, 1, 0, 3), dealer=1)
    3
    >>> highest_bidder((3, 1, 0, 3), dealer=1, order=(0, 3, 2, 1))
    0
    """
    n = len(bids)
    best = max(bids)
    seats = order or DEALERS_LEFT.round_from((dealer + 1) % n, n)
    return next(p for p in seats if bids[p] == best)


def _bidding_order(state: Table) -> tuple[int, ...]:
    """The seats in the order the bidding phase listed before asked them to bid (its
    ``order``; the play's turn order by default)."""
    for phase, settings in state.game.phases:
        if getattr(phase, "name", "") == "bidding":
            order: TurnOrder = getattr(settings, "order", DEALERS_LEFT)
            return order.seats(state.seating())
    return state.game.turns.order.seats(state.seating())


def trump_scores(mine: Sequence[str], facts: CardFacts) -> dict[str, float]:
    """How good each choice looks to the seat holding ``mine``: a suit scores one per card
    held in it plus the card's place among the ranks (0 to 1); no trumps scores one and a
    half per card in the top quarter of the ranks.

    >>> scores = trump_scores(["AS", "6H", "7H"], CardFacts(
    ...     {"ranks": ["6", "7", "8", "9", "10", "J", "Q", "K", "A"], "suits": ["S", "H"]}))
    >>> max(scores, key=scores.__getitem__), scores["none"]
    ('H', 1.5)
    """
    top = max(len(facts.ranks) - 1, 1)
    high = len(facts.ranks) - max(len(facts.ranks) // 4, 1)
    scores = dict.fromkeys(facts.suits, 0.0)
    scores[NO_TRUMP] = 0.0
    for name in mine:
        rank, suit = facts.parse(str(name))
        if suit in scores:
            scores[suit] += 1 + rank / top
            scores[NO_TRUMP] += 1.5 * (rank >= high)
    return scores


def _actions(suits: Sequence[str], no_trump: bool) -> tuple[Action, ...]:
    """``trump S``... for each suit, then ``trump none`` when allowed."""
    names = (*suits, NO_TRUMP) if no_trump else tuple(suits)
    return tuple(Action(kind=Kind.TRUMP, name=s, label=f"trump {s}") for s in names)


def _or_none(settings: NameTrumpSettings) -> str:
    return " or 'trump none'" if settings.no_trump else ""


register(NameTrump())
