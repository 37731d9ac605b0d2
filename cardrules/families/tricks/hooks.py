"""The tricks family's hook points: which suit a card counts in and how cards rank.

``card_order`` is asked once per card and per possible trump suit as a game loads.  Its
answer, a :class:`TrickCard`, puts the card in a suit for following (a permanent trump
counts in the trump suit, not its printed one) and gives it a place in that suit's order.
A card then beats the card holding the trick if it is of the same suit and higher, or a
trump when the holder is not.  The default keeps the rule file's ``play.beats``.

An extra card (a joker) has no suit (``suit=-1``) by default: it never follows suit, so
a player may always lay it, and nothing follows it, so it beats nothing; led, it holds
the trick unless a trump is played.  A hook gives it a suit and an order to change that
(a joker that is the highest trump: ``TrickCard(suit=trump, order=99)``).

>>> from cardrules.cards import Pack
>>> pack = Pack(ranks=("9", "A"), suits=("S", "H"))
>>> printed_suit(TrickCardInput(pack=pack, card=pack.parse("AH"), trump=0))
TrickCard(suit=1, order=1)
"""

from __future__ import annotations

import attrs

from cardrules.cards import Pack
from cardrules.hooks import HookPoint, declare, hook

__all__ = ["TrickCard", "TrickCardInput", "printed_suit"]


@attrs.frozen(kw_only=True)
class TrickCardInput:
    """What a ``card_order`` hook may look at: asked once per card and trump suit."""

    pack: Pack
    """The pack."""
    card: int
    """The card."""
    trump: int
    """The trump suit's index (-1: no trumps)."""


@attrs.frozen(kw_only=True)
class TrickCard:
    """Where a card stands in tricks."""

    suit: int
    """The suit (index) it counts in, for following and for winning (-1: none)."""
    order: int
    """Its place in that suit: a higher card of the same suit beats a lower one."""


declare(HookPoint(name="card_order", input=TrickCardInput, default="printed_suit",
                  description="the suit a card counts in and its rank in tricks (who wins a "
                              "trick), once per card and trump suit"))


@hook("card_order", "printed_suit")
def printed_suit(position: TrickCardInput) -> TrickCard:
    """Cards count in their printed suit and beat by the rule file's ``play.beats``."""
    pack, card = position.pack, position.card
    return TrickCard(suit=pack.suit(card), order=pack.rank(card))  # a joker: -1, -1
