"""Mau-Mau's hook: no jack on a jack (spec G2, G6)."""

from __future__ import annotations

from cardrules.hooks import Refusal, RefusalInput, hook


@hook("refusal", "mau_mau.no_jack_on_a_jack")
def no_jack_on_a_jack(position: RefusalInput) -> Refusal | None:
    """A jack may not be played on a jack (G2)."""
    state, action = position.state, position.action
    pack = state.game.pack
    jack = pack.ranks.index("J")
    if action.kind.value == "play" and state.top >= 0 and pack.rank(state.top) == jack \
            and any(pack.rank(c) == jack for c in action.cards):
        return Refusal(reason=f"{pack.name(action.cards[0])} is a jack, and a jack may not "
                              f"be played on a jack", rule="G2")
    return None
