"""The bot duels of ``python -m cardrules.bench.bots`` and the search cost table."""

from __future__ import annotations

import random

import pytest

import cardrules
from cardrules.bench.bots import _SeeHands, duel, main, wilson
from cardrules.bench.search import search_costs
from cardrules.engine.information import Information


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


def test_the_hand_seeing_bot_samples_only_the_stock() -> None:
    """``sighted-hands`` keeps every hand where it is and re-deals the stock (a match gets
    a new seed), so it knows what the opponents hold but not what they will draw."""
    game = cardrules.load("bank", players=2)
    match = game.new_match(seed=3)
    while match.current_player < 0 or len(match.legal_actions()) < 2:
        match = match.apply(match.legal_actions()[0])
    info = Information.of(match)
    seeing = _SeeHands(player=info.player, view=info.view, legal=info.legal, game=game,
                       truth=match)
    sample = seeing.sample(random.Random(1))
    assert sample.deal.hands == match.deal.hands
    assert sorted(sample.deal.stock) == sorted(match.deal.stock)
    assert sample.deal.stock != match.deal.stock and sample.view(info.player) == info.view


def test_the_hand_seeing_ceiling_bot_plays(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bank", "--bots", "sighted-hands:10,random", "--games", "2", "--deals"]) == 0
    assert "bank 2p sighted-hands:10 vs random" in capsys.readouterr().out
