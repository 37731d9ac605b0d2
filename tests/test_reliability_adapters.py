"""Regression tests for the adapters, observations and action indices: defects found by
hostile testing (player and index arguments, OpenSpiel information states, cloning,
chance outcomes and serialisation, PettingZoo actions)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import cardrules
from cardrules.errors import ArgumentError, CardrulesError, IllegalActionError
from cardrules.game import Game
from cardrules.state import State

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

import cardrules.adapters.openspiel  # noqa: E402  (registers python_cardrules)
from cardrules.adapters.pettingzoo import CardrulesEnv  # noqa: E402


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


def test_pettingzoo_refuses_unknown_agents() -> None:
    env = CardrulesEnv("bura", players=2)
    env.reset(seed=1)
    for call in (env.observe, env.observation_space, env.action_space):
        with pytest.raises(ArgumentError, match=r"no agent 'player_2'.*player_0, player_1"):
            call("player_2")


def test_pettingzoo_step_none_is_refused_for_an_agent_still_playing() -> None:
    env = CardrulesEnv("bank", players=2)
    env.reset(seed=1)
    agent, before = env.agent_selection, env.state_now
    with pytest.raises(IllegalActionError, match="None is the action of terminated"):
        env.step(None)
    assert env.state_now is before and env.agent_selection == agent


def test_pettingzoo_step_refuses_actions_that_are_not_integers() -> None:
    env = CardrulesEnv("bank", players=2)
    env.reset(seed=1)
    before = env.state_now
    legal = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0])
    for bad in (legal + 0.7, float(legal), np.float64(legal), True, str(legal)):
        with pytest.raises(IllegalActionError, match="expected an action index"):
            env.step(bad)  # type: ignore[arg-type]
        assert env.state_now is before
    env.step(np.int64(legal))
    assert env.state_now is not before
