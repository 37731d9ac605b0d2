"""Regression tests for the adapters, observations and action indices: defects found by
hostile testing (player and index arguments, OpenSpiel information states, cloning,
chance outcomes and serialisation, PettingZoo actions)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import cardrules
from cardrules.errors import ArgumentError, CardrulesError
from cardrules.game import Game
from cardrules.state import State

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

import cardrules.adapters.openspiel  # noqa: E402  (registers python_cardrules)


def _finished(game: Game, seed: int) -> State:
    state, rng = game.new_deal(seed=seed), random.Random(seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def _deal(game: Any, rng: random.Random) -> Any:
    """A new OpenSpiel state of ``game`` with the shuffle drawn at random."""
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice([outcome for outcome, _ in state.chance_outcomes()]))
    return state


def test_encode_refuses_players_that_are_not_seats() -> None:
    game = cardrules.load("bank", players=2)
    over = _finished(game, 1)
    assert over.current_player == -1
    with pytest.raises(ArgumentError, match=r"player -1 is not a seat.*game is over"):
        game.observation.encode(over, -1)
    for bad in (2, 7, -3):
        with pytest.raises(ArgumentError, match=f"player {bad} is not a seat"):
            game.observation.encode(over, bad)
    for bad in (1.0, True, None, "0"):
        with pytest.raises(ArgumentError, match="expected a player"):
            game.observation.encode(over, bad)  # type: ignore[arg-type]
    assert issubclass(ArgumentError, CardrulesError)
    assert game.observation.encode(over, np.int64(1)) == game.observation.encode(over, 1)


def test_action_space_refuses_indices_that_are_not_integers_in_range() -> None:
    space = cardrules.load("bura", players=2).action_space
    assert space.action(np.int32(3)) == space.action(3)
    for bad in (-1, space.size, 10**9):
        with pytest.raises(ArgumentError, match="out of range"):
            space.action(bad)
    for bad in (3.7, 3.0, True, np.float64(2), None):
        with pytest.raises(ArgumentError, match="expected an action index"):
            space.action(bad)  # type: ignore[arg-type]
