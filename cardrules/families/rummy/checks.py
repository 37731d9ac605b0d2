"""Cross-field checks and the bound on legal actions of the rummy procedure."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardrules.families.rummy.model import RummyPlay, RummyScoring
from cardrules.families.rummy.tables import meld_masks

__all__ = ["action_bound", "check_rummy"]

Found = tuple[tuple[str | int, ...], str]
"""A problem: JSON path and message."""


def check_rummy(v: Any) -> Iterator[Found]:
    """Problems of a rummy game's ``play`` and ``scoring`` that the schema cannot see.

    >>> from cardrules.loader.load import load_variant
    >>> list(check_rummy(load_variant("gin-rummy")[0]))
    []
    """
    play, scoring, pack = v.play, v.scoring, v.pack
    assert isinstance(play, RummyPlay) and isinstance(scoring, RummyScoring)
    if pack.extra:
        yield ("pack", "extra"), ("the rummy procedure melds by rank and suit, which an "
                                  "extra card (a joker) lacks; remove pack.extra")
    if pack.copies > 1 or pack.faces:
        yield ("pack", "copies" if pack.copies > 1 else "faces"), (
            "the rummy procedure melds by rank and suit on a pack of one card of each rank x suit; "
            "remove pack.copies and pack.faces")
    if v.players.min != 2 or v.players.max != 2:
        yield ("players",), "the rummy procedure plays two players, a knocker and a defender"
    size = len(pack.ranks) * len(pack.suits)
    hand = v.deal.largest(2)
    if 2 * hand + 1 + play.wall >= size:
        yield ("play", "wall"), (f"two hands of {hand}, the upcard and a wall of "
                                 f"{play.wall} leave no stock in a pack of {size}")
    if play.set_min > play.set_max:
        yield ("play", "set_max"), f"set_max {play.set_max} is below set_min {play.set_min}"
    if play.run_max and play.run_max < play.run_min:
        yield ("play", "run_max"), f"run_max {play.run_max} is below run_min {play.run_min}"
    if play.set_min > len(pack.suits) and play.run_min > len(pack.ranks):
        yield ("play", "set_min"), "no meld can be made with this pack"
    if not play.upcard_limit:
        yield ("play", "upcard_limit"), ("without a limit on upcards taken, a deal may "
                                         "never end: give upcard_limit")
    ranks = set(pack.ranks)
    for rank in play.values:
        if rank not in ranks:
            yield ("play", "values", rank), (f"unknown rank {rank!r}; the pack has "
                                             f"{', '.join(pack.ranks)}")


def action_bound(v: Any) -> int:
    """The most legal actions of a state: a card of the hand each (discards, layoffs)
    with a knock or a pass, or every meld the hand may hold with a pass.

    >>> from cardrules.loader.load import load_variant
    >>> action_bound(load_variant("gin-rummy")[0])
    186
    """
    play, pack = v.play, v.pack
    assert isinstance(play, RummyPlay)
    melds = meld_masks(len(pack.ranks), len(pack.suits), set_min=play.set_min,
                       set_max=play.set_max, run_min=play.run_min, run_max=play.run_max)
    hand: int = v.deal.largest(2) + 1
    return max(hand + 2, len(melds) + 1)
