"""The cards drawn in the current turn, kept in games where only they may be played after
a draw (``draw.play_drawn``): a field mixin the procedure adds to those games' states.

>>> import cardrules
>>> game = cardrules.load("mau-mau", players=3)
>>> state = game.setup(hands=["KH", "7S", "8S"], pile="10S", stock="QS")
>>> drawn_cards(state.apply("draw"), 0) == 1 << game.pack.parse("QS")
True
"""

from __future__ import annotations

from typing import cast

import attrs

from cardrules.engine.fields import KnownCards, field

__all__ = ["DrawnFields", "drawn_cards"]


@attrs.define(slots=False)
class DrawnFields:
    """The state field of a game where only a card drawn may be played after a draw."""

    _drawn_cards: tuple[int, ...] = field(KnownCards(), label="drawn cards")
    """Per player, the cards they drew in this turn (a bit set; only the player to move's
    is ever set).  Each lies in its drawer's hand, who knows it."""


def drawn_cards(state: object, player: int) -> int:
    """The cards ``player`` drew in this turn (a bit set; the caller knows the game has
    ``draw.play_drawn``, so ``state``'s class includes :class:`DrawnFields`)."""
    return cast("DrawnFields", state)._drawn_cards[player]
