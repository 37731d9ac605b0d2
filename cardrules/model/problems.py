"""Small helpers the cross-field checks of every family share: a problem's shape and the
messages for names the pack does not have.

>>> unknown("rank", "X", ("7", "8"))
"unknown rank 'X'; the pack has 7, 8"
>>> is_card("qh", ("Q", "K"), ("H", "S"))
True
"""

from __future__ import annotations

from cardrules.model.variant import Variant

__all__ = ["Found", "is_card", "undealt", "unknown", "unknown_card"]

Found = tuple[tuple[str | int, ...], str]
"""A problem: JSON path and message."""


def unknown(kind: str, value: str, allowed: tuple[str, ...]) -> str:
    """The message for a ``kind`` (rank, suit) named ``value`` that the pack lacks."""
    return f"unknown {kind} {value!r}; the pack has {', '.join(allowed)}"


def is_card(name: str, ranks: tuple[str, ...], suits: tuple[str, ...]) -> bool:
    """Whether ``name`` is a card of the pack: a rank then a suit (any case)."""
    folded = name.upper()
    return any(folded == (r + s).upper() for r in ranks for s in suits)


def unknown_card(name: str, ranks: tuple[str, ...], suits: tuple[str, ...]) -> str:
    """The message for a card name that is no card of the pack."""
    return (f"unknown card {name!r}; a card is a rank ({', '.join(ranks)}) then a suit "
            f"({', '.join(suits)})")


def undealt(v: Variant) -> int:
    """The most cards a deal of variant ``v`` leaves in the stock, over the deals and
    player counts (a turned trump card lies in the stock, a starter does not)."""
    return max(v.pack.count(n) - min(v.deal.sizes(n)) * n - v.deal.starter
               for n in range(v.players.min, v.players.max + 1))
