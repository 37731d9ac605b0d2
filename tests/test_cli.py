"""The command line: validate, options, simulate, play (piped stdin) and replay."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import cardrules
from cardrules.tools.cli import main
from cardrules.tools.render import can_encode_symbols

FIXTURES = Path(__file__).parent / "fixtures" / "variants"
ROOT = Path(__file__).resolve().parent.parent


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def _loads(name: str) -> None:
    try:
        cardrules.load(name)
    except Exception as exc:
        pytest.skip(f"{name} does not load: {exc}")


# -- validate ------------------------------------------------------------------------

def test_validate_ok(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "validate", str(ROOT / "variants" / "bank.yaml"))
    assert status == 0 and out.strip().endswith("bank.yaml: ok")


def test_validate_failing_file_lists_located_errors(capsys: pytest.CaptureFixture[str],
                                                    tmp_path: Path) -> None:
    bad = tmp_path / "house.yaml"
    bad.write_text("extends: bank\noptions:\n  seven: sometimes\n")
    good = tmp_path / "good.yaml"
    good.write_text("extends: bank\noptions: {seven: nothing}\n")
    status, out, _ = _run(capsys, "validate", str(good), str(bad))
    assert status == 1
    assert f"{good}: ok" in out
    assert f"{bad}: 1 problem" in out
    assert f"{bad}:3:" in out and "$.options.seven" in out and "skip" in out


def test_validate_checks_every_option_value(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    """A value whose patch breaks the file is reported, located, with the option named;
    the defaults alone would pass."""
    house = tmp_path / "house.yaml"
    whist = (ROOT / "variants" / "whist.yaml").read_text(encoding="utf-8")
    house.write_text(whist.replace("options:\n", "options:\n"
                                   "  pace:\n"
                                   "    description: How fast.\n"
                                   "    default: usual\n"
                                   "    values:\n"
                                   "      usual: {}\n"
                                   "      broken:\n"
                                   "        play: {lead: {max_cards: many}}\n", 1))
    line = whist.splitlines().index("options:") + 8
    cardrules.load(house)
    status, out, _ = _run(capsys, "validate", str(house))
    assert status == 1 and f"{house}: ok" not in out
    assert f"{house} with option pace=broken: 1 problem" in out
    assert "max_cards" in out and f"{house}:{line}:" in out


def test_validate_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = _run(capsys, "validate", str(tmp_path / "none.yaml"))
    assert status == 1 and "none.yaml" in out and "Traceback" not in out + err


# -- options -------------------------------------------------------------------------

def test_options_lists_every_bank_option(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "options", "bank")
    assert status == 0
    game = cardrules.load("bank")
    for option in game.variant.options:
        assert f"{option.name}: {option.description}" in out
        for value, note in option.descriptions.items():
            assert f"{value}: {note}" in out
    assert "value in force: 248" in out


def test_options_of_a_house_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("extends: bank\noptions: {seven: nothing, target: 500}\n")
    status, out, _ = _run(capsys, "options", "--file", str(house))
    assert status == 0 and "value in force: 500" in out and "value in force: nothing" in out


# -- simulate ------------------------------------------------------------------------

@pytest.mark.parametrize("players", ["2", "4"])
def test_simulate_json_is_repeatable(capsys: pytest.CaptureFixture[str], players: str) -> None:
    argv = ["simulate", "bank", "--players", players, "--games", "50", "--seed", "1", "--json"]
    first = _run(capsys, *argv)
    second = _run(capsys, *argv)
    assert first == second and first[0] == 0
    data = json.loads(first[1])
    assert data["games"] == 50 and data["players"] == int(players)


def test_simulate_table_options_and_compare(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "simulate", "bank", "--players", "2", "--games", "20",
                          "--seed", "3", "--bots", "greedy,random", "--option",
                          "trumps=two", "--option", "trump_suits=[H, C]")
    assert status == 0 and "greedy" in out and "win rate" in out
    status, out, _ = _run(capsys, "simulate", "bank", "--players", "2", "--games", "10",
                          "--seed", "3", "--compare", "seven=skip,nothing", "--json")
    data = json.loads(out)
    assert status == 0 and data["values"] == ["skip", "nothing"]
    assert [r["options"]["seven"] for r in data["results"]] == ["skip", "nothing"]
    status, out, _ = _run(capsys, "simulate", "bank", "--players", "2", "--games", "10",
                          "--seed", "3", "--compare", "seven=skip,nothing")
    assert "side by side" in out


def test_simulate_csv(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "simulate", "bank", "--players", "3", "--games", "10",
                          "--seed", "2", "--csv")
    assert status == 0 and len(out.splitlines()) == 4


@pytest.mark.parametrize("argv, message", [
    (["simulate", "bank", "--games", "2", "--option", "seven=often"], "seven"),
    (["simulate", "bank", "--games", "2", "--option", "seven"], "KEY=VALUE"),
    (["play", "nosuchgame"], "nosuchgame"),
    (["replay", "/nonexistent/record.json"], "cannot read record"),
])
def test_errors_are_clean(capsys: pytest.CaptureFixture[str], argv: list[str],
                          message: str) -> None:
    status, _, err = _run(capsys, *argv)
    assert status == 1 and message in err and "Traceback" not in err


@pytest.mark.parametrize("argv, message", [
    (["simulate", "bank", "--players", "5", "--games", "2"], "for 2 to 4 players, not 5"),
    (["simulate", "bank", "--games", "2", "--bots", "clever"], "unknown bot"),
])
def test_usage_errors_are_clean(capsys: pytest.CaptureFixture[str], argv: list[str],
                                message: str) -> None:
    status, _, err = _run(capsys, *argv)
    assert status == 2 and message in err and "Traceback" not in err
    assert err.count("\n") == 1


# -- play and replay -------------------------------------------------------------------

def _play(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
          argv: list[str], lines: list[str]) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    status, out, err = _run(capsys, "play", *argv)
    assert "Traceback" not in err
    return status, out


def _whole_game(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                tmp_path: Path, argv: list[str], illegal: str) -> None:
    mid, final = tmp_path / "mid.json", tmp_path / "game.json"
    lines = [illegal, "?", "? draw", "99", "1", "undo", f"save {mid}"] + ["1"] * 400 + [
        f"save {final}", "quit"]
    status, out = _play(capsys, monkeypatch, [*argv, "--ascii"], lines)
    assert status == 0
    assert "illegal: " in out and "no move 99" in out and "took back your last move" in out
    assert f"actions to {mid}" in out and mid.exists()
    assert "game over" in out and final.exists()
    # the end is told once: the summary, not the summary and then a result line too
    summaries = [line for line in out.splitlines() if line.startswith(("Deal over",
                                                                       "Match over"))]
    assert len(summaries) == 1
    assert not any(line.startswith(("deal over", "match over")) for line in out.splitlines())
    status, replayed, _ = _run(capsys, "replay", str(final), "--ascii")
    assert status == 0 and replayed.splitlines()[-1].startswith(("deal over", "match over"))
    status, partial, _ = _run(capsys, "replay", str(final), "--to", "3", "--seat", "1")
    assert status == 0 and partial.startswith("3. ")


def test_play_a_whole_bank_deal(capsys: pytest.CaptureFixture[str],
                                monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _whole_game(capsys, monkeypatch, tmp_path,
                ["bank", "--players", "2", "--seed", "5", "--option",
                 "trump_assignment=seat"], illegal="pass")


def test_play_a_whole_bura_deal(capsys: pytest.CaptureFixture[str],
                                monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _loads("bura")
    _whole_game(capsys, monkeypatch, tmp_path, ["bura", "--players", "2", "--seed", "5"],
                illegal="pass")


def test_play_ends_cleanly_at_end_of_input(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    status, out = _play(capsys, monkeypatch, ["bank", "--players", "3", "--seed", "2",
                                              "--seat", "1", "--bots", "random"], ["1"])
    assert status == 0 and "end of input: game abandoned" in out


def test_play_a_match_with_symbols(capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    status, out = _play(capsys, monkeypatch, ["bank", "--players", "2", "--seed", "1",
                                              "--match", "--option", "target=40"],
                        ["1"] * 800 + ["quit"])
    assert status == 0 and "Match: deal 1" in out
    assert "Match over after" in out and "match over after" not in out
    assert [line for line in out.splitlines() if line == "Deal 1 over"] == ["Deal 1 over"]
    if can_encode_symbols(sys.stdout.encoding):
        assert any(symbol in out for symbol in "♠♥♦♣")


def test_python_dash_m(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "cardrules", "validate",
                           str(ROOT / "variants" / "bank.yaml")], capture_output=True,
                          text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": ""},
                          check=False)
    assert done.returncode == 0 and done.stdout.strip().endswith("ok")


def test_spaces_shows_the_action_index_and_observation_layout(
        capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "spaces", "bura", "--players", "3", "--option", "hand_size=3")
    assert status == 0
    game = cardrules.load("bura", players=3, options={"hand_size": 3})
    assert out.splitlines()[0] == (f"bura, 3 players: {game.action_space.size} action indices, "
                                   f"observations of {game.observation.size} values")
    assert "              0  pass" in out
    assert "declare moscow: 3 of 4 cards" in out
    assert "CardsBySeat hands" in out
    # Every index and every position is covered once, in order.
    for parts, size in ((game.action_space.parts(), game.action_space.size),
                        (game.observation.parts(), game.observation.size)):
        starts = [start for start, _, _ in parts]
        assert starts[0] == 0 and sum(count for _, count, _ in parts) == size
        assert all(a + n == b for (a, n, _), b in zip(parts, starts[1:]))


def test_resume_refuses_arguments_the_record_already_fixes(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = _run(capsys, "play", "bura", "--seed", "3", "--resume",
                          str(tmp_path / "game.json"))
    assert status == 2 and "drop VARIANT, --seed" in err


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_play_levels_seat_their_bots(capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch, level: str) -> None:
    from cardrules.tools.cli import LEVELS

    argv = ["bura", "--players", "2", "--seed", "3", "--seat", "1", "--ascii"]
    moves = ["1"] * 6 + ["quit"]
    status, by_level = _play(capsys, monkeypatch, [*argv, "--level", level], moves)
    status2, by_name = _play(capsys, monkeypatch, [*argv, "--bots", LEVELS[level]], moves)
    assert status == status2 == 0 and by_level == by_name
    assert "illegal" not in by_level
