"""Per-player views derived from the visibility declared for each zone.

>>> from cardrules.cards import Pack
>>> from cardrules.model.common import Visibility
>>> pack = Pack(ranks=("9", "10"), suits=("S",))
>>> show(Visibility.OWNER, owner=0, viewer=1, cards=(0, 1), pack=pack)
2
>>> show(Visibility.OWNER, owner=0, viewer=0, cards=(0, 1), pack=pack)
['9S', '10S']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from cardrules.cards import Pack
from cardrules.model.common import Visibility

__all__ = ["CardNames", "show", "visibility"]


def visibility(zones: Mapping[str, Visibility], zone: str, default: Visibility) -> Visibility:
    """The declared visibility of ``zone``, or ``default`` when the file does not say."""
    return zones.get(zone, default)


def show(vis: Visibility, *, owner: int, viewer: int, cards: Sequence[int],
         pack: Pack) -> list[str] | int:
    """The cards' names if ``viewer`` may see them, else how many there are."""
    if vis is Visibility.PUBLIC or (vis is Visibility.OWNER and owner == viewer):
        return list(pack.names(cards))
    return len(cards)


@attrs.frozen(kw_only=True)
class CardNames:
    """Fast names of card bit sets in a player's sort (suit, then rank high to low).

    >>> from cardrules.cards import Pack
    >>> names = CardNames.of(Pack(ranks=("9", "10", "A"), suits=("S", "H")))
    >>> names.sorted_names(0b110011)
    ['10S', '9S', 'AH', '10H']
    """

    names: tuple[str, ...]
    """Card number -> name."""
    width: int
    """Ranks per suit."""
    order: tuple[int, ...]
    """Card number -> sort key of a player's sort."""
    chunks: tuple[tuple[tuple[str, ...], ...], ...]
    """Per suit, per bit pattern of that suit's cards, their names high to low (empty for
    suits too long to tabulate)."""

    @classmethod
    def of(cls, pack: Pack) -> CardNames:
        """The tables for ``pack``."""
        width = len(pack.ranks)
        names = tuple(pack.name(c) for c in range(pack.size))
        chunks = tuple(
            tuple(tuple(names[s * width + r] for r in reversed(range(width)) if pattern >> r & 1)
                  for pattern in range(1 << width))
            for s in range(len(pack.suits))) if width <= 12 else ()
        return cls(names=names, width=width, chunks=chunks,
                   order=tuple((c // width) * width + (width - 1 - c % width)
                               for c in range(pack.size)))

    def sorted_names(self, mask: int) -> list[str]:
        """The names of a bit set's cards in a player's sort."""
        shown: list[str] = []
        chunks = self.chunks
        if chunks:
            low, suit = (1 << self.width) - 1, 0
            while mask:
                shown += chunks[suit][mask & low]
                mask >>= self.width
                suit += 1
            return shown
        cards = []
        while mask:
            bit = mask & -mask
            cards.append(bit.bit_length() - 1)
            mask ^= bit
        cards.sort(key=self.order.__getitem__)
        names = self.names
        return [names[c] for c in cards]
