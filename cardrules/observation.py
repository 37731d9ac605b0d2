"""Fixed-size numeric observations for learning agents, encoded from a player's view.

An observation is a list of small ints of the same length for every state of a game. It
is encoded from :meth:`State.view`, so it holds exactly what the player may know and
nothing more.  Seats are rotated: the observing player is always seat 0, the next player
clockwise seat 1, and so on.  Each procedure declares the fields of its views to encode
(:data:`Field` records, in order); :attr:`Observation.labels` names every position.

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

if TYPE_CHECKING:
    from cardrules.state import State

__all__ = ["Card", "Cards", "CardsBySeat", "Field", "Number", "NumbersBySeat", "Observation",
           "OneOf", "Seat", "SeatsIn", "SuitClassesBySeat", "Trick"]


@attrs.frozen(kw_only=True)
class Cards:
    """A list of card names (or, when hidden, their number): one flag per card of the pack,
    then the number of cards."""

    key: str


@attrs.frozen(kw_only=True)
class CardsBySeat:
    """One :class:`Cards` per seat (a list indexed by player)."""

    key: str


@attrs.frozen(kw_only=True)
class Card:
    """One card name or ``None``: one flag per card of the pack."""

    key: str


@attrs.frozen(kw_only=True)
class Number:
    """An int (``None``: 0)."""

    key: str


@attrs.frozen(kw_only=True)
class NumbersBySeat:
    """An int per seat (``None``: 0)."""

    key: str


@attrs.frozen(kw_only=True)
class Seat:
    """A player (``-1`` or ``None``: nobody): one flag per seat."""

    key: str


@attrs.frozen(kw_only=True)
class SeatsIn:
    """A list of players: one flag per seat, set for those in the list."""

    key: str


@attrs.frozen(kw_only=True)
class OneOf:
    """A value among ``values`` (anything else: no flag): one flag per value."""

    key: str
    values: tuple[str, ...]


@attrs.frozen(kw_only=True)
class SuitClassesBySeat:
    """Per seat, a mapping suit letter -> class number: one int per suit."""

    key: str


@attrs.frozen(kw_only=True)
class Trick:
    """The cards of a trick, one entry per player who played (``player``, ``face_down``,
    ``cards``): per seat, a flag per card seen, the number of face-down cards not seen,
    and whether the seat has played."""

    key: str


Field = Cards | CardsBySeat | Card | Number | NumbersBySeat | Seat | SeatsIn | OneOf | \
    SuitClassesBySeat | Trick
"""One field of a view and how to encode it."""


class Observation:
    """The observation encoding of one game (get it from ``game.observation``)."""

    __slots__ = ("_index", "_pack", "_players", "fields", "labels", "size")

    def __init__(self, pack: Pack, players: int, fields: Sequence[Field]) -> None:
        self._pack, self._players = pack, players
        self._index = {name: c for c, name in enumerate(pack.names(range(pack.size)))}
        self.fields: tuple[Field, ...] = tuple(fields)
        """What is encoded, in order."""
        self.labels: tuple[str, ...] = tuple(
            label for field in self.fields for label in self._labels(field))
        """A name for every position, such as ``hands[0]:9H`` (seat 0 is the observer)."""
        self.size: int = len(self.labels)
        """Length of every observation."""

    def __repr__(self) -> str:
        return f"<Observation size={self.size}>"

    def _labels(self, field: Field) -> list[str]:
        cards = list(self._pack.names(range(self._pack.size)))
        seats = range(self._players)
        key = field.key
        if isinstance(field, Cards):
            return [f"{key}:{c}" for c in cards] + [f"{key}:count"]
        if isinstance(field, CardsBySeat):
            return [f"{key}[{s}]:{c}" for s in seats for c in [*cards, "count"]]
        if isinstance(field, Card):
            return [f"{key}:{c}" for c in cards]
        if isinstance(field, Number):
            return [key]
        if isinstance(field, (NumbersBySeat, Seat, SeatsIn)):
            return [f"{key}[{s}]" for s in seats]
        if isinstance(field, OneOf):
            return [f"{key}:{v}" for v in field.values]
        if isinstance(field, SuitClassesBySeat):
            return [f"{key}[{s}]:{suit}" for s in seats for suit in self._pack.suits]
        return [f"{key}[{s}]:{c}" for s in seats
                for c in [*cards, "hidden", "played"]]

    def parts(self) -> list[tuple[int, int, str]]:
        """The layout: ``(first position, count, field)`` for each encoded field."""
        out, start = [], 0
        for field in self.fields:
            count = len(self._labels(field))
            out.append((start, count, f"{type(field).__name__} {field.key}"))
            start += count
        return out

    def encode(self, state: State, player: int) -> list[int]:
        """The observation of ``state`` for ``player``."""
        view = state.view(player)
        out: list[int] = []
        for field in self.fields:
            self._encode(field, _lookup(view, field.key), player, out)
        return out

    def _encode(self, field: Field, value: Any, player: int, out: list[int]) -> None:
        n = self._players
        if isinstance(field, Cards):
            self._cards(value, out)
        elif isinstance(field, CardsBySeat):
            for seat in self._rotated(value, player):
                self._cards(seat, out)
        elif isinstance(field, Card):
            flags = [0] * self._pack.size
            if value is not None:
                flags[self._index[value]] = 1
            out.extend(flags)
        elif isinstance(field, Number):
            out.append(int(value or 0))
        elif isinstance(field, NumbersBySeat):
            out.extend(int(v or 0) for v in self._rotated(value, player))
        elif isinstance(field, Seat):
            flags = [0] * n
            if value is not None and value >= 0:
                flags[(value - player) % n] = 1
            out.extend(flags)
        elif isinstance(field, SeatsIn):
            flags = [0] * n
            for seat in value or ():
                flags[(seat - player) % n] = 1
            out.extend(flags)
        elif isinstance(field, OneOf):
            out.extend(int(value == v) for v in field.values)
        elif isinstance(field, SuitClassesBySeat):
            for classes in self._rotated(value, player):
                out.extend(int((classes or {}).get(s, 0)) for s in self._pack.suits)
        else:
            self._trick(value or [], player, out)

    def _rotated(self, value: Any, player: int) -> list[Any]:
        values = list(value) if value is not None else [None] * self._players
        return values[player:] + values[:player]

    def _cards(self, value: Any, out: list[int]) -> None:
        flags = [0] * self._pack.size
        if isinstance(value, list):
            for name in value:
                flags[self._index[name]] = 1
            count = len(value)
        else:
            count = int(value or 0)
        out.extend(flags)
        out.append(count)

    def _trick(self, plays: list[dict[str, Any]], player: int, out: list[int]) -> None:
        n, size = self._players, self._pack.size
        seats = [[0] * (size + 2) for _ in range(n)]
        for play in plays:
            seat = seats[(play["player"] - player) % n]
            cards = play["cards"]
            if isinstance(cards, list):
                for name in cards:
                    seat[self._index[name]] = 1
            else:
                seat[size] += int(cards)
            seat[size + 1] = 1
        for seat in seats:
            out.extend(seat)


def _lookup(view: dict[str, Any], key: str) -> Any:
    """``view[a][b]`` for the key ``"a.b"`` (``None`` where a part is missing)."""
    value: Any = view
    for part in key.split("."):
        if not isinstance(value, dict):
            return None
        value = value.get(part)
    return value
