"""The bot duels of ``python -m cardrules.bench.bots`` and the search cost table."""

from __future__ import annotations

import pytest

from cardrules.bench.bots import duel, main, wilson
from cardrules.bench.search import search_costs


def test_wilson_interval_brackets_the_rate() -> None:
    low, high = wilson(30, 40)
    assert low < 0.75 < high and low >= 0.0 and high <= 1.0
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(40, 40)[1] == pytest.approx(1.0)


def test_a_duel_rotates_the_seats_and_counts_wins() -> None:
    outcome = duel("bank", players=2, bots=("greedy", "random"), games=4, match=False)
    assert outcome.games == 4 and 0.0 <= outcome.wins <= 4.0
    again = duel("bank", players=2, bots=("greedy", "random"), games=4, match=False)
    assert again.wins == outcome.wins  # seeded: the same games


def test_the_sighted_ceiling_bot_plays(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bura", "--bots", "sighted:10,random", "--games", "2", "--deals"]) == 0
    out = capsys.readouterr().out
    assert "bura 2p sighted:10 vs random" in out and "of 2 deals" in out


def test_search_costs_report_each_search_level() -> None:
    rows = search_costs("bura", 2, {"easy": "greedy", "tiny": "ismcts:20"}, deals=1, moves=4)
    assert [r["level"] for r in rows] == ["tiny"]
    assert rows[0]["moves"] > 0 and rows[0]["iterations_per_s"] > 0
