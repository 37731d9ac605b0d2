"""Peer engines for the playout benchmark: OpenSpiel and RLCard.

Every runner plays whole games from the start, with one driver shape shared by
all engines (cardrules' own half should use the same one, so the ratio compares
engines and not drivers)::

    rng = random.Random(seed)
    while elapsed < min_seconds:            # clock read between games only
        state = <new game>
        while not <terminal>:
            if <chance node>:
                apply(<outcome sampled with rng by the game's probabilities>)
            else:
                apply(rng.choice(<legal actions>)); decisions += 1
        games += 1

RLCard's UNO has no explicit chance nodes: it shuffles and picks wild colours
with its own ``numpy.random.RandomState``, which the runner seeds from ``seed``.

The peer packages are optional (the ``bench`` extra); they are imported lazily,
and :func:`available_peers` lists only those that import.

>>> r = PeerResult(name="x", version="1", games=10, decisions=500, seconds=2.0)
>>> r.games_per_s, r.decisions_per_s
(5.0, 250.0)
"""

from __future__ import annotations

import importlib
import importlib.metadata
import random
import time
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

import attrs

__all__ = ["LIMIT_HOLDEM", "PeerResult", "Runner", "available_peers", "measure"]


@attrs.frozen(kw_only=True)
class PeerResult:
    """Totals of one timed run of a peer engine."""

    name: str
    """What was played, e.g. ``"open_spiel crazy_eights 2p"``."""
    version: str
    """Version of the peer's package, from its distribution metadata."""
    games: int
    """Whole games played."""
    decisions: int
    """Player decisions, i.e. non-chance actions applied."""
    seconds: float
    """Wall-clock time of the whole run."""

    @property
    def games_per_s(self) -> float:
        """Games played per second."""
        return self.games / self.seconds if self.seconds > 0 else 0.0

    @property
    def decisions_per_s(self) -> float:
        """Player decisions applied per second."""
        return self.decisions / self.seconds if self.seconds > 0 else 0.0


Runner = Callable[[float, int], PeerResult]
"""``runner(min_seconds, seed)``: play whole games until ``min_seconds`` elapsed."""


def _import(name: str) -> ModuleType | None:
    """The module ``name``, or ``None`` when it does not import."""
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def _sample(rng: random.Random, outcomes: Sequence[tuple[int, float]]) -> int:
    """An action drawn from ``(action, probability)`` pairs with ``rng``."""
    x = rng.random()
    for action, p in outcomes:
        x -= p
        if x < 0.0:
            return action
    return outcomes[-1][0]  # rounding left a sliver past the last probability


def _timed(one_game: Callable[[], int], *, name: str, version: str,
           min_seconds: float) -> PeerResult:
    """Play whole games (``one_game`` returns its decisions) until ``min_seconds`` have
    passed, reading the clock only between games."""
    games = decisions = 0
    start = time.perf_counter()
    while True:
        decisions += one_game()
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            return PeerResult(name=name, version=version, games=games, decisions=decisions,
                              seconds=elapsed)


def _open_spiel_runner(pyspiel: Any, game_name: str, params: dict[str, Any], label: str) -> Runner:
    """A runner playing the OpenSpiel game ``game_name`` with ``params``."""
    version = importlib.metadata.version("open_spiel")

    def run(min_seconds: float, seed: int) -> PeerResult:
        game = pyspiel.load_game(game_name, params)
        if game.get_type().dynamics != pyspiel.GameType.Dynamics.SEQUENTIAL:
            raise ValueError(f"{game_name} is not a sequential game")
        rng = random.Random(seed)

        def one_game() -> int:
            decisions = 0
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(_sample(rng, state.chance_outcomes()))
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    decisions += 1
            return decisions

        return _timed(one_game, name=label, version=version, min_seconds=min_seconds)

    return run


def _rlcard_uno_runner(uno_game: Any, numpy: Any, players: int) -> Runner:
    """A runner playing RLCard's raw UNO game (not the RL env) with ``players`` seats."""
    version = importlib.metadata.version("rlcard")
    label = f"rlcard uno {players}p"

    def run(min_seconds: float, seed: int) -> PeerResult:
        game = uno_game.UnoGame(num_players=players)
        # The game draws its own shuffles and wild colours from this stream;
        # init_game() hands it to the dealer, players and round of each game.
        game.np_random = numpy.random.RandomState(seed)
        rng = random.Random(seed)

        def one_game() -> int:
            decisions = 0
            game.init_game()
            while not game.is_over():
                game.step(rng.choice(game.get_legal_actions()))
                decisions += 1
            return decisions

        return _timed(one_game, name=label, version=version, min_seconds=min_seconds)

    return run


