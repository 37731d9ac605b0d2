"""The money layer: pots shared among winners by a table of shares keyed by tie pattern,
and a deal's bets cut into a main pot and side pots.

The pattern names the winners' groups of equal totals from the best total down,
``1+2`` meaning one best winner, then two tied.  Shares are exact fractions of the
pot, listed best first; what cannot be split into whole minor units goes by the
remainder rule.  A match's money pot (Bura's stakes, :attr:`MatchSpec.pot
<cardrules.model.match.MatchSpec.pot>`) and each pot of a betting deal (tied hands
sharing evenly, :func:`even_shares`; side pots from :func:`side_pots`) are split by the
same :func:`split_pot`.

>>> from fractions import Fraction as F
>>> from cardrules.model.match import Remainder
>>> table = {"1": (F(1),), "1+1": (F(4, 5), F(1, 5)), "3": (F(1, 3),) * 3}
>>> split_pot(pot=400, table=table, totals={0: 4, 2: 4, 3: 4}, lower_is_better=True,
...           remainder=Remainder.LOWEST_TOTAL, seat_order=(0, 1, 2, 3))
({0: 134, 2: 133, 3: 133}, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from cardrules.model.match import Remainder

__all__ = ["even_shares", "pattern_of", "side_pots", "split_pot"]


def pattern_of(values: Sequence[int]) -> str:
    """The tie pattern of sorted ``values``: sizes of runs of equal values, joined by ``+``.

    >>> pattern_of([2, 4, 4])
    '1+2'
    """
    groups: list[int] = []
    previous: object = object()
    for value in values:
        if value == previous:
            groups[-1] += 1
        else:
            groups.append(1)
        previous = value
    return "+".join(str(g) for g in groups)


def split_pot(*, pot: int, table: Mapping[str, Sequence[Fraction]], totals: Mapping[int, int],
              lower_is_better: bool, remainder: Remainder,
              seat_order: Sequence[int]) -> tuple[dict[int, int], int]:
    """Each winner's share in minor units, and the part kept in the pot.

    ``totals`` maps each winner to their total.  Winners with equal totals get the mean
    of the shares their group spans, so a tie never favours a seat; whole minor units
    are paid down, and the remainder goes to the best-placed winner (ties by
    ``seat_order``) or stays in the pot (``Remainder.KEPT``).
    """
    rank = sorted(totals, key=lambda p: (totals[p] if lower_is_better else -totals[p],
                                         seat_order.index(p)))
    pattern = pattern_of([totals[p] for p in rank])
    if pattern not in table:
        raise KeyError(f"no pot share for pattern {pattern!r}; the table has "
                       f"{', '.join(sorted(table))}")
    shares = list(table[pattern])
    exact: dict[int, Fraction] = {}
    start = 0
    for size in (int(g) for g in pattern.split("+")):
        group = rank[start:start + size]
        mean = sum(shares[start:start + size], Fraction(0)) / size
        for player in group:
            exact[player] = mean * pot
        start += size
    paid = {p: int(v) for p, v in exact.items()}
    left = pot - sum(paid.values())
    if remainder is Remainder.KEPT or not left:
        return paid, left
    if remainder is Remainder.ONE_EACH:
        for k in range(left):
            paid[rank[k % len(rank)]] += 1
        return paid, 0
    paid[rank[0]] += left
    return paid, 0


def even_shares(winners: int) -> dict[str, tuple[Fraction, ...]]:
    """The share table of ``winners`` tied winners who split a pot evenly.

    >>> split_pot(pot=7, table=even_shares(2), totals={2: 0, 0: 0}, lower_is_better=False,
    ...           remainder=Remainder.ONE_EACH, seat_order=(2, 0, 1))
    ({2: 4, 0: 3}, 0)
    """
    return {str(winners): (Fraction(1, winners),) * winners}


def side_pots(staked: Sequence[int], live: Sequence[int]) -> list[tuple[int, list[int]]]:
    """The pots of a deal whose players put ``staked`` chips in, with the players
    ``live`` still in: the main pot, then a side pot above each stake of a player all
    in for less, each with its size and the players of ``live`` (in that order) with a
    share in it.  Chips above the highest stake still in go to the players who staked
    it.

    >>> side_pots([50, 100, 100], [0, 1, 2])
    [(150, [0, 1, 2]), (100, [1, 2])]
    >>> side_pots([30, 100, 60], [2, 1])  # seat 0 folded; seat 1's last 40 were not called
    [(150, [2, 1]), (40, [1])]
    """
    levels = sorted({staked[s] for s in live})
    out: list[tuple[int, list[int]]] = []
    below, last = 0, len(levels) - 1
    for k, level in enumerate(levels):
        size = 0
        for c in staked:  # loops, not generators: this module is compiled
            size += (c if k == last else min(c, level)) - min(c, below)
        if size:
            out.append((size, [s for s in live if staked[s] >= level]))
        below = level
    return out
