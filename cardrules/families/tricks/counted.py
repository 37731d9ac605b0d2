"""Tricks that count for the deal score (``scoring.counted``): in a game whose early
tricks are only played to fill the hands (German Whist's first thirteen, while the stock
lasts), the tricks taken before the condition holds are set aside and count nothing.

A state field records, per seat, the tricks set aside; it is added to the tricks
procedure's state class only in the games that use it (so that the others clone no more
fields than before).  Whether a trick counts is decided as it is taken, before anyone
draws: the trick that empties the stock was played while it held cards.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, cast

import attrs

from cardrules.engine.fields import Numbers, field
from cardrules.engine.table import with_seat
from cardrules.families.tricks.model import Condition, DrawOrder, TrickScoring, TricksPlay
from cardrules.model.problems import Found, undealt
from cardrules.model.variant import Variant

if TYPE_CHECKING:
    from cardrules.families.tricks.context import TricksContext

__all__ = ["CountedFields", "check_counted", "counted_tricks", "set_aside",
           "set_trick_aside", "too_many_set_aside", "uses_counted_fields"]


@attrs.define(slots=False)
class CountedFields:
    """The state field of tricks that count nothing."""

    _set_aside: tuple[int, ...] = field(Numbers(minimum=0))
    """Per seat, the tricks taken that count nothing (``scoring.counted``)."""


def uses_counted_fields(variant: Variant) -> bool:
    """Some tricks of the variant's deals may count nothing (``scoring.counted``)."""
    scoring = variant.scoring
    return isinstance(scoring, TrickScoring) and scoring.counted is not Condition.ALWAYS


def _fields(state: TricksContext) -> CountedFields:
    """``state`` seen as the :class:`CountedFields` its class was composed with."""
    return cast("CountedFields", state)


def set_trick_aside(state: TricksContext, winner: int) -> None:
    """Set the trick ``winner`` has just taken aside if it counts nothing: taken before
    the stock was empty (``stock_empty``), or closed or empty (``stock_closed``).  Call
    before the hands draw; changes a fresh clone."""
    when = state._tables.scoring.counted
    if when is Condition.ALWAYS or not state._stock:
        return
    if when is Condition.STOCK_CLOSED and getattr(state, "_closed", -1) >= 0:
        return
    fields = _fields(state)
    aside = fields._set_aside
    fields._set_aside = with_seat(aside, winner, aside[winner] + 1)


def set_aside(state: TricksContext) -> tuple[int, ...]:
    """The tricks each seat took that count nothing (in a game with ``scoring.counted``)."""
    return _fields(state)._set_aside


def counted_tricks(state: TricksContext) -> tuple[int, ...]:
    """The tricks each seat took that count for the deal score."""
    if state._tables.scoring.counted is Condition.ALWAYS:
        return state._tricks
    return tuple(t - a for t, a in zip(state._tricks, _fields(state)._set_aside, strict=True))


def too_many_set_aside(tricks: tuple[int, ...], aside: tuple[int, ...]) -> str | None:
    """Why tricks set aside contradict the tricks taken (None: they do not).

    >>> too_many_set_aside((3, 1), (2, 2))
    'player 1 has 2 tricks set aside but took 1'
    """
    for p, (took, kept) in enumerate(zip(tricks, aside, strict=False)):
        if kept > took:
            return f"player {p} has {kept} tricks set aside but took {took}"
    return None


def check_counted(v: Variant) -> Iterator[Found]:
    """Refuses ``scoring.counted`` with scoring by card points (the tricks set aside
    would still count their cards), and waiting for an empty stock that nothing empties
    (``play.draw: none`` with cards left in the stock): no trick would ever count."""
    play, scoring = v.play, v.scoring
    assert isinstance(play, TricksPlay) and isinstance(scoring, TrickScoring)
    if scoring.counted is Condition.ALWAYS:
        return
    by_points = [name for name, used in (
        ("points_taken", scoring.points_taken), ("last_trick", scoring.last_trick),
        ("most_points", scoring.most_points is not None), ("target", scoring.target),
        ("bands by points", any(b.min_points for b in scoring.bands.values()))) if used]
    if by_points:
        yield ("scoring", "counted"), (
            f"counted sets tricks aside, not their card points, which "
            f"{', '.join(by_points)} would still count: score by tricks alone, or count "
            f"every trick (counted: always)")
    stock = undealt(v)
    if play.draw is DrawOrder.NONE and stock > 0:
        yield ("scoring", "counted"), (
            f"counted waits for an empty stock, but with play.draw: none the {stock} "
            "card(s) a deal leaves in the stock are never drawn: no trick would ever "
            "count; use counted: always")
