"""Two additions to the ``order_up`` phase, for games whose makers play for points
(Belote): the rest of the deal dealt once trumps are made (``complete``), and a contract
of card points in place of Euchre's counted tricks (``by_points``).

``complete: {each: 3, maker: 2}``: once trumps are made (and the upcard taken), the
stock is dealt out, a packet to each player in turn from the dealer's left, the dealer
last: ``each`` cards, the maker ``maker`` (who took the upcard).

``by_points: {all_tricks: 250, round_to: 10}``: each side's deal points are the card
points it took (the last trick's bonus included) plus the points it keeps whatever the
contract (announced sets, which the procedure's ``kept_points`` names) and its
declarations compared between the sides (``declared_points``); a side that took every
trick counts ``all_tricks`` card points instead (the other side none), its declarations
besides.  When the makers' points exceed the defenders', each side scores its own; else
the makers have failed ("dedans"): they score only what they keep, and the defenders
every card point and every declaration of the deal with their own kept points.  Each
score is rounded to the nearest multiple of ``round_to`` (halves up).

>>> rule = ByPoints(all_tricks=250, round_to=1)
>>> side_scores(rule, cards=(100, 62), kept=(0, 20), tricks=(5, 3))
(100, 82)
>>> side_scores(rule, cards=(80, 82), kept=(20, 0), tricks=(4, 4))
(100, 82)
>>> side_scores(rule, cards=(70, 92), kept=(20, 0), tricks=(4, 4))
(20, 162)
>>> side_scores(rule, cards=(162, 0), kept=(0, 0), tricks=(8, 0))
(250, 0)
>>> side_scores(ByPoints(round_to=10), cards=(86, 76), kept=(0, 0), tricks=(5, 3))
(90, 80)
>>> side_scores(rule, cards=(70, 92), kept=(0, 0), tricks=(4, 4), declared=(50, 0))
(120, 92)
>>> side_scores(rule, cards=(60, 102), kept=(0, 0), tricks=(4, 4), declared=(20, 0))
(0, 182)
>>> side_scores(rule, cards=(162, 0), kept=(0, 0), tricks=(8, 0), declared=(100, 0))
(350, 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from cardrules.phases.auction.contract import nearest

__all__ = ["BY_POINTS_SCHEMA", "COMPLETE_SCHEMA", "ByPoints", "Complete", "describe_taking",
           "seat_scores", "side_scores"]


@attrs.frozen(kw_only=True)
class Complete:
    """The rest of the deal, dealt once trumps are made."""

    each: int
    """Cards to each player but the maker."""
    maker: int
    """Cards to the maker."""

    @classmethod
    def read(cls, section: Mapping[str, Any]) -> Complete:
        """The (schema-valid) ``complete`` section as a record."""
        return cls(each=int(section["each"]), maker=int(section["maker"]))


@attrs.frozen(kw_only=True)
class ByPoints:
    """A contract of card points: the makers must take more points than the defenders."""

    all_tricks: int | None = None
    """Card points a side that took every trick counts (null: as it took them)."""
    round_to: int = 1
    """Each side's score is rounded to the nearest multiple of this (halves up)."""

    @classmethod
    def read(cls, section: Mapping[str, Any]) -> ByPoints:
        """The (schema-valid) ``by_points`` section as a record."""
        every = section.get("all_tricks")
        return cls(all_tricks=None if every is None else int(every),
                   round_to=int(section.get("round_to", 1)))

    def describe(self) -> str:
        """The contract in words."""
        capot = (f" A side that took every trick counts {self.all_tricks} card points "
                 f"instead (its declarations besides)." if self.all_tricks is not None
                 else "")
        rounded = (f" Scores are rounded to the nearest multiple of {self.round_to} "
                   f"(halves up)." if self.round_to > 1 else "")
        return ("The makers must take more points (card points, the last trick's, the "
                "declarations' and the announced sets') than the defenders: then each side "
                "scores its points; else the defenders score every card point and every "
                "declaration of the deal and their announced sets, the makers only their "
                "announced sets." + capot + rounded)


