"""Merging values and patches into rule data, keeping where each value came from.

Rule data are nested mappings; next to them, *marks* map each JSON path to the file, line
and column its value came from, so that errors found later (schema, cross-field checks)
point at the line that set the value, even when an option or a patch set it.

>>> marks = {}
>>> rules = {"play": {"seven": "skip", "eight": "again"}}
>>> merge(rules, marks, (), {"play": {"seven": None, "six": "draw"}}, {}, ("patch",))
>>> rules
{'play': {'eight': 'again', 'six': 'draw'}}
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

import attrs

from cardrules.yamlsafe import JsonPath, Mark, Marks

__all__ = ["Choice", "drop", "graft", "merge", "put"]


@attrs.frozen(kw_only=True)
class Choice:
    """The value in force for an option and where it was set."""

    value: Any
    """The value."""
    marks: Marks
    """Marks of the source that set it."""
    path: JsonPath
    """Path of the value within ``marks``."""
    fallback: Mark | None = None
    """Mark for values with no entry in ``marks`` (caller options)."""


def put(node: dict[str, Any], marks: Marks, path: JsonPath, key: str, choice: Choice) -> None:
    """Set ``node[key]`` (at ``path + (key,)``) to a copy of the choice, moving marks."""
    full = (*path, key)
    if key in node:
        drop(marks, full, node[key])
    node[key] = copy.deepcopy(choice.value)
    graft(marks, full, choice.value, choice)


def merge(target: dict[str, Any], marks: Marks, path: JsonPath, patch: Mapping[str, Any],
           patch_marks: Marks, patch_path: JsonPath) -> None:
    """Deep-merge ``patch`` into ``target``: mappings merge, null deletes, the rest replaces."""
    for key, value in patch.items():
        full, source = (*path, key), (*patch_path, key)
        if value is None:
            if key in target:
                drop(marks, full, target.pop(key))
        elif isinstance(value, dict):
            child = target.get(key)
            if not isinstance(child, dict):
                if key in target:
                    drop(marks, full, target[key])
                child = target[key] = {}
                graft(marks, full, {}, Choice(value={}, marks=patch_marks, path=source))
            merge(child, marks, full, value, patch_marks, source)
        else:
            put(target, marks, path, key, Choice(value=value, marks=patch_marks, path=source))


def drop(marks: Marks, path: JsonPath, value: Any) -> None:
    """Forget the marks of ``value`` (at ``path``) and everything under it."""
    marks.pop(path, None)
    if isinstance(value, dict):
        for key, item in value.items():
            drop(marks, (*path, key), item)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            drop(marks, (*path, index), item)


def graft(marks: Marks, path: JsonPath, value: Any, choice: Choice,
           relative: JsonPath = ()) -> None:
    """Mark ``value`` (now at ``path``) and everything under it with the marks of where
    ``choice`` came from."""
    here: JsonPath = (*path, *relative)
    mark = choice.marks.get((*choice.path, *relative), choice.fallback)
    if mark is not None:
        marks[here] = mark
    if isinstance(value, dict):
        for key, item in value.items():
            graft(marks, path, item, choice, (*relative, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            graft(marks, path, item, choice, (*relative, index))
