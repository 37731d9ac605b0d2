"""Events: what an action made happen, for logs, views and replays.

A state may keep its events compactly, as :data:`RawEvent` tuples made by
:func:`raw_event` (a compiled build makes one in a few tens of nanoseconds, where an
:class:`Event` costs half a microsecond), and make them :class:`Event` records only when
they are read (its ``events``): every action makes events, and most are never read.

>>> raw = raw_event(kind="draw", player=1, cards=(4,), private=True)
>>> raw
('draw', 1, (4,), 0, '', True)
>>> Event(*raw) == raw
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from cardrules.cards import Pack

__all__ = ["Event", "RawEvent", "raw_event", "records", "records_json"]


class Event(NamedTuple):
    """One thing that happened (an immutable record; a named tuple because every action
    makes one or more, and a tuple is the cheapest immutable record to build).

    >>> from cardrules.cards import Pack
    >>> pack = Pack(ranks=("9", "10"), suits=("S",))
    >>> Event(kind="draw", player=1, cards=(0,), private=True).to_json(pack, viewer=0)
    {'kind': 'draw', 'player': 1, 'cards': 1}
    """

    kind: str
    """``play``, ``draw``, ``pass``, ``take``, ``out``, ``bonus``, ``skip``, ``deal_end``..."""
    player: int = -1
    """The player it concerns (-1: nobody in particular)."""
    cards: tuple[int, ...] = ()
    """The cards involved."""
    amount: int = 0
    """Points or money involved."""
    note: str = ""
    """A short word on why (``six``, ``wild``, ``trump king``...)."""
    private: bool = False
    """Only ``player`` may see which cards (others see how many)."""

    def to_json(self, pack: Pack, *, viewer: int | None = None) -> dict[str, Any]:
        """JSON-ready form; private cards appear only to their player (or with no viewer)."""
        return _json(self, pack, viewer)

    def record(self, pack: Pack) -> dict[str, Any]:
        """Complete JSON form (nothing redacted), read back by :meth:`from_record`: each
        card by its own name (:meth:`~cardrules.cards.Pack.label`, which tells copies of
        a face apart)."""
        out = self.to_json(pack)
        if self.cards and pack.has_copies:
            out["cards"] = list(pack.labels(self.cards))
        if self.private:
            out["private"] = True
        return out

    @classmethod
    def from_record(cls, pack: Pack, data: dict[str, Any]) -> Event:
        """Read back :meth:`record`."""
        return cls(kind=str(data["kind"]), player=int(data.get("player", -1)),
                   cards=tuple(pack.parse(c) for c in data.get("cards", [])),
                   amount=int(data.get("amount", 0)), note=str(data.get("note", "")),
                   private=bool(data.get("private", False)))


RawEvent = tuple[str, int, tuple[int, ...], int, str, bool]
"""An event kept compactly: an :class:`Event`'s fields in order (kind, player, cards,
amount, note, private), as a plain tuple; ``Event(*raw)`` is the record."""


def raw_event(kind: str, player: int = -1, cards: tuple[int, ...] = (), amount: int = 0,
              note: str = "", private: bool = False) -> RawEvent:
    """The :data:`RawEvent` of ``Event(kind=kind, player=player, ...)``: for the hot paths
    of the states that keep their events compactly (see the module)."""
    return (kind, player, cards, amount, note, private)


def records(events: Iterable[RawEvent]) -> tuple[Event, ...]:
    """``events`` (compact or records) as :class:`Event` records: a state's ``events``."""
    return tuple([Event(*e) for e in events])


def records_json(events: Iterable[RawEvent], pack: Pack, viewer: int) -> list[dict[str, Any]]:
    """``events`` (compact or records) as :meth:`Event.to_json` shows them to ``viewer``:
    a view's ``events``."""
    return [_json(e, pack, viewer) for e in events]


def _json(event: RawEvent, pack: Pack, viewer: int | None) -> dict[str, Any]:
    kind, player, cards, amount, note, private = event
    out: dict[str, Any] = {"kind": kind}
    if player >= 0:
        out["player"] = player
    if cards:
        hidden = private and viewer is not None and viewer != player
        if hidden:
            out["cards"] = len(cards)
        else:
            names = pack.card_names
            out["cards"] = [names[c] for c in cards]
    if amount:
        out["amount"] = amount
    if note:
        out["note"] = note
    return out
