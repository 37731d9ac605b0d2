"""Any cardrules deal or match as an OpenSpiel game (``pip install 'cardrules[openspiel]'``).

Importing this module registers the game ``python_cardrules`` with pyspiel.  Its
parameters:

``variant`` (default ``bank``)
    a shipped variant's name.
``players`` (default 0: the variant's fewest players, e.g. 4 for Hearts, 2 for Bank)
    the number of players.
``options`` (default ``{}``)
    a JSON object of option values, as text.  The game keeps it in a form without commas
    (``;`` between members, ``, ; ( ) =`` within strings as JSON ``\\u`` escapes), since
    OpenSpiel's game strings split parameters at commas; either form is read, so
    ``python_cardrules(variant=bura,options={"hand_size":3;"stake":50})`` carries two
    options.
``match`` (default ``False``)
    ``True``: one OpenSpiel episode is a whole match (deals in sequence with the
    variant's dealer rotation and totals until its goal), the returns coming from the
    match result; each deal's shuffle is drawn by chance nodes of its own.
``shuffle`` (default ``cards``)
    how chance draws a deal: ``cards``, one chance node per card (uniform over the cards
    not drawn yet; the deal goes out from the last card drawn, see
    ``Game.new_deal(order=...)``), so chance enumerates every possible deal; or
    ``seeds``, one chance node per deal, uniform over ``seeds`` deal seeds, each dealing
    with cardrules' own seeded shuffle.  ``seeds`` draws a deal in one chance move
    instead of one per card (the bench measures what that saves) but plays only those
    deals: an algorithm that walks the whole tree (CFR and the like)
    solves a game of that many deals, where a player's own hand may single out the seed
    and with it every hidden card.  Sampling algorithms (random play, MCTS and ISMCTS,
    reinforcement learning) are not misled as long as the seeds outnumber the deals they
    see by far.
``seeds`` (default 1,000)
    the number of deal seeds of ``shuffle=seeds``.
``returns`` (default ``outcome``)
    what a player gets at the end: ``outcome``, +1 or -1 as below; or ``scores``, the
    deal's scores (the match totals with ``match=true``), such as the chips won or lost
    in a game of the betting family.  A game whose procedure bounds its scores and makes
    them add up to 0 (``Procedure.score_bounds``) is then zero-sum, so that OpenSpiel's
    CFR and exploitability run on it: on ``kuhn-poker`` they give what they give on
    OpenSpiel's own ``kuhn_poker``.

Before each single deal or match a chance node draws the dealer (uniform over the
seats); later deals of a match are dealt by the match's rotation.  Hidden draws of the
rules themselves (a reshuffle of the stock, a phase's lot) come from the deal seed: ``0``
with ``shuffle=cards``, the drawn seed with ``shuffle=seeds``.  A chance outcome that is
not possible (a card drawn already) is refused at once.

Players act with indices of the game's :attr:`~cardrules.engine.game.Game.action_space`; at
the end (with ``returns=outcome``) the winners in first place, as the engine's deal or
match result gives them (both partners in a partnership game; see
:func:`cardrules.adapters.outcome.winners`), get ``+1`` and the others ``-1`` (all ``0``
when nobody won).

Observations: the observation tensor is the game's
:attr:`~cardrules.engine.game.Game.observation` of the player's view; the observation string
is the view (``State.view``) as JSON.  The information-state string holds every view the
player had since the game began, in order (perfect recall), so two states share it
exactly when the player cannot tell them apart.  The information-state tensor is the
observation, then, position by position, the largest value that position took in the
player's observations since the current deal began (so a card that was ever in the
player's hand, on a trick or face up stays marked after it is gone); it is made from
the views the information-state string holds, so states that share the string share the
tensor, though some states the string tells apart share the tensor.  While a deal is
drawn both tensors are zeros and both strings say so.  ``max_game_length`` is a bound:
20,000 actions and the chance nodes of a deal, times 1,000 deals for a match.

States share the (immutable) cardrules game and states, so ``clone`` costs little;
games and states pickle and go through ``pyspiel.serialize_game_and_state``.  The
state's ``current_player``, ``is_terminal``, ``is_chance_node``, ``legal_actions`` and
``chance_outcomes`` are answered in Python from values kept as the game goes on (a call
from Python does not pass through C++ and back).

>>> import pyspiel
>>> game = pyspiel.load_game("python_cardrules", {"variant": "bura", "players": 2})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 2)
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import attrs
import numpy as np
import pyspiel

import cardrules
from cardrules.actions import Action
from cardrules.adapters.outcome import rewards, scores
from cardrules.engine.arguments import checked_player
from cardrules.engine.game import Game
from cardrules.engine.match import MatchState
from cardrules.engine.state import State
from cardrules.errors import ArgumentError, IllegalActionError

__all__ = ["CardrulesGame", "CardrulesState", "Observer"]

MAX_ACTIONS = 20_000
"""Bound on a deal's player actions, for OpenSpiel's ``max_game_length``."""
INT32_MAX = 2**31 - 1
"""The most actions OpenSpiel numbers (its action ids are 32-bit)."""
MAX_DEALS = 1_000
"""Bound on a match's deals, for OpenSpiel's ``max_game_length``."""
SEEDS = 1_000
"""The default number of deal seeds of ``shuffle=seeds``."""
SHUFFLES = ("cards", "seeds")
"""The values of the ``shuffle`` parameter."""
RETURNS = ("outcome", "scores")
"""The values of the ``returns`` parameter."""

_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)

_DEFAULTS: dict[str, Any] = {"variant": "bank", "players": 0, "options": "{}",
                             "match": False, "shuffle": "cards", "seeds": SEEDS,
                             "returns": "outcome"}

_GAME_TYPE = pyspiel.GameType(
    short_name="python_cardrules",
    long_name="A cardrules variant (one deal, or a whole match)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=10,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


_ZERO_SUM_TYPE = pyspiel.GameType(
    **{**{name: getattr(_GAME_TYPE, name) for name in (
        "short_name", "long_name", "dynamics", "chance_mode", "information", "reward_model",
        "max_num_players", "min_num_players", "provides_information_state_string",
        "provides_information_state_tensor", "provides_observation_string",
        "provides_observation_tensor")},
       "utility": pyspiel.GameType.Utility.ZERO_SUM, "parameter_specification": _DEFAULTS})
"""The game's type when its returns are scores that add up to 0 (``returns=scores``, a
procedure with :meth:`~cardrules.engine.procedures.Procedure.score_bounds`)."""
MAX_SCORE = 1_000_000
"""The bound on a player's return given OpenSpiel when the procedure gives none
(``returns=scores``)."""

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
        shuffle, seeds = str(settings["shuffle"]), int(settings["seeds"])
        if shuffle not in SHUFFLES:
            raise ValueError(f"the shuffle parameter is one of {', '.join(SHUFFLES)}, "
                             f"not {shuffle!r}")
        if seeds < 1:
            raise ValueError(f"the seeds parameter must be at least 1, not {seeds}")
        if settings["returns"] not in RETURNS:
            raise ValueError(f"the returns parameter is one of {', '.join(RETURNS)}, "
                             f"not {settings['returns']!r}")
        self.rules: Game = cardrules.load(str(settings["variant"]),
                                          players=int(settings["players"]) or None,
                                          options=options)
        """The cardrules game played."""
        self.match = bool(settings["match"])
        """Whether an episode is a whole match."""
        self.by_seed = shuffle == "seeds"
        """Whether a deal is drawn by one chance node over :attr:`seeds` deal seeds."""
        self.seeds = seeds
        """The number of deal seeds (``shuffle=seeds``)."""
        rules = self.rules
        settings["players"] = rules.players  # the game string names the count played
        self.dealers = [(seat, 1.0 / rules.players) for seat in range(rules.players)]
        """The first chance node's outcomes."""
        self.seed_outcomes = [(seed, 1.0 / seeds) for seed in range(seeds)] \
            if self.by_seed else []
        """A deal's chance outcomes with ``shuffle=seeds``."""
        size = rules.pack.size
        self.card_outcomes = [[(card, 1.0 / left) for card in range(size)] if left else []
                              for left in range(size + 1)]
        """With ``shuffle=cards``, the outcome of drawing each card when ``n`` cards are
        left, at ``[n][card]`` (made once, so that a chance node only picks them)."""
        per_deal = 1 if self.by_seed else rules.pack.count
        deals = MAX_DEALS if self.match else 1
        self.by_score = settings["returns"] == "scores"
        """Whether the returns are the scores (else +1 and -1 by the outcome)."""
        bounds = rules.procedure.score_bounds(rules) if self.by_score else None
        low, high = (-1.0, 1.0) if not self.by_score else \
            (float(-MAX_SCORE), float(MAX_SCORE)) if bounds is None else \
            (float(bounds[0] * deals), float(bounds[1] * deals))
        rules.action_space.require_at_most(INT32_MAX, "OpenSpiel (32-bit action ids)")
        info = pyspiel.GameInfo(
            num_distinct_actions=rules.action_space.size,
            max_chance_outcomes=max(seeds if self.by_seed else rules.pack.size,
                                    rules.players),
            num_players=rules.players, min_utility=low, max_utility=high,
            utility_sum=0.0 if bounds is not None else None,
            max_game_length=1 + deals * (per_deal + MAX_ACTIONS))
        kind = _GAME_TYPE if bounds is None else _ZERO_SUM_TYPE
        super().__init__(kind, info, settings)
        self.fresh = _Progress.start(self)
        """The progress of a new state, shared by new states until their first move (a
        clone is a new state overwritten at once, so it need not build one)."""

    def __reduce__(self) -> tuple[Any, ...]:
        # pyspiel's own pickling of games makes an instance that skipped __init__.
        return pyspiel.load_game, (str(self),)

    def new_initial_state(self) -> CardrulesState:
        """The start of a deal (or match): the chance node that picks the dealer."""
        return CardrulesState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> Observer:
        """An observer: the observation (tensor and string), or with perfect recall the
        information-state tensor and string."""
        if params:
            raise ValueError(f"observer parameters are not supported: {params}")
        perfect = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(self.rules, perfect_recall=perfect)


