"""A cheap play-out policy for the search bot in rummy games.

Moves are chosen from a (determinized) state's bit sets, as a plain player would: knock
as soon as allowed, lay every meld and layoff there is, take the upcard only when it
lowers one's deadwood, and discard the card that leaves the least deadwood (the meld
finder remembers the hands it has counted, so this costs little).  With probability
``explore`` a move is uniformly random instead, so play-outs still visit what the policy
would not play.

The policy reads the state it is given; the search only ever gives it states sampled
from the acting seat's information.

>>> import random
>>> import cardrules
>>> state = cardrules.load("gin-rummy", players=2).new_deal(seed=3)
>>> policy = RummyPolicy(state.game)
>>> rng = random.Random(0)
>>> while not state.is_over:
...     state = state.apply(policy(state, rng))
>>> sum(state.result.scores)
0
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from cardrules.actions import Action, Kind

if TYPE_CHECKING:
    from cardrules.engine.state import GameContext
    from cardrules.families.rummy.state import RummyState

__all__ = ["RummyPolicy"]

_KEEN = ("knock", "meld", "layoff")
"""The words played whenever they are legal."""


class RummyPolicy:
    """Knock, meld and lay off first; take and discard to keep deadwood low (see the
    module)."""

    def __init__(self, game: GameContext, *, explore: float = 0.1) -> None:
        self.explore = explore
        self.finder = game.tables.finder

    def __call__(self, state: RummyState, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if rng.random() < self.explore:
            return rng.choice(legal)
        keen = [a for a in legal if a.kind is Kind.VERB and a.name in _KEEN]
        if keen:
            return rng.choice(keen)
        finder = self.finder
        hand = state._hands[state.current_player]
        take = next((a for a in legal if a.kind is Kind.VERB and a.name == "take"), None)
        if take is not None:
            pile = state._pile
            if pile and finder.best_discard(hand | 1 << pile[-1]) < finder.deadwood(hand):
                return take
            return next((a for a in legal if a.kind is not Kind.VERB), take)
        discards = [a for a in legal if a.kind is Kind.VERB and a.name == "discard"]
        if discards:
            return min(discards, key=lambda a: (finder.deadwood(hand & ~(1 << a.cards[0])),
                                                 rng.random()))
        return rng.choice(legal)
