"""Bidding in pairs (the auction's ``in_pairs``), and bids on a ladder of values
(``ladder``).

In pairs bidding the players are taken in speaking order (``order``: the first to speak
is the *listener* at first): the second bids to the first, who answers each bid with
``hold`` (keeping the bid at that value) or ``pass``; the bidder goes on bidding higher
or passes.  Whoever of the two is left then listens to the third, who bids to them the
same way.  The player left when the others have passed is the declarer, at the last bid
held or made.  When the two later speakers pass without bidding, the first may bid
(any bid, nobody answers it) or pass too: the deal is then thrown in.  So at any moment
the *listener* is the first player in speaking order who has not passed, the *bidder*
the next one; the bidder speaks unless the bidder's bid waits for the listener's answer.

A ``ladder`` lists the bids allowed, lowest first (Skat's game values, 18, 20, 22...), in
place of an opening bid and a step.

>>> list(ladder_problems((18, 20, 20)))
['auction ladder: the bids must rise (20 follows 20)']
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from cardrules.actions import Action, Kind
from cardrules.engine.events import Event
from cardrules.engine.turns import TurnOrder

if TYPE_CHECKING:
    from cardrules.phases.auction import AuctionTable

__all__ = ["HOLD", "IN_PAIRS_SCHEMA", "LADDER_SCHEMA", "answering", "apply", "describe",
           "inconsistency", "ladder_problems", "refusal", "to_speak"]

HOLD = Action(kind=Kind.VERB, name="hold", label="hold")
"""Hold: keep the bid just made to one (the listener's answer)."""

LADDER_SCHEMA: Mapping[str, Any] = {
    "type": "array", "minItems": 1, "maxItems": 200,
    "items": {"type": "integer", "minimum": 1, "maximum": 1000},
    "description": "The bids allowed, lowest first (Skat's game values 18, 20, 22...), in "
                   "place of opening, step and max."}
"""The JSON Schema of the auction's ``ladder``."""

IN_PAIRS_SCHEMA: Mapping[str, Any] = {
    "type": "boolean",
    "description": "Bidding in pairs (default false): the second to speak bids to the "
                   "first, who holds or passes each bid; the third then bids to whoever is "
                   "left. Whoever is left at the end declares at the last bid."}
"""The JSON Schema of the auction's ``in_pairs``."""


def ladder_problems(ladder: tuple[int, ...]) -> Iterator[str]:
    """What is wrong with a ladder of bids (they must rise)."""
    for low, high in pairwise(ladder):
        if high <= low:
            yield f"auction ladder: the bids must rise ({high} follows {low})"
            return


def _speaking(state: AuctionTable, order: TurnOrder) -> list[int]:
    """The seats that have not passed, in speaking order."""
    n = state.game.players
    seat = order.first(state.seating())
    seats = []
    for _ in range(n):
        if not state._auction_passed[seat]:
            seats.append(seat)
        seat = order.after(seat, n)
    return seats


def to_speak(state: AuctionTable, order: TurnOrder) -> int:
    """Who speaks now (-1: the auction is over): the bidder, or the listener when the
    bidder's bid waits for an answer, or the last player left when nobody has bid."""
    left = _speaking(state, order)
    declarer = state._auction_declarer
    if not left or (len(left) == 1 and declarer >= 0):
        return -1
    if len(left) == 1:
        return left[0]
    listener, bidder = left[0], left[1]
    return listener if declarer == bidder else bidder


def answering(state: AuctionTable, order: TurnOrder) -> bool:
    """The player to act answers a bid made to them (hold or pass)."""
    left = _speaking(state, order)
    return len(left) >= 2 and state._auction_declarer == left[1] \
        and state.to_act == left[0]


def inconsistency(state: AuctionTable, order: TurnOrder) -> str | None:
    """Why the pairs auction cannot be at work in ``state`` (the player to act is not the
    one to speak), or None."""
    seat = to_speak(state, order)
    if seat < 0:
        return "all but the declarer have passed: the auction is over"
    if state.to_act != seat:
        return f"player {state.to_act} is to act, but player {seat} speaks now"
    return None


def refusal(state: AuctionTable, order: TurnOrder, action: Action) -> str | None:
    """Why ``action`` is refused in the pairs auction's own terms (an answer where a bid
    is due, a bid where an answer is), or None to leave it to the auction's reasons."""
    p = state.to_act
    if answering(state, order):
        return (f"player {p} answers the bid of {state._auction_bid}: 'hold' or "
                f"'pass'")
    if action == HOLD:
        return f"player {p} has no bid to answer: bid higher or pass"
    return None


def apply(state: AuctionTable, order: TurnOrder, action: Action) -> bool:
    """Carry out a legal pass, bid or hold; True when the auction is over."""
    p = state.to_act
    if action == HOLD:
        state._auction_declarer = p
        state.record(Event(kind="hold", player=p, amount=state._auction_bid))
    elif action.kind is Kind.PASS:
        passed = state._auction_passed
        state._auction_passed = passed[:p] + (1,) + passed[p + 1:]
        state.record(Event(kind="pass", player=p))
    else:
        state._auction_bid, state._auction_declarer = action.amount, p
        state.record(Event(kind="bid", player=p, amount=action.amount))
    if not _speaking(state, order):  # everyone passed
        state.throw_in()
        return True
    seat = to_speak(state, order)
    if seat < 0:
        return True
    state.turn_to(seat)
    return False


def describe(order: str) -> str:
    """Pairs bidding in words (``order``: who speaks first, in words)."""
    return (f"After the deal the players bid in pairs, in turn {order}: the second to "
            "speak bids to the first, who holds each bid ('hold') or passes; the bidder "
            "bids higher or passes. Whoever is left then listens to the third, who bids "
            "to them the same way. The player left when the others have passed is the "
            "declarer, at the last bid (the contract). If the two later speakers pass "
            "without a bid, the first may bid or pass too (the deal is then thrown in, "
            "nobody scoring).")
