"""Hand sizes drawn by lot (``deal.hand: {..., by_lot: true}``): each deal's hand size is
an entry of the schedule drawn by lot from the deal's seed, as OpenSpiel's ``oh_hell``
draws its number of tricks.

A state field records the size drawn, public (everyone sees how many cards were dealt);
it is added to the tricks procedure's state class only in the games that draw (so that
the others clone no more fields than before), and offered to the listed phases as
``drawn_hand`` (bidding reads the tricks of the deal from it).
"""

from __future__ import annotations

import attrs

from cardrules.engine.fields import Count, field
from cardrules.model.variant import Variant

__all__ = ["DrawnHandFields", "draws_hand_size"]


@attrs.define(slots=False)
class DrawnHandFields:
    """The state field of a hand size drawn by lot."""

    _drawn_hand: int = field(Count())
    """The cards each hand is dealt in this deal, drawn by lot (``deal.hand.by_lot``)."""


def draws_hand_size(variant: Variant) -> bool:
    """Each deal of the variant draws its hand size by lot (``deal.hand.by_lot``)."""
    return bool(variant.deal.by_lot)
