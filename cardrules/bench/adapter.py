"""The OpenSpiel adapter's rows of the benchmark: random games of ``python_cardrules``
against the same games played natively, run for run.

Each adapter run plays whole games through ``pyspiel.load_game("python_cardrules(...)")``
with the peers' driver (:func:`cardrules.bench.peers._open_spiel_runner`: chance outcomes
sampled by their probabilities, ``rng.choice(state.legal_actions())`` for the players,
the clock read only between games); the native runs are :func:`cardrules.bench.own.playouts`
of the same game.  Native and adapter runs alternate (native first in even runs, last in
odd ones), and the ratio adapter/native is the median of the ratios of runs made side by
side, so that a machine whose load changes during the benchmark moves both halves of a
ratio alike.
"""

from __future__ import annotations

import statistics
from typing import Any

import cardrules
from cardrules.bench.own import PlayoutResult, playouts
from cardrules.bench.peers import PeerResult, _import, _open_spiel_runner

__all__ = ["ADAPTER", "adapter_rows"]

ADAPTER: tuple[tuple[str, int, tuple[str, ...]], ...] = (
    ("bank", 2, ("cards", "seeds")), ("bura", 2, ("cards", "seeds")),
    ("bank", 4, ("cards",)), ("bura", 4, ("cards",)))
"""Variant, players and the adapter's ``shuffle`` parameters measured."""


def adapter_rows(*, runs: int, seconds: float) -> list[dict[str, Any]]:
    """A row per game and ``shuffle`` of :data:`ADAPTER`: the adapter's decisions per
    second, the native ones of the runs beside them and the ratio (empty without
    pyspiel)."""
    pyspiel = _import("pyspiel")
    if pyspiel is None:
        return []
    _import("cardrules.adapters.openspiel")  # registers python_cardrules

    rows = []
    for variant, players, shuffles in ADAPTER:
        game = cardrules.load(variant, players=players)
        runners = {shuffle: _open_spiel_runner(
            pyspiel, "python_cardrules",
            {"variant": variant, "players": players, "shuffle": shuffle},
            f"adapter {variant} {players}p shuffle={shuffle}") for shuffle in shuffles}
        native: list[PlayoutResult] = []
        adapted: dict[str, list[PeerResult]] = {shuffle: [] for shuffle in shuffles}
        for run in range(runs):
            seed = 2000 + run
            if run % 2 == 0:
                native.append(playouts(game, min_seconds=seconds, seed=seed, name=variant))
            for shuffle in shuffles:
                adapted[shuffle].append(runners[shuffle](seconds, seed))
            if run % 2 == 1:
                native.append(playouts(game, min_seconds=seconds, seed=seed, name=variant))
        native_rates = [r.decisions_per_s for r in native]
        for shuffle in shuffles:
            rates = [r.decisions_per_s for r in adapted[shuffle]]
            ratios = [a / n for a, n in zip(rates, native_rates)]
            rows.append({"name": f"adapter {variant} {players}p", "shuffle": shuffle,
                         "decisions_per_s": statistics.median(rates),
                         "spread": [min(rates), max(rates)],
                         "native_decisions_per_s": statistics.median(native_rates),
                         "ratio": statistics.median(ratios),
                         "ratio_spread": [min(ratios), max(ratios)]})
    return rows
