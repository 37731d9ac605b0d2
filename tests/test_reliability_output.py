"""Text from rule files, records and user input never reaches the terminal raw.

Everything the command prints passes through :func:`cardrules.tools.sanitize.printable`:
control characters (terminal escapes such as OSC window titles, OSC 52 clipboard writes,
screen clears), bidirectional overrides and lone surrogates are escaped visibly, and
over-long lines are cut with an ellipsis.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from cardrules.loader.resources import builtin_variants
from cardrules.tools.cli import main
from cardrules.tools.sanitize import LINE_LIMIT, SafeStream, guard, printable

ATTACKS = ["\x1b]0;pwned\x07", "\x1b]52;c;ZXZpbA==\x07", "\x1b[2J", "\x9b31m", "\u202e",
           "\u2028", "\x00", "\r"]
RAW = ("\x1b", "\x07", "\x9b", "\u202e", "\u2028", "\x00", "\r")


def _hostile_bank(tmp_path: Path) -> Path:
    """bank.yaml with escape sequences in every text a rule file can show."""
    data: dict[str, Any] = yaml.safe_load(builtin_variants()["bank"].read_text("utf-8"))
    evil = "".join(ATTACKS)
    data["name"] = "evil"
    data["title"] = f"Evil{evil}title"
    data["description"] = f"desc{evil}"
    data["references"] = {key: f"B{evil}" for key in data["references"]}
    data["play"]["pile"] = "bank\x1b]0;p\x07"  # names are at most 40 characters
    for option in data["options"].values():
        option["description"] = f"opt{evil}"
        for value in option.get("value_descriptions", {}):
            option["value_descriptions"][value] = f"val{evil}"
    path = tmp_path / "evil.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=False), encoding="utf-8")
    return path


def _assert_clean(text: str) -> None:
    for char in RAW:
        assert char not in text, f"{char!r} reached the terminal"


@pytest.mark.parametrize("attack", ATTACKS)
def test_printable_escapes_every_attack_visibly(attack: str) -> None:
    shown = printable(f"a{attack}b")
    _assert_clean(shown)
    assert shown.startswith("a\\") and shown.endswith("b")


def test_printable_keeps_newlines_and_plain_text() -> None:
    assert printable("Bank · ♠ ♥ — Бура\nline two") == "Bank · ♠ ♥ — Бура\nline two"


def test_printable_cuts_long_lines_with_an_ellipsis() -> None:
    shown = printable("x" * 10_000_000 + "\nshort")
    first, second = shown.split("\n")
    assert len(first) == LINE_LIMIT + 1 and first.endswith("…") and second == "short"


def test_a_cut_never_splits_an_escape() -> None:
    assert printable("ab\x1bcd", limit=4) == "ab…"


def test_a_lone_surrogate_does_not_crash_printing() -> None:
    raw = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")
    print("x\udc80y", file=guard(raw))
    raw.flush()
    assert raw.buffer.getvalue() == b"x\\udc80y\n"  # type: ignore[attr-defined]


def test_text_an_ascii_terminal_cannot_show_is_escaped_not_a_crash() -> None:
    raw = io.TextIOWrapper(io.BytesIO(), encoding="ascii", errors="strict")
    safe = SafeStream(raw, limit=5)
    print("Бура♠ and more", file=safe)
    raw.flush()
    assert raw.buffer.getvalue() == b"\\u0411\\u0443\\u0440\\u0430\\u2660...\n"  # type: ignore[attr-defined]


def test_lines_written_in_pieces_are_cut_once() -> None:
    out = io.StringIO()
    safe = SafeStream(out, limit=10)
    for _ in range(5):
        safe.write("abcdef")
    safe.write("\nnext")
    assert out.getvalue() == "abcdefabcd…\nnext"


def test_guard_does_not_wrap_twice() -> None:
    safe = guard(io.StringIO())
    assert guard(safe) is safe


@pytest.mark.parametrize("command", ["rules", "options"])
def test_rules_and_options_escape_rule_file_text(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str) -> None:
    path = _hostile_bank(tmp_path)
    status = main([command, "--file", str(path)])
    out, err = capsys.readouterr()
    assert status == 0, err
    _assert_clean(out + err)
    assert "\\x1b]0;pwned\\x07" in out


def test_play_escapes_rule_file_text_and_echoed_input(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    path = _hostile_bank(tmp_path)
    lines = ["\x1b]0;typed\x07", "? \x1b[2J", "x" * 100_000, "quit"]
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    status = main(["play", "--file", str(path), "--players", "2", "--seed", "3", "--ascii",
                   "--option", "trump_assignment=seat"])
    out, err = capsys.readouterr()
    assert status == 0, err
    _assert_clean(out + err)
    assert "Evil\\x1b]0;pwned\\x07" in out and "\\x1b]0;typed\\x07" in out
    assert max(len(line) for line in out.splitlines()) <= LINE_LIMIT + 1
    assert "Bank\\x1b]0;p\\x07" in out  # the pile's name


def test_validate_and_usage_errors_escape_file_names_and_arguments(
        capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["validate", "no\x1b]0;x\x07such\udc80.yaml"])
    out, err = capsys.readouterr()
    assert status == 1
    _assert_clean(out + err)
    assert "no\\x1b]0;x\\x07such\\udc80.yaml" in out
    with pytest.raises(SystemExit):
        main(["validate", "a.yaml", "--bad\x1b[2J"])
    _, err = capsys.readouterr()
    _assert_clean(err)
    assert "--bad\\x1b[2J" in err


def test_stdout_is_restored_after_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    before = sys.stdout, sys.stderr
    main(["options", "bank"])
    assert (sys.stdout, sys.stderr) == before
