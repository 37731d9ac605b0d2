"""OpenSpiel search through the adapter: re-sampling from an information state, cheap
clones, serialisation of every shipped variant, OpenSpiel's own ISMCTS bot."""

from __future__ import annotations

import pickle
import random
import time
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")
ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")

import cardrules  # noqa: E402
import cardrules.adapters.openspiel  # noqa: E402  (registers python_cardrules)
from cardrules.adapters.openspiel import INT32_MAX  # noqa: E402
from cardrules.adapters.openspiel_search import (  # noqa: E402
    PlayoutEvaluator,
    seeded_resampler,
)
from cardrules.errors import ArgumentError  # noqa: E402
from cardrules.loader.resources import builtin_variants  # noqa: E402


def _dealt(params: dict[str, Any], seed: int, moves: int = 0) -> Any:
    game = pyspiel.load_game("python_cardrules", params)
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("sims", [pytest.param(1, id="1-sim"),
                                  pytest.param(3, id="3-sims", marks=pytest.mark.slow)])
@pytest.mark.parametrize("variant", sorted(builtin_variants()))
def test_random_simulation_with_serialization_passes_for_every_shipped_variant(
        variant: str, sims: int) -> None:
    """OpenSpiel's own random simulation test, serialising and restoring every state: one
    game per variant in the default run, three more in the slow run."""
    players = cardrules.load(variant).variant.players.min
    if cardrules.load(variant).action_space.size > INT32_MAX:  # Casino: any-size captures
        with pytest.raises(ArgumentError, match="32-bit action ids"):
            pyspiel.load_game("python_cardrules", {"variant": variant, "players": players})
        return
    game = pyspiel.load_game("python_cardrules", {"variant": variant, "players": players})
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


@pytest.mark.parametrize("variant", ["bank", "bura", "crazy_eights"])
def test_resample_keeps_the_information_state_and_redeals_the_hidden_cards(
        variant: str) -> None:
    for seed in range(3):
        state = _dealt({"variant": variant, "players": 3}, seed, moves=7)
        if state.is_terminal():
            continue
        me = state.current_player()
        sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
        found = [state.resample_from_infostate(me, sampler) for _ in range(4)]
        for other in found:
            assert other.information_state_string(me) == state.information_state_string(me)
            assert other.observation_string(me) == state.observation_string(me)
            assert other.legal_actions() == state.legal_actions()
            assert other.deal.hidden_cards(me) == state.deal.hidden_cards(me)
            assert other.history() == []  # its deal continues from the sampled position
        assert any(str(other) != str(state) for other in found)
        # The sampled world plays on like any state, and its player's memory with it.
        other = found[0]
        other.apply_action(other.legal_actions()[0])
        assert other.information_state_string(me).startswith(
            state.information_state_string(me)[:-1])


def test_a_resampled_state_serializes_and_pickles() -> None:
    state = _dealt({"variant": "bura", "players": 2}, 1, moves=5)
    me = state.current_player()
    other = state.resample_from_infostate(me, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    other.apply_action(other.legal_actions()[-1])
    _, back = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(other.get_game(), other))
    again = pickle.loads(pickle.dumps(other))
    for copy in (back, again):
        assert str(copy) == str(other)
        for p in range(2):
            assert copy.information_state_string(p) == other.information_state_string(p)


def test_resampling_while_dealing_is_a_clone() -> None:
    game = pyspiel.load_game("python_cardrules", {"variant": "bank", "players": 2})
    state = game.new_initial_state()
    state.apply_action(1)
    other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.history() == state.history() and str(other) == str(state)


def test_a_clone_shares_the_game_and_costs_little() -> None:
    state = _dealt({"variant": "bank", "players": 4}, 2, moves=30)
    clone = state.clone()
    assert clone.rules is state.rules and clone.deal is state.deal
    start = time.process_time()
    for _ in range(200):
        state.clone()
    assert (time.process_time() - start) / 200 < 0.002  # copying the game took 10-26 ms


@pytest.mark.parametrize("variant", ["bank", "bura"])
def test_openspiel_ismcts_bot_searches_through_the_adapter(variant: str) -> None:
    state = _dealt({"variant": variant, "players": 2}, 3)
    while len(state.legal_actions()) < 2:
        state.apply_action(state.legal_actions()[0])
    moves = []
    for _ in range(2):
        bot = ismcts.ISMCTSBot(state.get_game(), PlayoutEvaluator(seed=1), 2.0, 40,
                               random_state=np.random.RandomState(1))
        bot.set_resampler(seeded_resampler(5))
        moves.append(int(bot.step(state)))
    assert moves[0] in state.legal_actions()
    assert moves[0] == moves[1]  # seeded: the search repeats


def test_the_playout_evaluator_returns_openspiel_returns() -> None:
    state = _dealt({"variant": "bura", "players": 2}, 4)
    values = PlayoutEvaluator(seed=2, playouts=3).evaluate(state)
    assert len(values) == 2 and all(-1.0 <= v <= 1.0 for v in values)
    prior = PlayoutEvaluator().prior(state)
    assert sorted(a for a, _ in prior) == state.legal_actions()
    assert sum(p for _, p in prior) == pytest.approx(1.0)
