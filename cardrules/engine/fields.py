"""State fields declared once: what each field holds, and where its cards may be seen.

A state class is an attrs class whose every field is made by :func:`field` with a
:class:`Kind` (a seat, a count, a per-seat card set...) and, for fields that hold cards, the
zone they form and its default visibility.  From that one declaration the engine derives
construction with defaults (:func:`fresh`), cloning, JSON round-trip with validation,
card conservation, and re-sampling of hidden cards (:mod:`cardrules.engine.state_codec`).

>>> import attrs
>>> from cardrules.cards import Pack
>>> @attrs.define(slots=True, eq=False)
... class Tiny:
...     _hands: tuple[int, ...] = field(CardSets(zone="hand", seen=Visibility.OWNER))
...     _current: int = field(Seat())
>>> [d.name for d in declared(Tiny)]
['hands', 'current']
>>> Kinds = Context(pack=Pack(ranks=("9", "10"), suits=("S",)), players=2)
>>> declared(Tiny)[0].kind.read([["9S"], []], Kinds)
(1, 0)
"""

from __future__ import annotations

import abc
import enum
import operator
import sys
from collections.abc import Callable
from typing import Any, ClassVar

import attrs

from cardrules.cards import Pack, bits, mask_of
from cardrules.engine.events import Event
from cardrules.model.common import Visibility

__all__ = [
    "Card",
    "CardList",
    "CardSet",
    "CardSetList",
    "CardSets",
    "Context",
    "Count",
    "Declared",
    "Enumerated",
    "Events",
    "Flag",
    "HeldCards",
    "Kind",
    "KnownCards",
    "Label",
    "LaterFlag",
    "LaterNumbers",
    "LaterSeats",
    "MissingCards",
    "NumberList",
    "Numbers",
    "Seat",
    "Seats",
    "SeenCards",
    "SpareCounts",
    "Stage",
    "Suit",
    "Suits",
    "declared",
    "field",
    "reset",
]

META = "cardrules.field"
"""The attrs metadata key under which a field keeps its :class:`Kind`."""
LABEL = "cardrules.label"
"""The attrs metadata key of a field's name in messages."""
RESET = "cardrules.reset"
"""The attrs metadata key marking a field that a clone starts afresh."""


@attrs.frozen(kw_only=True)
class Context:
    """What reading a field back needs: the pack and the number of players."""

    pack: Pack
    """The game's pack."""
    players: int
    """Number of players."""


class Kind(abc.ABC):
    """What a state field holds, and how it is written, read back and re-dealt."""

    holds: ClassVar[bool] = False
    """The field holds cards of its own (each card of the pack is held by exactly one)."""
    per_seat: ClassVar[bool] = False
    """The field holds one set of cards per seat, each seen as its owner's."""
    zone: str = ""
    """The zone name a rule file uses for its visibility (``hand``, ``stock``...)."""
    seen: Visibility = Visibility.PUBLIC
    """Visibility when the rule file does not say."""
    allowed: tuple[Visibility, ...] = ()
    """The visibilities a rule file may declare for the zone, each honoured by views,
    events, legal actions and re-sampling (empty: the zone is not the rule file's to
    declare)."""
    optional: ClassVar[bool] = False
    """JSON written before the field existed may leave it out: it reads back at its
    initial value."""

    @abc.abstractmethod
    def initial(self, players: int) -> Any:
        """The value of a fresh state: immutable, and depending on ``players`` alone (it
        is worked out once per state class and number of players)."""

    @abc.abstractmethod
    def write(self, value: Any, pack: Pack) -> Any:
        """The JSON-ready form."""

    @abc.abstractmethod
    def read(self, raw: Any, context: Context) -> Any:
        """Read back :meth:`write`; ``ValueError`` saying what is wrong."""

    def masks(self, value: Any) -> tuple[int, ...]:
        """The cards held, one bit set per owner (per seat fields) or a single one."""
        return ()

    def cards(self, value: Any, among: int) -> list[int]:
        """The cards held that are in the bit set ``among``, in the field's order."""
        return [c for m in self.masks(value) for c in bits(m & among)]

    def known(self, value: Any, viewer: int) -> int:
        """The cards this field shows to ``viewer`` wherever they are (a bit set)."""
        return 0

    def shown(self, value: Any, viewer: int) -> int:
        """The cards this field records as once shown to ``viewer``, without telling
        where they lie now (a bit set): views may name them, re-dealing moves them."""
        return 0

    def remap(self, value: Any, move: Callable[[int], int]) -> Any:
        """The value with each card ``c`` it holds replaced by ``move(c)``."""
        return value


