"""What a state class needs to be compiled to a native class (mypyc) and still run
interpreted: the ``mypyc_attr`` class decorator, which mypyc reads at build time and an
interpreted build ignores, and the ``trait`` class decorator, which makes an
attribute-only mixin of a state class a mypyc trait (mypy's ``mypy_extensions`` is not
needed to run cardrules).

A class that mypyc compiles to a native class cannot have methods or properties added
at run time, so such a state class carries its clone and its read-only properties in its
source, written out by :mod:`cardrules.tools.written_states` from its declared fields.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

__all__ = ["mypyc_attr", "trait"]

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
