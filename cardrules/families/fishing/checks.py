"""Cross-field checks and the bound on legal actions of the fishing procedure."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations_with_replacement
from math import comb
from typing import Any

from cardrules.families.fishing.model import FishingPlay, FishingScoring
from cardrules.families.fishing.tables import rank_values

__all__ = ["action_bound", "check_fishing", "subset_count"]

Found = tuple[tuple[str | int, ...], str]
"""A problem: JSON path and message."""


def check_fishing(v: Any) -> Iterator[Found]:
    """Problems of a fishing game's ``play`` and ``scoring`` that the schema cannot see.

    >>> from cardrules.loader.load import load_variant
    >>> list(check_fishing(load_variant("scopa")[0]))
    []
    """
    play, scoring, pack = v.play, v.scoring, v.pack
    assert isinstance(play, FishingPlay) and isinstance(scoring, FishingScoring)
    if pack.extra:
        yield ("pack", "extra"), ("the fishing procedure captures by rank and value, which "
                                  "an extra card (a joker) lacks; remove pack.extra")
    if pack.copies > 1 or pack.faces:
        yield ("pack", "copies" if pack.copies > 1 else "faces"), (
            "the fishing procedure captures by rank and value on a pack of one card of "
            "each rank x suit; remove pack.copies and pack.faces")
    size = len(pack.ranks) * len(pack.suits)
    for n in range(v.players.min, v.players.max + 1):
        needed = v.deal.largest(n) * n + play.table
        if needed > size:
            yield ("play", "table"), (f"{n} players' hands and {play.table} table cards "
                                      f"need {needed} cards; the pack has {size}")
            break
    ranks = set(pack.ranks)
    for where, names in ((("play", "values"), play.values),
                         (("scoring", "primiera"), scoring.primiera),
                         (("scoring", "rank_points"), scoring.rank_points),
                         (("scoring", "sweep_points"), scoring.sweep_points)):
        for rank in names:
            if rank not in ranks:
                yield (*where, rank), f"unknown rank {rank!r}; the pack has " \
                                      f"{', '.join(pack.ranks)}"
    if play.capture.by_sum and min(rank_values(pack.ranks, play.values,
                                               dict(pack.points))) < 1 \
            and not play.capture.by_rank:
        yield ("play", "values"), ("a card captures by sum only with a value of 1 or more "
                                   "(a card worth 0 is taken by a card of its rank alone)")
    if play.zero_sets and not play.sets:
        yield ("play", "zero_sets"), "zero_sets extends sets: set play.sets too"
    if (play.builds or play.sets) and play.capture.pile:
        yield ("play", "builds"), "builds and sets are made on a layout, not a pile"
    if (play.builds or play.sets) and play.rank_first and play.capture.by_sum:
        yield ("play", "rank_first"), "rank_first is not played with builds or sets"
    for i, rank in enumerate(play.takes_all):
        if rank not in ranks:
            yield ("play", "takes_all", i), f"unknown rank {rank!r}"
    if play.takes_all and not play.capture.pile:
        yield ("play", "takes_all"), "only a pile (capture: pile) is taken whole"
    if play.table_down and not play.capture.pile:
        yield ("play", "table_down"), ("cards lie face down only under a pile (capture: "
                                        "pile): a layout is captured from face up")
    elif play.table_down and play.table_down >= play.table:
        yield ("play", "table_down"), (f"{play.table_down} of {play.table} table cards "
                                        f"face down leave no top card to match; at most "
                                        f"{max(play.table - 1, 0)}")
    if play.redeal_rank and play.redeal_rank not in ranks:
        yield ("play", "redeal_rank"), f"unknown rank {play.redeal_rank!r}"
    if scoring.suit and scoring.suit not in pack.suits:
        yield ("scoring", "suit"), f"unknown suit {scoring.suit!r}; the pack has " \
                                   f"{', '.join(pack.suits)}"
    cards = {r.upper() + s for r in pack.ranks for s in pack.suits}
    for card in scoring.cards:
        if card.upper() not in cards:
            yield ("scoring", "cards", card), f"unknown card {card!r}"
    if play.partners and not v.players.min <= 4 <= v.players.max:
        yield ("play", "partners"), "partnerships are played by four players"


def subset_count(values: Sequence[int], counts: Sequence[int], total: int) -> int:
    """How many sets of cards add up to ``total`` when ``counts[i]`` cards are worth
    ``values[i]``.

    >>> subset_count([1, 2, 3], [2, 1, 1], 3)  # 1+2 twice, 3 once
    3
    """
    ways = [1] + [0] * total
    for value, count in zip(values, counts):
        ways = _with_cards(ways, value, count)
    return ways[total]


def _with_cards(ways: list[int], value: int, count: int) -> list[int]:
    """``ways[s]``, the number of sets of some cards adding up to ``s`` (up to the list's
    end), once ``count`` more cards worth ``value`` may be taken too."""
    if not count:
        return ways
    if value == 0:  # any of the worthless cards, or none, with each way
        return [w << count for w in ways]
    chosen = [comb(count, k) for k in range(count + 1)]  # the ways to take k of them
    new = ways[:]  # taking none of them
    end = len(ways)
    for s in range(end - value):
        w = ways[s]
        if w:
            at, k = s + value, 1
            while k <= count and at < end:
                new[at] += w * chosen[k]
                at += value
                k += 1
    return new


def _ways_of(cards: tuple[tuple[int, int], ...],
             known: dict[tuple[tuple[int, int], ...], list[int]]) -> list[int]:
    """:func:`_with_cards` of each ``(value, count)`` of ``cards`` in turn, from
    ``known[()]``; every prefix's ways are kept in ``known``, so layouts met in order,
    alike in their first ranks, share that work."""
    found = known.get(cards)
    if found is None:
        found = known[cards] = _with_cards(_ways_of(cards[:-1], known), *cards[-1])
    return found


_UNIT_CHOICES = 1000
"""With builds or sets, the most captures and builds open to one card played, taken as
a working bound: a layout of units is not bounded by the deal as a matching layout is."""


def action_bound(v: Any) -> int:
    """The most legal actions of a state: each card of a hand laid or capturing any set
    of table cards.  When a card that can capture must, and cards capture by rank, a
    card laid on the table never finds one of its rank there (it would have captured
    it), so a rank lies on the table at most as often as the deal turned it up, or once:
    at most ``table - 1`` cards more than one per rank.  Else any cards of the pack may
    lie there.

    >>> from cardrules.loader.load import load_variant
    >>> action_bound(load_variant("scopa")[0])
    177
    """
    play, pack = v.play, v.pack
    assert isinstance(play, FishingPlay)
    ranks, suits = len(pack.ranks), len(pack.suits)
    hand: int = max(v.deal.largest(n) for n in range(v.players.min, v.players.max + 1))
    if play.capture.pile:  # each card of the hand is played; it captures by itself
        return hand
    if play.builds or play.sets:  # sets of at most a few table cards per card of the hand
        return hand * _UNIT_CHOICES
    values = rank_values(pack.ranks, play.values, dict(pack.points))
    by_sum, extras = play.capture.by_sum, max(play.table - 1, 0)
    worst = 0
    for rank in range(ranks):
        total = values[rank]
        # only the ranks a capture by this card takes count: more cards of them never make
        # fewer sets, so the worst layout has its extra cards among them
        relevant = [r for r in range(ranks) if values[r] <= total] if by_sum else [rank]
        if play.must_capture and play.capture.by_rank:
            layouts = [[min(suits, 1 + extra.count(r)) for r in relevant]
                       for extra in combinations_with_replacement(relevant, extras)]
        else:
            layouts = [[suits] * len(relevant)]
        at = relevant.index(rank)
        # the sets adding up to 0 .. total, by the cards on the table so far
        known: dict[tuple[tuple[int, int], ...], list[int]] = {(): [1] + [0] * total}
        for counts in layouts:
            counts[at] = min(counts[at], suits - 1)
            sums = _ways_of(tuple((values[r], count) for r, count in zip(relevant, counts)),
                            known)[total] if by_sum else 0
            worst = max(worst, sums + (counts[at] if play.capture.by_rank else 0))
    bound: int = hand * (worst + 1)
    return bound
