"""A study resumes only from a checkpoint that fits its plan (issue 29, item 8): every line
of games.jsonl is checked against the chunk schema and the plan before use."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardrules.tools.cli import main

ARGS = ["study", "bank", "--players", "2", "--games", "4", "--seed", "3", "--no-plots"]


def _edit_game(change: Callable[[dict[str, Any]], None]) -> Callable[[list[str]], list[str]]:
    def edit(lines: list[str]) -> list[str]:
        data = json.loads(lines[0])
        change(data["games"][0])
        return [json.dumps(data), *lines[1:]]
    return edit


def _twelve(lines: list[str]) -> list[str]:
    data = json.loads(lines[0])
    data["games"] = data["games"] * 3
    return [json.dumps(data), *lines[1:]]


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda game: game.__setitem__(key, value)


EDITS: dict[str, tuple[Callable[[list[str]], list[str]], str]] = {
    "twelve games in a chunk of four": (_twelve, "should hold 4 games, not 12"),
    "negative actions": (_edit_game(_set("actions", [-5])), "actions[0]: -5 is less than"),
    "a bare NaN": (lambda lines: [lines[0].replace('"scores": [', '"scores": [NaN, ', 1)],
                   "not a line of JSON (NaN is not a JSON number)"),
    "string scores": (_edit_game(_set("scores", ["7", "0"])), "scores[0]: '7' is not of type"),
    "three scores for two players": (_edit_game(_set("scores", [1, 2, 3])),
                                     "scores: 3 entries for 2 players"),
    "a seat that is not one": (_edit_game(_set("winners", [5])), "a seat outside 0 to 1"),
    "a chunk given twice": (lambda lines: [*lines, lines[0]], "are given twice"),
    "a broken line before others": (lambda lines: ["{not json", *lines],
                                    ":1: not a line of JSON"),
    "a line that is not an object": (lambda lines: ["[1, 2]", *lines], "is not of type 'object'"),
}


@pytest.mark.parametrize("case", sorted(EDITS))
def test_item_8_an_edited_checkpoint_is_refused_naming_file_and_line(
        case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Item 8: 12 games were counted for a 4-game plan, 'actions: -5' reported, a bare NaN
    written to results.json, and string scores ended in a TypeError traceback."""
    args = [*ARGS, "--out", str(tmp_path)]
    assert main(args) == 0
    saved = tmp_path / "games.jsonl"
    results = (tmp_path / "results.json").read_text()
    edit, message = EDITS[case]
    saved.write_text("\n".join(edit(saved.read_text().splitlines())) + "\n")
    capsys.readouterr()
    assert main(args) == 1
    err = capsys.readouterr().err
    assert f"{saved}:" in err and message in err, err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "--fresh" in err
    assert (tmp_path / "results.json").read_text() == results
    assert main([*args, "--fresh"]) == 0


def test_item_8_chunks_of_another_number_of_games_are_left_unused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A checkpoint of the same plan played for 6 games is not counted in a 4-game run."""
    assert main([*(a if a != "4" else "6" for a in ARGS), "--out", str(tmp_path)]) == 0
    assert main([*ARGS, "--out", str(tmp_path)]) == 0
    results = json.loads((tmp_path / "results.json").read_text())
    assert "4 deals" in capsys.readouterr().out
    assert all(s["games"] == 4 for s in results["summaries"].values())
