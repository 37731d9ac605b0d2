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
from collections.abc import Collection, Iterable, Iterator, Mapping
from typing import Any

import attrs

from cardrules.errors import Problem
from cardrules.loader.yamlsafe import JsonPath, Mark, Marks, format_path

__all__ = ["Choice", "blame", "drop", "graft", "merge", "overridden", "put", "written"]


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
           patch_marks: Marks, patch_path: JsonPath, fallback: Mark | None = None) -> None:
    """Deep-merge ``patch`` into ``target``: mappings merge, null deletes, the rest replaces.

    Values get the marks of the patch, or ``fallback`` where it has none (data given in
    memory), never the marks of the value they replace.
    """
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
                graft(marks, full, {}, Choice(value={}, marks=patch_marks, path=source,
                                              fallback=fallback))
            merge(child, marks, full, value, patch_marks, source, fallback)
        else:
            put(target, marks, path, key, Choice(value=value, marks=patch_marks, path=source,
                                                 fallback=fallback))


def written(patch: Mapping[str, Any], path: JsonPath = ()) -> Iterator[tuple[JsonPath, Any]]:
    """Every value ``patch`` writes, with its path: mappings merge, so only what is not a
    mapping is written (null deletes).

    >>> list(written({"play": {"after_turn": {"7": None}, "stuck_draw": 1}}))
    [(('play', 'after_turn', '7'), None), (('play', 'stuck_draw'), 1)]
    """
    for key, value in patch.items():
        if isinstance(value, dict):
            yield from written(value, (*path, key))
        else:
            yield (*path, key), value


def overridden(writes: Iterable[tuple[JsonPath, Any]], patch: Mapping[str, Any]
               ) -> Iterator[tuple[JsonPath, JsonPath]]:
    """``(written path, patch path)`` for each value of ``writes`` that applying ``patch``
    afterwards changes: the patch sets it to something else, replaces or deletes a
    mapping holding it, or writes inside it.

    >>> list(overridden([(("play", "after_turn", "7"), None)],
    ...                 {"play": {"after_turn": {"7": "skip"}, "stuck_draw": 1}}))
    [(('play', 'after_turn', '7'), ('play', 'after_turn', '7'))]
    """
    patched = list(written(patch))
    for at, value in writes:
        for where, new in patched:
            if where == at:
                if new != value:
                    yield at, where
            elif where[:len(at)] == at or at[:len(where)] == where:
                yield at, where


def blame(problems: Iterable[Problem], before: Collection[tuple[str, str]], marks: Marks,
          houses: Collection[str], site: Mark) -> list[Problem]:
    """``problems`` found after a house file's patch, each located where the patch is.

    A problem the rules did not have before the patches (``before`` holds their
    ``(path, message)``) comes from a patch, even when the value it names lies in the base
    variant: it is moved to the first value a house file set at or under its path, or
    else to ``site`` (the ``patch:`` key), and says where the value it names lies.
    """
    out = []
    for problem in problems:
        if problem.file in houses or (problem.path, problem.message) in before:
            out.append(problem)
            continue
        under = [m for p, m in marks.items() if m.file in houses and _within(p, problem.path)]
        mark = min(under, key=lambda m: (m.line, m.column)) if under else site
        where = problem.file + (f":{problem.line}:{problem.column}" if problem.line else "")
        out.append(attrs.evolve(
            problem, file=mark.file, line=mark.line, column=mark.column,
            message=f"{problem.message} (after the patch; the value is at {where})"))
    return out


def _within(path: JsonPath, shown: str) -> bool:
    """True if ``path`` is the value at ``shown`` (a formatted path) or lies under it."""
    text = format_path(path)
    return text == shown or text.startswith((shown + ".", shown + "["))


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
