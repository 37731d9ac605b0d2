"""The YAML reference, written from the JSON Schemas in schemas/ at every docs build.

Each schema file becomes a page; each definition (``$defs``) a section, with one entry
per key (a definition list): its type and default, its allowed values, its description
and an example as code.  Examples come from
the rule files in the repository (shipped variants, docs/examples, test fixtures): the
first file that sets the key at the place the definition is used.  A key no file sets
shows its default, or nothing.
"""

from __future__ import annotations

import enum
import json
import typing
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import yaml

SUFFIX = ".schema.json"
MAIN = "variant.schema.json"
TYPE_WORDS = {"object": "mapping", "array": "list", "string": "string", "integer": "integer",
              "number": "number", "boolean": "boolean", "null": "null"}
Where = tuple[tuple[str, ...], str]      # (path in a rule file, procedure or "")


def load_schemas(directory: Path) -> dict[str, dict[str, Any]]:
    """Every ``*.schema.json`` in ``directory`` by file stem (``variant``, ``tricks``...)."""
    return {p.name.removesuffix(SUFFIX): json.loads(p.read_text(encoding="utf-8"))
            for p in sorted(directory.glob(f"*{SUFFIX}"))}


def load_examples(files: list[Path]) -> list[tuple[str, Any]]:
    """(label, data) of every rule file that parses, data as JSON sees it."""
    found = []
    for path in files:
        try:
            data = json.loads(json.dumps(yaml.safe_load(path.read_text(encoding="utf-8"))))
        except (yaml.YAMLError, OSError, ValueError, TypeError):
            continue
        if isinstance(data, dict):
            found.append((path.as_posix(), data))
    return found


