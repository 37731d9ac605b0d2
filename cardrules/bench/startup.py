"""Start-up costs: fresh interpreters timed from outside, as a user meets them.

Each command runs in a new process (``sys.executable``), several times, alternating with
a bare interpreter (``python -c pass``) so that what cardrules itself adds can be told
from the interpreter's own start (which depends on the machine and its ``site``).
The clock is wall time, read around the whole process.

>>> rows = startup_costs(repeat=1)
>>> [row.name for row in rows]
['import cardrules', 'cardrules --help', 'import and load bank']
>>> all(row.seconds > 0 and row.bare_seconds > 0 for row in rows)
True

A first :func:`cardrules.load` of a shipped game is timed inside a fresh process, after
``import cardrules`` (what a program pays the first time it loads a game: the engine,
the game's family, the rule file read, checked and built), in processor time:

>>> cost = first_load_costs(("bank", "hearts"), repeat=1)
>>> [row.name for row in cost.loads]
['bank', 'hearts']
>>> 0 < cost.median_seconds <= cost.worst_seconds
True
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections.abc import Iterable

import attrs

__all__ = ["COMMANDS", "FirstLoad", "FirstLoads", "StartupCost", "first_load_costs",
           "startup_costs"]

COMMANDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("import cardrules", ("-c", "import cardrules")),
    ("cardrules --help", ("-m", "cardrules", "--help")),
    ("import and load bank", ("-c", "import cardrules; cardrules.load('bank')")),
)
"""What is timed: a label, and the interpreter's arguments."""


@attrs.frozen(kw_only=True)
class StartupCost:
    """The median wall time of one command in a fresh process, beside a bare
    interpreter's timed in the same rounds."""

    name: str
    """What was run (a label of :data:`COMMANDS`)."""
    seconds: float
    """Median seconds of the whole process."""
    bare_seconds: float
    """Median seconds of ``python -c pass`` in the same rounds."""

    @property
    def added_seconds(self) -> float:
        """What cardrules adds to the interpreter's own start."""
        return max(0.0, self.seconds - self.bare_seconds)


def _run(arguments: tuple[str, ...]) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, *arguments], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def startup_costs(*, repeat: int = 7) -> list[StartupCost]:
    """Each of :data:`COMMANDS` run ``repeat`` times in fresh processes, each run after a
    bare interpreter's."""
    rows = []
    for name, arguments in COMMANDS:
        bare, timed = [], []
        for _ in range(repeat):
            bare.append(_run(("-c", "pass")))
            timed.append(_run(arguments))
        rows.append(StartupCost(name=name, seconds=statistics.median(timed),
                                bare_seconds=statistics.median(bare)))
    return rows


_FIRST_LOAD = """\
import sys, time
import cardrules
start = time.process_time()
cardrules.load(sys.argv[1])
print(time.process_time() - start)
"""


@attrs.frozen(kw_only=True)
class FirstLoad:
    """The median processor time of a first ``cardrules.load(name)`` in a fresh process,
    after ``import cardrules``."""

    name: str
    """The shipped variant loaded."""
    seconds: float
    """Median processor seconds (user and system) of the load alone."""


@attrs.frozen(kw_only=True)
class FirstLoads:
    """First loads of shipped variants, each in its own fresh processes."""

    loads: tuple[FirstLoad, ...]
    """One row a variant, in the order asked."""

    @property
    def median_seconds(self) -> float:
        """The median over the variants of their median first load."""
        return statistics.median(row.seconds for row in self.loads)

    @property
    def worst_seconds(self) -> float:
        """The slowest variant's median first load."""
        return max(row.seconds for row in self.loads)

    @property
    def worst(self) -> str:
        """The name of the slowest variant."""
        return max(self.loads, key=lambda row: row.seconds).name


def _first_load(name: str) -> float:
    done = subprocess.run([sys.executable, "-c", _FIRST_LOAD, name], check=True,
                          capture_output=True, text=True)
    return float(done.stdout.split()[-1])


def first_load_costs(names: Iterable[str] | None = None, *, repeat: int = 3) -> FirstLoads:
    """A first ``cardrules.load`` of each of ``names`` (default: every shipped variant),
    timed inside ``repeat`` fresh processes each, after ``import cardrules``."""
    if names is None:
        from cardrules.loader.resources import data_dir

        names = sorted(path.stem for path in data_dir("variants").glob("*.yaml"))
    return FirstLoads(loads=tuple(
        FirstLoad(name=name, seconds=statistics.median(_first_load(name)
                                                       for _ in range(repeat)))
        for name in names))
