"""Play Bura episodes through the PettingZoo adapter: one seat plays the first legal
action-space index, the others play at random, and the rewards are summed per seat.

Needs the optional extra: ``pip install 'cardrules[rl]'``. Run it as
``python examples/pettingzoo_episodes.py [EPISODES]``.
"""

from __future__ import annotations

import random
import sys

from cardrules.adapters.pettingzoo import CardrulesEnv


def main(episodes: int = 20, seed: int = 1) -> dict[str, float]:
    """Summed rewards per agent over ``episodes`` deals of three-player Bura."""
    env = CardrulesEnv("bura", players=3)
    rng = random.Random(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for episode in range(episodes):
        env.reset(seed=seed + episode)
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            totals[agent] += reward
            if terminated or truncated:
                env.step(None)
                continue
            legal = [int(i) for i in observation["action_mask"].nonzero()[0]]
            env.step(legal[0] if agent == "player_0" else rng.choice(legal))
    return totals


if __name__ == "__main__":
    print(main(int(sys.argv[1]) if len(sys.argv) > 1 else 20))
