"""Bank's hooks (rules B1-B27 are otherwise plain data in ``variants/bank.yaml``)."""

from __future__ import annotations

from cardrules.cards import bits
from cardrules.hooks import FirstMoverInput, hook

__all__ = ["first_mover"]


@hook("first_mover", "bank.first_mover")
def first_mover(position: FirstMoverInput) -> int:
    """The first player from the dealer's left holding a lower card of the centre card's
    suit moves first; failing that, the first holding a higher one; failing that, the
    player on the dealer's left (B7)."""
    pack, top, n = position.pack, position.top, len(position.hands)
    order = [(position.dealer + k) % n for k in range(1, n + 1)]
    if top >= 0:
        suit, rank = pack.suit(top), pack.rank(top)
        for lower in (True, False):
            for player in order:
                for card in bits(position.hands[player] & pack.suit_mask(suit)):
                    if (pack.rank(card) < rank) == lower:
                        return player
    return order[0]
