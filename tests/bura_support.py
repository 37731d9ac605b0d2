"""Shared helpers of the Bura tests (rule numbers refer to docs/rules/bura.md)."""

from __future__ import annotations

from functools import cache
from typing import Any

from rule_support import play, refused

import cardrules
from cardrules.engine.match import MatchState
from cardrules.families.tricks.state import DECLARE, TricksState

__all__ = ["bura", "hand", "legal", "match_from", "pass_window", "play", "position",
           "refused"]


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


def pass_window(state: TricksState) -> TricksState:
    """The state after everyone asked whether to declare a combination passes (U11: every
    player is asked in turn before a lead, from the scheduled leader on)."""
    while state.phase == DECLARE:
        assert "pass" in legal(state)
        after = state.apply("pass")
        assert isinstance(after, TricksState)
        state = after
    return state


def legal(state: cardrules.State) -> set[str]:
    """The legal actions of ``state`` in notation."""
    return {state.describe(a) for a in state.legal_actions()}


def hand(state: TricksState, player: int) -> set[str]:
    """The names of the cards ``player`` holds."""
    pack = state.game.pack
    return set(pack.names(pack.cards_of(state.hands[player])))


def match_from(game: cardrules.Game, deal: TricksState, *, dealer: int,
               totals: tuple[int, ...], history: tuple[Any, ...] = ()) -> MatchState:
    """A match whose current deal is ``deal`` and whose totals so far are ``totals``."""
    data = {"procedure": "match", "seed": 1, "index": len(history), "dealer": dealer,
            "totals": list(totals), "history": [list(h) for h in history], "carry": [],
            "deal": deal.to_json(), "events": []}
    state = game.state_from_json(data)
    assert isinstance(state, MatchState)
    return state
