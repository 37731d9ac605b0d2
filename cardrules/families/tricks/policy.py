"""A cheap play-out policy for the search bot in trick-taking games.

It plays the moves the greedy heuristic (:mod:`.tricks_heuristics`) would, but scores
them from a (determinized) state's bit sets rather than from a JSON view, so a play-out
costs about what a random one does: declare a combination when allowed; take a trick
worth points with the cheapest cards that beat the holder's, otherwise throw the
cheapest cards face down; lead strong side-suit cards and multi-card leads, keeping
trumps.  With probability ``explore`` a move is uniformly random instead, so play-outs
still visit what the heuristic would not play.

The policy reads the state it is given; the search only ever gives it states sampled
from the acting seat's information.

>>> import random
>>> import cardrules
>>> state = cardrules.load("bura", players=2).new_deal(seed=3)
>>> policy = TricksPolicy(state.game)
>>> rng = random.Random(0)
>>> while not state.is_over:
...     state = state.apply(policy(state, rng))
>>> state.result.winners in ((0,), (1,), (0, 1))
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final

from cardrules.actions import Action, Kind
from cardrules.families.tricks.model import ANSWER

if TYPE_CHECKING:
    from cardrules.engine.state import GameContext
    from cardrules.families.tricks.state import TricksState

__all__ = ["TricksPolicy"]

_TRUMP_COST: Final = 15.0
"""What spending a trump costs, on top of its points and rank (as in the heuristic)."""
# The kinds compared for every legal action, as final constants (compiled: C statics).
_DECLARE: Final = Kind.DECLARE
_ANSWER: Final = Kind.ANSWER
_THROW: Final = Kind.THROW
_LEAD: Final = Kind.LEAD
_PLAY: Final = Kind.PLAY


class TricksPolicy:
    """The greedy heuristic of trick-taking, scored from a state (see the module)."""

    def __init__(self, game: GameContext, *, explore: float = 0.1) -> None:
        pack = game.pack
        self.explore = explore
        self.values = tuple(pack.value(c) for c in range(pack.size))
        suits = len(pack.suits)
        # Per trump suit (the last entry: no trumps), per card: what spending it costs and
        # what leading it is worth (trumps kept back).
        self.costs: list[tuple[float, ...]] = []
        self.leads: list[tuple[float, ...]] = []
        # A trump is a card the tables count as one (a trump order's permanent trumps too).
        for trumps in game.tables.trump_groups[:suits + 1]:
            self.costs.append(tuple(
                self.values[c] + pack.rank(c) * 0.5 + (_TRUMP_COST if trumps >> c & 1
                                                       else 0.0)
                for c in range(pack.size)))
            self.leads.append(tuple(
                pack.rank(c) + self.values[c] - (10.0 if trumps >> c & 1 else 0.0)
                for c in range(pack.size)))

    def __call__(self, state: TricksState, rng: random.Random) -> Action:
        """The move to play in ``state``."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if state._stage >= 0 or rng.random() < self.explore:
            return legal[rng.randrange(len(legal))]
        tables = state._tables
        trump = state._trump
        costs, leads, values = self.costs[trump], self.leads[trump], self.values
        held, at_stake = 0, 0
        if state._phase is ANSWER:
            plays = state._plays
            held = plays[state._game.turns.places[state._leader][state._holder]]
            shown = 0
            for m in plays:
                shown |= m
            at_stake = tables.points_of(shown & ~state._down)
        best, chosen = -1e9, legal[0]
        for action in legal:  # loops, not sums of generators: compiled, each is C
            kind = action.kind
            cards = action.cards
            if kind is _DECLARE:
                score = 500.0 + len(cards)
            elif kind is _ANSWER:
                spent, mask, worth = 0.0, 0, 0
                for c in cards:
                    spent += costs[c]
                    mask |= 1 << c
                    worth += values[c]
                if tables.beats_set(mask, held, trump):
                    score = 45.0 + at_stake + worth - 0.3 * spent
                else:
                    score = 30.0 - spent
            elif kind is _THROW:
                spent = 0.0
                for c in cards:
                    spent += costs[c]
                score = 40.0 - spent
            elif kind is _LEAD:
                worth_led = 0.0
                for c in cards:
                    worth_led += leads[c]
                score = 20.0 + 5.0 * len(cards) + worth_led
            elif kind is _PLAY:
                score = 10.0 + len(cards)
            else:
                score = 0.0
            if score > best:
                best, chosen = score, action
        return chosen
