"""JSON Schema validation of rule data, with every problem located and explained.

Messages are written for the author of a house-rule file: which key is unknown and
which are allowed, which values are allowed, what type was expected and what was found.

>>> import tempfile, json, pathlib
>>> schemas = pathlib.Path(tempfile.mkdtemp())
>>> _ = (schemas / "variant.schema.json").write_text(json.dumps({"type": "object",
...     "properties": {"players": {"type": "integer"}}, "additionalProperties": False}))
>>> from cardrules.loader.yamlsafe import parse_yaml
>>> data, marks = parse_yaml("players: four\\nplayer: 4\\n", file="h.yaml")
>>> validate(data, marks, schema_dir=schemas)
Traceback (most recent call last):
...
cardrules.errors.VariantError: h.yaml:1:10: $.players: expected an integer; found a string ('four')
h.yaml:2:1: $.player: unknown key 'player'; allowed keys: players
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urljoin

from cardrules.engine.procedures import find as find_procedure
from cardrules.errors import CardrulesError, Problem, VariantError
from cardrules.loader import resources
from cardrules.loader.schema import PROCEDURES_SCHEMA, procedures_schema
from cardrules.loader.yamlsafe import JsonPath, Mark, Marks, format_path
from cardrules.model import known_valid

if TYPE_CHECKING:  # imported where a check runs: the library's import is costly
    import jsonschema
    from jsonschema.exceptions import ValidationError
    from referencing import Registry

__all__ = ["validate"]

MAIN_SCHEMA = "variant.schema.json"
"""The schema a whole rule file is checked against."""
_MAX_DESCRIPTION = 160
_MAX_SHOWN = 60
_TYPE_WORDS = {
    "object": "a mapping (key: value pairs)",
    "array": "a list",
    "string": "a string",
    "integer": "an integer",
    "number": "a number",
    "boolean": "true or false",
    "null": "null",
}


def validate(
    data: Any,
    marks: Marks,
    *,
    schema: str = MAIN_SCHEMA,
    file: str = "",
    schema_dir: Path | None = None,
) -> None:
    """Check ``data`` against a shipped JSON schema; raise one error listing every problem.

    ``marks`` (from :func:`cardrules.loader.yamlsafe.parse_yaml`) locates each problem; ``file``
    names the source of values that have no mark.  ``schema_dir`` replaces the shipped
    schema directory (for tests).  Problems come sorted by line, column, path and
    message (missing keys of one mapping by name), the same on every run.
    """
    directory = (schema_dir or resources.data_dir("schemas")).resolve()
    procedures = _procedures_text(_procedure_named(data))
    try:
        text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError):  # not JSON data: the schema will say what is wrong
        text = None
    seen = (directory, schema, procedures, text) if text is not None else None
    if seen is not None and seen in _VALID and not known_valid.recording():
        return
    key = None
    if text is not None and schema_dir is None:  # the shipped schemas: a shipped file's?
        key = known_valid.digest("rules", _schemas_digest(directory), schema, procedures,
                                 text)
        if known_valid.known(key):
            _remember(seen)
            return
    validator = _validator(directory, schema, procedures)
    found: set[Problem] = set()
    for error in validator.iter_errors(data):
        for path, message, at_key in _explain(error):
            found.add(_problem(path, message, at_key, marks, file))
    if schema == MAIN_SCHEMA and not found:
        found.update(_procedure_problems(data, marks, file))
    if found:
        raise VariantError(sorted(found, key=lambda p: (p.file, p.line, p.column, p.path,
                                                        p.message)))
    if key is not None:
        known_valid.found_valid(key)
    _remember(seen)


def _remember(seen: tuple[Path, str, str, str] | None) -> None:
    """Keep ``seen`` (schemas, procedures and data found valid) for a next check."""
    if seen is not None:
        if len(_VALID) >= _VALID_KEPT:
            _VALID.pop(next(iter(_VALID)))
        _VALID[seen] = None


_VALID: dict[tuple[Path, str, str, str], None] = {}
"""Data found valid lately (with the schemas, registered procedures and data as JSON
text): a game loaded again, with other options, is not checked again."""
_VALID_KEPT = 256


def _procedure_named(data: Any) -> str | None:
    """The procedure a rule file's ``play.procedure`` names, if it names one (a string)."""
    play = data.get("play") if isinstance(data, dict) else None
    name = play.get("procedure") if isinstance(play, dict) else None
    return name if isinstance(name, str) else None