def field(kind: Kind, *, label: str = "") -> Any:
    """An attrs field of a state, declared as ``kind``; ``label`` names it in messages
    (default: its name with spaces).

    A state's other attributes (its game, lookup tables derived from the declared fields)
    are plain attrs fields: cloned, but never written, compared or re-read.
    """
    return attrs.field(default=None, metadata={META: kind, LABEL: label})


def reset(default: Any = None) -> Any:
    """A plain attrs field that a clone starts afresh at ``default`` (a cache of legal
    actions, say), rather than copying."""
    return attrs.field(default=default, metadata={RESET: True})


@attrs.frozen(kw_only=True)
class Declared:
    """One declared field of a state class."""

    name: str
    """The field's public name (the attribute is ``_`` + name)."""
    attribute: str
    """The attribute holding the value."""
    kind: Kind
    """What it holds."""
    label: str
    """Its name in messages."""
    record: bool = False
    """True for a listed phase's field, kept in the state's phase record
    (:mod:`cardrules.engine.phased`) rather than on the state itself."""
    value: Callable[[Any], Any] = attrs.field(init=False, eq=False, repr=False)
    """The field's value in a state (``declared.value(state)``): an
    :func:`operator.attrgetter`, called with no Python frame (views, the hidden cards,
    JSON and re-sampling read every field of a state)."""

    def __attrs_post_init__(self) -> None:
        path = f"_phased.{self.attribute}" if self.record else self.attribute
        object.__setattr__(self, "value", operator.attrgetter(path))

    def put(self, state: Any, value: Any) -> None:
        """Set the field in ``state`` (a fresh clone whose phase record is its own: see
        :func:`cardrules.engine.phased.own`)."""
        setattr(state._phased if self.record else state, self.attribute, value)


_DECLARED: dict[type, tuple[Declared, ...]] = {}


def declared(cls: type) -> tuple[Declared, ...]:
    """The declared fields of a state class, in order (caches left out).

    The public names are interned: a state is made by passing them as keywords
    (:func:`~cardrules.engine.state_codec.fresh`), and Python matches an interned keyword
    to its parameter by identity, any other by comparing it with every parameter's name
    (some forty of them: that made a fresh state cost several times more).
    """
    found = _DECLARED.get(cls)
    if found is None:
        found = _DECLARED[cls] = tuple(
            Declared(name=sys.intern(a.name.lstrip("_")), attribute=a.name,
                     kind=a.metadata[META],
                     label=a.metadata[LABEL] or a.name.lstrip("_").replace("_", " "))
            for a in attrs.fields(cls) if a.metadata.get(META) is not None)
    return found


# -- kinds that hold no cards --------------------------------------------------------------


def _int(raw: Any) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise ValueError(f"expected a whole number, got {_short(raw)}")
    return raw


def _list(raw: Any, size: int | None = None) -> list[Any]:
    if not isinstance(raw, list):
        raise ValueError(f"expected a list, got {_short(raw)}")
    if size is not None and len(raw) != size:
        raise ValueError(f"expected {size} entries (one per player), got {len(raw)}")
    return raw


def _short(raw: Any) -> str:
    text = repr(raw)
    return text if len(text) <= 40 else text[:37] + "..."


@attrs.frozen(kw_only=True)
class Seat(Kind):
    """A seat, or -1 for nobody when ``nobody`` is allowed."""

    nobody: bool = True
    """-1 (nobody) is allowed."""

    def initial(self, players: int) -> int:
        return -1 if self.nobody else 0

    def write(self, value: int, pack: Pack) -> int:
        return value

    def read(self, raw: Any, context: Context) -> int:
        seat = _int(raw)
        low = -1 if self.nobody else 0
        if not low <= seat < context.players:
            raise ValueError(f"{seat} is not a seat (0 to {context.players - 1}"
                             f"{', or -1' if self.nobody else ''})")
        return seat


