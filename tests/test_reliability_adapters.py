"""Regression tests for the adapters, observations and action indices: defects found by
hostile testing (player and index arguments, OpenSpiel information states, cloning,
chance outcomes and serialisation, PettingZoo actions)."""

from __future__ import annotations

import json
import pickle
import random
import statistics
import time
from collections import defaultdict
from typing import Any

import pytest

import cardrules
from cardrules.engine.game import Game
from cardrules.engine.state import State
from cardrules.errors import ArgumentError, CardrulesError, IllegalActionError

np = pytest.importorskip("numpy")
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


# Player, seat and index arguments -------------------------------------------------------


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


def test_openspiel_observers_refuse_players_that_are_not_seats() -> None:
    game = pyspiel.load_game("python_cardrules", {"variant": "bank", "players": 2})
    state = _deal(game, random.Random(1))
    for observer in (game.make_py_observer(),
                     game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))):
        for bad in (-1, 2):
            with pytest.raises(ArgumentError, match=f"player {bad} is not a seat"):
                observer.string_from(state, bad)
            with pytest.raises(ArgumentError, match=f"player {bad} is not a seat"):
                observer.set_from(state, bad)
    with pytest.raises(pyspiel.SpielError):
        state.observation_string(-1)


def test_pettingzoo_refuses_unknown_agents() -> None:
    env = CardrulesEnv("bura", players=2)
    env.reset(seed=1)
    for call in (env.observe, env.observation_space, env.action_space):
        with pytest.raises(ArgumentError, match=r"no agent 'player_2'.*player_0, player_1"):
            call("player_2")


# OpenSpiel information states -----------------------------------------------------------


@pytest.mark.parametrize("params", [{"variant": "bank", "players": 2},
                                    {"variant": "bank", "players": 3},
                                    {"variant": "bura", "players": 2}],
                         ids=lambda p: f"{p['variant']}-{p['players']}")
def test_openspiel_information_state_is_exactly_the_views_seen(params: dict[str, Any]) -> None:
    """Two states share a player's information-state string exactly when the player's
    views so far are the same (so the current view is too); the observation string is
    exactly the current view."""
    game = pyspiel.load_game("python_cardrules", params)
    rng = random.Random(8)
    players = game.num_players()
    info_to_views: dict[str, set[str]] = defaultdict(set)
    history_to_info: dict[str, set[str]] = defaultdict(set)
    info_to_view: dict[str, set[str]] = defaultdict(set)
    observation_to_view: dict[str, set[str]] = defaultdict(set)
    view_to_observation: dict[str, set[str]] = defaultdict(set)
    for deal in range(200):
        state = _deal(game, rng)
        seen: list[list[str]] = [[] for _ in range(players)]
        steps = 0
        while True:
            for player in range(players):
                view = json.dumps(state.deal.view(player).to_json(), sort_keys=True)
                seen[player].append(view)
                history = json.dumps(seen[player])
                info = state.information_state_string(player)
                observation = state.observation_string(player)
                info_to_views[info].add(history)
                history_to_info[history].add(info)
                info_to_view[info].add(view)
                observation_to_view[observation].add(view)
                view_to_observation[view].add(observation)
            # Collisions happen early; a few deals are played to the end.
            if state.is_terminal() or (steps >= 10 and deal % 20):
                break
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    assert all(len(views) == 1 for views in info_to_view.values())
    assert all(len(histories) == 1 for histories in info_to_views.values())
    assert all(len(infos) == 1 for infos in history_to_info.values())
    assert all(len(views) == 1 for views in observation_to_view.values())
    assert all(len(observations) == 1 for observations in view_to_observation.values())
    # The deals share early information states (the trump choice, the first plays).
    assert len(info_to_view) < sum(len(views) for views in info_to_views.values()) + 1


def test_openspiel_information_state_shows_the_players_own_hand() -> None:
    game = pyspiel.load_game("python_cardrules", {"variant": "bank", "players": 2})
    state = _deal(game, random.Random(3))
    while not state.deal.view(0).hands[0]:
        state.apply_action(state.legal_actions()[0])
    info = state.information_state_string(0)
    hand = state.deal.view(0).hands[0]
    assert all(f'"{card}"' in info for card in hand)
    assert json.loads(state.observation_string(0)) == state.deal.view(0).to_json()


# OpenSpiel cloning ----------------------------------------------------------------------