_Memory = tuple[list[str], dict[str, str], int, list[float]]
"""A player's memory kept by a re-sampled state: the pieces of their information-state
string and their last view's texts, the deal and the maxima of their information-state
tensor."""


@attrs.define(kw_only=True, eq=False)
class _Progress:
    """What changes as a :class:`CardrulesState` goes on: the chance draws, then the
    cardrules states (deals, or matches with ``match=true``).

    A copy (OpenSpiel's ``clone``) copies these short lists and shares the cardrules
    states and game in them, which are immutable.  A pickle (OpenSpiel's ``serialize``)
    keeps only the moves (chance outcomes and action indices); the states are replayed
    from them on first use, with the game of the state they are restored into.
    """

    game: CardrulesGame
    """The OpenSpiel game (its cardrules game and parameters)."""
    players: int
    """Number of players."""
    player: int = _CHANCE
    """The current player (OpenSpiel's numbering: chance and terminal are negative)."""
    dealer: int = -1
    """The dealer drawn by chance (-1: not yet)."""
    drawing: bool = True
    """True while chance draws a deal (the dealer, then the shuffle)."""
    order: list[int] = attrs.Factory(list)
    """The cards drawn by chance so far for the deal being drawn."""
    drawn: int = 0
    """The same cards as a bit set."""
    left: list[int] = attrs.Factory(list)
    """The cards not drawn yet, in order."""
    moves: list[int] = attrs.Factory(list)
    """Every chance outcome and action index so far (from the re-sampled root for a
    re-sampled state)."""
    waiting: MatchState | None = None
    """Between the deals of a match: the match after the last deal, whose next deal the
    chance nodes draw again."""
    states: list[State] = attrs.Factory(list)
    """The states played: the first, then one per action (a match's next deal replaces
    the waiting match once drawn)."""
    pieces: list[list[str]] = attrs.Factory(list)
    """Per player, a JSON text for each of the first ``states`` (as far as computed so
    far): how the player's view changed (see :meth:`CardrulesState.recall`)."""
    last: list[dict[str, str]] = attrs.Factory(list)
    """Per player, the JSON text of each key of the last view in ``pieces``."""
    seen: list[tuple[int, int, list[float]]] = attrs.Factory(list)
    """Per player, the second half of the information-state tensor: how many of
    ``states`` it has taken in, the deal they belong to and the largest value of each
    observation position in that deal."""
    offered: tuple[State, list[int], tuple[Action, ...], list[int]] | None = None
    """The last state asked for its legal actions: the state, the sorted indices, the
    actions and their indices in the same order (so applying an index looks the action up
    instead of rebuilding it)."""
    memory: dict[int, _Memory] = attrs.Factory(dict)
    """For a re-sampled state: the re-sampling player's memory up to the root, kept by a
    pickle."""
    before: list[int] = attrs.Factory(list)
    """Per player, how many of ``pieces`` come before the first of ``states`` (more than
    0 only for the re-sampling player of a re-sampled state, whose memory goes back
    further than the position the game continues from)."""
    said: dict[int, tuple[int, str]] = attrs.Factory(dict)
    """Per player, the last information-state string made and how many pieces it
    joined (searches ask for the same string many times)."""
    pending: bool = False
    """True when restored from a pickle and ``states`` are not replayed yet."""
    root: dict[str, Any] | None = None
    """For a re-sampled state restored from a pickle: the JSON of the cardrules state it
    continues from (``moves`` then count from there)."""

    @classmethod
    def start(cls, game: CardrulesGame) -> _Progress:
        """Nothing drawn or played yet."""
        players = game.rules.players
        return cls(game=game, players=players, pieces=[[] for _ in range(players)],
                   last=[{} for _ in range(players)], before=[0] * players,
                   seen=[(0, 0, []) for _ in range(players)],
                   left=list(game.rules.pack.cards))

    @classmethod
    def restored(cls, moves: list[int], root: dict[str, Any] | None = None,
                 memory: dict[int, _Memory] | None = None, dealer: int = -1) -> _Progress:
        """What ``__reduce__`` kept; the states are replayed on first use, in the game of
        the state restored (see :meth:`CardrulesState._now`)."""
        made = cls(game=None, players=0)  # type: ignore[arg-type]
        made.moves, made.pending, made.root = moves, True, root
        made.memory, made.dealer = dict(memory or {}), dealer
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        root = self.root
        if root is None and self.memory:
            root = self.states[0].to_json()
        return _Progress.restored, (self.moves, root, self.memory,
                                    self.dealer if root is not None else -1)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Progress:
        return _Progress(game=self.game, players=self.players, player=self.player,
                         dealer=self.dealer, drawing=self.drawing, order=self.order[:],
                         drawn=self.drawn,
                         left=self.left[:], moves=self.moves[:], waiting=self.waiting,
                         states=self.states[:], pieces=[pieces[:] for pieces in self.pieces],
                         last=self.last[:], seen=self.seen[:], offered=self.offered,
                         memory=self.memory, before=self.before[:], said=dict(self.said),
                         pending=self.pending, root=self.root)

    def remember(self, player: int, memory: _Memory) -> None:
        """Take ``player``'s memory up to the first of ``states`` (a re-sampled root)."""
        pieces, last, deal, maxima = memory
        self.pieces[player], self.last[player] = pieces[:], last
        self.before[player] = len(pieces) - 1
        self.seen[player] = (0, deal, maxima)

    def replay(self, game: CardrulesGame) -> None:
        """Make the states again in ``game`` from the moves (from the re-sampled root, if
        any)."""
        moves, root, memory, dealer = self.moves, self.root, self.memory, self.dealer
        fresh = _Progress.start(game)
        for field in attrs.fields(_Progress):
            setattr(self, field.name, getattr(fresh, field.name))
        self.root, self.memory = root, memory
        if self.root is not None:
            self.dealer = dealer  # drawn before the root
            self.begin(game.rules.state_from_json(self.root))
        for player, kept in self.memory.items():
            self.remember(player, kept)
        for move in moves:
            self.step(move)

    def begin(self, state: State) -> None:
        """Play on from ``state`` (a re-sampled position)."""
        self.drawing, self.states = False, [state]
        self.player = _TERMINAL if state.is_over else state.current_player

    def step(self, action: int) -> None:
        """Apply a chance outcome or an action index."""
        game = self.game
        if not self.drawing:
            state = self.states[-1]
            offered = self.offered
            known = None
            if offered is not None and offered[0] is state and action in offered[3]:
                known = offered[2][offered[3].index(action)]
            new = state.apply(known if known is not None else
                              game.rules.action_space.action(action))
            self.moves.append(action)
            if game.match:
                self._settle(new, state)
            else:
                self.states.append(new)
                self.player = _TERMINAL if new.is_over else new.current_player
            return
        rules = game.rules
        if self.dealer < 0:
            if not 0 <= action < rules.players:
                raise IllegalActionError(f"chance outcome {action} is not a dealer: the dealer "
                                         f"is one of the seats 0 to {rules.players - 1}")
            self.dealer = action
            self.moves.append(action)
        elif game.by_seed:
            if not 0 <= action < game.seeds:
                raise IllegalActionError(f"chance outcome {action} is not a deal seed: the "
                                         f"seeds are 0 to {game.seeds - 1}")
            self.moves.append(action)
            self._dealt(seed=action, order=())
        else:
            size = rules.pack.size
            if not 0 <= action < size:
                raise IllegalActionError(f"chance outcome {action} is not a card: the cards "
                                         f"are numbered 0 to {size - 1}")
            if self.drawn >> action & 1 or not rules.pack.full >> action & 1:
                raise IllegalActionError(f"chance outcome {action} ({rules.pack.label(action)}) "
                                         f"is not possible: that card is drawn already or "
                                         f"not in the pack")
            self.order.append(action)
            self.drawn |= 1 << action
            self.left.remove(action)
            self.moves.append(action)
            if not self.left:
                self._dealt(seed=0, order=self.order)

    def _dealt(self, *, seed: int, order: list[int] | tuple[()]) -> None:
        """The deal being drawn is drawn: deal it (or the match's next deal)."""
        game = self.game
        waiting = self.waiting
        if waiting is not None:
            state: State = waiting.redeal(seed=seed, order=order)
        elif game.match:
            first = game.rules.new_match(0, dealer=self.dealer)
            assert isinstance(first, MatchState), "a match is a MatchState"
            state = first.redeal(seed=seed, order=order)
        else:
            state = game.rules.new_deal(seed, dealer=self.dealer, order=order or None)
        self.waiting, self.drawing = None, False
        self._settle(state, waiting)

    def _settle(self, state: State, before: State | None) -> None:
        """``state`` follows ``before``: play on, or draw a match's next deal."""
        if before is not None and isinstance(state, MatchState) and not state.is_over and \
                isinstance(before, MatchState) and state.deal_index != before.deal_index:
            self.waiting, self.drawing, self.player = state, True, _CHANCE
            self.order, self.drawn = [], 0
            self.left = list(self.game.rules.pack.cards)
            return
        self.states.append(state)
        self.player = _TERMINAL if state.is_over else state.current_player


