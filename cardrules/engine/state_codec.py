"""What the engine derives from a state class's declared fields (:mod:`cardrules.engine.fields`):
fresh states, clones, JSON round-trip with validation, zones and card conservation, and
re-sampling of the cards a player cannot see.

Nothing here knows a procedure: every function reads the declarations.
"""

from __future__ import annotations

import operator
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Protocol, TypeVar

import attrs

from cardrules.cards import Pack, bits
from cardrules.engine.absences import respect
from cardrules.engine.arguments import checked_player
from cardrules.engine.fields import (
    META,
    RESET,
    CardList,
    CardSet,
    CardSetList,
    CardSets,
    Context,
    Declared,
    Events,
    Kind,
    declared,
)
from cardrules.engine.phased import declared_of, layout, own
from cardrules.engine.views import seen_by
from cardrules.errors import StateError
from cardrules.model.common import Visibility

if TYPE_CHECKING:
    from cardrules.engine.context import GameRules

__all__ = [
    "blank",
    "check_cards",
    "check_holders",
    "clone_function",
    "declarable_zones",
    "derived",
    "field_groups",
    "fresh",
    "group_bits",
    "grouped_attributes",
    "hidden_cards",
    "initial_fields",
    "native_clone",
    "native_slots",
    "read_fields",
    "resample",
    "spelled_out",
    "write_fields",
    "zones",
]

# Enum members read in functions, as module constants: compiled, each is a C static
# (on Python 3.11 an enum class's attribute costs a slow lookup: EnumType has a
# __getattr__).
_VISIBILITY_PUBLIC: Final = Visibility.PUBLIC


T = TypeVar("T")


class Cloneable(Protocol):
    """A state that :func:`resample` can copy."""

    @property
    def game(self) -> GameRules: ...

    def _clone(self: S) -> S: ...

    def hidden_cards(self, player: int) -> int: ...


S = TypeVar("S", bound=Cloneable)


def fresh(state_class: type[T], rules: GameRules, /, **values: Any) -> T:
    """A state of ``state_class`` for ``rules``: every declared field at its initial value
    unless given in ``values`` (by public name); the class's other fields must be given
    too."""
    record: type | None = getattr(rules, "record_class", None)
    players = rules.players
    if record is None or not values.keys() & _initial(record, players).keys():  # a new deal
        made: T = _copied_fresh(state_class, rules, values)
        if record is not None:  # cheaper than the record's __init__
            made._phased = _prototype(record, players)._copy()  # type: ignore[attr-defined]
        return made
    initial = _initial(state_class, players)
    own, kept = _split(record, players, values)
    made = state_class(**{**initial, **own}, phased=record(**kept))  # type: ignore[call-arg]
    return made


def blank(state_class: type[T], rules: GameRules, /, **given: Any) -> T:
    """A state of ``state_class`` for ``rules`` (its game) with every declared field at its
    initial value: what :func:`fresh` makes given the game alone, and ``given`` (fields
    without an initial value, the same at every call for a game: its tables), for a new
    deal to set its own fields on.  A compiled family's writes to its fields are native,
    cheaper than :func:`fresh`'s keywords, each set by name.

    >>> import cardrules
    >>> game = cardrules.load("kuhn-poker")
    >>> made = blank(game.state_class, game)
    >>> made.game is game, made.to_json() == fresh(game.state_class, game,
    ...                                             game=game).to_json()
    (True, True)
    """
    key = (state_class, id(rules))
    found = _BLANK.get(key)
    if found is None or found[0] is not rules:
        if len(_BLANK) >= _FRESH_KEPT:
            _BLANK.clear()
        found = _BLANK[key] = (rules, fresh(state_class, rules, game=rules, **given))
    kept: Any = found[1]
    made: T = kept._clone()  # every FieldState has one
    record: type | None = getattr(rules, "record_class", None)
    if record is not None:  # its own phase record, as fresh gives one
        made._phased = _prototype(record, rules.players)._copy()  # type: ignore[attr-defined]
    return made


