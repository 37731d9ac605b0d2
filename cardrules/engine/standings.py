"""Who won, and in which place: standings of seats and partnerships, computed once by the
engine where a deal or match result is made, so that tools read them instead of deciding.

A partnership is a tuple of seats that win and lose together; in a game played alone
every seat is a partnership of one.  A partnership's figure is the sum of its seats'
(partners score alike, so this only scales the figure).

>>> places((0, 6, 0, 6), lower_is_better=True, partnerships=((0, 2), (1, 3)))
(1, 2, 1, 2)
>>> places((20, 10, 10, 0), lower_is_better=False, partnerships=alone(4))
(1, 2, 2, 4)
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.engine.native import mypyc_attr
from cardrules.model.match import Goal

__all__ = ["Partnerships", "Standing", "alone", "best", "firsts", "lower_is_better",
           "opposite", "places", "team_of"]

Partnerships = tuple[tuple[int, ...], ...]
"""The partnerships of a game: each a tuple of seats in seat order, every seat in one."""


def alone(players: int) -> Partnerships:
    """Everyone plays alone: one partnership per seat.

    >>> alone(3)
    ((0,), (1,), (2,))
    """
    return tuple((p,) for p in range(players))


def opposite(players: int) -> Partnerships:
    """Players sitting opposite each other play together.

    >>> opposite(4)
    ((0, 2), (1, 3))
    """
    half = players // 2
    return tuple((p, p + half) for p in range(half))


def lower_is_better(goal: Goal) -> bool:
    """True when the match goal makes low results good (a losing total, or the lowest
    total winning).

    >>> lower_is_better(Goal.LOWEST_TOTAL), lower_is_better(Goal.FIXED_DEALS)
    (True, False)
    """
    return goal in (Goal.AVOID_LOSING_TOTAL, Goal.LOWEST_TOTAL, Goal.LOWEST_AFTER_DEALS)


def team_of(partnerships: Partnerships, seat: int) -> tuple[int, ...]:
    """The partnership ``seat`` belongs to.

    >>> team_of(((0, 2), (1, 3)), 3)
    (1, 3)
    """
    for team in partnerships:
        if seat in team:
            return team
    raise ValueError(f"seat {seat} is in no partnership of {partnerships}")


def places(values: Sequence[int], *, lower_is_better: bool,
           partnerships: Partnerships) -> tuple[int, ...]:
    """Each seat's place by ``values`` (1 is the best): partners share their partnership's
    place; tied partnerships share the best place of their group and the next place
    counts them all (1, 1, 3)."""
    held: tuple[int, ...] = tuple(values)  # a tuple as it is: compiled, read unboxed
    keys: list[int] = []  # per partnership, lower is better (loops: compiled, no generators)
    for team in partnerships:
        total = 0
        for seat in team:
            total += held[seat]
        keys.append(total if lower_is_better else -total)
    out = [0] * len(held)
    for k in range(len(keys)):
        place = 1
        for other in keys:
            if other < keys[k]:
                place += 1
        for seat in partnerships[k]:
            out[seat] = place
    return tuple(out)


def best(values: Sequence[int], *, lower_is_better: bool,
         partnerships: Partnerships) -> tuple[int, ...]:
    """The seats in first place by ``values``, in seat order (several on a tie).

    >>> best((4, 8, 4), lower_is_better=True, partnerships=alone(3))
    (0, 2)
    """
    return firsts(places(values, lower_is_better=lower_is_better, partnerships=partnerships))


def firsts(ranked: Sequence[int]) -> tuple[int, ...]:
    """The seats in first place of ``ranked`` (each seat's place, as :func:`places`
    gives them), in seat order: :func:`best` from places already worked out.

    >>> firsts((2, 1, 3, 1))
    (1, 3)
    """
    held: tuple[int, ...] = tuple(ranked)  # a tuple as it is: compiled, read unboxed
    out: list[int] = []
    for p in range(len(held)):
        if held[p] == 1:
            out.append(p)
    return tuple(out)


@mypyc_attr(native_class=False)  # the base of the interpreted result records
class Standing:
    """What deal and match results share: the winners, places and partnerships, and the
    figures derived from them."""

    __slots__ = ()
    winners: tuple[int, ...]
    places: tuple[int, ...]
    partnerships: Partnerships

    @property
    def leaders(self) -> tuple[int, ...]:
        """The winners in first place (several for a partnership or on a tie; none when
        nobody won)."""
        return tuple(p for p in self.winners if self.places[p] == 1)

    @property
    def winning_team(self) -> tuple[int, ...]:
        """The partnership that alone holds first place among the winners (a single seat
        in games played alone), or ``()`` on a tie or when nobody won."""
        leaders = self.leaders
        if leaders and leaders in self.partnerships:
            return leaders
        return ()
