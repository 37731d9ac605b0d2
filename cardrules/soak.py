"""``python -m cardrules.soak --minutes N``: a long conformance soak (not run in CI).

Cycles through every shipped variant, first with every option value one at a time,
then with random option combinations, running :func:`cardrules.tools.check.run_check` in
small batches until the time is up.  Failing games are written as records to the
output folder; the figures are printed (and written as JSON with ``--json FILE``).
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import cardrules
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

__all__ = ["main", "soak"]


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
    return [name for name in sorted(builtin_variants())
            if cardrules.load(name).variant.play.procedure in families]


def soak(*, seconds: float, seed: int, out_dir: Path, variants: Sequence[str] = (),
         games_per_batch: int = 6, actions: int | None = None,
         leak_share: float = 1.0) -> dict[str, Any]:
    """Run batches until ``seconds`` have passed or, with ``actions``, until that many
    actions have been checked; return the figures.  ``leak_share`` below 1 searches that
    share of the states for leaks (see :func:`cardrules.tools.check.run_check`)."""
    names = list(variants) or sorted(builtin_variants())
    policies = _policies()
    rng = random.Random(seed)
    schedule: list[tuple[str, dict[str, Any]]] = []
    for name in names:
        schedule += [(name, setting) for setting in one_at_a_time(cardrules.load(name).variant)]
    figures: dict[str, Any] = {"variants": names, "batches": 0, "games": 0, "matches": 0,
                               "deals": 0, "actions": 0, "settings": 0, "rejected_settings": 0,
                               "failures": [], "longest_game": 0}
    seen: set[str] = set()
    start = time.monotonic()
    deadline = start + seconds
    for batch in itertools.count():
        if time.monotonic() >= deadline:
            break
        if actions is not None and figures["actions"] >= actions:
            break
        if batch < len(schedule):
            name, setting = schedule[batch]
        else:
            name = rng.choice(names)
            setting = random_setting(cardrules.load(name).variant, rng)
        key = json.dumps([name, setting], sort_keys=True)
        batch_seed = (seed * 100003 + batch) % (limits.MAX_SEED + 1)
        try:
            report = run_check(name, games=games_per_batch, seed=batch_seed,
                               options=setting, policies=policies, match_every=3,
                               leak_share=leak_share)
        except VariantError as exc:
            figures["rejected_settings"] += 1
            reasons = figures.setdefault("rejections", {})
            reason = f"{name}: {exc.problems[0].message}"[:160]
            reasons[reason] = reasons.get(reason, 0) + 1
            continue
        except CardrulesError as exc:
            figures["failures"].append({"variant": name, "options": setting,
                                        "error": str(exc)})
            continue
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
    figures["seconds"] = round(time.monotonic() - start, 1)
    figures["leak_share"] = leak_share
    return figures


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
                        choices=("adding", "betting", "bouts", "climbing", "fishing", "rummy",
                                 "shedding", "tricks"),
                        help="soak only the variants of this family (repeatable)")
    parser.add_argument("--actions", type=limits.soak_actions, default=None,
                        help="stop once this many actions are checked (at most "
                             f"{limits.MAX_SOAK_ACTIONS:,}; the --minutes bound still holds)")
    parser.add_argument("--leaks", type=limits.share, default=1.0,
                        help="share of the states searched for leaks (default 1: every one)")
    parser.add_argument("--json", metavar="FILE", help="also write the figures here")
    args = parser.parse_args(argv)
    variants = list(args.variant) + family_variants(args.family)
    figures = soak(seconds=args.minutes * 60, seed=args.seed, out_dir=Path(args.out),
                   variants=variants, actions=args.actions, leak_share=args.leaks)
    text = json.dumps(figures, indent=1)
    print(text)
    if args.json:
        Path(args.json).write_text(text + "\n", encoding="utf-8")
    return 1 if figures["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
