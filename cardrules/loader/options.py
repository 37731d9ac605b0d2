"""Option declarations of a variant file and the values chosen for them.

An *enumerated* option maps each allowed value to a patch of the rules; a *typed* option
writes its value (an integer, boolean, string or list of strings) at a dotted path.
"""

from __future__ import annotations

from typing import Any, NoReturn, Protocol

import attrs

from cardrules.errors import Problem, VariantError, did_you_mean
from cardrules.loader.patches import overridden, written
from cardrules.loader.yamlsafe import MAX_INT, JsonPath, format_path

__all__ = [
    "OPTION_TYPES",
    "OptionDecl",
    "Source",
    "check_value",
    "declarations",
    "refuse_overridden",
    "show_value",
]


class Source(Protocol):
    """What option declarations read of the file they come from (a
    :class:`~cardrules.loader.resolve.RuleSource` is one): its name, its data, and where
    a problem lies in it."""

    @property
    def name(self) -> str: ...

    @property
    def data(self) -> dict[str, Any]: ...

    def problem(self, path: JsonPath, message: str, *, at_key: bool = False) -> Problem: ...

    def fail(self, path: JsonPath, message: str, *, at_key: bool = False) -> NoReturn: ...


OPTION_TYPES = ("integer", "boolean", "string", "string_list")
"""The types of a typed option."""

_TRUE = ("on", "true", "yes")
_FALSE = ("off", "false", "no")
_PROTECTED = ("options", "extends")
_ENUMERATED_KEYS = ("description", "default", "values", "value_descriptions", "applies_when")
_TYPED_KEYS = ("description", "default", "type", "path", "minimum", "maximum", "enum",
               "applies_when")


@attrs.frozen(kw_only=True)
class OptionDecl:
    """One option declaration of a variant file."""

    name: str
    """The option's name."""
    default: Any
    """The declared default value."""
    values: dict[str, dict[str, Any]] | None = None
    """Enumerated option: each value's patch (None for a typed option)."""
    type: str = ""
    """Typed option: its type (one of OPTION_TYPES)."""
    path: tuple[str, ...] = ()
    """Typed option: keys of the rule value it sets."""
    minimum: int | None = None
    """Typed integer option: least allowed value."""
    maximum: int | None = None
    """Typed integer option: greatest allowed value."""
    enum: tuple[Any, ...] | None = None
    """Typed option: the allowed values (items, for a string_list)."""


def declarations(base: Source) -> dict[str, OptionDecl]:
    declared = base.data.get("options", {})
    if not isinstance(declared, dict):
        base.fail(("options",), f"options must be a mapping; found {show_value(declared)}")
    problems: list[Problem] = []
    result: dict[str, OptionDecl] = {}
    for name, declaration in declared.items():
        try:
            result[name] = _declaration(base, name, declaration)
        except VariantError as exc:
            problems.extend(exc.problems)
    for name, declaration in declared.items():
        problems.extend(_applies_when(base, name, declaration, result))
    if problems:
        raise VariantError(problems)
    return result


def _applies_when(base: Source, name: str, decl: Any,
                  found: dict[str, OptionDecl]) -> list[Problem]:
    """Problems of an option's ``applies_when``: each key an enumerated option of the
    variant, each value one of that option's values."""
    when = decl.get("applies_when") if isinstance(decl, dict) else None
    if when is None or name not in found:
        return []
    at: JsonPath = ("options", name, "applies_when")
    try:
        if not isinstance(when, dict):
            base.fail(at, f"applies_when must map options to lists of their values; found "
                      f"{show_value(when)}")
        for other, values in when.items():
            option = found.get(other)
            if option is None or option.values is None or other == name:
                base.fail((*at, other), f"applies_when names {other!r}, which is not another "
                          f"enumerated option of this variant", at_key=True)
            if not isinstance(values, list) or not values:
                base.fail((*at, other), "applies_when lists one or more values of the option")
            for value in values:
                if str(value) not in option.values:
                    base.fail((*at, other), f"{show_value(value)} is not a value of option "
                              f"{other!r}; allowed values: {', '.join(option.values)}")
    except VariantError as exc:
        return list(exc.problems)
    return []


def _declaration(base: Source, name: str, decl: Any) -> OptionDecl:
    at: JsonPath = ("options", name)
    if not isinstance(decl, dict):
        base.fail(at, f"option {name!r} must be a mapping; found {show_value(decl)}")
    if ("values" in decl) == ("type" in decl):
        base.fail(at, f"option {name!r} needs exactly one of values: (an enumerated option)"
                  " or type: (a typed option)")
    keys = _ENUMERATED_KEYS if "values" in decl else _TYPED_KEYS
    for key in decl:
        if key not in keys:
            base.fail((*at, key), f"unknown key {key!r} in option {name!r}; allowed keys:"
                      f" {', '.join(keys)}", at_key=True)
    if "default" not in decl:
        base.fail(at, f"option {name!r} needs a default")
    option = _enumerated(base, name, decl) if "values" in decl else _typed(base, name, decl)
    _, problem = check_value(option, decl["default"])
    if problem:
        base.fail((*at, "default"), f"default: {problem}")
    return option


