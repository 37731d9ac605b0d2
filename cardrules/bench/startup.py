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
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time

import attrs

__all__ = ["COMMANDS", "StartupCost", "startup_costs"]

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
