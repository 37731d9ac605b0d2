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

from cardrules.cards import Pack
from cardrules.model.common import Visibility

__all__ = ["show", "visibility"]


def visibility(zones: Mapping[str, Visibility], zone: str, default: Visibility) -> Visibility:
    """The declared visibility of ``zone``, or ``default`` when the file does not say."""
    return zones.get(zone, default)


def show(vis: Visibility, *, owner: int, viewer: int, cards: Sequence[int],
         pack: Pack) -> list[str] | int:
    """The cards' names if ``viewer`` may see them, else how many there are."""
    if vis is Visibility.PUBLIC or (vis is Visibility.OWNER and owner == viewer):
        return list(pack.names(cards))
    return len(cards)
