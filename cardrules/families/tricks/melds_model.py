"""Rules of declarations compared between the sides (``play.melds``): sequences of one
suit and sets of one rank, declared by every player in turn during the first trick; only
the side holding the best single declaration scores, all of its declarations.

>>> print(Melds(sets=MeldSets(name="carre", points={"J": 200, "9": 150})).describe())
... # doctest: +NORMALIZE_WHITESPACE
Declarations: on their turn in the first trick, before laying their card, each player
may declare what they hold: carre, the four cards of a rank (J 200, 9 150). When the
first trick is taken the side holding the best declaration scores all of its
declarations, the others none. Any set beats any sequence; sets by points, then the
rank listed first; sequences by length, then top card, then trumps above a plain suit.
Of equal best declarations, the one declared first is the best. Every declaration's
cards are shown as it is made.
"""

from __future__ import annotations

import enum

import attrs

__all__ = ["MeldBest", "MeldSets", "MeldShow", "MeldTies", "Melds", "SequenceLength",
           "Sequences"]


class MeldBest(enum.Enum):
    """How two declarations are compared."""

    SETS_FIRST = "sets_first"
    """Any set above any sequence; sets by their points, then in the order listed;
    sequences by length, then by top card, then (``trump_first``) in trumps above a plain
    suit (Belote)."""
    POINTS_FIRST = "points_first"
    """By points first; at equal points as ``sets_first`` (Klaverjas, Jass)."""


class MeldTies(enum.Enum):
    """What happens when the best declarations of two sides are equal."""

    FIRST = "first"
    """The one declared first in the first trick (nearest its leader) is the best."""
    NOBODY = "nobody"
    """Neither side scores for its declarations."""


class MeldShow(enum.Enum):
    """Which declared cards are shown to everyone."""

    ALL = "all"
    """Every declaration's cards, as it is made."""
    SCORING = "scoring"
    """Only the scoring side's declarations, once they are compared at the end of the
    first trick; the others are heard by name only."""


@attrs.frozen(kw_only=True)
class SequenceLength:
    """A sequence of so many cards (or, for the longest listed, at least so many)."""

    name: str
    """Its name, the word of the ``declare`` action (``tierce``)."""
    cards: int
    """Its number of cards."""
    points: int
    """What it scores."""


@attrs.frozen(kw_only=True)
class Sequences:
    """Cards of one suit following each other in :attr:`order`."""

    order: tuple[str, ...] = ()
    """The ranks in sequence order, lowest first (empty: ``pack.ranks``)."""
    lengths: tuple[SequenceLength, ...]
    """The sequences by length, shortest first; the longest also stands for longer
    ones."""
    trump_first: bool = True
    """Of two sequences of equal length and top card, one in trumps is the better."""


@attrs.frozen(kw_only=True)
class MeldSets:
    """The four cards (one of every suit) of one rank."""

    name: str
    """Its name, the word of the ``declare`` action (``carre``)."""
    points: dict[str, int]
    """Ranks that make a set, with what each scores; of equal points, the one listed
    first is the better.  Ranks not listed make none."""


@attrs.frozen(kw_only=True)
class Melds:
    """Declarations made by every player in turn during the first trick, before laying
    their card, and compared between the sides when the trick is taken."""

    sequences: Sequences | None = None
    """Sequences that may be declared (None: none)."""
    sets: MeldSets | None = None
    """Sets that may be declared (None: none)."""
    best: MeldBest = MeldBest.SETS_FIRST
    """How declarations are compared."""
    ties: MeldTies = MeldTies.FIRST
    """When the sides' best declarations are equal."""
    show: MeldShow = MeldShow.ALL
    """Which declared cards everyone is shown."""

    def describe(self) -> str:
        """The declarations in words."""
        kinds = []
        if self.sequences is not None:
            order = " ".join(self.sequences.order) or "the pack's order"
            lengths = ", ".join(f"{n.name}: {n.cards} cards, {n.points}"
                                for n in self.sequences.lengths)
            kinds.append(f"sequences of one suit in the order {order}, the longest a hand "
                         f"holds ({lengths}; the last also longer)")
        if self.sets is not None:
            worth = ", ".join(f"{rank} {points}" for rank, points in self.sets.points.items())
            kinds.append(f"{self.sets.name}, the four cards of a rank ({worth})")
        best = {MeldBest.SETS_FIRST: "", MeldBest.POINTS_FIRST: "By points first; then: "}
        ties = {MeldTies.FIRST: "Of equal best declarations, the one declared first is the "
                                "best.",
                MeldTies.NOBODY: "When the sides' best declarations are equal, neither side "
                                 "scores for declarations."}
        show = {MeldShow.ALL: "Every declaration's cards are shown as it is made.",
                MeldShow.SCORING: "Only the scoring side's declarations are shown, once "
                                  "compared; the others are heard by name."}
        trump = self.sequences is None or self.sequences.trump_first
        return ("Declarations: on their turn in the first trick, before laying their card, "
                f"each player may declare what they hold: {'; '.join(kinds)}. When the first "
                "trick is taken the side holding the best declaration scores all of its "
                f"declarations, the others none. {best[self.best]}Any set beats any "
                "sequence; sets by points, then the rank listed first; sequences by length, "
                f"then top card{', then trumps above a plain suit' if trump else ''}. "
                f"{ties[self.ties]} {show[self.show]}")
