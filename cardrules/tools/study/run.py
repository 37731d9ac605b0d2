"""Playing a study's games: on this machine's processes or a Ray cluster, with a
checkpoint so an interrupted study resumes where it stopped.

Each unit of work is one chunk of games of one setting; game ``i`` is played from
``derive_seed(seed, "game", i)`` (:func:`cardrules.tools.simulate.play_one`), so the figures
depend only on the plan, never on the backend, the number of workers or interruptions.
"""

from __future__ import annotations

import concurrent.futures
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs

from cardrules.errors import CardrulesError
from cardrules.loader.load import load
from cardrules.tools.limits import check_workers, workers_for
from cardrules.tools.simulate import GameStats, play_one
from cardrules.tools.study.plan import Setting, StudyPlan

__all__ = ["BACKENDS", "Checkpoint", "play_plan"]

BACKENDS = ("local", "ray")
"""Where games are played: ``local`` (this machine's processes) or ``ray``."""

Work = tuple[Setting, range]
Done = dict[tuple[str, int, int], list[GameStats]]


def play_chunk(plan: StudyPlan, setting: Setting, games: range) -> list[GameStats]:
    """The figures of games ``games`` of ``setting``."""
    game = load(plan.variant, players=plan.players, options=plan.options_of(setting) or None)
    bots = plan.bots_of(setting)
    return [play_one(game, bots, plan.seed, i, plan.match) for i in games]


def _stats_to_json(stats: GameStats) -> dict[str, Any]:
    return {key: [list(v) if isinstance(v, tuple) else v for v in value]
            for key, value in attrs.asdict(stats, recurse=False).items()}


def _stats_from_json(data: dict[str, Any]) -> GameStats:
    return GameStats(actions=tuple(data["actions"]), scores=tuple(data["scores"]),
                     winners=tuple(data["winners"]), team=tuple(data["team"]),
                     starters=tuple((s, bool(w)) for s, w in data["starters"]),
                     payouts=tuple(data["payouts"]))


@attrs.define
class Checkpoint:
    """Finished chunks, one JSON line each, in ``path``; lines of another plan (another
    fingerprint) are ignored, and a last line cut short by an interruption is dropped."""

    path: Path
    fingerprint: str

    def load(self) -> Done:
        """The chunks already played under this plan."""
        done: Done = {}
        if not self.path.exists():
            return done
        text = self.path.read_text(encoding="utf-8")
        if text and not text.endswith("\n"):  # cut short: drop the partial last line
            text = text[:text.rfind("\n") + 1]
            self.path.write_text(text, encoding="utf-8")
        for line in text.splitlines():
            try:
                data = json.loads(line)
                if data["plan"] != self.fingerprint:
                    continue
                key = (data["setting"], data["start"], data["stop"])
                done[key] = [_stats_from_json(s) for s in data["games"]]
            except (ValueError, KeyError, TypeError):
                continue  # a line cut short when the study was interrupted
        return done

    def add(self, setting: Setting, games: range, stats: list[GameStats]) -> None:
        """Record one finished chunk (flushed at once)."""
        line = json.dumps({"plan": self.fingerprint, "setting": setting.label,
                           "start": games.start, "stop": games.stop,
                           "games": [_stats_to_json(s) for s in stats]})
        with self.path.open("a", encoding="utf-8") as out:
            out.write(line + "\n")


def play_plan(plan: StudyPlan, *, backend: str = "local", workers: int = 1,
              address: str | None = None, checkpoint: Checkpoint | None = None,
              progress: Callable[[int], None] | None = None) -> dict[str, list[GameStats]]:
    """Every setting's games, in game order, keyed by label.

    ``progress`` is called with the number of games done so far (resumed ones included).
    """
    if backend not in BACKENDS:
        raise CardrulesError(f"unknown backend {backend!r}; use one of {', '.join(BACKENDS)}")
    check_workers(workers)
    load(plan.variant, players=plan.players, options=plan.options or None)  # fail early
    for setting in plan.settings:
        load(plan.variant, players=plan.players, options=plan.options_of(setting) or None)
    done = checkpoint.load() if checkpoint is not None else {}
    todo = [(s, r) for s in plan.settings for r in plan.chunks()
            if (s.label, r.start, r.stop) not in done]
    count = sum(len(v) for v in done.values())
    if progress is not None:
        progress(count)
    runner = _ray_results if backend == "ray" else _local_results
    for (setting, games), stats in runner(plan, todo, workers, address):
        done[(setting.label, games.start, games.stop)] = stats
        if checkpoint is not None:
            checkpoint.add(setting, games, stats)
        count += len(stats)
        if progress is not None:
            progress(count)
    return {s.label: [g for r in plan.chunks() for g in done[(s.label, r.start, r.stop)]]
            for s in plan.settings}


def _local_results(plan: StudyPlan, todo: list[Work], workers: int,
                   address: str | None) -> Iterator[tuple[Work, list[GameStats]]]:
    if address is not None:
        raise CardrulesError("--address names a Ray cluster: use it with --backend ray")
    if workers <= 1:
        for setting, games in todo:
            yield (setting, games), play_chunk(plan, setting, games)
        return
    with concurrent.futures.ProcessPoolExecutor(
            max_workers=workers_for(workers, tasks=len(todo))) as pool:
        futures = {pool.submit(play_chunk, plan, s, r): (s, r) for s, r in todo}
        for future in concurrent.futures.as_completed(futures):
            yield futures[future], future.result()


def _ray_results(plan: StudyPlan, todo: list[Work], workers: int,
                 address: str | None) -> Iterator[tuple[Work, list[GameStats]]]:
    try:
        import ray
    except ImportError:
        raise CardrulesError("the ray backend needs Ray: pip install 'cardrules[ray]'") from None
    started = not ray.is_initialized()
    if started:
        cpus = None if address else workers_for(workers, tasks=len(todo))
        try:
            ray.init(address=address, num_cpus=cpus, include_dashboard=False,
                     log_to_driver=False)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            first = str(exc).strip().splitlines()[0][:160] if str(exc).strip() else ""
            raise CardrulesError(f"cannot start or join Ray at {address or 'this machine'}: "
                                 f"{first or type(exc).__name__}") from None
    try:
        remote = ray.remote(play_chunk)
        pending = {remote.remote(plan, s, r): (s, r) for s, r in todo}
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                yield pending.pop(ref), ray.get(ref)
    finally:
        if started:
            ray.shutdown()
