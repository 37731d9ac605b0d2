"""cardrules' half of the benchmark: random playouts and per-call costs.

The playout loop is the same shape as the peers' (:mod:`cardrules.bench.peers`):
``rng.choice(state.legal_actions())`` then ``state.apply(action)``, the clock read
only between games.  The batched rate is of the same random games played by
:meth:`~cardrules.engine.game.Game.play_out` in batches, the clock read between batches:
the same deals, and every move drawn from one generator as the loop draws them, so the
two rows play the very same moves.

>>> import cardrules
>>> game = cardrules.load("crazy_eights", players=2)
>>> one = playouts(game, min_seconds=1e-9, seed=3, name="one")
>>> batched = batched_playouts(game, min_seconds=1e-9, seed=3, name="batched", batch=1)
>>> one.games == batched.games == 1, one.decisions == batched.decisions
(True, True)
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

import cardrules
from cardrules.engine.game import Game, derive_seed
from cardrules.engine.state import State
from cardrules.errors import CardrulesError

__all__ = ["CallCosts", "PlayoutResult", "batched_playouts", "call_costs", "call_costs_apart",
           "load_cost", "lowest", "own_entry", "playouts"]


@attrs.frozen(kw_only=True)
class PlayoutResult:
    """Totals of one timed run of random playouts."""

    name: str
    """What was played, e.g. ``"cardrules bank 4p"``."""
    games: int
    """Whole deals played."""
    decisions: int
    """Actions applied (every action of these games is a player decision)."""
    seconds: float
    """Wall-clock time of the run."""

    @property
    def games_per_s(self) -> float:
        """Deals per second."""
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def decisions_per_s(self) -> float:
        """Decisions per second."""
        return self.decisions / self.seconds if self.seconds else 0.0


def playouts(game: Game, *, min_seconds: float, seed: int, name: str) -> PlayoutResult:
    """Play whole random deals until ``min_seconds`` have passed."""
    rng = random.Random(seed)
    games = decisions = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < min_seconds:
        state = game.new_deal(derive_seed(seed, "game", games))
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
            decisions += 1
        games += 1
        elapsed = time.perf_counter() - start
    return PlayoutResult(name=name, games=games, decisions=decisions, seconds=elapsed)


def batched_playouts(game: Game, *, min_seconds: float, seed: int, name: str,
                     batch: int = 20) -> PlayoutResult:
    """Play whole random deals in batches of ``batch`` (:meth:`Game.play_out`: the games
    and moves :func:`playouts` plays from the same seed) until ``min_seconds`` have
    passed."""
    rng = random.Random(seed)
    games = decisions = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < min_seconds:
        played = game.play_out(batch, seed=seed, first=games, rng=rng)
        decisions += sum(p.decisions for p in played)
        games += len(played)
        elapsed = time.perf_counter() - start
    return PlayoutResult(name=name, games=games, decisions=decisions, seconds=elapsed)


@attrs.frozen(kw_only=True)
class CallCosts:
    """Cost of single calls on mid-game states, in microseconds: the lowest of a few
    rounds' medians (:func:`call_costs`)."""

    legal_actions_us: float
    """``state.legal_actions()`` on a state that has not computed them yet."""
    apply_us: float
    """``state.apply(action)`` with a legal action."""
    view_us: float
    """``state.view(player)`` for the player to move."""
    json_round_trip_us: float
    """``game.state_from_json(state.to_json())``."""
    bytes_per_state: float
    """Memory a new state adds (tracemalloc), sharing what it can with its parent."""


def _sample_pairs(game: Game, seed: int, count: int) -> list[tuple[State, Any]]:
    rng = random.Random(seed)
    pairs: list[tuple[State, Any]] = []
    deal = 0
    while len(pairs) < count:
        state = game.new_deal(derive_seed(seed, "sample", deal))
        deal += 1
        while not state.is_over:
            action = rng.choice(state.legal_actions())
            pairs.append((state, action))
            state = state.apply(action)
    return pairs[:count]


def call_costs(game: Game, *, seed: int, samples: int = 2000, rounds: int = 3) -> CallCosts:
    """Per-call costs over ``samples`` states of random games: each the lowest of
    ``rounds`` medians, each round timing every call again on new states (a child made
    again by ``apply``, so that no cache of the last round answers).  A slow spell of a
    shared machine raises the median of the rounds it falls in; the lowest is the
    cost of the calls themselves.

    >>> import cardrules
    >>> costs = call_costs(cardrules.load("bank"), seed=1, samples=20, rounds=2)
    >>> 0 < costs.apply_us and 0 < costs.view_us and 0 < costs.bytes_per_state
    True
    """
    if rounds < 1:
        raise ValueError(f"rounds: at least 1, not {rounds}")
    pairs = _sample_pairs(game, seed, samples)
    measured = [_timed_round(game, pairs) for _ in range(rounds)]
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = [parent.apply(action) for parent, action in pairs]
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return attrs.evolve(lowest(measured), bytes_per_state=(after - before) / len(kept))


