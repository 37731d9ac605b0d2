"""OpenSpiel search on cardrules games: an evaluator that plays out inside the engine.

OpenSpiel's Python ``ISMCTSBot`` (``open_spiel.python.algorithms.ismcts``) runs on the
``python_cardrules`` game as it is: it draws its worlds with
:meth:`~cardrules.adapters.openspiel.CardrulesState.resample_from_infostate` and keys its
nodes by information-state strings.  Its evaluators play out through the adapter, one
Python-to-C++-to-Python round trip per action; :class:`PlayoutEvaluator` plays the same
uniformly random play-outs on the cardrules deal directly, several times faster, and
gives OpenSpiel's returns at the end.

(OpenSpiel's C++ ``pyspiel.ISMCTSBot`` cannot search Python games: the trampoline of
Python states does not forward ``ResampleFromInfostate``, so it fails with "not
implemented" whatever the Python state defines.)

>>> import numpy as np
>>> import pyspiel
>>> from open_spiel.python.algorithms import ismcts
>>> game = pyspiel.load_game("python_cardrules", {"variant": "bura", "players": 2})
>>> state = game.new_initial_state()
>>> for outcome in [0, *range(36)]:
...     state.apply_action(outcome)
>>> bot = ismcts.ISMCTSBot(game, PlayoutEvaluator(seed=1), 2.0, 50,
...                        random_state=np.random.RandomState(1))
>>> bot.set_resampler(seeded_resampler(1))
>>> int(bot.step(state)) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pyspiel

from cardrules.adapters.openspiel import CardrulesState
from cardrules.adapters.outcome import rewards

__all__ = ["PlayoutEvaluator", "seeded_resampler"]


def seeded_resampler(seed: int) -> Callable[[CardrulesState, int], CardrulesState]:
    """A re-sampler for ``ISMCTSBot.set_resampler`` that draws from one seeded sampler.
    OpenSpiel's bot otherwise makes a ``UniformProbabilitySampler`` per world, seeded by
    the clock, so its searches cannot be repeated."""
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)

    def resample(state: CardrulesState, player: int) -> CardrulesState:
        return state.resample_from_infostate(player, sampler)

    return resample


class PlayoutEvaluator:
    """OpenSpiel's evaluator interface (``evaluate``, ``prior``) for cardrules states:
    ``evaluate`` plays the deal out with uniformly random legal actions in the engine and
    returns OpenSpiel's returns; ``prior`` is uniform over the legal actions."""

    def __init__(self, *, seed: int = 0, playouts: int = 1) -> None:
        self.rng = random.Random(seed)
        """The generator of the play-outs."""
        self.playouts = playouts
        """Play-outs averaged per evaluation."""

    def evaluate(self, state: CardrulesState) -> list[float]:
        """Mean returns of ``playouts`` random play-outs of ``state``'s deal."""
        deal, rules, rng = state.deal, state.rules, self.rng
        if deal is None:
            raise ValueError("evaluate a state once the deal is drawn")
        total = [0.0] * rules.players
        for _ in range(self.playouts):
            now = deal
            while not now.is_over:
                legal = now.legal_actions()
                now = now.apply(legal[rng.randrange(len(legal))])
            for seat, value in enumerate(rewards(rules, now)):
                total[seat] += value
        return [t / self.playouts for t in total]

    def prior(self, state: CardrulesState) -> list[tuple[int, float]]:
        """Each legal action alike."""
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]
