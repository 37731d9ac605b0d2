"""Black Maria's hook: the pack without the two of clubs (spec F1)."""

from __future__ import annotations

from cardrules.hooks import PackInput, hook


@hook("pack", "black_maria.no_two_of_clubs")
def no_two_of_clubs(position: PackInput) -> tuple[int, ...]:
    """The two of clubs is left out of the pack, which keeps 51 cards (F1)."""
    return (position.pack.parse("2C"),)
