"""``python -m cardrules.soak --minutes N``: a long conformance soak (not run in CI).

Cycles through every shipped variant, first with every option value one at a time,
then with random option combinations, running :func:`cardrules.tools.check.run_check` in
small batches until the time is up.  Failing games are written as records to the
output folder; the figures are printed (and written as JSON with ``--json FILE``).

With ``--progress FILE`` the figures and the place reached are written to ``FILE`` after
every batch, and a later run with the same ``--progress FILE`` (and the same seed,
variants and leak share) goes on from there: a soak longer than one sitting is the same
soak as if it had run in one.  The file is checked against :data:`PROGRESS_SCHEMA` before
use.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jsonschema

import cardrules
from cardrules.engine.record import schema_problem
from cardrules.errors import CardrulesError, VariantError
from cardrules.loader.resources import builtin_variants
from cardrules.tools import limits
from cardrules.tools.bots import QUICK_BOTS, Bot, act, make_bot
from cardrules.tools.check import run_check
from cardrules.tools.conformance import Policy
from cardrules.tools.option_space import one_at_a_time, random_setting

if TYPE_CHECKING:
    from cardrules.actions import Action
    from cardrules.engine.state import State

__all__ = ["PROGRESS_SCHEMA", "ProgressError", "main", "read_progress", "soak"]


_COUNT = {"type": "integer", "minimum": 0}
_FIGURES = ("batches", "games", "matches", "deals", "actions", "settings",
            "rejected_settings", "longest_game")

PROGRESS_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "a soak's progress file: its figures so far and where it goes on",
    "type": "object",
    "required": ["format", "seed", "variants", "games_per_batch", "leak_share", "next_batch",
                 "seen", "seconds", "failures", "sittings", *_FIGURES],
    "additionalProperties": False,
    "properties": {
        "format": {"const": "cardrules-soak-progress/1"},
        "seed": {"type": "integer", "minimum": 0, "maximum": limits.MAX_SEED},
        "variants": {"type": "array", "items": {"type": "string"}},
        "games_per_batch": {"type": "integer", "minimum": 1},
        "leak_share": {"type": "number", "exclusiveMinimum": 0, "maximum": 1},
        "next_batch": _COUNT,
        "seen": {"type": "array", "items": {"type": "string"}},
        "seconds": {"type": "number", "minimum": 0},
        "sittings": {"type": "integer", "minimum": 1},
        "failures": {"type": "array", "items": {"type": "object"}},
        "rejections": {"type": "object", "additionalProperties": _COUNT},
        **{name: _COUNT for name in _FIGURES},
    },
}
"""What ``--progress FILE`` holds: the figures so far (as printed at the end), the next
batch, the option settings already counted, and how many sittings the soak has had."""

_PROGRESS = jsonschema.Draft202012Validator(PROGRESS_SCHEMA)


class ProgressError(CardrulesError):
    """A progress file that cannot be gone on from: unreadable, not of the schema, or of
    another soak (another seed, variants, batch size or leak share)."""


def read_progress(path: Path) -> dict[str, Any]:
    """The progress file at ``path``, checked against :data:`PROGRESS_SCHEMA`."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"), parse_constant=_no_constant)
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise ProgressError(f"{path}: not a soak's progress file ({str(exc)[:120]})") from None
    problem = schema_problem(_PROGRESS, data)
    if problem is not None:
        raise ProgressError(f"{path}: not a soak's progress file: {problem}")
    assert isinstance(data, dict)
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _write_progress(path: Path, data: dict[str, Any]) -> None:
    """Write ``data`` to ``path`` whole or not at all (through a file beside it)."""
    part = path.with_name(path.name + ".part")
    part.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    os.replace(part, path)


def _policies() -> dict[str, Policy]:
    out: dict[str, Policy] = {}
    for name, spelled in QUICK_BOTS.items():
        bot = make_bot(spelled)

        def choose(state: State, rng: random.Random, bot: Bot = bot) -> Action:
            return act(bot, state, rng)

        out[name] = choose
    return out


def family_variants(families: Sequence[str]) -> list[str]:
    """The shipped variants whose procedure (family) is one of ``families``."""
    if not families:
        return []
    return [name for name in sorted(builtin_variants())
            if cardrules.load(name).variant.play.procedure in families]