@attrs.frozen(kw_only=True)
class Stage(Kind):
    """The index of the listed phase at work, or -1 when none is (see
    :mod:`cardrules.engine.flow`)."""

    def initial(self, players: int) -> int:
        return -1

    def write(self, value: int, pack: Pack) -> int:
        return value

    def read(self, raw: Any, context: Context) -> int:
        number = _int(raw)
        if number < -1:
            raise ValueError(f"{number} is below -1")
        return number


@attrs.frozen(kw_only=True)
class Count(Kind):
    """A whole number from 0."""

    def initial(self, players: int) -> int:
        return 0

    def write(self, value: int, pack: Pack) -> int:
        return value

    def read(self, raw: Any, context: Context) -> int:
        number = _int(raw)
        if number < 0:
            raise ValueError(f"{number} is below 0")
        return number


@attrs.frozen(kw_only=True)
class Flag(Kind):
    """True or false."""

    def initial(self, players: int) -> bool:
        return False

    def write(self, value: bool, pack: Pack) -> bool:
        return value

    def read(self, raw: Any, context: Context) -> bool:
        if not isinstance(raw, bool):
            raise ValueError(f"expected true or false, got {_short(raw)}")
        return raw


@attrs.frozen(kw_only=True)
class Label(Kind):
    """One of a closed set of words (``choices``), or any short word when it is empty."""

    choices: tuple[str, ...] = ()
    """The allowed words; the first is the initial value."""

    def initial(self, players: int) -> str:
        return self.choices[0] if self.choices else ""

    def write(self, value: str, pack: Pack) -> str:
        return value

    def read(self, raw: Any, context: Context) -> str:
        if not isinstance(raw, str) or len(raw) > 100:
            raise ValueError(f"expected a word, got {_short(raw)}")
        if self.choices and raw not in self.choices:
            raise ValueError(f"{raw!r} is not one of {', '.join(self.choices)}")
        return raw


@attrs.frozen(kw_only=True)
class Enumerated(Kind):
    """A member of a closed vocabulary (an enum whose values are the words written):
    the step a deal is at, say.  The first member is the initial value."""

    of: type[enum.Enum]
    """The vocabulary."""

    def initial(self, players: int) -> enum.Enum:
        return next(iter(self.of))

    def write(self, value: enum.Enum | str, pack: Pack) -> Any:
        # A word given as such (an explicit position) is written as given; read checks it.
        return value.value if isinstance(value, self.of) else value

    def read(self, raw: Any, context: Context) -> enum.Enum:
        if not isinstance(raw, str) or len(raw) > 100:
            raise ValueError(f"expected a word, got {_short(raw)}")
        try:
            return self.of(raw)
        except ValueError:
            words = ", ".join(str(m.value) for m in self.of)
            raise ValueError(f"{raw!r} is not one of {words}") from None


@attrs.frozen(kw_only=True)
class Seats(Kind):
    """Distinct seats in order (players gone out, players still to be asked...)."""

    def initial(self, players: int) -> tuple[int, ...]:
        return ()

    def write(self, value: tuple[int, ...], pack: Pack) -> list[int]:
        return list(value)

    def read(self, raw: Any, context: Context) -> tuple[int, ...]:
        seat = Seat(nobody=False)
        seats = tuple(seat.read(s, context) for s in _list(raw))
        if len(set(seats)) != len(seats):
            raise ValueError("a seat is listed twice")
        return seats


@attrs.frozen(kw_only=True)
class LaterFlag(Flag):
    """:class:`Flag` of a field added later: JSON written before it existed reads back
    as false."""

    optional: ClassVar[bool] = True


@attrs.frozen(kw_only=True)
class LaterSeats(Seats):
    """:class:`Seats` of a field added later (the seats sitting a deal of tricks out):
    JSON written before it existed reads back as no seats."""

    optional: ClassVar[bool] = True


