"""What the fishing games' rule tests share: legal moves as sorted labels, a deal from an
explicit card order, and the points of given captured piles."""

from __future__ import annotations

import cardrules
from cardrules.families.fishing.scoring import side_points


def labels(state: cardrules.State) -> list[str]:
    """The legal moves of ``state``, described and sorted."""
    return sorted(state.describe(a) for a in state.legal_actions())


def dealt(game: cardrules.Game, pack: list[str], first: list[str], *,
          dealer: int = 1) -> cardrules.State:
    """A deal whose cards come out of the stock in the order ``first`` gives, then the
    rest of ``pack`` (every card of the game's pack, written as the notation writes it)."""
    rest = [c for c in pack if c not in first]
    order = [game.pack.parse(c) for c in first + rest][::-1]  # dealt from the end
    return game.new_deal(1, dealer=dealer, order=order)


def points(game: cardrules.Game, *piles: str, sweeps: tuple[int, ...] = (0, 0)) -> list[int]:
    """The points of sides whose captured piles are ``piles`` (the last pile: every
    card no other pile names) and whose sweeps are worth ``sweeps``."""
    masks = [sum(1 << game.pack.parse(c) for c in p.split()) for p in piles[:-1]]
    rest = game.pack.full
    for m in masks:
        rest &= ~m
    return side_points(game.tables, [*masks, rest], sweeps)
