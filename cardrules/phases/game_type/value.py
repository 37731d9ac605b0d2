"""Scoring a game type by its game value (the ``game_type`` phase's ``game_value``), as
Skat scores it: a base value times a multiplier counted from the declarer's cards and
the result, set against the contract bid.

The multiplier is ``game`` (1), plus the *tops* (the run of the highest trumps the
declarer held when naming the game, with the widow's cards counted for them, or lacked,
counted from the highest: Skat's matadors "with" or "without"), plus ``hand`` when the
widow was left untaken (it still lies in the stock), plus 1 for *schneider* when either
side takes at least ``schneider`` card points, plus 1 for *schwarz* when either side
takes every trick.  A game type of no tricks (``no_trick``) has a set ``value``
(``hand_value`` when played from the hand) instead.

The declarer wins with more than ``over`` card points (a no-trick game: taking no
trick) and a game value at least the contract; an *overbid* game (its value below the
contract) is lost, valued at the lowest multiple of its base value (a no-trick game:
of its value) not below the contract.  The declarer scores the value when won, minus
``lost`` times it when lost; the other players score nothing.

>>> rule = Valuation(schneider=90, schwarz=True)
>>> rule.value(base=12, tops=2, hand=False, points=(75, 45), tricks=(True, True))
36
>>> rule.result(value=36, base=12, contract=40, made=True)
(False, 48)
>>> rule.result(value=36, base=12, contract=36, made=True)
(True, 36)
>>> tops((3, 2, 1, 0), held=0b1101)
2
>>> tops((3, 2, 1, 0), held=0b0010)
2
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

__all__ = ["GAME_VALUE_SCHEMA", "Valuation", "tops"]


@attrs.frozen(kw_only=True)
class Valuation:
    """How a game's value is counted and scored."""

    over: int = 60
    """The declarer wins with more card points than this."""
    lost: int = 2
    """A lost game scores minus this many times its value."""
    game: int = 1
    """Counted in every multiplier ("for game")."""
    count_tops: bool = True
    """The run of top trumps held or lacked is counted."""
    hand: int = 1
    """Counted when the widow was left untaken."""
    schneider: int = 0
    """Card points either side must take for one more (0: not counted)."""
    schwarz: bool = False
    """One more when either side takes every trick."""
    announce: tuple[str, ...] = ()
    """What the declarer of a game from the hand may announce (``schneider``,
    ``schwarz``), each one more, and to be made."""

    @classmethod
    def read(cls, section: Mapping[str, Any]) -> Valuation:
        """The (schema-valid) ``game_value`` section as a record."""
        return cls(over=int(section.get("over", 60)), lost=int(section.get("lost", 2)),
                   game=int(section.get("game", 1)),
                   count_tops=bool(section.get("tops", True)),
                   hand=int(section.get("hand", 1)),
                   schneider=int(section.get("schneider", 0)),
                   schwarz=bool(section.get("schwarz", False)),
                   announce=tuple(str(a) for a in section.get("announce", ())))

    def multiplier(self, *, tops: int, hand: bool, points: tuple[int, int],
                   tricks: tuple[bool, bool], announced: int = 0) -> int:
        """The multiplier of a game: ``points`` and ``tricks`` (whether any was taken)
        are the declarer's and the defenders'; ``announced`` counts the announcements
        made (1: schneider, 2: schwarz, which announces schneider too), each counted
        with what it announces, made or not."""
        m = self.game + (tops if self.count_tops else 0) + (self.hand if hand else 0)
        if (self.schneider and max(points) >= self.schneider) or announced >= 1:
            m += 1
        if (self.schwarz and not all(tricks)) or announced >= 2:
            m += 1
        return m + announced

    def value(self, *, base: int, tops: int, hand: bool, points: tuple[int, int],
              tricks: tuple[bool, bool], announced: int = 0) -> int:
        """The value of a game of ``base`` value."""
        return base * self.multiplier(tops=tops, hand=hand, points=points, tricks=tricks,
                                      announced=announced)

    def announcement_made(self, announced: int, *, points: int, defenders_trick: bool,
                          ) -> bool:
        """Whether the declarer, with ``points`` card points, made what they announced
        (1: schneider, reaching the schneider mark; 2: schwarz, every trick)."""
        if announced >= 2 and defenders_trick:
            return False
        return not (announced >= 1 and points < self.schneider)

    def result(self, *, value: int, base: int, contract: int, made: bool,
               ) -> tuple[bool, int]:
        """Whether the game is won, and its value: an overbid game (below the
        ``contract``) is lost at the lowest multiple of ``base`` not below it."""
        if value < contract:
            return False, -(-contract // base) * base
        return made, value

    def describe(self) -> str:
        """The rule in words."""
        parts = [f"{self.game} game"]
        if self.count_tops:
            parts.insert(0, "tops (the top trumps held, with the widow, or lacked, in a run)")
        if self.hand:
            parts.append(f"{self.hand} hand (widow untaken)")
        if self.schneider:
            parts.append(f"1 schneider (a side takes {self.schneider} card points)")
        if self.schwarz:
            parts.append("1 schwarz (a side takes every trick)")
        if self.announce:
            parts.append(f"1 for each of {' and '.join(self.announce)} announced "
                         "(from the hand; to be made)")
        return (f"Value: base × ({' + '.join(parts)}). Won with over {self.over} card "
                f"points (no tricks: none) and a value not below the contract, else lost "
                f"(overbid: at the lowest multiple of the base not below the contract). "
                f"The declarer scores the value, or -{self.lost} × it; the others 0.")


def tops(order: Sequence[int], held: int) -> int:
    """The run of cards of ``order`` (highest first) that bit set ``held`` holds, or
    lacks, counted from the first."""
    if not order:
        return 0
    first = held >> order[0] & 1
    run = 0
    for card in order:
        if (held >> card & 1) != first:
            break
        run += 1
    return run


_MULT = {"type": "integer", "minimum": 0, "maximum": 100}
GAME_VALUE_SCHEMA: Mapping[str, Any] = {
    "type": "object", "additionalProperties": False,
    "properties": {
        "over": {"type": "integer", "minimum": 0, "maximum": 1000, "description":
                 "The declarer wins with more card points than this (default 60)."},
        "lost": {"type": "integer", "minimum": 1, "maximum": 100, "description":
                 "A lost game scores minus this many times its value (default 2)."},
        "game": {**_MULT, "description": "Counted in every multiplier (default 1)."},
        "tops": {"type": "boolean", "description": "Count the run of the highest trumps "
                 "the declarer holds or lacks (default true)."},
        "hand": {**_MULT, "description": "Counted for a game from the hand (default 1)."},
        "schneider": {"type": "integer", "minimum": 0, "maximum": 1000, "description":
                      "One more when either side takes this many card points (default 0: "
                      "not counted)."},
        "schwarz": {"type": "boolean", "description": "One more when either side takes "
                    "every trick (default false)."},
        "announce": {"type": "array", "uniqueItems": True, "maxItems": 2,
                     "items": {"enum": ["schneider", "schwarz"]}, "description":
                     "What the declarer of a game from the hand may announce after naming "
                     "it (schwarz announces schneider too): each counts one more, with what "
                     "it announces, and a game whose announcement fails is lost."}},
    "description": "Score each game by its game value (base value times a multiplier) "
                   "against the contract bid; the types then give base (or, of no "
                   "tricks, value and hand_value) in place of points, made and lost."}
"""The JSON Schema of the game type phase's ``game_value``."""
