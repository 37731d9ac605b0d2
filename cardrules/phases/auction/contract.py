"""How the auction scores its contract when the deal ends (the ``contract`` section): the
declarer scores plus the contract when their deal points reach it, else minus the
contract; each other player scores their own deal points (``defenders: points``)
rounded to the nearest multiple of ``round_to`` (halves round up), or nothing
(``defenders: nothing``).

>>> rule = ContractScoring(defenders=Defenders.POINTS, round_to=5)
>>> deal_scores(rule, declarer=0, contract=120, points=(135, 37, 38))
(120, 35, 40)
>>> deal_scores(rule, declarer=0, contract=120, points=(100, 0, 20))
(-120, 0, 20)
>>> nearest(37, 5), nearest(38, 5), nearest(5, 10), nearest(-7, 5)
(35, 40, 10, -5)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from cardrules.model.common import Spelling

__all__ = ["CONTRACT_SCHEMA", "ContractScoring", "Defenders", "deal_scores", "nearest"]


class Defenders(Spelling):
    """What the players other than the declarer score."""

    POINTS = "points"
    """Their own deal points, rounded to ``round_to``."""
    NOTHING = "nothing"
    """Nothing."""


@attrs.frozen(kw_only=True)
class ContractScoring:
    """How the contract is scored."""

    defenders: Defenders = Defenders.POINTS
    """What the other players score."""
    round_to: int = 1
    """The defenders' points are rounded to the nearest multiple of this (halves up)."""

    @classmethod
    def read(cls, section: Mapping[str, Any]) -> ContractScoring:
        """The (schema-valid) ``contract`` section as a record."""
        return cls(defenders=Defenders(section.get("defenders", Defenders.POINTS.value)),
                   round_to=int(section.get("round_to", 1)))

    def describe(self) -> str:
        """The scoring in words."""
        text = ("The declarer scores plus the contract when their deal points (card points "
                "taken, with the combinations they declared) are at least the contract, "
                "else minus the contract; extra points count for nothing.")
        if self.defenders is Defenders.NOTHING:
            return text + " The other players score nothing."
        rounded = (f", rounded to the nearest multiple of {self.round_to} (halves up)"
                   if self.round_to > 1 else "")
        return text + f" Each other player scores their own deal points{rounded}."


def nearest(points: int, step: int) -> int:
    """``points`` rounded to the nearest multiple of ``step`` (halves up)."""
    return (2 * points + step) // (2 * step) * step


def deal_scores(rule: ContractScoring, *, declarer: int, contract: int,
                points: tuple[int, ...]) -> tuple[int, ...]:
    """Each seat's score: the declarer's plus or minus ``contract``, the others' by
    ``rule``."""
    made = contract if points[declarer] >= contract else -contract
    shared = rule.defenders is Defenders.POINTS
    return tuple(made if seat == declarer else nearest(p, rule.round_to) if shared else 0
                 for seat, p in enumerate(points))


CONTRACT_SCHEMA: Mapping[str, Any] = {
    "type": "object", "additionalProperties": False,
    "properties": {
        "defenders": {"enum": [d.value for d in Defenders], "description":
                      "points: each other player scores their own deal points (rounded "
                      "to round_to); nothing: they score nothing (default points)."},
        "round_to": {"type": "integer", "minimum": 1, "maximum": 1000, "description":
                     "The defenders' points are rounded to the nearest multiple of this, "
                     "halves up (default 1: not rounded)."}},
    "description": "The auction scores the deal: the declarer plus the contract when "
                   "their deal points reach it, else minus it; the others by defenders. "
                   "It needs a play procedure that counts deal points."}
"""The JSON Schema of the auction's ``contract`` section."""
