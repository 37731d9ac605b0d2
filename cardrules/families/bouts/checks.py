"""Cross-field checks of the bouts procedure's rules (see :mod:`cardrules.model.checks`)."""

from __future__ import annotations

from collections.abc import Iterator

from cardrules.families.bouts.model import BoutsPlay
from cardrules.model.common import TrumpSource
from cardrules.model.variant import Variant
from cardrules.phases import dealing_phase

__all__ = ["check_bouts"]

Found = tuple[tuple[str | int, ...], str]
"""A problem: JSON path and message."""


def check_bouts(v: Variant) -> Iterator[Found]:
    """Problems of a bouts game's ``play`` and ``deal`` that the schema cannot see.

    >>> from cardrules.loader.load import load_variant
    >>> list(check_bouts(load_variant("durak")[0]))
    []
    """
    play = v.play
    assert isinstance(play, BoutsPlay)
    suits = v.pack.suits
    if v.deal.trump_card:
        yield ("deal", "trump_card"), ("a bouts game turns its trump card itself: write "
                                       "play.trump: {source: turned_card} instead")
    if v.deal.starter:
        yield ("deal", "starter"), "a bouts game turns no starter card: a bout starts the pile"
    trump = play.trump
    if trump.source is TrumpSource.FIXED and not trump.suit:
        yield ("play", "trump", "suit"), "trump source 'fixed' needs a suit"
    if trump.suit and trump.suit not in suits:
        yield ("play", "trump", "suit"), f"unknown suit {trump.suit!r}; the pack has " \
                                         f"{', '.join(suits)}"
    if trump.suit and trump.source is not TrumpSource.FIXED:
        yield ("play", "trump", "suit"), "a trump suit is named only with source 'fixed'"
    if trump.source is TrumpSource.DEALER_CARD and (dealer := dealing_phase(v)):
        yield ("play", "trump", "source"), (
            f"trump source dealer_card shows the card the procedure deals the dealer last, "
            f"but {dealer} deals in its place: turn a trump card up instead "
            f"(source: turned_card)")
