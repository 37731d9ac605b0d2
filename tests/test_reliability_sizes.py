"""Every argument that sizes work is bounded, and refused before any work starts; worker
pools are no larger than the work (issue 29, item 7)."""

from __future__ import annotations

import concurrent.futures
import time
from pathlib import Path
from typing import Any, ClassVar

import pytest

import cardrules.bench.bots as bench_bots
import cardrules.soak as soak_module
from cardrules.bench.__main__ import main as bench_main
from cardrules.bench.bots import main as duel_main
from cardrules.errors import CardrulesError
from cardrules.soak import main as soak_main
from cardrules.tools import limits
from cardrules.tools.bots import make_bot
from cardrules.tools.cli import main
from cardrules.tools.simulate import simulate
from cardrules.tools.study import Setting, StudyPlan
from cardrules.tools.study.run import play_plan

HOSTILE = [
    (main, ["simulate", "bank", "--workers", "100000"], "--workers: a whole number from 1 to 64"),
    (main, ["simulate", "bank", "--workers", "0"], "--workers: a whole number from 1 to 64"),
    (main, ["simulate", "bank", "--games", "10000000000"], "from 1 to 1000000"),
    (main, ["simulate", "bank", "--players", "100000"], "--players: a whole number from 1 to 8"),
    (main, ["simulate", "bank", "--bots", "ismcts:100000000"], "from 1 to 1000000"),
    (main, ["simulate", "bank", "--bots", "ismcts:nans"], "at most 60"),
    (main, ["simulate", "bank", "--bots", "ismcts:1e9s"], "at most 60"),
    (main, ["study", "bank", "--out", "unused", "--workers", "100000"], "from 1 to 64"),
    (main, ["study", "bank", "--out", "unused", "--games", "10000000000"], "from 1 to 1000000"),
    (main, ["study", "bank", "--out", "unused", "--compare-bots", "ismcts:99999999"],
     "from 1 to 1000000"),
    (main, ["simulate", "bank", "--compare", "seven=" + ",".join(["skip"] * 65)],
     "--compare: at most 64 values, not 65"),
    (main, ["study", "bank", "--out", "unused", *["--compare-bots", "random"] * 65],
     "at most 64 settings, not 65"),
    (main, ["check", "bank", "--games", "10000000000"], "from 1 to 1000000"),
    (main, ["check", "bank", "--bound", "10000000000"], "from 1 to 1000000"),
    (main, ["check", "bank", "--players", "2,100000"], "from 1 to 8"),
    (main, ["spaces", "bank", "--players", "100000"], "from 1 to 8"),
    (main, ["play", "bank", "--pause", "1e9"], "at most 600"),
    (main, ["play", "bank", "--pause", "inf"], "at most 600"),
    (soak_main, ["--minutes", "1e9"], "--minutes: a number above 0 and at most 1440"),
    (soak_main, ["--minutes", "nan"], "at most 1440"),
    (bench_main, ["--seconds", "1e9"], "--seconds: a number above 0 and at most 600"),
    (bench_main, ["--runs", "100000"], "--runs: a whole number from 1 to 100"),
    (duel_main, ["bank", "--workers", "300"], "from 1 to 64"),
    (duel_main, ["bank", "--games", "10000000000"], "from 1 to 1000000"),
    (duel_main, ["bank", "--players", "100000"], "from 1 to 8"),
]


@pytest.mark.parametrize(("command", "argv", "message"), HOSTILE)
def test_item_7_hostile_sizes_are_usage_errors_before_any_work(
        command: Any, argv: list[str], message: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Item 7: --workers 300 forked 300 processes; no size was bounded."""
    monkeypatch.chdir(tmp_path)
    started = time.monotonic()
    try:
        status = command(argv)
    except SystemExit as stop:
        status = stop.code
    assert status == 2
    assert time.monotonic() - started < 10
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not (tmp_path / "unused").exists()


@pytest.mark.parametrize("argv", [["simulate", "bank", "--players", "7"],
                                  ["check", "bank", "--players", "2,7"],
                                  ["spaces", "bank", "--players", "5"]])
def test_item_7_players_outside_the_variant_are_usage_errors(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert "this game is for 2 to 4 players" in capsys.readouterr().err


SEED_LIMIT = "--seed: a whole number from 0 to 18446744073709551615"
SEEDS = [
    (soak_main, ["--seed", str(2**64)], SEED_LIMIT),
    (soak_main, ["--seed", "-1"], SEED_LIMIT),
    (soak_main, ["--seed", "9" * 5000], SEED_LIMIT),
    (soak_main, ["--actions", "0"], "--actions: a whole number from 1 to 1000000000"),
    (soak_main, ["--actions", "1e99"], "--actions: a whole number from 1 to 1000000000"),
    (soak_main, ["--leaks", "2"], "--leaks: a number above 0 and at most 1"),
    (duel_main, ["bank", "--seed", str(2**64)], SEED_LIMIT),
    (duel_main, ["bank", "--seed", "-5"], SEED_LIMIT),
]


@pytest.mark.parametrize(("command", "argv", "message"), SEEDS)
def test_item_29_3_soak_and_bench_seeds_are_bounded_before_any_work(
        command: Any, argv: list[str], message: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Round three: ``--seed`` of the soak and of the bench was any integer, so a seed
    past 64 bits started a soak (or a duel) that failed every batch."""
    def no_work(*args: object, **kwargs: object) -> Any:
        raise AssertionError("work started")

    monkeypatch.setattr(soak_module, "soak", no_work)
    monkeypatch.setattr(bench_bots, "duel", no_work)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as stop:
        command(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_item_29_3_the_largest_seed_is_accepted(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []
    monkeypatch.setattr(soak_module, "soak",
                        lambda **kwargs: seen.append(kwargs["seed"]) or {"failures": []})
    assert soak_main(["--seed", str(limits.MAX_SEED)]) == 0
    assert seen == [2**64 - 1]


class _Recording(concurrent.futures.ThreadPoolExecutor):
    """A pool in threads that records how many workers were asked for."""

    asked: ClassVar[list[int]] = []

    def __init__(self, max_workers: int) -> None:
        self.asked.append(max_workers)
        super().__init__(max_workers=max_workers)


def test_item_7_a_simulation_opens_no_more_workers_than_chunks(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _Recording.asked = []
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", _Recording)
    simulate("bank", players=2, games=2, seed=1, workers=limits.MAX_WORKERS)
    assert _Recording.asked == [2]
    with pytest.raises(CardrulesError, match="from 1 to 64"):
        simulate("bank", players=2, games=2, seed=1, workers=300)


def test_item_7_a_study_opens_no_more_workers_than_chunks(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _Recording.asked = []
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", _Recording)
    plan = StudyPlan(variant="bank", players=2, games=2, seed=1,
                     settings=(Setting(label="as given"),))
    play_plan(plan, workers=limits.MAX_WORKERS)
    assert _Recording.asked == [len(plan.chunks())] and len(plan.chunks()) <= 2
    with pytest.raises(CardrulesError, match="from 1 to 64"):
        play_plan(plan, workers=100_000)


@pytest.mark.parametrize("spec", ["ismcts:0", "ismcts:1000001", "ismcts:0s", "ismcts:61s",
                                  "ismcts:infs", "ismcts:-1s"])
def test_item_7_search_budgets_are_bounded(spec: str) -> None:
    with pytest.raises(CardrulesError, match=r"from 1 to 1000000 .* at most 60"):
        make_bot(spec)
    assert make_bot("ismcts:1000000") is not None and make_bot("ismcts:60s") is not None
