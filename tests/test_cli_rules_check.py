"""``cardrules rules`` and ``cardrules check`` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardrules.engine.record import GameRecord
from cardrules.tools.cli import main

BROKEN = Path(__file__).parent / "fixtures" / "broken_variants"


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    return status, capsys.readouterr().out


def test_rules_differ_exactly_where_the_option_changes_them(
        capsys: pytest.CaptureFixture[str]) -> None:
    _, base = _run(capsys, "rules", "bank")
    _, changed = _run(capsys, "rules", "bank", "--option", "seven=nothing")
    removed = [line for line in base.splitlines() if line not in changed.splitlines()]
    added = [line for line in changed.splitlines() if line not in base.splitlines()]
    assert [line[:40] for line in removed] == [
        "- When a turn ends with a 7 on top, the ", "- seven = skip: they lose their turn; th"]
    assert [line[:20] for line in added] == ["- seven = nothing: n"]


def test_rules_of_a_house_rule_file(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _run(capsys, "rules", "--file", "examples/house-rules.yaml")
    assert status == 0
    assert "No trumps." in out and "cost their card points plus 31" in out


def test_check_passes_and_prints_figures(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _run(capsys, "check", "bank", "--games", "6", "--seed", "1", "--json")
    figures = json.loads(out)
    assert status == 0 and figures["ok"] and figures["games"] == 6
    assert figures["bots"] == ["random", "greedy", "ismcts"]


def test_check_with_chosen_players_bots_and_leak_share(
        capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _run(capsys, "check", "switch", "--games", "2", "--players", "2,3",
                       "--bots", "greedy", "--leaks", "0.25", "--json")
    figures = json.loads(out)
    assert status == 0 and figures["ok"]
    assert figures["players"] == [2, 3] and figures["bots"] == ["greedy"]
    assert figures["leak_share"] == 0.25
    status, out = _run(capsys, "check", "switch", "--games", "1", "--leaks", "0.5")
    assert status == 0 and "views searched for leaks in 50% of the states" in out


@pytest.mark.parametrize("argv", [
    ("--bots", "random,nobody"), ("--bots", "greedy,greedy"), ("--leaks", "0"),
    ("--leaks", "2"), ("--players", "two"), ("--players", "2,2")])
def test_check_refuses_bad_players_bots_and_shares(
        capsys: pytest.CaptureFixture[str], argv: tuple[str, str]) -> None:
    with pytest.raises(SystemExit) if argv[0] != "--bots" else _no_exit():
        status = main(["check", "bank", "--games", "1", *argv])
        assert status == 2
    assert argv[1] in capsys.readouterr().err


class _no_exit:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> bool:
        return False


def test_check_of_a_broken_variant_fails_with_a_replayable_record(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_file = tmp_path / "failure.json"
    status, out = _run(capsys, "check", str(BROKEN / "never_ends.yaml"), "--games", "4",
                       "--bound", "250", "--out", str(out_file))
    assert status == 1
    assert "FAILED: a deal did not end within 250 actions" in out
    record = GameRecord.read(out_file)
    assert len(record.actions) >= 250
    status, out = _run(capsys, "replay", str(out_file), "--to", "3")
    assert status == 0
