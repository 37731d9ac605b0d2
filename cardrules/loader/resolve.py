"""Turn a variant or house-rule file into complete rule data: ``extends:`` and options.

A *variant file* describes a whole game and declares its options.  A *house-rule file*
``extends:`` a variant (or another house-rule file) and may choose option values and
``patch:`` the rules.  Resolution reads the chain base first, applies the chosen option
values (house files' choices, then the caller's), then the patches, and validates.

Precedence: the caller's options (``options=``, ``--option``) override the house files'
option choices; a house file's ``patch:`` applies after every option.  A patch that
changes a value set by an option *the caller chose* is refused, naming the option and
the patch line, because the option would be listed as chosen but not be in force.
Problems a patch causes (the rules had none before it) are located at the patch, even
when the value they name lies in the base variant.

>>> import tempfile, pathlib, json
>>> root = pathlib.Path(tempfile.mkdtemp())
>>> schemas = root / "schemas"; schemas.mkdir()
>>> _ = (schemas / "variant.schema.json").write_text(json.dumps({"type": "object"}))
>>> _ = (root / "base.yaml").write_text('''
... name: base
... match: {target: 100}
... options:
...   target: {type: integer, default: 100, minimum: 1, path: match.target}
... ''')
>>> _ = (root / "long.yaml").write_text("extends: base.yaml\\noptions: {target: 500}\\n")
>>> resolved = resolve(root / "long.yaml", schema_dir=schemas)
>>> resolved.data["name"], resolved.data["match"], resolved.chosen
('long', {'target': 500}, {'target': 500})
>>> resolved.marks[("match", "target")].line
2
"""

from __future__ import annotations

import copy
import math
import os
from collections.abc import Mapping
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Any, NoReturn

import attrs

from cardrules.errors import Problem, VariantError, did_you_mean
from cardrules.loader import resources
from cardrules.loader.options import (
    OPTION_TYPES,
    OptionDecl,
    check_value,
    declarations,
    refuse_overridden,
    show_value,
)
from cardrules.loader.patches import Choice, blame, graft, merge, put
from cardrules.loader.validation import validate
from cardrules.loader.yamlsafe import (
    MAX_DEPTH,
    MAX_FILE_BYTES,
    MAX_INT,
    MAX_NODES,
    JsonPath,
    Mark,
    Marks,
    format_path,
    parse_yaml,
    text_problem,
)

__all__ = ["HOUSE_KEYS", "MAX_CHAIN", "OPTION_TYPES", "Resolved", "resolve", "resolve_data"]

MAX_CHAIN = 8
"""Most files in one ``extends`` chain, the base variant included."""
HOUSE_KEYS = ("extends", "name", "title", "description", "options", "patch")
"""The keys a house-rule file may have."""

_CALLER_FILE = "<options>"
_SUFFIXES = (".yaml", ".yml")
_PROTECTED = ("options", "extends")


@attrs.frozen(kw_only=True)
class Resolved:
    """A variant with ``extends`` followed and every option applied."""

    data: dict[str, Any]
    """The complete rules in variant form; each option's ``default`` is the value in force."""
    marks: Marks
    """Where each value came from (file, line, column); caller options are at ``<options>``."""
    chosen: dict[str, object]
    """The value in force of every declared option."""
    sources: tuple[str, ...]
    """The files read, base variant first."""
    unpatched: dict[str, Any] | None = None
    """The rules before the house files' patches (None when no file patches them)."""
    patch_site: Mark | None = None
    """Where the last patch is (its ``patch:`` key), for problems a patch causes."""


@attrs.frozen(kw_only=True)
class RuleSource:
    """One file (or in-memory mapping) of an extends chain."""

    name: str
    """How problems name it."""
    path: Path | None
    """Where it was read from (None for in-memory data)."""
    data: dict[str, Any]
    """Its parsed content."""
    marks: Marks
    """Locations of its values."""

    def problem(self, path: JsonPath, message: str, *, at_key: bool = False) -> Problem:
        """A problem located at ``path`` (or its nearest located parent) in this source."""
        for end in range(len(path), -1, -1):
            mark = self.marks.get(path[:end])
            if mark is not None:
                if at_key and end == len(path):
                    mark = mark.at_key()
                return Problem(message=message, file=mark.file, line=mark.line,
                               column=mark.column, path=format_path(path))
        return Problem(message=message, file=self.name, path=format_path(path))

    def fail(self, path: JsonPath, message: str, *, at_key: bool = False) -> NoReturn:
        """Raise the problem at ``path``."""
        raise VariantError([self.problem(path, message, at_key=at_key)])


