"""How the ``calls`` phase scores a contract once its tricks are played (pure records and
one function), in the manner of duplicate bridge, every figure read from the rule file.

A contract of ``level`` in a strain needs ``book + level`` tricks.  Made, it scores its
*trick score* (each trick bid over the book worth the strain's ``trick`` points, the
first ``first_trick`` where the strain says so), multiplied by 2 doubled or 4
redoubled (``multiplier``); a trick score of ``game.at`` or more earns the game bonus,
less the part-score bonus; a contract of a slam level adds that slam's bonus; a doubled
or redoubled contract made adds ``made_doubled``; each overtrick scores the strain's
trick points undoubled, ``overtrick`` doubled or redoubled.  Missed, each undertrick
costs by its schedule (``undertricks``: the first, second... undertrick's cost, the last
entry for every one after).  Each figure that vulnerability changes is a pair: [not
vulnerable, vulnerable].

>>> table = ScoreTable()
>>> table.score(level=4, trick=30, first_trick=30, doubled=0, tricks=11, vulnerable=False)
450
>>> table.score(level=3, trick=30, first_trick=40, doubled=1, tricks=7, vulnerable=True)
-500
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

__all__ = ["DOUBLINGS", "SCORE_SCHEMA", "Pair", "ScoreTable", "read_score_table"]

Pair = tuple[int, int]
"""A figure [not vulnerable, vulnerable]."""

DOUBLINGS = ("undoubled", "doubled", "redoubled")
"""A contract's doubling, by its number (0, 1, 2)."""


@attrs.frozen(kw_only=True)
class ScoreTable:
    """Duplicate bridge's scores, as figures (the defaults are the laws')."""

    book: int = 6
    """Tricks a contract needs before its level counts (a level-1 contract needs 7)."""
    multiplier: tuple[int, int, int] = (1, 2, 4)
    """The trick score's factor undoubled, doubled, redoubled."""
    part_score: int = 50
    """Bonus for a contract made whose trick score is below :attr:`game_at`."""
    game_at: int = 100
    """The trick score that makes a contract a game."""
    game: Pair = (300, 500)
    """Bonus for a game made."""
    slams: tuple[tuple[int, Pair], ...] = ((6, (500, 750)), (7, (1000, 1500)))
    """Per slam level, the bonus for making it (beside the game bonus)."""
    made_doubled: tuple[int, int] = (50, 100)
    """Bonus for making a contract doubled, redoubled."""
    overtrick: tuple[Pair, Pair] = ((100, 200), (200, 400))
    """Each overtrick doubled, redoubled (undoubled: the strain's trick points)."""
    undertricks: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = (
        ((50,), (100,)), ((100, 200, 200, 300), (200, 300)),
        ((200, 400, 400, 600), (400, 600)))
    """Per doubling (undoubled, doubled, redoubled) and vulnerability (not, vulnerable),
    the cost of the first, second... undertrick, the last for each one after."""

    def describe(self, tricks: Sequence[tuple[str, int, int]]) -> str:
        """The table in English, given each strain's name, trick and first-trick points
        (figures a/b: not vulnerable/vulnerable).

        >>> print(ScoreTable().describe([("C", 20, 20), ("NT", 30, 40)])[:84])
        A contract of level L needs 6 + L tricks. Made, it scores per level C 20, NT 40 then
        """
        def pair(figures: Sequence[int]) -> str:
            return f"{figures[0]}/{figures[1]}"

        def costs(d: int) -> str:
            plain, vul = self.undertricks[d]
            return f"{DOUBLINGS[d]} {' '.join(map(str, plain))}/{' '.join(map(str, vul))}"

        per = ", ".join(f"{name} {trick}" if trick == first else
                        f"{name} {first} then {trick}" for name, trick, first in tricks)
        slams = ", ".join(f"level {at} {pair(p)}" for at, p in self.slams)
        return (f"A contract of level L needs {self.book} + L tricks. Made, it scores per "
                f"level {per} (x{self.multiplier[1]} doubled, x{self.multiplier[2]} "
                f"redoubled), then game {pair(self.game)} (from {self.game_at}) or part "
                f"score {self.part_score}, slam {slams}, made doubled/redoubled "
                f"{pair(self.made_doubled)}, per overtrick its trick points, doubled "
                f"{pair(self.overtrick[0])}, redoubled {pair(self.overtrick[1])}. Missed, "
                f"the undertricks cost {'; '.join(costs(d) for d in range(3))} (the last "
                f"for each after). Figures a/b: not vulnerable/vulnerable. The declaring "
                f"side scores the contract, the other side the negative.")

    def trick_score(self, *, level: int, trick: int, first_trick: int, doubled: int) -> int:
        """The trick score of a contract made.

        >>> ScoreTable().trick_score(level=3, trick=30, first_trick=40, doubled=0)
        100
        """
        return (first_trick + trick * (level - 1)) * self.multiplier[doubled]

    def score(self, *, level: int, trick: int, first_trick: int, doubled: int, tricks: int,
              vulnerable: bool) -> int:
        """The declaring side's score for a contract of ``level`` (its strain's ``trick``
        and ``first_trick`` points, doubled 0, 1 or 2 times) that took ``tricks``;
        the defenders score its negative.

        >>> table = ScoreTable()
        >>> table.score(level=6, trick=20, first_trick=20, doubled=2, tricks=13,
        ...             vulnerable=True)
        2230
        >>> table.score(level=1, trick=20, first_trick=20, doubled=1, tricks=2,
        ...             vulnerable=False)
        -1100
        """
        v = int(vulnerable)
        over = tricks - self.book - level
        if over < 0:
            schedule = self.undertricks[doubled][v]
            return -sum(schedule[min(k, len(schedule) - 1)] for k in range(-over))
        base = self.trick_score(level=level, trick=trick, first_trick=first_trick,
                                doubled=doubled)
        bonus = self.game[v] if base >= self.game_at else self.part_score
        bonus += sum(pair[v] for at, pair in self.slams if at == level)
        if doubled:
            bonus += self.made_doubled[doubled - 1] + over * self.overtrick[doubled - 1][v]
        else:
            bonus += over * trick
        return base + bonus


