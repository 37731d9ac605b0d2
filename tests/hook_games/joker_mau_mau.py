"""Mau-Mau with jokers: a joker goes on any card and any card on a joker (after Pesten,
spec G1-G2)."""

from __future__ import annotations

from cardrules.families.shedding.hooks import LayOnInput
from cardrules.hooks import hook


@hook("lay_on", "joker_mau_mau.jokers_go_anywhere")
def jokers_go_anywhere(position: LayOnInput) -> int:
    """A joker may be played on any card, and any card on a joker (G1, G2)."""
    pack = position.pack
    if position.card >= pack.grid:
        return pack.full
    return position.written | pack.extra_cards
