"""The published JSON Schema of rule files, as one self-contained document.

The shipped schemas are split in files: ``variant.schema.json`` refers to the procedures'
fragments (``tricks.schema.json#/$defs/play``...).  Editors and other tools are easier to
point at one file, so :func:`bundled_schema` copies every fragment's ``$defs`` into the
variant schema (as ``$defs/<file stem>.<name>``) and rewrites the references to match.
``cardrules schema`` prints it, or writes it with ``--out FILE``.

The variant schema names no procedure: it refers to ``procedures.schema.json``, whose
checks of the ``play:`` and ``scoring:`` sections :func:`procedures_schema` builds from
the registered procedures (:attr:`~cardrules.engine.procedures.Procedure.play_schema`
and ``scoring_schema``).  The loader builds it from the registry at each check, so a
plug-in's procedure is checked like a shipped one; the shipped file is the built-in
procedures' copy for editors (``write_procedures_schema()`` rewrites it).

>>> schema = bundled_schema()
>>> schema["title"]
'cardrules variant file'
>>> "tricks.play" in schema["$defs"] and "shedding.scoring" in schema["$defs"]
True
>>> all(ref.startswith("#/") for ref in references(schema))
True
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from cardrules.engine.procedures import REGISTRY, Procedure
from cardrules.engine.procedures import known as known_procedures
from cardrules.errors import CardrulesError
from cardrules.loader import resources

__all__ = ["MAIN_SCHEMA", "PROCEDURES_SCHEMA", "bundled_schema", "procedures_schema",
           "references", "schema_text", "write_procedures_schema"]

MAIN_SCHEMA = "variant.schema.json"
"""The file name of the schema a rule file is checked against; the others are fragments."""
PROCEDURES_SCHEMA = "procedures.schema.json"
"""The fragment that checks each procedure's sections, built by :func:`procedures_schema`."""
_BASE = "https://cardrules.dev/schemas/"

_SUFFIX = ".schema.json"


def bundled_schema(schema_dir: Path | None = None) -> dict[str, Any]:
    """The variant schema with every fragment it refers to copied in; no outside refs.

    ``schema_dir`` replaces the shipped schema directory (for tests).  A reference to a
    file or a definition that does not exist raises :class:`~cardrules.errors.CardrulesError`.

    >>> sorted(k for k in bundled_schema()["$defs"] if k.startswith("shedding."))
    ['shedding.bonus', 'shedding.play', 'shedding.rank_or_face', 'shedding.scoring']
    """
    directory = schema_dir or resources.data_dir("schemas")
    files = {path.name: _read(path) for path in sorted(directory.glob(f"*{_SUFFIX}"))}
    if MAIN_SCHEMA not in files:
        raise CardrulesError(f"no {MAIN_SCHEMA} in {directory}")
    main = files.pop(MAIN_SCHEMA)
    defs: dict[str, Any] = _rewrite(main.get("$defs", {}), "")
    for name, fragment in files.items():
        stem = name.removesuffix(_SUFFIX)
        for key, value in fragment.get("$defs", {}).items():
            defs[f"{stem}.{key}"] = _rewrite(value, stem)
    bundle: dict[str, Any] = _rewrite(
        {key: value for key, value in main.items() if key not in ("$id", "$defs")}, "")
    bundle["$defs"] = defs
    for ref in references(bundle):
        target = ref.removeprefix("#/$defs/")
        if ref.startswith("#/$defs/") and target.split("/")[0] not in bundle["$defs"]:
            raise CardrulesError(f"schema reference {ref!r} names no definition")
    return bundle


def schema_text(schema_dir: Path | None = None) -> str:
    """:func:`bundled_schema` as indented JSON text ending in a newline.

    >>> json.loads(schema_text())["$schema"]
    'https://json-schema.org/draft/2020-12/schema'
    """
    return json.dumps(bundled_schema(schema_dir), indent=2, ensure_ascii=False) + "\n"


