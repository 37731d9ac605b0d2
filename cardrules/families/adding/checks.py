"""Cross-field checks and the bound on legal actions of the adding procedure."""

from __future__ import annotations

from collections.abc import Iterator
from math import comb
from typing import Any

from cardrules.families.adding.model import AddingPlay, AddingScoring
from cardrules.families.adding.tables import rank_values

__all__ = ["action_bound", "check_adding"]

Found = tuple[tuple[str | int, ...], str]
"""A problem: JSON path and message."""


def check_adding(v: Any) -> Iterator[Found]:
    """Problems of an adding game's ``play`` and ``scoring`` that the schema cannot see.

    >>> from cardrules.loader.load import load_variant
    >>> list(check_adding(load_variant("cribbage")[0]))
    []
    """
    play, scoring, pack = v.play, v.scoring, v.pack
    assert isinstance(play, AddingPlay) and isinstance(scoring, AddingScoring)
    if pack.extra:
        yield ("pack", "extra"), ("the adding procedure counts cards by rank, which an "
                                  "extra card (a joker) lacks; remove pack.extra")
    if pack.copies > 1 or pack.faces:
        yield ("pack", "copies" if pack.copies > 1 else "faces"), (
            "the adding procedure counts cards by rank on a pack of one card of each rank x suit; "
            "remove pack.copies and pack.faces")
    size = len(pack.ranks) * len(pack.suits)
    ranks = set(pack.ranks)
    for rank in play.values:
        if rank not in ranks:
            yield ("play", "values", rank), f"unknown rank {rank!r}; the pack has " \
                                            f"{', '.join(pack.ranks)}"
    if min(rank_values(pack.ranks, play.values)) < 1:
        yield ("play", "values"), "every card adds 1 or more to the total"
    if scoring.nobs_rank not in ranks:
        yield ("scoring", "nobs_rank"), f"unknown rank {scoring.nobs_rank!r}"
    if max(rank_values(pack.ranks, play.values)) > play.limit:
        yield ("play", "values"), f"a card worth more than the limit {play.limit} " \
                                  "could never be played"
    for n in range(v.players.min, v.players.max + 1):
        hand = v.deal.largest(n)
        if hand < play.keep:
            yield ("play", "keep"), f"{n} players are dealt {hand} cards, fewer than the " \
                                    f"{play.keep} they keep"
            break
        crib = max(play.keep - n * (hand - play.keep), 0)
        if n * hand + crib + 1 > size:
            yield ("deal", "hand"), f"{n} players' hands, the crib and the starter need " \
                                    f"{n * hand + crib + 1} cards; the pack has {size}"
            break
    if play.partners and not v.players.min <= 4 <= v.players.max:
        yield ("play", "partners"), "partnerships are played by four players"


def action_bound(v: Any) -> int:
    """The most legal actions of a state: every set of cards a hand may lay away, or
    every card of a kept hand.

    >>> from cardrules.loader.load import load_variant
    >>> action_bound(load_variant("cribbage")[0])
    15
    """
    play = v.play
    assert isinstance(play, AddingPlay)
    worst = max(1, play.keep)
    for n in range(v.players.min, v.players.max + 1):
        hand = v.deal.largest(n)
        away = hand - play.keep if play.discard_together else min(hand - play.keep, 1)
        worst = max(worst, comb(hand, away))
    return worst