LIMIT_HOLDEM: dict[str, object] = {
    "betting": "limit", "numPlayers": 2, "numRounds": 4, "blind": "10 5",
    "raiseSize": "10 10 20 20", "firstPlayer": "2 1 1 1", "maxRaises": "3 4 4 4",
    "numSuits": 4, "numRanks": 13, "numHoleCards": 2, "numBoardCards": "0 3 1 1"}
"""OpenSpiel's ``universal_poker`` parameters of heads-up limit Hold'em (the ACPC game
definition ``variants/limit-holdem.yaml`` plays)."""


def available_peers() -> dict[str, Runner]:
    """Runners of the peer engines whose packages import, keyed by game and seat count.

    Keys: ``crazy_eights_2p``, ``crazy_eights_4p``, ``hearts_4p``, ``gin_rummy_2p``,
    ``cribbage_2p``, ``spades_4p``, ``euchre_4p``, ``skat_3p``, ``dou_dizhu_3p``,
    ``leduc_poker_2p``,
    ``limit_holdem_2p`` (``universal_poker`` with :data:`LIMIT_HOLDEM`), ``blackjack_1p``
    (OpenSpiel, default parameters otherwise; its hearts, spades and euchre are
    four-handed only, its skat and dou_dizhu three-handed) and
    ``uno_4p``, ``uno_2p`` (RLCard).
    """
    peers: dict[str, Runner] = {}
    pyspiel = _import("pyspiel")
    if pyspiel is not None:
        for players in (2, 4):
            peers[f"crazy_eights_{players}p"] = _open_spiel_runner(
                pyspiel,
                "crazy_eights",
                {"players": players},
                f"open_spiel crazy_eights {players}p",
            )
        peers["hearts_4p"] = _open_spiel_runner(pyspiel, "hearts", {}, "open_spiel hearts 4p")
        peers["gin_rummy_2p"] = _open_spiel_runner(pyspiel, "gin_rummy", {},
                                                   "open_spiel gin_rummy 2p")
        peers["cribbage_2p"] = _open_spiel_runner(pyspiel, "cribbage", {"players": 2},
                                                  "open_spiel cribbage 2p")
        peers["spades_4p"] = _open_spiel_runner(pyspiel, "spades", {}, "open_spiel spades 4p")
        peers["euchre_4p"] = _open_spiel_runner(pyspiel, "euchre", {}, "open_spiel euchre 4p")
        peers["skat_3p"] = _open_spiel_runner(pyspiel, "skat", {}, "open_spiel skat 3p")
        peers["dou_dizhu_3p"] = _open_spiel_runner(pyspiel, "dou_dizhu", {},
                                                   "open_spiel dou_dizhu 3p")
        peers["leduc_poker_2p"] = _open_spiel_runner(pyspiel, "leduc_poker", {"players": 2},
                                                     "open_spiel leduc_poker 2p")
        peers["limit_holdem_2p"] = _open_spiel_runner(pyspiel, "universal_poker", LIMIT_HOLDEM,
                                                      "open_spiel universal_poker limit 2p")
        peers["blackjack_1p"] = _open_spiel_runner(pyspiel, "blackjack", {},
                                                   "open_spiel blackjack 1p")
    uno_game = _import("rlcard.games.uno.game")
    numpy = _import("numpy")
    if uno_game is not None and numpy is not None:
        for players in (4, 2):
            peers[f"uno_{players}p"] = _rlcard_uno_runner(uno_game, numpy, players)
    return peers


def measure(runner: Runner, *, runs: int, min_seconds: float, seed: int,
            warm_up: bool = False) -> list[PeerResult]:
    """Call ``runner`` ``runs`` times for ``min_seconds`` each, run ``i`` seeded ``seed + i``;
    with ``warm_up``, after one run that is not counted (seeded ``seed - 1``), as each of
    cardrules' games gets (:func:`cardrules.bench.own.own_entry`)."""
    if warm_up:
        runner(min_seconds, seed - 1)
    return [runner(min_seconds, seed + i) for i in range(runs)]
