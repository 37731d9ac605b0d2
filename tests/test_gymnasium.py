"""The single-agent Gymnasium adapter: Gymnasium's own checker for every shipped variant,
masks, rewards, the bots' seats, illegal indices, reproducible episodes."""

from __future__ import annotations

import random
import warnings
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import cardrules  # noqa: E402
from cardrules.adapters.gymnasium import ENV_ID, CardrulesGymEnv  # noqa: E402
from cardrules.engine.action_space import MASK_LIMIT  # noqa: E402
from cardrules.errors import ArgumentError, CardrulesError, IllegalActionError  # noqa: E402
from cardrules.loader.resources import builtin_variants  # noqa: E402

BOUNDED_CASINO = str(Path(__file__).parent / "fixtures" / "variants" / "casino-bounded.yaml")
"""Casino with a bound on the cards an action names: a space a dense mask can hold."""


@pytest.mark.parametrize("name", [*sorted(builtin_variants()), BOUNDED_CASINO])
def test_every_shipped_variant_passes_gymnasiums_checker(name: str) -> None:
    if cardrules.load(name).action_space.size > MASK_LIMIT:  # Casino: captures of any size
        with pytest.raises(ArgumentError, match="dense action mask"):
            gymnasium.make(ENV_ID, game=name)
        return
    for mode in (None, "ansi"):
        env = gymnasium.make(ENV_ID, game=name, opponents="greedy", render_mode=mode)
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # any complaint of the checker fails the test
            check_env(env.unwrapped, skip_render_check=mode is None)


def test_trumps_named_by_the_highest_bidder_pass_gymnasiums_checker() -> None:
    env = gymnasium.make(ENV_ID, game="oh-hell", options={"trump": "named"},
                         opponents="greedy", render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)


def _episode(env: CardrulesGymEnv, seed: int) -> tuple[float, list[int], dict[str, Any]]:
    """One episode with random legal indices: its summed reward, the seats on turn at
    each observation, and the last info."""
    rng = random.Random(seed)
    observation, info = env.reset(seed=seed)
    total, movers, done = 0.0, [], False
    while not done:
        movers.append(env.state_now.current_player)
        legal = np.flatnonzero(observation["action_mask"])
        assert (info["action_mask"] == observation["action_mask"]).all()
        observation, reward, done, truncated, info = env.step(int(rng.choice(list(legal))))
        assert not truncated
        total += reward
    return total, movers, info


@pytest.mark.parametrize(("name", "players", "seat"), [("bank", 3, 1), ("bura", 2, 0),
                                                       ("bura", 4, 3)])
def test_the_agent_sees_only_its_own_turns_and_is_paid_by_the_result(
        name: str, players: int, seat: int) -> None:
    env = CardrulesGymEnv(name, players=players, seat=seat, opponents="greedy")
    for seed in range(4):
        total, movers, info = _episode(env, seed)
        assert set(movers) == {seat}
        assert env.state_now.is_over and not env._mask().any()
        won = info["winners"]
        assert total == (0.0 if not won else 1.0 if seat in won else -1.0)
        assert info["scores"] == list(env.state_now.result.scores)


def test_the_same_seed_replays_the_same_episode() -> None:
    first = CardrulesGymEnv("bank", players=3, opponents=("greedy", "random"))
    second = CardrulesGymEnv("bank", players=3, opponents=("greedy", "random"))
    assert _episode(first, 5)[:2] == _episode(second, 5)[:2]
    assert first.state_now.to_json() == second.state_now.to_json()


def test_whole_matches_are_episodes_too() -> None:
    env = CardrulesGymEnv("bura-classic", players=2, match=True, opponents="random")
    _episode(env, 1)
    assert env.state_now.is_over and env.state_now.result.totals


def test_an_illegal_index_ends_the_episode_or_raises() -> None:
    env = CardrulesGymEnv("bura", players=2)
    observation, _ = env.reset(seed=3)
    before = env.state_now.to_json()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, illegal)
    assert env.state_now.to_json() == before
    with pytest.raises(IllegalActionError, match="reset"):
        env.step(illegal)
    strict = CardrulesGymEnv("bura", players=2, illegal_action="raise")
    strict.reset(seed=3)
    with pytest.raises(IllegalActionError, match="not legal"):
        strict.step(illegal)
    with pytest.raises(IllegalActionError, match="index"):
        strict.step("lead AS")


def test_wrong_arguments_are_refused_with_the_reason() -> None:
    game = cardrules.load("bura", players=3)
    with pytest.raises(ArgumentError, match="seat 3"):
        CardrulesGymEnv(game, seat=3)
    with pytest.raises(ArgumentError, match="one per opponent seat"):
        CardrulesGymEnv(game, opponents=("greedy",))
    with pytest.raises(CardrulesError, match="known bots"):
        CardrulesGymEnv(game, opponents="clever")
    with pytest.raises(ArgumentError, match="render_mode"):
        CardrulesGymEnv(game, render_mode="rgb_array")
    with pytest.raises(ArgumentError, match="illegal_action"):
        CardrulesGymEnv(game, illegal_action="ignore")
