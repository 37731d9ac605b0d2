"""Playing a study's games: on this machine's processes or a Ray cluster, with a
checkpoint so an interrupted study resumes where it stopped.

Each unit of work is one chunk of games of one setting; game ``i`` is played from
``derive_seed(seed, "game", i)`` (:func:`cardrules.tools.simulate.play_games`: one batch of
play-outs a chunk where the bots allow), so the figures
depend only on the plan, never on the backend, the number of workers or interruptions.
"""

from __future__ import annotations

import concurrent.futures
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import jsonschema

from cardrules.engine.record import schema_problem
from cardrules.errors import CardrulesError
from cardrules.loader.load import load
from cardrules.tools.limits import check_workers, workers_for
from cardrules.tools.simulate import GameStats, play_games
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
    return play_games(game, bots, plan.seed, games, plan.match)


def _stats_to_json(stats: GameStats) -> dict[str, Any]:
    return {key: [list(v) if isinstance(v, tuple) else v for v in value]
            for key, value in attrs.asdict(stats, recurse=False).items()}


_SEATS = {"type": "array", "items": {"type": "integer", "minimum": 0}}
_WHOLE = {"type": "array", "items": {"type": "integer"}}

CHUNK_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "one line of a study's games.jsonl: a finished chunk of games",
    "type": "object",
    "required": ["plan", "setting", "start", "stop", "games"],
    "additionalProperties": False,
    "properties": {
        "plan": {"type": "string"},
        "setting": {"type": "string"},
        "start": {"type": "integer", "minimum": 0},
        "stop": {"type": "integer", "minimum": 1},
        "games": {"type": "array", "items": {
            "type": "object",
            "required": ["actions", "scores", "winners", "team", "starters", "payouts"],
            "additionalProperties": False,
            "properties": {
                "actions": {"type": "array", "minItems": 1,
                            "items": {"type": "integer", "minimum": 0}},
                "scores": _WHOLE, "winners": _SEATS, "team": _SEATS, "payouts": _WHOLE,
                "starters": {"type": "array", "items": {
                    "type": "array", "minItems": 2, "maxItems": 2,
                    "prefixItems": [{"type": "integer", "minimum": 0}, {"type": "boolean"}]}},
                "loser": _SEATS,
                "starter_lost": {"type": "array", "items": {"type": "boolean"}},
            }}},
    },
}
"""What :meth:`Checkpoint.add` writes, one JSON object a line; :meth:`Checkpoint.load`
checks every line against it (and against the plan) before use."""

_CHUNK = jsonschema.Draft202012Validator(CHUNK_SCHEMA)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _chunk_problem(data: Any, plan: StudyPlan | None) -> str | None:
    """What is wrong with one parsed line of the checkpoint of ``plan``, or None."""
    problem = schema_problem(_CHUNK, data)
    if problem is not None:
        return problem
    if data["stop"] - data["start"] != len(data["games"]):
        return (f"games {data['start']} to {data['stop']} should hold "
                f"{data['stop'] - data['start']} games, not {len(data['games'])}")
    if plan is None:
        return None
    for number, game in enumerate(data["games"]):
        for key in ("scores", "payouts"):
            if len(game[key]) not in ((plan.players,) if key == "scores" else (0, plan.players)):
                return f"games[{number}].{key}: {len(game[key])} entries for {plan.players} players"
        seats = [*game["winners"], *game["team"], *game.get("loser", ()),
                 *(s for s, _ in game["starters"])]
        if any(s >= plan.players for s in seats):
            return f"games[{number}]: a seat outside 0 to {plan.players - 1}"
        if len(game["starters"]) != len(game["actions"]):
            return f"games[{number}]: one starter per deal ({len(game['actions'])} deals)"
        if len(game.get("starter_lost", game["starters"])) != len(game["starters"]):
            return f"games[{number}]: starter_lost needs one entry per deal"
    return None


def _stats_from_json(data: dict[str, Any]) -> GameStats:
    return GameStats(actions=tuple(data["actions"]), scores=tuple(data["scores"]),
                     winners=tuple(data["winners"]), team=tuple(data["team"]),
                     starters=tuple((s, bool(w)) for s, w in data["starters"]),
                     payouts=tuple(data["payouts"]), loser=tuple(data.get("loser", ())),
                     starter_lost=tuple(bool(x) for x in data.get("starter_lost", ())))


@attrs.define
class Checkpoint:
    """Finished chunks, one JSON line each (see :data:`CHUNK_SCHEMA`), in ``path``; lines
    of another plan (another fingerprint) are ignored, and a last line cut short by an
    interruption is dropped.  Any other line that does not fit is an error naming the
    file and line."""

    path: Path
    fingerprint: str

    def load(self, plan: StudyPlan | None = None) -> Done:
        """The chunks already played under this plan (those of ``plan``'s chunks when it
        is given, each checked against it: its settings, players and chunks)."""
        done: Done = {}
        if not self.path.exists():
            return done
        text = self.path.read_text(encoding="utf-8")
        if text and not text.endswith("\n"):  # cut short: drop the partial last line
            text = text[:text.rfind("\n") + 1]
            self.path.write_text(text, encoding="utf-8")
        labels = {s.label for s in plan.settings} if plan is not None else set()
        chunks = {(r.start, r.stop) for r in plan.chunks()} if plan is not None else set()
        for number, line in enumerate(text.splitlines(), start=1):
            try:
                data = json.loads(line, parse_constant=_refuse_constant)
            except (ValueError, RecursionError) as exc:
                raise self._error(number, f"not a line of JSON ({str(exc)[:80]})") from None
            if isinstance(data, dict) and data.get("plan") != self.fingerprint \
                    and isinstance(data.get("plan"), str):
                continue  # a chunk of another plan
            problem = _chunk_problem(data, plan)
            if problem is not None:
                raise self._error(number, problem)
            key = (data["setting"], data["start"], data["stop"])
            if plan is not None and (key[0] not in labels or key[1:] not in chunks):
                continue  # a chunk of the same plan played for another number of games
            if key in done:
                raise self._error(number, f"games {key[1]} to {key[2]} of setting "
                                          f"{key[0]!r} are given twice")
            done[key] = [_stats_from_json(s) for s in data["games"]]
        return done

    def _error(self, line: int, problem: str) -> CardrulesError:
        return CardrulesError(f"{self.path}:{line}: {problem}; delete the file or run the "
                              f"study with --fresh to start over")

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
    done = checkpoint.load(plan) if checkpoint is not None else {}
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
