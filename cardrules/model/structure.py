"""Records from plain rule data without cattrs: the loader's quick way to build them.

:class:`Structurer` builds records of the kinds the rule records are made of (attrs
classes, enums, ``X | None``, homogeneous tuples, lists, dicts, the plain types and the
kinds given a hook) the way a ``cattrs.Converter(forbid_extra_keys=True)`` with the same
structure hooks builds them from valid data, so that loading a game need not import cattrs
(about a fifth of a first load in a fresh process) nor have it generate its structuring
code.  It refuses (:class:`Unsure`) anything it does not build exactly so: a kind it does
not know, a key it does not know, a missing key without a default, a value of the wrong
shape.  The caller then asks cattrs, whose answer (the records, or the error it reports)
is the reference: every shipped variant's records are built both ways in the tests and
compared, value and type.

>>> import attrs
>>> @attrs.frozen
... class Pair:
...     name: str
...     sizes: tuple[int, ...] = ()
>>> records = Structurer({})
>>> records.structure({"name": "x", "sizes": [1, 2]}, Pair)
Pair(name='x', sizes=(1, 2))
>>> records.structure({"name": "x", "size": 1}, Pair)
Traceback (most recent call last):
...
cardrules.model.structure.Unsure: unknown key 'size' for Pair
"""

from __future__ import annotations

import enum
import threading
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

import attrs

__all__ = ["Hook", "Structurer", "Unsure"]

Hook = Callable[[Any, Any], Any]
"""A structure hook, as cattrs calls it: ``hook(value, kind)``."""
_Plan = Callable[[Any], Any]

_PLAIN = (int, float, str, bool)
"""The kinds cattrs builds by calling them on the value (``int(value)``)."""


class Unsure(Exception):
    """The quick way does not build this value exactly as cattrs would: ask cattrs."""


class Structurer:
    """Builds records from plain data as ``cattrs.Converter(forbid_extra_keys=True)``
    with ``hooks`` registered (each kind to its hook) builds them from valid data, or
    raises :class:`Unsure`.  A hook registered for a class also serves its subclasses
    (as cattrs's do), and ``str`` is built by ``str(value)`` unless hooked otherwise."""

    def __init__(self, hooks: Mapping[Any, Hook]) -> None:
        self._hooks = dict(hooks)
        self._plans: dict[Any, _Plan] = {}
        self._building: set[Any] = set()
        self._planning = threading.RLock()  # one thread plans at a time: none sees
        # another's record still being planned (which would leave its plan unsure)

    def with_hooks(self, hooks: Mapping[Any, Hook]) -> Structurer:
        """A structurer with ``hooks`` added to (or replacing) this one's."""
        return Structurer({**self._hooks, **hooks})

    def structure(self, value: Any, kind: Any) -> Any:
        """``value`` built as ``kind``; :class:`Unsure` when the quick way cannot say."""
        return self._plan(kind)(value)

    def _plan(self, kind: Any) -> _Plan:
        plan = self._plans.get(kind)
        if plan is None:
            with self._planning:
                plan = self._plans.get(kind)
                if plan is None:
                    if kind in self._building:  # a record holding its own kind
                        return _pending(kind)
                    self._building.add(kind)
                    try:
                        plan = self._plans[kind] = self._make(kind)
                    finally:
                        self._building.discard(kind)
        return plan

    def _hook(self, kind: Any) -> Hook | None:
        hook = self._hooks.get(kind)
        if hook is None and isinstance(kind, type):  # cattrs dispatches on the class's MRO
            hook = next((self._hooks[base] for base in kind.__mro__[1:]
                         if base in self._hooks), None)
        return hook

    def _make(self, kind: Any) -> _Plan:
        hook = self._hook(kind)
        if hook is not None:
            return lambda value: hook(value, kind)
        if kind is Any:
            return _same
        origin = typing.get_origin(kind)
        if origin is None:
            return self._make_class(kind)
        arguments = typing.get_args(kind)
        if origin is typing.Union or origin is types.UnionType:
            others = [a for a in arguments if a is not type(None)]
            if len(others) != 1 or len(arguments) != 2:
                raise Unsure(f"a union of {kind}")
            return _optional(self._plan(others[0]))
        if origin is tuple and len(arguments) == 2 and arguments[1] is Ellipsis:
            return _items(self._plan(arguments[0]), tuple)
        if origin is list and len(arguments) == 1:
            return _items(self._plan(arguments[0]), list)
        if origin is dict and len(arguments) == 2:
            return _mapping(self._plan(arguments[0]), self._plan(arguments[1]))
        raise Unsure(f"a value of kind {kind}")

    def _make_class(self, kind: Any) -> _Plan:
        if not isinstance(kind, type) or getattr(kind, "__parameters__", None):
            raise Unsure(f"a value of kind {kind!r}")
        if kind in _PLAIN:
            return kind
        if issubclass(kind, enum.Enum):
            if "_value_" in kind.__annotations__:
                raise Unsure(f"a typed enum {kind.__name__}")
            return kind
        if attrs.has(kind):
            return self._record(kind)
        raise Unsure(f"a value of kind {kind.__name__}")

    def _record(self, kind: type) -> _Plan:
        hints = typing.get_type_hints(kind, include_extras=True)  # as attrs resolves them
        fields: dict[str, _Plan] = {}
        for field in attrs.fields(kind):
            if not field.init:
                continue
            written = hints.get(field.name, field.type)  # cattrs's reading of its kind
            if field.alias != field.name or field.converter is not None \
                    or written is None or isinstance(written, str):
                raise Unsure(f"field {field.name} of {kind.__name__}")
            fields[field.name] = self._plan(written)
        required = frozenset(field.name for field in attrs.fields(kind)
                             if field.init and field.default is attrs.NOTHING)
        name = kind.__name__

        def build(value: Any) -> Any:
            if type(value) is not dict:
                raise Unsure(f"{name} from {type(value).__name__}")
            made = {}
            for key, item in value.items():
                plan = fields.get(key)
                if plan is None:
                    raise Unsure(f"unknown key {key!r} for {name}")
                made[key] = plan(item)
            if not required <= made.keys():
                raise Unsure(f"a key missing for {name}")
            return kind(**made)

        return build


def _pending(kind: type) -> _Plan:
    def refuse(value: Any) -> Any:
        raise Unsure(f"{kind.__name__} inside itself")
    return refuse


def _same(value: Any) -> Any:
    return value


def _optional(plan: _Plan) -> _Plan:
    return lambda value: None if value is None else plan(value)


def _items(plan: _Plan, made: type) -> _Plan:
    def build(value: Any) -> Any:
        if type(value) is not list and type(value) is not tuple:
            raise Unsure(f"a list from {type(value).__name__}")
        return made([plan(item) for item in value])
    return build


def _mapping(key: _Plan, item: _Plan) -> _Plan:
    def build(value: Any) -> Any:
        if type(value) is not dict:
            raise Unsure(f"a mapping from {type(value).__name__}")
        return {key(k): item(v) for k, v in value.items()}
    return build
