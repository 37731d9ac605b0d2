"""An upper bound on the legal actions of any state of a tricks game (see
:mod:`cardrules.model.bounds`).

>>> from cardrules.loader.load import load_variant
>>> tricks_bound(load_variant("bura")[0])
21
"""

from __future__ import annotations

from math import comb

from cardrules.families.tricks.model import CombinationSpec, Effect, TrickScoring, TricksPlay
from cardrules.model.bounds import largest_hand
from cardrules.model.variant import Variant

__all__ = ["tricks_bound"]


def tricks_bound(variant: Variant) -> int:
    """A hand holds at most ``h`` cards (:func:`~cardrules.model.bounds.largest_hand`:
    the largest hand dealt, and where phases may hand out the undealt cards, those too).
    Leading offers every set of 1 to ``lead.max_cards`` cards (of one suit with
    ``lead.same_suit``: at most ``h // r`` full suits of ``r`` ranks plus the rest in one
    more suit), plus every way the hand holds
    each combination, an exchange, ``close`` and ``announce``; declaring offers the
    combinations plus ``pass``; answering offers every set of as many cards as were led
    (the largest lead or leading combination), face up and face down; during the first
    trick a lead or an answer may be a declaration compared between the sides instead.
    The bound is the largest of the three."""
    play, scoring = variant.play, variant.scoring
    assert isinstance(play, TricksPlay) and isinstance(scoring, TrickScoring)
    ranks, suits = len(variant.pack.ranks), len(variant.pack.suits)
    hand = largest_hand(variant)
    lead = min(play.lead.max_cards, hand)
    same_suit = play.lead.same_suit and lead > 1
    leads = sum(_spread(hand, ranks, k) if same_suit else comb(hand, k)
                for k in range(1, lead + 1))
    declares = sum(_held_ways(hand, ranks, suits, c) for c in play.combinations.values())
    declares += int(play.exchange is not None) + int(play.close is not None) + \
        int(scoring.target is not None)
    sizes = [lead, *(c.size for c in play.combinations.values() if c.effect is Effect.LEAD)]
    modes = int(play.answer.face_up) + int(play.answer.face_down)
    answers = max(comb(hand, k) for k in range(1, min(max(sizes), hand) + 1)) * modes \
        if hand else 0
    melds = _melds(hand, len(variant.pack.suits), play)
    return max(leads + declares + melds, declares + 1, answers + melds)


def _melds(hand: int, suits: int, play: TricksPlay) -> int:
    """Most declarations compared between the sides (``play.melds``) a hand of ``hand``
    cards holds: its sequences lie apart, and so do its sets."""
    melds = play.melds
    if melds is None:
        return 0
    runs = hand // melds.sequences.lengths[0].cards if melds.sequences else 0
    return runs + (hand // suits if melds.sets else 0)


def _spread(hand: int, per_group: int, size: int) -> int:
    """Most sets of ``size`` cards lying within one group, for ``hand`` cards in groups
    of at most ``per_group`` (filling whole groups first gives the most)."""
    if per_group <= 0:
        return 0
    full, rest = divmod(hand, per_group)
    return full * comb(per_group, size) + comb(rest, size)


def _held_ways(hand: int, ranks: int, suits: int, combo: CombinationSpec) -> int:
    """Most ways a hand of ``hand`` cards holds ``combo`` (each way is one declaration)."""
    per_suit = len(set(combo.all.ranks)) or ranks
    if combo.same_suit:
        return _spread(hand, per_suit, combo.size)
    pool = per_suit if combo.all.trump else per_suit * suits
    return comb(min(hand, pool), combo.size)
