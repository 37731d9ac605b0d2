"""Any cardrules game as a single-agent Gymnasium environment (``pip install 'cardrules[rl]'``).

The agent plays one seat (``seat``, 0 by default); every other seat is played by a named
bot (``opponents``: one name for all, or one per seat, e.g. ``("greedy", "random")``).
Actions are indices of the game's :attr:`~cardrules.engine.game.Game.action_space`; an
observation is a dict with ``observation`` (the game's
:attr:`~cardrules.engine.game.Game.observation` of the state, seats counted from the agent) and
``action_mask`` (1 where the index is legal now). The same mask is in ``info`` under
``action_mask``, the key Gymnasium's masked-action wrappers read.

An episode is one deal, or a whole match with ``match=True``. The reward is 0 until the
end, then +1 if the agent (or its partnership) is among the winners, -1 otherwise, 0 when
nobody won. The bots move between the agent's turns inside :meth:`~CardrulesGymEnv.step`
(and :meth:`~CardrulesGymEnv.reset`), so every observation returned is the agent's turn
or the end; a game the bots end before the agent's first move is dealt again.

An index that is not legal now ends the episode at once with reward
``illegal_reward`` (-1) and ``info["illegal_action"]`` set, leaving the game as it was;
``illegal_action="raise"`` raises :class:`~cardrules.errors.IllegalActionError` instead.

>>> env = gymnasium.make(ENV_ID, game="bura", players=2, opponents="greedy").unwrapped
>>> observation, info = env.reset(seed=3)
>>> mask = observation["action_mask"]
>>> int(mask.sum()) == len(env.state_now.legal_actions())
True
>>> import numpy as np
>>> observation, reward, terminated, truncated, info = env.step(int(np.flatnonzero(mask)[0]))
>>> terminated or env.state_now.current_player == env.seat
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

import cardrules
from cardrules.adapters.envs import gym_id
from cardrules.adapters.outcome import rewards, scores, winners
from cardrules.engine.action_space import MASK_LIMIT
from cardrules.engine.arguments import as_index
from cardrules.engine.game import Game, derive_seed
from cardrules.engine.state import State
from cardrules.errors import ArgumentError, CardrulesError, IllegalActionError
from cardrules.loader.resources import builtin_variants
from cardrules.tools.bots import Bot, bot_view, make_bot
from cardrules.tools.render import TextRenderer

__all__ = ["ENV_ID", "CardrulesGymEnv"]

ENV_ID = "cardrules/CardGame-v0"
"""The id under which importing this module registers :class:`CardrulesGymEnv`:
``gymnasium.make(ENV_ID, game="bura", players=2, opponents="greedy")``.  Each game known
by name also has an id of its own, ``cardrules/<Name>-v0``
(:func:`cardrules.adapters.envs.gym_id`): ``gymnasium.make("cardrules/Hearts-v0")``."""

Observation = dict[str, np.ndarray[Any, Any]]

_ILLEGAL_ACTIONS = ("lose", "raise")
_REDEALS = 100
"""Games the bots may end before the agent's first move before reset() gives up (a game
over before the agent moves is dealt again: an episode starts on the agent's turn)."""


class CardrulesGymEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One seat of a game as a Gymnasium environment (see the module's docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (gymnasium declares it an instance field)
        "render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(self, game: Game | str, *, players: int | None = None,
                 options: dict[str, object] | None = None, seat: int = 0,
                 opponents: str | Sequence[str] = "random", match: bool = False,
                 illegal_action: str = "lose", illegal_reward: float = -1.0,
                 render_mode: str | None = None) -> None:
        """``game`` is a loaded game, or a variant name or rule file loaded with ``players``
        and ``options``; ``opponents`` names the bots of the other seats (one name for
        all, or one per seat other than ``seat``, in seat order)."""
        super().__init__()
        if isinstance(game, str):
            game = cardrules.load(game, players=players, options=options)
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ArgumentError(f"render_mode {render_mode!r} is not supported; use one of "
                                f"{', '.join(self.metadata['render_modes'])}")
        if illegal_action not in _ILLEGAL_ACTIONS:
            raise ArgumentError(f"illegal_action {illegal_action!r} is not one of "
                                f"{', '.join(_ILLEGAL_ACTIONS)}")
        if not 0 <= seat < game.players:
            raise ArgumentError(f"seat {seat} is not a seat of a {game.players}-player game")
        others = [p for p in range(game.players) if p != seat]
        names = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(names) != len(others):
            raise ArgumentError(f"name one bot for all opponents or one per opponent seat "
                                f"({len(others)}), not {len(names)}")
        self.game = game
        """The game played."""
        self.seat = seat
        """The agent's seat."""
        self.match = match
        """Whether an episode is a whole match."""
        self.illegal_action = illegal_action
        """What an illegal index does: ``lose`` (end the episode) or ``raise``."""
        self.illegal_reward = illegal_reward
        """The reward of an illegal index under ``illegal_action="lose"``."""
        self.render_mode = render_mode
        self.bots: dict[int, Bot] = {p: make_bot(n) for p, n in zip(others, names)}
        """The bot of each other seat."""
        game.action_space.require_at_most(MASK_LIMIT,
                                          "the Gymnasium environment (a dense action mask)")
        size = game.action_space.size
        low, high = game.observation.bounds()
        self.observation_space = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(low=np.array(low, dtype=np.int32),
                                                high=np.array(high, dtype=np.int32),
                                                dtype=np.int32),
            "action_mask": gymnasium.spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8),
        })
        self.action_space = gymnasium.spaces.Discrete(size)
        self._episodes = random.Random()
        self._bot_rngs: dict[int, random.Random] = {}
        self._table = TextRenderer.of(game, ascii=True)
        self._done = False
        self.state_now: State = game.new_deal(0)
        """The current state."""

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        """A new deal (or match), played by the bots up to the agent's first turn;
        ``seed`` fixes it and every later episode's."""
        super().reset(seed=seed)
        if seed is not None:
            self._episodes.seed(derive_seed(seed, "gymnasium"))
        for _ in range(_REDEALS):
            game_seed = self._episodes.getrandbits(63)
            self._bot_rngs = {p: random.Random(derive_seed(game_seed, "bot", p))
                              for p in self.bots}
            self.state_now = (self.game.new_match(game_seed) if self.match
                              else self.game.new_deal(game_seed))
            self._play_bots()
            if not self._done:
                return self._observe(), self._info()
        raise CardrulesError(f"the bots ended {_REDEALS} games in a row before seat "
                             f"{self.seat} had a move")

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """The agent plays the index ``action``; the bots then play up to its next turn."""
        if self._done:
            raise IllegalActionError("the episode is over: call reset() first")
        space = self.game.action_space
        try:
            index = as_index(action, "an action index")
        except ArgumentError as error:
            raise IllegalActionError(str(error)) from None
        if index not in space.legal_indices(self.state_now):
            if self.illegal_action == "raise":
                raise IllegalActionError(f"action index {index} is not legal now")
            self._done = True
            info = self._info()
            info["illegal_action"] = index
            return self._observe(), self.illegal_reward, True, False, info
        self.state_now = self.state_now.apply(space.action(index))
        self._play_bots()
        reward = 0.0
        if self.state_now.is_over:
            self._done = True
            reward = rewards(self.game, self.state_now)[self.seat]
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, self._done, False, self._info()

    def _play_bots(self) -> None:
        """Let the bots move until it is the agent's turn or the game is over."""
        state = self.state_now
        while not state.is_over and state.current_player != self.seat:
            seat = state.current_player
            state = state.apply(self.bots[seat].choose(bot_view(state, seat),
                                                       state.legal_actions(),
                                                       self._bot_rngs[seat]))
        self.state_now = state
        self._done = state.is_over

    def _observe(self) -> Observation:
        state = self.state_now
        values = np.array(self.game.observation.encode(state, self.seat), dtype=np.int32)
        return {"observation": values, "action_mask": self._mask()}

    def _mask(self) -> np.ndarray[Any, Any]:
        mask = np.zeros(self.game.action_space.size, dtype=np.int8)
        if not self._done and self.state_now.current_player == self.seat:
            mask[list(self.game.action_space.legal_indices(self.state_now))] = 1
        return mask

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self._mask()}
        if self.state_now.is_over:
            info["scores"] = scores(self.state_now)
            info["winners"] = winners(self.state_now)
        return info

    def render(self) -> str | None:
        """The agent's view as text: returned in ``ansi`` mode, printed in ``human``."""
        if self.render_mode is None:
            return None
        text = "\n".join(self._table.view(self.state_now.view(self.seat), me=self.seat))
        if self.render_mode == "human":
            print(text + "\n")
            return None
        return text


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point=f"{__name__}:CardrulesGymEnv")
for _variant in builtin_variants():
    if gym_id(_variant) not in gymnasium.registry:
        gymnasium.register(id=gym_id(_variant), entry_point=f"{__name__}:CardrulesGymEnv",
                           kwargs={"game": _variant})
