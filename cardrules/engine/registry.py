"""Registries of named plug-ins (procedures, phases): built-in ones imported on first
use, third-party ones through an entry-point group, unknown names refused with the known
ones.  The built-in plug-ins are found, not listed: each is a subpackage of the folder its
kind lives in (``cardrules/families/<name>/``, ``cardrules/phases/<name>/``), whose
module registers it with the same ``register`` call a third-party package's module
makes, so that no generic module names a family or a phase.  A built-in plug-in may also
live a level down, in a subpackage of a built-in one's (the vying procedure in
``cardrules/families/betting/vying/``): it is found there too, by its folder's name,
importing that family alone.

>>> from cardrules.engine.procedures import find
>>> find("nope")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
KeyError: "unknown procedure 'nope'; known procedures: adding, betting, bouts, climbing..."
"""

from __future__ import annotations

import functools
import importlib
import os
import pkgutil
from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

__all__ = ["Named", "Registry", "forget_plugins", "plugin_entries"]


@functools.cache
def _all_entry_points() -> dict[str, tuple[EntryPoint, ...]]:
    """Every installed entry point of a ``cardrules.*`` group, by group: the installed
    packages' metadata are read once per process, not once per group, and only when a
    name is not among the built-in plug-ins (``importlib.metadata`` costs a loading
    process about 30 ms to import)."""
    from importlib.metadata import entry_points

    installed = entry_points()  # every group (its select and groups: Python 3.10 on)
    return {group: tuple(installed.select(group=group)) for group in installed.groups
            if group.startswith("cardrules.")}


def plugin_entries(group: str) -> tuple[EntryPoint, ...]:
    """The installed entry points of ``group`` (a ``cardrules.*`` group), read once per
    process (:func:`forget_plugins` reads them again).

    >>> plugin_entries("cardrules.nothing")
    ()
    """
    return _all_entry_points().get(group, ())


def forget_plugins() -> None:
    """Read the installed entry points again on next use (for a package installed while
    the process runs)."""
    _all_entry_points.cache_clear()


class Named(Protocol):
    """A plug-in: it has the name rule files use."""

    @property
    def name(self) -> str: ...


T = TypeVar("T", bound=Named)


class Registry(Generic[T]):
    """Plug-ins of one kind (``what``: ``procedure``, ``phase``) by name."""

    def __init__(self, *, what: str, kind: type, package: str, module: str = "", group: str,
                 on_register: Callable[[T], None] | None = None) -> None:
        self.what = what
        """The plug-ins' kind, in messages."""
        self._kind = kind
        self._package = package
        self._module = module
        self._built_in: tuple[str, ...] | None = None
        self._group = group
        self._on_register = on_register
        self._items: dict[str, T] = {}
        self._loaded = False

    @property
    def built_in(self) -> tuple[str, ...]:
        """The modules that register the built-in plug-ins: in each subpackage of the
        registry's ``package``, its ``module`` (the subpackage itself when none is
        named), by name."""
        if self._built_in is None:
            folder = importlib.import_module(self._package)
            names = sorted(info.name for info in pkgutil.iter_modules(folder.__path__)
                           if info.ispkg)
            suffix = f".{self._module}" if self._module else ""
            self._built_in = tuple(f"{self._package}.{name}{suffix}" for name in names)
        return self._built_in

    def register(self, item: T) -> T:
        """Register ``item`` under its name (a later registration of a name replaces an
        earlier one)."""
        if not item.name:
            raise ValueError(f"a {self.what} needs a name")
        if self._on_register is not None:
            self._on_register(item)
        self._items[item.name] = item
        return item

    def known(self) -> dict[str, T]:
        """Every registered plug-in by name: built-in ones and those of the entry-point
        group (each entry point names a plug-in object)."""
        for module in self.built_in:
            importlib.import_module(module)
        if not self._loaded:
            self._loaded = True
            for entry in plugin_entries(self._group):
                found: T = entry.load()
                if isinstance(found, self._kind):
                    self.register(found)
        return dict(self._items)

    def _nested(self, name: str) -> str | None:
        """The module that registers a built-in plug-in ``name`` kept a level down, in a
        subpackage of a built-in one's (``cardrules/families/betting/vying/``), when there
        is one, found in the folders without importing anything: a load of the game that
        names it need not import every other built-in plug-in."""
        folder = importlib.import_module(self._package)
        suffix = f".{self._module}" if self._module else ""
        for outer in self.built_in:
            sub = outer[len(self._package) + 1:].split(".")[0]
            for path in folder.__path__:
                here = os.path.join(path, sub)
                if not any(info.ispkg and info.name == name  # a name listed there only
                           for info in pkgutil.iter_modules([here])):
                    continue
                if self._module and not any(
                        info.name == self._module
                        for info in pkgutil.iter_modules([os.path.join(here, name)])):
                    continue
                return f"{self._package}.{sub}.{name}{suffix}"
        return None

    def find(self, name: str) -> T:
        """The plug-in registered as ``name``; a ``KeyError`` naming the known ones."""
        if name in self._items:
            return self._items[name]
        suffix = f".{self._module}" if self._module else ""
        module = f"{self._package}.{name}{suffix}"
        if module in self.built_in:  # a built-in one: import it alone
            importlib.import_module(module)
            if name in self._items:
                return self._items[name]
        nested = self._nested(name)
        if nested is not None:  # a built-in one a level down: import it alone too
            importlib.import_module(nested)
            if name in self._items:
                return self._items[name]
        items = self.known()
        if name not in items:
            raise KeyError(f"unknown {self.what} {name!r}; known {self.what}s: "
                           f"{', '.join(sorted(items)) or 'none registered'}")
        return items[name]
