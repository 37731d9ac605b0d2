"""Shared helpers of the Bura tests (rule numbers refer to docs/rules/bura.md)."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

import cardrules
from cardrules.match import MatchState
from cardrules.procedures.tricks import TricksState

__all__ = ["bura", "hand", "legal", "match_from", "play", "position", "refused"]


def bura(players: int = 3, **options: Any) -> cardrules.Game:
    """Bura for ``players`` with ``options`` (loaded once per distinct set of options)."""
    return _load(players, tuple(sorted(options.items())))


@cache
def _load(players: int, options: tuple[tuple[str, Any], ...]) -> cardrules.Game:
    return cardrules.load("bura", players=players, options=dict(options))


def position(game: cardrules.Game, *hands: str, **kwargs: Any) -> TricksState:
    """A deal set up from ``hands`` (trump hearts unless told otherwise)."""
    kwargs.setdefault("trump", "H")
    state = game.setup(hands=list(hands), **kwargs)
    assert isinstance(state, TricksState)
    return state


def legal(state: cardrules.State) -> set[str]:
    """The legal actions of ``state`` in notation."""
    return {state.describe(a) for a in state.legal_actions()}


def hand(state: TricksState, player: int) -> set[str]:
    """The names of the cards ``player`` holds."""
    pack = state.game.pack
    return set(pack.names(pack.cards_of(state.hands[player])))


def play(state: cardrules.State, *actions: str) -> Any:
    """Apply ``actions`` in turn."""
    for action in actions:
        state = state.apply(action)
    return state


def refused(state: cardrules.State, action: str, rule: str) -> str:
    """Assert ``action`` raises an IllegalActionError citing ``(rule)``; the state is unchanged."""
    before = state.to_json()
    with pytest.raises(cardrules.IllegalActionError) as info:
        state.apply(action)
    message = str(info.value)
    assert f"({rule})" in message, message
    assert state.to_json() == before
    return message


def match_from(game: cardrules.Game, deal: TricksState, *, dealer: int,
               totals: tuple[int, ...], history: tuple[Any, ...] = ((0, 0),)) -> MatchState:
    """A match whose current deal is ``deal`` and whose totals so far are ``totals``."""
    data = {"procedure": "match", "seed": 1, "index": len(history), "dealer": dealer,
            "totals": list(totals), "history": [list(h) for h in history], "carry": [],
            "deal": deal.to_json(), "events": []}
    state = game.state_from_json(data)
    assert isinstance(state, MatchState)
    return state
