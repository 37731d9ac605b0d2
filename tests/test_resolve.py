"""Tests of cardrules.loader.resolve: extends chains, options, patches and marks."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardrules.errors import Problem, VariantError
from cardrules.loader import resources
from cardrules.loader.resolve import resolve, resolve_data
from cardrules.loader.yamlsafe import Mark, parse_yaml

FIXTURES = Path(__file__).parent / "fixtures"
SCHEMAS = FIXTURES / "schemas"
VARIANTS = FIXTURES / "variants"


@pytest.fixture(autouse=True)
def registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the fixture base variant as the only named variant."""
    monkeypatch.setattr(resources, "builtin_variants", lambda: {"base": VARIANTS / "base.yaml"})
    # a shipped file is found before the registry is read: none is shipped here
    monkeypatch.setattr(resources, "_shipped", lambda name: None)


def failure(source: str | Path, **options: object) -> Problem:
    with pytest.raises(VariantError) as info:
        resolve(source, options=options or None, schema_dir=SCHEMAS)
    return info.value.problems[0]


def test_base_variant_by_name_and_path() -> None:
    by_name = resolve("base", schema_dir=SCHEMAS)
    by_path = resolve(VARIANTS / "base.yaml", schema_dir=SCHEMAS)
    assert by_name.data == by_path.data
    assert by_name.chosen == {"seven": "skip", "target": 248, "trump_suits": None}
    assert by_name.data["play"]["after_turn"] == {"7": "skip", "8": "draw2"}
    assert by_name.sources == (str(VARIANTS / "base.yaml"),)


def test_house_file_options_and_patch() -> None:
    resolved = resolve(VARIANTS / "house.yaml", schema_dir=SCHEMAS)
    data = resolved.data
    assert "extends" not in data
    assert data["name"] == "house"
    assert data["title"] == "Our kitchen-table game"
    assert data["play"]["after_turn"] == {"8": "draw2"}
    assert data["play"]["beats"] == ["c"]
    assert data["players"] == 3
    assert data["match"] == {"target": 500}
    assert data["options"]["seven"]["default"] == "nothing"
    assert data["options"]["target"]["default"] == 500
    assert resolved.chosen == {"seven": "nothing", "target": 500, "trump_suits": None}
    assert [Path(s).name for s in resolved.sources] == ["base.yaml", "house.yaml"]
    house = str(VARIANTS / "house.yaml")
    assert resolved.marks[("match", "target")] == Mark(file=house, line=5, column=11,
                                                       key_line=5, key_column=3)
    assert resolved.marks[("players",)].file == house
    assert resolved.marks[("play", "beats", 0)].line == 9
    assert ("play", "after_turn", "7") not in resolved.marks
    assert resolved.marks[("play", "after_turn", "8")].file.endswith("base.yaml")


def test_chain_of_house_files_and_caller_options() -> None:
    resolved = resolve(VARIANTS / "house2.yaml", options={"seven": "reverse",
                                                          "trump_suits": ("S", "H")},
                       schema_dir=SCHEMAS)
    assert resolved.data["name"] == "second"
    assert resolved.data["match"]["target"] == 100
    assert resolved.data["play"]["after_turn"] == {"7": "reverse", "8": "draw2"}
    assert resolved.data["play"]["trumps"] == {"shared": ["S", "H"]}
    assert resolved.chosen["trump_suits"] == ["S", "H"]
    assert resolved.marks[("play", "trumps", "shared", 1)] == Mark(file="<options>", line=0,
                                                                   column=0)
    assert len(resolved.sources) == 3


def test_resolved_data_resolves_to_itself() -> None:
    resolved = resolve(VARIANTS / "house2.yaml", options={"trump_suits": ["C"]},
                       schema_dir=SCHEMAS)
    again = resolve_data(resolved.data, schema_dir=SCHEMAS)
    assert again.data == resolved.data
    assert again.chosen == resolved.chosen


def test_typed_option_creates_intermediate_mappings(tmp_path: Path) -> None:
    (tmp_path / "v.yaml").write_text(
        "name: v\nplayers: 4\noptions:\n  t:\n    type: integer\n    default: 5\n"
        "    path: match.target\n")
    assert resolve(tmp_path / "v.yaml", schema_dir=SCHEMAS).data["match"] == {"target": 5}


def test_unknown_and_bad_options() -> None:
    problem = failure(VARIANTS / "unknown_option.yaml")
    assert problem.message == ("unknown option 'sevens'; did you mean seven? known options: "
                               "seven, target, trump_suits")
    assert (Path(problem.file).name, problem.line, problem.column) == ("unknown_option.yaml",
                                                                       3, 3)
    problem = failure(VARIANTS / "bad_value.yaml")
    assert problem.message == ("option 'target' takes an integer from 1 to 1000000 (or null);"
                               " found 0")
    assert problem.line == 3
    problem = failure("base", seven="sometimes")
    assert problem.message == ("'sometimes' is not a value of option 'seven'; allowed values:"
                               " skip, nothing, reverse")
    assert (problem.file, problem.path) == ("<options>", "$.options.seven")
    assert "unknown option 'colour'" in failure("base", colour=1).message
    assert "a list of strings" in failure("base", trump_suits="S").message
    assert "found true" in failure("base", target=True).message


