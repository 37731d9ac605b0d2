"""What the adapters report when a game ends: a reward per player, and the scores.

Who won is the engine's decision, read from the result (``result.leaders``: the winners
in first place, both partners in a partnership game); nothing here decides it.
"""

from __future__ import annotations

from cardrules.engine.game import Game
from cardrules.engine.state import MatchResult, State

__all__ = ["places", "rewards", "scores", "winners"]


def winners(state: State) -> list[int]:
    """The winners in first place of a finished deal or match, as its result gives them
    (see :attr:`~cardrules.engine.state.DealResult.leaders`); empty when nobody won or the game
    is not over."""
    outcome = state.result
    return list(outcome.leaders) if outcome is not None else []


def places(state: State) -> list[int]:
    """Each seat's place (1 is the best, partners share one) in a finished game; empty
    if not over."""
    outcome = state.result
    return list(outcome.places) if outcome is not None else []


def rewards(game: Game, state: State) -> list[float]:
    """+1 for each winner of a finished deal or match (see :func:`winners`), -1 for
    everyone else; all 0 when nobody won or the game is not over.  A variant that says
    ``returns: {divide_scores_by: N}`` gets each player's score (a deal's, a match's
    total) divided by N instead.

    >>> import cardrules
    >>> game = cardrules.load("bura", players=2)
    >>> rewards(game, game.new_deal(seed=1))
    [0.0, 0.0]
    >>> deal = game.setup(hands=["AS", "6H"], trump="S", leader=0)
    >>> rewards(game, deal.apply("lead AS").apply("answer 6H"))
    [1.0, -1.0]
    >>> skat = cardrules.load("skat")
    >>> rewards(skat, skat.new_deal(seed=1).apply("pass").apply("pass").apply("pass"))
    [0.0, 0.0, 0.0]
    """
    divisor = game.variant.returns_divisor
    if divisor and state.result is not None:  # the scores as fractions (returns:)
        return [s / divisor for s in scores(state)]
    won = winners(state)
    if not won:
        return [0.0] * game.players
    return [1.0 if p in won else -1.0 for p in range(game.players)]


def scores(state: State) -> list[int]:
    """The deal results, or the match totals, of a finished game (empty if not over)."""
    outcome = state.result
    if outcome is None:
        return []
    return list(outcome.totals if isinstance(outcome, MatchResult) else outcome.scores)
