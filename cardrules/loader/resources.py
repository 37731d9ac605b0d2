"""Where shipped data lives, and the registry of variants known by name.

>>> data_dir("schemas").name
'schemas'
>>> isinstance(builtin_variants(), dict)
True
"""

from __future__ import annotations

import functools
import os
import warnings
from collections.abc import Iterable
from pathlib import Path
from typing import Literal

from cardrules.engine.registry import plugin_entries
from cardrules.errors import CardrulesError, Problem, VariantError, did_you_mean
from cardrules.loader.yamlsafe import Mark

__all__ = ["ALIASES", "ENTRY_POINT_GROUP", "builtin_variants", "data_dir", "find_variant"]

ALIASES = {"crazy_eights": "crazy-eights"}
"""Former names of shipped variants -> their names now (shipped names are written with
hyphens); records and programs that use a former name still load the game."""

ENTRY_POINT_GROUP = "cardrules.variants"
"""Entry-point group through which other packages register variant files."""

_PACKAGE_DIR = Path(__file__).resolve().parent.parent
_SUFFIXES = (".yaml", ".yml")


def data_dir(kind: Literal["variants", "schemas"]) -> Path:
    """The directory of shipped variant files or JSON schemas.

    An installed wheel keeps them in ``cardrules/_data/<kind>``; a source checkout or
    editable install keeps them at the top of the repository, beside ``cardrules/``.

    >>> data_dir("variants").is_dir()
    True
    """
    installed = _PACKAGE_DIR / "_data" / kind
    if installed.is_dir():
        return installed
    checkout = _PACKAGE_DIR.parent / kind
    if checkout.is_dir() and (_PACKAGE_DIR.parent / "pyproject.toml").is_file():
        return checkout
    raise CardrulesError(
        f"cardrules cannot find its {kind} directory: looked in {installed} and {checkout};"
        " reinstall cardrules"
    )


@functools.cache
def builtin_variants() -> dict[str, Path]:
    """Every variant known by name: shipped files first, then those other packages register.

    A package registers variants with an entry point in the ``cardrules.variants`` group
    that loads to a path string, or to a callable returning an iterable of paths.  The
    name of a variant is its file stem; a name already taken is skipped with a warning.

    >>> all(path.suffix in (".yaml", ".yml") for path in builtin_variants().values())
    True
    """
    found: dict[str, Path] = {}
    shipped = data_dir("variants")
    for path in sorted(p for suffix in _SUFFIXES for p in shipped.glob(f"*{suffix}")):
        _add(found, path, origin="cardrules")
    for entry in sorted(plugin_entries(ENTRY_POINT_GROUP), key=lambda e: e.name):
        try:
            for path in _entry_paths(entry.load()):
                _add(found, path, origin=f"entry point {entry.name!r}")
        except Exception as exc:  # a broken plugin must not hide the shipped games
            warnings.warn(
                f"ignoring cardrules variants from entry point {entry.name!r}: {exc}",
                RuntimeWarning, stacklevel=2,
            )
    return found


def _shipped(name: str) -> Path | None:
    """The shipped file of variant ``name``, found without reading the installed packages'
    entry points (a plain file name only: no path separators, no dot files)."""
    if not name or name.startswith(".") or "/" in name or os.sep in name:
        return None
    shipped = data_dir("variants")
    for suffix in _SUFFIXES:
        path = shipped / f"{name}{suffix}"
        if path.is_file():
            return path
    return None


def _entry_paths(loaded: object) -> Iterable[Path]:
    if isinstance(loaded, (str, os.PathLike)):
        return [Path(loaded)]
    if callable(loaded):
        result = loaded()
        if isinstance(result, (str, os.PathLike)):
            return [Path(result)]
        return [Path(item) for item in result]
    raise TypeError(f"expected a path or a callable returning paths, got {type(loaded).__name__}")


def _add(found: dict[str, Path], path: Path, *, origin: str) -> None:
    if path.suffix not in _SUFFIXES or not path.is_file():
        warnings.warn(
            f"ignoring cardrules variant {str(path)!r} from {origin}: not a .yaml/.yml file",
            RuntimeWarning, stacklevel=3,
        )
        return
    name = path.stem
    if name in found:
        warnings.warn(
            f"ignoring cardrules variant {str(path)!r} from {origin}: the name {name!r} is"
            f" already taken by {found[name]}",
            RuntimeWarning, stacklevel=3,
        )
        return
    found[name] = path


def find_variant(name: str, *, mark: Mark | None = None, path: str = "$") -> Path:
    """The file of the variant registered as ``name``.

    ``mark`` and ``path`` locate the reference in the problem reported for an unknown name
    (for example the ``extends:`` value of a house-rule file).

    A former name (:data:`ALIASES`) finds the variant of its new name.

    >>> find_variant("crazy_eights").name
    'crazy-eights.yaml'
    >>> find_variant("crazy-eight")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardrules.errors.VariantError: ... 'crazy-eight'; did you mean crazy-eights? ...
    """
    for wanted in (name, ALIASES.get(name)):  # a shipped name is never taken by a package
        shipped = _shipped(wanted) if wanted else None
        if shipped is not None:
            return shipped
    known = builtin_variants()
    if name in known:
        return known[name]
    if ALIASES.get(name) in known:
        return known[ALIASES[name]]
    listing = ", ".join(sorted(known)) or "(none)"
    raise VariantError([Problem(
        message=f"unknown variant {name!r}; {did_you_mean(name, known)}known variants: "
                f"{listing}",
        file=mark.file if mark else "<variant name>",
        line=mark.line if mark else 0,
        column=mark.column if mark else 0,
        path=path,
    )])
