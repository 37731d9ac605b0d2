"""An upper bound on the legal actions of any state of a shedding game (see
:mod:`cardrules.model.bounds`).

>>> from cardrules.loader.load import load_variant
>>> shedding_bound(load_variant("bank")[0])
122
"""

from __future__ import annotations

from math import comb

from cardrules.families.shedding.model import GroupKind, SheddingPlay
from cardrules.model.variant import Variant

__all__ = ["shedding_bound"]


def shedding_bound(variant: Variant) -> int:
    """A hand may grow to the whole pack, so the bound counts every single card, every
    same-rank group (each card of it may lie on top), every run (either end first),
    ``draw``, ``pass``, ``announce``, ``take`` (picking the pile up) and the trump
    choices."""
    play = variant.play
    assert isinstance(play, SheddingPlay)
    return _shedding_bound(play, len(variant.pack.ranks), len(variant.pack.suits)) \
        + len(variant.pack.extra_names) + len(variant.pack.faces)  # each laid alone


def _shedding_bound(play: SheddingPlay, ranks: int, suits: int) -> int:
    """Singles, groups, draw, pass, announce, take (a hand may hold the whole pack), or the
    trump choices."""
    moves = ranks * suits + 2 + (play.last_card.penalty > 0) + (play.pick_up is not None)
    for group in play.groups:
        if group.kind is GroupKind.SAME_RANK:
            moves += ranks * comb(suits, group.size) * group.size
        else:
            moves += suits * max(0, ranks - group.size + 1) * 2
    return max(moves, suits)
