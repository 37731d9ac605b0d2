"""Events: what an action made happen, for logs, views and replays."""

from __future__ import annotations

from typing import Any, NamedTuple

from cardrules.cards import Pack

__all__ = ["Event"]


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
        out: dict[str, Any] = {"kind": self.kind}
        if self.player >= 0:
            out["player"] = self.player
        if self.cards:
            hidden = self.private and viewer is not None and viewer != self.player
            out["cards"] = len(self.cards) if hidden else list(pack.names(self.cards))
        if self.amount:
            out["amount"] = self.amount
        if self.note:
            out["note"] = self.note
        return out

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
