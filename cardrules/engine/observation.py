"""Fixed-size numeric observations for learning agents, encoded from a player's view.

An observation is a list of small ints of the same length for every state of a game. It
is encoded from :meth:`State.view`, so it holds exactly what the player may know and
nothing more.  Seats are rotated: the observing player is always seat 0, the next player
clockwise seat 1, and so on.  Each procedure declares the fields of its views to encode
(:class:`Field` records, in order); :attr:`Observation.labels` names every position.

>>> import cardrules
>>> game = cardrules.load("bura", players=2)
>>> observation = game.observation
>>> state = game.new_deal(seed=1)
>>> values = observation.encode(state, 0)
>>> len(values) == observation.size == len(observation.labels)
True
>>> mine = [label for label, v in zip(observation.labels, values) if v and "hands[0]" in label]
>>> len(mine), mine[-1]  # four cards of the observer's hand, then their number
(5, 'hands[0]:count')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from cardrules.cards import Pack
from cardrules.engine.arguments import checked_player

if TYPE_CHECKING:
    from cardrules.engine.context import Viewable
    from cardrules.engine.views import View

__all__ = ["FLAG", "NUMBER", "Card", "Cards", "CardsBySeat", "EncodingTable", "Field", "Letters",
           "Number", "NumbersBySeat",
           "Observation", "OneOf", "Seat", "SeatsIn", "SuitClassesBySeat", "Trick",
           "checked_player"]


FLAG = (0, 1)
"""The bounds of a flag."""
NUMBER = (-(2 ** 31), 2 ** 31 - 1)
"""The bounds of a number the rules do not bound (a score, a total): the int32 range."""


@attrs.frozen(kw_only=True)
class EncodingTable:
    """What encoding needs to know of a game: its cards and how many seats."""

    names: tuple[str, ...]
    """Card number -> its own name (:meth:`~cardrules.cards.Pack.label`)."""
    index: dict[str, int]
    """Card name -> number (a face's name: its first copy)."""
    copies: dict[str, tuple[int, ...]] = attrs.field(factory=dict)
    """Face name -> every copy of it, lowest first, for faces of several copies."""
    suits: tuple[str, ...]
    """Suit letters."""
    players: int
    """Number of seats."""

    @classmethod
    def of(cls, pack: Pack, players: int) -> EncodingTable:
        """The table of ``pack`` for ``players`` seats."""
        names = pack.labels(range(pack.size))
        copies: dict[str, list[int]] = {}
        for c in range(pack.size):
            copies.setdefault(pack.name(c), []).append(c)
        return cls(names=names, index={n: c for c, n in enumerate(names)}, suits=pack.suits,
                   players=players,
                   copies={n: tuple(cs) for n, cs in copies.items() if len(cs) > 1})

    def rotated(self, value: Any, player: int) -> list[Any]:
        """A per-seat list starting at ``player`` (``None`` per seat when missing)."""
        values = list(value) if value is not None else [None] * self.players
        return values[player:] + values[:player]

    def cards(self, value: Any, out: list[int]) -> None:
        """A flag per card named in ``value`` (a list) then how many cards (or ``value``
        itself when it is a count)."""
        flags = [0] * len(self.names)
        if isinstance(value, list):
            for name in value:
                self.flag(flags, name)
            count = len(value)
        else:
            count = int(value or 0)
        out.extend(flags)
        out.append(count)

    def flag(self, flags: list[int], name: str) -> None:
        """Set the flag of the card ``name`` names: for a face of several copies, the
        i-th time it is named, its i-th copy (which copy a player holds is no knowledge
        of theirs)."""
        copies = self.copies.get(name)
        if copies is None:
            flags[self.index[name]] = 1
            return
        for c in copies:
            if not flags[c]:
                flags[c] = 1
                return

    def seats(self, seats: Any, player: int, out: list[int]) -> None:
        """A flag per seat, counted from ``player``, set for each of ``seats``."""
        flags = [0] * self.players
        for seat in seats:
            flags[(seat - player) % self.players] = 1
        out.extend(flags)


@attrs.frozen(kw_only=True)
class Field:
    """One field of a view (``key``, an entry of the view; ``"a.b"`` reads the key ``b``
    of the entry ``a``, a dict) and how it is
    encoded: each kind below names its positions and writes its values."""

    key: str

    def labels(self, table: EncodingTable) -> list[str]:
        """A name per position."""
        raise NotImplementedError

    def encode(self, table: EncodingTable, value: Any, player: int, out: list[int]) -> None:
        """Append the encoding of ``value`` as seen by ``player``."""
        raise NotImplementedError

    def bounds(self, table: EncodingTable) -> list[tuple[int, int]]:
        """The lowest and highest value of each position: flags by default."""
        return [FLAG] * len(self.labels(table))


@attrs.frozen(kw_only=True)
class Cards(Field):
    """A list of card names (or, when hidden, their number): one flag per card of the pack,
    then the number of cards."""

    def labels(self, table: EncodingTable) -> list[str]:
        return [f"{self.key}:{c}" for c in (*table.names, "count")]

    def bounds(self, table: EncodingTable) -> list[tuple[int, int]]:
        return [*[FLAG] * len(table.names), (0, len(table.names))]

    def encode(self, table: EncodingTable, value: Any, player: int, out: list[int]) -> None:
        table.cards(value, out)


@attrs.frozen(kw_only=True)
class CardsBySeat(Field):
    """One :class:`Cards` per seat (a list indexed by player)."""

    def labels(self, table: EncodingTable) -> list[str]:
        return [f"{self.key}[{s}]:{c}" for s in range(table.players)
                for c in (*table.names, "count")]

    def bounds(self, table: EncodingTable) -> list[tuple[int, int]]:
        return [*[FLAG] * len(table.names), (0, len(table.names))] * table.players

    def encode(self, table: EncodingTable, value: Any, player: int, out: list[int]) -> None:
        for seat in table.rotated(value, player):
            table.cards(seat, out)


@attrs.frozen(kw_only=True)
class Card(Field):
    """One card name or ``None``: one flag per card of the pack."""

    def labels(self, table: EncodingTable) -> list[str]:
        return [f"{self.key}:{c}" for c in table.names]

    def encode(self, table: EncodingTable, value: Any, player: int, out: list[int]) -> None:
        flags = [0] * len(table.names)
        if value is not None:
            flags[table.index[value]] = 1
        out.extend(flags)


@attrs.frozen(kw_only=True)
class Number(Field):
    """An int (``None``: 0)."""

    def labels(self, table: EncodingTable) -> list[str]:
        return [self.key]

    def bounds(self, table: EncodingTable) -> list[tuple[int, int]]:
        return [NUMBER]

    def encode(self, table: EncodingTable, value: Any, player: int, out: list[int]) -> None:
        out.append(int(value or 0))


@attrs.frozen(kw_only=True)
class NumbersBySeat(Field):
    """An int per seat (``None``: 0)."""

    def labels(self, table: EncodingTable) -> list[str]:
        return [f"{self.key}[{s}]" for s in range(table.players)]

    def bounds(self, table: EncodingTable) -> list[tuple[int, int]]:
        return [NUMBER] * table.players

    def encode(self, table: EncodingTable, value: Any, player: int, out: list[int]) -> None:
        out.extend(int(v or 0) for v in table.rotated(value, player))


@attrs.frozen(kw_only=True)
class Seat(NumbersBySeat):
    """A player (``-1`` or ``None``: nobody): one flag per seat."""

    def bounds(self, table: EncodingTable) -> list[tuple[int, int]]:
        return [FLAG] * table.players

    def encode(self, table: EncodingTable, value: Any, player: int, out: list[int]) -> None:
        table.seats([value] if value is not None and value >= 0 else [], player, out)


@attrs.frozen(kw_only=True)
class SeatsIn(NumbersBySeat):
    """A list of players: one flag per seat, set for those in the list."""

    def bounds(self, table: EncodingTable) -> list[tuple[int, int]]:
        return [FLAG] * table.players

    def encode(self, table: EncodingTable, value: Any, player: int, out: list[int]) -> None:
        table.seats(value or (), player, out)


@attrs.frozen(kw_only=True)
class OneOf(Field):
    """A value among ``values`` (anything else: no flag): one flag per value."""

    values: tuple[str, ...]

    def labels(self, table: EncodingTable) -> list[str]:
        return [f"{self.key}:{v}" for v in self.values]

    def encode(self, table: EncodingTable, value: Any, player: int, out: list[int]) -> None:
        out.extend(int(value == v) for v in self.values)


@attrs.frozen(kw_only=True)
class Letters(Field):
    """A word of the letters of ``alphabet`` (a record of actions, one letter each), at
    most ``length`` letters long: per place, one flag per letter (none past the word's
    end).

    >>> from cardrules.cards import Pack
    >>> table = EncodingTable.of(Pack(ranks=("A",), suits=("S",)), 2)
    >>> out: list[int] = []
    >>> Letters(key="line", alphabet="kb", length=3).encode(table, "bk", 0, out)
    >>> out
    [0, 1, 1, 0, 0, 0]
    """

    alphabet: str
    """The letters, in the order of their flags."""
    length: int
    """The most letters a word has."""

    def labels(self, table: EncodingTable) -> list[str]:
        return [f"{self.key}[{i}]:{letter}" for i in range(self.length)
                for letter in self.alphabet]

    def encode(self, table: EncodingTable, value: Any, player: int, out: list[int]) -> None:
        word = str(value or "")
        for i in range(self.length):
            letter = word[i] if i < len(word) else ""
            out.extend(int(letter == a) for a in self.alphabet)


@attrs.frozen(kw_only=True)
class SuitClassesBySeat(Field):
    """Per seat, a mapping suit letter -> class number: one int per suit."""

    def labels(self, table: EncodingTable) -> list[str]:
        return [f"{self.key}[{s}]:{suit}" for s in range(table.players) for suit in table.suits]

    def bounds(self, table: EncodingTable) -> list[tuple[int, int]]:
        return [NUMBER] * (table.players * len(table.suits))

    def encode(self, table: EncodingTable, value: Any, player: int, out: list[int]) -> None:
        for classes in table.rotated(value, player):
            out.extend(int((classes or {}).get(s, 0)) for s in table.suits)


@attrs.frozen(kw_only=True)
class Trick(Field):
    """The cards of a trick, one entry per player who played (``player``, ``face_down``,
    ``cards``): per seat, a flag per card seen, the number of face-down cards not seen,
    and whether the seat has played."""

    def labels(self, table: EncodingTable) -> list[str]:
        return [f"{self.key}[{s}]:{c}" for s in range(table.players)
                for c in (*table.names, "hidden", "played")]

    def bounds(self, table: EncodingTable) -> list[tuple[int, int]]:
        return [*[FLAG] * len(table.names), (0, len(table.names)), FLAG] * table.players

    def encode(self, table: EncodingTable, value: Any, player: int, out: list[int]) -> None:
        n, size = table.players, len(table.names)
        seats = [[0] * (size + 2) for _ in range(n)]
        for play in value or ():
            seat = seats[(play["player"] - player) % n]
            cards = play["cards"]
            if isinstance(cards, list):
                for name in cards:
                    table.flag(seat, name)
            else:
                seat[size] += int(cards)
            seat[size + 1] = 1
        for seat in seats:
            out.extend(seat)


class Observation:
    """The observation encoding of one game (get it from ``game.observation``)."""

    __slots__ = ("_counts", "_table", "fields", "labels", "size")

    def __init__(self, pack: Pack, players: int, fields: Sequence[Field]) -> None:
        self._table = EncodingTable.of(pack, players)
        self.fields: tuple[Field, ...] = tuple(fields)
        """What is encoded, in order."""
        per_field = [field.labels(self._table) for field in self.fields]
        self._counts = tuple(map(len, per_field))
        self.labels: tuple[str, ...] = tuple(label for labels in per_field for label in labels)
        """A name for every position, such as ``hands[0]:9H`` (seat 0 is the observer)."""
        self.size: int = len(self.labels)
        """Length of every observation."""

    def __repr__(self) -> str:
        return f"<Observation size={self.size}>"

    def parts(self) -> list[tuple[int, int, str]]:
        """The layout: ``(first position, count, field)`` for each encoded field."""
        out, start = [], 0
        for field, count in zip(self.fields, self._counts):
            out.append((start, count, f"{type(field).__name__} {field.key}"))
            start += count
        return out

    def bounds(self) -> tuple[list[int], list[int]]:
        """The lowest and the highest value of every position: 0 and 1 for a flag, 0 and
        the pack's size for a count of cards, the int32 range for a number (scores, points,
        totals, whose range the rules do not bound), as Gymnasium's ``Box`` takes them.

        >>> import cardrules
        >>> game = cardrules.load("bank", players=2)
        >>> low, high = game.observation.bounds()
        >>> len(low) == len(high) == game.observation.size, min(low) >= -2 ** 31
        (True, True)
        >>> high[game.observation.labels.index("hands[0]:9H")]
        1
        """
        pairs = [pair for field in self.fields for pair in field.bounds(self._table)]
        return [low for low, _ in pairs], [high for _, high in pairs]

    def encode(self, state: Viewable, player: int) -> list[int]:
        """The observation of ``state`` for ``player`` (a seat of the game: anything else
        is an :class:`~cardrules.errors.ArgumentError`)."""
        player = checked_player(player, self._table.players)
        return self.encode_view(state.view(player), player)

    def encode_view(self, view: View, player: int) -> list[int]:
        """The observation of ``view``, ``player``'s view of a state (what :meth:`encode`
        gives for that state and player; for a caller that holds the view already)."""
        out: list[int] = []
        for field in self.fields:
            field.encode(self._table, _lookup(view, field.key), player, out)
        return out


def _lookup(view: View, key: str) -> Any:
    """The entry ``a`` of ``view`` for the key ``"a"``, ``view.a["b"]`` for ``"a.b"``
    (``None`` where the entry holds no ``b``).  Every key names an entry of the game's
    views: :class:`~cardrules.engine.game.Game` refuses one that does not at load."""
    path = _PATHS.get(key)
    if path is None:
        head, _, rest = key.partition(".")
        path = _PATHS[key] = (head, tuple(rest.split(".")) if rest else ())
    value: Any = getattr(view, path[0])
    for part in path[1]:
        if not isinstance(value, dict):
            return None
        value = value.get(part)
    return value


_PATHS: dict[str, tuple[str, tuple[str, ...]]] = {}
""":func:`_lookup`'s keys parted into the entry and the path within it, once per key (an
observation looks up every key of every state it encodes)."""
