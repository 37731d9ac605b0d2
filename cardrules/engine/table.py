"""The table a phase works at: a typed context of a deal state, and its named operations.

A phase (:mod:`cardrules.phases`) never reads or writes another layer's private fields:
what it may read of a deal state and do to it is :class:`Table`, a protocol that every
:class:`~cardrules.engine.state.FieldState` satisfies (mypy checks it wherever the flow
hands a state to a phase).  It offers

- the game (its rules, pack, listed phases and rule references), the dealer, the deal's
  number in its match and the index of the listed phase at work;
- the player to act (:attr:`Table.to_act`), set through :meth:`Table.turn_to`, and the
  turn order's source (:meth:`Table.seating`, read by a
  :class:`~cardrules.engine.turns.TurnOrder`);
- each seat's hand and every other zone the state declares (the procedure's and the
  listed phases'), read by zone name (:meth:`Table.cards`), with named operations:
  :meth:`Table.move` (cards from a zone to a zone: hand to hand when passing),
  :meth:`Table.deal_cards` (cards from the top of an ordered zone, the stock, to a hand),
  :meth:`Table.take` (cards into a seat's hand from any zone), :meth:`Table.cut_cards`
  (the top cards of an ordered zone to its bottom) and :meth:`Table.turn_up` (the top
  card of an ordered zone turned face up onto a zone every player sees);
- what the action made happen (:meth:`Table.record`), and a field the procedure offers
  the phases by its public name (:meth:`Table.offered`: ``tricks``, for a phase that
  needs counted tricks).

A phase that runs between deals learns what the last deal of its match gave from a
:class:`LastDeal` (:meth:`cardrules.phases.Phase.from_last_deal`).

The operations are written once here, over the state's declared fields
(:func:`cardrules.engine.fields.declared`): a zone is whatever field declares it, so a
plug-in phase's own zones move cards like the procedure's.  A phase that needs a zone
says so (:attr:`cardrules.phases.Phase.zones`); a game whose procedure lacks it is
refused at load.  Phases are not the hot path of play, and nothing here is called by
the procedures' own play.

A phase's own fields, declared by its field mixin (:attr:`cardrules.phases.Phase.fields`),
are the phase's to read and write; :data:`PhaseState` names a table that carries them.

>>> import attrs
>>> from cardrules.engine.fields import CardList, CardSets, field
>>> @attrs.define(slots=False)
... class Tiny:
...     _hands: tuple[int, ...] = field(CardSets(zone="hand"))
...     _stock: tuple[int, ...] = field(CardList(zone="stock"))
>>> tiny = Tiny(hands=(0b1, 0b10), stock=(2, 3, 4))
>>> move_cards(tiny, 0b1, "hand", "hand", source_seat=0, target_seat=1); tiny._hands
(0, 3)
>>> deal_cards(tiny, 1, 2), tiny._hands, tiny._stock
(24, (0, 27), (2,))
>>> cards_in(tiny, "hand", 1), cards_in(tiny, "stock")
(27, 4)
>>> turn_up(tiny, "stock", "stock")
Traceback (most recent call last):
...
ValueError: a card turned up goes to another zone, not back to 'stock'
>>> move_cards(tiny, 0b1, "hand", "stock", source_seat=0)
Traceback (most recent call last):
...
ValueError: zone 'hand' of seat 0 does not hold every card moved
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, Protocol, TypeVar, cast

import attrs

from cardrules.cards import bits
from cardrules.engine.context import GameRules
from cardrules.engine.fields import CardList, CardSet, CardSets, Declared
from cardrules.engine.phased import layout
from cardrules.model.common import Visibility

if TYPE_CHECKING:
    from cardrules.engine.events import RawEvent
    from cardrules.engine.turns import Seating, Turns, When

__all__ = ["CardOrder", "CountsPoints", "HasDeclarer", "LastDeal", "LaysDummy", "LeadsFirst",
           "NamesTrump", "OrdersCards", "OwnTrumps", "PhaseState", "SitsOut", "Table",
           "TableGame", "ThrowsIn", "cards_in", "cut_cards", "deal_cards", "highest",
           "move_cards", "seatwise_sum", "turn_up", "with_seat", "zone_names"]


# Enum members read in functions, as module constants: compiled, each is a C static
# (on Python 3.11 an enum class's attribute costs a slow lookup: EnumType has a
# __getattr__).
_VISIBILITY_PUBLIC: Final = Visibility.PUBLIC


@attrs.frozen(kw_only=True)
class LastDeal:
    """What the last deal of a match gave, as a phase that runs between deals reads it
    (:meth:`cardrules.phases.Phase.from_last_deal`): everything follows from the match's
    history, so a deal dealt again from its match knows the same.

    >>> last = LastDeal(scores=(3, 0, 5), totals=(10, 4, 12), winners=(2,), places=(2, 3, 1))
    >>> last.loser
    1
    """

    scores: tuple[int, ...]
    """Each seat's result of the last deal (what it added to the match totals)."""
    totals: tuple[int, ...]
    """The match totals after it."""
    winners: tuple[int, ...]
    """Who won it (partners together)."""
    places: tuple[int, ...]
    """Each seat's place in it, 1 for the best."""
    carry: tuple[tuple[str, Any], ...] = ()
    """The facts the match carries into this deal (what the deals before, and the listed
    phases' :meth:`~cardrules.phases.Phase.carry`, left: a running count, say)."""

    @property
    def loser(self) -> int:
        """The seat with the worst place (the lowest seat number on a tie)."""
        worst = max(self.places)
        return self.places.index(worst)


