"""Scoring of a shedding deal as pure functions of the rules: going-out bonuses and the
penalty for cards still held.

>>> from cardrules.model.shedding import Bonus, BonusWhen, SheddingScoring
>>> scoring = SheddingScoring(bonuses=(Bonus(when=BonusWhen.LAST_CARD, rank="K",
...                                          by_place=(30, 20, 10)),))
>>> going_out_bonus(scoring, rank="K", trump=False, group=None, place=2)
(20, False)
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.cards import Pack
from cardrules.model.shedding import (
    BonusWhen,
    GroupKind,
    HandPenalty,
    HandPenaltyMode,
    SheddingScoring,
)

__all__ = ["going_out_bonus", "hand_penalties", "nth"]


def nth(values: Sequence[int], place: int) -> int:
    """The value for 1-based ``place``, or 0 past the end.

    >>> nth((20, 10, 10), 3), nth((20, 10, 10), 4)
    (10, 0)
    """
    return values[place - 1] if 0 < place <= len(values) else 0


def going_out_bonus(scoring: SheddingScoring, *, rank: str, trump: bool,
                    group: GroupKind | None, place: int) -> tuple[int, bool]:
    """Points the bonuses give for going out in ``place`` with a last card of ``rank``
    (a trump for the player or not) laid by a move of kind ``group`` (None: one card),
    and whether a bonus takes the pile.  The place bonus itself is not included."""
    amount, take = 0, False
    for bonus in scoring.bonuses:
        if bonus.rank is not None and rank != bonus.rank:
            continue
        if rank in bonus.exclude_ranks:
            continue
        if bonus.trump is not None and trump != bonus.trump:
            continue
        if bonus.when is BonusWhen.LAST_MOVE and group is not bonus.group:
            continue
        amount += bonus.amount + nth(bonus.by_place, place)
        take = take or bonus.take_pile
    return amount, take


def hand_penalties(penalty: HandPenalty, pack: Pack, hands: Sequence[int]) -> tuple[int, ...]:
    """What each player loses for the cards (bit sets) still in hand at the end.

    >>> from cardrules.cards import Pack
    >>> pack = Pack(ranks=("9", "A"), suits=("S",), points=(0, 11))
    >>> hand_penalties(HandPenalty(mode=HandPenaltyMode.POINTS_PLUS_PER_CARD, per_card=3),
    ...                pack, [0b11, 0])
    (17, 0)
    """
    if penalty.mode is HandPenaltyMode.NONE:
        return (0,) * len(hands)
    lost = []
    for hand in hands:
        loss = 0
        if hand:
            loss = pack.value_of(hand)
            if penalty.mode is HandPenaltyMode.POINTS_PLUS_FIXED:
                loss += penalty.fixed
            elif penalty.mode is HandPenaltyMode.POINTS_PLUS_PER_CARD:
                loss += penalty.per_card * hand.bit_count()
        lost.append(loss)
    return tuple(lost)