_FIGURE = {"type": "integer", "minimum": 0, "maximum": 10000}
_PAIR = {"type": "array", "items": _FIGURE, "minItems": 2, "maxItems": 2,
         "description": "[not vulnerable, vulnerable]"}
_SCHEDULE = {"type": "array", "items": _FIGURE, "minItems": 1, "maxItems": 13,
             "description": "The cost of the first, second... undertrick; the last for "
                            "each one after."}
_SCHEDULES = {"type": "object", "additionalProperties": False,
              "required": ["not_vulnerable", "vulnerable"],
              "properties": {"not_vulnerable": _SCHEDULE, "vulnerable": _SCHEDULE}}

SCORE_SCHEMA: Mapping[str, Any] = {
    "type": "object", "additionalProperties": False,
    "description": "How a contract scores (duplicate bridge's figures by default).",
    "properties": {
        "book": {"type": "integer", "minimum": 0, "maximum": 50,
                 "description": "Tricks a contract needs before its level counts (6)."},
        "multiplier": {"type": "array", "items": _FIGURE, "minItems": 3, "maxItems": 3,
                       "description": "The trick score's factor undoubled, doubled, "
                                      "redoubled ([1, 2, 4])."},
        "part_score": {**_FIGURE, "description": "Bonus for a contract made below game "
                                                 "(50)."},
        "game_at": {**_FIGURE, "description": "The trick score that makes a game (100)."},
        "game": {**_PAIR, "description": "Bonus for a game made, [not vulnerable, "
                                         "vulnerable] ([300, 500])."},
        "slams": {"type": "object", "description": "Per slam level, the bonus for making "
                  "it beside the game bonus, [not vulnerable, vulnerable].",
                  "additionalProperties": False, "patternProperties": {"^[1-9]$": _PAIR}},
        "made_doubled": {"type": "array", "items": _FIGURE, "minItems": 2, "maxItems": 2,
                         "description": "Bonus for making a contract doubled, redoubled "
                                        "([50, 100])."},
        "overtrick": {"type": "object", "additionalProperties": False,
                      "required": ["doubled", "redoubled"],
                      "description": "Each overtrick doubled and redoubled (undoubled: the "
                                     "strain's trick points).",
                      "properties": {"doubled": _PAIR, "redoubled": _PAIR}},
        "undertricks": {"type": "object", "additionalProperties": False,
                        "required": list(DOUBLINGS),
                        "description": "The cost of undertricks by doubling and "
                                       "vulnerability.",
                        "properties": dict.fromkeys(DOUBLINGS, _SCHEDULES)}}}
"""The JSON Schema of the ``score`` section."""


def _pair(raw: Sequence[int]) -> Pair:
    return int(raw[0]), int(raw[1])


def read_score_table(section: Mapping[str, Any]) -> ScoreTable:
    """The score table a (schema-valid) ``score`` section describes (defaults for what it
    leaves out).

    >>> read_score_table({"game": [250, 450]}).game
    (250, 450)
    """
    table = ScoreTable()
    multiplier = section.get("multiplier", table.multiplier)
    overtrick = section.get("overtrick")
    undertricks = section.get("undertricks")
    slams = section.get("slams")
    made = section.get("made_doubled", table.made_doubled)
    return ScoreTable(
        book=int(section.get("book", table.book)),
        multiplier=(int(multiplier[0]), int(multiplier[1]), int(multiplier[2])),
        part_score=int(section.get("part_score", table.part_score)),
        game_at=int(section.get("game_at", table.game_at)),
        game=_pair(section.get("game", table.game)),
        slams=table.slams if slams is None else
        tuple(sorted((int(k), _pair(v)) for k, v in slams.items())),
        made_doubled=(int(made[0]), int(made[1])),
        overtrick=table.overtrick if overtrick is None else
        (_pair(overtrick["doubled"]), _pair(overtrick["redoubled"])),
        undertricks=table.undertricks if undertricks is None else tuple(
            (tuple(map(int, undertricks[d]["not_vulnerable"])),
             tuple(map(int, undertricks[d]["vulnerable"]))) for d in DOUBLINGS))