def test_openspiel_clone_shares_the_game_and_states_and_is_independent() -> None:
    game = pyspiel.load_game("python_cardrules", {"variant": "bura", "players": 3})
    state = _deal(game, random.Random(5))
    state.apply_action(state.legal_actions()[0])
    clone = state.clone()
    assert clone.rules is state.rules is game.rules
    assert clone.deal is state.deal
    assert clone.history() == state.history()
    before = [state.information_state_string(p) for p in range(3)]
    assert [clone.information_state_string(p) for p in range(3)] == before
    clone.apply_action(clone.legal_actions()[0])
    assert clone.deal is not state.deal
    assert len(clone.history()) == len(state.history()) + 1
    assert [state.information_state_string(p) for p in range(3)] == before
    assert clone.information_state_string(0) != before[0]
    chance = game.new_initial_state()
    chance.apply_action(0)
    copied = chance.clone()
    copied.apply_action(4)
    assert chance.order == () and copied.order == (4,)


def _clone_seconds(state: Any) -> float:
    times = []
    for _ in range(25):
        start = time.perf_counter()
        state.clone()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def test_openspiel_clone_cost_does_not_grow_with_the_deals_played() -> None:
    game = pyspiel.load_game("python_cardrules", {"variant": "bank", "players": 2})
    rng = random.Random(2)
    state = _deal(game, rng)
    for _ in range(3):
        state.apply_action(rng.choice(state.legal_actions()))
    first = _clone_seconds(state)
    for _ in range(100):
        played = _deal(game, rng)
        while not played.is_terminal():
            played.apply_action(rng.choice(played.legal_actions()))
    later = _clone_seconds(state)
    # Copying the game took milliseconds, growing with its caches; a clone copies a few
    # short lists.
    assert later < max(3 * first, 0.0005)
    assert first < 0.002


# OpenSpiel chance nodes -----------------------------------------------------------------


def test_openspiel_chance_nodes_refuse_impossible_outcomes_at_once() -> None:
    game = pyspiel.load_game("python_cardrules", {"variant": "bura", "players": 3})
    state = game.new_initial_state()
    assert state.legal_actions() == [0, 1, 2]
    for bad in (3, -2):  # -1 is kInvalidAction, which OpenSpiel refuses itself
        with pytest.raises(IllegalActionError, match=f"chance outcome {bad} is not a dealer"):
            state.apply_action(bad)
    assert state.history() == [] and state.dealer == -1
    state.apply_action(1)
    state.apply_action(7)
    assert state.legal_actions() == [c for c in range(36) if c != 7]
    assert [c for c, _ in state.chance_outcomes()] == state.legal_actions()
    with pytest.raises(IllegalActionError, match=r"chance outcome 7 \(\w+\) is not possible"):
        state.apply_action(7)
    for bad in (36, -2, 10**6):
        with pytest.raises(IllegalActionError, match=f"chance outcome {bad} is not a card"):
            state.apply_action(bad)
    assert state.history() == [1, 7] and state.order == (7,)
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    assert sorted(state.order) == list(range(36))
    assert state.chance_outcomes() == []


# OpenSpiel serialisation ----------------------------------------------------------------


@pytest.mark.parametrize("params", [{"variant": "bank", "players": 2},
                                    {"variant": "bura", "players": 2,
                                     "options": '{"hand_size": 3, "stake": 50}'}],
                         ids=["bank", "bura-two-options"])
def test_openspiel_games_and_states_serialize_and_pickle(params: dict[str, Any]) -> None:
    game = pyspiel.load_game("python_cardrules", params)
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game)
    assert again.rules.fingerprint == game.rules.fingerprint
    rng = random.Random(4)
    state = game.new_initial_state()
    states = [state.clone()]
    state.apply_action(1)
    state.apply_action(5)
    states.append(state.clone())
    while state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    states.append(state.clone())
    for _ in range(4):
        state.apply_action(rng.choice(state.legal_actions()))
    states.append(state.clone())
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    states.append(state)
    players = game.num_players()
    for original in states:
        text = pyspiel.serialize_game_and_state(game, original)
        _, restored = pyspiel.deserialize_game_and_state(text)
        for copy in (restored, pickle.loads(pickle.dumps(original))):
            assert str(copy) == str(original)
            assert copy.history() == original.history()
            assert copy.legal_actions() == original.legal_actions()
            assert copy.returns() == original.returns()
            for p in range(players):
                assert copy.information_state_string(p) == original.information_state_string(p)
                assert copy.observation_tensor(p) == original.observation_tensor(p)
            if not copy.is_terminal():
                copy.apply_action(copy.legal_actions()[0])


@pytest.mark.parametrize("params", [{"variant": "bank", "players": 4},
                                    {"variant": "bura", "players": 2,
                                     "options": '{"hand_size": 3, "stake": 50}'}],
                         ids=["bank-4", "bura-two-options"])
def test_openspiel_random_simulation_test_passes_with_serialization(
        params: dict[str, Any]) -> None:
    pyspiel.random_sim_test(pyspiel.load_game("python_cardrules", params), num_sims=2,
                            serialize=True, verbose=False)


# PettingZoo actions ---------------------------------------------------------------------


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
