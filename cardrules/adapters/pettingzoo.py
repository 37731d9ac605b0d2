"""Any cardrules game as a PettingZoo AEC environment (``pip install 'cardrules[rl]'``).

Agents are ``player_0 .. player_{n-1}``. Actions are indices of the game's
:attr:`~cardrules.engine.game.Game.action_space`; an observation is a dict with
``observation`` (the game's :attr:`~cardrules.engine.game.Game.observation` of the state, seats
counted from the agent) and ``action_mask`` (1 where the index is legal now, all 0 when it
is not the agent's turn). An episode is one deal, or a whole match with ``match=True``.
At the end every winner in first place, as the engine's result gives them (both partners
in a partnership game; see :func:`cardrules.adapters.outcome.winners`), is rewarded
``+1`` and every other agent ``-1`` (all ``0`` when nobody won); ``infos`` then hold the
``scores`` (deal results or match totals) and the ``winners``.
Rewards are 0 before the end.

>>> env = CardrulesEnv("bura", players=2)
>>> env.reset(seed=3)
>>> observation, reward, terminated, truncated, info = env.last()
>>> int(observation["action_mask"].sum()) == len(env.state_now.legal_actions())
True
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import gymnasium
import numpy as np
from pettingzoo import AECEnv

import cardrules
from cardrules.adapters.outcome import rewards, scores, winners
from cardrules.engine.action_space import MASK_LIMIT
from cardrules.engine.arguments import as_index
from cardrules.engine.game import Game, derive_seed
from cardrules.engine.state import State
from cardrules.errors import ArgumentError, IllegalActionError
from cardrules.tools.bots import Bot, act, make_bot
from cardrules.tools.render import TextRenderer

__all__ = ["BotOpponents", "CardrulesEnv"]

Observation = dict[str, np.ndarray[Any, Any]]


class CardrulesEnv(AECEnv):
    """A game as a PettingZoo AEC environment (see the module's docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "cardrules", "render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, game: Game | str, *, players: int | None = None,
                 options: dict[str, object] | None = None, match: bool = False,
                 render_mode: str | None = None, max_cycles: int | None = None) -> None:
        """``game`` is a loaded game, or a variant name or rule file loaded with ``players``
        and ``options``; ``match=True`` plays whole matches; ``max_cycles`` truncates an
        episode for every agent after that many actions (None: episodes run to the end,
        which every cardrules game reaches)."""
        super().__init__()
        if isinstance(game, str):
            game = cardrules.load(game, players=players, options=options)
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ArgumentError(f"render_mode {render_mode!r} is not supported; use one of "
                                f"{', '.join(self.metadata['render_modes'])}")
        if max_cycles is not None and max_cycles < 1:
            raise ArgumentError(f"max_cycles must be at least 1, not {max_cycles}")
        self.game = game
        """The game played."""
        self.match = match
        """Whether an episode is a whole match."""
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        """Actions after which an episode is truncated (None: no limit)."""
        self._cycles = 0
        self.possible_agents: list[str] = [f"player_{p}" for p in range(game.players)]
        self.agents: list[str] = []
        game.action_space.require_at_most(MASK_LIMIT,
                                          "the PettingZoo environment (a dense action mask)")
        size = game.action_space.size
        low, high = game.observation.bounds()
        observation = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(low=np.array(low, dtype=np.int32),
                                                high=np.array(high, dtype=np.int32),
                                                dtype=np.int32),
            "action_mask": gymnasium.spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8),
        })
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: gymnasium.spaces.Discrete(size) for a in self.possible_agents}
        self._rng = random.Random()
        self._table = TextRenderer.of(game, ascii=True)
        self.state_now: State = game.new_deal(0)
        """The current state."""

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        self._player(agent)
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        self._player(agent)
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new deal (or match); ``seed`` fixes it and every later episode's."""
        if seed is not None:
            self._rng.seed(derive_seed(seed, "pettingzoo"))
        game_seed = self._rng.getrandbits(63)
        self.state_now = (self.game.new_match(game_seed) if self.match
                          else self.game.new_deal(game_seed))
        self.agents = self.possible_agents[:]
        self._cycles = 0
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state_now.current_player]

    def observe(self, agent: str) -> Observation:
        player = self._player(agent)
        state = self.state_now
        values = np.array(self.game.observation.encode(state, player), dtype=np.int32)
        mask = np.zeros(self.game.action_space.size, dtype=np.int8)
        if state.current_player == player:
            mask[list(self.game.action_space.legal_indices(state))] = 1
        return {"observation": values, "action_mask": mask}

    def _player(self, agent: str) -> int:
        """The seat of ``agent``; an :class:`~cardrules.errors.ArgumentError` if there is
        no such agent."""
        try:
            return self.possible_agents.index(agent)
        except ValueError:
            raise ArgumentError(f"no agent {agent!r}: the agents are "
                                f"{', '.join(self.possible_agents)}") from None

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action: an index of the action space (a Python or
        numpy integer), or ``None`` once the agent is terminated or truncated.  Anything
        else, or an index not legal now, raises
        :class:`~cardrules.errors.IllegalActionError` and changes nothing."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(
                f"{agent} must act: None is the action of terminated or truncated agents only")
        state, space = self.state_now, self.game.action_space
        try:
            index = as_index(action, "an action index")
        except ArgumentError as error:
            raise IllegalActionError(f"{agent}: {error}") from None
        if index not in space.legal_indices(state):
            raise IllegalActionError(f"action index {index} is not legal for {agent} now")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        self.state_now = state = state.apply(space.action(index))
        self._cycles += 1
        if state.is_over:
            self._finish(state)
        elif self.max_cycles is not None and self._cycles >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[state.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _finish(self, state: State) -> None:
        won, final = rewards(self.game, state), scores(state)
        info = {"scores": final, "winners": winners(state)}
        for agent, reward in zip(self.possible_agents, won):
            self.rewards[agent] = reward
            self.terminations[agent] = True
            self.infos[agent] = dict(info)

    def render(self) -> str | None:
        """The view of the player to move as text: returned in ``ansi`` mode, printed in
        ``human`` mode."""
        if self.render_mode is None:
            return None
        player = max(self.state_now.current_player, 0)
        text = "\n".join(self._table.view(self.state_now.view(player), me=player))
        if self.render_mode == "human":
            print(text + "\n")
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


class BotOpponents:
    """cardrules' own bots as the opponents of a PettingZoo agent: ``act(env)`` is the
    action index the seat to move's bot picks in ``env`` (a :class:`CardrulesEnv`, or one
    wrapped), with one random stream per seat from ``seed``.

    ``bots`` names one bot for every seat (``"greedy"``), or maps agents to bot names
    (``{"player_1": "greedy", "player_2": "ismcts:200"}``).

    >>> env = CardrulesEnv("bank", players=2)
    >>> env.reset(seed=1)
    >>> bots = BotOpponents("greedy", seed=1)
    >>> for agent in env.agent_iter():
    ...     observation, reward, terminated, truncated, info = env.last()
    ...     env.step(None if terminated or truncated else bots.act(env))
    >>> env.state_now.is_over
    True
    """

    def __init__(self, bots: str | dict[str, str], *, seed: int = 0) -> None:
        self._names = bots
        self._seed = seed
        self._bots: dict[str, Bot] = {}
        self._rngs: dict[str, random.Random] = {}

    def act(self, env: Any) -> int:
        """The index the bot of ``env.agent_selection`` chooses now."""
        inner = env.unwrapped
        agent = inner.agent_selection
        if agent not in self._bots:
            name = self._names if isinstance(self._names, str) else self._names.get(agent)
            if name is None:
                raise ArgumentError(f"no bot is named for {agent}")
            self._bots[agent] = make_bot(name)
            self._rngs[agent] = random.Random(derive_seed(self._seed, "bot", agent))
        action = act(self._bots[agent], inner.state_now, self._rngs[agent])
        return int(inner.game.action_space.index(action))
