"""Balance studies: compare option settings and bots of a variant over many games, and
write a report with plots.

>>> import tempfile, pathlib
>>> plan = StudyPlan(variant="bank", players=2, games=8, seed=1, chunk=4,
...                  settings=(Setting(label="default"),
...                            Setting(label="seven=skip", options={"seven": "skip"})))
>>> found = run_study(plan)
>>> [s.games for s in found.summaries.values()]
[8, 8]
>>> with tempfile.TemporaryDirectory() as out:
...     names = [p.name for p in write_report(found, pathlib.Path(out), plots=False)]
>>> names
['report.md', 'results.json']
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from cardrules.tools.study.plan import Setting, StudyPlan
from cardrules.tools.study.report import Findings, findings, write_report
from cardrules.tools.study.run import BACKENDS, Checkpoint, play_plan

__all__ = ["BACKENDS", "Findings", "Setting", "StudyPlan", "run_study", "write_report"]


def run_study(plan: StudyPlan, *, backend: str = "local", workers: int = 1,
              address: str | None = None, checkpoint: Path | None = None,
              progress: Callable[[int], None] | None = None) -> Findings:
    """Play every setting's games (resuming from ``checkpoint`` when it holds finished
    chunks of this plan) and summarise them."""
    saved = Checkpoint(checkpoint, plan.fingerprint()) if checkpoint is not None else None
    results = play_plan(plan, backend=backend, workers=workers, address=address,
                        checkpoint=saved, progress=progress)
    return findings(plan, results)
