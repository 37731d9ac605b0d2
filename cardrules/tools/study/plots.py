"""A study's PNG plots, drawn with matplotlib (``pip install 'cardrules[study]'``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardrules.errors import CardrulesError

if TYPE_CHECKING:
    from cardrules.tools.study.findings import Findings

__all__ = ["draw_all"]


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise CardrulesError("plots need matplotlib: pip install 'cardrules[study]' "
                             "(or pass --no-plots)") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def draw_all(found: Findings, out: Path) -> list[Path]:
    """Draw every plot into ``out``; the files written."""
    plt = _pyplot()
    written = []
    for name, draw in (("win_rates", _win_rates), ("first_mover", _first_mover),
                       ("game_length", _lengths), ("scores", _scores)):
        figure, axes = plt.subplots(figsize=(7, 4), dpi=100)
        draw(found, axes)
        figure.tight_layout()
        path = out / f"{name}.png"
        figure.savefig(path, metadata={"Software": None})
        plt.close(figure)
        written.append(path)
    return written


def _win_rates(found: Findings, axes: Any) -> None:
    labels = list(found.summaries)
    players = found.plan.players
    width = 0.8 / len(labels)
    for i, label in enumerate(labels):
        s = found.summaries[label]
        xs = [p + (i - (len(labels) - 1) / 2) * width for p in range(players)]
        errors = [[r - lo for r, (lo, _) in zip(s.win_rate, s.win_interval)],
                  [hi - r for r, (_, hi) in zip(s.win_rate, s.win_interval)]]
        axes.bar(xs, s.win_rate, width, yerr=errors, capsize=3, label=label)
    axes.set_xticks(range(players), [f"seat {p}" for p in range(players)])
    axes.set_ylabel("win rate (95% interval)")
    axes.set_title("Win rate per seat")
    axes.legend(fontsize="small")


def _first_mover(found: Findings, axes: Any) -> None:
    labels = list(found.summaries)
    rates = [found.summaries[k].starter_win_rate for k in labels]
    errors = [[r - found.summaries[k].starter_interval[0] for k, r in zip(labels, rates)],
              [found.summaries[k].starter_interval[1] - r for k, r in zip(labels, rates)]]
    axes.bar(range(len(labels)), rates, yerr=errors, capsize=4, color="tab:orange")
    even = 1 / len(next(iter(found.summaries.values())).partnerships)
    axes.axhline(even, linestyle="--", color="grey", label=f"even share {even:.0%}")
    axes.set_xticks(range(len(labels)), labels)
    axes.set_ylabel("first mover's deal win rate")
    axes.set_title("First-mover edge")
    axes.legend(fontsize="small")


def _lengths(found: Findings, axes: Any) -> None:
    data = [found.lengths[k] for k in found.summaries]
    low, high = min(min(d) for d in data), max(max(d) for d in data)
    bins = list(range(low, high + 2, max(1, (high - low + 1) // 40)))
    for label, lengths in zip(found.summaries, data):
        axes.hist(lengths, bins=bins, histtype="step", density=True, label=label)
    axes.set_xlabel("actions per game")
    axes.set_ylabel("share of games")
    axes.set_title("Game length")
    axes.legend(fontsize="small")


def _scores(found: Findings, axes: Any) -> None:
    labels = list(found.summaries)
    players = found.plan.players
    colours = [f"C{i % 10}" for i in range(len(labels))]
    for i, (label, colour) in enumerate(zip(labels, colours)):
        data = [[row[p] for row in found.scores[label]] for p in range(players)]
        positions = [p * (len(labels) + 1) + i for p in range(players)]
        boxes = axes.boxplot(data, positions=positions, widths=0.8, showfliers=False,
                             patch_artist=True, manage_ticks=False)
        for box in boxes["boxes"]:
            box.set_facecolor(colour)
        axes.plot([], [], color=colour, linewidth=8, label=label)
    middle = (len(labels) - 1) / 2
    axes.set_xticks([p * (len(labels) + 1) + middle for p in range(players)],
                    [f"seat {p}" for p in range(players)])
    axes.set_ylabel(("deal result" if not found.plan.match else "match total")
                    + " (quartiles, 1.5 IQR whiskers)")
    axes.set_title("Scores per seat")
    axes.legend(fontsize="small")
