"""A study's findings: per-setting summaries, effects against the baseline, a
plain-language summary, a Markdown page and (with matplotlib) its PNG plots."""

from __future__ import annotations

import json
import statistics
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from cardrules.loader.load import load
from cardrules.tools.simulate import GameStats, Summary, summarise
from cardrules.tools.study.effects import cohens_d, cohens_h, difference_interval, magnitude
from cardrules.tools.study.findings import Effect, Findings
from cardrules.tools.study.plan import StudyPlan

__all__ = ["Effect", "Findings", "findings", "markdown", "write_report"]


def findings(plan: StudyPlan, results: Mapping[str, Sequence[GameStats]]) -> Findings:
    """Summaries, effects and the plain-language summary of played games."""
    summaries: dict[str, Summary] = {}
    for setting in plan.settings:
        game = load(plan.variant, players=plan.players,
                    options=plan.options_of(setting) or None)
        summaries[setting.label] = summarise(game, results[setting.label], seed=plan.seed,
                                             bots=plan.bots_of(setting), match=plan.match)
    lengths = {label: tuple(sum(s.actions) for s in stats) for label, stats in results.items()}
    scores = {label: tuple(s.scores for s in stats) for label, stats in results.items()}
    base = plan.settings[0].label
    effects = tuple(_effect(label, summaries[label], summaries[base], lengths[label],
                            lengths[base]) for label in list(summaries)[1:])
    return Findings(plan=plan, summaries=summaries, lengths=lengths, scores=scores,
                    effects=effects, summary=tuple(_sentences(plan, summaries, effects)))


def _starter_counts(s: Summary) -> tuple[int, int]:
    deals = s.deals
    return round(s.starter_win_rate * deals), deals


def _effect(label: str, s: Summary, base: Summary, lengths: Sequence[int],
            base_lengths: Sequence[int]) -> Effect:
    starts, deals = _starter_counts(s)
    base_starts, base_deals = _starter_counts(base)
    return Effect(
        label=label,
        seat_win_difference=tuple(round(a - b, 6) for a, b in zip(s.win_rate, base.win_rate)),
        seat_win_interval=tuple(_rounded(difference_interval(w, s.games, bw, base.games))
                                for w, bw in zip(s.wins, base.wins)),
        seat_win_h=tuple(round(cohens_h(a, b), 6) for a, b in zip(s.win_rate, base.win_rate)),
        length_ratio=round(statistics.fmean(lengths) / statistics.fmean(base_lengths), 6),
        length_d=round(cohens_d(lengths, base_lengths), 6),
        first_mover_difference=round(starts / deals - base_starts / base_deals, 6),
        first_mover_h=round(cohens_h(starts / deals, base_starts / base_deals), 6))


def _rounded(pair: tuple[float, float]) -> tuple[float, float]:
    return round(pair[0], 6), round(pair[1], 6)


def _pct(value: float) -> str:
    return f"{value:.1%}"


def _sentences(plan: StudyPlan, summaries: Mapping[str, Summary],
               effects: Sequence[Effect]) -> list[str]:
    kind = "matches" if plan.match else "deals"
    labels = list(summaries)
    lines = [f"{plan.games:,} {kind} of {plan.variant} for {plan.players} players under "
             f"each of {len(labels)} settings, seed {plan.seed}; the baseline is "
             f"{labels[0]!r}."]
    for label, s in summaries.items():
        even = 1 / len(s.partnerships)
        low, high = s.starter_interval
        edge = s.starter_win_rate - even
        verdict = ("no first-mover edge can be told from chance" if low <= even <= high
                   else f"the first mover is {'favoured' if edge > 0 else 'handicapped'} "
                        f"by {abs(edge) * 100:.1f} points")
        best = max(range(s.players), key=lambda p: s.win_rate[p])
        lines.append(f"Under {label!r} the first mover wins {_pct(s.starter_win_rate)} of "
                     f"deals [{_pct(low)}, {_pct(high)}] against an even share of "
                     f"{_pct(even)}: {verdict}; seat {best} wins most often "
                     f"({_pct(s.win_rate[best])}); a game takes {s.mean_actions:.1f} actions "
                     f"per deal on average.")
    for e in effects:
        moved = max(range(len(e.seat_win_h)), key=lambda p: abs(e.seat_win_h[p]))
        low, high = e.seat_win_interval[moved]
        clear = not low <= 0 <= high
        lines.append(
            f"{e.label!r} against {labels[0]!r}: games are "
            f"{abs(e.length_ratio - 1) * 100:.1f}% {'longer' if e.length_ratio >= 1 else 'shorter'}"
            f" ({magnitude(e.length_d)} effect, d = {e.length_d:+.2f}); the largest change in "
            f"a seat's win rate is seat {moved}'s {e.seat_win_difference[moved] * 100:+.1f} "
            f"points [{low * 100:+.1f}, {high * 100:+.1f}] ({magnitude(e.seat_win_h[moved])}, "
            f"h = {e.seat_win_h[moved]:+.2f}"
            f"{'' if clear else '; within chance'}); the first mover's win rate moves "
            f"{e.first_mover_difference * 100:+.1f} points "
            f"({magnitude(e.first_mover_h)}).")
    return lines


