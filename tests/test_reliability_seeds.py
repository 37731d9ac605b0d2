"""Seeds out of range are refused with a clear error at every public entry."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import cardrules
from cardrules.engine.game import MAX_SEED
from cardrules.engine.record import GameRecord
from cardrules.errors import CardrulesError, RecordError, SeedError
from cardrules.tools.cli import main

BAD_SEEDS = [-1, 2**64, 10**5000, True, 1.5, "7"]


@pytest.mark.parametrize("seed", BAD_SEEDS, ids=["-1", "2**64", "10**5000", "True", "1.5",
                                                   "str"])
def test_new_deal_and_new_match_refuse_seeds_out_of_range(seed: object) -> None:
    game = cardrules.load("bank", players=2)
    for start in (game.new_deal, game.new_match):
        with pytest.raises(SeedError, match=r"a seed is a whole number from 0 to 2\*\*64-1"):
            start(seed)  # type: ignore[arg-type]


def test_the_extreme_seeds_are_accepted() -> None:
    game = cardrules.load("bura", players=2)
    for seed in (0, MAX_SEED):
        assert not game.new_deal(seed).is_over
        assert not game.new_match(seed).is_over


def test_seed_errors_are_cardrules_errors() -> None:
    assert issubclass(SeedError, CardrulesError)


@pytest.mark.parametrize("seed", [-1, 2**64], ids=["-1", "2**64"])
def test_a_record_with_a_seed_out_of_range_is_refused(tmp_path: Path, seed: int) -> None:
    game = cardrules.load("bank", players=2)
    data = GameRecord.of(game, seed=1, actions=()).to_json()
    data["seed"] = seed
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match="seed"):
        GameRecord.read(path)


@pytest.mark.parametrize("command", [["play", "bank"], ["simulate", "bank"],
                                     ["check", "bank"]])
@pytest.mark.parametrize("seed", ["-1", str(2**64)], ids=["-1", "2**64"])
def test_the_command_line_refuses_seeds_out_of_range(
        capsys: pytest.CaptureFixture[str], command: list[str], seed: str) -> None:
    with pytest.raises(SystemExit) as exit_:
        main([*command, "--seed", seed])
    err = capsys.readouterr().err
    assert exit_.value.code == 2
    assert "a seed is a whole number from 0 to 2**64-1" in err and "Traceback" not in err


def test_replay_of_a_record_with_a_negative_seed_is_a_clean_error(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    game = cardrules.load("bank", players=2)
    data = GameRecord.of(game, seed=1, actions=()).to_json()
    data["seed"] = -1
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    status = main(["replay", str(path)])
    err = capsys.readouterr().err
    assert status == 1 and "2**64-1" in err
