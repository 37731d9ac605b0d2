"""The state of a contract auction, worked out from its calls (pure records and functions).

A call is coded as a whole number: ``PASS`` (0), ``DOUBLE`` (1), ``REDOUBLE`` (2), or a
bid, ``FIRST_BID`` plus ``(level - 1) * strains + strain`` (the strains in their order
from the lowest), so that a higher bid has a higher code.  :func:`follow` reads a list
of calls made in turn and gives the :class:`Standing` they leave, or says which call
the rules refuse.

>>> rules = CallRules(strains=5, levels=7, players=4, sides=(0, 1, 0, 1))
>>> follow((bid_code(1, 4, 5), PASS, bid_code(3, 4, 5), DOUBLE, PASS, PASS, PASS),
...        seats=(0, 1, 2, 3), rules=rules)
Standing(level=3, strain=4, doubled=1, bidder=2, declarer=0, passes=3, calls=7)
>>> follow((PASS, REDOUBLE), seats=(0, 1, 2, 3), rules=rules)
'call 2, redouble: only the side whose bid was doubled redoubles it, once'
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

__all__ = ["DOUBLE", "FIRST_BID", "PASS", "REDOUBLE", "CallRules", "Standing", "bid_code",
           "follow"]

PASS = 0
"""The code of a pass."""
DOUBLE = 1
"""The code of a double."""
REDOUBLE = 2
"""The code of a redouble."""
FIRST_BID = 3
"""The code of the lowest bid."""


def bid_code(level: int, strain: int, strains: int) -> int:
    """The code of a bid of ``level`` in the ``strain``-th of ``strains`` strains.

    >>> bid_code(1, 0, 5), bid_code(7, 4, 5)
    (3, 37)
    """
    return FIRST_BID + (level - 1) * strains + strain


@attrs.frozen(kw_only=True)
class CallRules:
    """What the rules of the calls need to read an auction."""

    strains: int
    """The number of strains."""
    levels: int
    """The highest level."""
    players: int
    """Seats at the table."""
    sides: tuple[int, ...]
    """Each seat's side (partners share one)."""
    double: bool = True
    """Doubling is allowed."""
    redouble: bool = True
    """Redoubling is allowed."""

    @property
    def top(self) -> int:
        """The code of the highest bid."""
        return bid_code(self.levels, self.strains - 1, self.strains)


@attrs.frozen(kw_only=True)
class Standing:
    """Where an auction stands after some calls."""

    level: int = 0
    """The last bid's level (0: no bid yet)."""
    strain: int = -1
    """The last bid's strain (-1: no bid yet)."""
    doubled: int = 0
    """0 undoubled, 1 doubled, 2 redoubled."""
    bidder: int = -1
    """Who made the last bid."""
    declarer: int = -1
    """Of the last bidder's side, the first to have named the last bid's strain."""
    passes: int = 0
    """Passes since the last call that was not a pass."""
    calls: int = 0
    """Calls made."""

    def over(self, players: int) -> bool:
        """The auction is over: everyone passed, or all but one passed after a bid."""
        return self.passes >= (players - 1 if self.level else players)

    def legal(self, seat: int, rules: CallRules) -> list[int]:
        """The calls ``seat`` may make next, in code order (none once it is over)."""
        if self.over(rules.players):
            return []
        calls = [PASS]
        ours = self.level > 0 and rules.sides[seat] == rules.sides[self.bidder]
        if rules.double and self.level and not ours and self.doubled == 0:
            calls.append(DOUBLE)
        if rules.redouble and self.level and ours and self.doubled == 1:
            calls.append(REDOUBLE)
        low = bid_code(self.level, self.strain, rules.strains) + 1 if self.level \
            else FIRST_BID
        calls.extend(range(low, rules.top + 1))
        return calls


def follow(calls: Sequence[int], *, seats: Sequence[int], rules: CallRules,
           check: bool = True) -> Standing | str:
    """The standing after ``calls`` made in turn by ``seats`` (every seat once, the first
    to call first), or why one of them is refused (its place, from 1, and its kind);
    ``check=False`` trusts the calls to be legal."""
    level, strain, doubled, bidder, passes = 0, -1, 0, -1, 0
    named: dict[tuple[int, int], int] = {}  # (side, strain) -> first to name it
    declarer = -1
    n = rules.players
    for k, call in enumerate(calls):
        seat = seats[k % n]
        standing = Standing(level=level, strain=strain, doubled=doubled, bidder=bidder,
                            declarer=declarer, passes=passes, calls=k) if check else None
        if standing is not None and call not in standing.legal(seat, rules):
            word = {PASS: "pass", DOUBLE: "double", REDOUBLE: "redouble"}.get(call, "bid")
            why = {DOUBLE: "only a bid of the other side, not doubled yet, is doubled",
                   REDOUBLE: "only the side whose bid was doubled redoubles it, once"
                   }.get(call, "a bid is higher than the last, and the auction not over")
            return f"call {k + 1}, {word}: {why}"
        if call == PASS:
            passes += 1
            continue
        passes = 0
        if call == DOUBLE:
            doubled = 1
        elif call == REDOUBLE:
            doubled = 2
        else:
            level = 1 + (call - FIRST_BID) // rules.strains
            strain = (call - FIRST_BID) % rules.strains
            doubled, bidder = 0, seat
            declarer = named.setdefault((rules.sides[seat], strain), seat)
    return Standing(level=level, strain=strain, doubled=doubled, bidder=bidder,
                    declarer=declarer, passes=passes, calls=len(calls))