def markdown(found: Findings, plots: Sequence[str] = ()) -> str:
    """The report as a Markdown page (``plots``: PNG file names next to it)."""
    plan = found.plan
    out = [f"# Study of {plan.variant}", ""]
    out += [f"- {line}" for line in found.summary] + [""]
    out += ["## Win rate per seat", "",
            "| setting | " + " | ".join(f"seat {p}" for p in range(plan.players)) + " |",
            "|---|" + "---|" * plan.players]
    for label, s in found.summaries.items():
        cells = [f"{_pct(r)} [{_pct(lo)}, {_pct(hi)}]"
                 for r, (lo, hi) in zip(s.win_rate, s.win_interval)]
        out.append(f"| {label} | " + " | ".join(cells) + " |")
    out += ["", "## Game length, first mover, scores", "",
            "| setting | actions per deal (mean / median) | deals per match "
            "| first mover wins [95%] | mean score per seat |",
            "|---|---|---|---|---|"]
    for label, s in found.summaries.items():
        lo, hi = s.starter_interval
        per_match = "" if s.deals_per_match is None else f"{s.deals_per_match:.2f}"
        out.append(f"| {label} | {s.mean_actions:.1f} / {s.median_actions:g} | {per_match} | "
                   f"{_pct(s.starter_win_rate)} [{_pct(lo)}, {_pct(hi)}] | "
                   + ", ".join(f"{m:.1f}" for m in s.mean_score) + " |")
    if found.effects:
        base = plan.settings[0].label
        out += ["", f"## Effects against {base!r}", "",
                "| setting | seat | win rate change [95%] | Cohen's h |", "|---|---|---|---|"]
        for e in found.effects:
            for p, (d, (lo, hi), h) in enumerate(zip(e.seat_win_difference,
                                                     e.seat_win_interval, e.seat_win_h)):
                out.append(f"| {e.label} | {p} | {d * 100:+.1f} [{lo * 100:+.1f}, "
                           f"{hi * 100:+.1f}] points | {h:+.3f} ({magnitude(h)}) |")
        out += ["", "| setting | length ratio | Cohen's d | first mover change | h |",
                "|---|---|---|---|---|"]
        for e in found.effects:
            out.append(f"| {e.label} | {e.length_ratio:.3f} | {e.length_d:+.3f} "
                       f"({magnitude(e.length_d)}) | {e.first_mover_difference * 100:+.1f} "
                       f"points | {e.first_mover_h:+.3f} |")
    if plots:
        out += ["", "## Plots", ""] + [f"![{Path(p).stem}]({p})" for p in plots]
    return "\n".join(out) + "\n"


def to_json(found: Findings) -> dict[str, Any]:
    """The figures as JSON (equal studies give equal output)."""
    return {"plan": {"variant": found.plan.variant, "players": found.plan.players,
                     "games": found.plan.games, "seed": found.plan.seed,
                     "match": found.plan.match,
                     "settings": [{"label": s.label, "options": dict(s.options),
                                   "bots": list(found.plan.bots_of(s))}
                                  for s in found.plan.settings]},
            "summaries": {k: v.to_json() for k, v in found.summaries.items()},
            "effects": [attrs.asdict(e) for e in found.effects],
            "summary": list(found.summary)}


def write_report(found: Findings, out: Path, *, plots: bool = True) -> list[Path]:
    """Write ``report.md``, ``results.json`` and (``plots``) the PNG plots into ``out``;
    the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    names: list[str] = []
    if plots:
        from cardrules.tools.study.plots import draw_all
        for path in draw_all(found, out):
            written.append(path)
            names.append(path.name)
    report = out / "report.md"
    report.write_text(markdown(found, names), encoding="utf-8")
    results = out / "results.json"
    results.write_text(json.dumps(to_json(found), indent=1, sort_keys=True) + "\n",
                       encoding="utf-8")
    return [report, results, *written]
