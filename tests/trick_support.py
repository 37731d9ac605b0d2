"""Helpers shared by the trick-taking games' rule tests: a deal with chosen hands, the
legal actions in words, the names of a set of cards."""

from __future__ import annotations

from collections.abc import Sequence

import cardrules
from cardrules.families.tricks.state import TricksState


def dealt_hands(game: cardrules.Game, hands: Sequence[str], *, dealer: int,
                seed: int = 1) -> TricksState:
    """A deal giving each seat its hand (``hands``, seat 0's first), dealt one card at a
    time from the dealer's left; the cards no hand holds stay in the pack."""
    n = len(hands)
    cards = [game.pack.parse_many(h) for h in hands]
    first = (dealer + 1) % n
    size = sum(map(len, cards))
    order = [cards[(first + i) % n][i // n] for i in range(size)][::-1]  # dealt from the end
    state = game.new_deal(seed, dealer=dealer, order=order)
    assert isinstance(state, TricksState)
    return state


def labels(state: cardrules.State) -> list[str]:
    """The legal actions in words, sorted."""
    return sorted(a.text(state.game.pack) for a in state.legal_actions())


def card_names(game: cardrules.Game, mask: int) -> set[str]:
    """The names of the cards of ``mask``."""
    return set(game.pack.names(game.pack.cards_of(mask)))
