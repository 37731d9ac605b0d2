"""Deal scores of the tricks procedure from the scoring vocabulary (pure functions).

A ``scoring:`` section that gives ``tricks_over`` or ``points_taken`` scores each player
(every figure below is pooled with the partner's under ``partners: opposite``):

- ``tricks_over: 6``: the tricks taken beyond a book of six, or 0 when not more;
- ``tricks_ahead: 1``: the tricks by which the side's exceed the most any other side
  took, or 0 when not more (with two sides: the winner scores the difference);
- ``points_taken: 1``: the card points taken times the factor (negative: penalty
  points), where a player's card points include ``last_trick`` if they took the last
  trick of a deal played out;
- ``all_points: {others_score: true}``: when one side (a player, or a partnership) took
  all the points of the deal, it counts 0 card points and every other side counts the
  deal's total instead (shooting the moon).  A side took all the points when no other
  side took a card worth points nor the last trick's points, and its own points are not
  0.  The total is then its points.

The terms add up.  Tricks are those that count (``scoring.counted``: with
``stock_empty``, only the tricks played once the stock is empty).  The
``deal_scoring`` hook sees the scores this gives.

A ``scoring.target`` scores the deal by itself (:func:`target_scores`): a correct
announcement wins the band the best of the others reaches, a wrong one gives the others
``wrong``, a closer who fails gives them ``failed_close``.

>>> from cardrules.families.tricks.model import AllPoints, TrickScoring
>>> moon = TrickScoring(points_taken=1, all_points=AllPoints(others_score=True))
>>> scores(moon, points=(26, 0, 0, 0), tricks=(9, 2, 1, 1), won=(7, 8, 16, 32),
...        point_cards=7, last=-1, partner=(0, 1, 2, 3))
(0, 26, 26, 26)
>>> scores(TrickScoring(tricks_over=6), points=(0, 0, 0, 0), tricks=(8, 5, 8, 5),
...        won=(0, 0, 0, 0), point_cards=0, last=-1, partner=(2, 3, 0, 1))
(2, 0, 2, 0)
>>> scores(TrickScoring(tricks_ahead=1), points=(0, 0), tricks=(5, 8), won=(0, 0),
...        point_cards=0, last=-1, partner=(0, 1))
(0, 3)
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.families.tricks.model import Target, TrickScoring, Unannounced

__all__ = ["scores", "target_scores", "took_all"]


def took_all(*, points: Sequence[int], won: Sequence[int], point_cards: int, last: int,
             partner: Sequence[int]) -> int:
    """A seat of the side that took all the points of the deal, or -1 when none did.

    ``points`` and ``won`` (cards as bit sets) are per seat, pooled with the partner's;
    ``point_cards`` is the bit set of the cards worth points, ``last`` the seat that
    took the last trick's points (-1: nobody), ``partner[p]`` the partner of ``p`` (``p``
    itself when playing alone).

    >>> took_all(points=(3, 0), won=(0b011, 0b100), point_cards=0b011, last=1,
    ...          partner=(0, 1))
    -1
    """
    taken = 0
    for cards in won:
        taken |= cards
    taken &= point_cards
    for p, cards in enumerate(won):
        if cards & point_cards == taken and points[p] != 0 and \
                (last < 0 or last == p or last == partner[p]):
            return p
    return -1


def scores(scoring: TrickScoring, *, points: Sequence[int], tricks: Sequence[int],
           won: Sequence[int], point_cards: int, last: int,
           partner: Sequence[int]) -> tuple[int, ...]:
    """Each seat's deal score by ``tricks_over``, ``points_taken`` and ``all_points``
    (arguments as for :func:`took_all`, with ``tricks`` per seat, pooled likewise)."""
    n = len(points)
    counted = list(points)
    if scoring.all_points.others_score:
        shooter = took_all(points=points, won=won, point_cards=point_cards, last=last,
                           partner=partner)
        if shooter >= 0:
            total, side = points[shooter], (shooter, partner[shooter])
            counted = [0 if p in side else total for p in range(n)]
    book, factor, ahead = scoring.tricks_over, scoring.points_taken, scoring.tricks_ahead
    return tuple((max(0, tricks[p] - book) if book is not None else 0) + factor * counted[p]
                 + (ahead * _lead(tricks, p, partner) if ahead else 0)
                 for p in range(n))


def _lead(tricks: Sequence[int], p: int, partner: Sequence[int]) -> int:
    """The tricks by which ``p``'s side took more than any other side, or 0.

    >>> _lead((7, 2, 7, 2), 0, (2, 3, 0, 1)), _lead((4, 4, 5), 0, (0, 1, 2))
    (5, 0)
    """
    others = [t for q, t in enumerate(tricks) if q not in (p, partner[p])]
    return max(0, tricks[p] - max(others, default=0))


def target_scores(target: Target, *, points: Sequence[int], tricks: Sequence[int],
                  announcer: int, closer: int, last: int) -> tuple[int, ...]:
    """Each seat's deal score under a target of points (``scoring.target``).

    ``announcer`` announced the target (-1: nobody; the deal was played out), ``closer``
    closed the stock (-1: nobody), ``last`` took the last trick.  A correct announcer
    scores the first band the best of the others reaches (at least ``failed_close``
    against a closer); a wrong one gives each other seat ``wrong``.  A deal played out
    after a close: the closer wins if they reached the target, else each other seat scores
    ``failed_close``.  Otherwise by ``unannounced``.

    >>> from cardrules.families.tricks.model import Band, Target
    >>> t = Target(points=66, bands={"one": Band(min_points=33, min_tricks=1, score=1),
    ...            "two": Band(min_tricks=1, score=2), "three": Band(score=3)})
    >>> target_scores(t, points=(70, 40), tricks=(4, 2), announcer=0, closer=-1, last=-1)
    (1, 0)
    >>> target_scores(t, points=(70, 0), tricks=(4, 0), announcer=0, closer=-1, last=-1)
    (3, 0)
    >>> target_scores(t, points=(60, 20), tricks=(3, 1), announcer=0, closer=-1, last=-1)
    (0, 2)
    >>> target_scores(t, points=(50, 60), tricks=(3, 3), announcer=-1, closer=0, last=1)
    (0, 2)
    """
    n, goal = len(points), target.points

    def win(w: int, floor: int = 0) -> tuple[int, ...]:
        best_points = max(points[p] for p in range(n) if p != w)
        best_tricks = max(tricks[p] for p in range(n) if p != w)
        score = next((b.score for b in target.bands.values()
                      if best_points >= b.min_points and best_tricks >= b.min_tricks), 0)
        score = max(score, floor)
        return tuple(score if p == w else 0 for p in range(n))

    def lose(loser: int, score: int) -> tuple[int, ...]:
        return tuple(0 if p == loser else score for p in range(n))

    against = target.failed_close
    if announcer >= 0:
        if points[announcer] < goal:
            return lose(announcer, target.wrong)
        return win(announcer, against if 0 <= closer != announcer else 0)
    if closer >= 0:
        return win(closer) if points[closer] >= goal else lose(closer, against)
    if target.unannounced is Unannounced.LAST_TRICK and last >= 0:
        return win(last)
    best = max(points)
    leaders = [p for p in range(n) if points[p] == best]
    if best >= goal and len(leaders) == 1:
        return win(leaders[0])
    return (0,) * n