def resolve(
    source: str | os.PathLike[str],
    *,
    options: Mapping[str, object] | None = None,
    schema_dir: Path | None = None,
) -> Resolved:
    """Read a variant by registered name, or a variant or house-rule file by path, and resolve it.

    ``options`` overrides option values (after those a house-rule file chooses).  Every
    problem raises :class:`~cardrules.errors.VariantError` located in the file at fault.
    ``schema_dir`` replaces the shipped JSON schemas (for tests).
    """
    if isinstance(source, str) and _is_name(source):
        path = resources.find_variant(source)
        shown = str(path)
    else:
        path, shown = Path(source), os.fspath(source)
    first = _read(path, shown, None, schema_dir)
    return _resolve(_chain(first, schema_dir), options, schema_dir)


def resolve_data(
    data: Mapping[str, Any],
    *,
    file: str = "<data>",
    options: Mapping[str, object] | None = None,
    schema_dir: Path | None = None,
) -> Resolved:
    """Resolve rule data given in memory; it may only ``extends:`` a registered variant.

    >>> resolve_data({"extends": "../secret.yaml"}, file="mem")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardrules.errors.VariantError: mem: $.extends: rule data given in memory can only extend ...
    """
    source = RuleSource(name=file, path=None, data=_plain(data, file), marks={})
    _check_source(source, schema_dir)
    return _resolve(_chain(source, schema_dir), options, schema_dir)


# Reading files and following extends ------------------------------------------------


def _is_name(text: str) -> bool:
    return not any(sep in text for sep in ("/", "\\")) and not text.endswith(_SUFFIXES)


def _read(path: Path, shown: str, where: tuple[RuleSource, JsonPath] | None,
          schema_dir: Path | None) -> RuleSource:
    def fail(message: str) -> NoReturn:
        if where is not None:
            where[0].fail(where[1], message)
        raise VariantError([Problem(message=message, file=shown)])

    try:
        if not path.is_file():
            fail(f"cannot read {shown}: no such file" if not path.exists()
                 else f"cannot read {shown}: not a regular file")
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise VariantError([Problem(
                message=f"file is too large ({size:,} bytes; the limit is {MAX_FILE_BYTES:,}"
                " bytes)", file=shown, line=1, column=1,
            )])
        with path.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        fail(f"cannot read {shown}: {exc.strerror or exc}")
    data, marks = parse_yaml(raw, file=shown)
    source = RuleSource(name=shown, path=path, data=data, marks=marks)
    _check_source(source, schema_dir)
    return source


def _check_source(source: RuleSource, schema_dir: Path | None) -> None:
    if "extends" in source.data:
        _check_house(source)
    else:
        validate(source.data, source.marks, file=source.name, schema_dir=schema_dir)


def _check_house(source: RuleSource) -> None:
    problems: list[Problem] = []
    data = source.data
    allowed = ", ".join(HOUSE_KEYS)
    for key, value in data.items():
        if key not in HOUSE_KEYS:
            problems.append(source.problem(
                (key,), f"unknown key {key!r} in a house-rule file; allowed keys: {allowed}"
                " (put rule changes under patch:)", at_key=True,
            ))
        elif key in ("extends", "name", "title", "description") and (
            not isinstance(value, str) or not value.strip()
        ):
            problems.append(source.problem((key,), f"{key} must be a non-empty string; found"
                                           f" {show_value(value)}"))
        elif key in ("options", "patch") and not isinstance(value, dict):
            problems.append(source.problem((key,), f"{key} must be a mapping; found"
                                           f" {show_value(value)}"))
        elif key == "patch":
            problems.extend(
                source.problem(("patch", k), f"a patch may not change {k!r}", at_key=True)
                for k in value if k in _PROTECTED
            )
    if problems:
        raise VariantError(problems)


def _chain(first: RuleSource, schema_dir: Path | None) -> list[RuleSource]:
    """The sources of an extends chain, base variant first."""
    files = [first]
    seen = [first.path.resolve()] if first.path is not None else []
    while "extends" in files[-1].data:
        current = files[-1]
        path, shown = _target(current)
        real = path.resolve()
        names = [*(f.path.name if f.path else f.name for f in files), path.name]
        if real in seen:
            current.fail(("extends",), f"extends cycle: {' -> '.join(names)}")
        if len(files) >= MAX_CHAIN:
            current.fail(("extends",), f"extends chain is longer than {MAX_CHAIN} files:"
                         f" {' -> '.join(names)}")
        seen.append(real)
        files.append(_read(path, shown, (current, ("extends",)), schema_dir))
    files.reverse()
    return files


