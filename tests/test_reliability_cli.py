"""The command line under hostile use: odd digits at the prompt, huge input, impossible
arguments, unwritable outputs, floods of problems, and undo after the hands are shown."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from cardrules.errors import CardrulesError
from cardrules.loader.resources import builtin_variants
from cardrules.tools.check import run_check
from cardrules.tools.cli import MAX_PROBLEMS_SHOWN, main
from cardrules.tools.sanitize import LINE_LIMIT
from cardrules.tools.simulate import simulate

BROKEN = Path(__file__).parent / "fixtures" / "broken_variants"
PLAY = ["play", "bank", "--players", "2", "--seed", "5", "--ascii",
        "--option", "trump_assignment=seat"]


def _play(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
          lines: list[str], argv: list[str] = PLAY) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    status = main(argv)
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return status, out


@pytest.mark.parametrize("typed", ["²", "①", "٣", "１", "0" * 5000 + "1", "9" * 5000],
                         ids=["superscript", "circled", "arabic-indic", "fullwidth",
                              "5000-digit 1", "5000 nines"])
def test_unicode_and_huge_digits_at_the_prompt_do_not_end_the_session(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        typed: str) -> None:
    status, out = _play(capsys, monkeypatch, [typed, "quit"])
    assert status == 0 and "game abandoned" in out
    assert "unknown action" in out or "no move" in out


def test_a_huge_line_at_the_prompt_is_not_echoed_whole(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    status, out = _play(capsys, monkeypatch, ["play " + "x" * 10_000_000, "quit"])
    assert status == 0
    assert max(len(line) for line in out.splitlines()) <= LINE_LIMIT + 1
    assert "…" in out or "at most 400 characters" in out  # cut, or refused unread


def test_undo_is_refused_once_the_game_is_over(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    status, out = _play(capsys, monkeypatch, ["1"] * 400 + ["undo", "quit"])
    assert status == 0
    over = out.index("Deal over")
    after = out[over:]
    assert "cannot undo: the game is over and every hand has been shown" in after
    assert "took back" not in after and "your turn" not in after
    assert after.rstrip().endswith("bye")


def test_check_refuses_zero_games(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["check", "bank", "--games", "0"])
    assert exit_.value.code == 2
    out, err = capsys.readouterr()
    assert "every check passed" not in out and "from 1 to" in err
    with pytest.raises(CardrulesError, match="at least 1 game"):
        run_check("bank", games=0)


def test_check_with_an_unwritable_out_keeps_the_summary_and_fails_clearly(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_path = tmp_path / "no" / "such" / "dir" / "failure.json"
    status = main(["check", str(BROKEN / "never_ends.yaml"), "--games", "1", "--bound", "60",
                   "--out", str(out_path)])
    out, err = capsys.readouterr()
    assert status == 1 and "Traceback" not in err
    assert "FAILED: a deal did not end within 60 actions" in out
    assert "smallest failing game" in out and "written to" not in out
    assert f"cannot write the failing game to {out_path}" in err


def test_check_json_with_an_unwritable_out_reports_the_write_error(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_path = tmp_path / "missing" / "failure.json"
    status = main(["check", str(BROKEN / "never_ends.yaml"), "--games", "1", "--bound", "60",
                   "--out", str(out_path), "--json"])
    out, err = capsys.readouterr()
    figures = json.loads(out)
    assert status == 1 and not figures["ok"] and figures["record"] is None
    assert "cannot write" in figures["record_error"] and "cannot write" in err


@pytest.mark.parametrize("compare", ["seven=", "seven", "=nothing", " =a,b"])
def test_simulate_compare_without_values_is_a_usage_error(
        capsys: pytest.CaptureFixture[str], compare: str) -> None:
    status = main(["simulate", "bank", "--games", "2", "--compare", compare])
    err = capsys.readouterr().err
    assert status == 2 and "usage error" in err and "--compare OPTION=V1,V2" in err
    assert "Traceback" not in err


def test_validate_caps_the_problems_it_prints(capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path) -> None:
    text = builtin_variants()["bank"].read_text("utf-8")
    path = tmp_path / "many.yaml"
    path.write_text(text + "".join(f"junk{i}: 1\n" for i in range(500)), encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"{path}: 500 problems"
    assert len(lines) == MAX_PROBLEMS_SHOWN + 2
    assert lines[-1] == f"… and {500 - MAX_PROBLEMS_SHOWN} more problems"


def test_a_failing_load_caps_its_problems_too(capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path) -> None:
    text = builtin_variants()["bank"].read_text("utf-8")
    path = tmp_path / "many.yaml"
    path.write_text(text + "".join(f"junk{i}: 1\n" for i in range(500)), encoding="utf-8")
    assert main(["rules", "--file", str(path)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == MAX_PROBLEMS_SHOWN + 1 and err[-1].startswith("… and ")


def test_simulate_refuses_bad_seeds_as_a_library_too() -> None:
    with pytest.raises(CardrulesError, match="2\\*\\*64-1"):
        simulate("bank", players=2, games=2, seed=-1)


def _study_out(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "file").write_text("x")
    return {"an existing file": str(tmp_path / "file"), "/dev/null": "/dev/null",
            "a path under a file": str(tmp_path / "file" / "sub"),
            "a deeper path under a file": str(tmp_path / "file" / "sub" / "deeper")}


@pytest.mark.parametrize("case", ["an existing file", "/dev/null", "a path under a file",
                                  "a deeper path under a file"])
def test_item_9_study_out_that_cannot_be_a_folder_is_a_usage_error(
        case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 29, item 9: these ended in a FileExistsError or NotADirectoryError traceback."""
    out = _study_out(tmp_path)[case]
    assert main(["study", "bank", "--games", "2", "--out", out]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardrules: usage error: --out") and "not a folder" in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert (tmp_path / "file").read_text() == "x"


@pytest.mark.parametrize(("argv", "message"), [
    (["--backend", "ray", "--address", "file:///x"], "is not a Ray cluster address"),
    (["--address", "localhost:6379"], "use it with --backend ray"),
])
def test_item_9_a_study_address_that_is_not_a_ray_cluster_is_a_usage_error(
        argv: list[str], message: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 29, item 9: --address file:///x ended in a RuntimeError traceback from Ray."""
    out = tmp_path / "report"
    assert main(["study", "bank", "--games", "2", "--out", str(out), *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err
    assert not out.exists()
