"""Checks of the arguments public entry points take: players and indices.

Every entry point that takes a player or an index checks it here, so a bad one is
refused with an :class:`~cardrules.errors.ArgumentError` saying why, never wrapped around
(``-1``) or turned into an ``IndexError``.
"""

from __future__ import annotations

import operator
from typing import SupportsIndex

from cardrules.errors import ArgumentError

__all__ = ["as_index", "checked_player"]


def as_index(value: object, what: str) -> int:
    """``value`` as an ``int`` if it is a whole number: a Python or numpy integer (anything
    with ``__index__``), never a bool or a float; otherwise an
    :class:`~cardrules.errors.ArgumentError` naming ``what`` was expected.

    >>> import numpy
    >>> as_index(numpy.int64(3), "an action index")
    3
    >>> as_index(3.7, "an action index")
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: expected an action index (an integer), got 3.7 (float)
    """
    if type(value) is int:  # the common case, without the slower protocol check
        return value
    if isinstance(value, SupportsIndex) and not isinstance(value, bool):
        try:
            return operator.index(value)
        except TypeError:  # numpy arrays of more than one value, say
            pass
    raise ArgumentError(f"expected {what} (an integer), got {value!r} ({type(value).__name__})")


def checked_player(player: object, players: int) -> int:
    """``player`` as a seat number if it is one of ``players`` seats (``0 .. players - 1``),
    else an :class:`~cardrules.errors.ArgumentError` saying why it is not.

    >>> checked_player(1, 2)
    1
    >>> checked_player(-1, 2)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: player -1 is not a seat (seats are 0 to 1); -1 is what ...
    """
    seat = as_index(player, "a player")
    if not 0 <= seat < players:
        why = "; -1 is what current_player returns once the game is over" if seat == -1 else ""
        raise ArgumentError(f"player {seat} is not a seat (seats are 0 to {players - 1}){why}")
    return seat
