"""Consistency checks of a match read from JSON or set up by hand.

Each refusal is a :class:`~cardrules.errors.StateError` that starts with the name of the
field at fault (``totals: ...``), so a tampered or hand-written match says what to fix.

>>> import cardrules
>>> game = cardrules.load("bura", players=2)
>>> check_fields(game, seed=1, index=0, dealer=2, totals=(0, 0), history=())
Traceback (most recent call last):
...
cardrules.errors.StateError: dealer: 2 is not a seat (0 to 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from cardrules.engine.seeding import check_seed
from cardrules.engine.state import DealResult, MatchResult
from cardrules.errors import SeedError, StateError
from cardrules.model.match import Goal

if TYPE_CHECKING:
    from cardrules.engine.state import GameContext


class LiveMatch(Protocol):
    """What the checks read of a match (a :class:`cardrules.engine.match.MatchState` is one)."""

    @property
    def game(self) -> GameContext: ...

    @property
    def totals(self) -> tuple[int, ...]: ...

    @property
    def deal_index(self) -> int: ...

    @property
    def history(self) -> tuple[tuple[int, ...], ...]: ...

__all__ = ["check_fields", "check_live", "check_over", "check_result", "result_json"]


def check_fields(game: GameContext, *, seed: int, index: int, dealer: int, totals: Sequence[int],
                 history: Sequence[Sequence[int]]) -> None:
    """Refuse a seed, deal index or dealer out of range, and totals or history rows that
    do not give one figure per player.  ``history`` may leave out earlier deals (a match
    set up in progress) but cannot hold more than the deals played."""
    n = game.players
    try:
        check_seed(seed)
    except SeedError as exc:
        raise StateError(f"seed: {exc}") from None
    if not 0 <= dealer < n:
        raise StateError(f"dealer: {dealer} is not a seat (0 to {n - 1})")
    if index < 0:
        raise StateError(f"index: the deal number {index} is negative (deals count from 0)")
    if len(totals) != n:
        raise StateError(f"totals: {len(totals)} totals for {n} players")
    for number, row in enumerate(history):
        if len(row) != n:
            raise StateError(f"history: deal {number} has {len(row)} results for {n} players")
    if len(history) > index + 1:
        raise StateError(f"history: {len(history)} finished deals, but the match is at deal "
                         f"{index} (at most {index + 1})")


def check_live(game: GameContext, state: LiveMatch, outcome: MatchResult | None) -> None:
    """Refuse a match whose deal goes on although the totals have already ended it
    (``outcome`` is what they give before the current deal) or whose history already
    holds the current deal."""
    if len(state.history) > state.deal_index:
        raise StateError(f"history: {len(state.history)} finished deals, but deal "
                         f"{state.deal_index} is still being played")
    if outcome is not None:
        raise StateError(f"totals: {list(state.totals)} end the match "
                         f"({_goal(game)}), yet its deal goes on")


def check_over(state: LiveMatch, result: DealResult, outcome: MatchResult | None) -> None:
    """Refuse a finished deal inside a match the totals do not end (a live match deals the
    next deal at once), and a complete history whose last row is not that deal's."""
    if outcome is None:
        raise StateError(f"deal: the deal is over, but the totals {list(state.totals)} do "
                         f"not end the match ({_goal(state.game)}); a match that goes on "
                         "deals the next deal at once")
    history = state.history
    if len(history) == state.deal_index + 1 and history[-1] != result.scores:
        raise StateError(f"history: the last deal's results {list(history[-1])} are not "
                         f"those of the finished deal {list(result.scores)}")


def result_json(result: MatchResult) -> dict[str, Any]:
    """What a finished match writes as its ``result``."""
    return {"winners": list(result.winners), "places": list(result.places),
            "partnerships": [list(t) for t in result.partnerships], "deals": result.deals,
            "payouts": list(result.payouts), "kept": result.kept}


def check_result(written: object, result: MatchResult | None) -> None:
    """Refuse a written ``result`` that is not the one the totals give (none while the
    match goes on).  A match written without a result is read as the totals say."""
    if written is None:
        return
    if result is None:
        raise StateError("result: the match has a result, but its deal goes on")
    expected = result_json(result)
    if written != expected:
        raise StateError(f"result: {written} is not what the totals {list(result.totals)} "
                         f"give: {expected}")


def _goal(game: GameContext) -> str:
    spec = game.variant.match
    if spec.goal is Goal.REACH_TARGET:
        return f"target {spec.target}"
    if spec.goal is Goal.LOWEST_TOTAL:
        return f"target {spec.target}, the lowest total wins"
    if spec.goal is Goal.FIXED_DEALS:
        return f"{spec.deal_count(game.variant.deal.sizes(game.players))} deals"
    if spec.goal is Goal.LOWEST_AFTER_DEALS:
        count = spec.deal_count(game.variant.deal.sizes(game.players))
        return f"{count} deals, the lowest total wins"
    return f"losing total {spec.losing_total}"
