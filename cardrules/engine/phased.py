"""The listed phases' fields: one record beside the state.

Each listed phase declares its state fields (:attr:`cardrules.phases.Phase.fields`, an
attrs mixin).  A game keeps them in one record per state, ``state._phased``, an instance
of the game's record class (:func:`record_class`: the listed phases' mixins composed),
so that the procedure's state class stays the same class whatever phases a game lists:
a class composed per game at run time is an interpreted subclass, and a compiled state
loses most of its speed on one.

The record is shared between a state and its clones until one of them is to change it
(copy on write): the flow gives a fresh clone that a phase is about to change its own copy
(:func:`own`); play, which never changes a phase's fields, copies nothing.

A phase still reads and writes its fields as attributes of the table it is handed
(``state._bids``): the flow hands it a *binder* (:func:`bind`), an object of a class made
once per layout (state class and record class) whose private attributes are the record's
fields and whose public ones are the state's, forwarded (the table's operations, the
game, the player to act), with each phase field's public name too (``bids``) where the
state has no such name.  A binder made for a call that must not change the record (legal
actions, refusals, views, scoring) refuses writes.

Everything derived from declared fields (JSON, zones, hidden cards, re-sampling,
equality) reads both: :func:`declared_of` lists a state's declared fields, the record's
marked :attr:`~cardrules.engine.fields.Declared.record`.

>>> from cardrules.engine.fields import Count, field
>>> @attrs.define(slots=False)
... class Bids:
...     _bids: tuple[int, ...] = field(Count())
>>> Record = record_class([Bids])
>>> [(d.name, d.record) for d in layout(object, Record)]
[('bids', True)]
>>> record_class([]) is None
True
"""

from __future__ import annotations

import operator
import sys
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from cardrules.engine.fields import META, RESET, Declared, declared
from cardrules.engine.native import mypyc_attr

__all__ = ["Binder", "bind", "declared_of", "keeps_record", "layout", "make_record", "own",
           "record_class"]


def keeps_record(cls: type) -> bool:
    """True if states of ``cls`` keep a phase record (an attrs field ``_phased``)."""
    return attrs.has(cls) and any(a.name == "_phased" for a in attrs.fields(cls))


def record_class(mixins: Sequence[type]) -> type | None:
    """The record class holding the fields of ``mixins`` (the listed phases' field
    mixins, in list order); None when there are none."""
    if not mixins:
        return None
    name = "".join(m.__name__ for m in mixins)
    made: type = attrs.define(slots=True, eq=False, repr=False)(
        type(name, tuple(mixins), {"__module__": __name__}))
    setattr(made, "_copy", _copy_function(made))  # noqa: B010
    return made


def _copy_function(cls: type) -> Callable[[Any], Any]:
    """A fast copy of a record of ``cls`` (every attribute set on an instance made without
    ``__init__``: the cheapest copy of a slotted object)."""
    names = [a.name for a in attrs.fields(cls)]
    for a in attrs.fields(cls):
        if a.metadata.get(RESET):
            raise TypeError(f"{cls.__name__}: a phase's field {a.name} may not be a cache "
                            "(reset): phase records are shared by clones")
    lines = ["def copy(self):", "    new = new_of(cls)",
             *(f"    new.{n} = self.{n}" for n in names), "    return new"]
    namespace: dict[str, Any] = {"cls": cls, "new_of": cls.__new__}
    exec(compile("\n".join(lines) + "\n", f"<copy of {cls.__name__}>", "exec"), namespace)
    function: Callable[[Any], Any] = namespace["copy"]
    return function


def make_record(cls: type, values: dict[str, Any]) -> Any:
    """A record of ``cls`` with the given field values (by public name)."""
    return cls(**values)


_LAYOUTS: dict[tuple[type, type | None], tuple[Declared, ...]] = {}


def layout(cls: type, record: type | None) -> tuple[Declared, ...]:
    """The declared fields of a state of ``cls`` whose phase record is of class ``record``
    (None: no record): the state's, then the record's (marked ``record``)."""
    key = (cls, record)
    found = _LAYOUTS.get(key)
    if found is None:
        own_fields = declared(cls) if attrs.has(cls) else ()
        extra = () if record is None else tuple(
            attrs.evolve(d, record=True) for d in declared(record))
        found = _LAYOUTS[key] = own_fields + extra
    return found


def declared_of(state: Any) -> tuple[Declared, ...]:
    """The declared fields of ``state``: its class's and its phase record's."""
    record = getattr(state, "_phased", None)  # a third-party state may keep none
    if record is None:
        return declared(type(state))
    return layout(type(state), type(record))


def own(state: Any) -> None:
    """Give ``state`` (a fresh clone) its own copy of its phase record, which it shared
    with the state it was cloned from, before anything changes the record."""
    record = getattr(state, "_phased", None)
    if record is not None:
        state._phased = record._copy()


@mypyc_attr(native_class=False)  # the binder classes are made at run time, as its subclasses
class Binder:
    """What a phase is handed as its table: the state's public attributes forwarded, and
    the phase record's fields as attributes (see the module's docstring)."""

    __slots__ = ("_rec", "_table", "_writes")

    def __getattr__(self, name: str) -> Any:
        return getattr(self._table, name)


_BINDERS: dict[tuple[type, type], type] = {}


def _binder_class(cls: type, record: type) -> type:
    found = _BINDERS.get((cls, record))
    if found is None:
        namespace: dict[str, Any] = {"__slots__": ()}
        public = {n for n in dir(cls) if not n.startswith("_")}
        for n in public:
            namespace[n] = property(operator.attrgetter("_table." + n))
        for a in attrs.fields(record):
            if a.metadata.get(META) is None:
                continue
            namespace[a.name] = property(operator.attrgetter("_rec." + a.name),
                                         _setter(a.name))
            alias = sys.intern(a.name.lstrip("_"))
            if alias not in public:
                namespace[alias] = property(operator.attrgetter("_rec." + a.name))
        found = _BINDERS[(cls, record)] = type(f"{cls.__name__}Table", (Binder,), namespace)
    return found


def _setter(name: str) -> Callable[[Any, Any], None]:
    def put(self: Any, value: Any) -> None:
        if not self._writes:
            raise AttributeError(f"a phase changed its field {name} where it may only read "
                                 "(legal actions, refusals, views and scoring read)")
        setattr(self._rec, name, value)
    return put


def bind(state: Any, *, writes: bool = False) -> Any:
    """``state`` as a phase's table: ``state`` itself when it has no phase record, else a
    binder; ``writes``: the phase may change its fields (the flow has given ``state`` its
    own record, :func:`own`)."""
    record = getattr(state, "_phased", None)
    if record is None:
        return state
    cls = _binder_class(type(state), type(record))
    binder: Any = object.__new__(cls)
    binder._table, binder._rec, binder._writes = state, record, writes
    return binder
