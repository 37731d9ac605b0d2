"""Records made from their slots' values, without their Python ``__init__``.

A frozen attrs class keeps the ``__init__`` attrs writes, in Python, even in the compiled
build, and ``object.__setattr__`` of each slot costs a call of its own; where the engine
makes many records of one class on the hot path (a deal's result, a fishing game's
actions of several cards), :func:`maker` gives one call that makes a record whole.  The
compiled build's makers are written in C (``cardrules/engine/_records.c``); the pure
build's set each slot in turn, in Python.

>>> import attrs
>>> @attrs.frozen(kw_only=True)
... class Pair:
...     low: int
...     high: int
>>> make = maker(Pair, ("low", "high"))
>>> make(1, 2)
Pair(low=1, high=2)
"""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any, TypeVar

from cardrules.cards import by_keys
from cardrules.engine.native import compiled, in_c

__all__ = ["maker"]

T = TypeVar("T")


_IN_C: Callable[[type, tuple[str, ...]], Any] | None = in_c(
    "cardrules.engine._records", "maker", build_compiled=compiled(by_keys))
"""The compiled build's :func:`maker`, in C; None in the pure build."""


def maker(cls: type[T], names: tuple[str, ...]) -> Callable[..., T]:
    """A function making a record of ``cls`` from the values of its slots ``names``,
    given in that order: ``object.__new__(cls)``, then each slot set, no ``__init__``
    run (no check, converter or default: the slots not named stay unset, so name them
    all, an attrs class's ``_attrs_cached_hash`` included).  ``cls`` must make its
    instances with ``object.__new__``, and each name must be a slot of it.

    >>> import attrs
    >>> maker(attrs.make_class("Free", ["a"], slots=False), ("a",))
    Traceback (most recent call last):
    ...
    TypeError: 'a' is not a writable slot of Free
    """
    if cls.__new__ is not object.__new__:
        raise TypeError(f"{cls.__name__} does not make its instances with object.__new__")
    if _IN_C is not None:
        made: Callable[..., T] = _IN_C(cls, names)
        return made
    setters = []
    for name in names:
        slot = getattr(cls, name, None)
        if not isinstance(slot, types.MemberDescriptorType):
            raise TypeError(f"{name!r} is not a writable slot of {cls.__name__}")
        setters.append(slot.__set__)
    count = len(setters)
    new = object.__new__

    def make(*values: Any) -> T:
        if len(values) != count:
            raise TypeError(f"a maker of {cls.__name__} takes {count} values in order "
                            f"({len(values)} given)")
        record: T = new(cls)
        for set_slot, value in zip(setters, values):
            set_slot(record, value)
        return record

    return make