def soak(*, seconds: float, seed: int, out_dir: Path, variants: Sequence[str] = (),
         games_per_batch: int = 6, actions: int | None = None,
         leak_share: float = 1.0, progress: Path | None = None) -> dict[str, Any]:
    """Run batches until ``seconds`` have passed or, with ``actions``, until that many
    actions have been checked; return the figures.  ``leak_share`` below 1 searches that
    share of the states for leaks (see :func:`cardrules.tools.check.run_check`).  With
    ``progress``, the figures are written there after every batch, and a soak that
    finds the file goes on from it (see the module).

    Batch ``n`` is fixed by the seed and ``n`` alone (its variant, option setting and game
    seeds), so a soak cut into sittings checks the same games as one that is not."""
    names = list(variants) or sorted(builtin_variants())
    policies = _policies()
    schedule: list[tuple[str, dict[str, Any]]] = []
    for name in names:
        schedule += [(name, setting) for setting in one_at_a_time(cardrules.load(name).variant)]
    figures: dict[str, Any] = {"variants": names, "batches": 0, "games": 0, "matches": 0,
                               "deals": 0, "actions": 0, "settings": 0, "rejected_settings": 0,
                               "failures": [], "longest_game": 0}
    seen: set[str] = set()
    first, earlier, sittings = 0, 0.0, 1
    if progress is not None and progress.exists():
        done = read_progress(progress)
        asked = {"seed": seed, "variants": names, "games_per_batch": games_per_batch,
                 "leak_share": leak_share}
        for key, value in asked.items():
            if done[key] != value:
                raise ProgressError(f"{progress}: a soak with {key} {done[key]!r}, not "
                                    f"{value!r}: start another progress file")
        figures.update({key: done[key] for key in (*_FIGURES, "failures")})
        if "rejections" in done:
            figures["rejections"] = dict(done["rejections"])
        seen = set(done["seen"])
        first, earlier, sittings = done["next_batch"], done["seconds"], done["sittings"] + 1
    start = time.monotonic()
    deadline = start + seconds
    for batch in itertools.count(first):
        if time.monotonic() >= deadline:
            break
        if actions is not None and figures["actions"] >= actions:
            break
        if batch < len(schedule):
            name, setting = schedule[batch]
        else:
            rng = random.Random(f"{seed}/{batch}")
            name = rng.choice(names)
            setting = random_setting(cardrules.load(name).variant, rng)
        _run_batch(figures, seen, name, setting, batch=batch, seed=seed, out_dir=out_dir,
                   games=games_per_batch, policies=policies, leak_share=leak_share)
        if progress is not None:
            _write_progress(progress, {
                "format": "cardrules-soak-progress/1", "seed": seed, "variants": names,
                "games_per_batch": games_per_batch, "leak_share": leak_share,
                "next_batch": batch + 1, "seen": sorted(seen), "sittings": sittings,
                "seconds": round(earlier + time.monotonic() - start, 1),
                **{key: value for key, value in figures.items() if key != "variants"}})
    figures["seconds"] = round(earlier + time.monotonic() - start, 1)
    figures["leak_share"] = leak_share
    if progress is not None:
        figures["sittings"] = sittings
    return figures


def _run_batch(figures: dict[str, Any], seen: set[str], name: str, setting: dict[str, Any],
               *, batch: int, seed: int, out_dir: Path, games: int,
               policies: dict[str, Policy], leak_share: float) -> None:
    """Check one batch of ``games`` games of ``name`` with ``setting``; add its figures."""
    key = json.dumps([name, setting], sort_keys=True)
    batch_seed = (seed * 100003 + batch) % (limits.MAX_SEED + 1)
    try:
        report = run_check(name, games=games, seed=batch_seed, options=setting,
                           policies=policies, match_every=3, leak_share=leak_share)
    except VariantError as exc:
        figures["rejected_settings"] += 1
        reasons = figures.setdefault("rejections", {})
        reason = f"{name}: {exc.problems[0].message}"[:160]
        reasons[reason] = reasons.get(reason, 0) + 1
        return
    except CardrulesError as exc:
        figures["failures"].append({"variant": name, "options": setting, "error": str(exc)})
        return
    if key not in seen:
        seen.add(key)
        figures["settings"] += 1
    figures["batches"] += 1
    for field in ("games", "matches", "deals", "actions"):
        figures[field] += getattr(report, field)
    figures["longest_game"] = max(figures["longest_game"], report.longest_game)
    if report.failure is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
        path = out_dir / f"failure-{len(figures['failures'])}.json"
        report.failure.record.save(path)
        figures["failures"].append({"variant": name, "options": setting,
                                    "error": report.failure.message, "record": str(path)})


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardrules.soak", description=__doc__)
    parser.add_argument("--minutes", type=limits.minutes, default=20.0,
                        help=f"how long to soak (at most {limits.MAX_MINUTES:g})")
    parser.add_argument("--seed", type=limits.seed, default=1,
                        help=f"the soak's seed (0 to {limits.MAX_SEED})")
    parser.add_argument("--out", default="soak-failures", help="folder for failing records")
    parser.add_argument("--variant", action="append", default=[],
                        help="soak only this variant (repeatable)")
    parser.add_argument("--family", action="append", default=[],
                        choices=("adding", "betting", "bouts", "climbing", "comparing", "fishing",
                                 "rummy", "shedding", "tricks", "vying"),
                        help="soak only the variants of this family (repeatable)")
    parser.add_argument("--actions", type=limits.soak_actions, default=None,
                        help="stop once this many actions are checked (at most "
                             f"{limits.MAX_SOAK_ACTIONS:,}; the --minutes bound still holds)")
    parser.add_argument("--leaks", type=limits.share, default=1.0,
                        help="share of the states searched for leaks (default 1: every one)")
    parser.add_argument("--json", metavar="FILE", help="also write the figures here")
    parser.add_argument("--progress", metavar="FILE",
                        help="write the figures and the place reached here after every "
                             "batch, and go on from this file when it exists")
    args = parser.parse_args(argv)
    progress = None if args.progress is None else Path(args.progress)
    if progress is not None and progress.exists():
        try:
            read_progress(progress)
        except ProgressError as exc:
            parser.error(str(exc))
    variants = list(args.variant) + family_variants(args.family)
    try:
        figures = soak(seconds=args.minutes * 60, seed=args.seed, out_dir=Path(args.out),
                       variants=variants, actions=args.actions, leak_share=args.leaks,
                       progress=progress)
    except ProgressError as exc:
        parser.error(str(exc))
    text = json.dumps(figures, indent=1)
    print(text)
    if args.json:
        Path(args.json).write_text(text + "\n", encoding="utf-8")
    return 1 if figures["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
