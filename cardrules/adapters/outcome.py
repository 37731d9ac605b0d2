"""What the adapters report when a game ends: a reward per player, and the scores."""

from __future__ import annotations

from cardrules.game import Game
from cardrules.simulate import winners_of
from cardrules.state import MatchResult, State

__all__ = ["rewards", "scores"]


def rewards(game: Game, state: State) -> list[float]:
    """+1 for each winner of a finished deal or match (see
    :func:`~cardrules.simulate.winners_of`), -1 for everyone else; all 0 when nobody won
    or the game is not over.

    >>> import cardrules
    >>> game = cardrules.load("bura", players=2)
    >>> rewards(game, game.new_deal(seed=1))
    [0.0, 0.0]
    """
    winners = winners_of(game, state)
    if not winners:
        return [0.0] * game.players
    return [1.0 if p in winners else -1.0 for p in range(game.players)]


def scores(state: State) -> list[int]:
    """The deal results, or the match totals, of a finished game (empty if not over)."""
    outcome = state.result
    if outcome is None:
        return []
    return list(outcome.totals if isinstance(outcome, MatchResult) else outcome.scores)
