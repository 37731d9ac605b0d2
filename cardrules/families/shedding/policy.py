"""A cheap play-out policy for the search bot in shedding games.

Moves are scored from a (determinized) state's bit sets, as the greedy heuristic
(:mod:`.shedding_heuristics`) would rank them but without reading a JSON view: go out
when a play empties the hand; announce a last card when the rules ask; lay a card
rather than draw or pass (where drawing is allowed at will, a random play-out draws
cards no player would, and so judges every position as if both sides threw the deal
away); among plays, lay more cards and higher-valued ones first, keeping wild cards
and one's own trumps back; name the suit held most.  With probability ``explore`` a
move is uniformly random instead, so play-outs still visit what the policy would not
play.

The policy reads the state it is given; the search only ever gives it states sampled
from the acting seat's information.

>>> import random
>>> import cardrules
>>> state = cardrules.load("crazy_eights", players=2).new_deal(seed=3)
>>> policy = SheddingPolicy(state.game)
>>> rng = random.Random(0)
>>> while not state.is_over:
...     state = state.apply(policy(state, rng))
>>> len(state.result.winners)
1
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final

from cardrules.actions import Action, Kind
from cardrules.cards import count

if TYPE_CHECKING:
    from cardrules.engine.state import GameContext
    from cardrules.families.shedding.state import SheddingState

__all__ = ["SheddingPolicy"]

_KEPT_BACK: Final = 60.0
"""What laying a wild card or one's own trump costs while other plays exist."""
# The kinds compared for every legal action, as final constants (compiled: C statics).
_PLAY: Final = Kind.PLAY
_ANNOUNCE: Final = Kind.ANNOUNCE
_NAME: Final = Kind.NAME
_DRAW: Final = Kind.DRAW
_PASS: Final = Kind.PASS


class SheddingPolicy:
    """The play-first heuristic of shedding, scored from a state (see the module)."""

    def __init__(self, game: GameContext, *, explore: float = 0.1) -> None:
        pack = game.pack
        self.explore = explore
        self.wild: int = game.tables.wild
        self.suit_masks: tuple[int, ...] = game.tables.suit_masks
        self.suit_of = tuple(pack.suit(c) for c in range(pack.size))
        self.suits = pack.suits
        self.worth = tuple(pack.value(c) + 0.1 * max(pack.rank(c), 0) for c in range(pack.size))

    def __call__(self, state: SheddingState, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if rng.random() < self.explore:
            return legal[rng.randrange(len(legal))]
        player = state._current
        hand = state._hands[player]
        held = count(hand)
        classes = state._classes[player] if state._classes else ()
        best, chosen = -1e9, legal[0]
        for action in legal:
            score = self._score(action, hand, held, classes)
            if score > best:
                best, chosen = score, action
        return chosen

    def _score(self, action: Action, hand: int, held: int,
               classes: tuple[int, ...]) -> float:
        kind = action.kind
        if kind is _PLAY:
            cards = action.cards
            if len(cards) >= held:
                return 1000.0
            score = 100.0 + 10.0 * len(cards)
            for card in cards:
                score += self.worth[card]
                if self.wild >> card & 1 or (classes and self.suit_of[card] >= 0
                                             and classes[self.suit_of[card]] > 0):
                    score -= _KEPT_BACK
            return score
        if kind is _ANNOUNCE:
            return 2000.0
        if kind is _NAME:
            return float(count(hand & self.suit_masks[self.suits.index(action.name)]))
        if kind is _DRAW:
            return 0.0
        if kind is _PASS:
            return -1.0
        return -100.0
