"""Load a variant: YAML -> extends and options -> JSON Schema -> records -> checks -> Game."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Mapping
from typing import Any

from cardrules.engine.game import Game
from cardrules.engine.procedures import find
from cardrules.errors import Problem, VariantError
from cardrules.hooks import find_hook, is_point, known, points
from cardrules.loader.patches import blame
from cardrules.loader.resolve import Resolved, resolve, resolve_data
from cardrules.loader.yamlsafe import JsonPath, Marks, format_path
from cardrules.model import Variant
from cardrules.model.checks import check_variant
from cardrules.model.convert import structure_variant

__all__ = ["fingerprint", "load", "load_variant"]

Source = str | os.PathLike[str] | Mapping[str, Any]
"""A registered variant name, a path to a rule file, or rule data in memory."""


def fingerprint(data: Mapping[str, Any]) -> str:
    """A short hash of resolved rule data; equal rules give equal fingerprints."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def load_variant(source: Source, *, options: Mapping[str, object] | None = None
                 ) -> tuple[Variant, str]:
    """The checked rules of ``source`` with ``options`` applied, and their fingerprint."""
    resolved = _resolve(source, options)
    try:
        variant = structure_variant(resolved.data)
    except Exception as exc:
        import cattrs  # imported by now: cattrs built (or refused) the records

        if not isinstance(exc, cattrs.BaseValidationError):
            raise
        messages = cattrs.transform_error(exc, path="$")
        raise VariantError([_located(resolved.marks, (), m) for m in messages]) from None
    found = _problems(variant)
    if found:
        problems = [_located(resolved.marks, path, message) for path, message in found]
        if resolved.unpatched is not None and resolved.patch_site is not None:
            problems = blame(problems, _problems_before(resolved.unpatched), resolved.marks,
                             resolved.sources[1:], resolved.patch_site)
        raise VariantError(problems)
    return variant, fingerprint(resolved.data)


def _problems(variant: Variant) -> list[tuple[JsonPath, str]]:
    """Cross-field problems and unknown hooks of ``variant``."""
    found = check_variant(variant)
    if variant.hooks:
        with contextlib.suppress(KeyError):  # the cross-field checks report an unknown one
            find(variant.play.procedure)  # its family declares its hook points
    for point, name in variant.hooks.items():
        if find_hook(point, name) is not None:
            continue
        if not is_point(point):
            found.append((("hooks", point), f"unknown hook point {point!r}; known points: "
                          f"{', '.join(sorted(points()))}"))
        else:
            found.append((("hooks", point), f"unknown hook {name!r} for {point}; known hooks: "
                          f"{', '.join(sorted(known(point)))}"))
    return found


def _problems_before(data: Mapping[str, Any]) -> set[tuple[str, str]]:
    """``(path, message)`` of each problem of the rules before the patches."""
    try:
        variant = structure_variant(data)
    except (KeyError, TypeError, ValueError):
        return set()
    except Exception as exc:
        import cattrs

        if isinstance(exc, cattrs.BaseValidationError):
            return set()
        raise
    return {(format_path(path), message) for path, message in _problems(variant)}


def load(source: Source, *, players: int | None = None,
         options: Mapping[str, object] | None = None) -> Game:
    """A :class:`Game` of ``source`` for ``players`` players (default: the fewest allowed).

    >>> game = load("bank", players=3, options={"seven": "nothing"})
    >>> game.players, game.options["seven"]
    (3, 'nothing')
    """
    variant, digest = load_variant(source, options=options)
    shown = source if isinstance(source, str) else os.fspath(source) \
        if isinstance(source, os.PathLike) else "<data>"
    return Game(variant=variant, players=players or variant.players.min, fingerprint=digest,
                source=str(shown))


def _resolve(source: Source, options: Mapping[str, object] | None) -> Resolved:
    if isinstance(source, Mapping):
        return resolve_data(source, options=options)
    return resolve(source, options=options)


def _located(marks: Marks, path: JsonPath, message: str) -> Problem:
    for end in range(len(path), -1, -1):
        mark = marks.get(path[:end])
        if mark is not None:
            return Problem(message=message, file=mark.file, line=mark.line, column=mark.column,
                           path=format_path(path))
    return Problem(message=message, path=format_path(path))