def _enumerated(base: Source, name: str, decl: dict[str, Any]) -> OptionDecl:
    at: JsonPath = ("options", name, "values")
    values = decl["values"]
    if not isinstance(values, dict) or not values:
        base.fail(at, f"values of option {name!r} must be a non-empty mapping of value ->"
                  " patch")
    patches: dict[str, dict[str, Any]] = {}
    for value, patch in values.items():
        if patch is None:
            patch = {}
        if not isinstance(patch, dict):
            base.fail((*at, value), f"the patch for value {value!r} must be a mapping; found"
                      f" {show_value(patch)}")
        for key in patch:
            if key in _PROTECTED:
                base.fail((*at, value, key), f"a patch may not change {key!r}", at_key=True)
        patches[value] = patch
    default = decl["default"]
    return OptionDecl(name=name, default=str(default) if _is_int(default) else default,
                   values=patches)


def _typed(base: Source, name: str, decl: dict[str, Any]) -> OptionDecl:
    at: JsonPath = ("options", name)
    kind = decl["type"]
    if kind not in OPTION_TYPES:
        base.fail((*at, "type"), f"unknown option type {show_value(kind)}; allowed types:"
                  f" {', '.join(OPTION_TYPES)}")
    path = decl.get("path")
    parts = tuple(path.split(".")) if isinstance(path, str) else ()
    if not parts or not all(parts):
        base.fail((*at, "path"), f"option {name!r} needs a path: like match.target (dotted keys)")
    if parts[0] in _PROTECTED:
        base.fail((*at, "path"), f"an option may not set a value under {parts[0]!r}")
    bounds: dict[str, int | None] = {}
    for key in ("minimum", "maximum"):
        bound = decl.get(key)
        if bound is not None and (kind != "integer" or not _is_int(bound)):
            base.fail((*at, key), f"{key} needs an integer option and an integer value")
        bounds[key] = bound
    enum = decl.get("enum")
    if enum is not None and (not isinstance(enum, list) or not enum or kind == "boolean"):
        base.fail((*at, "enum"), "enum must be a non-empty list (and not on a boolean option)")
    option = OptionDecl(name=name, default=decl["default"], type=kind, path=parts,
                     minimum=bounds["minimum"], maximum=bounds["maximum"],
                     enum=tuple(enum) if enum is not None else None)
    for i, item in enumerate(enum or ()):
        item_type = "string" if kind == "string_list" else kind
        _, problem = check_value(attrs.evolve(option, type=item_type, enum=None), item)
        if problem:
            base.fail((*at, "enum", i), f"enum: {problem}")
    return option


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_value(option: OptionDecl, value: object) -> tuple[Any, str]:
    """The value normalised (ints of enumerated options to str, tuples to lists), or a problem."""
    if option.values is not None:
        if isinstance(value, bool):  # YAML reads on/off/yes/no/true/false as booleans
            value = next((word for word in (_TRUE if value else _FALSE)
                          if word in option.values), str(value).lower())
        elif _is_int(value):
            value = str(value)
        if isinstance(value, str) and value in option.values:
            return value, ""
        return None, (f"{show_value(value)} is not a value of option {option.name!r}; "
                      f"{did_you_mean(value, option.values)}allowed values: "
                      f"{', '.join(option.values)}")
    if value is None:
        return None, ""
    ok = False
    if option.type == "integer" and _is_int(value):
        number: int = value  # type: ignore[assignment]
        ok = (abs(number) <= MAX_INT
              and (option.minimum is None or number >= option.minimum)
              and (option.maximum is None or number <= option.maximum))
    elif option.type == "boolean":
        ok = isinstance(value, bool)
    elif option.type == "string":
        ok = isinstance(value, str)
    elif option.type == "string_list" and isinstance(value, (list, tuple)):
        ok = all(isinstance(item, str) for item in value)
        value = list(value)
    if ok and option.enum is not None:
        items = value if option.type == "string_list" else [value]
        ok = all(item in option.enum for item in items)  # type: ignore[attr-defined]
    if ok:
        return value, ""
    return None, f"option {option.name!r} takes {_wanted(option)}; found {show_value(value)}"


def _wanted(option: OptionDecl) -> str:
    choices = ", ".join(show_value(v) for v in option.enum or ())
    if option.type == "integer":
        if option.enum is not None:
            text = f"one of {choices}"
        else:
            low = option.minimum if option.minimum is not None else -MAX_INT
            high = option.maximum if option.maximum is not None else MAX_INT
            text = f"an integer from {low} to {high}"
    elif option.type == "boolean":
        text = "true or false"
    elif option.type == "string":
        text = f"one of {choices}" if option.enum is not None else "a string"
    else:
        text = "a list of strings" + (f" from {choices}" if option.enum is not None else "")
    return text + " (or null)"


def refuse_overridden(house: Source, patch: dict[str, Any], caller: dict[str, Any],
                       declared: dict[str, OptionDecl]) -> None:
    """Refuses a house file's ``patch:`` that changes a value an option the caller chose
    sets: the patch applies last, so the option would be listed but not in force."""
    problems = []
    for name, value in caller.items():
        option = declared[name]
        writes = list(written(option.values[value])) if option.values is not None else (
            [(option.path, value)] if value is not None else [])
        for at, where in overridden(writes, patch):
            problems.append(house.problem(("patch", *where), (
                f"this patch changes {format_path(at)}, which option {name!r} chosen by the "
                f"caller ({name}={show_value(value)}) sets; a patch applies after every "
                f"option, so drop the option or choose it in {house.name} instead of "
                "patching"), at_key=True))
            break
    if problems:
        raise VariantError(problems)


def show_value(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a mapping"
    text = repr(value)
    return text if len(text) <= 60 else text[:59] + "…"
