"""Bank's hooks (rules B1-B27 are otherwise plain data in ``variants/bank.yaml``)."""

from __future__ import annotations

from cardrules.cards import bits
from cardrules.hooks import FirstMoverInput, hook

__all__ = ["first_mover"]


@hook("first_mover", "bank.first_mover")
def first_mover(position: FirstMoverInput) -> int:
    """Going round in turn from the dealer's left (the game's turn order), the first
    player holding a lower card of the centre card's suit moves first; failing that, the
    first holding a higher one; failing that, the first in turn (B7)."""
    pack, top = position.pack, position.top
    order = position.in_turn()
    if top >= 0:
        suit, rank = pack.suit(top), pack.rank(top)
        for lower in (True, False):
            for player in order:
                for card in bits(position.hands[player] & pack.suit_mask(suit)):
                    if (pack.rank(card) < rank) == lower:
                        return player
    return order[0]
