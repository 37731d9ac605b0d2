"""Helpers shared by the rule tests of the shedding games with a card turned up to start
the pile (Mau-Mau, Pesten)."""

from __future__ import annotations

import random

import cardrules
from cardrules.families.shedding.state import SheddingState
from cardrules.tools.bots import QUICK_BOTS, act, make_bot
from cardrules.tools.conformance import Policy


def turned_up(game: cardrules.Game, upcard: str, *, dealer: int = 0,
              hands: dict[int, str] | None = None) -> SheddingState:
    """A deal whose card turned up to start the pile is ``upcard`` (and whose hands hold
    the cards given, by seat), the rest in pack order."""
    pack, n = game.pack, game.players
    size = game.variant.deal.largest(n)
    dealt = [list(pack.parse_many((hands or {}).get(p, ""))) for p in range(n)]
    fixed = {pack.parse(upcard), *(c for h in dealt for c in h)}
    rest = [c for c in pack.cards if c not in fixed]
    for p in range(n):
        dealt[p] += [rest.pop() for _ in range(size - len(dealt[p]))]
    # dealt one at a time from the dealer's left; the order's last card is dealt first
    seats = [(dealer + 1 + i) % n for i in range(n)]
    first = [dealt[seat][k] for k in range(size) for seat in seats]
    order = [*rest, pack.parse(upcard), *reversed(first)]
    state = game.new_deal(seed=1, dealer=dealer, order=order)
    assert isinstance(state, SheddingState)
    return state


def hand(state: SheddingState, player: int) -> set[str]:
    """The names of the cards ``player`` holds."""
    return set(state.game.pack.names(state.game.pack.cards_of(state.hands[player])))


def quick_bot(name: str) -> Policy:
    """The quick bot ``name`` (of ``QUICK_BOTS``) as a policy for ``run_check``."""
    bot = make_bot(QUICK_BOTS[name])

    def choose(state: cardrules.State, rng: random.Random) -> cardrules.Action:
        return act(bot, state, rng)

    return choose
