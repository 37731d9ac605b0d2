"""The cards a shedding rule names: a rank symbol (every card of that rank, custom faces of
that rank included) or the name of a face outside rank x suit (an extra card, or a custom
face of ``pack.faces``, every copy), so that ``wild``, ``forced_draw.ranks``,
``after_turn`` and ``starter_redraw`` may name UNO's ``W4`` as well as a ``7``.

A rank wins over a face of the same name (the pack's checks keep them apart anyway).

>>> from cardrules.cards import Face, Pack
>>> pack = Pack(ranks=("1", "S"), suits=("R", "G"), custom=(Face(name="W4", count=2),))
>>> bin(key_mask(pack, "S")), bin(key_mask(pack, "W4"))
('0b1010', '0b110000')
>>> key_mask(pack, "X")
0
>>> bin(same_symbol(pack, 5)), bin(same_symbol(pack, 0))
('0b110000', '0b101')
"""

from __future__ import annotations

from cardrules.cards import Pack, mask_of
from cardrules.model.common import PackSpec

__all__ = ["key_mask", "key_names", "same_symbol", "unknown_key"]


def key_names(pack: PackSpec) -> tuple[str, ...]:
    """Every name a shedding rule may key a card by: the ranks, then the extra cards and
    the custom faces."""
    return (*pack.ranks, *dict.fromkeys(pack.extra_names), *(f.name for f in pack.faces))


def unknown_key(pack: PackSpec, key: str) -> str | None:
    """The message for a rule naming ``key`` when it is neither a rank nor a face of the
    pack (None when it is one)."""
    if key in key_names(pack):
        return None
    faces = (*dict.fromkeys(pack.extra_names), *(f.name for f in pack.faces))
    also = f", or a face ({', '.join(faces)})" if faces else ""
    return f"unknown rank or face {key!r}; write a rank ({', '.join(pack.ranks)}){also}"


def key_mask(pack: Pack, key: str) -> int:
    """Bit set of the cards ``key`` names: every card of that rank, or every copy of that
    face (0 for a name that is neither)."""
    if key in pack.ranks:
        return pack.rank_mask(pack.ranks.index(key))
    if key in pack.extra or any(f.name == key for f in pack.custom):
        return mask_of(c for c in range(pack.size) if pack.name(c) == key)
    return 0


def same_symbol(pack: Pack, card: int) -> int:
    """Bit set of the cards with ``card``'s symbol: its rank's cards, or for a card of no
    rank every copy of its face."""
    rank = pack.rank(card)
    return pack.rank_mask(rank) if rank >= 0 else pack.copies_mask(card)
