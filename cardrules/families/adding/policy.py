"""A cheap play-out policy for the search bot in adding games.

Read from the (determinized) state's fields, without a JSON view: in the play, a card
that scores on the way (a total of the points table, a pair with the card before) is
played first; else a card is drawn at random.  Discards are drawn at random.  With
probability ``explore`` a move is uniformly random instead.

>>> import random
>>> import cardrules
>>> state = cardrules.load("cribbage", players=2).new_deal(seed=3, dealer=0)
>>> policy, rng = AddingPolicy(), random.Random(0)
>>> while not state.is_over:
...     state = state.apply(policy(state, rng))
>>> len(state.result.winners)
1
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from cardrules.actions import Action, Kind
from cardrules.families.adding.model import PLAY

if TYPE_CHECKING:
    from cardrules.families.adding.context import AddingContext

__all__ = ["AddingPolicy"]


class AddingPolicy:
    """Score on the way when a card does; else play at random."""

    def __init__(self, explore: float = 0.1) -> None:
        self.explore = explore
        """The chance of a uniformly random move instead."""

    def __call__(self, state: AddingContext, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1 or state._phase is not PLAY or rng.random() < self.explore:
            return legal[rng.randrange(len(legal))]
        tables = state._tables
        totals, ranks, values = tables.scoring.totals, tables.ranks, tables.values
        last = ranks[state._sequence[-1]] if state._sequence else -1
        for action in legal:
            if action.kind is Kind.PLAY:
                card = action.cards[0]
                if state._total + values[card] in totals or ranks[card] == last:
                    return action
        return legal[rng.randrange(len(legal))]
