"""Pre-parsed shipped variant files (:mod:`cardrules.loader.preparsed`): the same data
and marks as a parse, read only for a shipped file's very bytes, current with the
shipped files, and a shipped game loads without PyYAML."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cardrules.loader import yamlsafe
from cardrules.loader.preparsed import PARSED_DIR, digest_of, pre_parsed
from cardrules.loader.resources import data_dir
from cardrules.loader.yamlsafe import parse_yaml
from cardrules.tools.preparsed import main

SHIPPED = sorted(data_dir("variants").glob("*.yaml"))


def _same(a: Any, b: Any) -> None:
    """Equal, and of the same types all the way down (dicts in the same order)."""
    assert type(a) is type(b)
    if isinstance(a, dict):
        assert list(a) == list(b)
        for key in a:
            _same(a[key], b[key])
    elif isinstance(a, list):
        assert len(a) == len(b)
        for x, y in zip(a, b, strict=True):
            _same(x, y)
    else:
        assert a == b


def test_the_pre_parsed_files_are_current() -> None:
    """Fails while a shipped variant file changed since they were written: run
    ``python -m cardrules.tools.preparsed``."""
    assert main(["--check"]) == 0, \
        "a shipped variant file changed: run python -m cardrules.tools.preparsed"


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_a_pre_parsed_file_is_what_a_parse_makes(path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    raw = path.read_bytes()
    found = pre_parsed(raw, str(path))
    assert found is not None
    loaded = parse_yaml(raw, file=str(path))  # from the pre-parsed file
    monkeypatch.setattr(yamlsafe, "_shipped", lambda data, file: None)
    yamlsafe._parsed.cache_clear()
    try:
        data, marks = parse_yaml(raw, file=str(path))  # parsed
    finally:
        yamlsafe._parsed.cache_clear()
    for got in (found, loaded):
        _same(got[0], data)
        assert list(got[1].items()) == list(marks.items())


def test_other_bytes_are_parsed() -> None:
    raw = SHIPPED[0].read_bytes()
    changed = raw + b"\n# a comment\n"
    assert pre_parsed(changed, "x.yaml") is None
    assert parse_yaml(changed, file="x.yaml")[0] == parse_yaml(raw, file="x.yaml")[0]
    assert len(list(PARSED_DIR.glob("*.json"))) == len(SHIPPED)
    assert {digest_of(p.read_bytes()) for p in SHIPPED} == \
        {p.stem for p in PARSED_DIR.glob("*.json")}
    assert parse_yaml(raw, file="x.yaml") == pre_parsed(raw, "x.yaml")


def test_a_shipped_game_loads_without_pyyaml() -> None:
    code = ("import sys, cardrules; cardrules.load('hearts'); cardrules.load('bank-quick'); "
            "cardrules.load('bridge'); print('yaml' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.split() == ["False"]
