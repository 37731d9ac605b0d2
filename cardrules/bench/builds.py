"""Both builds in one run of the benchmark: which build runs, and the pure build's own-game
figures beside the compiled build's.

Where the running install is compiled, the pure build is measured by the same benchmark in
a fresh process with ``CARDRULES_PURE=1`` (which imports every module from the ``.py``
sources the compiled wheel ships beside its compiled modules: see
:mod:`cardrules.tools.native_build`), measuring only the cardrules games (``--games-only
--json``), after this process has measured them; its figures are read back and set beside
this process's, with the compiled/pure speed-up of each game and the pure build's ratios
against the peers this process measured.  Where the running build is pure, there is no
compiled build to measure (that needs an install built with a C compiler).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import cardrules
from cardrules.tools.native_build import PURE, compiled_modules, pure_switch

__all__ = ["PURE_BUILD", "build_line", "build_report", "measure_pure", "not_measured",
           "print_builds", "pure_build", "pure_rows"]

PURE_BUILD = "pure_build"
"""The key of the pure build's figures in the report (``--json``)."""


def build_report() -> dict[str, Any]:
    """Which build is measured: compiled (and its compiled modules) or pure Python, and the
    folder of the package measured."""
    modules = compiled_modules()
    return {"compiled": bool(modules), "modules": list(modules),
            "package": str(Path(cardrules.__file__).parent)}


def build_line(build: dict[str, Any]) -> str:
    """The build measured, in one line.

    >>> build_line({"compiled": False, "modules": []})
    'build: pure Python (no compiled modules)'
    """
    if not build["compiled"]:
        return "build: pure Python (no compiled modules)"
    return f"build: compiled with mypyc ({', '.join(build['modules'])})"


def not_measured(*, one_build: bool) -> str | None:
    """Why the pure build is not measured beside the running one, or None where it is (the
    running build compiled, and both asked for)."""
    if one_build:
        return "--one-build: only the running build measured"
    if compiled_modules():
        return None
    if pure_switch():
        return (f"{PURE}={os.environ[PURE]} is set: the figures above are the pure build's "
                "(run without it to measure both builds)")
    return ("this install is pure Python: the figures above are the pure build's (the "
            "compiled build needs an install built with a C compiler: pip install .)")


def measure_pure(*, quick: bool, seconds: float, runs: int,
                 games: Sequence[tuple[str, int]] | None = None) -> dict[str, Any]:
    """The pure build's own-game figures (every game, or ``games``), measured by this
    benchmark in a fresh process with :data:`~cardrules.tools.native_build.PURE` set
    (``--games-only --json``): its report (``build`` and ``games``), or ``{"error": ...}``
    saying why it failed."""
    timing = ["--quick"] if quick else ["--seconds", str(seconds), "--runs", str(runs)]
    only = [f"--game={variant}:{players}" for variant, players in games or ()]
    done = subprocess.run([sys.executable, "-m", "cardrules.bench", "--games-only", "--json",
                           *timing, *only], env={**os.environ, PURE: "1"},
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines() or [f"exit status {done.returncode}"]
        return {"error": f"the pure build's run failed: {lines[-1]}"}
    report: dict[str, Any] = json.loads(done.stdout)
    if report["build"]["compiled"]:
        return {"error": f"{PURE}=1 did not run the pure build"}
    if report["build"]["package"] != build_report()["package"]:
        return {"error": f"the pure build's run imported another cardrules, "
                         f"{report['build']['package']}"}
    return report


def pure_rows(games: list[dict[str, Any]], pure: list[dict[str, Any]],
              peers: dict[str, float]) -> list[dict[str, Any]]:
    """The pure build's game entries, each with its ratios against the peers' decisions per
    second (``peers``, measured in this run) and the compiled build's speed-up over it
    (``compiled_over_pure``: one step at a time and batched), from the compiled build's
    entries ``games``."""
    compiled = {g["name"]: g for g in games if "error" not in g}
    rows = []
    for row in pure:
        row = dict(row)
        fast = compiled.get(row["name"])
        if fast is not None and "error" not in row:
            row["ratios"] = {key: row["decisions_per_s"] / peers[key]
                             for key in fast.get("ratios", {}) if peers.get(key)}
            row["batched_ratios"] = {key: row["batched"]["decisions_per_s"] / peers[key]
                                     for key in fast.get("batched_ratios", {})
                                     if peers.get(key)}
            if "same_game" in fast:
                row["same_game"] = fast["same_game"]
            row["compiled_over_pure"] = {
                "one_step": _over(fast["decisions_per_s"], row["decisions_per_s"]),
                "batched": _over(fast["batched"]["decisions_per_s"],
                                 row["batched"]["decisions_per_s"])}
        rows.append(row)
    return rows


def _over(numerator: float, denominator: float) -> float:
    return numerator / denominator if denominator else 0.0


def print_builds(report: dict[str, Any]) -> None:
    """The pure build beside the compiled one, game by game (or why it was not measured)."""
    pure = report[PURE_BUILD]
    if not pure["measured"]:
        print(f"one build measured: {pure['why']}")
        return
    print(f"both builds, decisions per second (compiled: this process; pure Python: "
          f"{pure['how']}; c/p: compiled over pure):")
    print(f"{'game':26} {'compiled/s':>11} {'pure/s':>10} {'c/p':>5} {'batched c/s':>11} "
          f"{'batched p/s':>11} {'c/p':>5} {'legal µs c/p':>13} {'view µs c/p':>13}")
    slow = {g["name"]: g for g in pure["games"]}
    for g in report["games"]:
        p = slow.get(g["name"])
        if "error" in g or p is None or "error" in p:
            continue
        c, q, over = g["calls"], p["calls"], p["compiled_over_pure"]
        print(f"{g['name']:26} {g['decisions_per_s']:11.0f} {p['decisions_per_s']:10.0f} "
              f"{over['one_step']:5.2f} {g['batched']['decisions_per_s']:11.0f} "
              f"{p['batched']['decisions_per_s']:11.0f} {over['batched']:5.2f} "
              f"{c['legal_actions_us']:6.2f}/{q['legal_actions_us']:<6.2f} "
              f"{c['view_us']:6.2f}/{q['view_us']:<6.2f}")


def pure_build(report: dict[str, Any], *, one_build: bool, quick: bool, seconds: float,
                runs: int, games: Sequence[tuple[str, int]] | None) -> dict[str, Any]:
    """The pure build's part of ``report`` (:data:`PURE_BUILD`): its games (every game, or
    ``games``) measured in a fresh process and set beside the running compiled build's
    ``games`` with their ratios to the ``peers`` of ``report``, or why it was not
    measured."""
    why = not_measured(one_build=one_build)
    if why is not None:
        return {"measured": False, "why": why}
    pure = measure_pure(quick=quick, seconds=seconds, runs=runs, games=games)
    if "error" in pure:
        return {"measured": False, "why": pure["error"]}
    peers = {p["key"]: p["decisions_per_s"] for p in report["peers"]}
    return {"measured": True, "how": f"a fresh process with {PURE}=1, after this one",
            "build": pure["build"], "games": pure_rows(report["games"], pure["games"], peers)}
