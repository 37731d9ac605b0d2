"""Rules of the climbing procedure: the combinations and the passing (play) and the
points for each finishing place (scoring), as data.

>>> play = ClimbingPlay(procedure="climbing",
...                     combinations=[Combination(name="pair", shape=Shape.SAME_RANK, size=2)])
>>> play.passing.value, play.combinations[0].cards(1)
('may_return', 2)
>>> ClimbingScoring().each_behind
1
"""

from __future__ import annotations

import enum

import attrs

from cardrules.model.common import Spelling

__all__ = ["OVER", "PLAY", "ClimbingPlay", "ClimbingScoring", "ClimbingStep", "Combination",
           "Passing", "Shape"]


class ClimbingStep(Spelling):
    """The step a deal of the climbing family is at (a state's ``phase``)."""

    PLAY = "play"
    """The players play or pass in turn."""
    OVER = "over"
    """One player (or none) still holds cards."""


PLAY, OVER = ClimbingStep.PLAY, ClimbingStep.OVER
"""The steps by their short names."""


class Shape(enum.Enum):
    """How the cards of a combination lie."""

    SAME_RANK = "same_rank"
    """``size`` cards of one rank (a single card, a pair, a triple, four of a kind)."""
    CHAIN = "chain"
    """Consecutive ranks of the ``chain_ranks``, ``size`` cards of each (a run of single
    cards with size 1, a chain of pairs with size 2), from ``min_length`` to
    ``max_length`` ranks long."""


class Passing(enum.Enum):
    """What a pass means for the rest of the table's round."""

    MAY_RETURN = "may_return"
    """A player who passed may play again when their turn comes round."""
    FINAL = "final"
    """A player who passed takes no further part until the table clears."""


@attrs.frozen(kw_only=True)
class Combination:
    """A type of combination: a lead of it is beaten only by a higher one of the same
    type (the same name, and for chains the same length), or by a bomb."""

    name: str
    """The combination's name (``pair``), in views, events and the rules."""
    shape: Shape
    """How its cards lie."""
    size: int = 1
    """Cards of each rank in it."""
    min_length: int = 1
    """Fewest ranks of a chain (1 for other shapes)."""
    max_length: int = 1
    """Most ranks of a chain (1 for other shapes)."""
    bomb: bool = False
    """It beats a combination of any other type that is not a higher bomb; bombs beat
    each other by their number of cards, then by rank."""

    def cards(self, length: int) -> int:
        """The cards of a combination of this type ``length`` ranks long."""
        return self.size * length

    @property
    def lengths(self) -> range:
        """The lengths in ranks it may have."""
        if self.shape is Shape.CHAIN:
            return range(self.min_length, self.max_length + 1)
        return range(1, 2)


@attrs.frozen(kw_only=True)
class ClimbingPlay:
    """How a deal of the climbing family is played."""

    procedure: str
    """Always ``climbing``."""
    combinations: list[Combination]
    """The types of combination a player may lead and beat with."""
    chain_ranks: list[str] = attrs.field(factory=list)
    """The ranks that may appear in a chain, lowest first (empty: every rank of the pack
    in the pack's order)."""
    passing: Passing = Passing.MAY_RETURN
    """Whether a pass is final until the table clears."""
    deal_all: bool = False
    """Every card of the pack is dealt, one at a time from the dealer's left, so some
    players may hold one more than others (``deal.hand`` is then the smallest hand:
    the pack shared out, rounded down)."""


@attrs.frozen(kw_only=True)
class ClimbingScoring:
    """What each finishing place scores."""

    each_behind: int = 1
    """Points a player scores for each player who ran out of cards after them (the first
    out of ``n`` scores ``n - 1`` times it, the last nothing)."""
