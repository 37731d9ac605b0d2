"""Deliberately broken rule files: each gives its specific, located error (issue: foundation)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import cardrules

BROKEN = sorted((Path(__file__).parent / "broken").glob("*.yaml"))


def _expectation(path: Path) -> tuple[str, int]:
    text = path.read_text(encoding="utf-8")
    expect = re.search(r"^# expect: (.+)$", text, re.M)
    line = re.search(r"^# line: (\d+)$", text, re.M)
    assert expect and line, f"{path.name} must say '# expect:' and '# line:'"
    return expect.group(1), int(line.group(1))


def test_corpus_is_large_enough() -> None:
    assert len(BROKEN) >= 12


@pytest.mark.parametrize("path", BROKEN, ids=[p.stem for p in BROKEN])
def test_broken_file_is_refused_with_located_error(path: Path) -> None:
    expect, line = _expectation(path)
    with pytest.raises(cardrules.VariantError) as caught:
        cardrules.load(path)
    problems = caught.value.problems
    assert any(expect in p.message for p in problems), str(caught.value)
    hit = next(p for p in problems if expect in p.message)
    assert hit.file.endswith(path.name), hit
    assert hit.line == line, str(caught.value)
    assert hit.path.startswith("$")


def test_python_tag_executes_nothing() -> None:
    marker = Path("/tmp/cardrules-pwned")
    marker.unlink(missing_ok=True)
    with pytest.raises(cardrules.VariantError):
        cardrules.load(Path(__file__).parent / "broken" / "python_tag.yaml")
    assert not marker.exists()
