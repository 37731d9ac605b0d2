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

__all__ = ["CardNames", "seen_by", "show", "visibility"]


def visibility(zones: Mapping[str, Visibility], zone: str, default: Visibility) -> Visibility:
    """The declared visibility of ``zone``, or ``default`` when the file does not say."""
    return zones.get(zone, default)


def seen_by(vis: Visibility, players: int) -> tuple[tuple[bool, ...], ...]:
    """Per viewer, per owner: may the viewer see the owner's cards in a zone of ``vis``?

    >>> seen_by(Visibility.OWNER, 2)
    ((True, False), (False, True))
    """
    return tuple(tuple(vis is Visibility.PUBLIC or (vis is Visibility.OWNER and owner == viewer)
                       for owner in range(players)) for viewer in range(players))


def show(vis: Visibility, *, owner: int, viewer: int, cards: Sequence[int],
         pack: Pack) -> list[str] | int:
    """The cards' names if ``viewer`` may see them, else how many there are."""
    if vis is Visibility.PUBLIC or (vis is Visibility.OWNER and owner == viewer):
        return list(pack.names(cards))
    return len(cards)


@attrs.frozen(kw_only=True)
class CardNames:
    """Fast names of card bit sets in a player's sort (suit, then rank high to low).

    Names of recently shown sets are remembered: from one view to the next most hands
    and piles are unchanged.

    >>> from cardrules.cards import Pack
    >>> names = CardNames.of(Pack(ranks=("9", "10", "A"), suits=("S", "H")))
    >>> names.sorted_names(0b110011)
    ['10S', '9S', 'AH', '10H']
    >>> CardNames.of(Pack(ranks=("9", "A"), suits=("S",), extra=("RJ", "BJ"))).sorted_names(0b1101)
    ['9S', 'RJ', 'BJ']
    """

    pack: Pack
    names: tuple[str, ...]
    """Card number -> name."""
    width: int
    """Ranks per suit."""
    chunks: tuple[tuple[tuple[str, ...], ...], ...]
    """Per suit, per bit pattern of that suit's cards, their names high to low, then per
    block of as many extra cards (jokers) their names in number order (empty for suits
    too long to tabulate)."""
    recent: dict[int, tuple[str, ...]] = attrs.field(factory=dict, eq=False, repr=False)
    """Bit set -> its names, for the sets shown lately (bounded by :data:`RECENT_LIMIT`)."""

    @classmethod
    def of(cls, pack: Pack) -> CardNames:
        """The tables for ``pack``."""
        width = len(pack.ranks)
        names = pack.names(range(pack.size))
        grid, size = pack.grid, pack.size
        chunks = tuple(
            tuple(tuple(names[s * width + r]
                        for r in (reversed(range(width)) if s * width < grid else range(width))
                        if pattern >> r & 1 and s * width + r < size)
                  for pattern in range(1 << width))
            for s in range(-(-size // width))) if width <= 12 else ()
        return cls(pack=pack, names=names, width=width, chunks=chunks)

    def sorted_names(self, mask: int) -> list[str]:
        """The names of a bit set's cards in a player's sort."""
        found = self.recent.get(mask)
        return list(found if found is not None else self._remember(mask))

    def shown(self, seen: Sequence[bool], masks: Sequence[int]) -> list[list[str] | int]:
        """Each owner's set of ``masks``: its names where ``seen``, else its size.

        >>> from cardrules.cards import Pack
        >>> CardNames.of(Pack(ranks=("9", "10"), suits=("S",))).shown((True, False), (1, 3))
        [['9S'], 2]
        """
        recent = self.recent
        out: list[list[str] | int] = []
        for visible, mask in zip(seen, masks):
            if visible:
                found = recent.get(mask)
                out.append(list(found if found is not None else self._remember(mask)))
            else:
                out.append(mask.bit_count())
        return out

    def _remember(self, mask: int) -> tuple[str, ...]:
        if len(self.recent) >= RECENT_LIMIT:
            self.recent.clear()
        found = self.recent[mask] = self._sorted_names(mask)
        return found

    def _sorted_names(self, mask: int) -> tuple[str, ...]:
        chunks = self.chunks
        if not chunks:
            return self.pack.names(self.pack.cards_of(mask))
        shown: tuple[str, ...] = ()
        low, suit = (1 << self.width) - 1, 0
        while mask:
            shown += chunks[suit][mask & low]
            mask >>= self.width
            suit += 1
        return shown


RECENT_LIMIT = 4096
"""Sets whose names a :class:`CardNames` remembers before it starts afresh."""
