"""Combinations (card patterns) matched over bit-set hands.

A pattern is compiled for one pack and one trump suit into *pools* (bit sets all of
whose cards may appear together: one per suit for a same-suit pattern) and an
*include* mask (at least one card of a match must be in it).  Matching is then a few
popcounts and, only when a hand can hold the pattern, a walk over subsets.

>>> from cardrules.cards import Pack
>>> pack = Pack(ranks=("9", "10", "A"), suits=("S", "H", "D"))
>>> aces = compile_pattern(pack, name="aces", size=3, ranks=("A",), trump_suit=0,
...                        include=[filter_mask(pack, ranks=("A",), trump=True, trump_suit=0)])
>>> hand = mask_of(pack.parse_many("AS AH AD 9S"))
>>> [pack.names(pack.cards_of(m)) for m in matches(hand, aces)]
[('AS', 'AH', 'AD')]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations

import attrs

from cardrules.cards import Pack, bits, mask_of

__all__ = ["Pattern", "compile_pattern", "filter_mask", "find", "matches", "subsets"]


@attrs.frozen(kw_only=True)
class Pattern:
    """A combination compiled for a pack and a trump suit."""

    name: str
    """The combination's name."""
    size: int
    """Number of cards."""
    pools: tuple[int, ...]
    """Bit sets within one of which all the cards must lie."""
    include: int = 0
    """At least one card must be in this bit set (0: no such condition)."""


def filter_mask(pack: Pack, *, ranks: Sequence[str] = (), trump: bool | None = None,
                trump_suit: int = -1) -> int:
    """The cards of ``ranks`` (all when empty) that are (or are not) trumps.

    >>> from cardrules.cards import Pack
    >>> pack = Pack(ranks=("9", "10", "A"), suits=("S", "H"))
    >>> pack.names(pack.cards_of(filter_mask(pack, ranks=("A", "10"), trump=False,
    ...                                      trump_suit=0)))
    ('AH', '10H')
    """
    mask = pack.full
    if ranks:
        mask = 0
        for rank in ranks:
            mask |= pack.rank_mask(pack.ranks.index(rank))
    if trump is not None:
        trumps = pack.suit_mask(trump_suit) if trump_suit >= 0 else 0
        mask &= trumps if trump else ~trumps
    return mask


def compile_pattern(pack: Pack, *, name: str, size: int, ranks: Sequence[str] = (),
                    trump: bool | None = None, same_suit: bool = False, trump_suit: int = -1,
                    include: Iterable[int] = ()) -> Pattern:
    """A pattern of ``size`` cards, each matching ``ranks``/``trump``, optionally of one suit.

    ``include`` are masks (see :func:`filter_mask`) at least one card must lie in.

    >>> from cardrules.cards import Pack
    >>> pack = Pack(ranks=("9", "10", "A"), suits=("S", "H"))
    >>> p = compile_pattern(pack, name="flush", size=2, same_suit=True)
    >>> len(p.pools), p.include
    (2, 0)
    """
    allowed = filter_mask(pack, ranks=ranks, trump=trump, trump_suit=trump_suit)
    if same_suit:
        pools = tuple(allowed & pack.suit_mask(s) for s in range(len(pack.suits)))
    else:
        pools = (allowed,)
    pools = tuple(p for p in pools if p.bit_count() >= size)
    include_mask = 0
    for mask in include:
        include_mask |= mask
    return Pattern(name=name, size=size, pools=pools, include=include_mask)


def subsets(mask: int, size: int) -> Iterator[int]:
    """Every subset of ``size`` cards of a bit set, as bit sets.

    >>> [bin(m) for m in subsets(0b111, 2)]
    ['0b11', '0b101', '0b110']
    """
    for chosen in combinations(bits(mask), size):
        yield mask_of(chosen)


def matches(hand: int, pattern: Pattern) -> Iterator[int]:
    """Every way ``hand`` holds ``pattern``, as bit sets.

    >>> from cardrules.cards import Pack
    >>> pack = Pack(ranks=("9", "10", "A"), suits=("S", "H"))
    >>> p = compile_pattern(pack, name="pair", size=2, same_suit=True)
    >>> len(list(matches(mask_of(pack.parse_many("9S 10S AS")), p)))
    3
    """
    size, include = pattern.size, pattern.include
    for pool in pattern.pools:
        held = hand & pool
        if held.bit_count() < size or (include and not held & include):
            continue
        for subset in subsets(held, size):
            if not include or subset & include:
                yield subset


def find(hand: int, patterns: Sequence[Pattern]) -> tuple[tuple[int, int], ...]:
    """Every (pattern index, cards) that ``hand`` holds.

    >>> from cardrules.cards import Pack
    >>> pack = Pack(ranks=("9", "10", "A"), suits=("S", "H"))
    >>> tens = compile_pattern(pack, name="tens", size=2, ranks=("10",))
    >>> find(mask_of(pack.parse_many("10S 10H")), [tens]) == ((0, 0b10010),)
    True
    """
    return tuple((i, m) for i, pattern in enumerate(patterns) for m in matches(hand, pattern))
