"""Card names of bit sets in a player's sort, fast (:class:`CardNames`): what every view
shows of hands, piles and tricks.

Compiled in a compiled build, :class:`CardNames` a native class.

>>> from cardrules.cards import Pack
>>> names = CardNames.of(Pack(ranks=("9", "10", "A"), suits=("S", "H")))
>>> names.sorted_names(0b110011)
['10S', '9S', 'AH', '10H']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardrules.cards import Pack, count

__all__ = ["PIECE", "RECENT_LIMIT", "CardNames"]

RECENT_LIMIT: Final = 4096
"""Sets whose names a :class:`CardNames` remembers before it starts afresh."""

PIECE: Final = 7
"""The most consecutive cards one table of names covers (2**7 entries): a longer suit is
split into pieces, its higher ranks' piece first."""


class CardNames:
    """Fast names of card bit sets in a player's sort (suit, then rank high to low; extra
    cards after the suits, in number order), made by :meth:`of` once per pack.

    Names of recently shown sets are remembered: from one view to the next most hands
    and piles are unchanged.  A plain class rather than an ``attrs`` record, so that a
    compiled build makes it a native class (views call it several times each); its
    attributes are not to be changed.

    >>> from cardrules.cards import Pack
    >>> CardNames.of(Pack(ranks=("9", "A"), suits=("S",), extra=("RJ", "BJ"))).sorted_names(0b1101)
    ['9S', 'RJ', 'BJ']
    >>> long = CardNames.of(Pack(ranks=tuple("23456789TJQKA"), suits=("S", "H")))
    >>> long.sorted_names(0b11100000000000_1)  # 2S, AS, 2H, 3H
    ['AS', '2S', '3H', '2H']
    >>> long
    CardNames(pack=Pack(...), width=13, chunks=4)
    """

    pack: Pack
    names: tuple[str, ...]
    """Card number -> name."""
    width: int
    """Ranks per suit."""
    chunks: tuple[tuple[int, int, tuple[tuple[str, ...], ...]], ...]
    """The pieces of the card numbers a table names, in the order of a player's sort:
    each as its first card's number, the bit mask of its width, and per bit pattern of
    its cards their names in that order (suits' pieces from their high ranks down,
    extra cards' in number order; none for packs of copies or custom faces)."""
    recent: dict[int, tuple[str, ...]]
    """Bit set -> its names, for the sets shown lately (bounded by :data:`RECENT_LIMIT`)."""

    def __init__(self, *, pack: Pack, names: tuple[str, ...], width: int,
                 chunks: tuple[tuple[int, int, tuple[tuple[str, ...], ...]], ...]) -> None:
        self.pack, self.names, self.width, self.chunks = pack, names, width, chunks
        self.recent = {}

    def __repr__(self) -> str:
        return f"CardNames(pack=Pack(...), width={self.width}, chunks={len(self.chunks)})"

    @classmethod
    def of(cls, pack: Pack) -> CardNames:
        """The tables for ``pack``."""
        width = len(pack.ranks)
        names = pack.names(range(pack.size))
        tabulated = width > 0 and not pack.copies > 1 and not pack.custom
        return cls(pack=pack, names=names, width=width,
                   chunks=_pieces(names, width, pack.grid) if tabulated else ())

    def sorted_names(self, mask: int) -> list[str]:
        """The names of a bit set's cards in a player's sort."""
        found = self.recent.get(mask)
        return list(found) if found is not None else self._remember(mask)

    def shown(self, seen: Sequence[bool], masks: Sequence[int]) -> list[list[str] | int]:
        """Each owner's set of ``masks``: its names where ``seen``, else its size.

        >>> from cardrules.cards import Pack
        >>> CardNames.of(Pack(ranks=("9", "10"), suits=("S",))).shown((True, False), (1, 3))
        [['9S'], 2]
        """
        recent = self.recent
        # tuples read by index: compiled, zip makes a tuple per pair
        owners: tuple[int, ...] = masks if isinstance(masks, tuple) else tuple(masks)
        shows: tuple[bool, ...] = seen if isinstance(seen, tuple) else tuple(seen)
        out: list[list[str] | int] = []
        for i in range(len(owners)):
            mask = owners[i]
            if shows[i]:
                found = recent.get(mask)
                out.append(list(found) if found is not None else self._remember(mask))
            else:
                out.append(count(mask))  # compiled: no method call
        return out

    def _remember(self, mask: int) -> list[str]:
        """The names of ``mask``'s cards as a new list, remembered (a tuple kept)."""
        names = self._names_of(mask)
        recent = self.recent
        if len(recent) >= RECENT_LIMIT:
            recent.clear()
        recent[mask] = tuple(names)
        return names

    def _names_of(self, mask: int) -> list[str]:
        """The names of ``mask``'s cards in a player's sort, worked out: each piece's
        names added to one list (not joined into a new tuple piece by piece)."""
        if not self.chunks:
            return list(self.pack.names(self.pack.cards_of(mask)))
        out: list[str] = []
        for first, low, table in self.chunks:
            part = (mask >> first) & low
            if part:
                out.extend(table[part])
        return out


def _pieces(names: Sequence[str], width: int,
            grid: int) -> tuple[tuple[int, int, tuple[tuple[str, ...], ...]], ...]:
    """The pieces of :attr:`CardNames.chunks` for a pack of ``names`` with ``width``
    ranks a suit and ``grid`` suited cards."""
    out = []
    size = len(names)
    for start in range(0, size, width):
        suited, end = start < grid, min(width, size - start)
        spans = [(low, min(low + PIECE, end)) for low in range(0, end, PIECE)]
        for low, high in (reversed(spans) if suited else spans):
            first, span = start + low, high - low
            order = range(span - 1, -1, -1) if suited else range(span)
            table = tuple(tuple(names[first + r] for r in order if pattern >> r & 1)
                          for pattern in range(1 << span))
            out.append((first, (1 << span) - 1, table))
    return tuple(out)