@attrs.frozen(kw_only=True)
class CardOrder:
    """How the cards rank in tricks under one of the sets of rules a listed phase may put
    in force for a deal (a game type the declarer names): the trump suit, and per card the
    suit it counts in and its place there.  A card placed in the suit numbered as many as
    the pack has suits belongs to a trump group of its own, with no trump suit (a grand's
    jacks).  The procedure compiles each once, as the game loads.

    >>> order = CardOrder(trump=-1, placed=((0, 0), (0, 1), (2, 0)))
    >>> order.trumps(2)
    (2,)
    """

    trump: int
    """The trump suit's index (-1: no trump suit)."""
    placed: tuple[tuple[int, int], ...]
    """Per card of the pack: the suit (index) it counts in, and its order in that suit
    (higher beats lower)."""

    def trumps(self, suits: int) -> tuple[int, ...]:
        """The cards that count as trumps, in a pack of ``suits`` suits."""
        group = self.trump if self.trump >= 0 else suits
        return tuple(c for c, (suit, _) in enumerate(self.placed) if suit == group)


class TableGame(GameRules, Protocol):
    """What a phase reads of the game: its rules, players and pack (:class:`GameRules`),
    its listed phases (each with its settings) and where each runs, and the rule
    references of its rule file."""

    @property
    def phases(self) -> tuple[tuple[object, Any], ...]: ...

    @property
    def timings(self) -> tuple[When, ...]: ...

    def rule_ref(self, key: str) -> str: ...

    @property
    def partnerships(self) -> tuple[tuple[int, ...], ...]: ...

    @property
    def turns(self) -> Turns:
        """The play's turn order laid out for the players (``play.order``)."""
        ...