class Reference:
    """Writes the reference pages of a set of schemas, with examples from rule files."""

    def __init__(self, schemas: dict[str, dict[str, Any]],
                 examples: list[tuple[str, Any]],
                 default: Callable[[tuple[str, ...], str], str | None] | None = None) -> None:
        self.schemas = schemas
        self.examples = examples
        self.default = default or (lambda path, procedure: None)
        self.where: dict[tuple[str, str], Where] = {}
        main = MAIN.removesuffix(SUFFIX)
        self._locate(main, schemas[main], (), "")
        # A house-rule file's keys are not the rules record's: no defaults from the model.
        house = schemas[main].get("then", {}).get("$ref", "")
        self.unmodelled = {target[:2] for target in [self.resolve(main, house)] if target}

    # -- where each definition is used, so that examples can be found ----------------

    def _locate(self, stem: str, node: Any, path: tuple[str, ...], procedure: str) -> None:
        if isinstance(node, list):
            for item in node:
                self._locate(stem, item, path, procedure)
            return
        if not isinstance(node, dict):
            return
        ref = node.get("$ref")
        if isinstance(ref, str):
            target = self.resolve(stem, ref)
            if target is not None and target[:2] not in self.where:
                self.where[target[:2]] = (path, procedure)
                self._locate(target[0], target[2], path, procedure)
        for key, sub in node.get("properties", {}).items():
            self._locate(stem, sub, (*path, key), procedure)
        extra = node.get("additionalProperties")
        if isinstance(extra, dict):
            self._locate(stem, extra, (*path, "*"), procedure)
        if isinstance(node.get("items"), dict):
            self._locate(stem, node["items"], (*path, "*"), procedure)
        for key in ("anyOf", "oneOf", "allOf"):
            self._locate(stem, node.get(key, []), path, procedure)
        if "then" in node:
            self._locate(stem, node["then"], path, _procedure_of(node.get("if")) or procedure)
        if "else" in node:
            self._locate(stem, node["else"], path, procedure)

    def resolve(self, stem: str, ref: str) -> tuple[str, str, Any] | None:
        """(schema stem, definition name, schema) of a ``$ref`` made in schema ``stem``."""
        file, _, pointer = ref.partition("#")
        if file:
            stem = file.removesuffix(SUFFIX)
        name = pointer.removeprefix("/$defs/")
        schema = self.schemas.get(stem, {}).get("$defs", {}).get(name)
        return None if schema is None else (stem, name, schema)

    # -- pages ---------------------------------------------------------------------

    def page(self, stem: str) -> str:
        """The Markdown page of one schema file."""
        schema = self.schemas[stem]
        title = schema.get("title", f"{stem} schema")
        lines = [f"# {title}", ""]
        if schema.get("description"):
            lines += [schema["description"], ""]
        lines += [f"Generated from `schemas/{stem}{SUFFIX}` when the site is built; every "
                  "example is taken from a rule file in the repository.", ""]
        if stem == MAIN.removesuffix(SUFFIX):
            lines += self._top(schema)
        defs = list(schema.get("$defs", {}).items())
        order = {name: index for index, (name, _) in enumerate(defs)}
        defs.sort(key=lambda item: (not item[1].get("properties"),
                                    len(self.where.get((stem, item[0]), ((0,) * 9, ""))[0]),
                                    item[0] != "variant", order[item[0]]))
        for name, node in defs:
            lines += self.section(stem, name, node)
        return "\n".join(lines) + "\n"

    def _top(self, schema: dict[str, Any]) -> list[str]:
        then, other = schema.get("then", {}), schema.get("else", {})
        cond = ", ".join(f"`{k}`" for k in schema.get("if", {}).get("required", []))
        return ["A rule file is one of two kinds:", "",
                f"- with {cond}: {self.type_of('variant', then)} (a house-rule file);",
                f"- otherwise: {self.type_of('variant', other)} (a whole game).", ""]

    def section(self, stem: str, name: str, node: dict[str, Any]) -> list[str]:
        """The section of one definition: its summary and, for a mapping, its keys."""
        path, procedure = self.where.get((stem, name), ((), ""))
        lines = [f"## {name}", ""]
        if node.get("description"):
            lines += [_text(node["description"]), ""]
        used = "`" + ".".join(path) + "`" if path else "the top of the file"
        if (stem, name) in self.where:
            lines += [f"Used at {used}" + (f" (with `procedure: {procedure}`)" if procedure
                                           else "") + ".", ""]
        lines += [f"Type: {self.type_of(stem, node)}.", ""]
        allowed = self.allowed(node)
        if allowed:
            lines += [f"Allowed: {allowed}.", ""]
        modelled = (stem, name) not in self.unmodelled
        lines += self.table(stem, node, path, procedure, name, modelled)
        if not node.get("properties"):  # a choice of forms: the keys of each mapping form
            for suffix, sub, more in _inline_mappings(node):
                lines += [f"### {name}{suffix}", ""]
                lines += self.table(stem, sub, (*path, *more), procedure, f"{name}{suffix}",
                                    modelled)
        return lines

    def table(self, stem: str, node: dict[str, Any], path: tuple[str, ...],
              procedure: str, anchor: str, modelled: bool = True) -> list[str]:
        """The keys of a mapping, one entry each; nested mappings get their own list."""
        properties = node.get("properties", {})
        required = set(node.get("required", []))
        by_procedure: dict[str, list[str]] = {}      # keys whose schema the procedure picks
        parts = list(node.get("allOf", []))
        for part in node.get("allOf", []):  # the procedures' choice, by reference
            target = self.resolve(stem, part["$ref"]) if "$ref" in part else None
            parts += target[2].get("allOf", []) if target else []
        for part in parts:
            procedure_name = _procedure_of(part.get("if"))
            for key, sub in part.get("then", {}).get("properties", {}).items():
                if procedure_name:
                    by_procedure.setdefault(key, []).append(
                        f"with `procedure: {procedure_name}` {self.type_of(stem, sub)}")
        lines: list[str] = []
        if not properties:  # a choice of schemas by procedure, or nothing to list
            for key, texts in by_procedure.items():
                lines += [f"`{key}`", f":   {'; '.join(texts)}", "",
                          "    Checked by the schema of the procedure that `play.procedure` "
                          "names.", ""]
            return lines
        nested = []
        for key, sub in properties.items():
            model = self.default((*path, key), procedure) if modelled else None
            default = _flow(sub["default"]) if "default" in sub else (
                "required" if key in required else model or "")
            kind = self.type_of(stem, sub) + "".join(
                f"; {text}" for text in by_procedure.get(key, []))
            head = kind + ("" if not default else " · required" if default == "required"
                           else f" · default `{default}`")
            lines += [f"`{key}`", f":   {head}", ""]
            allowed = self.allowed(sub)
            if allowed:
                lines += [f"    Allowed: {allowed}.", ""]
            description = _text(sub.get("description", ""))
            if description:
                lines += [f"    {description}", ""]
            lines += _example(key, self.example_value((*path, key), procedure))
            nested += [(f"{key}{suffix}", inner, (*path, key, *more))
                       for suffix, inner, more in _inline_mappings(sub)]
        lines.append("")
        for name, sub, sub_path in nested:
            lines += [f"### {anchor}.{name}", ""]
            if sub.get("description"):
                lines += [_text(sub["description"]), ""]
            lines += self.table(stem, sub, sub_path, procedure, f"{anchor}.{name}", modelled)
        return lines

    def type_of(self, stem: str, node: Any) -> str:
        """A short Markdown type: `integer`, list of [rank](#rank), mapping of ... to ..."""
        if not isinstance(node, dict):
            return "anything" if node is True else "nothing"
        if "$ref" in node:
            target = self.resolve(stem, node["$ref"])
            if target is None:
                return f"`{node['$ref']}`"
            if target[0] == stem:
                return f"[{target[1]}](#{_anchor(target[1])})"
            return f"[{target[0]}.{target[1]}]({target[0]}.md#{_anchor(target[1])})"
        if "const" in node:
            return f"`{_flow(node['const'])}`"
        if "enum" in node:
            kinds = sorted({TYPE_WORDS.get(_json_type(v), "value") for v in node["enum"]})
            return " or ".join(kinds)
        for key in ("oneOf", "anyOf"):
            if key in node:
                return " or ".join(self.type_of(stem, alt) for alt in node[key])
        kinds = node.get("type")
        words = [kinds] if isinstance(kinds, str) else list(kinds or [])
        text = " or ".join(TYPE_WORDS.get(w, w) for w in words)
        if "array" in words and isinstance(node.get("items"), dict):
            text = text.replace("list", f"list of {self.type_of(stem, node['items'])}")
        extra = node.get("additionalProperties")
        if "object" in words and isinstance(extra, dict):
            keys = node.get("propertyNames", {})
            key_text = (self.allowed(keys) if keys else "") or "name"
            values = ("one of " + ", ".join(f"`{_flow(v)}`" for v in extra["enum"])
                      if "enum" in extra else self.type_of(stem, extra))
            text = text.replace("mapping", f"mapping of {key_text} to {values}")
        conditional = [f"with `procedure: {_procedure_of(part.get('if'))}` "
                       f"{self.type_of(stem, part['then'])}"
                       for part in node.get("allOf", []) if "$ref" in part.get("then", {})
                       and _procedure_of(part.get("if"))]
        if conditional:
            text += " (" + "; ".join(conditional) + ")"
        return text or "anything"

    def allowed(self, node: dict[str, Any]) -> str:
        """Allowed values and bounds in words: `a`, `b`; 1 to 8; pattern; sizes."""
        parts = []
        if "enum" in node:
            parts.append(", ".join(f"`{_flow(v)}`" for v in node["enum"]))
        low, high = node.get("minimum"), node.get("maximum")
        if low is not None and high is not None:
            parts.append(f"{low} to {high}")
        elif low is not None:
            parts.append(f"at least {low}")
        elif high is not None:
            parts.append(f"at most {high}")
        if "pattern" in node:
            parts.append(f"matching `{node['pattern']}`")
        for key, word in (("minItems", "at least {} items"), ("maxItems", "at most {} items"),
                          ("maxLength", "at most {} characters"),
                          ("maxProperties", "at most {} keys")):
            if key in node:
                parts.append(word.format(node[key]))
        items = node.get("items")
        if isinstance(items, dict) and "enum" in items:
            parts.append("each one of " + ", ".join(f"`{_flow(v)}`" for v in items["enum"]))
        names = node.get("propertyNames", {})
        if isinstance(names, dict) and "enum" in names:
            parts.append("keys " + ", ".join(f"`{v}`" for v in names["enum"]))
        return "; ".join(parts)

    def example(self, path: tuple[str, ...], procedure: str) -> str:
        """The value at ``path`` in the first rule file that has one, as flow YAML."""
        value = self.example_value(path, procedure)
        return "" if value is _NONE else _flow(value)

    def example_value(self, path: tuple[str, ...], procedure: str) -> Any:
        """The value at ``path`` in the first rule file that has one (``_NONE``: none)."""
        for _, data in self.examples:
            if procedure and _get(data, ("play", "procedure")) != procedure:
                continue
            for value in _values(data, path):
                return value
        return _NONE