@attrs.frozen(kw_only=True)
class Numbers(Kind):
    """One whole number per player (scores, tricks taken)."""

    minimum: int | None = None
    """The smallest allowed value (None: any)."""
    start: int = 0
    """Every player's value in a fresh state (-1 with ``minimum=-1``: "none yet", say)."""

    def initial(self, players: int) -> tuple[int, ...]:
        return (self.start,) * players

    def write(self, value: tuple[int, ...], pack: Pack) -> list[int]:
        return list(value)

    def read(self, raw: Any, context: Context) -> tuple[int, ...]:
        numbers = tuple(_int(v) for v in _list(raw, context.players))
        if self.minimum is not None and any(v < self.minimum for v in numbers):
            raise ValueError(f"a value is below {self.minimum}")
        return numbers


@attrs.frozen(kw_only=True)
class LaterNumbers(Numbers):
    """:class:`Numbers` of a field added later (the bags of a bidding game): JSON written
    before it existed reads back as every player's start value."""

    optional: ClassVar[bool] = True


@attrs.frozen(kw_only=True)
class NumberList(Kind):
    """Whole numbers in order, as many as were recorded (the calls of an auction, each
    coded by the phase that makes them), each from ``minimum`` to ``maximum``."""

    minimum: int = 0
    """The smallest allowed value."""
    maximum: int = 1000
    """The largest allowed value."""

    def initial(self, players: int) -> tuple[int, ...]:
        return ()

    def write(self, value: tuple[int, ...], pack: Pack) -> list[int]:
        return list(value)

    def read(self, raw: Any, context: Context) -> tuple[int, ...]:
        numbers = tuple(_int(v) for v in _list(raw))
        if any(not self.minimum <= v <= self.maximum for v in numbers):
            raise ValueError(f"a value is not from {self.minimum} to {self.maximum}")
        return numbers


@attrs.frozen(kw_only=True)
class LaterNumberList(NumberList):
    """:class:`NumberList` of a field added later: JSON written before it existed reads
    back as no numbers."""

    optional: ClassVar[bool] = True


def _suit(raw: Any, pack: Pack) -> int:
    if raw is None:
        return -1
    if not isinstance(raw, str) or raw not in pack.suits:
        raise ValueError(f"{_short(raw)} is not a suit ({', '.join(pack.suits)}) or null")
    return pack.suits.index(raw)


@attrs.frozen(kw_only=True)
class Suit(Kind):
    """A suit index, or -1 for none."""

    def initial(self, players: int) -> int:
        return -1

    def write(self, value: int, pack: Pack) -> str | None:
        return pack.suits[value] if value >= 0 else None

    def read(self, raw: Any, context: Context) -> int:
        return _suit(raw, context.pack)


@attrs.frozen(kw_only=True)
class Suits(Kind):
    """A suit index (or -1) per player, or none at all."""

    def initial(self, players: int) -> tuple[int, ...]:
        return ()

    def write(self, value: tuple[int, ...], pack: Pack) -> list[str | None]:
        return [pack.suits[s] if s >= 0 else None for s in value]

    def read(self, raw: Any, context: Context) -> tuple[int, ...]:
        values = _list(raw)
        if values:
            _list(values, context.players)
        return tuple(_suit(s, context.pack) for s in values)


def _card(raw: Any, pack: Pack) -> int:
    if not isinstance(raw, str) or len(raw) > 10:
        raise ValueError(f"expected a card name, got {_short(raw)}")
    return pack.parse(raw)


def _cards(raw: Any, pack: Pack) -> tuple[int, ...]:
    cards = tuple(_card(c, pack) for c in _list(raw))
    if len(set(cards)) != len(cards):
        raise ValueError("a card is listed twice")
    return cards


@attrs.frozen(kw_only=True)
class Card(Kind):
    """One card that some other field holds (the top of the pile, the turned trump card),
    or -1 for none."""

    def initial(self, players: int) -> int:
        return -1

    def write(self, value: int, pack: Pack) -> str | None:
        return pack.label(value) if value >= 0 else None

    def read(self, raw: Any, context: Context) -> int:
        return -1 if raw is None else _card(raw, context.pack)

    def remap(self, value: int, move: Callable[[int], int]) -> int:
        return move(value) if value >= 0 else value

    def known(self, value: int, viewer: int) -> int:
        return 1 << value if value >= 0 else 0