class Table(Protocol):
    """A deal state as a phase sees it: what it may read, and the named operations by
    which it changes the state (on the fresh clone the flow hands to
    :meth:`~cardrules.phases.Phase.enter` and :meth:`~cardrules.phases.Phase.apply`)."""

    @property
    def game(self) -> TableGame:
        """The game this deal belongs to."""
        ...

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        ...

    @property
    def deal_number(self) -> int:
        """The deal's number in its match, from 0."""
        ...

    @property
    def stage(self) -> int:
        """The index of the listed phase at work (-1 once play has begun)."""
        ...

    @property
    def to_act(self) -> int:
        """The player to act."""
        ...

    def turn_to(self, seat: int) -> None:
        """Make ``seat`` the player to act."""

    def seating(self) -> Seating:
        """What a turn order reads of this deal: players, dealer, leader and the last
        trick's winner (-1 where the procedure has none)."""
        ...

    def hand(self, seat: int) -> int:
        """The cards of ``seat``'s hand, as a bit set."""
        ...

    def cards(self, zone: str, seat: int = -1) -> int:
        """The cards of a zone (of ``seat``'s, for a zone per seat), as a bit set."""
        ...

    def move(self, cards: int, source: str, target: str, *, source_seat: int = -1,
             target_seat: int = -1) -> None:
        """Move ``cards`` (a bit set, every one in ``source``) from zone ``source`` to
        zone ``target``; ``source_seat`` and ``target_seat`` name the seat of a zone per
        seat (hands).  A ``ValueError`` if ``source`` does not hold them all."""

    def deal_cards(self, seat: int, count: int, source: str = "stock", *,
                   target: str = "hand") -> int:
        """Deal ``count`` cards from the top (the end) of the ordered zone ``source`` to
        ``seat``'s hand (or to zone ``target``: a widow set aside, say, where ``seat``
        names its seat if it has one per seat); the cards dealt, as a bit set."""
        ...

    def take(self, seat: int, cards: int, source: str) -> None:
        """``seat`` takes ``cards`` from zone ``source`` into their hand."""

    def cut_cards(self, zone: str, count: int) -> None:
        """Move the top ``count`` cards of the ordered ``zone`` (its end) to its bottom."""

    def turn_up(self, source: str, target: str) -> int:
        """Turn the top card (the end) of the ordered zone ``source`` face up onto zone
        ``target``, which every player sees (its visibility is ``public``), and record it
        for all to see; the card.  A ``ValueError`` if ``source`` is empty or ``target``
        is not face up."""
        ...

    def record(self, *events: RawEvent) -> None:
        """Add ``events`` to what the action made happen (shown in order): each an
        :class:`~cardrules.engine.events.Event`'s fields as a plain tuple
        (:func:`~cardrules.engine.events.raw_event`, cheaper to make: what listed phases
        record), or an :class:`~cardrules.engine.events.Event`.  A state keeps them as its
        events field says (:meth:`~cardrules.engine.state.FieldState.record`): as given
        when it keeps its events compactly, else as records."""

    def offered(self, name: str) -> Any:
        """A field the procedure offers listed phases, by its public name (``tricks``:
        each seat's tricks taken, in a game of counted tricks)."""


class OwnTrumps(Table, Protocol):
    """A table whose procedure gives each player a trump suit of their own (it offers
    ``own_trumps``): the suits, and the named operations that choose them."""

    @property
    def own_suits(self) -> tuple[int, ...]:
        """Each seat's own trump suit (-1: not chosen yet; empty: none chosen this
        match)."""
        ...

    def reset_own_trumps(self) -> None:
        """Clear every seat's own trump suit, for the players to choose."""

    def choose_own_trump(self, seat: int, suit: int) -> None:
        """Make ``suit`` (its index in the pack) ``seat``'s own trump suit."""


class CountsPoints(Table, Protocol):
    """A table whose procedure counts each player's points in the deal (it offers
    ``deal_points``): what a phase that scores a contract of points reads."""

    def deal_points(self) -> tuple[int, ...]:
        """Each seat's points in the deal so far (card points taken, with the declared
        combinations that count)."""
        ...

    def kept_points(self) -> tuple[int, ...]:
        """Of :meth:`deal_points`, each seat's points that a contract leaves with it
        whatever its outcome (sets announced as they were played)."""
        ...

    def declared_points(self) -> tuple[int, ...]:
        """Of :meth:`deal_points`, each seat's points of declarations compared between the
        sides: they count for the contract, a failed contract gives them to the other
        side, and a side's points for taking every trick do not replace them."""
        ...


class NamesTrump(Table, Protocol):
    """A table whose procedure takes the deal's trump suit from a listed phase (it offers
    ``bidder_names_trump``)."""

    def name_trump(self, suit: int) -> None:
        """Make ``suit`` (its index in the pack; -1: no trumps) the deal's trump suit."""


class SitsOut(Table, Protocol):
    """A table whose procedure lets a seat sit the deal out (it offers ``sitting_out``)."""

    def sit_out(self, seat: int) -> None:
        """``seat`` sits the rest of the deal out: it keeps its cards but plays none."""


class ThrowsIn(Table, Protocol):
    """A table whose procedure lets a listed phase end the deal before play (it offers
    ``thrown_in``)."""

    def throw_in(self) -> None:
        """End the deal now, before any card is played: it is scored as it stands."""