_BLANK: dict[tuple[type, int], tuple[object, Any]] = {}
"""For each state class and game (by identity, the game kept to compare), the state
:func:`blank` copies."""


def _copied_fresh(state_class: type[T], rules: GameRules, values: dict[str, Any]) -> T:
    """A state of ``state_class`` for ``rules``: its declared fields at their initial
    values but those given in ``values`` (by public name), which also give the fields
    that have no initial value (the game, the tables...).

    The first of a class for a game is made by the class's ``__init__``, and a copy of
    it is kept with its declared fields at their initial values; each later one is a
    clone of that copy with the given values set, which costs a fraction of an
    ``__init__`` of some twenty-five keyword arguments when few values are given (a new
    deal gives those that are not initial)."""
    key = (state_class, id(rules))
    found = _FRESH.get(key)
    if found is None or found[0] is not rules or not found[2] <= values.keys():
        initial = _initial(state_class, rules.players)
        made: T = state_class(**{**initial, **values})
        required = frozenset(values.keys() - initial.keys())
        if len(_FRESH) >= _FRESH_KEPT:
            _FRESH.clear()
        kept = state_class(**{**initial, **{name: values[name] for name in required}})
        _FRESH[key] = (rules, kept, required, _attribute_names(state_class))
        return made
    _, kept, _, names = found
    new: T = kept._clone()  # every FieldState has one
    for name, value in values.items():
        attribute = names.get(name)
        if attribute is None:  # no such field: the class's __init__ says so
            return state_class(**{**_initial(state_class, rules.players), **values})
        setattr(new, attribute, value)
    return new


def _attribute_names(cls: type) -> dict[str, str]:
    """Each attrs field of ``cls`` by its ``__init__`` argument's name -> the attribute's
    name (``hands`` -> ``_hands``)."""
    return {a.alias or a.name.lstrip("_"): a.name for a in attrs.fields(cls)}


_FRESH: dict[tuple[type, int], tuple[object, Any, frozenset[str], dict[str, str]]] = {}
"""For each state class and game (by identity, the game kept to compare), the fresh
state :func:`_copied_fresh` copies, the fields it needs given and each field's attribute
name."""

_FRESH_KEPT: Final = 64
"""At most this many fresh states are kept (then all are let go): a few games at a time."""


def _prototype(record: type, players: int) -> Any:
    """A phase record of class ``record`` with every field at its initial value, made once
    per class and number of players, for fresh states to copy."""
    key = (record, players)
    found = _PROTOTYPES.get(key)
    if found is None:
        found = _PROTOTYPES[key] = record(**_initial(record, players))
    return found


_PROTOTYPES: dict[tuple[type, int], Any] = {}


def _initial(cls: type, players: int) -> dict[str, Any]:
    """The initial value of each declared field of ``cls`` by public name, and the bits
    of its optional field groups (:func:`group_bits`), worked out once per class and
    number of players."""
    key = (cls, players)
    found = _INITIAL.get(key)
    if found is None:
        found = _INITIAL[key] = {item.name: item.kind.initial(players)
                                 for item in declared(cls)}
        bits = group_bits(cls)
        if bits:
            found["groups"] = bits
    return found


