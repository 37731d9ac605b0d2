"""Any cardrules deal as an OpenSpiel game (``pip install 'cardrules[openspiel]'``).

Importing this module registers the game ``python_cardrules`` with pyspiel; its
parameters are ``variant`` (a shipped variant's name), ``players`` and ``options`` (a JSON
object of option values, as text; the game keeps them in a form without commas, which
OpenSpiel's game strings reserve)::

    game = pyspiel.load_game("python_cardrules", {"variant": "bura", "players": 3})

One OpenSpiel game is one deal (whole matches are not offered). The deal is drawn by
chance nodes: first the dealer (uniform over the seats), then the shuffle one card at a
time (uniform over the cards not drawn yet; the deal goes out from the last card drawn,
see ``Game.new_deal(order=...)``); an outcome that is not possible (a card drawn already)
is refused at once. Players act with indices of the game's
:attr:`~cardrules.game.Game.action_space`; at the end the winners in first place, as
the engine's deal result gives them (both partners in a partnership game; see
:func:`cardrules.adapters.outcome.winners`), get ``+1`` and the others ``-1`` (all ``0``
when nobody won). The observation tensor is the game's
:attr:`~cardrules.game.Game.observation`; the observation string is the player's view
(``State.view``) as JSON; the information-state string holds every view the player had
since the deal began, in order (perfect recall), so two states share it exactly when the
player cannot tell them apart. ``max_game_length`` is a bound: the chance nodes plus
20,000 actions.

States share the (immutable) cardrules game and states, so ``clone`` costs little;
games and states pickle and go through ``pyspiel.serialize_game_and_state``.

>>> import pyspiel
>>> game = pyspiel.load_game("python_cardrules", {"variant": "bura", "players": 2})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 2)
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import numpy as np
import pyspiel

import cardrules
from cardrules.actions import Action
from cardrules.adapters.outcome import rewards
from cardrules.arguments import checked_player
from cardrules.errors import ArgumentError, IllegalActionError
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


_RESERVED = {",": "\\u002c", ";": "\\u003b", "(": "\\u0028", ")": "\\u0029", "=": "\\u003d"}
"""Characters OpenSpiel's game strings give a meaning, as JSON escapes."""


def _write_options(options: dict[str, Any]) -> str:
    """``options`` as text a game string can carry: JSON (keys sorted) with ``;`` between
    members and items, and ``, ; ( ) =`` within strings escaped (OpenSpiel splits a game
    string's parameters at commas, so ``load_game(str(game))`` and
    ``deserialize_game_and_state`` would misread plain JSON).

    >>> _write_options({"stake": 50, "hand_size": 3, "name": "a,b"})
    '{"hand_size":3;"name":"a\\\\u002cb";"stake":50}'
    >>> _read_options(_write_options({"stake": 50, "name": "a,b"}))
    {'name': 'a,b', 'stake': 50}
    """
    out, in_string, escaped = [], False, False
    for char in json.dumps(options, sort_keys=True, separators=(",", ":")):
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
            else:
                char = _RESERVED.get(char, char)
        elif char == '"':
            in_string = True
        elif char == ",":
            char = ";"
        out.append(char)
    return "".join(out)


def _read_options(text: str) -> dict[str, Any]:
    """The options parameter: a JSON object, or the same as :func:`_write_options` writes."""
    try:
        options = json.loads(text)
    except ValueError:
        try:
            options = json.loads(text.replace(";", ","))
        except ValueError:
            options = None
    if not isinstance(options, dict):
        raise ValueError(f"the options parameter must be a JSON object, not {text!r}")
    return options


