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
from typing import Any

import attrs

from cardrules.actions import Action, Kind
from cardrules.engine.turns import TurnOrder

__all__ = ["HOLD", "IN_PAIRS_SCHEMA", "LADDER_SCHEMA", "Bidding", "describe",
           "ladder_problems"]

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


@attrs.frozen(kw_only=True)
class Bidding:
    """Where a pairs auction stands: who has passed, who holds or made the last bid,
    who speaks first and which way the turn goes."""

    passed: tuple[int, ...]
    """1 for each seat that has passed."""
    declarer: int
    """Who made or holds the last bid (-1: nobody has bid)."""
    first: int
    """The first to speak (the first listener)."""
    order: TurnOrder
    """Which way the turn goes."""

    def speaking(self) -> list[int]:
        """The seats that have not passed, in speaking order."""
        n = len(self.passed)
        seat, seats = self.first, []
        for _ in range(n):
            if not self.passed[seat]:
                seats.append(seat)
            seat = self.order.after(seat, n)
        return seats

    def to_speak(self) -> int:
        """Who speaks now (-1: the auction is over): the bidder, or the listener when
        the bidder's bid waits for an answer, or the last player left when nobody has
        bid."""
        left = self.speaking()
        if not left or (len(left) == 1 and self.declarer >= 0):
            return -1
        if len(left) == 1:
            return left[0]
        listener, bidder = left[0], left[1]
        return listener if self.declarer == bidder else bidder

    def answering(self, seat: int) -> bool:
        """Whether ``seat``, to act, answers a bid made to them (hold or pass)."""
        left = self.speaking()
        return len(left) >= 2 and self.declarer == left[1] and seat == left[0]

    def inconsistency(self, to_act: int) -> str | None:
        """Why the auction cannot be at work with ``to_act`` to act, or None."""
        seat = self.to_speak()
        if seat < 0:
            return "all but the declarer have passed: the auction is over"
        if to_act != seat:
            return f"player {to_act} is to act, but player {seat} speaks now"
        return None

    def refusal(self, to_act: int, bid: int, action: Action) -> str | None:
        """Why ``action`` (not a legal one) is refused in the pairs' own terms (an
        answer where a bid is due, a bid where an answer is), or None to leave it to the
        auction's reasons."""
        if self.answering(to_act):
            return f"player {to_act} answers the bid of {bid}: 'hold' or 'pass'"
        if action == HOLD:
            return f"player {to_act} has no bid to answer: bid higher or pass"
        return None


def describe(order: str) -> str:
    """Pairs bidding in words (``order``: who speaks first, in words)."""
    return (f"After the deal the players bid in pairs, in turn {order}: the second to "
            "speak bids to the first, who holds each bid ('hold') or passes; the bidder "
            "bids higher or passes. Whoever is left then listens to the third, who bids "
            "to them the same way. The player left when the others have passed is the "
            "declarer, at the last bid (the contract). If the two later speakers pass "
            "without a bid, the first may bid or pass too (the deal is then thrown in, "
            "nobody scoring).")