def references(schema: Any) -> Iterator[str]:
    """Every ``$ref`` value in a schema, depth first.

    >>> list(references({"a": {"$ref": "#/$defs/x"}, "b": [{"$ref": "y.json"}]}))
    ['#/$defs/x', 'y.json']
    """
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key == "$ref" and isinstance(value, str):
                yield value
            else:
                yield from references(value)
    elif isinstance(schema, list):
        for item in schema:
            yield from references(item)


def procedures_schema(procedures: Mapping[str, Procedure] | None = None) -> dict[str, Any]:
    """The ``procedures.schema.json`` fragment for ``procedures`` (by name; default: the
    built-in ones): for each, a branch applying its ``play:`` and ``scoring:`` schemas
    to a rule file whose ``play.procedure`` names it.

    >>> branch = procedures_schema()["$defs"]["sections"]["allOf"][0]
    >>> branch["if"]["properties"]["play"]["properties"]["procedure"]
    {'const': 'adding'}
    >>> branch["then"]["properties"]["play"]
    {'$ref': 'adding.schema.json#/$defs/play'}
    """
    if procedures is None:
        procedures = built_in_procedures()
    branches = []
    for name in sorted(procedures):
        procedure = procedures[name]
        sections = {key: dict(schema) for key, schema in
                    (("play", procedure.play_schema), ("scoring", procedure.scoring_schema))
                    if schema is not None}
        if sections:
            branches.append({
                "if": {"required": ["play"], "properties": {"play": {
                    "required": ["procedure"],
                    "properties": {"procedure": {"const": name}}}}},
                "then": {"properties": sections}})
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": _BASE + PROCEDURES_SCHEMA,
        "title": "cardrules procedures",
        "description": "The play and scoring sections of each procedure, checked by the "
                       "procedure's own schema (this file is built from the registered "
                       "procedures).",
        "$defs": {"sections": {
            "description": "The schemas of the play: and scoring: sections, chosen by "
                           "play.procedure.",
            **({"allOf": branches} if branches else {})}},
    }


def built_in_procedures() -> dict[str, Procedure]:
    """The procedures that ship with cardrules, by name (not those of plug-ins): those
    defined in a built-in family's package (a family may register more than one)."""
    packages = tuple(module.rpartition(".")[0] + "." for module in REGISTRY.built_in)
    return {name: procedure for name, procedure in known_procedures().items()
            if type(procedure).__module__.startswith(packages)}


def write_procedures_schema(schema_dir: Path | None = None) -> Path:
    """Rewrite the shipped ``procedures.schema.json`` from the built-in procedures (run
    after changing which schema a built-in procedure names); its path."""
    path = (schema_dir or resources.data_dir("schemas")) / PROCEDURES_SCHEMA
    path.write_text(json.dumps(procedures_schema(), indent=2, ensure_ascii=False) + "\n",
                    encoding="utf-8")
    return path


def _read(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise CardrulesError(f"cannot load JSON schema {path}: {exc}") from exc
    if not isinstance(data, dict):
        raise CardrulesError(f"JSON schema {path} is not an object")
    return data


def _rewrite(schema: Any, stem: str) -> Any:
    """A copy of ``schema`` (from the fragment ``stem``; "" for the main schema) whose
    references point into the bundle's ``$defs``."""
    if isinstance(schema, list):
        return [_rewrite(item, stem) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out = {key: _rewrite(value, stem) for key, value in schema.items()}
    ref = schema.get("$ref")
    if isinstance(ref, str):
        out["$ref"] = _local(ref, stem)
    return out


def _local(ref: str, stem: str) -> str:
    file, _, pointer = ref.partition("#")
    if file:
        if not file.endswith(_SUFFIX) or "/" in file:
            raise CardrulesError(f"cannot bundle the schema reference {ref!r}")
        stem = "" if file == MAIN_SCHEMA else file.removesuffix(_SUFFIX)
    if not pointer.startswith("/$defs/"):
        raise CardrulesError(f"cannot bundle the schema reference {ref!r}")
    name = pointer.removeprefix("/$defs/")
    return f"#/$defs/{stem}.{name}" if stem else f"#/$defs/{name}"
