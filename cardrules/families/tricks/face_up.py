"""The face-up top card of the stock (``draw: face_up_top``): a field recording the cards
everyone has seen turned up, so that views, re-sampling and the conformance checks know
where they are after a player takes them."""

from __future__ import annotations

import attrs

from cardrules.engine.fields import KnownCards, field

__all__ = ["FaceUpFields", "turn_up"]


@attrs.define(slots=False)
class FaceUpFields:
    """The state field of a stock whose top card lies face up, added to the tricks
    procedure's state class only in the games that have one."""

    _face_up: tuple[int, ...] = field(KnownCards())
    """Per seat (the same for every seat: everyone saw them), the cards turned up on top
    of the stock so far, as a bit set."""


def turn_up(state: object, stock: tuple[int, ...], seats: int) -> tuple[int, ...]:
    """``state``'s face-up cards with the top card of ``stock`` turned up (if any)."""
    seen: tuple[int, ...] = getattr(state, "_face_up", ()) or (0,) * seats
    if not stock:
        return seen
    return tuple(m | 1 << stock[-1] for m in seen)
