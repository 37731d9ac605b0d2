"""Scoring of a shedding deal as pure functions of the rules: going-out bonuses and the
penalty for cards still held.

>>> from cardrules.families.shedding.model import Bonus, BonusWhen, SheddingScoring
>>> scoring = SheddingScoring(bonuses=(Bonus(when=BonusWhen.LAST_CARD, rank="K",
...                                          by_place=(30, 20, 10)),))
>>> going_out_bonus(scoring, rank="K", trump=False, group=None, place=2)
(20, False)
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.cards import Pack
from cardrules.families.shedding.model import (
    BonusWhen,
    GroupKind,
    HandPenalty,
    HandPenaltyMode,
    SheddingScoring,
)

__all__ = ["card_costs", "going_out_bonus", "hand_penalties", "nth"]


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


def hand_penalties(penalty: HandPenalty, pack: Pack, hands: Sequence[int],
                   costs: tuple[int, ...] = ()) -> tuple[int, ...]:
    """What each player loses for the cards (bit sets) still in hand at the end;
    ``costs``: :func:`card_costs` worked out beforehand (empty: work them out).

    >>> from cardrules.cards import Pack
    >>> pack = Pack(ranks=("9", "A"), suits=("S",), points=(0, 11))
    >>> hand_penalties(HandPenalty(mode=HandPenaltyMode.POINTS_PLUS_PER_CARD, per_card=3),
    ...                pack, [0b11, 0])
    (17, 0)
    """
    if penalty.mode is HandPenaltyMode.NONE:
        return (0,) * len(hands)
    if penalty.mode is HandPenaltyMode.BY_CARD:
        costs = costs or card_costs(penalty, pack)
        return tuple(sum(costs[c] for c in pack.cards_of(hand)) for hand in hands)
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


def card_costs(penalty: HandPenalty, pack: Pack) -> tuple[int, ...]:
    """Per card, what holding it costs under a ``by_card`` penalty: its entry in
    ``cards``, else its rank's in ``ranks``, else its face value (``face_value`` and a
    number rank), else 0.

    >>> from cardrules.cards import Pack
    >>> pack = Pack(ranks=("7", "8", "K"), suits=("S", "H"))
    >>> rule = HandPenalty(mode=HandPenaltyMode.BY_CARD, ranks={"8": 50, "K": 10},
    ...                    cards={"KH": 20}, face_value=True)
    >>> dict(zip(pack.names(range(pack.size)), card_costs(rule, pack)))
    {'7S': 7, '8S': 50, 'KS': 10, '7H': 7, '8H': 50, 'KH': 20}
    """
    costs = []
    for card in range(pack.size):
        rank = pack.ranks[pack.rank(card)] if pack.rank(card) >= 0 else ""  # no rank: a joker
        cost = penalty.cards.get(pack.name(card), penalty.ranks.get(rank))
        if cost is None:
            cost = int(rank) if penalty.face_value and rank.isdigit() else 0
        costs.append(cost)
    return tuple(costs)
