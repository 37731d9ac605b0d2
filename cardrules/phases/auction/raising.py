"""The ``raise`` phase: later in the deal (after taking a widow, say) the auction's
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
from typing import Any, ClassVar

from cardrules.actions import Action, Kind
from cardrules.engine.action_space import Family, Listed
from cardrules.engine.context import GameRules
from cardrules.engine.events import Event
from cardrules.engine.views import View
from cardrules.model.variant import Variant
from cardrules.phases import Phase, find, register
from cardrules.phases.auction import PASS, Auction, AuctionSettings, AuctionTable, allowed_bids

__all__ = ["Raise"]


def _auction(game: GameRules) -> AuctionSettings:
    """The settings of the auction listed in ``game`` (the phase's checks make sure
    there is one)."""
    for phase, settings in getattr(game, "phases", ()):
        if isinstance(phase, Auction):
            assert isinstance(settings, AuctionSettings)
            return settings
    raise LookupError("the raise phase needs an auction listed before it")


class Raise(Phase[AuctionTable]):
    """The declarer raises the auction's contract, or keeps it."""

    name = "raise"
    number_verbs: ClassVar[tuple[str, ...]] = ("raise",)
    candidates_all_legal = True  # refusal refuses exactly what candidates leaves out
    schema: ClassVar[Mapping[str, Any]] = {
        "type": "object", "additionalProperties": False, "properties": {},
        "description": "The declarer may raise the auction's contract (steps, maximum and "
                       "needs as the auction's), or keep it."}

    def settings(self, section: Mapping[str, Any]) -> dict[str, Any]:
        return dict(section)

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
        if action.kind is not Kind.VERB or action.name != "raise":
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
            state.record(Event(kind="keep", player=p, amount=state._auction_bid))
        else:
            state._auction_bid = action.amount
            state.record(Event(kind="raise", player=p, amount=action.amount))
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
        return lambda action: 1.0 if action.kind is Kind.PASS else -float(action.amount)


def _is_auction(name: str) -> bool:
    """Whether the phase registered as ``name`` is an auction (False if unknown)."""
    try:
        return isinstance(find(name), Auction)
    except KeyError:
        return False


@cache
def _raise(points: int) -> Action:
    """The action ``raise <points>``, with its notation (made once per number)."""
    return Action(kind=Kind.VERB, name="raise", amount=points, label=f"raise {points}")


register(Raise())
