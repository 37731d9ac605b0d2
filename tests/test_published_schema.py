"""The published JSON Schema, read by editors and other tools without cardrules (issue 16).

Every shipped variant names ``../schemas/variant.schema.json`` on its first line for
yaml-language-server; these tests check that line and validate each variant against
that file with ``jsonschema`` alone, and against ``cardrules schema``'s bundled copy.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from referencing import Registry, Resource

from cardrules.loader.schema import bundled_schema, procedures_schema, references
from cardrules.tools.cli import main

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "schemas"
VARIANTS = sorted((ROOT / "variants").glob("*.yaml"))
SCHEMA_LINE = "# yaml-language-server: $schema=../schemas/variant.schema.json"


def _as_json(path: Path) -> Any:
    """The rule file as an editor's language server sees it: JSON values, string keys."""
    return json.loads(json.dumps(yaml.safe_load(path.read_text(encoding="utf-8"))))


def _published_validator() -> jsonschema.Draft202012Validator:
    """The published file, its sibling fragments found by their ``$id``s."""
    schemas = [json.loads(p.read_text(encoding="utf-8")) for p in SCHEMAS.glob("*.json")]
    registry: Registry[Any] = Registry().with_resources(
        (s["$id"], Resource.from_contents(s)) for s in schemas)
    main_schema = json.loads((SCHEMAS / "variant.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(main_schema)
    return jsonschema.Draft202012Validator(main_schema, registry=registry)


def test_there_are_shipped_variants() -> None:
    assert len(VARIANTS) >= 5
    assert {"bank", "bura"} <= {p.stem for p in VARIANTS}


@pytest.mark.parametrize("path", VARIANTS, ids=[p.stem for p in VARIANTS])
def test_variant_names_the_published_schema_on_its_first_line(path: Path) -> None:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first == SCHEMA_LINE, f"start {path.name} with the line: {SCHEMA_LINE}"
    target = (path.parent / first.split("$schema=")[1]).resolve()
    assert target == (SCHEMAS / "variant.schema.json").resolve() and target.is_file()


@pytest.mark.parametrize("path", VARIANTS, ids=[p.stem for p in VARIANTS])
def test_variant_validates_against_the_published_schema_file(path: Path) -> None:
    errors = list(_published_validator().iter_errors(_as_json(path)))
    assert errors == [], [e.message for e in errors]


@pytest.mark.parametrize("path", VARIANTS, ids=[p.stem for p in VARIANTS])
def test_variant_validates_against_the_bundled_schema(path: Path) -> None:
    validator = jsonschema.Draft202012Validator(bundled_schema())
    errors = list(validator.iter_errors(_as_json(path)))
    assert errors == [], [e.message for e in errors]


def test_both_schemas_refuse_what_cardrules_refuses() -> None:
    bura = _as_json(ROOT / "variants" / "bura.yaml")
    bura["play"]["lead"]["max_card"] = 3          # a misspelt key of the tricks fragment
    bank = _as_json(ROOT / "variants" / "bank.yaml")
    bank["zones"]["pile"] = "secret"               # not a visibility
    for validator in (_published_validator(), jsonschema.Draft202012Validator(bundled_schema())):
        assert not validator.is_valid(bura)
        assert not validator.is_valid(bank)


def test_bundled_schema_stands_alone() -> None:
    bundle = bundled_schema()
    jsonschema.Draft202012Validator.check_schema(bundle)
    refs = list(references(bundle))
    assert refs and all(r.startswith("#/$defs/") for r in refs)
    names = {r.removeprefix("#/$defs/").split("/")[0] for r in refs}
    assert names <= set(bundle["$defs"])
    assert {"tricks.play", "shedding.play", "tricks.scoring", "shedding.scoring"} <= names


def test_schema_command_prints_and_writes_the_bundle(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == bundled_schema()
    out = tmp_path / "cardrules.loader.schema.json"
    assert main(["schema", "--out", str(out)]) == 0
    assert str(out) in capsys.readouterr().out
    assert json.loads(out.read_text(encoding="utf-8")) == printed
    assert main(["schema", "--out", str(tmp_path / "missing" / "x.json")]) == 1
    assert "cannot write the schema" in capsys.readouterr().err


def test_the_procedures_fragment_is_built_from_the_registry() -> None:
    """``procedures.schema.json`` is the built-in procedures' schemas as the registry has
    them (rewrite it with ``cardrules.loader.schema.write_procedures_schema()``), and the
    variant schema names no procedure itself."""
    shipped = json.loads((SCHEMAS / "procedures.schema.json").read_text(encoding="utf-8"))
    assert shipped == procedures_schema()
    main_text = (SCHEMAS / "variant.schema.json").read_text(encoding="utf-8")
    assert not any(f"{name}.schema.json" in main_text for name in ("shedding", "tricks",
                                                                   "bouts"))


def test_a_registered_procedures_schemas_join_the_fragment() -> None:
    from collections.abc import Mapping

    from cardrules.engine.procedures import find, known

    class Plain(type(find("bouts"))):  # type: ignore[misc]
        name = "plain"
        play_schema: Mapping[str, Any] | None = {"type": "object"}
        scoring_schema: Mapping[str, Any] | None = None

    branches = procedures_schema({**known(), "plain": Plain()})["$defs"]["sections"]["allOf"]
    plain = [b for b in branches
             if b["if"]["properties"]["play"]["properties"]["procedure"] == {"const": "plain"}]
    assert plain[0]["then"] == {"properties": {"play": {"type": "object"}}}
