"""The shedding family's hook points: what a card does when a turn ends with it on top.

>>> from cardrules.hooks import points
>>> points()["after_play"].default
'as_written'
"""

from __future__ import annotations

import attrs

from cardrules.cards import Pack
from cardrules.families.shedding.model import AfterTurn
from cardrules.hooks import HookPoint, declare, hook

__all__ = ["AfterPlayInput", "as_written"]


@attrs.frozen(kw_only=True)
class AfterPlayInput:
    """What an ``after_play`` hook may look at: asked once per card when a game loads."""

    pack: Pack
    """The pack."""
    card: int
    """The card on top when a turn ends."""
    written: AfterTurn | None
    """The effect the rule file gives the card's rank (None: no effect)."""


declare(HookPoint(name="after_play", input=AfterPlayInput, default="as_written",
                  description="the effect of a turn ending with a card on top (once per "
                              "card)"))


@hook("after_play", "as_written")
def as_written(position: AfterPlayInput) -> AfterTurn | None:
    """The effect the rule file gives the card's rank."""
    return position.written