class CardrulesGame(pyspiel.Game):
    """A cardrules variant as an OpenSpiel game (see the module's docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        settings = {**_DEFAULTS, **(params or {})}
        options = _read_options(str(settings["options"]))
        settings["options"] = _write_options(options)
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

    def __reduce__(self) -> tuple[Any, ...]:
        # pyspiel's own pickling of games makes an instance that skipped __init__.
        return pyspiel.load_game, (str(self),)

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


@attrs.define(kw_only=True, eq=False)
class _Progress:
    """What changes as a :class:`CardrulesState` goes on: the chance draws, then the
    cardrules states of the deal.

    A copy (OpenSpiel's ``clone``) copies these short lists and shares the cardrules
    states and game in them, which are immutable.  A pickle (OpenSpiel's ``serialize``)
    keeps only the dealer, the draws and the action indices; the states are replayed
    from them on first use, with the game of the state they are restored into.
    """

    players: int
    """Number of players."""
    dealer: int = -1
    """The dealer drawn by chance (-1: not yet)."""
    order: list[int] = attrs.Factory(list)
    """The cards drawn by chance so far."""
    drawn: int = 0
    """The same cards as a bit set."""
    actions: list[int] = attrs.Factory(list)
    """The players' action indices so far."""
    states: list[State] = attrs.Factory(list)
    """The deal's states once the shuffle is complete: the first, then one per action."""
    pieces: list[list[str]] = attrs.Factory(list)
    """Per player, a JSON text for each of the first ``states`` (as far as computed so
    far): how the player's view changed (see :meth:`CardrulesState.recall`)."""
    last: list[dict[str, str]] = attrs.Factory(list)
    """Per player, the JSON text of each key of the last view in ``pieces``."""
    offered: tuple[State, dict[int, Action]] | None = None
    """The last deal state asked for its legal actions, and those actions by index (so
    applying an index looks the action up instead of rebuilding it)."""
    memory: dict[int, tuple[list[str], dict[str, str]]] = attrs.Factory(dict)
    """For a re-sampled state: the re-sampling player's ``pieces`` up to the root and
    their ``last`` there, kept by a pickle."""
    before: list[int] = attrs.Factory(list)
    """Per player, how many of ``pieces`` come before the first of ``states`` (more than
    0 only for the re-sampling player of a re-sampled state, whose memory goes back
    further than the position the deal continues from)."""
    said: dict[int, tuple[int, str]] = attrs.Factory(dict)
    """Per player, the last information-state string made and how many pieces it
    joined (searches ask for the same string many times)."""
    pending: bool = False
    """True when restored from a pickle and ``states`` are not replayed yet."""
    root: dict[str, Any] | None = None
    """For a re-sampled state restored from a pickle: the JSON of the cardrules state its
    deal continues from (``order`` is then empty and ``actions`` count from there)."""

    @classmethod
    def start(cls, players: int) -> _Progress:
        """Nothing drawn or played yet."""
        return cls(players=players, pieces=[[] for _ in range(players)],
                   last=[{} for _ in range(players)], before=[0] * players)

    @classmethod
    def restored(cls, players: int, dealer: int, order: list[int],
                 actions: list[int], root: dict[str, Any] | None = None,
                 memory: dict[int, tuple[list[str], dict[str, str]]] | None = None,
                 ) -> _Progress:
        """What ``__reduce__`` kept; the states are replayed on first use."""
        made = cls.start(players)
        made.dealer, made.order, made.actions, made.pending = dealer, order, actions, True
        made.root, made.memory = root, dict(memory or {})
        for player, (pieces, last) in made.memory.items():
            made.pieces[player], made.last[player] = pieces[:], last
            made.before[player] = len(pieces) - 1
        for card in order:
            made.drawn |= 1 << card
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        root = self.root
        if root is None and self.memory:
            root = self.states[0].to_json()
        return _Progress.restored, (self.players, self.dealer, self.order, self.actions,
                                    root, self.memory)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Progress:
        return _Progress(players=self.players, dealer=self.dealer, order=self.order[:],
                         drawn=self.drawn, actions=self.actions[:], states=self.states[:],
                         pieces=[pieces[:] for pieces in self.pieces], last=self.last[:],
                         before=self.before[:], pending=self.pending, root=self.root,
                         memory=self.memory, offered=self.offered,
                         said=dict(self.said))

    def replay(self, rules: Game) -> None:
        """Make the states again from the draws (or the re-sampled root) and the action
        indices."""
        self.pending = False
        if self.root is not None:
            state = rules.state_from_json(self.root)
        elif len(self.order) < rules.pack.size:
            return
        else:
            state = rules.new_deal(0, dealer=self.dealer, order=self.order)
        self.states = [state]
        for index in self.actions:
            state = state.apply(rules.action_space.action(index))
            self.states.append(state)


class CardrulesState(pyspiel.State):
    """A deal being dealt by chance, then played."""

    def __init__(self, game: CardrulesGame) -> None:
        super().__init__(game)
        self._progress = _Progress.start(game.rules.players)

    def _now(self) -> _Progress:
        progress: _Progress = self._progress
        if progress.pending:
            progress.replay(self.rules)
        return progress

    @property
    def rules(self) -> Game:
        """The cardrules game played (the OpenSpiel game's, shared by all its states)."""
        rules: Game = self.get_game().rules
        return rules

    @property
    def dealer(self) -> int:
        """The dealer drawn by chance (-1: not yet)."""
        return self._now().dealer

    @property
    def order(self) -> tuple[int, ...]:
        """The cards drawn by chance so far."""
        return tuple(self._now().order)

    @property
    def deal(self) -> State | None:
        """The cardrules state once the shuffle is complete (``None`` before)."""
        states = self._now().states
        return states[-1] if states else None

    def current_player(self) -> int:
        deal = self.deal
        if deal is None:
            return int(pyspiel.PlayerId.CHANCE)
        if deal.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return deal.current_player

    def _legal_actions(self, player: int) -> list[int]:
        deal = self.deal
        if deal is None or deal.is_over or player != deal.current_player:
            return []
        progress = self._progress
        offered = progress.offered
        if offered is None or offered[0] is not deal:
            index = self.rules.action_space.index
            offered = progress.offered = (deal, {index(a): a for a in deal.legal_actions()})
        return sorted(offered[1])

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The dealer (each seat alike), then the next card of the shuffle (each card not
        drawn yet alike); empty once dealt."""
        progress = self._now()
        if progress.states:
            return []
        if progress.dealer < 0:
            seats = self.rules.players
            return [(seat, 1.0 / seats) for seat in range(seats)]
        drawn = progress.drawn
        left = [card for card in range(self.rules.pack.size) if not drawn >> card & 1]
        return [(card, 1.0 / len(left)) for card in left]

    def _apply_action(self, action: int) -> None:
        progress, rules = self._now(), self.rules
        if progress.states:
            state = progress.states[-1]
            offered = progress.offered
            known = offered[1].get(action) if offered is not None and offered[0] is state \
                else None
            state = state.apply(known if known is not None else rules.action_space.action(action))
            progress.states.append(state)
            progress.actions.append(action)
        elif progress.dealer < 0:
            if not 0 <= action < rules.players:
                raise IllegalActionError(f"chance outcome {action} is not a dealer: the dealer "
                                         f"is one of the seats 0 to {rules.players - 1}")
            progress.dealer = action
        else:
            size = rules.pack.size
            if not 0 <= action < size:
                raise IllegalActionError(f"chance outcome {action} is not a card: the cards "
                                         f"are numbered 0 to {size - 1}")
            if progress.drawn >> action & 1:
                raise IllegalActionError(f"chance outcome {action} ({rules.pack.name(action)}) "
                                         f"is not possible: that card is drawn already")
            progress.order.append(action)
            progress.drawn |= 1 << action
            if len(progress.order) == size:
                progress.states.append(rules.new_deal(0, dealer=progress.dealer,
                                                      order=progress.order))

    def _action_to_string(self, player: int, action: int) -> str:
        rules = self.rules
        if player == pyspiel.PlayerId.CHANCE:
            if self.dealer < 0:
                return f"dealer {action}"
            if not 0 <= action < rules.pack.size:
                raise ArgumentError(f"chance outcome {action} is not a card: the cards are "
                                    f"numbered 0 to {rules.pack.size - 1}")
            return f"draw {rules.pack.name(action)}"
        return rules.action_space.action(action).label

    def is_terminal(self) -> bool:
        deal = self.deal
        return deal is not None and deal.is_over

    def returns(self) -> list[float]:
        deal = self.deal
        if deal is None:
            return [0.0] * self.rules.players
        return rewards(self.rules, deal)

    def view_text(self, player: int) -> str:
        """``player``'s view of the deal as JSON (OpenSpiel's observation string)."""
        player = checked_player(player, self.rules.players)
        deal = self.deal
        if deal is None:
            return self._dealing()
        return json.dumps(deal.view(player), sort_keys=True)

    def recall(self, player: int) -> str:
        """Everything ``player`` saw, in order (OpenSpiel's information-state string): a
        JSON list with an entry per state of the deal, the ``"changed"`` keys of the
        player's view and their values (every key at first), and the ``"removed"`` keys
        when some are.  The views of the same player are the same all along exactly when
        the texts are (perfect recall)."""
        player = checked_player(player, self.rules.players)
        progress = self._now()
        if not progress.states:
            return self._dealing()
        pieces, states = progress.pieces[player], progress.states
        last, before = progress.last[player], progress.before[player]
        while len(pieces) < before + len(states):
            view = states[len(pieces) - before].view(player)
            texts = {key: json.dumps(value, sort_keys=True) for key, value in view.items()}
            changed = ", ".join(f"{json.dumps(key)}: {text}" for key, text in sorted(texts.items())
                                if last.get(key) != text)
            removed = sorted(last.keys() - texts.keys())
            gone = f', "removed": {json.dumps(removed)}' if removed else ""
            pieces.append(f'{{"changed": {{{changed}}}{gone}}}')
            last = texts
        progress.last[player] = last
        said = progress.said.get(player)
        if said is None or said[0] != len(pieces):
            said = progress.said[player] = (len(pieces), f"[{', '.join(pieces)}]")
        return said[1]

    def resample_from_infostate(self, player: int, sampler: Any) -> CardrulesState:
        """A state ``player`` cannot tell from this one (OpenSpiel's
        ``ResampleFromInfostate``, which its Python ISMCTS bot calls): the cards they
        cannot see re-dealt by :meth:`cardrules.state.State.resample`, from a generator
        seeded by two calls of ``sampler`` (a callable giving floats in [0, 1), such as
        ``pyspiel.UniformProbabilitySampler``).

        The new state's deal continues from the re-sampled position, not from a shuffle:
        its ``history()`` starts there, ``player``'s information-state string is this
        state's (everything they saw, unchanged), and the other players' strings
        remember from that position on.  While the deal is still being drawn nobody has
        seen a card, and the result is a clone.

        >>> import pyspiel
        >>> game = pyspiel.load_game("python_cardrules", {"variant": "bura", "players": 2})
        >>> state = game.new_initial_state()
        >>> for outcome in [0, *range(36)]:
        ...     state.apply_action(outcome)
        >>> me = state.current_player()
        >>> other = state.resample_from_infostate(me, pyspiel.UniformProbabilitySampler(0., 1.))
        >>> other.information_state_string(me) == state.information_state_string(me)
        True
        >>> other.deal.hidden_cards(me) == state.deal.hidden_cards(me)
        True
        """
        player = checked_player(player, self.rules.players)
        progress = self._now()
        if not progress.states:
            clone: CardrulesState = self.clone()
            return clone
        self.recall(player)
        seed = int(float(sampler()) * 2**32) << 32 | int(float(sampler()) * 2**32)
        sampled = progress.states[-1].resample(player, random.Random(seed))
        made = CardrulesState(self.get_game())
        new = made._progress
        new.dealer, new.states = progress.dealer, [sampled]
        new.pieces[player] = progress.pieces[player][:]
        new.last[player] = progress.last[player]
        new.before[player] = len(new.pieces[player]) - 1
        new.memory = {player: (new.pieces[player][:], new.last[player])}
        return made

    def _dealing(self) -> str:
        dealer = self._now().dealer
        return f"dealing; dealer {dealer}" if dealer >= 0 else "dealing"

    def __str__(self) -> str:
        deal = self.deal
        if deal is None:
            names = self.rules.pack.names(self.order)
            return f"dealer {self.dealer}; drawn {' '.join(names)}"
        return json.dumps(deal.to_json(), sort_keys=True)


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
        player = checked_player(player, self.rules.players)
        if self.perfect_recall:
            return
        deal = state.deal
        if deal is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = self.rules.observation.encode(deal, player)

    def string_from(self, state: CardrulesState, player: int) -> str:
        """``player``'s view as JSON (:meth:`CardrulesState.view_text`), or with perfect
        recall all they saw, in order (:meth:`CardrulesState.recall`)."""
        return state.recall(player) if self.perfect_recall else state.view_text(player)


pyspiel.register_game(_GAME_TYPE, CardrulesGame)
