"""What a state class needs to be compiled to a native class (mypyc) and still run
interpreted: the ``mypyc_attr`` class decorator, which mypyc reads at build time and an
interpreted build ignores, and the ``trait`` class decorator, which makes an
attribute-only mixin of a state class a mypyc trait (mypy's ``mypy_extensions`` is not
needed to run cardrules); and how a module finds the functions the compiled build writes
in C (:func:`in_c`), where the running build is compiled (:func:`compiled`).

A class that mypyc compiles to a native class cannot have methods or properties added
at run time, so such a state class carries its clone and its read-only properties in its
source, written out by :mod:`cardrules.tools.written_states` from its declared fields.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

__all__ = ["compiled", "in_c", "mypyc_attr", "trait"]

T = TypeVar("T")

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr, trait
else:
    def mypyc_attr(*_: Any, **__: Any) -> Callable[[T], T]:
        """No-op where nothing is compiled: mypyc reads the decorator at build time."""
        def keep(cls: T) -> T:
            return cls
        return keep

    def trait(cls: T) -> T:
        """No-op where nothing is compiled: mypyc reads the decorator at build time."""
        return cls


def compiled(function: Callable[..., Any]) -> bool:
    """True where ``function`` is compiled (a compiled function is no Python function):
    asked of one of its own functions, a module tells whether it runs compiled.

    >>> compiled(compiled), compiled(len)
    (False, True)
    """
    return type(function).__name__ != "function"


def in_c(module: str, name: str, *, build_compiled: bool) -> Any | None:
    """``name`` from the C extension ``module``, which the compiled build builds beside
    its compiled modules; None in the pure build (``build_compiled`` false, even where
    the extension is installed: ``CARDRULES_PURE=1`` runs the sources of a compiled
    install) and where a build has no such extension or name.

    >>> in_c("cardrules.engine._records", "maker", build_compiled=False) is None
    True
    """
    if not build_compiled:
        return None
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):  # compiled modules from a build without it
        return None
