"""What every view of one tricks game needs, computed once by the first view and kept on
the game's tables (its own module, so that the tables can name its type without importing
the views).
"""

from __future__ import annotations

import attr

from cardrules.cards import Pack
from cardrules.engine.views import CardNames

__all__ = ["ViewInfo"]


@attr.s(auto_attribs=True, kw_only=True, frozen=True, slots=True)
class ViewInfo:
    """What every view of one game needs, computed once (kept on the game's tables).
    ``attr.s``: a compiled build makes it a native class, whose fields a compiled view
    reads directly."""

    variant: str
    """The variant's name."""
    names: tuple[str, ...]
    """Card number -> name."""
    suits: tuple[str, ...]
    """Suit index -> letter."""
    cards: CardNames
    """Fast names of bit sets."""
    hand_seen: tuple[tuple[bool, ...], ...]
    """Per viewer, per owner: may the viewer see that hand?"""
    won_seen: tuple[tuple[bool, ...], ...]
    """Per viewer, per owner: may the viewer see those won cards (and their points)?"""
    up_seen: tuple[tuple[bool, ...], ...]
    """Per viewer, per owner: may the viewer see that player's face-up cards in the trick?"""
    stock_seen: bool
    """Everybody may see the stock."""
    players: int
    """Players at the table."""
    pack: Pack
    """The game's pack."""
    rounds: tuple[tuple[int, ...], ...]
    """Per leader, the seats in the order they play to a trick."""
    face_up: bool
    """Everyone sees the stock's top card (``draw: face_up_top``)."""
    counts_some: bool
    """Some tricks may count nothing (``scoring.counted``)."""
    chooses_order: bool
    """A phase chooses the card order (and the trumps) before play."""