def test_patch_errors_are_located_in_the_house_file() -> None:
    problem = failure(VARIANTS / "bad_patch.yaml")
    assert problem.message.startswith("must be at most 6; found 9")
    assert (Path(problem.file).name, problem.line) == ("bad_patch.yaml", 3)


def test_house_file_keys_are_checked() -> None:
    problem = failure(VARIANTS / "bad_house_key.yaml")
    assert problem.message.startswith("unknown key 'rules' in a house-rule file; allowed keys:")
    assert problem.line == 2


def test_variant_errors_are_located_in_the_variant_file() -> None:
    problem = failure(VARIANTS / "broken.yaml")
    assert (Path(problem.file).name, problem.line) == ("broken.yaml", 2)


def test_cycle_is_reported_as_a_chain() -> None:
    problem = failure(VARIANTS / "cycle_a.yaml")
    assert problem.message == "extends cycle: cycle_a.yaml -> cycle_b.yaml -> cycle_a.yaml"
    assert problem.path == "$.extends"


def test_escapes_are_refused(tmp_path: Path) -> None:
    assert failure(VARIANTS / "escape.yaml").message.startswith(
        "extends path escapes the allowed directories")
    assert "relative path" in failure(VARIANTS / "absolute.yaml").message
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.yaml").write_text("name: secret\nplayers: 4\n")
    inside = tmp_path / "inside"
    inside.mkdir()
    os.symlink(outside / "secret.yaml", inside / "link.yaml")
    (inside / "house.yaml").write_text("extends: link.yaml\n")
    assert "escapes the allowed directories" in failure(inside / "house.yaml").message
    (inside / "up.yaml").write_text("extends: ../outside/secret.yaml\n")
    assert "escapes the allowed directories" in failure(inside / "up.yaml").message


def test_extends_may_reach_the_registered_variants_directory(tmp_path: Path) -> None:
    rel = os.path.relpath(VARIANTS / "base.yaml", tmp_path)
    (tmp_path / "h.yaml").write_text(f"extends: {rel}\n")
    assert resolve(tmp_path / "h.yaml", schema_dir=SCHEMAS).data["name"] == "h"
    (tmp_path / "n.yaml").write_text("extends: base\nname: by-name\n")
    assert resolve(tmp_path / "n.yaml", schema_dir=SCHEMAS).data["name"] == "by-name"


def test_unknown_variant_names() -> None:
    problem = failure("durak")
    assert problem.message == "unknown variant 'durak'; known variants: base"


def test_chain_length_is_limited(tmp_path: Path) -> None:
    (tmp_path / "h0.yaml").write_text("extends: base\n")
    for i in range(1, 10):
        (tmp_path / f"h{i}.yaml").write_text(f"extends: h{i - 1}.yaml\n")
    resolve(tmp_path / "h6.yaml", schema_dir=SCHEMAS)  # 8 files with the base
    assert "extends chain is longer than 8 files" in failure(tmp_path / "h7.yaml").message


def test_missing_extends_target(tmp_path: Path) -> None:
    (tmp_path / "h.yaml").write_text("name: x\nextends: nowhere.yaml\n")
    problem = failure(tmp_path / "h.yaml")
    assert "no such file" in problem.message
    assert problem.line == 2


def test_resolve_data_in_memory() -> None:
    resolved = resolve_data({"extends": "base", "options": {"target": 7}}, file="mem",
                            schema_dir=SCHEMAS)
    assert resolved.data["match"]["target"] == 7
    assert resolved.sources[-1] == "mem"
    with pytest.raises(VariantError, match="only extend a registered variant"):
        resolve_data({"extends": "base.yaml"}, schema_dir=SCHEMAS)
    loop: dict[str, object] = {"name": "x"}
    loop["self"] = loop
    with pytest.raises(VariantError, match="nesting is deeper"):
        resolve_data(loop, schema_dir=SCHEMAS)


def test_bad_declarations_are_reported(tmp_path: Path) -> None:
    (tmp_path / "v.yaml").write_text(
        "name: v\nplayers: 4\noptions:\n  a:\n    type: float\n    default: 1\n    path: x\n")
    assert "unknown option type 'float'" in failure(tmp_path / "v.yaml").message
    (tmp_path / "w.yaml").write_text(
        "name: v\nplayers: 4\noptions:\n  a:\n    default: x\n    values: {y: {}}\n")
    assert "default: 'x' is not a value of option 'a'" in failure(tmp_path / "w.yaml").message


def test_marks_helper_round_trip() -> None:
    _, marks = parse_yaml((VARIANTS / "house.yaml").read_text(), file="h")
    assert marks[("options", "seven")].line == 4
