"""Seeds derived from a seed and labels, so that every part of a game draws its own."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from cardrules.errors import SeedError

__all__ = ["MAX_SEED", "check_seed", "derive_seed", "draw_below"]

MAX_SEED = 2**64 - 1
"""The largest seed: seeds are 64-bit, from 0 to ``MAX_SEED``."""

_BLANK = hashlib.blake2b(digest_size=8)
"""A BLAKE2b of 64 bits that has read nothing: :func:`derive_seed` copies it (a copy costs
less than a new hash given its size by keyword)."""


def derive_seed(seed: int, *parts: object) -> int:
    """A seed derived from ``seed`` and labels, stable across Python versions.

    >>> derive_seed(1, "deal", 0) == derive_seed(1, "deal", 0) != derive_seed(1, "deal", 1)
    True

    The labels are written out after the seed, each behind a colon, and hashed with
    BLAKE2b to 64 bits: the same value everywhere, for ever (recorded games depend on it).

    >>> derive_seed(1, "deal", 0)
    7543408601478718183
    """
    text = str(seed)  # "seed:part:part" (compiled, cheaper than joining a map of str)
    for part in parts:
        text += ":" + str(part)
    digest = _BLANK.copy()
    digest.update(text.encode())
    return int.from_bytes(digest.digest(), "big")


def check_seed(seed: object) -> int:
    """``seed`` if it is a whole number from 0 to :data:`MAX_SEED`, else a :class:`SeedError`.

    >>> check_seed(-1)
    Traceback (most recent call last):
    ...
    cardrules.errors.SeedError: a seed is a whole number from 0 to 2**64-1, not -1
    """
    if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed <= MAX_SEED:
        return seed
    huge = isinstance(seed, int) and seed.bit_length() > 128  # repr may refuse 5000 digits
    shown = f"a number of {seed.bit_length()} bits" if isinstance(seed, int) and huge \
        else repr(seed)[:40]
    raise SeedError(f"a seed is a whole number from 0 to 2**64-1, not {shown}")


def draw_below(draw: Callable[[int], int], count: int) -> int:
    """A uniform index below ``count`` (at least 1) from ``draw``, a generator's
    ``getrandbits``, drawn exactly as :meth:`random.Random.randrange` (and ``choice``)
    draws it: the fewest bits that can hold ``count - 1``, again until below ``count``.

    >>> import random
    >>> one, two = random.Random(4), random.Random(4)
    >>> [draw_below(one.getrandbits, 13) for _ in range(5)] == [
    ...     two.randrange(13) for _ in range(5)]
    True
    """
    width = count.bit_length()
    chosen = draw(width)
    while chosen >= count:
        chosen = draw(width)
    return chosen
