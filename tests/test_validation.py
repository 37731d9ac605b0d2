"""Tests of cardrules.loader.validation: located, readable schema errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardrules.errors import CardrulesError, Problem, VariantError
from cardrules.loader.validation import validate
from cardrules.loader.yamlsafe import parse_yaml

SCHEMAS = Path(__file__).parent / "fixtures" / "schemas"


def problems(text: str) -> list[Problem]:
    data, marks = parse_yaml(text, file="v.yaml")
    with pytest.raises(VariantError) as info:
        validate(data, marks, schema_dir=SCHEMAS)
    return list(info.value.problems)


def one(text: str) -> Problem:
    (problem,) = problems(text)
    assert "\n" not in problem.message
    return problem


def test_valid_data_passes() -> None:
    data, marks = parse_yaml("name: a\nplayers: 4\nplay: {beats: [x]}\n", file="v.yaml")
    validate(data, marks, schema_dir=SCHEMAS)


def test_unknown_key_is_located_at_the_key_through_a_relative_ref() -> None:
    problem = one("name: a\nplayers: 4\nplay:\n  beats: [x]\n  afterturn:\n    x: 1\n")
    assert problem.message == "unknown key 'afterturn'; allowed keys: after_turn, beats, trumps"
    assert (problem.file, problem.line, problem.column, problem.path) == (
        "v.yaml", 5, 3, "$.play.afterturn")


def test_type_error_names_expected_and_found_with_description() -> None:
    problem = one("name: a\nplayers: four\n")
    assert problem.message == ("expected an integer; found a string ('four')"
                               " (How many people play.)")
    assert (problem.line, problem.column, problem.path) == (2, 10, "$.players")


def test_enum_lists_allowed_values() -> None:
    problem = one("name: a\nplayers: 4\npack: '54'\n")
    assert problem.message.startswith("'54' is not allowed; allowed values: '36', '52'")


def test_additional_properties_schema_enum() -> None:
    problem = one("name: a\nplayers: 4\nplay:\n  after_turn:\n    '7': jump\n")
    assert "allowed values: 'skip', 'draw2', 'reverse'" in problem.message
    assert problem.path == '$.play.after_turn["7"]'
    assert problem.line == 5


def test_required_names_the_missing_key() -> None:
    problem = one("name: a\n")
    assert problem.message == "missing required key 'players' (How many people play.)"
    assert problem.path == "$"


def test_minimum_and_maximum() -> None:
    assert one("name: a\nplayers: 9\n").message.startswith("must be at most 6; found 9")


def test_one_of_reports_the_best_branch() -> None:
    assert one("name: a\nplayers: 4\ntrumps: [S, X]\n").path == "$.trumps[1]"
    wrong_type = one("name: a\nplayers: 4\ntrumps: 7\n").message
    assert wrong_type.startswith("expected a string or a list; found an integer (7)")
    assert "any of the given schemas" not in wrong_type
    assert one("name: a\nplayers: 4\ndealer: up\n").message == (
        "'up' is not allowed; allowed values: 'left', 'right'")


def test_every_problem_is_listed_sorted_by_line() -> None:
    found = problems("players: x\nname: 3\npack: 1\nextra: 1\n")
    assert [p.line for p in found] == sorted(p.line for p in found)
    assert {p.path for p in found} == {"$", "$.players", "$.name", "$.pack", "$.extra"} - {"$"}


def test_unmarked_data_uses_the_file_argument() -> None:
    with pytest.raises(VariantError) as info:
        validate({"name": "a"}, {}, file="mem", schema_dir=SCHEMAS)
    (problem,) = info.value.problems
    assert (problem.file, problem.line) == ("mem", 0)


def test_schema_directory_problems_are_cardrules_errors(tmp_path: Path) -> None:
    with pytest.raises(CardrulesError, match="no JSON schemas"):
        validate({}, {}, schema_dir=tmp_path)
    (tmp_path / "variant.schema.json").write_text(json.dumps({"type": "object"}))
    with pytest.raises(CardrulesError, match=r"no JSON schema 'other\.json'"):
        validate({}, {}, schema="other.json", schema_dir=tmp_path)
