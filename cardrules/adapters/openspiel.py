"""Any cardrules deal as an OpenSpiel game (``pip install 'cardrules[openspiel]'``).

Importing this module registers the game ``python_cardrules`` with pyspiel; its
parameters are ``variant`` (a shipped variant's name), ``players`` and ``options`` (a JSON
object of option values, as text)::

    game = pyspiel.load_game("python_cardrules", {"variant": "bura", "players": 3})

One OpenSpiel game is one deal (whole matches are not offered). The deal is drawn by
chance nodes: first the dealer (uniform over the seats), then the shuffle one card at a
time (uniform over the cards not drawn yet; the deal goes out from the last card drawn,
see ``Game.new_deal(order=...)``). Players act with indices of the game's
:attr:`~cardrules.game.Game.action_space`; at the end the winners (see
:func:`cardrules.simulate.winners_of`) get ``+1`` and the others ``-1`` (all ``0`` when
nobody won). The observation tensor is the game's
:attr:`~cardrules.game.Game.observation`; the observation string is the player's view as
JSON; the information-state string adds everything the player saw happen, in order
(perfect recall). ``max_game_length`` is a bound: the chance nodes plus 20,000 actions.

>>> import pyspiel
>>> game = pyspiel.load_game("python_cardrules", {"variant": "bura", "players": 2})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 2)
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

import cardrules
from cardrules.adapters.outcome import rewards
from cardrules.game import Game
from cardrules.state import State

__all__ = ["CardrulesGame", "CardrulesState", "Observer"]

MAX_ACTIONS = 20_000
"""Bound on a deal's player actions, for OpenSpiel's ``max_game_length``."""

_DEFAULTS: dict[str, Any] = {"variant": "bank", "players": 2, "options": "{}"}

_GAME_TYPE = pyspiel.GameType(
    short_name="python_cardrules",
    long_name="A cardrules variant (one deal)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=10,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


class CardrulesGame(pyspiel.Game):
    """A cardrules variant as an OpenSpiel game (see the module's docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        settings = {**_DEFAULTS, **(params or {})}
        options = json.loads(str(settings["options"]))
        if not isinstance(options, dict):
            raise ValueError("the options parameter must be a JSON object")
        self.rules: Game = cardrules.load(str(settings["variant"]),
                                          players=int(settings["players"]), options=options)
        """The cardrules game played."""
        rules = self.rules
        info = pyspiel.GameInfo(
            num_distinct_actions=rules.action_space.size,
            max_chance_outcomes=max(rules.pack.size, rules.players),
            num_players=rules.players, min_utility=-1.0, max_utility=1.0,
            max_game_length=1 + rules.pack.size + MAX_ACTIONS)
        super().__init__(_GAME_TYPE, info, settings)

    def new_initial_state(self) -> CardrulesState:
        """The start of a deal: the chance node that picks the dealer."""
        return CardrulesState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> Observer:
        """An observer: the observation (tensor and string), or with perfect recall the
        information-state string."""
        if params:
            raise ValueError(f"observer parameters are not supported: {params}")
        perfect = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(self.rules, perfect_recall=perfect)


class CardrulesState(pyspiel.State):
    """A deal being dealt by chance, then played."""

    def __init__(self, game: CardrulesGame) -> None:
        super().__init__(game)
        self.rules = game.rules
        self.dealer = -1
        """The dealer drawn by chance (-1: not yet)."""
        self.order: list[int] = []
        """The cards drawn by chance so far."""
        self.deal: State | None = None
        """The cardrules state once the shuffle is complete."""
        self.seen: list[list[Any]] = [[] for _ in range(game.rules.players)]
        """Per player, what they saw: the view at the deal's start, then each action's
        events as shown to them."""

    def current_player(self) -> int:
        if self.deal is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.deal.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.deal.current_player

    def _legal_actions(self, player: int) -> list[int]:
        assert self.deal is not None and player == self.deal.current_player
        return sorted(self.rules.action_space.legal_indices(self.deal))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.dealer < 0:
            seats = self.rules.players
            return [(seat, 1.0 / seats) for seat in range(seats)]
        left = [card for card in range(self.rules.pack.size) if card not in self.order]
        return [(card, 1.0 / len(left)) for card in left]

    def _apply_action(self, action: int) -> None:
        if self.deal is None:
            if self.dealer < 0:
                self.dealer = action
            else:
                self.order.append(action)
                if len(self.order) == self.rules.pack.size:
                    self.deal = self.rules.new_deal(0, dealer=self.dealer, order=self.order)
                    self._saw_start()
            return
        self.deal = self.deal.apply(self.rules.action_space.action(action))
        pack = self.rules.pack
        for player, seen in enumerate(self.seen):
            seen.append([e.to_json(pack, viewer=player) for e in self.deal.events])

    def _saw_start(self) -> None:
        assert self.deal is not None
        for player, seen in enumerate(self.seen):
            seen.append(self.deal.view(player))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.dealer < 0:
                return f"dealer {action}"
            return f"draw {self.rules.pack.name(action)}"
        return self.rules.action_space.action(action).label

    def is_terminal(self) -> bool:
        return self.deal is not None and self.deal.is_over

    def returns(self) -> list[float]:
        if self.deal is None:
            return [0.0] * self.rules.players
        return rewards(self.rules, self.deal)

    def __str__(self) -> str:
        if self.deal is None:
            names = self.rules.pack.names(self.order)
            return f"dealer {self.dealer}; drawn {' '.join(names)}"
        return json.dumps(self.deal.to_json(), sort_keys=True)


class Observer:
    """OpenSpiel's observer interface (``tensor``, ``dict``, ``set_from``, ``string_from``)."""

    def __init__(self, rules: Game, *, perfect_recall: bool) -> None:
        self.rules = rules
        self.perfect_recall = perfect_recall
        size = 0 if perfect_recall else rules.observation.size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CardrulesState, player: int) -> None:
        """Fill ``tensor`` with ``player``'s observation of ``state``."""
        if self.perfect_recall:
            return
        if state.deal is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = self.rules.observation.encode(state.deal, player)

    def string_from(self, state: CardrulesState, player: int) -> str:
        """``player``'s view as JSON, or with perfect recall all they saw, in order."""
        if state.deal is None:
            return f"dealing; dealer {state.dealer}" if state.dealer >= 0 else "dealing"
        if self.perfect_recall:
            return json.dumps(state.seen[player], sort_keys=True)
        view = state.deal.view(player)
        view.pop("events", None)
        return json.dumps(view, sort_keys=True)


pyspiel.register_game(_GAME_TYPE, CardrulesGame)