def _split(record: type, players: int,
           values: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """``values`` (by public name) parted into the state's and its phase record's, the
    record's others at their initial values."""
    kept = dict(_initial(record, players))
    own = {}
    for name, value in values.items():
        if name in kept:
            kept[name] = value
        else:
            own[name] = value
    return own, kept


_INITIAL: dict[tuple[type, int], dict[str, Any]] = {}
"""The declared fields' initial values by state class and number of players, worked out
once (every kind's initial value is immutable and depends on the players alone)."""


def initial_fields(cls: type, game: GameRules) -> dict[str, Any]:
    """Every declared field of ``cls`` at its initial value, in JSON form, by name."""
    pack, players = game.pack, game.players
    return {d.name: d.kind.write(d.kind.initial(players), pack)
            for d in layout(cls, getattr(game, "record_class", None))}


def spelled_out(cls: type, fields: Mapping[str, Any], *,
                record: type | None = None) -> dict[str, Any]:
    """``fields`` (by public name) in JSON form, where card lists may be written as one
    string of card names (``"9H 7S"``), alone or per seat (``record``: the class of the
    game's phase record, whose fields count too)."""
    kinds = {d.name: d.kind for d in layout(cls, record)}
    out = dict(fields)
    for name, value in fields.items():
        kind = kinds.get(name)
        if isinstance(kind, (CardList, CardSet)) and isinstance(value, str):
            out[name] = value.split()
        elif isinstance(kind, (CardSets, CardSetList)) and isinstance(value, (list, tuple)):
            out[name] = [v.split() if isinstance(v, str) else v for v in value]
    return out


def clone_assignments(cls: type) -> list[tuple[str, str]]:
    """What a clone of ``cls`` sets, attribute by attribute: the attribute's name and the
    Python expression of its value (``self.<name>``, or its default for fields made with
    :func:`~cardrules.engine.fields.reset`, ``()`` for events), for
    :func:`clone_function` and the clones written out in source."""
    out = []
    for a in attrs.fields(cls):
        if a.metadata.get(RESET):
            value = repr(a.default)
        elif isinstance(a.metadata.get(META), Events):
            value = "()"
        else:
            value = f"self.{a.name}"
        out.append((a.name, value))
    return out


def clone_function(cls: type[T]) -> Callable[[T], T] | None:
    """A fast copy for ``cls``: every attribute copied, except that events start empty and
    fields made with :func:`~cardrules.engine.fields.reset` start at their default.

    Generated once per class, as attrs generates ``__init__``, since a state is cloned on
    every action (an instance made without ``__init__``, its attributes set one by one:
    the cheapest copy of a slotted object in CPython).

    Where a base class's clone is compiled (a native class, :func:`native_clone`), the
    copy starts from it, which sets the base's fields natively, and those of the optional
    field groups ``cls`` has (:func:`field_groups`), and sets only the others (the
    listed phases' fields of a class :func:`~cardrules.engine.flow.compose` made); None
    when no other is left: ``cls`` keeps the compiled clone it inherits.
    """
    base = native_clone(cls)
    if base is None:
        lines = ["def clone(self):", "    new = new_of(cls)"]
        done: set[str] = set()
    else:
        lines = ["def clone(self):", "    new = base_clone(self)"]
        done = {a.name for a in attrs.fields(base)} | grouped_attributes(cls)
    rest = [f"    new.{name} = {value}" for name, value in clone_assignments(cls)
            if name not in done]
    if base is not None and not rest:
        return None
    lines += [*rest, "    return new"]
    # a compiled (native) base class makes its own instances: object.__new__ refuses it
    namespace: dict[str, Any] = {"cls": cls, "new_of": cls.__new__,
                                 "base_clone": None if base is None else base.__dict__["_clone"]}
    exec(compile("\n".join(lines) + "\n", f"<clone of {cls.__name__}>", "exec"), namespace)
    function: Callable[[T], T] = namespace["clone"]
    function.__doc__ = f"A copy of a {cls.__name__} (events start empty)."
    return function


def field_groups(cls: type) -> tuple[type, ...]:
    """The optional field groups of ``cls``'s family state: the attrs mixins that
    :func:`~cardrules.engine.flow.compose` may add to its class, listed in order as
    ``FIELD_GROUPS`` in the module of the family's state class (empty for a class without).

    The family's state has an attribute ``_groups`` with one bit per group, set in the
    states whose class has the group's fields (:func:`group_bits`); its clone, written out in
    its source (:mod:`cardrules.tools.written_states`) and compiled, copies those fields
    itself, so that a composed class needs no clone of its own.

    >>> import cardrules
    >>> drawn = cardrules.load("mau-mau").state_class  # only a card drawn may be played
    >>> [group.__name__ for group in field_groups(drawn)], group_bits(drawn)
    (['DrawnFields'], 1)
    >>> group_bits(cardrules.load("crazy-eights").state_class)
    0
    """
    for k in cls.__mro__:
        found = getattr(sys.modules.get(k.__module__), "FIELD_GROUPS", None)
        if found is not None and attrs.has(k) and "_groups" in attrs.fields_dict(k):
            return tuple(found)
    return ()


def group_bits(cls: type, mixins: Sequence[type] = ()) -> int:
    """The ``_groups`` bits of ``cls``'s states with ``mixins`` added: one bit for each
    optional field group (:func:`field_groups`) that it has (its class attribute
    ``_group_bits``, set by :func:`~cardrules.engine.flow.compose`) or that ``mixins``
    add.  A fresh state of ``cls`` (:func:`fresh`) starts with them."""
    groups = field_groups(cls)
    if not groups:
        return 0
    inherited: int = getattr(cls, "_group_bits", 0)
    return inherited | sum(1 << groups.index(m) for m in set(mixins) if m in groups)


def grouped_attributes(cls: type) -> set[str]:
    """The attributes of the optional field groups ``cls`` has (:func:`group_bits`): those
    its family state's own clone copies."""
    bits = group_bits(cls)
    return {a.name for bit, group in enumerate(field_groups(cls)) if bits >> bit & 1
            for a in attrs.fields(group)}


def native_clone(cls: type) -> type | None:
    """The nearest base class of ``cls`` whose clone is compiled (a native attrs class that
    carries its clone written out in its source, compiled by mypyc), or None (always None
    where nothing is compiled)."""
    for base in cls.__mro__[1:]:
        if "_clone" in base.__dict__ and "__mypyc_attrs__" in base.__dict__ \
                and attrs.has(base):
            return base
    return None


def derived(cls: type[T]) -> type[T]:
    """Class decorator over ``attrs.define``: give a state class its generated
    :func:`clone_function` as ``_clone`` and a read-only public property per declared
    field (``state.hands`` reads ``state._hands``) unless it or a base class defines one
    (a field named like a method, such as the table's ``move``, is refused).

    Fields that hold cards must each name a zone of their own.  A class compiled to a
    native class has these written out in its source instead
    (:mod:`cardrules.tools.written_states`).
    """
    check_holders(cls)
    native_slots(cls)
    for item in declared(cls):
        found = next((k.__dict__[item.name] for k in cls.__mro__ if item.name in k.__dict__),
                     None)
        if found is None:
            setattr(cls, item.name, property(operator.attrgetter(item.attribute),
                                             doc=f"The {item.name} field (read-only)."))
        elif callable(found):  # the table's operations (move, record...) keep their names
            raise TypeError(f"{cls.__name__}: the field {item.attribute} would hide the "
                            f"method {item.name}; name the field otherwise")
    clone = clone_function(cls)
    if clone is not None:
        setattr(cls, "_clone", clone)  # noqa: B010
    return cls


def native_slots(cls: type) -> None:
    """Let the attributes of ``cls`` that a compiled (native) base class keeps be read and
    written where that class keeps them (no-op where nothing is compiled).

    A native class (mypyc) keeps its attributes in its own C struct, read by its compiled
    methods there; attrs gives an ordinary subclass that declares them again slots of its
    own, which would hide them from those methods.  The native descriptors take the place
    of those slots (which stay empty)."""
    for base in cls.__mro__[1:]:
        for name in base.__dict__.get("__mypyc_attrs__", ()):
            native = base.__dict__.get(name)
            if native is not None \
                    and type(cls.__dict__.get(name)).__name__ == "member_descriptor":
                setattr(cls, name, native)


def check_holders(cls: type) -> None:
    """A :class:`TypeError` unless each declared field of ``cls`` that holds cards names a
    zone of its own."""
    holders = [d.kind.zone for d in declared(cls) if d.kind.masks(d.kind.initial(2))]
    if len(set(holders)) != len(holders):
        raise TypeError(f"{cls.__name__}: two fields hold cards in the same zone")


def write_fields(state: object) -> dict[str, Any]:
    """Every declared field of ``state``, JSON-ready, by public name."""
    pack = state.game.pack  # type: ignore[attr-defined]
    return {d.name: d.kind.write(d.value(state), pack) for d in declared_of(state)}


def read_fields(cls: type, game: GameRules, data: Mapping[str, Any]) -> dict[str, Any]:
    """The declared fields of ``cls`` read back from ``data`` (:func:`write_fields`); a
    :class:`~cardrules.errors.StateError` naming the first field that is missing or
    wrong."""
    context = Context(pack=game.pack, players=game.players)
    values: dict[str, Any] = {}
    for item in layout(cls, getattr(game, "record_class", None)):
        if item.name not in data:
            if item.kind.optional:
                values[item.name] = item.kind.initial(context.players)
                continue
            raise StateError(f"the state has no {item.name!r}")
        try:
            values[item.name] = item.kind.read(data[item.name], context)
        except (ValueError, KeyError, IndexError) as exc:
            message = exc.args[0] if exc.args else type(exc).__name__
            raise StateError(f"{item.label}: {message}") from None
    return values


def zones(state: object) -> dict[str, int]:
    """Every zone's cards as a bit set, named by zone: per-seat zones give ``hand0``,
    ``hand1``...  Each card of the pack is in exactly one of them (see
    :func:`check_cards`)."""
    out: dict[str, int] = {}
    for d in declared_of(state):
        masks = d.kind.masks(d.value(state))
        if d.kind.per_seat:
            out.update((f"{d.kind.zone}{p}", m) for p, m in enumerate(masks))
        elif masks:
            out[d.kind.zone] = masks[0]
    return out


def declarable_zones(cls: type) -> dict[str, tuple[Visibility, ...]]:
    """Zone name -> the visibilities a rule file may declare for it, for the zones of a
    state class that a rule file may declare at all."""
    return {d.kind.zone: d.kind.allowed for d in declared(cls) if d.kind.allowed}


def check_cards(found: Mapping[str, int], pack: Pack | int) -> None:
    """A :class:`StateError` unless every card of ``pack`` (or of a pack of that many
    cards, all in play) is in exactly one zone."""
    full = pack.full if isinstance(pack, Pack) else (1 << pack) - 1
    seen = 0
    for name, mask in found.items():
        if seen & mask:
            dup = (seen & mask).bit_length() - 1
            raise StateError(f"card #{dup} is in two zones (one is {name})")
        seen |= mask
    if seen & ~full:
        raise StateError(f"card #{(seen & ~full).bit_length() - 1} is not in the pack")
    if seen != full:
        raise StateError(f"{(full & ~seen).bit_count()} card(s) of the pack are in no zone")


def visibility_of(game: GameRules, kind: Kind) -> Visibility:
    """The visibility in force for a field's zone: the rule file's, else the declared one."""
    found: Mapping[str, Visibility] = game.variant.zones
    return found.get(kind.zone, kind.seen)


def shown_cards(state: object, player: int) -> int:
    """The cards some field records as once shown to ``player`` though their places are
    now hidden (a widow shown before the declarer laid cards away): a view may name them
    (:meth:`~cardrules.engine.fields.Kind.shown`)."""
    shown = 0
    for d in declared_of(state):
        shown |= d.kind.shown(d.value(state), player)
    return shown


def hidden_cards(state: object, player: int, *, extra: int = 0) -> int:
    """The cards held by fields (or by owners within per-seat fields) that ``player`` may
    not see, and ``extra`` ones, less the cards some field shows them wherever they lie (a
    turned-up trump card, the cards of an event they were shown, cards they passed)."""
    game: GameRules = state.game  # type: ignore[attr-defined]
    holders, knowers = _hiding(declared_of(state))
    known = 0
    for d in knowers:
        known |= d.kind.known(d.value(state), player)
    hidden = 0
    for d in holders:
        masks = d.kind.masks(d.value(state))
        if not masks:
            continue
        vis = visibility_of(game, d.kind)
        if d.kind.per_seat:
            seen = seen_by(vis, game.players)[player]
            for owner, mask in enumerate(masks):
                if not seen[owner]:
                    hidden |= mask
        elif vis is not _VISIBILITY_PUBLIC:
            hidden |= masks[0]
    return (hidden | extra) & ~known


def _hiding(items: tuple[Declared, ...]) -> tuple[tuple[Declared, ...], tuple[Declared, ...]]:
    """Of the declared fields ``items``, those that may hold cards and those that may
    show cards wherever they lie (whose kinds have their own ``masks`` and ``known``): the
    others count for nothing in :func:`hidden_cards`.  Worked out once per layout (the
    layouts are cached for good: :func:`~cardrules.engine.phased.layout`)."""
    found = _HIDING.get(id(items))
    if found is None or found[0] is not items:
        found = _HIDING[id(items)] = (
            items,
            tuple(d for d in items if type(d.kind).masks is not Kind.masks),
            tuple(d for d in items if type(d.kind).known is not Kind.known))
    return found[1], found[2]


_HIDING: dict[int, tuple[tuple[Declared, ...], tuple[Declared, ...], tuple[Declared, ...]]] = {}
""":func:`_hiding`'s answers by the identity of the layout asked about (kept with them, so
that an identity reused by another tuple is told apart)."""


def _bound_hands(state: object, player: int, hidden: int,
                 start: int) -> list[tuple[int, int, int, int]]:
    """The spans of the pool of hidden cards that other seats' hands fill (their hands'
    places start at ``start``, seat by seat), each with the cards it may hold at most
    its ``spare`` count of."""
    hands: tuple[int, ...] = getattr(state, "_hands")  # noqa: B009
    missing: tuple[int, ...] = getattr(state, "_missing")  # noqa: B009
    spare: tuple[int, ...] = getattr(state, "_spare")  # noqa: B009
    spans = []
    for seat, hand in enumerate(hands):
        count = (hand & hidden).bit_count()
        if seat != player and missing[seat] and count > spare[seat]:
            spans.append((start, count, missing[seat], spare[seat]))
        start += count
    return spans


def resample(state: S, player: int, rng: random.Random, *, kept: int = 0) -> S:
    """A state ``player`` cannot tell from ``state``: the cards they cannot see
    (``state.hidden_cards(player)``, less ``kept``) are re-dealt at random among the
    places they came from, each place keeping its size and every field its shape.

    The places are gathered field by field in declaration order (lists in their order,
    sets from the lowest card) and filled from a shuffle of the hidden cards taken in
    card order, so the result depends only on what ``player`` knows and on ``rng``: two
    states ``player`` cannot tell apart give the same state for the same seed (search bots
    rely on it to never act on cards they cannot see).  Where the state keeps what play
    has shown the other seats not to hold (``missing`` and ``spare``, see
    :mod:`cardrules.engine.absences`), the shuffle is mended to agree with it.

    Fields that name re-dealt cards without holding them (other seats' private events,
    the cards another seat passed, a mark on some cards of a zone) do not follow the
    cards, which would carry where they truly lie into the sample: each such name
    becomes a card of the same place in the sample (see :class:`_Chooser`), so those
    fields too depend only on what ``player`` knows (tested on pairs of states that
    differ only in hidden places, ``tests/test_reliability_resample.py``).
    """
    checked_player(player, state.game.players)
    hidden = state.hidden_cards(player) & ~kept
    items = declared_of(state)
    pool: list[int] = []
    hands = -1
    for d in items:
        if d.kind.per_seat and d.kind.zone == "hand":
            hands = len(pool)
        pool.extend(d.kind.cards(d.value(state), hidden))
    shuffled = sorted(pool)
    rng.shuffle(shuffled)
    missing: tuple[int, ...] = getattr(state, "_missing", ())
    if hands >= 0 and any(missing):
        respect(shuffled, _bound_hands(state, player, hidden, hands))
    # Card -> where it goes: every card of the pack, those re-dealt moved; the table's
    # own __getitem__ is the move (a C method: no Python frame per card remapped).
    table = list(range(state.game.pack.size))
    for k in range(len(pool)):
        table[pool[k]] = shuffled[k]
    move = table.__getitem__
    new = state._clone()
    own(new)
    places: list[Any] = []
    naming: list[Any] = []
    pooled = _Named(sum(1 << c for c in pool))
    for d, place, names in _roles(state, items, state.game.players):
        value = d.value(state)
        if place:
            places.append(d)
            value = d.kind.remap(value, move)
        elif names and pooled.any_in(d.kind, value):
            naming.append(d)
        d.put(new, value)
    if naming:
        span_of, dealt = _spans(state, new, places, hidden)
        for d in naming:
            value = d.value(state)
            if isinstance(d.kind, Events):
                value = tuple(d.kind.remap((e,), _Chooser(span_of, dealt))[0] for e in value)
            else:
                value = d.kind.remap(value, _Chooser(span_of, dealt))
            d.put(new, value)
    return new


_ROLES: dict[tuple[type, type, int], tuple[tuple[Any, bool, bool], ...]] = {}


def _roles(state: Any, items: tuple[Declared, ...],
           players: int) -> tuple[tuple[Any, bool, bool], ...]:
    """Each of the declared fields ``items`` of ``state`` with whether it holds places of
    cards and whether, holding none, it may name cards (its kind re-maps them)."""
    key = (type(state), type(getattr(state, "_phased", None)), players)
    found = _ROLES.get(key)
    if found is None:
        found = tuple((d, bool(d.kind.masks(d.kind.initial(players))),
                       type(d.kind).remap is not Kind.remap) for d in items)
        _ROLES[key] = found
    return found


class _Named:
    """Whether a field that holds no cards names some of the re-dealt ones."""

    def __init__(self, pool: int) -> None:
        self.pool, self.found = pool, False

    def __call__(self, card: int) -> int:
        if self.pool >> card & 1:
            self.found = True
        return card

    def any_in(self, kind: Kind, value: Any) -> bool:
        self.found = False
        kind.remap(value, self)
        return self.found


def _spans(state: object, new: object, places: list[Any],
           pool: int) -> tuple[dict[int, tuple[int, int]], dict[tuple[int, int], list[int]]]:
    """Each re-dealt card of ``state`` -> its span (field, owner), and each span -> the
    cards ``new`` holds there, lowest first."""
    span_of: dict[int, tuple[int, int]] = {}
    dealt: dict[tuple[int, int], list[int]] = {}
    for index, d in enumerate(places):
        before = d.kind.masks(d.value(state))
        after = d.kind.masks(d.value(new))
        for owner, (mask, there) in enumerate(zip(before, after)):
            for card in bits(mask & pool):
                span_of[card] = (index, owner)
            if there & pool:
                dealt[(index, owner)] = list(bits(there & pool))
    return span_of, dealt


class _Chooser:
    """Where a re-dealt card named outside the places (another seat's private event,
    the cards another seat passed, a mark on some cards of a zone) goes in a sample.

    Which of a span's hidden cards such a field names is itself hidden (the player only
    knows how many went there), so following the card would carry the truth into the
    sample; instead each name becomes the lowest card of the same span (the same field
    and owner) in the sample not yet named by this value: a function of what the player
    knows and of the sample alone."""

    def __init__(self, span_of: Mapping[int, tuple[int, int]],
                 dealt: Mapping[tuple[int, int], list[int]]) -> None:
        self.span_of, self.dealt = span_of, dealt
        self.taken: set[int] = set()

    def __call__(self, card: int) -> int:
        span = self.span_of.get(card)
        if span is None:
            return card
        there = self.dealt.get(span, ())
        chosen = next((c for c in there if c not in self.taken), there[0] if there else card)
        self.taken.add(chosen)
        return chosen
