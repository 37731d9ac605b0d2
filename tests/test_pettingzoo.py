"""The PettingZoo adapter: PettingZoo's own API and seed tests, rewards, masks, refusals."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

import cardrules  # noqa: E402
from cardrules.adapters.pettingzoo import CardrulesEnv  # noqa: E402
from cardrules.engine.action_space import MASK_LIMIT  # noqa: E402
from cardrules.errors import ArgumentError, IllegalActionError  # noqa: E402

GAMES = [("bank", 2, False), ("bank-no-trumps", 4, False), ("bura", 3, False),
         ("bura-classic", 2, True), ("durak", 3, False), ("durak", 2, True)]


# A dict observation with an action mask is PettingZoo's own convention for card games;
# its API test still warns that observations "probably should" be plain arrays.
@pytest.mark.filterwarnings("ignore:Observation")
@pytest.mark.parametrize(("name", "players", "match"), GAMES)
def test_pettingzoo_api_test_passes(name: str, players: int, match: bool) -> None:
    api_test(CardrulesEnv(name, players=players, match=match), num_cycles=200)


@pytest.mark.filterwarnings("ignore:Observation")
def test_pettingzoo_seed_test_passes() -> None:
    seed_test(lambda: CardrulesEnv("bura", players=2), num_cycles=100)


def _play(env: CardrulesEnv, seed: int) -> tuple[dict[str, float], dict[str, Any]]:
    """Plays one episode with random legal indices; returns each agent's summed rewards
    and the info each agent saw at the end."""
    rng = random.Random(seed)
    env.reset(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    final: dict[str, Any] = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            final[agent] = info
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(rng.choice(list(legal))))
    return totals, final


@pytest.mark.parametrize(("name", "players", "match"), GAMES)
def test_episodes_end_with_plus_one_for_winners_and_minus_one_for_the_rest(
        name: str, players: int, match: bool) -> None:
    env = CardrulesEnv(name, players=players, match=match)
    for seed in range(3):
        rewards, final = _play(env, seed)
        assert env.state_now.is_over and not env.agents
        winners = env.state_now.result.leaders
        expected = {f"player_{p}": (1.0 if p in winners else -1.0) if winners else 0.0
                    for p in range(players)}
        assert rewards == expected
        outcome = env.state_now.result
        scores = list(getattr(outcome, "totals", None) or outcome.scores)
        assert all(info == {"scores": scores, "winners": list(winners)}
                   for info in final.values())
        assert set(final) == set(env.possible_agents)


def test_the_mask_is_the_legal_actions_of_the_agent_to_move_only() -> None:
    env = CardrulesEnv("bura", players=3)
    env.reset(seed=5)
    state = env.state_now
    space = env.game.action_space
    mover = env.agent_selection
    mask = env.observe(mover)["action_mask"]
    assert sorted(np.flatnonzero(mask)) == sorted(space.legal_indices(state))
    for agent in env.possible_agents:
        if agent != mover:
            assert not env.observe(agent)["action_mask"].any()


def test_an_illegal_index_is_refused_and_the_state_is_kept() -> None:
    env = CardrulesEnv("bank", players=2)
    env.reset(seed=1)
    before = env.state_now
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError, match="not legal"):
        env.step(illegal)
    assert env.state_now is before


def test_the_same_seed_replays_the_same_episode() -> None:
    first, second = CardrulesEnv("bank", players=3), CardrulesEnv("bank", players=3)
    assert _play(first, 9) == _play(second, 9)
    assert first.state_now.to_json() == second.state_now.to_json()


def test_render_shows_the_movers_view() -> None:
    env = CardrulesEnv("bura", players=2, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str) and text
    with pytest.raises(ValueError, match="render_mode"):
        CardrulesEnv("bura", players=2, render_mode="rgb_array")


def test_human_mode_prints_the_movers_view(capsys: pytest.CaptureFixture[str]) -> None:
    env = CardrulesEnv("bura", players=2, render_mode="human")
    env.reset(seed=2)
    assert env.render() is None
    shown = capsys.readouterr().out
    same = CardrulesEnv("bura", players=2, render_mode="ansi")
    same.reset(seed=2)
    text = same.render()
    assert text and shown.strip() == text.strip()


def test_max_cycles_truncates_every_agent_after_that_many_actions() -> None:
    env = CardrulesEnv("bank", players=3, max_cycles=5)
    env.reset(seed=1)
    steps = 0
    for _agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
        steps += 1
    assert steps == 5 and not env.state_now.is_over
    with pytest.raises(ValueError, match="max_cycles"):
        CardrulesEnv("bank", players=3, max_cycles=0)


def _shipped() -> list[str]:
    """Every shipped variant, and Casino with a bound on the cards an action names (a
    space a dense mask can hold)."""
    from cardrules.loader.resources import builtin_variants
    bounded = Path(__file__).parent / "fixtures" / "variants" / "casino-bounded.yaml"
    return [*sorted(builtin_variants()), str(bounded)]


# PettingZoo's own tests, for every shipped variant at its smallest player count.
@pytest.mark.filterwarnings("ignore:Observation")
@pytest.mark.parametrize("name", _shipped())
def test_every_shipped_variant_passes_pettingzoos_tests(name: str) -> None:
    if cardrules.load(name).action_space.size > MASK_LIMIT:  # Casino: captures of any size
        with pytest.raises(ArgumentError, match="dense action mask"):
            CardrulesEnv(name)
        return
    api_test(CardrulesEnv(name), num_cycles=100)
    seed_test(lambda **kwargs: CardrulesEnv(name, **kwargs), num_cycles=50)
    render_test(lambda render_mode=None: CardrulesEnv(name, render_mode=render_mode))


@pytest.mark.filterwarnings("ignore:Observation")
def test_trumps_named_by_the_highest_bidder_pass_pettingzoos_tests() -> None:
    """A phase that hands the turn to the highest bidder (Oh Hell, trump: named_or_none)."""
    options: dict[str, object] = {"trump": "named_or_none"}
    api_test(CardrulesEnv("oh-hell", options=options), num_cycles=100)
    seed_test(lambda **kwargs: CardrulesEnv("oh-hell", options=options, **kwargs),
              num_cycles=50)