class CardrulesState(pyspiel.State):
    """A deal (or match) being dealt by chance, then played."""

    def __init__(self, game: CardrulesGame) -> None:
        super().__init__(game)
        self._progress = game.fresh  # copied before the first move changes it

    def _now(self) -> _Progress:
        progress: _Progress = self._progress
        if progress.pending:
            progress.replay(self.get_game())
        return progress

    @property
    def game(self) -> CardrulesGame:
        """The OpenSpiel game (as ``get_game()``, without the call into C++)."""
        return self._now().game

    @property
    def rules(self) -> Game:
        """The cardrules game played (the OpenSpiel game's, shared by all its states)."""
        return self._now().game.rules

    @property
    def dealer(self) -> int:
        """The dealer drawn by chance (-1: not yet)."""
        return self._now().dealer

    @property
    def order(self) -> tuple[int, ...]:
        """The cards drawn by chance so far for the deal being drawn (``shuffle=cards``)."""
        return tuple(self._now().order)

    @property
    def deal(self) -> State | None:
        """The cardrules state played (a deal, or a match with ``match=true``); ``None``
        while chance draws a deal."""
        progress = self._now()
        return None if progress.drawing else progress.states[-1]

    def current_player(self) -> int:
        progress = self._progress
        return progress.player if not progress.pending else self._now().player

    def is_terminal(self) -> bool:
        progress = self._progress
        return (progress.player if not progress.pending else self._now().player) == _TERMINAL

    def is_chance_node(self) -> bool:
        progress = self._progress
        return (progress.player if not progress.pending else self._now().player) == _CHANCE

    def is_player_node(self) -> bool:
        return self.current_player() >= 0

    def legal_actions(self, player: int | None = None) -> list[int]:
        """OpenSpiel's ``legal_actions`` (of the current player when ``player`` is left
        out), answered without a round trip through C++."""
        progress = self._progress
        current = progress.player if not progress.pending else self._now().player
        if player is None or player == current:
            if current >= 0:
                return self._offered(progress)
            if current == _CHANCE:
                return [outcome for outcome, _ in self.chance_outcomes()]
            return []
        others: list[int] = super().legal_actions(player)
        return others

    def _legal_actions(self, player: int) -> list[int]:
        progress = self._now()
        if progress.drawing or player != progress.player:
            return []
        return self._offered(progress)

    @staticmethod
    def _offered(progress: _Progress) -> list[int]:
        """The sorted indices of the legal actions of the deal's latest state, worked
        out once per state and kept on ``progress``."""
        deal = progress.states[-1]
        offered = progress.offered
        if offered is None or offered[0] is not deal:
            legal = deal.legal_actions()
            indices = progress.game.rules.action_space.indices(legal)
            offered = progress.offered = (deal, sorted(indices), legal, indices)
        return offered[1][:]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The dealer (each seat alike), then the next card of the shuffle (each card not
        drawn yet alike) or the deal seed (each alike); empty when no deal is drawn."""
        progress = self._now()
        if not progress.drawing:
            return []
        game = progress.game
        if progress.dealer < 0:
            return game.dealers[:]
        if game.by_seed:
            return game.seed_outcomes[:]
        left = progress.left
        return list(map(game.card_outcomes[len(left)].__getitem__, left))

    def _apply_action(self, action: int) -> None:
        progress = self._progress
        if progress.pending:
            progress = self._now()
        elif progress is progress.game.fresh:
            progress = self._progress = copy.deepcopy(progress)
        progress.step(action)

    def _action_to_string(self, player: int, action: int) -> str:
        rules = self.rules
        if player == pyspiel.PlayerId.CHANCE:
            game = self.game
            if self.dealer < 0:
                return f"dealer {action}"
            if game.by_seed:
                return f"deal seed {action}"
            if not 0 <= action < rules.pack.size:
                raise ArgumentError(f"chance outcome {action} is not a card: the cards are "
                                    f"numbered 0 to {rules.pack.size - 1}")
            return f"draw {rules.pack.label(action)}"
        return rules.action_space.action(action).label

    def returns(self) -> list[float]:
        progress = self._now()
        if progress.drawing:
            return [0.0] * self.rules.players
        if self.game.by_score:
            return [float(s) for s in scores(progress.states[-1])] or [0.0] * self.rules.players
        return rewards(self.rules, progress.states[-1])

    def view_text(self, player: int) -> str:
        """``player``'s view of the deal as JSON (OpenSpiel's observation string)."""
        player = checked_player(player, self.rules.players)
        deal = self.deal
        if deal is None:
            return self._dealing()
        return json.dumps(deal.view(player).to_json(), sort_keys=True)

    def recall(self, player: int) -> str:
        """Everything ``player`` saw, in order (OpenSpiel's information-state string): a
        JSON list with an entry per state of the game, the ``"changed"`` keys of the
        player's view and their values (every key at first), and the ``"removed"`` keys
        when some are; while a match's next deal is drawn, a last entry saying so and
        how many cards are drawn.  The
        views of the same player are the same all along exactly when the texts are
        (perfect recall)."""
        player = checked_player(player, self.rules.players)
        progress = self._now()
        if not progress.states:
            return self._dealing()
        pieces, states = progress.pieces[player], progress.states
        last, before = progress.last[player], progress.before[player]
        while len(pieces) < before + len(states):
            entries = states[len(pieces) - before].view(player).to_json()
            texts = {key: json.dumps(value, sort_keys=True) for key, value in entries.items()}
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
        if progress.drawing:
            return f'{said[1][:-1]}, {{"dealing": {len(progress.order)}}}]'
        return said[1]

    def seen(self, player: int) -> list[float]:
        """The largest value of each position of ``player``'s observations since the
        current deal began (the second half of the information-state tensor; zeros while
        chance draws a deal)."""
        player = checked_player(player, self.rules.players)
        progress = self._now()
        encode = self.rules.observation.encode
        if progress.drawing:
            return [0.0] * self.rules.observation.size
        folded, deal, maxima = progress.seen[player]
        for state in progress.states[folded:]:
            number = state.deal_index if isinstance(state, MatchState) else 0
            values = encode(state, player)
            if maxima and number == deal:
                maxima = [max(a, float(b)) for a, b in zip(maxima, values)]
            else:
                maxima, deal = [float(v) for v in values], number
        progress.seen[player] = (len(progress.states), deal, maxima)
        return maxima

    def resample_from_infostate(self, player: int, sampler: Any) -> CardrulesState:
        """A state ``player`` cannot tell from this one (OpenSpiel's
        ``ResampleFromInfostate``, which its Python ISMCTS bot calls): the cards they
        cannot see re-dealt by :meth:`cardrules.engine.state.State.resample`, from a generator
        seeded by two calls of ``sampler`` (a callable giving floats in [0, 1), such as
        ``pyspiel.UniformProbabilitySampler``).

        The new state continues from the re-sampled position, not from a shuffle: its
        ``history()`` starts there, ``player``'s information-state string and tensor are
        this state's (everything they saw, unchanged), and the other players' remember
        from that position on.  While a deal is being drawn the result is a clone.

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
        if progress.drawing:
            clone: CardrulesState = self.clone()
            return clone
        self.recall(player)
        self.seen(player)
        seed = int(float(sampler()) * 2**32) << 32 | int(float(sampler()) * 2**32)
        sampled = progress.states[-1].resample(player, random.Random(seed))
        made = CardrulesState(self.get_game())
        new = made._progress = _Progress.start(made.game)
        new.dealer = progress.dealer
        new.begin(sampled)
        _, deal, maxima = progress.seen[player]
        memory = (progress.pieces[player][:], progress.last[player], deal, maxima)
        new.remember(player, memory)
        new.memory = {player: memory}
        return made

    def _dealing(self) -> str:
        progress = self._now()
        if progress.states:
            return f"dealing the next deal; drawn {len(progress.order)}"
        dealer = progress.dealer
        return f"dealing; dealer {dealer}" if dealer >= 0 else "dealing"

    def __str__(self) -> str:
        progress = self._now()
        if progress.drawing:
            drawn = (f"drawn {' '.join(self.rules.pack.labels(progress.order))}"
                     if progress.order else f"{len(progress.moves)} moves")
            return f"dealer {progress.dealer}; {drawn}"
        return json.dumps(progress.states[-1].to_json(), sort_keys=True)


class Observer:
    """OpenSpiel's observer interface (``tensor``, ``dict``, ``set_from``, ``string_from``):
    the observation, or with perfect recall the information state (see the module's
    docstring)."""

    def __init__(self, rules: Game, *, perfect_recall: bool) -> None:
        self.rules = rules
        self.perfect_recall = perfect_recall
        size = rules.observation.size
        self.tensor = np.zeros(2 * size if perfect_recall else size, np.float32)
        self.dict = {"observation": self.tensor[:size]}
        if perfect_recall:
            self.dict["seen"] = self.tensor[size:]

    def set_from(self, state: CardrulesState, player: int) -> None:
        """Fill ``tensor`` with ``player``'s observation of ``state`` (with perfect recall,
        then the largest values of their observations in the deal so far)."""
        player = checked_player(player, self.rules.players)
        deal = state.deal
        if deal is None:
            self.tensor.fill(0)
            return
        self.dict["observation"][:] = self.rules.observation.encode(deal, player)
        if self.perfect_recall:
            self.dict["seen"][:] = state.seen(player)

    def string_from(self, state: CardrulesState, player: int) -> str:
        """``player``'s view as JSON (:meth:`CardrulesState.view_text`), or with perfect
        recall all they saw, in order (:meth:`CardrulesState.recall`)."""
        return state.recall(player) if self.perfect_recall else state.view_text(player)


pyspiel.register_game(_GAME_TYPE, CardrulesGame)