_NONE = object()
"""No example: no rule file sets the key."""
EXAMPLE_LINES = 12
"""Most lines of an example shown as a YAML block (a longer one is cut, with ``...``)."""


def _example(key: str, value: Any) -> list[str]:
    """An example as code, indented into its key's entry: a short value inline, a longer
    one as the YAML block a rule file would hold (``*`` in a path: the key's name)."""
    if value is _NONE:
        return []
    short = _flow(value, limit=10_000)
    if len(short) <= 60:
        return [f"    Example: `{key}: {short}`", ""]
    def dump(data: Any, flow: bool | None) -> list[str]:
        return yaml.safe_dump(data, default_flow_style=flow, sort_keys=False,
                              allow_unicode=True, width=84).removesuffix("...\n").rstrip() \
            .splitlines()

    if isinstance(value, (dict, list)):  # lists of plain values stay on one line
        body = dump(value, None)
        text = [f"{key}: {body[0]}"] if len(body) == 1 else \
            [f"{key}:", *(f"  {line}" for line in body)]
    else:
        text = dump({key: value}, False)
    if len(text) > EXAMPLE_LINES:
        text = [*text[:EXAMPLE_LINES], "# ..."]
    return ["    Example:", "", "    ```yaml", *(f"    {line}" for line in text), "    ```", ""]