def _procedures_text(name: str | None) -> str:
    """The schemas of the procedure ``name`` (:func:`~cardrules.loader.schema.procedures_schema`)
    as JSON text, or of none when no registered procedure has that name: what the check
    of ``play:`` and ``scoring:`` is built from (each procedure's schemas apply only to a
    file naming it, so the others' change nothing), and the key of the cached validator
    (a procedure registered later gets a new one).  Only the named procedure's family is
    imported."""
    if name is None:
        return json.dumps(procedures_schema({}), sort_keys=True)
    try:
        procedure = find_procedure(name)
    except KeyError:  # named by _procedure_problems
        return json.dumps(procedures_schema({}), sort_keys=True)
    return json.dumps(procedures_schema({name: procedure}), sort_keys=True)


@functools.cache
def _schemas_digest(directory: Path) -> str:
    """A digest of the JSON schemas in ``directory`` (names and bytes), read once."""
    hashed = hashlib.sha256()
    for path in sorted(directory.glob("*.json")):
        hashed.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return hashed.hexdigest()


@functools.cache
def _registry(directory: Path, procedures: str) -> tuple[Mapping[str, Any], Registry[Any]]:
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    contents: dict[str, Any] = {}
    for path in sorted(directory.glob("*.json")):
        try:
            contents[path.name] = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise CardrulesError(f"cannot load JSON schema {path}: {exc}") from exc
    if not contents:
        raise CardrulesError(f"no JSON schemas (*.json) found in {directory}")
    if PROCEDURES_SCHEMA in contents:  # the registered procedures, not the shipped copy
        contents[PROCEDURES_SCHEMA] = json.loads(procedures)
    registry: Registry[Any] = Registry()
    ids = [c["$id"] for c in contents.values() if isinstance(c, dict) and "$id" in c]
    pairs: list[tuple[str, Resource[Any]]] = []
    for name, schema in contents.items():
        resource = Resource.from_contents(schema, default_specification=DRAFT202012)
        # By file name, and as a sibling of every $id, so relative refs such as
        # "shedding.schema.json#/$defs/x" find it whatever base they resolve against.
        pairs.append((name, resource))
        pairs.extend((urljoin(base, name), resource) for base in ids)
    pairs.extend(
        (c["$id"], Resource.from_contents(c, default_specification=DRAFT202012))
        for c in contents.values() if isinstance(c, dict) and "$id" in c
    )
    # Not crawled here: a registry crawls itself when a reference names what is not
    # yet known (an anchor, an embedded $id), and the shipped schemas refer to files
    # and $defs pointers only, which it finds without.
    registry = registry.with_resources(pairs)
    return contents, registry


@functools.cache
def _validator(directory: Path, schema: str,
               procedures: str) -> jsonschema.Draft202012Validator:
    import jsonschema

    contents, registry = _registry(directory, procedures)
    if schema not in contents:
        raise CardrulesError(
            f"no JSON schema {schema!r} in {directory}; have: {', '.join(sorted(contents))}"
        )
    if directory != resources.data_dir("schemas").resolve():  # the shipped ones are tested
        try:
            jsonschema.Draft202012Validator.check_schema(contents[schema])
        except jsonschema.SchemaError as exc:
            raise CardrulesError(f"JSON schema {schema} is itself invalid: "
                                 f"{exc.message}") from exc
    return jsonschema.Draft202012Validator(contents[schema], registry=registry)


