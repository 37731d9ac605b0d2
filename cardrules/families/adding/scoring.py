"""Points of the adding family: on the way (the running total, pairs, runs, go) and in
the show (fifteens, pairs, runs, flush, nobs), each a table of the rule file's.

>>> import cardrules
>>> game = cardrules.load("cribbage", players=2)
>>> pack, tables = game.pack, game.tables
>>> show_points(tables, pack.parse_many("5C 5D 5H JS"), pack.parse("5S"), crib=False)
29
>>> [note for note, _ in play_points(tables, pack.parse_many("4C 6D 5H"), 15)]
['fifteen', 'run']
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardrules.families.adding.tables import AddingTables

__all__ = ["is_run", "play_points", "show_parts", "show_points"]


def is_run(ranks: Sequence[int]) -> bool:
    """Whether ``ranks`` (places in the pack) are distinct and consecutive in some order.

    >>> is_run([3, 1, 2]), is_run([1, 2, 2]), is_run([1, 3, 4])
    (True, False, False)
    """
    return len(set(ranks)) == len(ranks) and max(ranks) - min(ranks) == len(ranks) - 1


def play_points(tables: AddingTables, played: Sequence[int],
                total: int) -> list[tuple[str, int]]:
    """What the card just played (the last of ``played``, this round's cards in order)
    scores with the running ``total`` it made: the total reached, the last cards of one
    rank, the last cards making a run; each as (word, points)."""
    scoring, ranks = tables.scoring, tables.ranks
    out: list[tuple[str, int]] = []
    reached = scoring.totals.get(total, 0)
    if reached:
        out.append((f"total_{total}" if total != 15 else "fifteen", reached))
    last = ranks[played[-1]]
    same = 1
    while same < len(played) and ranks[played[-1 - same]] == last:
        same += 1
    if same >= 2 and scoring.pairs:
        out.append(("pair" if same == 2 else f"{same}_of_a_kind",
                    scoring.pairs[min(same, len(scoring.pairs) + 1) - 2]))
    if scoring.run:
        longest = min(len(played), len(tables.pack.ranks))
        for size in range(longest, scoring.run - 1, -1):
            if is_run([ranks[c] for c in played[-size:]]):
                out.append(("run", size))
                break
    return out


def show_parts(tables: AddingTables, kept: Sequence[int], starter: int,
               *, crib: bool) -> list[tuple[str, int]]:
    """The combinations a hand (or the crib, ``crib``) of ``kept`` cards scores with the
    ``starter`` in the show, each as (word, points)."""
    scoring, ranks, values, suits = tables.scoring, tables.ranks, tables.values, tables.suits
    cards = [*kept, starter]
    out: list[tuple[str, int]] = []
    if scoring.fifteen_points:
        for size in range(2, len(cards) + 1):
            for chosen in combinations(cards, size):
                if sum(values[c] for c in chosen) == scoring.fifteen:
                    out.append(("fifteen", scoring.fifteen_points))
    if scoring.pair:
        out.extend(("pair", scoring.pair) for a, b in combinations(cards, 2)
                   if ranks[a] == ranks[b])
    if scoring.show_run:
        scored: list[set[int]] = []
        for size in range(len(cards), scoring.show_run - 1, -1):
            for chosen in combinations(cards, size):
                if is_run([ranks[c] for c in chosen]) \
                        and not any(set(chosen) <= longer for longer in scored):
                    out.append(("run", size))
                    scored.append(set(chosen))
    if scoring.flush and kept and len({suits[c] for c in kept}) == 1:
        same = len(kept) + (suits[starter] == suits[kept[0]])
        if same >= (scoring.crib_flush if crib else scoring.flush):
            out.append(("flush", same))
    if scoring.nobs and any(ranks[c] == tables.nobs_rank and suits[c] == suits[starter]
                            for c in kept):
        out.append(("nobs", scoring.nobs))
    return out


def show_points(tables: AddingTables, kept: Sequence[int], starter: int,
                *, crib: bool) -> int:
    """The points a hand (or the crib) of ``kept`` cards scores with the ``starter``."""
    return sum(points for _, points in show_parts(tables, kept, starter, crib=crib))
