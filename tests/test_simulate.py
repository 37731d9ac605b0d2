"""simulate(): determinism across runs and worker counts, figures that add up."""

from __future__ import annotations

import json

import pytest

import cardrules
from cardrules.tools.cli import summary_lines
from cardrules.tools.simulate import simulate, wilson


def test_same_seed_same_summary() -> None:
    a = simulate("bank", players=2, games=30, seed=4, bots=("greedy", "random"))
    b = simulate("bank", players=2, games=30, seed=4, bots=("greedy", "random"))
    assert a == b
    assert json.dumps(a.to_json()) == json.dumps(b.to_json())
    assert a != simulate("bank", players=2, games=30, seed=5, bots=("greedy", "random"))


def test_two_workers_equal_one() -> None:
    one = simulate("bank", players=3, games=40, seed=9, bots=("greedy", "random", "random"))
    two = simulate("bank", players=3, games=40, seed=9, bots=("greedy", "random", "random"),
                   workers=2)
    assert one == two


def test_two_workers_equal_one_for_matches() -> None:
    kwargs = dict(players=2, games=6, seed=2, options={"target": 80}, match=True)
    assert simulate("bank", **kwargs) == simulate("bank", workers=2, **kwargs)  # type: ignore[arg-type]


def test_figures_add_up() -> None:
    s = simulate("bank", players=4, games=60, seed=1)
    assert s.games == s.deals == 60 and s.bots == ("random",) * 4
    assert sum(s.wins) + s.ties == 60
    assert s.total_actions == pytest.approx(s.mean_actions * s.deals, abs=1e-3)
    for rate, (low, high), wins in zip(s.win_rate, s.win_interval, s.wins):
        assert rate == pytest.approx(wins / 60, abs=1e-6)
        assert 0 <= low <= rate <= high <= 1
    assert s.mean_payout is None and s.deals_per_match is None
    rows = s.to_csv().splitlines()
    assert rows[0].startswith("seat,bot,games,wins") and len(rows) == 5


def test_match_summary() -> None:
    s = simulate("bank", players=2, games=5, seed=3, options={"target": 80}, match=True)
    assert s.match and s.deals >= 5 and s.deals_per_match == s.deals / 5
    assert s.options["target"] == 80


def test_wilson_interval() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(0, 10)
    assert low == 0.0 and 0.2 < high < 0.35
    low, high = wilson(10, 10)
    assert high == 1.0 and 0.65 < low < 0.8
    low, high = wilson(500, 1000)
    assert low == pytest.approx(1 - high) and high - low == pytest.approx(0.062, abs=0.001)
    narrow = wilson(5000, 10000)
    assert narrow[1] - narrow[0] < high - low


def test_errors() -> None:
    with pytest.raises(cardrules.CardrulesError, match="one bot per seat"):
        simulate("bank", players=2, games=3, seed=1, bots=("random",))
    with pytest.raises(cardrules.CardrulesError, match="unknown bot"):
        simulate("bank", players=2, games=3, seed=1, bots=("random", "smart"))


def test_pot_game_reports_payouts() -> None:
    try:
        cardrules.load("bura", players=3)
    except Exception as exc:
        pytest.skip(f"bura does not load: {exc}")
    s = simulate("bura", players=3, games=4, seed=1, match=True)
    assert s.mean_payout is not None and len(s.mean_payout) == 3


@pytest.mark.parametrize("match", [False, True])
def test_a_game_that_names_a_loser_reports_each_seats_losses(
        match: bool, capsys: pytest.CaptureFixture[str]) -> None:
    """Three-player Durak names only the durak: the other two win together, so nobody
    wins alone, and the summary counts who lost."""
    s = simulate("durak", players=3, games=12, seed=3, match=match)
    assert s.names_loser and sum(s.wins) == 0  # nobody wins alone...
    assert sum(s.losses) + s.no_sole_loser == 12 and sum(s.losses) >= 10  # ...one loses
    assert s.to_json()["losses"] == list(s.losses)
    text = "\n".join(summary_lines(s))
    assert "losses loss rate" in text and "first mover lost" in text
    assert " wins " not in text and "no sole winner" not in text
    bank = simulate("bank", players=3, games=6, seed=3)
    assert not bank.names_loser and "wins  win rate" in "\n".join(summary_lines(bank))
