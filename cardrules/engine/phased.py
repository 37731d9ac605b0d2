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
(``state._bids``): the flow hands it the record itself, bound to the state (:func:`bind`).
A game's record class is made once per layout (the state class and the listed phases'
mixins): its private attributes are the phases' fields, read and written as plain
attributes, and every other attribute of the state is forwarded (the table's operations, the
game, the player to act), with each phase field's public name too (``bids``) where the
state has no such name.  The record is bound only to a state that owns it (a fresh
state, or a clone the flow gave its own copy), and unbound when the flow is done with
the state (:func:`release`).  A call that must not change the record (legal actions,
refusals, views, scoring) is handed a read-only guard instead, which refuses writes.

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
>>> record = make_record(Record, {"bids": (1, 2)})
>>> table = bind(attrs.make_class("State", {"_phased": attrs.field()})(record), writes=True)
>>> table is record, table.bids
(True, (1, 2))
>>> record_class([]) is None
True
"""

from __future__ import annotations

import operator
import sys
from collections.abc import Callable, Sequence
from typing import Any, cast

import attrs

from cardrules.engine.fields import META, RESET, Declared, declared
from cardrules.engine.native import mypyc_attr

__all__ = ["Binder", "bind", "declared_of", "keeps_record", "layout", "make_record", "own",
           "record_class", "release"]


def keeps_record(cls: type) -> bool:
    """True if states of ``cls`` keep a phase record (an attrs field ``_phased``)."""
    return attrs.has(cls) and any(a.name == "_phased" for a in attrs.fields(cls))


def record_class(mixins: Sequence[type], table: type = object) -> type | None:
    """The record class holding the fields of ``mixins`` (the listed phases' field
    mixins, in list order) for states of class ``table``; None when there are none.

    A record is its own table (:func:`bind`): it forwards the attributes of the state it
    is bound to, and names each field by its public name too where the state has no such
    name."""
    if not mixins:
        return None
    name = "".join(m.__name__ for m in mixins)
    # The mixins' fields named as the record's own (``these``), so that attrs gives each
    # a slot: inherited from the mixins (attrs classes without slots), they would live in
    # an instance dict, read and written more slowly, and made anew by every copy.
    own = {a.name: _field_again(a) for m in mixins for a in attrs.fields(m)}
    data: type = attrs.define(slots=True, eq=False, repr=False, these=own)(
        type(name, tuple(mixins), {"__module__": __name__}))
    made = _table_class(data, table)
    setattr(made, "_copy", _copy_function(made))  # noqa: B010
    setattr(made, "_fields", frozenset(_field_names(made)))  # noqa: B010
    setattr(made, "_guard", _guard_class(data, table))  # noqa: B010
    return made


def _field_again(a: attrs.Attribute[Any]) -> Any:
    """A field declaring what the attrs attribute ``a`` declares."""
    read: Any = a  # untyped: compiled, no check of the stubs' types (metadata is a
    # mappingproxy, not the dict they name)
    declared: dict[str, Any] = {
        "default": read.default, "validator": read.validator, "repr": read.repr,
        "eq": read.eq_key or read.eq, "order": read.order_key or read.order,
        "hash": read.hash, "init": read.init, "metadata": dict(read.metadata),
        "converter": read.converter, "kw_only": read.kw_only, "alias": read.alias,
        "on_setattr": read.on_setattr}
    return attrs.field(**declared)


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


@mypyc_attr(allow_interpreted_subclasses=True)
class Binder:
    """What a phase is handed as its table where it may only read (legal actions,
    refusals, views, scoring): the state's attributes forwarded, and the phase record's
    fields read-only (see the module's docstring); the guard classes are made at run time
    as its subclasses.

    The operations of :class:`~cardrules.engine.table.Table` that phases read at every
    move are forwarded by compiled methods here (a native class when compiled: cheaper
    than the forwarding properties the state's other attributes get).  The record a
    phase may change stays an ordinary class: a native base's ``__new__`` would make its
    copy on every change dearer than the forwarding saves."""

    __slots__ = ("_rec", "_table")
    _rec: Any
    _table: Any

    @property
    def game(self) -> Any:
        return self._table.game

    @property
    def dealer(self) -> int:
        dealer: int = self._table.dealer
        return dealer

    @property
    def deal_number(self) -> int:
        number: int = self._table.deal_number
        return number

    @property
    def stage(self) -> int:
        stage: int = self._table.stage
        return stage

    @property
    def to_act(self) -> int:
        seat: int = self._table.to_act
        return seat

    def turn_to(self, seat: int) -> None:
        self._table.turn_to(seat)

    def seating(self) -> Any:
        return self._table.seating()

    def hand(self, seat: int) -> int:
        cards: int = self._table.hand(seat)
        return cards

    def cards(self, zone: str, seat: int = -1) -> int:
        cards: int = self._table.cards(zone, seat)
        return cards

    def move(self, cards: int, source: str, target: str, *, source_seat: int = -1,
             target_seat: int = -1) -> None:
        self._table.move(cards, source, target, source_seat=source_seat,
                         target_seat=target_seat)

    def record(self, *events: Any) -> None:
        self._table.record(*events)


_BINDER_FORWARDS = frozenset(n for n in vars(Binder) if not n.startswith("_"))
"""The table operations :class:`Binder` forwards itself."""


def _forwarded(cls: type, record: type) -> list[str]:
    """The attributes of states of ``cls`` a phase's table forwards: every one but the
    special ones and the record's own (its fields, their public names, its machinery)."""
    fields = _field_names(record)  # not all in dir(record): a mixin's live in __dict__
    own = set(dir(record)) | set(fields) | {a.lstrip("_") for a in fields}
    own |= {"_table", "_rec", "_copy", "_guard", "_fields", "_views"}
    return sorted(n for n in dir(cls) if not n.startswith("__") and n not in own)


def _field_names(record: type) -> list[str]:
    return [a.name for a in attrs.fields(record) if a.metadata.get(META) is not None]


def _table_class(data: type, cls: type) -> type:
    """The record class that is its own table (a subclass of ``data`` with a slot for the
    state it is bound to, one for the view entries the flow keeps of it, see
    :attr:`~cardrules.phases.Phase.view_from_fields`, and the state's attributes
    forwarded)."""
    namespace: dict[str, Any] = {"__slots__": ("_table", "_views"), "__module__": __name__}
    for n in _forwarded(cls, data):
        namespace[n] = property(operator.attrgetter("_table." + n))
    for name in _field_names(data):
        alias = sys.intern(name.lstrip("_"))
        if not hasattr(cls, alias):
            namespace[alias] = property(operator.attrgetter(name))
    return type(data.__name__, (data,), namespace)


def _guard_class(record: type, cls: type) -> type:
    """The read-only table of a record of class ``record`` bound to a state of ``cls``."""
    namespace: dict[str, Any] = {"__slots__": ()}
    for n in _forwarded(cls, record):
        if n not in _BINDER_FORWARDS:  # Binder's compiled forwarding stays in force
            namespace[n] = property(operator.attrgetter("_table." + n))
    for name in _field_names(record):
        namespace[name] = property(operator.attrgetter("_rec." + name), _refusal(name))
        alias = sys.intern(name.lstrip("_"))
        if not hasattr(cls, alias):
            namespace[alias] = property(operator.attrgetter("_rec." + name))
    return type(f"{cls.__name__}Table", (Binder,), namespace)


def _refusal(name: str) -> Callable[[Any, Any], None]:
    def refuse(self: Any, value: Any) -> None:
        raise AttributeError(f"a phase changed its field {name} where it may only read "
                             "(legal actions, refusals, views and scoring read)")
    return refuse


def bind(state: Any, *, writes: bool = False) -> Any:
    """``state`` as a phase's table: ``state`` itself when it has no phase record, else
    the record bound to ``state`` (``writes``: the phase may change its fields, the flow
    having given ``state`` its own record, :func:`own`; the binding lasts until
    :func:`release`), or a read-only guard of it."""
    record = getattr(state, "_phased", None)
    if record is None:
        return state
    if writes:
        record._table = state
        return record
    guard = cast(Binder, record._guard())  # a subclass of Binder: made by its own __new__
    guard._rec = record  # compiled: set in the object's memory, not by name
    guard._table = state
    return guard


def release(state: Any) -> None:
    """Unbind ``state``'s record from it (:func:`bind` with ``writes``), so that the two
    refer to each other no longer once the flow's work on a fresh state is done."""
    record = getattr(state, "_phased", None)
    if record is not None:
        record._table = None