@attrs.frozen(kw_only=True)
class _SetsPerSeat(Kind):
    """One set of cards per player, as bit sets: how such fields are written and read."""

    def initial(self, players: int) -> tuple[int, ...]:
        return (0,) * players

    def write(self, value: tuple[int, ...], pack: Pack) -> list[list[str]]:
        return [list(pack.labels(pack.cards_of(m))) for m in value]

    def read(self, raw: Any, context: Context) -> tuple[int, ...]:
        return tuple(mask_of(_cards(h, context.pack)) for h in _list(raw, context.players))

    def remap(self, value: tuple[int, ...], move: Callable[[int], int]) -> tuple[int, ...]:
        return tuple(_move_mask(m, move) for m in value)


@attrs.frozen(kw_only=True)
class KnownCards(_SetsPerSeat):
    """Per seat, cards whose place that seat knows though they lie in a zone it cannot
    see (cards it passed to another player): they hold nothing, and re-sampling for that
    seat leaves them where they are."""

    def known(self, value: tuple[int, ...], viewer: int) -> int:
        return value[viewer] if 0 <= viewer < len(value) else 0


@attrs.frozen(kw_only=True)
class SeenCards(_SetsPerSeat):
    """Per seat, cards that seat has been shown (a widow turned face up): a record of
    what it saw, not of where the cards lie now, so it holds nothing, tells nothing of
    their places and is never moved by re-dealing hidden cards."""

    optional: ClassVar[bool] = True

    def shown(self, value: tuple[int, ...], viewer: int) -> int:
        return value[viewer] if 0 <= viewer < len(value) else 0

    def remap(self, value: tuple[int, ...], move: Callable[[int], int]) -> tuple[int, ...]:
        return value


@attrs.frozen(kw_only=True)
class HeldCards(_SetsPerSeat):
    """Per seat, a record of cards that seat held at some moment (a declarer's hand when
    naming the game, with a skat left unseen, whose tops count in its value): it holds
    nothing and shows nothing, and re-dealing hidden cards moves each recorded card with
    the card it stands for, so that a re-sampled deal's record is of the sampled cards."""

    optional: ClassVar[bool] = True


@attrs.frozen(kw_only=True)
class MissingCards(_SetsPerSeat):
    """Per seat, cards public play has shown that seat not to hold (see
    :mod:`cardrules.engine.absences`): knowledge about cards, not a place for them, so it holds
    none and re-dealing hidden cards never moves it."""

    optional: ClassVar[bool] = True

    def remap(self, value: tuple[int, ...], move: Callable[[int], int]) -> tuple[int, ...]:
        return value


@attrs.frozen(kw_only=True)
class SpareCounts(Numbers):
    """Per seat, how many of its hidden cards a :class:`MissingCards` field does not bind
    (cards that came into the hand after play showed what it lacked)."""

    optional: ClassVar[bool] = True
    minimum: int | None = 0


# -- kinds that hold cards -------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class CardList(Kind):
    """Cards in order (a stock drawn from its end, a pile from bottom to top)."""

    holds: ClassVar[bool] = True
    zone: str
    seen: Visibility = Visibility.PUBLIC
    allowed: tuple[Visibility, ...] = ()
    subset_of: str = ""
    """The field whose cards these are a part of, in an order of their own (the cards
    of a round, in the order played; holds none of its own)."""

    def initial(self, players: int) -> tuple[int, ...]:
        return ()

    def write(self, value: tuple[int, ...], pack: Pack) -> list[str]:
        return list(pack.labels(value))

    def read(self, raw: Any, context: Context) -> tuple[int, ...]:
        return _cards(raw, context.pack)

    def masks(self, value: tuple[int, ...]) -> tuple[int, ...]:
        return () if self.subset_of else (mask_of(value),)

    def cards(self, value: tuple[int, ...], among: int) -> list[int]:
        return [c for c in value if among >> c & 1]

    def remap(self, value: tuple[int, ...], move: Callable[[int], int]) -> tuple[int, ...]:
        return tuple(map(move, value))


@attrs.frozen(kw_only=True)
class CardSet(Kind):
    """An unordered set of cards, as a bit set."""

    holds: ClassVar[bool] = True
    zone: str
    seen: Visibility = Visibility.PUBLIC
    allowed: tuple[Visibility, ...] = ()
    subset_of: str = ""
    """The field whose cards these are a part of (marks them; holds none of its own)."""

    def initial(self, players: int) -> int:
        return 0

    def write(self, value: int, pack: Pack) -> list[str]:
        return list(pack.labels(pack.cards_of(value)))

    def read(self, raw: Any, context: Context) -> int:
        return mask_of(_cards(raw, context.pack))

    def masks(self, value: int) -> tuple[int, ...]:
        return () if self.subset_of else (value,)

    def remap(self, value: int, move: Callable[[int], int]) -> int:
        return _move_mask(value, move)


