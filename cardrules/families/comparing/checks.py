"""Cross-field checks of the comparing procedure."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardrules.families.comparing.model import ComparingPlay, Payouts
from cardrules.families.comparing.tables import rank_values

__all__ = ["check_comparing"]

Found = tuple[tuple[str | int, ...], str]
"""A problem: JSON path and message."""


def check_comparing(v: Any) -> Iterator[Found]:
    """Problems of a comparing game's ``play`` and ``scoring`` that the schema cannot see.

    >>> from cardrules.loader.load import load_variant
    >>> list(check_comparing(load_variant("blackjack")[0]))
    []
    """
    play, payouts, pack = v.play, v.scoring, v.pack
    assert isinstance(play, ComparingPlay) and isinstance(payouts, Payouts)
    if pack.extra:
        yield ("pack", "extra"), ("a hand's total adds the values of ranks, which an extra "
                                  "card (a joker) lacks; remove pack.extra")
    for key in ("values", "high"):
        for rank in getattr(play, key):
            if rank not in pack.ranks:
                yield ("play", key, rank), f"{rank!r} is not a rank of the pack"
    for k, rank in enumerate(play.split_one_card):
        if rank not in pack.ranks:
            yield ("play", "split_one_card", k), f"{rank!r} is not a rank of the pack"
    if play.split_one_card and not play.split:
        yield ("play", "split_one_card"), "split hands need play.split: true"
    if play.split and v.deal.hand != 2:
        yield ("play", "split"), (f"a split makes two hands of a pair: it needs hands of 2 "
                                  f"cards, not {v.deal.hand}")
    values = dict(zip(pack.ranks, rank_values(pack.ranks, play.values)))
    for rank, high in play.high.items():
        if rank in values and high <= values[rank]:
            yield ("play", "high", rank), (f"{rank} counts {values[rank]}; its higher value "
                                           f"must be above that, not {high}")
    if play.house.hole > play.house.cards:
        yield ("play", "house", "hole"), (f"{play.house.hole} hole cards, but the house is "
                                         f"dealt {play.house.cards}")
    if play.house.stands > play.goal:
        yield ("play", "house", "stands"), (f"the house would draw on every total within the "
                                           f"goal ({play.goal}): stands at most that")
    smallest = sorted(values[r] for r in pack.ranks for _ in pack.suits)
    for n in range(v.players.min, v.players.max + 1):
        need = n * v.deal.largest(n) + play.house.cards
        # every hand may draw to the goal, one card at a time, and the house too
        draws = sum(1 for k in range(len(smallest)) if sum(smallest[:k + 1]) <= play.goal)
        if need + (n + 1) * draws > pack.count(n):
            yield ("players", "max"), (f"{n} players may need {need + (n + 1) * draws} "
                                       f"cards (hands and the house's drawn to the goal); "
                                       f"the pack has {pack.count(n)}")
            break
    if payouts.win <= payouts.tie or payouts.tie <= payouts.loss:
        yield ("scoring",), "pay a win more than a tie, and a tie more than a loss"
