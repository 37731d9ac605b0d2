"""The rummy family's own kind of state field: each seat's melds laid, in order.

>>> from cardrules.cards import Pack
>>> from cardrules.engine.fields import Context
>>> pack = Pack(ranks=("A", "2", "3"), suits=("S",))
>>> kind = MeldLists()
>>> kind.write(((0b111,), ()), pack)
[[['AS', '2S', '3S']], []]
>>> kind.read([[["AS", "2S", "3S"]], []], Context(pack=pack, players=2))
((7,), ())
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from cardrules.cards import Pack, bits
from cardrules.engine.fields import Context, Kind
from cardrules.errors import NotationError

__all__ = ["MeldLists"]


@attrs.frozen(kw_only=True)
class MeldLists(Kind):
    """Per seat, the melds it laid, each a bit set, in the order laid.  The cards are
    held by the seat's ``melds`` zone: this field records how they were grouped."""

    def initial(self, players: int) -> tuple[tuple[int, ...], ...]:
        return ((),) * players

    def write(self, value: tuple[tuple[int, ...], ...], pack: Pack) -> list[list[list[str]]]:
        return [[list(pack.names(bits(m))) for m in melds] for melds in value]

    def read(self, raw: Any, context: Context) -> tuple[tuple[int, ...], ...]:
        if not isinstance(raw, list) or len(raw) != context.players:
            raise ValueError(f"expected a list of {context.players} lists of melds")
        out: list[tuple[int, ...]] = []
        for melds in raw:
            if not isinstance(melds, list):
                raise ValueError("expected a list of melds per seat")
            seat: list[int] = []
            for meld in melds:
                if not isinstance(meld, list) or not all(isinstance(c, str) for c in meld):
                    raise ValueError("a meld is a list of card names")
                try:
                    seat.append(sum(1 << context.pack.parse(c) for c in meld))
                except NotationError as error:
                    raise ValueError(str(error)) from None
            out.append(tuple(seat))
        return tuple(out)

    def remap(self, value: tuple[tuple[int, ...], ...],
              move: Callable[[int], int]) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(sum(1 << move(c) for c in bits(m)) for m in melds)
                     for melds in value)
