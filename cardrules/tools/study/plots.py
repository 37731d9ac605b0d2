"""A study's PNG plots, drawn with matplotlib (``pip install 'cardrules[study]'``).

Each plot is 1200×700 pixels, titled, with a subtitle naming the variant, the number of
players and games and the seed; rates are shown in percent, as the report writes them,
and the legend sits beside the data, never over it.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardrules.errors import CardrulesError

if TYPE_CHECKING:
    from cardrules.tools.study.findings import Findings

__all__ = ["SIZE", "draw_all", "figures", "subtitle"]

SIZE = (12.0, 7.0)
"""Each plot's size in inches, at 100 dots per inch."""
_DPI = 100
_PLOTS = ("win_rates", "first_mover", "game_length", "scores")


def subtitle(found: Findings) -> str:
    """What a plot is of: variant, players, games per setting and seed."""
    plan = found.plan
    kind = "matches" if plan.match else "deals"
    return (f"{plan.variant}, {plan.players} players, {plan.games:,} {kind} per setting, "
            f"seed {plan.seed}")


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise CardrulesError("plots need matplotlib: pip install 'cardrules[study]' "
                             "(or pass --no-plots)") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def figures(found: Findings) -> dict[str, Any]:
    """Every plot as a matplotlib figure, by file stem (close them when done)."""
    plt = _pyplot()
    drawn = {}
    for name, draw in zip(_PLOTS, (_win_rates, _first_mover, _lengths, _scores)):
        figure, axes = plt.subplots(figsize=SIZE, dpi=_DPI)
        figure.suptitle(draw(found, axes), fontsize="x-large", fontweight="bold")
        axes.set_title(subtitle(found), fontsize="medium", color="dimgrey")
        axes.legend(fontsize="medium", loc="upper left", bbox_to_anchor=(1.01, 1.0),
                    borderaxespad=0.0)
        figure.tight_layout()
        drawn[name] = figure
    return drawn


def draw_all(found: Findings, out: Path) -> list[Path]:
    """Draw every plot into ``out``; the files written."""
    plt = _pyplot()
    written = []
    for name, figure in figures(found).items():
        path = out / f"{name}.png"
        figure.savefig(path, metadata={"Software": None})
        plt.close(figure)
        written.append(path)
    return written


def _percent(axis: Any) -> None:
    """Show a fraction axis in percent."""
    from matplotlib.ticker import PercentFormatter

    axis.set_major_formatter(PercentFormatter(xmax=1, decimals=0))


def _ticks(axes: Any, positions: Sequence[float], labels: Sequence[str]) -> None:
    """Setting labels under the bars, wrapped so that neighbours never overlap."""
    room = max(8, int(90 / max(1, len(labels))))
    axes.set_xticks(positions, [textwrap.fill(label, room, break_on_hyphens=False)
                                for label in labels])


def _win_rates(found: Findings, axes: Any) -> str:
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
    _percent(axes.yaxis)
    return "Win rate per seat"


def _first_mover(found: Findings, axes: Any) -> str:
    labels = list(found.summaries)
    rates = [found.summaries[k].starter_win_rate for k in labels]
    errors = [[r - found.summaries[k].starter_interval[0] for k, r in zip(labels, rates)],
              [found.summaries[k].starter_interval[1] - r for k, r in zip(labels, rates)]]
    axes.bar(range(len(labels)), rates, yerr=errors, capsize=4, color="tab:orange",
             label="first mover's win rate (95% interval)")
    even = 1 / len(next(iter(found.summaries.values())).partnerships)
    axes.axhline(even, linestyle="--", color="grey", label=f"even share {even:.0%}")
    _ticks(axes, range(len(labels)), labels)
    axes.set_ylabel("first mover's deal win rate")
    _percent(axes.yaxis)
    return "First-mover edge"


def _lengths(found: Findings, axes: Any) -> str:
    data = [found.lengths[k] for k in found.summaries]
    low, high = min(min(d) for d in data), max(max(d) for d in data)
    bins = list(range(low, high + 2, max(1, (high - low + 1) // 40)))
    for label, lengths in zip(found.summaries, data):
        axes.hist(lengths, bins=bins, histtype="step", density=True, label=label)
    axes.set_xlabel("actions per game")
    axes.set_ylabel("share of games per action")
    _percent(axes.yaxis)
    return "Game length"


def _scores(found: Findings, axes: Any) -> str:
    labels = list(found.summaries)
    players = found.plan.players
    colours = [f"C{i % 10}" for i in range(len(labels))]
    for i, (label, colour) in enumerate(zip(labels, colours)):
        data = [[row[p] for row in found.scores[label]] for p in range(players)]
        positions = [p * (len(labels) + 1) + i for p in range(players)]
        boxes = axes.boxplot(data, positions=positions, widths=0.8, showfliers=False,
                             patch_artist=True, manage_ticks=False,
                             medianprops={"color": "black", "linewidth": 2})
        for box in boxes["boxes"]:
            box.set_facecolor(colour)
        axes.plot([], [], color=colour, linewidth=8, label=label)
    middle = (len(labels) - 1) / 2
    axes.set_xticks([p * (len(labels) + 1) + middle for p in range(players)],
                    [f"seat {p}" for p in range(players)])
    axes.set_ylabel(("deal result" if not found.plan.match else "match total")
                    + " (quartiles, 1.5 IQR whiskers)")
    return "Scores per seat"