def _procedure_problems(data: Any, marks: Marks, file: str) -> Iterable[Problem]:
    """A ``play.procedure`` nobody registered (the sections of a registered one are
    checked by its own schemas, through ``procedures.schema.json``)."""
    play = data.get("play") if isinstance(data, dict) else None
    name = play.get("procedure") if isinstance(play, dict) else None
    if not isinstance(name, str):
        return
    try:
        find_procedure(name)
    except KeyError as exc:
        yield _problem(("play", "procedure"), str(exc.args[0]), False, marks, file)


def _problem(path: JsonPath, message: str, at_key: bool, marks: Marks, file: str) -> Problem:
    mark: Mark | None = None
    for end in range(len(path), -1, -1):
        mark = marks.get(path[:end])
        if mark is not None:
            if at_key and end == len(path):
                mark = mark.at_key()
            break
    return Problem(
        message=message,
        file=mark.file if mark else file,
        line=mark.line if mark else 0,
        column=mark.column if mark else 0,
        path=format_path(path),
    )


def _explain(error: ValidationError) -> list[tuple[JsonPath, str, bool]]:
    """(path, message, locate-at-key) for each problem one schema error stands for."""
    from jsonschema.exceptions import best_match

    path: JsonPath = tuple(error.absolute_path)
    keyword = error.validator
    instance: Any = error.instance
    schema: Any = error.schema
    required: Any = error.validator_value
    if keyword in ("oneOf", "anyOf"):
        if not error.context:
            return [(path, "matches more than one of the allowed forms; make it match one",
                     False)]
        best = best_match([error])
        if best is not error:
            return _explain(best)
        return [(path, _with_description(_alternatives(error), error), False)]
    if keyword in ("additionalProperties", "unevaluatedProperties") and isinstance(
        instance, dict
    ):
        allowed = sorted(_known_keys(schema))
        listing = f"; allowed keys: {', '.join(allowed)}" if allowed else ""
        return [
            ((*path, key), f"unknown key {key!r}{listing}", True)
            for key in _unknown_keys(schema, instance)
        ]
    if keyword == "required" and isinstance(instance, dict):
        problems = []
        for key in required:
            if key not in instance:
                about = _describe(_property_schema(schema, key))
                problems.append((path, f"missing required key {key!r}{about}", False))
        return problems
    if keyword is None or schema is False:
        if path and isinstance(path[-1], str):
            return [(path, f"key {path[-1]!r} is not allowed here", True)]
        return [(path, "no value is allowed here", False)]
    return [(path, _with_description(_message(error), error), False)]


def _message(error: ValidationError) -> str:
    keyword = error.validator
    value: Any = error.validator_value
    instance: Any = error.instance
    if keyword == "type":
        expected = [value] if isinstance(value, str) else list(value)
        return f"expected {_or(_TYPE_WORDS.get(t, t) for t in expected)}; found {_found(instance)}"
    if keyword == "enum":
        return f"{_show(instance)} is not allowed; allowed values: {_values(value)}"
    if keyword == "const":
        return f"must be {_show(value)}; found {_show(instance)}"
    bounds = {
        "minimum": "at least", "maximum": "at most",
        "exclusiveMinimum": "greater than", "exclusiveMaximum": "less than",
    }
    if keyword in bounds:
        return f"must be {bounds[keyword]} {value}; found {_show(instance)}"
    sizes = {
        "minItems": ("at least", "item", len), "maxItems": ("at most", "item", len),
        "minLength": ("at least", "character", len), "maxLength": ("at most", "character", len),
        "minProperties": ("at least", "key", len), "maxProperties": ("at most", "key", len),
    }
    if keyword in sizes:
        word, unit, _ = sizes[keyword]
        return f"must have {word} {value} {unit}{'s' * (value != 1)}; found {len(instance)}"
    if keyword == "pattern":
        return f"{_show(instance)} does not match the pattern {value}"
    if keyword == "uniqueItems":
        return "items must not repeat"
    if keyword == "multipleOf":
        return f"must be a multiple of {value}; found {_show(instance)}"
    if keyword == "not":
        return f"{_show(instance)} is not allowed here"
    if keyword == "dependentRequired" and isinstance(instance, dict):
        for key, needed in value.items():
            missing = [n for n in needed if key in instance and n not in instance]
            if missing:
                return f"key {key!r} also needs {_or(repr(m) for m in missing)}"
    return " ".join(error.message.split())