class LeadsFirst(Table, Protocol):
    """A table whose procedure lets a listed phase name the first leader of the deal's
    play (it offers ``named_first_leader``)."""

    def lead_first(self, seat: int) -> None:
        """``seat`` leads to the first trick of the deal (unless an opening card names
        its holder)."""


class LaysDummy(Table, Protocol):
    """A table whose procedure lets a listed phase make a seat the dummy (it offers
    ``dummy``): a hand laid face up once the first card of the play is led, whose cards
    another seat chooses."""

    def lay_dummy(self, seat: int, by: int) -> None:
        """``seat``'s hand is laid face up for everyone once the first card is led, and
        ``by`` chooses its cards in play (``seat`` never acts again in the deal)."""


class OrdersCards(Table, Protocol):
    """A table whose procedure lets a listed phase put one of its card orders in force for
    the deal (it offers ``card_orders``; :meth:`cardrules.phases.Phase.card_orders`)."""

    def order_cards(self) -> None:
        """Put in force the card order the listed phases now choose
        (:meth:`cardrules.phases.Phase.card_order`), its trump suit with it."""


class HasDeclarer(Table, Protocol):
    """A table that says who the deal's declarer is, as a listed phase before made them
    (an auction's last bidder, the first to name a game): what a phase acting for the
    declarer (taking the widow, say) reads, whichever phase made them."""

    def declarer_seat(self) -> int:
        """The declarer's seat (-1: no listed phase has made one)."""
        ...


PhaseState = TypeVar("PhaseState", bound=Table)
"""A table with a phase's own fields on it (the flow hands a phase a binder of the state
whose attributes include the fields of the game's phase record,
:mod:`cardrules.engine.phased`)."""


def _zones(cls: type, record: type | None = None) -> dict[str, Declared]:
    found = _ZONES.get((cls, record))
    if found is None:
        found = _ZONES[(cls, record)] = {
            d.kind.zone: d for d in layout(cls, record)
            if d.kind.holds and d.kind.zone
            and isinstance(d.kind, (CardList, CardSet, CardSets))
            and not getattr(d.kind, "subset_of", "")}
    return found


_ZONES: dict[tuple[type, type | None], dict[str, Declared]] = {}


def zone_names(cls: type) -> frozenset[str]:
    """The zones of a state class (or a phase's field mixin) that the named operations
    move cards in: those of its fields that hold cards as a list, a set or a set per
    seat.

    >>> from cardrules.engine.procedures import find
    >>> sorted(zone_names(find("tricks").state_class))
    ['discard', 'hand', 'stock', 'won']
    """
    return frozenset(_zones(cls))


_PER_SEAT: Final = 0
"""A zone's field holds a bit set per seat (compiled, a final name is a constant, not a
look-up in the module's globals)."""
_LIST: Final = 1
"""A zone's field holds an ordered list of cards."""
_SET: Final = 2
"""A zone's field holds a bit set."""


class _Slot:
    """A zone's declared field as the named operations read and write it, made once per
    state layout (the named operations run on the hot path of the listed phases)."""

    def __init__(self, zone: str, declared: Declared) -> None:
        self.zone = zone
        self.declared = declared
        self.read: Callable[[Any], Any] = declared.value
        self.attribute = declared.attribute
        self.record = declared.record
        kind = declared.kind
        self.shape = _PER_SEAT if isinstance(kind, CardSets) \
            else _LIST if isinstance(kind, CardList) else _SET

    def put(self, state: Any, value: Any) -> None:
        """Set the field in ``state`` (a fresh clone whose phase record is its own): what
        :meth:`~cardrules.engine.fields.Declared.put` does, here so that a compiled build
        runs it as compiled code (``fields`` is not compiled)."""
        setattr(state._phased if self.record else state, self.attribute, value)


def _slots(state: object) -> dict[str, _Slot]:
    """The zones of ``state``'s layout by name: one dictionary look-up, by the class of
    its phase record where it keeps one (a record class is made for one state class),
    else by its own class."""
    record = getattr(state, "_phased", None)
    cls = type(state)
    key = cls if record is None else type(record)
    found = _SLOTS.get(key)
    if found is None or found[0] is not cls:
        zones = _zones(cls, None if record is None else type(record))
        found = _SLOTS[key] = (cls, {name: _Slot(name, d) for name, d in zones.items()})
    return found[1]


