"""The shipped examples run."""

from __future__ import annotations

import runpy
import subprocess
import sys
from pathlib import Path

import pytest

import cardrules

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_house_rule_example_loads() -> None:
    game = cardrules.load(EXAMPLES / "house-rules.yaml", players=3)
    assert game.options["seven"] == "nothing"
    assert game.options["trumps"] == "none"
    assert game.variant.name == "bank-plain"


def test_embed_example_plays_a_whole_deal() -> None:
    module = runpy.run_path(str(EXAMPLES / "embed.py"))
    summary = module["main"](3)
    assert summary["moves"] > 0
    assert sorted(summary["finish"]) == [0, 1, 2]
    assert summary == module["main"](3), "same seed, same game"


def test_embed_example_runs_as_a_script() -> None:
    done = subprocess.run([sys.executable, str(EXAMPLES / "embed.py"), "5"],
                          capture_output=True, text=True, check=True)
    assert "moves" in done.stdout


def test_pettingzoo_example_plays_episodes() -> None:
    pytest.importorskip("pettingzoo")
    module = runpy.run_path(str(EXAMPLES / "pettingzoo_episodes.py"))
    totals = module["main"](4)
    assert set(totals) == {"player_0", "player_1", "player_2"}
    assert all(-4.0 <= total <= 4.0 for total in totals.values())
    assert any(totals.values()), "a deal ends with rewards"
    assert totals == module["main"](4), "same seed, same episodes"
