"""The largest sizes of work the tools accept, and the argparse types that check them.

Every command-line argument that sizes work (games, workers, minutes, search budgets)
is bounded here, so a mistyped or hostile number is a usage error naming the limit
before any work starts, never hours of play or hundreds of processes.

>>> workers_for(30, tasks=2)
2
>>> games("0")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: a whole number from 1 to 1000000, not '0'
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

from cardrules.engine.seeding import MAX_SEED
from cardrules.errors import CardrulesError

__all__ = [
    "MAX_GAMES",
    "MAX_GAME_ACTIONS",
    "MAX_ITERATIONS",
    "MAX_MINUTES",
    "MAX_PLAYERS",
    "MAX_RUNS",
    "MAX_SEARCH_SECONDS",
    "MAX_SECONDS",
    "MAX_SEED",
    "MAX_SETTINGS",
    "MAX_SOAK_ACTIONS",
    "MAX_WORKERS",
    "check_workers",
    "games",
    "minutes",
    "number",
    "pause",
    "players",
    "runs",
    "seconds",
    "seed",
    "share",
    "soak_actions",
    "whole",
    "workers",
    "workers_for",
]

MAX_PLAYERS = 8
"""Most players of any game (the rule-file schema's bound on ``players.max``)."""
MAX_GAMES = 1_000_000
"""Most games (or deals, matches) one run plays per setting."""
MAX_GAME_ACTIONS = 1_000_000
"""Largest ``--bound`` on the actions of one checked game."""
MAX_SOAK_ACTIONS = 1_000_000_000
"""Most actions one soak checks (``--actions``; ``--minutes`` bounds it too)."""
MAX_SETTINGS = 64
"""Most settings one study or comparison plays (values of ``--compare``, ``--compare-bots``)."""
MAX_WORKERS = 64
"""Most worker processes a run opens (and never more than it has chunks of work)."""
MAX_MINUTES = 24 * 60.0
"""Longest soak: one day."""
MAX_SECONDS = 600.0
"""Longest single timed run (a benchmark run, a pause between moves)."""
MAX_RUNS = 100
"""Most repeated runs of one measurement."""
MAX_ITERATIONS = 1_000_000
"""Most iterations of a search per move (``ismcts:N``)."""
MAX_SEARCH_SECONDS = 60.0
"""Longest search per move (``ismcts:Ns``)."""


def whole(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = low - 1
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"a whole number from {low} to {high}, "
                                             f"not {text[:40]!r}")
        return value
    return parse


def number(low: float, high: float, *, low_allowed: bool = False) -> Callable[[str], float]:
    """An argparse type: a finite number above ``low`` (or from it, ``low_allowed``) and at
    most ``high``."""
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        above = value >= low if low_allowed else value > low
        if not (math.isfinite(value) and above and value <= high):
            side = "from" if low_allowed else "above"
            raise argparse.ArgumentTypeError(f"a number {side} {low:g} and at most {high:g}, "
                                             f"not {text[:40]!r}")
        return value
    return parse


players = whole(1, MAX_PLAYERS)
"""``--players`` (a variant's own range is checked when it is loaded)."""
games = whole(1, MAX_GAMES)
"""``--games``."""
workers = whole(1, MAX_WORKERS)
"""``--workers``."""
runs = whole(1, MAX_RUNS)
"""``--runs``."""
minutes = number(0.0, MAX_MINUTES)
"""``--minutes``."""
seconds = number(0.0, MAX_SECONDS)
"""``--seconds``."""
pause = number(0.0, MAX_SECONDS, low_allowed=True)
"""``--pause`` (0 allowed)."""
seed = whole(0, MAX_SEED)
"""``--seed`` of the soak and the benchmarks: seeds are 64-bit (0 to 2**64-1)."""
share = number(0.0, 1.0)
"""``--leaks``: a share above 0 and at most 1."""
soak_actions = whole(1, MAX_SOAK_ACTIONS)
"""``--actions`` of the soak."""


def check_workers(count: int) -> int:
    """``count`` worker processes, checked: a :class:`~cardrules.errors.CardrulesError`
    outside 1 to :data:`MAX_WORKERS`."""
    if type(count) is not int or not 1 <= count <= MAX_WORKERS:
        raise CardrulesError(f"workers: a whole number from 1 to {MAX_WORKERS}, not "
                             f"{count!r:.40}")
    return count


def workers_for(count: int, *, tasks: int) -> int:
    """How many worker processes to open for ``tasks`` pieces of work when ``count`` were
    asked for (checked by :func:`check_workers`): never more than the pieces."""
    return max(1, min(check_workers(count), tasks))
