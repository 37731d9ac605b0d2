"""Tysyacha's hook: the barrel (rules S5-S7 of ``docs/rules/tysyacha.md``; everything
else is data in ``variants/tysyacha.yaml``).

The match keeps, per seat, a counter ``barrel_<seat>``: 0 while the player is off the
barrel, else 1 plus the deals they have played on it.  The deal on which a player gets
on the barrel does not count among the three.

>>> from cardrules.hooks import CarryInput
>>> def deal(scores, totals, counters=None, declarer=1):
...     class Deal:
...         def declarer_seat(self):
...             return declarer
...     given = barrel(CarryInput(scores=scores, totals=totals, counters=counters or {},
...                               details={}, dealer=0, deal=Deal()))
...     return given.scores, [given.counters[f"barrel_{p}"] for p in range(3)]
>>> deal((45, 120, 0), (860, 0, 0))         # S5: 905 is recorded as 880
((20, 120, 0), [1, 0, 0])
>>> deal((40, 120, 0), (880, 0, 0), {"barrel_0": 1})   # S6: an opponent adds nothing
((0, 120, 0), [2, 0, 0])
>>> deal((0, 120, 0), (0, 880, 0), {"barrel_1": 1})    # S7: 1000 wins
((0, 120, 0), [0, 0, 0])
>>> deal((0, -120, 0), (0, 880, 0), {"barrel_1": 2})   # S7: a failed contract: off
((0, -120, 0), [0, 0, 0])
>>> deal((10, 0, 0), (880, 0, 0), {"barrel_0": 3})     # S7: the third deal costs 120
((-120, 0, 0), [0, 0, 0])
"""

from __future__ import annotations

from typing import Any

from cardrules.hooks import Carried, CarryInput, hook

__all__ = ["barrel"]

BARREL = 880
"""A total from here up to the target is recorded as this (S5)."""
TARGET = 1000
"""The match target (S8): a total that reaches it is never cut down."""
DEALS = 3
"""Deals a player may spend on the barrel (S7)."""
PENALTY = -120
"""What a player who spent them all without winning scores (S7)."""


def _declarer(deal: Any) -> int:
    """The deal's declarer (the auction's last bidder; -1: none)."""
    seat = deal.declarer_seat() if hasattr(deal, "declarer_seat") else -1
    return seat if isinstance(seat, int) else -1


@hook("carry", "tysyacha.barrel")
def barrel(position: CarryInput) -> Carried:
    """A total that would end between 880 and 999 is recorded as 880: the player is on
    the barrel (S5).  On it, points as an opponent are not added (S6); a made contract
    counts only if the total reaches 1000 (else the total stays 880), a failed one is
    subtracted and takes the player off the barrel, and a third deal on it without
    winning costs 120 and takes the player off (S7)."""
    declarer = _declarer(position.deal)
    scores, counters = list(position.scores), dict(position.counters)
    for seat, (total, score) in enumerate(zip(position.totals, position.scores)):
        key, on = f"barrel_{seat}", int(position.counters.get(f"barrel_{seat}", 0))
        if not on:
            if BARREL <= total + score < TARGET:
                scores[seat], on = BARREL - total, 1
        elif seat == declarer and (score < 0 or total + score >= TARGET):
            on = 0  # a failed contract, or a win: the score stands
        else:
            scores[seat], on = 0, on + 1
            if on > DEALS:
                scores[seat], on = PENALTY, 0
        counters[key] = on
    return Carried(scores=tuple(scores), counters=counters)