def _inline_mappings(node: dict[str, Any], suffix: str = "",
                     more: tuple[str, ...] = ()) -> Iterator[tuple[str, Any, tuple[str, ...]]]:
    """The mappings with keys written inside a property's schema (not behind a $ref):
    the schema itself, its list items (``[]``), its map values (``.*``) and each of its
    alternatives, with a heading suffix and the extra path to them."""
    if not isinstance(node, dict) or "$ref" in node:
        return
    if node.get("properties"):
        yield suffix, node, more
    if isinstance(node.get("items"), dict):
        yield from _inline_mappings(node["items"], suffix + "[]", (*more, "*"))
    if isinstance(node.get("additionalProperties"), dict):
        yield from _inline_mappings(node["additionalProperties"], suffix + ".*", (*more, "*"))
    for key in ("oneOf", "anyOf"):
        alternatives = node.get(key, [])
        for number, alternative in enumerate(alternatives, 1):
            label = f" (form {number})" if len(alternatives) > 1 else ""
            yield from _inline_mappings(alternative, suffix + label, more)


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    return {str: "string", float: "number", type(None): "null"}.get(type(value), "value")


def _procedure_of(condition: Any) -> str:
    """``tricks`` from an ``if`` that tests ``procedure`` (at the top or under ``play``)."""
    if not isinstance(condition, dict):
        return ""
    props = condition.get("properties", {})
    if "procedure" in props:
        return str(props["procedure"].get("const", ""))
    return _procedure_of(props.get("play"))


def _values(data: Any, path: tuple[str, ...]) -> Iterator[Any]:
    if not path:
        yield data
        return
    head, rest = path[0], path[1:]
    if head == "*":
        items = data.values() if isinstance(data, dict) else data if isinstance(
            data, list) else []
        for item in items:
            yield from _values(item, rest)
    elif isinstance(data, dict) and head in data:
        yield from _values(data[head], rest)


def _get(data: Any, path: tuple[str, ...]) -> Any:
    return next(_values(data, path), None)


def _flow(value: Any, limit: int = 70) -> str:
    text = yaml.safe_dump(value, default_flow_style=True, width=10_000).strip()
    text = text.removesuffix("...").strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _text(text: str) -> str:
    return " ".join(text.split())


def _anchor(name: str) -> str:
    return name.lower().replace(".", "")


def model_default(root: type, path: tuple[str, ...], procedure: str) -> str | None:
    """The default of the rules record field at ``path`` (from the attrs class ``root``),
    as flow YAML; None when there is no such field or it has no default.  ``procedure``
    picks the record of the ``play:`` and ``scoring:`` sections (the registered
    procedure's), and the member of a union of records (by the package it is in)."""
    cls: Any = root
    if procedure and path[:1] in (("play",), ("scoring",)):  # the procedure's own record
        from cardrules.engine.procedures import find

        found = find(procedure)
        cls = found.play_rules if path[0] == "play" else found.scoring_rules
        path = path[1:]
        if not path:
            return None
    for depth, key in enumerate(path):
        cls = _record(cls, procedure)
        if key == "*":
            continue
        if cls is None or not attrs.has(cls):
            return None
        fields = {f.name: f for f in attrs.fields(cls)}
        if key not in fields:
            return None
        if depth == len(path) - 1:
            return _default_text(fields[key].default)
        cls = typing.get_type_hints(cls).get(key)
    return None


def _record(cls: Any, procedure: str) -> Any:
    """The record class a field of type ``cls`` holds (Optional, unions, containers)."""
    for _ in range(4):
        args = [a for a in typing.get_args(cls) if a is not type(None)]
        if typing.get_origin(cls) in (dict, tuple, list):
            cls = args[-1] if args else None
        elif args:
            picked = [a for a in args if procedure and
                      f".{procedure}." in getattr(a, "__module__", "") + "."]
            cls = picked[0] if picked else args[0]
        else:
            return cls
    return cls


def _default_text(default: Any) -> str | None:
    if default is attrs.NOTHING:
        return None
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        default = default.factory()
    return _flow(_plain(default))


def _plain(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    if attrs.has(type(value)):
        return {k: _plain(v) for k, v in attrs.asdict(value, recurse=False).items()}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def pages(schema_dir: Path, example_files: list[Path],
          write: Callable[[str, str], None], root: type | None = None) -> list[str]:
    """Write one page per schema with ``write(name, text)``; the page names, main first.
    ``root`` is the rules record a whole rule file loads into, for defaults."""
    default = None if root is None else (
        lambda path, procedure: model_default(root, path, procedure))
    reference = Reference(load_schemas(schema_dir), load_examples(example_files), default)
    stems = sorted(reference.schemas, key=lambda s: (s != MAIN.removesuffix(SUFFIX), s))
    for stem in stems:
        write(f"{stem}.md", reference.page(stem))
    return stems
