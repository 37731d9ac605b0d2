"""What a bid above a threshold needs in hand: a combination of cards (a marriage, the
king and queen of one suit, say), read from the auction's ``needs`` section.

A bid higher than ``above`` is legal only while the bidder holds ``holding``: ``size``
cards of the given ``ranks`` (any rank when none are given), of one suit when
``same_suit``.  The combination is matched with :mod:`cardrules.primitives.combos`, as
the combinations declared in play are.

>>> from cardrules.cards import Pack, mask_of
>>> pack = Pack(ranks=("9", "J", "Q", "K", "10", "A"), suits=("S", "C", "D", "H"))
>>> needs = Needs.read({"above": 120, "holding": {"name": "marriage", "size": 2,
...                                                "ranks": ["K", "Q"], "same_suit": True}})
>>> needs.allows(125, pack, mask_of(pack.parse_many("KH QH 9S")))
True
>>> needs.allows(125, pack, mask_of(pack.parse_many("KH QS 9S")))
False
>>> needs.allows(120, pack, 0)
True
>>> needs.describe()
'a bid above 120 needs a marriage in hand (2 cards of one suit, of ranks K, Q)'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import attrs

from cardrules.cards import Pack
from cardrules.phases.memo import by_identity
from cardrules.primitives.combos import Pattern, compile_pattern, matches

__all__ = ["HOLDING_SCHEMA", "NEEDS_SCHEMA", "Holding", "Needs"]


@attrs.frozen(kw_only=True)
class Holding:
    """A combination of cards a player must hold."""

    name: str
    """What the rules call it (``marriage``), in messages and descriptions."""
    size: int
    """Number of cards."""
    ranks: tuple[str, ...] = ()
    """Every card is of one of these ranks (empty: any rank)."""
    same_suit: bool = False
    """All the cards are of one suit."""

    def held(self, pack: Pack, hand: int) -> bool:
        """Whether the bit set ``hand`` holds the combination."""
        return next(matches(hand, _pattern(self, pack)), None) is not None

    def describe(self) -> str:
        """The cards in words (``2 cards of one suit, of ranks K, Q``)."""
        suit = " of one suit" if self.same_suit else ""
        ranks = f", of ranks {', '.join(self.ranks)}" if self.ranks else ""
        return f"{self.size} card{'s' * (self.size != 1)}{suit}{ranks}"

    def problems(self, pack_ranks: tuple[str, ...], hand: int) -> Iterator[str]:
        """What is wrong with it for a pack of these ranks and hands of ``hand`` cards."""
        for rank in self.ranks:
            if rank not in pack_ranks:
                yield (f"needs.holding: unknown rank {rank!r}; the pack's ranks are "
                       f"{', '.join(pack_ranks)}")
        if self.size > hand:
            yield (f"needs.holding: {self.name} has {self.size} cards but a hand holds "
                   f"{hand}")


@by_identity
def _pattern(holding: Holding, pack: Pack) -> Pattern:
    """``holding`` compiled for ``pack``, once per game (a bid is checked at every step
    of the auction)."""
    return compile_pattern(pack, name=holding.name, size=holding.size,
                           ranks=holding.ranks, same_suit=holding.same_suit)


@attrs.frozen(kw_only=True)
class Needs:
    """A bid higher than ``above`` needs ``holding`` in the bidder's hand."""

    above: int
    """The highest bid made without it."""
    holding: Holding
    """The combination needed."""

    @classmethod
    def read(cls, section: Mapping[str, Any]) -> Needs:
        """The (schema-valid) ``needs`` section as a record."""
        held = section["holding"]
        return cls(above=int(section["above"]), holding=Holding(
            name=str(held["name"]), size=int(held["size"]),
            ranks=tuple(str(r) for r in held.get("ranks", ())),
            same_suit=bool(held.get("same_suit", False))))

    def allows(self, bid: int, pack: Pack, hand: int) -> bool:
        """Whether a player holding ``hand`` may bid ``bid``."""
        return bid <= self.above or self.holding.held(pack, hand)

    def describe(self) -> str:
        """The rule in words."""
        return (f"a bid above {self.above} needs a {self.holding.name} in hand "
                f"({self.holding.describe()})")


HOLDING_SCHEMA: Mapping[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["name", "size"],
    "properties": {
        "name": {"type": "string", "pattern": "^[a-z][a-z0-9_]{0,39}$",
                 "description": "What the rules call the combination (marriage)."},
        "size": {"type": "integer", "minimum": 1, "maximum": 8,
                 "description": "Number of cards."},
        "ranks": {"type": "array", "maxItems": 16, "uniqueItems": True,
                  "items": {"type": ["string", "integer"]},
                  "description": "Every card is of one of these ranks (default: any)."},
        "same_suit": {"type": "boolean",
                      "description": "All the cards are of one suit (default false)."}}}
"""The JSON Schema of a combination a bidder must hold."""

NEEDS_SCHEMA: Mapping[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["above", "holding"],
    "properties": {
        "above": {"type": "integer", "minimum": 0, "maximum": 1000,
                  "description": "A bid higher than this needs the holding in hand."},
        "holding": {**HOLDING_SCHEMA, "description": "The combination of cards needed."}},
    "description": "A bid above a threshold is legal only while the bidder holds a "
                   "combination (a marriage above 120, say)."}
"""The JSON Schema of the auction's ``needs`` section."""