def side_scores(rule: ByPoints, *, cards: tuple[int, int], kept: tuple[int, int],
                tricks: tuple[int, int], declared: tuple[int, int] = (0, 0),
                ) -> tuple[int, int]:
    """The makers' and the defenders' scores, from their card points, kept points,
    tricks and points of declarations (each a pair: makers, defenders)."""
    card_points = list(cards)
    if rule.all_tricks is not None:
        for side, other in ((0, 1), (1, 0)):
            if tricks[side] and not tricks[other]:
                card_points[side], card_points[other] = rule.all_tricks, 0
    makers = card_points[0] + declared[0] + kept[0]
    defenders = card_points[1] + declared[1] + kept[1]
    if makers <= defenders:  # dedans: every card point and declaration to the defenders
        makers = kept[0]
        defenders = card_points[0] + card_points[1] + declared[0] + declared[1] + kept[1]
    return nearest(makers, rule.round_to), nearest(defenders, rule.round_to)


def seat_scores(rule: ByPoints, *, maker: int, tricks: tuple[int, ...],
                points: tuple[int, ...], kept: tuple[int, ...],
                declared: tuple[int, ...] | None = None) -> tuple[int, ...]:
    """Each seat's score (partners, sitting opposite, alike), from the deal's ``tricks``,
    ``points``, ``kept`` points and ``declared`` points (of :meth:`declared_points`;
    None: none) per seat, ``maker`` having made trumps.

    >>> seat_scores(ByPoints(all_tricks=250), maker=1, tricks=(2, 3, 1, 2),
    ...             points=(40, 70, 12, 60), kept=(0, 20, 0, 0))
    (52, 130, 52, 130)
    """
    n = len(tricks)
    makers = {maker, (maker + n // 2) % n}

    def sides(values: tuple[int, ...]) -> tuple[int, int]:
        mine = sum(values[p] for p in makers)
        return mine, sum(values) - mine

    total, keeps = sides(points), sides(kept)
    melds = sides(declared) if declared is not None else (0, 0)
    cards = (total[0] - keeps[0] - melds[0], total[1] - keeps[1] - melds[1])
    made, defended = side_scores(rule, cards=cards, kept=keeps, tricks=sides(tricks),
                                 declared=melds)
    return tuple(made if p in makers else defended for p in range(n))


def describe_taking(*, stick_the_dealer: bool, upcard_to_maker: bool,
                    complete: Complete | None, alone: bool, by_points: ByPoints | None,
                    ) -> str:
    """The ``order_up`` phase in words, for games whose maker takes the upcard, whose
    deal is completed after the making or whose contract is of points."""
    stick = ("; the dealer may not pass then (stick the dealer)" if stick_the_dealer else
             "; if all pass again, the deal is thrown in and nobody scores")
    taker = ("the maker takes the upcard" if upcard_to_maker else
             "the dealer takes the upcard and discards a card face down")
    text = ("After the deal the top card of the stock is turned up. In turn from the "
            "dealer's left each player passes or takes it: its suit becomes trumps. If all "
            "pass, each player in turn passes or names another suit as trumps"
            f"{stick}. Then {taker}.")
    if complete is not None:
        text += (f" The rest of the stock is dealt, in turn from the dealer's left: "
                 f"{complete.each} cards each, {complete.maker} to the maker.")
    if alone:
        text += " The maker then goes alone (the partner sits the deal out) or not."
    if by_points is not None:
        text += " " + by_points.describe()
    return text


COMPLETE_SCHEMA: Mapping[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["each", "maker"],
    "properties": {
        "each": {"type": "integer", "minimum": 0, "maximum": 52, "description":
                 "Cards dealt to each player but the maker."},
        "maker": {"type": "integer", "minimum": 0, "maximum": 52, "description":
                  "Cards dealt to the maker (who took the upcard)."}},
    "description": "Once trumps are made, the stock is dealt out, a packet to each player "
                   "in turn from the dealer's left: each cards, the maker maker (they "
                   "must add up to the cards left in the stock)."}
"""The JSON Schema of ``order_up.complete``."""

BY_POINTS_SCHEMA: Mapping[str, Any] = {
    "type": "object", "additionalProperties": False,
    "properties": {
        "all_tricks": {"type": "integer", "minimum": 0, "maximum": 10000, "description":
                       "Card points a side that took every trick counts (the other side "
                       "none); absent: as taken."},
        "round_to": {"type": "integer", "minimum": 1, "maximum": 1000, "description":
                     "Each side's score is rounded to the nearest multiple of this, halves "
                     "up (default 1: not rounded)."}},
    "description": "The makers must take more deal points than the defenders (card points "
                   "and announced sets): then each side scores its own; else the defenders "
                   "score every card point and their announced sets, the makers only "
                   "their announced sets. Replaces scores; needs a play procedure that "
                   "counts deal points."}
"""The JSON Schema of ``order_up.by_points``."""
