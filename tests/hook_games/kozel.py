"""Kozel's hooks: its permanent trumps (spec G3, G5; facts F1, F5) and its first lead
(G1)."""

from __future__ import annotations

from cardrules.families.tricks.hooks import TrickCard, TrickCardInput
from cardrules.hooks import FirstMoverInput, hook

TRUMPS = ["7C", "8C", "9C", "KC", "10C", "AC", "JD", "JH", "JS", "JC", "QD", "QH", "QS", "QC", "6C"]
"""The fifteen trumps, lowest first (the spec's trump suit read from right to left)."""


@hook("card_order", "kozel.permanent_trumps")
def permanent_trumps(position: TrickCardInput) -> TrickCard:
    """The six of clubs, the queens and the jacks are trumps above the clubs, in the order
    6C QC QS QH QD JC JS JH JD AC 10C KC 9C 8C 7C (G3, G5)."""
    pack, card = position.pack, position.card
    name = pack.name(card)
    if name in TRUMPS:
        return TrickCard(suit=pack.suits.index("C"), order=len(pack.ranks) + TRUMPS.index(name))
    return TrickCard(suit=pack.suit(card), order=pack.rank(card))


@hook("first_mover", "kozel.ace_of_diamonds_leads")
def ace_of_diamonds_leads(position: FirstMoverInput) -> int:
    """The holder of the ace of diamonds leads to the first trick (G1)."""
    ace = position.pack.parse("AD")
    return next(seat for seat, hand in enumerate(position.hands) if hand >> ace & 1)
