"""Shared helpers of the Bank rule tests (rule numbers refer to docs/rules/bank.md)."""

from __future__ import annotations

from functools import cache
from typing import Any

from rule_support import play, refused

import cardrules
from cardrules.engine.match import MatchState
from cardrules.families.shedding.state import SheddingState

__all__ = ["bank", "cards", "events", "hand", "legal", "match_from", "play", "refused"]


def bank(players: int = 3, **options: Any) -> cardrules.Game:
    """Bank for ``players`` with ``options`` (loaded once per distinct set of options)."""
    frozen = tuple(sorted((k, tuple(v) if isinstance(v, list) else v)
                          for k, v in options.items()))
    return _load(players, frozen)


@cache
def _load(players: int, options: tuple[tuple[str, Any], ...]) -> cardrules.Game:
    return cardrules.load("bank", players=players,
                          options={k: list(v) if isinstance(v, tuple) else v
                                   for k, v in options})


def legal(state: cardrules.State) -> set[str]:
    """The legal actions of ``state`` in notation."""
    return {state.describe(a) for a in state.legal_actions()}


def cards(state: SheddingState, seq: Any) -> list[str]:
    """Card names of a bit set or a sequence of cards, in the pack's sort order for a set."""
    pack = state.game.pack
    if isinstance(seq, int):
        return list(pack.names(pack.cards_of(seq)))
    return list(pack.names(seq))


def hand(state: SheddingState, player: int) -> set[str]:
    """The names of the cards ``player`` holds."""
    return set(cards(state, state.hands[player]))


def events(state: cardrules.State) -> list[tuple[Any, ...]]:
    """The events of the last action as ``(kind, player, cards, amount, note)`` tuples."""
    pack = state.game.pack
    return [(e.kind, e.player, " ".join(pack.names(e.cards)), e.amount, e.note)
            for e in state.events]


def match_from(game: cardrules.Game, deal: SheddingState, *, dealer: int,
               totals: tuple[int, ...], seed: int = 1, history: tuple[Any, ...] = ()
               ) -> MatchState:
    """A match situation: ``deal`` is the current deal, ``totals`` the match totals so far."""
    data = {"procedure": "match", "seed": seed, "index": len(history), "dealer": dealer,
            "totals": list(totals), "history": [list(h) for h in history], "carry": [],
            "deal": deal.to_json(), "events": []}
    state = game.state_from_json(data)
    assert isinstance(state, MatchState)
    return state
