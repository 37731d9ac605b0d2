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
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardrules.families.adding.tables import AddingTables

__all__ = ["combinations_of", "is_run", "last_run", "play_points", "show_parts", "show_points"]


def is_run(ranks: Sequence[int]) -> bool:
    """Whether ``ranks`` (places in the pack) are distinct and consecutive in some order.

    >>> is_run([3, 1, 2]), is_run([1, 2, 2]), is_run([1, 3, 4])
    (True, False, False)
    """
    return len(set(ranks)) == len(ranks) and max(ranks) - min(ranks) == len(ranks) - 1


def last_run(ranks: Sequence[int], played: Sequence[int], shortest: int) -> int:
    """The most of the last cards of ``played`` that make a run (at least ``shortest``
    of them), or 0; ``ranks`` gives each card's place in the pack.  Going back from
    the last card, a repeated rank ends the search: every longer stretch holds it too.

    >>> last_run(range(13), [9, 3, 5, 4], 3), last_run(range(13), [3, 5, 4, 5], 3)
    (3, 0)
    """
    low = high = ranks[played[-1]]
    seen, best, size = 1 << low, 0, 1
    for i in range(len(played) - 2, -1, -1):
        rank = ranks[played[i]]
        bit = 1 << rank
        if seen & bit:
            break
        seen |= bit
        size += 1
        if rank < low:
            low = rank
        elif rank > high:
            high = rank
        if high - low == size - 1 and size >= shortest:
            best = size
    return best if best or shortest > 1 else 1


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
        size = last_run(ranks, played, scoring.run)
        if size:
            out.append(("run", size))
    return out


def combinations_of(tables: AddingTables,
                    cards: Sequence[int]) -> tuple[tuple[str, int], ...]:
    """The fifteens, pairs and runs of the show's ``cards``, which depend on their ranks
    alone.  Fifteens are counted by the number of subsets of each sum (the digits of one
    int; values are 1 or more: only the empty set sums to 0); pairs and runs from each
    rank's count: a stretch of consecutive ranks that no held rank extends scores one run
    of its length per way of choosing a card of each rank.

    >>> import cardrules
    >>> game = cardrules.load("cribbage", players=2)
    >>> combinations_of(game.tables, game.pack.parse_many("5C 5D 6H 4S 10S"))
    (('fifteen', 2), ('fifteen', 2), ('fifteen', 2), ('fifteen', 2), ('pair', 2), \
('run', 3), ('run', 3))
    """
    scoring, values, ranks = tables.scoring, tables.values, tables.ranks
    out: list[tuple[str, int]] = []
    target = scoring.fifteen
    if scoring.fifteen_points and target >= 0:
        width = len(cards) + 1  # bits per sum: fewer than 2 ** width subsets
        sums = 1  # the subsets of each sum: digit t (``width`` bits) counts sum t
        for c in cards:
            sums += sums << width * values[c]
        found = (sums >> width * target & (1 << width) - 1) - (target == 0) \
            - [values[c] for c in cards].count(target)
        out.extend([("fifteen", scoring.fifteen_points)] * found)
    groups: list[list[int]] = []
    for rank in sorted([ranks[c] for c in cards]):
        if groups and groups[-1][0] == rank:
            groups[-1][1] += 1
        else:
            groups.append([rank, 1])
    if scoring.pair:
        pairs = sum(n * (n - 1) // 2 for _, n in groups)
        out.extend([("pair", scoring.pair)] * pairs)
    if scoring.show_run:
        runs: list[tuple[int, int]] = []
        length, ways, previous = 0, 1, -2
        for rank, n in groups:
            if rank == previous + 1:
                length, ways = length + 1, ways * n
            else:
                if length >= scoring.show_run:
                    runs.append((length, ways))
                length, ways = 1, n
            previous = rank
        if length >= scoring.show_run:
            runs.append((length, ways))
        runs.sort(reverse=True)
        for length, ways in runs:
            out.extend([("run", length)] * ways)
    return tuple(out)


def show_parts(tables: AddingTables, kept: Sequence[int], starter: int,
               *, crib: bool) -> list[tuple[str, int]]:
    """The combinations a hand (or the crib, ``crib``) of ``kept`` cards scores with the
    ``starter`` in the show, each as (word, points): fifteens, pairs and runs
    (:func:`combinations_of`, remembered per multiset of ranks in ``tables.shows``),
    then flush and nobs."""
    scoring, ranks, suits, rank_keys = tables.scoring, tables.ranks, tables.suits, \
        tables.rank_keys
    key = rank_keys[starter]
    starter_suit = suits[starter]
    suit = suits[kept[0]] if kept else -1
    one_suit, nobs = True, False
    for c in kept:
        key += rank_keys[c]
        if suits[c] != suit:
            one_suit = False
        if ranks[c] == tables.nobs_rank and suits[c] == starter_suit:
            nobs = True
    found = tables.shows.get(key)
    if found is None:
        found = tables.shows[key] = combinations_of(tables, (*kept, starter))
    out = list(found)
    if scoring.flush and kept and one_suit:
        same = len(kept) + (starter_suit == suit)
        if same >= (scoring.crib_flush if crib else scoring.flush):
            out.append(("flush", same))
    if scoring.nobs and nobs:
        out.append(("nobs", scoring.nobs))
    return out


def show_points(tables: AddingTables, kept: Sequence[int], starter: int,
                *, crib: bool) -> int:
    """The points a hand (or the crib) of ``kept`` cards scores with the ``starter``."""
    return sum(points for _, points in show_parts(tables, kept, starter, crib=crib))
