"""An upper bound on the legal actions of any state of a variant, checked at load.

Legal actions are listed in full at every decision (bots, learning agents and the
terminal all ask for the list), so a variant whose states may offer hundreds of
thousands of actions is unplayable: a hand of 20 cards that may lead any 8 of them
offers 263,949 leads.  The loader refuses a variant whose bound exceeds
:data:`MAX_LEGAL_ACTIONS`.
"""

from __future__ import annotations

from math import comb

from cardrules.families.bouts.model import BoutsPlay
from cardrules.families.shedding.model import GroupKind, SheddingPlay
from cardrules.families.tricks.model import CombinationSpec, Effect, TrickScoring, TricksPlay
from cardrules.model.variant import Variant

__all__ = ["MAX_LEGAL_ACTIONS", "legal_action_bound"]

MAX_LEGAL_ACTIONS = 5_000
"""Most legal actions any state of a variant may offer, by :func:`legal_action_bound`."""


def legal_action_bound(variant: Variant) -> int:
    """An upper bound on how many legal actions any state of ``variant`` offers.

    *Tricks*: a hand holds at most ``deal.hand`` cards (``h``).  Leading offers every set
    of 1 to ``lead.max_cards`` cards (of one suit with ``lead.same_suit``: at most
    ``h // r`` full suits of ``r`` ranks plus the rest in one more suit), plus every way
    the hand holds each combination, an exchange, ``close`` and ``announce``; declaring
    offers the combinations plus ``pass``;
    answering offers every set of as many cards as were led (the largest lead or leading
    combination), face up and face down.  The bound is the largest of the three.

    *Shedding*: a hand may grow to the whole pack, so the bound counts every single
    card, every same-rank group (each card of it may lie on top), every run (either end
    first), ``draw``, ``pass``, ``announce`` and the trump choices.

    *Bouts*: see :meth:`~cardrules.families.bouts.model.BoutsPlay.action_bound`.

    >>> from cardrules.loader.load import load_variant
    >>> legal_action_bound(load_variant("bura")[0])
    21
    >>> legal_action_bound(load_variant("bank")[0])
    122
    """
    play = variant.play
    ranks, suits = len(variant.pack.ranks), len(variant.pack.suits)
    if isinstance(play, SheddingPlay):
        return _shedding_bound(play, ranks, suits)
    if isinstance(play, BoutsPlay):
        return play.action_bound(ranks * suits, suits)
    assert isinstance(play, TricksPlay)
    hand = variant.deal.hand
    lead = min(play.lead.max_cards, hand)
    same_suit = play.lead.same_suit and lead > 1
    leads = sum(_spread(hand, ranks, k) if same_suit else comb(hand, k)
                for k in range(1, lead + 1))
    declares = sum(_held_ways(hand, ranks, suits, c) for c in play.combinations.values())
    declares += int(play.exchange is not None) + int(play.close is not None) + \
        int(isinstance(variant.scoring, TrickScoring) and variant.scoring.target is not None)
    sizes = [lead, *(c.size for c in play.combinations.values() if c.effect is Effect.LEAD)]
    modes = int(play.answer.face_up) + int(play.answer.face_down)
    answers = max(comb(hand, k) for k in range(1, min(max(sizes), hand) + 1)) * modes \
        if hand else 0
    return max(leads + declares, declares + 1, answers)


def _shedding_bound(play: SheddingPlay, ranks: int, suits: int) -> int:
    """Singles, groups, draw, pass, announce (a hand may hold the whole pack), or the trump
    choices."""
    moves = ranks * suits + 2 + (play.last_card.penalty > 0)
    for group in play.groups:
        if group.kind is GroupKind.SAME_RANK:
            moves += ranks * comb(suits, group.size) * group.size
        else:
            moves += suits * max(0, ranks - group.size + 1) * 2
    return max(moves, suits)


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
