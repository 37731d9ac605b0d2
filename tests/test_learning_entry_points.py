"""What a newcomer to docs/learning.md reaches for: a versioned environment per game
(Gymnasium ids, PettingZoo-style modules), observation boxes with the true bounds of
every position, the built-in bots as PettingZoo opponents, and OpenSpiel's player count
defaulting to what the variant supports."""

from __future__ import annotations

import importlib
import random

import pytest

gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import numpy as np  # noqa: E402

import cardrules  # noqa: E402
import cardrules.adapters.gymnasium  # noqa: E402  (registers the ids)
from cardrules.adapters import envs  # noqa: E402
from cardrules.adapters.pettingzoo import BotOpponents, CardrulesEnv  # noqa: E402
from cardrules.engine.action_space import MASK_LIMIT  # noqa: E402
from cardrules.errors import ArgumentError  # noqa: E402
from cardrules.loader.resources import builtin_variants  # noqa: E402


def test_every_known_game_has_a_gymnasium_id_and_a_pettingzoo_module() -> None:
    for name in builtin_variants():
        if cardrules.load(name).action_space.size > MASK_LIMIT:  # Casino: any-size captures
            with pytest.raises(ArgumentError, match="dense action mask"):
                gymnasium.make(envs.gym_id(name))
            continue
        env = gymnasium.make(envs.gym_id(name)).unwrapped
        assert env.game.variant.name == name
        module = importlib.import_module(f"cardrules.adapters.envs.{envs.module_name(name)}")
        assert module.raw_env().game.variant.name == name
        assert module.env().unwrapped.game.variant.name == name
    assert envs.gym_id("hearts") == "cardrules/Hearts-v0"
    assert envs.module_name("oh-hell") == "oh_hell_v0"


def test_a_per_game_id_takes_the_environments_arguments() -> None:
    env = gymnasium.make("cardrules/Bura-v0", players=3, opponents="greedy").unwrapped
    assert env.game.players == 3 and env.game.variant.name == "bura"


@pytest.mark.parametrize("name, players", [("bank", 3), ("bura", 2), ("hearts", 4),
                                           ("durak", 3), ("oh-hell", 3)])
def test_observation_bounds_hold_every_value_seen(name: str, players: int) -> None:
    game = cardrules.load(name, players=players)
    low, high = game.observation.bounds()
    cards = game.pack.size
    assert set(low) <= {0, -(2 ** 31)} and set(high) <= {1, cards, 2 ** 31 - 1}
    assert high.count(cards) >= 1 and low.count(0) > game.observation.size // 2
    rng = random.Random(players)
    for seed in range(3):
        state = game.new_deal(seed)
        while not state.is_over:
            for seat in range(players):
                values = game.observation.encode(state, seat)
                assert all(lo <= v <= hi for lo, v, hi in zip(low, values, high))
            state = state.apply(rng.choice(state.legal_actions()))


def test_the_adapters_boxes_carry_the_bounds() -> None:
    game = cardrules.load("hearts")
    low, high = game.observation.bounds()
    for box in (CardrulesEnv(game).observation_space("player_0")["observation"],
                gymnasium.make("cardrules/Hearts-v0").observation_space["observation"]):
        assert box.low.tolist() == low and box.high.tolist() == high


def test_bot_opponents_play_the_other_seats_with_the_bots_moves() -> None:
    env = envs.bura_v0.env(players=3)
    env.reset(seed=4)
    bots = BotOpponents({"player_1": "greedy", "player_2": "random"}, seed=4)
    seen = set()
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = set(np.flatnonzero(observation["action_mask"]).tolist())
        action = min(legal) if agent == "player_0" else bots.act(env)
        assert action in legal
        seen.add(agent)
        env.step(action)
    assert seen == {"player_0", "player_1", "player_2"}
    with pytest.raises(cardrules.CardrulesError, match="no bot is named for player_0"):
        env.reset(seed=4)
        while env.unwrapped.agent_selection != "player_0":
            env.step(bots.act(env))
        bots.act(env)


def test_openspiel_plays_the_variants_fewest_players_by_default() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import cardrules.adapters.openspiel  # noqa: F401  (registers python_cardrules)

    assert pyspiel.load_game("python_cardrules(variant=hearts)").num_players() == 4
    assert pyspiel.load_game("python_cardrules").num_players() == 2
    game = pyspiel.load_game("python_cardrules(variant=oh-hell)")
    assert game.num_players() == 3 and pyspiel.load_game(str(game)).num_players() == 3
    assert pyspiel.load_game("python_cardrules(variant=bura,players=4)").num_players() == 4