def _alternatives(error: ValidationError) -> str:
    """One message for a oneOf/anyOf none of whose branches clearly fits best."""
    from jsonschema.exceptions import best_match

    branches: dict[Any, list[ValidationError]] = {}
    for e in error.context:
        branches.setdefault(e.relative_schema_path[0], []).append(e)
    wrong_type = {k for k, errs in branches.items()
                  if any(e.validator == "type" and not e.relative_path for e in errs)}
    if wrong_type == set(branches):
        expected: list[str] = []
        for errs in branches.values():
            for e in errs:
                types: Any = e.validator_value if e.validator == "type" else ()
                for t in [types] if isinstance(types, str) else types:
                    if _TYPE_WORDS.get(t, t) not in expected:
                        expected.append(_TYPE_WORDS.get(t, t))
        return f"expected {_or(expected)}; found {_found(error.instance)}"
    fitting = [e for k, errs in branches.items() if k not in wrong_type for e in errs]
    if all(e.validator in ("enum", "const") and not e.relative_path for e in fitting):
        allowed: list[Any] = []
        for e in fitting:
            one: Any = e.validator_value
            allowed.extend(v for v in (one if e.validator == "enum" else [one])
                           if v not in allowed)
        return f"{_show(error.instance)} is not allowed; allowed values: {_values(allowed)}"
    best = best_match(fitting)
    if best is not None and len({k for k in branches if k not in wrong_type}) == 1:
        return _message(best)
    messages: list[str] = []
    for e in fitting:
        text = _message(e)
        if text not in messages:
            messages.append(text)
    return "does not match any allowed form: " + "; or ".join(messages)


def _with_description(message: str, error: ValidationError) -> str:
    node: Any = error
    while node is not None:
        about = _describe(node.schema)
        if about:
            return message + about
        node = node.parent
    return message


def _describe(schema: Any) -> str:
    if isinstance(schema, dict) and isinstance(schema.get("description"), str):
        text = " ".join(schema["description"].split())
        if len(text) > _MAX_DESCRIPTION:
            text = text[: _MAX_DESCRIPTION - 1] + "…"
        return f" ({text})" if text else ""
    return ""


def _property_schema(schema: Any, key: str) -> Any:
    if isinstance(schema, dict):
        properties = schema.get("properties")
        if isinstance(properties, dict):
            return properties.get(key)
    return None


def _known_keys(schema: Any) -> set[str]:
    keys: set[str] = set()
    if isinstance(schema, dict):
        properties = schema.get("properties")
        if isinstance(properties, dict):
            keys.update(properties)
        for part in schema.get("allOf", ()):
            keys |= _known_keys(part)
    return keys


def _unknown_keys(schema: Any, instance: dict[str, Any]) -> list[str]:
    known = _known_keys(schema)
    patterns = schema.get("patternProperties", {}) if isinstance(schema, dict) else {}
    return [
        key for key in instance
        if key not in known and not any(re.search(p, key) for p in patterns)
    ]


def _or(words: Iterable[str]) -> str:
    items = list(words)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def _show(value: Any) -> str:
    if isinstance(value, str):
        text = repr(value)
    elif value is None:
        text = "null"
    elif isinstance(value, bool):
        text = "true" if value else "false"
    else:
        text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= _MAX_SHOWN else text[: _MAX_SHOWN - 1] + "…"


def _values(values: Iterable[Any]) -> str:
    return ", ".join(_show(v) for v in values)


def _found(instance: Any) -> str:
    if isinstance(instance, dict):
        return "a mapping"
    if isinstance(instance, list):
        return "a list"
    if instance is None:
        return "null"
    if isinstance(instance, bool):
        return f"a boolean ({_show(instance)})"
    if isinstance(instance, int):
        return f"an integer ({instance})"
    if isinstance(instance, float):
        return f"a number ({instance})"
    if isinstance(instance, str):
        return f"a string ({_show(instance)})"
    return type(instance).__name__