def _target(source: RuleSource) -> tuple[Path, str]:
    """The file an ``extends:`` value names, checked to stay inside the allowed directories."""
    text: str = source.data["extends"]
    refused = _unreadable_name(text)
    if refused:
        source.fail(("extends",), refused)
    if _is_name(text):
        path = resources.find_variant(text, mark=source.marks.get(("extends",)), path="$.extends")
        return path, str(path)
    if source.path is None:
        source.fail(("extends",), "rule data given in memory can only extend a registered"
                    " variant by name")
    if PurePosixPath(text).is_absolute() or PureWindowsPath(text).is_absolute() or (
        PureWindowsPath(text).drive
    ):
        source.fail(("extends",), f"extends must be a relative path or a variant name; found"
                    f" {text!r}")
    if not text.endswith(_SUFFIXES):
        source.fail(("extends",), f"extends must name a .yaml or .yml file; found {text!r}")
    target = source.path.parent / text
    real = target.resolve()
    allowed = [source.path.parent.resolve(), resources.data_dir("variants").resolve()]
    allowed.extend(p.parent.resolve() for p in resources.builtin_variants().values())
    if not any(real.is_relative_to(directory) for directory in allowed):
        source.fail(("extends",), f"extends path escapes the allowed directories: {text!r}"
                    " (use a file beside this one or a registered variant name)")
    return target, os.path.normpath(target)


def _unreadable_name(text: str) -> str:
    """Why ``text`` cannot name a file or variant (empty when it can): refuses control
    characters such as the NUL of ``"bank\\0.yaml"``, which no file name may hold.

    >>> print(_unreadable_name("bank\\0.yaml"))
    extends may not hold control characters; found U+0000 in 'bank\\x00.yaml'
    """
    bad = next((c for c in text if ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0), None)
    if bad is None:
        return ""
    return f"extends may not hold control characters; found U+{ord(bad):04X} in {text!r}"


def _plain(value: Any, file: str, path: JsonPath = (), count: list[int] | None = None) -> Any:
    """A JSON-like copy of in-memory data, held to the limits of a parsed file."""
    count = count if count is not None else [0]
    count[0] += 1

    def fail(message: str) -> NoReturn:
        raise VariantError([Problem(message=message, file=file, path=format_path(path))])

    if count[0] > MAX_NODES:
        fail(f"too many values (more than {MAX_NODES:,})")
    if isinstance(value, (Mapping, list, tuple)) and len(path) >= MAX_DEPTH:
        fail(f"nesting is deeper than {MAX_DEPTH} levels")
    if isinstance(value, Mapping):
        result: dict[str, Any] = {}
        for key, item in value.items():
            if isinstance(key, int) and not isinstance(key, bool):
                key = str(key)
            if not isinstance(key, str):
                fail(f"mapping keys must be strings; found {show_value(key)}")
            if text_problem(key):
                fail(f"key {key!r}: {text_problem(key)}")
            result[key] = _plain(item, file, (*path, key), count)
        return result
    if isinstance(value, (list, tuple)):
        return [_plain(item, file, (*path, i), count) for i, item in enumerate(value)]
    if isinstance(value, str):
        if text_problem(value):
            fail(text_problem(value))
        return value
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        if abs(value) > MAX_INT:
            fail(f"number too large (the limit is ±{MAX_INT:,})")
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            fail("infinite and NaN numbers are not allowed")
        return value
    fail(f"unsupported value of type {type(value).__name__}")


# Applying ------------------------------------------------------------------------------


