"""Cards announced as they are played (``play.announced``): Belote's king and queen of
trumps, "belote" said on the first and "rebelote" on the second, which score for their
holder once both are played.

A player who plays a card of such a set while holding every other card of it says the
first word; everyone now knows the rest of the set is in that hand (a field of known
cards, so that re-sampling for a search leaves them there).  Playing the last of them,
the player says the last word and the set's points count for them.  The points are kept
apart from the card points (:attr:`AnnouncedFields._announced`), so that a contract
that gives away the card points can leave them with their holder.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from cardrules.engine.fields import KnownCards, Numbers, field
from cardrules.engine.table import with_seat
from cardrules.families.tricks.attributes import AnnouncedAttributes
from cardrules.families.tricks.model import RawEvent, TricksPlay

if TYPE_CHECKING:
    from cardrules.families.tricks.context import TricksContext

__all__ = ["AnnouncedAttributes", "AnnouncedFields", "announce", "uses_announced_fields"]


@attrs.define(slots=False)
class AnnouncedFields:
    """The state fields of announced sets, added to the tricks procedure's state class
    only in the games that have them."""

    _announced: tuple[int, ...] = field(Numbers())
    """Per seat, the points of the sets it announced and played in full."""
    _calling: tuple[int, ...] = field(KnownCards())
    """Per seat (the same for every seat: everyone heard the first word), the cards of
    announced sets not yet played, which their announcer holds."""


def uses_announced_fields(play: object) -> bool:
    """The variant's play announces sets of cards (``play.announced``)."""
    return isinstance(play, TricksPlay) and bool(play.announced)


def announce(state: TricksContext, player: int, hand: int, mask: int) -> list[RawEvent]:
    """What ``player``, who held ``hand`` and played ``mask``, announces (changes
    ``state``, a fresh clone: its announced points and called cards)."""
    tables = state._tables
    index = tables.trump_index(state._trump)
    if not mask & tables.announced_cards[index]:
        return []
    fields = state
    calling = fields._calling[0]
    specs = tuple(tables.play.announced.values())
    events: list[RawEvent] = []
    for cards, entry in tables.announced[index]:
        played = mask & cards
        if not played:
            continue
        spec = specs[entry]
        if played & calling:  # a set announced before: its rest, the last word on the last
            calling &= ~played
            if not calling & cards:
                events.append(_scored(fields, player, played, spec.points, spec.words[-1]))
        elif hand & cards == cards:  # held in full: the first word
            if cards & ~played:
                calling |= cards & ~played
                events.append(("call", player, _cards(played), 0, spec.words[0], False))
            else:  # played at once
                events.append(_scored(fields, player, played, spec.points, spec.words[-1]))
    fields._calling = (calling,) * len(fields._calling)
    return events


def _scored(fields: TricksContext, player: int, played: int, points: int,
            word: str) -> RawEvent:
    """Count ``points`` for ``player`` (changes ``fields``); the event saying ``word``."""
    announced = fields._announced
    fields._announced = with_seat(announced, player, announced[player] + points)
    return "call", player, _cards(played), points, word, False


def _cards(mask: int) -> tuple[int, ...]:
    """The cards of ``mask``, lowest number first."""
    return tuple(c for c in range(mask.bit_length()) if mask >> c & 1)