def lowest(costs: Sequence[CallCosts]) -> CallCosts:
    """Each cost the lowest of ``costs`` (measured apart, at different times), column by
    column; the memory a state adds from the first.

    >>> a = CallCosts(legal_actions_us=1, apply_us=5, view_us=3, json_round_trip_us=9,
    ...               bytes_per_state=100)
    >>> b = attrs.evolve(a, legal_actions_us=2, apply_us=4, bytes_per_state=120)
    >>> low = lowest([a, b])
    >>> (low.legal_actions_us, low.apply_us, low.view_us, low.bytes_per_state)
    (1, 4, 3, 100)
    """
    return CallCosts(legal_actions_us=min(c.legal_actions_us for c in costs),
                     apply_us=min(c.apply_us for c in costs),
                     view_us=min(c.view_us for c in costs),
                     json_round_trip_us=min(c.json_round_trip_us for c in costs),
                     bytes_per_state=costs[0].bytes_per_state)


_CALL_COSTS = """\
import json, sys
import attrs, cardrules
from cardrules.bench.own import call_costs
costs = call_costs(cardrules.load(sys.argv[1]), seed=int(sys.argv[2]), samples=int(sys.argv[3]))
print(json.dumps(attrs.asdict(costs)))
"""


def call_costs_apart(name: str, *, seed: int, samples: int = 2000) -> CallCosts:
    """:func:`call_costs` of the shipped variant ``name`` in a fresh process of this
    interpreter (this build), as a program playing that one game meets them: a long
    process that has played other games first reads some games' calls a tenth to a
    third dearer (the heap and caches its other games churned).

    >>> call_costs_apart("bank", seed=1, samples=20).apply_us > 0
    True
    """
    done = subprocess.run([sys.executable, "-c", _CALL_COSTS, name, str(seed), str(samples)],
                          check=True, capture_output=True, text=True)
    return CallCosts(**json.loads(done.stdout.splitlines()[-1]))


def _timed_round(game: Game, pairs: list[tuple[State, Any]]) -> CallCosts:
    """The median microseconds of ``apply``, then ``legal_actions`` and ``view`` of the
    new children, and a JSON round trip of some of them: one round of
    :func:`call_costs` (its memory left at 0)."""
    clock = time.perf_counter_ns
    apply_ns, legal_ns, view_ns, json_ns = [], [], [], []
    children = []
    for parent, action in pairs:
        t0 = clock()
        child = parent.apply(action)
        apply_ns.append(clock() - t0)
        children.append(child)
    for child in children:
        t0 = clock()
        child.legal_actions()
        legal_ns.append(clock() - t0)
        player = max(child.current_player, 0)
        t0 = clock()
        child.view(player)
        view_ns.append(clock() - t0)
    for child in children[:: max(1, len(children) // 300)]:
        t0 = clock()
        game.state_from_json(child.to_json())
        json_ns.append(clock() - t0)
    def median_us(ns: list[int]) -> float:
        return statistics.median(ns) / 1000

    return CallCosts(legal_actions_us=median_us(legal_ns), apply_us=median_us(apply_ns),
                     view_us=median_us(view_ns), json_round_trip_us=median_us(json_ns),
                     bytes_per_state=0.0)


def load_cost(source: str, *, repeat: int = 20) -> float:
    """Median milliseconds to load a variant (file read, overlays, schema, records, tables)."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        cardrules.load(source)
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def as_json(value: Any) -> Any:
    """A result record as JSON-ready data."""
    data = attrs.asdict(value)
    for key in ("games_per_s", "decisions_per_s"):
        if hasattr(value, key):
            data[key] = getattr(value, key)
    return json.loads(json.dumps(data))


def own_entry(variant: str, players: int, *, options: Mapping[str, object] | None,
              seconds: float, runs: int, quick: bool) -> dict[str, Any]:
    """One cardrules game's figures in the running build, as JSON-ready data (its ratios to
    the peers left empty): the median of ``runs`` one-step runs of ``seconds`` and their
    spread, the batched rate, the per-call costs and the load time; or its name and why it
    could not be loaded."""
    try:
        game = cardrules.load(variant, players=players, options=options)
    except CardrulesError as exc:
        return {"name": f"{variant} {players}p", "error": str(exc)}
    name = f"cardrules {variant} {players}p"
    if not quick:  # a warm-up run, not counted: a long study or search runs on warm caches
        # (the climbing tables' lists of combinations fill in the first seconds), and the
        # peers get one too (peers.measure), so the figures compare steady rates
        playouts(game, min_seconds=seconds, seed=999, name=name)
    results = [playouts(game, min_seconds=seconds, seed=1000 + i, name=name)
               for i in range(runs)]
    rates = [r.decisions_per_s for r in results]
    middle = sorted(results, key=lambda r: r.decisions_per_s)[len(results) // 2]
    batches = [batched_playouts(game, min_seconds=0.05 if quick else seconds,
                                seed=1000 + i, name=name, batch=5 if quick else 20)
               for i in range(runs)]
    batch_rates = sorted(r.decisions_per_s for r in batches)
    batched = batch_rates[len(batch_rates) // 2]
    costs = call_costs(game, seed=7, samples=300 if quick else 3000)
    return {**as_json(middle), "spread": [min(rates), max(rates)], "calls": as_json(costs),
            "load_ms": load_cost(variant, repeat=3 if quick else 20),
            "ratios": {}, "batched_ratios": {},
            "batched": {"decisions_per_s": batched, "spread": [batch_rates[0], batch_rates[-1]],
                        "over_one_step": batched / middle.decisions_per_s
                        if middle.decisions_per_s else 0.0}}