def _resolve(files: list[RuleSource], options: Mapping[str, object] | None,
             schema_dir: Path | None) -> Resolved:
    base, houses = files[0], files[1:]
    declared = declarations(base)
    chosen = {
        name: Choice(value=option.default, marks=base.marks, path=("options", name, "default"))
        for name, option in declared.items()
    }
    problems: list[Problem] = []
    known = ", ".join(declared) or "(none)"
    for house in houses:
        for name, value in house.data.get("options", {}).items():
            where: JsonPath = ("options", name)
            if name not in declared:
                problems.append(house.problem(
                    where, f"unknown option {name!r}; {did_you_mean(name, declared)}known "
                    f"options: {known}", at_key=True))
                continue
            normalised, problem = check_value(declared[name], value)
            if problem:
                problems.append(house.problem(where, problem))
            else:
                chosen[name] = Choice(value=normalised, marks=house.marks, path=where)
    caller = Mark(file=_CALLER_FILE, line=0, column=0)
    for name, value in (options or {}).items():
        at = format_path(("options", name))
        if name not in declared:
            problems.append(Problem(message=f"unknown option {name!r}; "
                                    f"{did_you_mean(name, declared)}known options: {known}",
                                    file=_CALLER_FILE, path=at))
            continue
        normalised, problem = check_value(declared[name], value)
        if problem:
            problems.append(Problem(message=problem, file=_CALLER_FILE, path=at))
        else:
            chosen[name] = Choice(value=normalised, marks={}, path=(), fallback=caller)
    if problems:
        raise VariantError(problems)

    rules = copy.deepcopy(base.data)
    marks = dict(base.marks)
    for name, option in declared.items():
        choice = chosen[name]
        if not _in_force(base.data["options"][name], chosen):
            pass                                 # an option not in force writes nothing
        elif option.values is not None:
            merge(rules, marks, (), option.values[choice.value], base.marks,
                   ("options", name, "values", choice.value))
        elif choice.value is not None:
            _set_at(base, rules, marks, option, choice)
        put(rules["options"][name], marks, ("options", name), "default", choice)
    before: tuple[dict[str, Any], Marks] | None = None
    site = Mark(file=files[-1].name, line=0, column=0)
    for house in houses:
        if "patch" in house.data:
            patch = house.data["patch"]
            refuse_overridden(house, patch, {n: chosen[n].value for n in options or {}},
                               declared)
            if before is None:
                before = copy.deepcopy(rules), dict(marks)
            fallback = house.marks.get((), Mark(file=house.name, line=0, column=0))
            merge(rules, marks, (), patch, house.marks, ("patch",), fallback)
            site = house.marks.get(("patch",), fallback).at_key()
        for key in ("title", "description"):
            if key in house.data:
                put(rules, marks, (), key, Choice(value=house.data[key], marks=house.marks,
                                                    path=(key,)))
    if houses:
        last = houses[-1]
        name = last.data.get("name") or (
            last.path.stem if last.path else f"{rules.get('name', 'variant')}-custom")
        put(rules, marks, (), "name", Choice(
            value=name, marks=last.marks, path=("name",), fallback=last.marks.get(())))
    try:
        validate(rules, marks, file=files[-1].name, schema_dir=schema_dir)
    except VariantError as exc:
        if before is None:
            raise
        try:
            validate(*before, file=files[-1].name, schema_dir=schema_dir)
            found: set[tuple[str, str]] = set()
        except VariantError as old:
            found = {(p.path, p.message) for p in old.problems}
        raise VariantError(blame(exc.problems, found, marks, [h.name for h in houses],
                                 site)) from None
    return Resolved(
        data=rules, marks=marks, chosen={name: c.value for name, c in chosen.items()},
        sources=tuple(f.name for f in files),
        unpatched=before[0] if before is not None else None, patch_site=site,
    )


def _in_force(decl: Mapping[str, Any], chosen: Mapping[str, Choice]) -> bool:
    """Whether the other options' chosen values meet the option's ``applies_when`` (an
    option not in force applies no patch and sets nothing)."""
    when = decl.get("applies_when") or {}
    return all(str(chosen[other].value) in {str(v) for v in values}
               for other, values in when.items())


def _set_at(base: RuleSource, rules: dict[str, Any], marks: Marks, option: OptionDecl,
            choice: Choice) -> None:
    node: dict[str, Any] = rules
    path: JsonPath = ()
    keys = list(option.path[:-1])
    while keys:
        key = keys.pop(0)
        path = (*path, key)
        child = node.get(key)
        if isinstance(child, list) and keys and keys[0].isdigit():
            index = int(keys.pop(0))             # phases.0.bidding: an item of a list
            if index >= len(child) or not isinstance(child[index], dict):
                base.fail(("options", option.name, "path"),
                          f"option {option.name!r} sets {'.'.join(option.path)} but"
                          f" {format_path(path)} has no mapping at index {index}")
            path = (*path, index)
            node = child[index]
            continue
        if child is None:
            child = node[key] = {}
            graft(marks, path, {}, choice)
        elif not isinstance(child, dict):
            base.fail(("options", option.name, "path"),
                      f"option {option.name!r} sets {'.'.join(option.path)} but"
                      f" {format_path(path)} is {show_value(child)}, not a mapping")
        node = child
    put(node, marks, path, option.path[-1], choice)
