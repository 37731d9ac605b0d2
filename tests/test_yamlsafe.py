"""Tests of cardrules.loader.yamlsafe: plain data, marks, and the hostile-YAML corpus."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules.errors import Problem, VariantError
from cardrules.loader.yamlsafe import (
    MAX_DEPTH,
    MAX_FILE_BYTES,
    MAX_NODES,
    Mark,
    format_path,
    parse_yaml,
)

HOSTILE = Path(__file__).parent / "hostile"


def rejected(data: bytes | str, file: str = "f.yaml") -> Problem:
    """Parse ``data``, expecting exactly one problem, found within a few seconds of CPU
    time: a guard against runaway parsing (a hostile file stopped only after building
    it whole), not a speed measurement, so the bound leaves room for a loaded machine
    (a typical refusal takes well under a tenth of a second)."""
    start = time.process_time()
    with pytest.raises(VariantError) as info:
        parse_yaml(data, file=file)
    assert time.process_time() - start < 5.0
    (problem,) = info.value.problems
    assert problem.file == file
    return problem


# file, words of the message, line, column (0: not checked), path
HOSTILE_CASES = [
    ("billion_laughs.yaml", "anchors and aliases are not allowed in rule files", 1, 4, "$.a"),
    ("python_object.yaml", "tag !!python/object/apply:os.system is not allowed", 2, 10,
     "$.players"),
    ("python_name.yaml", "tag !!python/name:os.system is not allowed", 2, 7, "$.hook"),
    ("duplicate_keys.yaml", "duplicate key 'players' (first on line 2, again on line 4)", 4, 1,
     "$.players"),
    ("invalid_utf8.yaml", "file is not valid UTF-8 (bad byte 0xff)", 3, 10, "$"),
    ("empty.yaml", "file is empty", 1, 1, "$"),
    ("comments_only.yaml", "file is empty", 1, 1, "$"),
    ("top_level_list.yaml", "the top level must be a mapping", 1, 1, "$"),
    ("tab_indent.yaml", "indent with spaces, not tabs", 3, 1, "$"),
    ("custom_tag.yaml", "tag !players is not allowed", 2, 10, "$.players"),
    ("huge_int.yaml", "number too large", 2, 10, "$.players"),
    ("timestamp_tag.yaml", "tag !!timestamp is not allowed", 2, 10, "$.started"),
    ("binary_tag.yaml", "tag !!binary is not allowed", 2, 7, "$.blob"),
    ("set_tag.yaml", "tag !!set is not allowed", 2, 8, "$.suits"),
    ("infinity.yaml", "infinite and NaN numbers are not allowed", 2, 9, "$.target"),
    ("collection_key.yaml", "mapping keys must be strings; found a list key", 2, 1, "$"),
    ("boolean_key.yaml", "mapping keys must be strings; found a boolean key 'yes'", 2, 1, "$"),
    ("two_documents.yaml", "expected a single document", 2, 1, "$"),
]


@pytest.mark.parametrize(("name", "words", "line", "column", "path"), HOSTILE_CASES,
                         ids=[case[0] for case in HOSTILE_CASES])
def test_hostile_corpus_is_rejected(name: str, words: str, line: int, column: int,
                                    path: str) -> None:
    problem = rejected((HOSTILE / name).read_bytes(), file=name)
    assert words in problem.message
    assert (problem.line, problem.column, problem.path) == (line, column, path)


def test_every_hostile_file_has_a_case() -> None:
    assert {p.name for p in HOSTILE.iterdir()} == {case[0] for case in HOSTILE_CASES}


def test_python_tags_execute_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    rejected((HOSTILE / "python_object.yaml").read_bytes())
    target = tmp_path / "made-by-yaml"
    rejected(f"a: !!python/object/apply:pathlib.Path.touch [{str(target)!r}]\n")
    rejected(f"a: !!python/object/new:pathlib.Path [{str(target)!r}]\n")
    assert not (tmp_path / "hostile-pwned").exists()
    assert not target.exists()


def test_deep_nesting_is_stopped_while_composing(tmp_path: Path) -> None:
    deep = tmp_path / "deep.yaml"
    deep.write_text("a: " + "[" * 100_000)
    problem = rejected(deep.read_bytes())
    assert problem.message == f"nesting is deeper than {MAX_DEPTH} levels"
    assert (problem.line, problem.column) == (1, 3 + MAX_DEPTH)
    block = "".join(f"{' ' * i}k:\n" for i in range(1000))
    assert "nesting is deeper" in rejected(block).message


def test_nesting_at_the_limit_is_accepted() -> None:
    data, _ = parse_yaml("a: " + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1), file="f")
    assert isinstance(data["a"], list)


def test_huge_file_is_refused_before_parsing(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b"a: " + b"x" * (20 * 1024 * 1024) + b"\n")
    problem = rejected(big.read_bytes())
    assert "file is too large" in problem.message
    assert problem.line == 1
    assert "file is too large" in rejected("é" * (MAX_FILE_BYTES // 2 + 1)).message


def test_too_many_nodes() -> None:
    with pytest.raises(VariantError, match="too many values"):
        parse_yaml("a: [" + "1," * (MAX_NODES + 10) + "]", file="f")


def test_numbers_near_the_limit() -> None:
    assert parse_yaml("a: 1000000000000\nb: -1000000000000\n", file="f")[0] == {
        "a": 10**12, "b": -(10**12)}
    assert "number too large" in rejected("a: 1000000000001\n").message
    assert "number too large" in rejected("a: !!int " + "1" * 10_000 + "\n").message
    assert "not a valid integer" in rejected("a: !!int twelve\n").message
    assert "infinite" in rejected("a: 1.0e+999\n").message
    assert "infinite" in rejected("a: .nan\n").message


def test_int_keys_become_strings_and_clash_with_quoted_ones() -> None:
    data, marks = parse_yaml("ranks:\n  10: 10\n  7: seven\n", file="r.yaml")
    assert data == {"ranks": {"10": 10, "7": "seven"}}
    assert marks[("ranks", "7")] == Mark(file="r.yaml", line=3, column=6, key_line=3,
                                         key_column=3)
    problem = rejected("10: a\n'10': b\n")
    assert problem.message.startswith("duplicate key '10' (first on line 1, again on line 2)")
    assert "found a number key '1.5'" in rejected("1.5: x\n").message
    assert "found null key '~'" in rejected("~: x\n").message


def test_only_core_types_come_out() -> None:
    text = "a: 2024-01-01\nb: yes\nc: ~\nd: 1.5\ne: !!str 12\nf: '<<'\n<<: merge\n"
    data, _ = parse_yaml(text, file="f")
    assert data == {"a": "2024-01-01", "b": True, "c": None, "d": 1.5, "e": "12",
                    "f": "<<", "<<": "merge"}


def test_marks_and_key_marks() -> None:
    data, marks = parse_yaml("play:\n  beats:\n    - a\n    - b\n", file="p.yaml")
    assert data == {"play": {"beats": ["a", "b"]}}
    assert marks[()] == Mark(file="p.yaml", line=1, column=1)
    assert marks[("play", "beats", 1)] == Mark(file="p.yaml", line=4, column=7)
    assert marks[("play", "beats")].at_key() == Mark(file="p.yaml", line=2, column=3,
                                                     key_line=2, key_column=3)


def test_str_and_bytes_and_bom() -> None:
    assert parse_yaml("a: é\n", file="f")[0] == parse_yaml(b"\xef\xbb\xbfa: \xc3\xa9\n",
                                                           file="f")[0]
    assert "character U+0007" in rejected("a: \x07\n").message


def test_format_path() -> None:
    assert format_path(("play", "beats", 2)) == "$.play.beats[2]"
    assert format_path(("after_turn", "7")) == '$.after_turn["7"]'
    assert format_path(('we"ird',)) == '$["we\\"ird"]'


# PyYAML writes some line-break and control characters that it cannot read back.
text = st.text(st.characters(exclude_categories=("Cs", "Cc"),
                             exclude_characters="\u2028\u2029\ufeff"), max_size=20)
json_scalars = (st.none() | st.booleans() | text
                | st.integers(min_value=-(10**12), max_value=10**12)
                | st.floats(allow_nan=False, allow_infinity=False))
json_like = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(text, inner,
                                                                max_size=4),
    max_leaves=30,
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*path, index))
    return found


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(text, json_like, max_size=5))
def test_round_trip_of_safe_dump(data: dict[str, Any]) -> None:
    dumped = yaml.safe_dump(data, allow_unicode=True)
    if not data:
        return
    parsed, marks = parse_yaml(dumped, file="h.yaml")
    assert parsed == data
    assert set(marks) == set(_paths(data))


def _outcome(text: bytes, file: str) -> object:
    from cardrules.loader import yamlsafe

    yamlsafe._parsed.cache_clear()
    try:
        return parse_yaml(text, file=file)
    except VariantError as exc:
        return str(exc)


_SAMPLES = sorted([*Path(__file__).parent.parent.glob("variants/*.yaml"), *HOSTILE.glob("*"),
                   *Path(__file__).parent.glob("broken/*.yaml")])


@pytest.mark.parametrize("path", _SAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_libyaml_and_pure_python_agree(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """libyaml's parser, where present, gives the same data, marks and problems as the
    pure-Python parser (which reads everything when libyaml is missing)."""
    from cardrules.loader import yamlparse, yamlsafe

    monkeypatch.setattr(yamlsafe, "_shipped", lambda data, file: None)  # parse them all
    text = path.read_bytes()
    fast = _outcome(text, path.name)
    monkeypatch.setattr(yamlparse, "_FastLoader", None)
    assert _outcome(text, path.name) == fast


@pytest.mark.parametrize("text", [
    "a: {b: }\n",           # an empty value: libyaml marks it elsewhere
    "a:\tb\n",               # tabs
    "a: [x, ? y]\n",         # a question mark in a flow collection
    "a: |#\n  x\n",          # a comment stuck to a block scalar
    "a: 1\r\nb: 2\r\n",      # carriage returns
    "yes: 1\n",              # a plain boolean key (the hint to quote it)
])
def test_libyaml_differences_read_as_pure_python(text: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Texts around which libyaml and PyYAML differ come out as PyYAML reads them."""
    from cardrules.loader import yamlparse

    fast = _outcome(text.encode(), "t.yaml")
    monkeypatch.setattr(yamlparse, "_FastLoader", None)
    assert _outcome(text.encode(), "t.yaml") == fast