def _move_mask(mask: int, move: Callable[[int], int]) -> int:
    out = 0
    while mask:
        low = mask & -mask
        out |= 1 << move(low.bit_length() - 1)
        mask ^= low
    return out


@attrs.frozen(kw_only=True)
class CardSets(_SetsPerSeat):
    """One set of cards per player (hands, cards won), as bit sets."""

    holds: ClassVar[bool] = True
    per_seat: ClassVar[bool] = True
    zone: str
    seen: Visibility = Visibility.OWNER
    allowed: tuple[Visibility, ...] = ()

    def masks(self, value: tuple[int, ...]) -> tuple[int, ...]:
        return value


@attrs.frozen(kw_only=True)
class CardSetList(Kind):
    """Sets of cards in order (the sets played to a trick, from its leader on)."""

    holds: ClassVar[bool] = True
    zone: str
    seen: Visibility = Visibility.PUBLIC
    allowed: tuple[Visibility, ...] = ()

    def initial(self, players: int) -> tuple[int, ...]:
        return ()

    def write(self, value: tuple[int, ...], pack: Pack) -> list[list[str]]:
        return [list(pack.labels(pack.cards_of(m))) for m in value]

    def read(self, raw: Any, context: Context) -> tuple[int, ...]:
        sets = _list(raw)
        if len(sets) > context.players:
            raise ValueError(f"{len(sets)} sets for {context.players} players")
        return tuple(mask_of(_cards(s, context.pack)) for s in sets)

    def masks(self, value: tuple[int, ...]) -> tuple[int, ...]:
        out = 0
        for m in value:
            out |= m
        return (out,)

    def cards(self, value: tuple[int, ...], among: int) -> list[int]:
        """Set by set, in order (each set's places are its own: taken from the union, the
        places of two seats' face-down cards would depend on which cards they are)."""
        return [c for m in value for c in bits(m & among)]

    def remap(self, value: tuple[int, ...], move: Callable[[int], int]) -> tuple[int, ...]:
        return tuple(_move_mask(m, move) for m in value)


@attrs.frozen(kw_only=True)
class Events(Kind):
    """What the last action made happen, as :class:`~cardrules.engine.events.Event` records or
    as plain tuples in the same field order (``raw``, cheaper on hot paths)."""

    raw: bool = False
    """Events are kept as plain tuples."""

    def initial(self, players: int) -> tuple[Any, ...]:
        return ()

    def write(self, value: tuple[Any, ...], pack: Pack) -> list[dict[str, Any]]:
        return [Event(*e).record(pack) for e in value]

    def read(self, raw: Any, context: Context) -> tuple[Any, ...]:
        out = []
        for item in _list(raw):
            if not isinstance(item, dict):
                raise ValueError(f"an event must be an object, got {_short(item)}")
            cards = _list(item.get("cards", []))
            event = Event(
                kind=Label().read(item.get("kind"), context),
                player=Seat().read(item.get("player", -1), context),
                cards=tuple(_card(c, context.pack) for c in cards),
                amount=_int(item.get("amount", 0)),
                note=Label().read(item.get("note", ""), context),
                private=Flag().read(item.get("private", False), context))
            out.append(tuple(event) if self.raw else event)
        return tuple(out)

    def known(self, value: tuple[Any, ...], viewer: int) -> int:
        """The cards of public events and of ``viewer``'s own private ones."""
        mask = 0
        for _, player, cards, _, _, private in value:
            if not private or player == viewer:
                for c in cards:
                    mask |= 1 << c
        return mask

    def remap(self, value: tuple[Any, ...], move: Callable[[int], int]) -> tuple[Any, ...]:
        out = []
        for e in value:
            kind, player, cards, amount, note, private = e
            moved = (kind, player, tuple(map(move, cards)), amount, note, private)
            out.append(moved if self.raw else Event(*moved))
        return tuple(out)