def _slot(state: object, zone: str) -> _Slot:
    """The declared field holding ``zone``'s cards, and how it holds them."""
    return _in(_slots(state), zone)


def _in(slots: dict[str, _Slot], zone: str) -> _Slot:
    found = slots.get(zone)
    if found is None:
        raise ValueError(f"this state has no zone {zone!r}")
    return found


_SLOTS: dict[type, tuple[type, dict[str, _Slot]]] = {}
"""Each layout's zones, by the class of its states' phase record (or of its states, when
they keep none), with the class of the states they were found for."""


def cards_in(state: object, zone: str, seat: int = -1) -> int:
    """The cards of ``zone`` (``seat``'s, for a zone per seat) of ``state``, as a bit
    set."""
    slot = _slot(state, zone)
    return _held(slot.read(state), slot.shape, seat)


def _held(value: Any, shape: int, seat: int) -> int:
    """The cards of a zone's field ``value`` (``seat``'s, for a zone per seat)."""
    if shape == _PER_SEAT:
        return int(value[seat])
    if shape == _LIST:
        mask = 0
        for c in value:
            mask |= 1 << c
        return mask
    return int(value)


def with_seat(values: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    """``values`` (one entry per seat) with ``seat``'s entry replaced by ``value``: one
    copy of the tuple (compiled, cheaper than joining two slices round a new entry).

    >>> with_seat((1, 2, 3), 1, 9), with_seat((1, 2, 3, 4), 3, 9), with_seat((1, 2), 0, 9)
    ((1, 9, 3), (1, 2, 3, 9), (9, 2))
    >>> with_seat((1, 2, 3, 4, 5), 4, 9), with_seat((1, 2, 3), -1, 9)
    ((1, 2, 3, 4, 9), (1, 2, 9))
    """
    # Two to four seats, the usual tables: the tuple made at once from the entries held
    # as objects (compiled, an int read from a tuple[int, ...] is unboxed, and boxed
    # again, a new object for a bit set of cards, when put in another).
    refs: tuple[object, ...] = values
    n = len(refs)
    if n == 4:
        if seat == 0:
            return cast("tuple[int, ...]", (value, refs[1], refs[2], refs[3]))
        if seat == 1:
            return cast("tuple[int, ...]", (refs[0], value, refs[2], refs[3]))
        if seat == 2:
            return cast("tuple[int, ...]", (refs[0], refs[1], value, refs[3]))
        if seat == 3:
            return cast("tuple[int, ...]", (refs[0], refs[1], refs[2], value))
    elif n == 3:
        if seat == 0:
            return cast("tuple[int, ...]", (value, refs[1], refs[2]))
        if seat == 1:
            return cast("tuple[int, ...]", (refs[0], value, refs[2]))
        if seat == 2:
            return cast("tuple[int, ...]", (refs[0], refs[1], value))
    elif n == 2:
        if seat == 0:
            return cast("tuple[int, ...]", (value, refs[1]))
        if seat == 1:
            return cast("tuple[int, ...]", (refs[0], value))
    out = list(values)
    out[seat] = value
    return tuple(out)


def highest(values: tuple[int, ...]) -> int:
    """The highest entry of ``values`` (one per seat, at least one): a compiled loop,
    where ``max()`` of a tuple is a call of the builtin.

    >>> highest((3, 9, 4))
    9
    """
    top = values[0]
    for value in values:
        if value > top:
            top = value
    return top


def seatwise_sum(values: tuple[int, ...], more: tuple[int, ...]) -> tuple[int, ...]:
    """Each seat's entry of ``values`` and of ``more`` added (compiled, one loop:
    ``map(int.__add__, ...)`` calls a slot wrapper for each seat).

    >>> seatwise_sum((1, 2, 3), (10, 20, 30))
    (11, 22, 33)
    >>> seatwise_sum((1, 2), (1, 2, 3))
    Traceback (most recent call last):
    ...
    ValueError: 2 entries and 3: one per seat in each
    """
    if len(values) != len(more):
        raise ValueError(f"{len(values)} entries and {len(more)}: one per seat in each")
    out = list(values)
    for seat in range(len(out)):
        out[seat] += more[seat]
    return tuple(out)


def _remove(state: object, slot: _Slot, seat: int, cards: int) -> None:
    shape = slot.shape
    if shape == _PER_SEAT:  # the usual zone, typed: tuple slices, not slice objects
        held: tuple[int, ...] = slot.read(state)
        have = held[seat]
        if have & cards == cards:
            slot.put(state, with_seat(held, seat, have & ~cards))
            return
    else:
        value = slot.read(state)
        if _held(value, shape, seat) & cards == cards:
            slot.put(state, tuple(c for c in value if not cards >> c & 1) if shape == _LIST
                     else value & ~cards)
            return
    where = f"zone {slot.zone!r}" + (f" of seat {seat}" if shape == _PER_SEAT else "")
    raise ValueError(f"{where} does not hold every card moved")


def _add(state: object, slot: _Slot, seat: int, cards: int, order: tuple[int, ...]) -> None:
    shape = slot.shape
    if shape == _PER_SEAT:
        held: tuple[int, ...] = slot.read(state)
        slot.put(state, with_seat(held, seat, held[seat] | cards))
    elif shape == _LIST:
        listed: tuple[int, ...] = slot.read(state)
        slot.put(state, listed + (order or tuple(bits(cards))))
    else:
        slot.put(state, slot.read(state) | cards)


def move_cards(state: object, cards: int, source: str, target: str, *,
               source_seat: int = -1, target_seat: int = -1) -> None:
    """:meth:`Table.move` on ``state``'s declared fields (changes ``state``)."""
    slots = _slots(state)
    _remove(state, _in(slots, source), source_seat, cards)
    _add(state, _in(slots, target), target_seat, cards, ())


def deal_cards(state: object, seat: int, count: int, source: str = "stock", *,
               target: str = "hand") -> int:
    """:meth:`Table.deal_cards` on ``state``'s declared fields (changes ``state``)."""
    slots = _slots(state)
    slot = _in(slots, source)
    if slot.shape != _LIST:
        raise ValueError(f"cards are dealt from an ordered zone; {source!r} is not one")
    value: tuple[int, ...] = slot.read(state)
    if count > len(value):
        raise ValueError(f"zone {source!r} holds {len(value)} card(s), not {count}")
    dealt = value[len(value) - count:]
    mask = 0
    for c in dealt:
        mask |= 1 << c
    slot.put(state, value[:len(value) - count])
    _add(state, _in(slots, target), seat, mask, dealt)
    return mask


def turn_up(state: object, source: str, target: str) -> int:
    """:meth:`Table.turn_up` on ``state``'s declared fields (changes ``state``; the event
    is the caller's to record, see :meth:`~cardrules.engine.state.FieldState.turn_up`):
    the top card of ``source`` moves to the end of ``target``."""
    if source == target:
        raise ValueError(f"a card turned up goes to another zone, not back to {source!r}")
    slots = _slots(state)
    slot, onto = _in(slots, source), _in(slots, target)
    if slot.shape != _LIST:
        raise ValueError(f"cards are turned up from an ordered zone; {source!r} is not one")
    value: tuple[int, ...] = slot.read(state)
    if not value:
        raise ValueError(f"zone {source!r} holds no card to turn up")
    kind = onto.declared.kind
    if kind.per_seat:
        raise ValueError(f"a card is turned up onto a zone of the table; {target!r} is a "
                         f"zone per seat")
    game = getattr(state, "game", None)
    seen = game.variant.zones.get(target, kind.seen) if game is not None else kind.seen
    if seen is not _VISIBILITY_PUBLIC:
        raise ValueError(f"a card is turned up onto a zone every player sees; {target!r} "
                         f"is {seen.value}")
    card = value[-1]
    slot.put(state, value[:-1])
    _add(state, onto, -1, 1 << card, (card,))
    return card


def cut_cards(state: object, zone: str, count: int) -> None:
    """:meth:`Table.cut_cards` on ``state``'s declared fields (changes ``state``)."""
    slot = _slot(state, zone)
    if slot.shape != _LIST:
        raise ValueError(f"only an ordered zone is cut; {zone!r} is not one")
    value: tuple[int, ...] = slot.read(state)
    slot.put(state, value[-count:] + value[:-count])
