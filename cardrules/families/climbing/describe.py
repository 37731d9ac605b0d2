"""The rules of a climbing game's play and scoring in English, one line per rule."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardrules.families.climbing.model import (
    ClimbingPlay,
    ClimbingScoring,
    Combination,
    Passing,
    Shape,
)
from cardrules.model.sentence import Sentence, sentence

__all__ = ["describe_climbing", "words_for"]



def words_for(kind: Combination) -> str:
    """A combination type in words.

    >>> words_for(Combination(name="pair", shape=Shape.SAME_RANK, size=2))
    'pair: 2 cards of one rank'
    >>> words_for(Combination(name="run", shape=Shape.CHAIN, min_length=5, max_length=12))
    'run: 5 to 12 cards of consecutive ranks'
    """
    if kind.shape is Shape.SAME_RANK:
        what = "a single card" if kind.size == 1 else f"{kind.size} cards of one rank"
    else:
        each = "" if kind.size == 1 else f", {kind.size} of each"
        span = str(kind.min_length) if kind.min_length == kind.max_length else \
            f"{kind.min_length} to {kind.max_length}"
        what = f"{span} {'cards of ' if kind.size == 1 else ''}consecutive ranks{each}"
    return f"{kind.name}: {what}{' (a bomb)' if kind.bomb else ''}"


def describe_climbing(variant: Any) -> Iterator[Sentence]:
    """The rules of ``variant``'s play and scoring, as ``cardrules rules`` prints them,
    each sentence tied to the rule record it words.

    >>> from cardrules.loader.load import load_variant
    >>> next(describe_climbing(load_variant("president")[0])).text[:40]
    'Suits do not matter; the ranks go from l'
    """
    play, scoring = variant.play, variant.scoring
    assert isinstance(play, ClimbingPlay) and isinstance(scoring, ClimbingScoring)
    ranks = ", ".join(map(str, variant.pack.ranks))
    yield sentence(f"Suits do not matter; the ranks go from low to high: {ranks}.",
                   "pack.ranks")
    kinds = "; ".join(words_for(c) for c in play.combinations)
    yield sentence(f"The combinations are {kinds}.", "play.combinations")
    if any(c.shape is Shape.CHAIN for c in play.combinations):
        chain = ", ".join(map(str, play.chain_ranks or variant.pack.ranks))
        yield sentence(f"A chain runs through the ranks {chain} only.", "play.chain_ranks")
    yield sentence("The player on the dealer's left leads any combination; each player in "
                   "turn then plays a combination that beats the last one played, or "
                   "passes.", "play.combinations")
    bombs = any(c.bomb for c in play.combinations)
    yield sentence("A combination is beaten only by a higher one of the same type and "
                   "length (its highest rank higher)"
                   + ("; a bomb beats any other type, and a bomb of more cards, or as many "
                      "and higher, beats a bomb." if bombs else "."), "play.combinations")
    if play.passing is Passing.FINAL:
        yield sentence("A player who passes takes no further part until the table "
                       "clears.", "play.passing")
    else:
        yield sentence("Passing is always allowed and does not stop a player from playing "
                       "when their turn comes round again.", "play.passing")
    yield sentence("When everyone else still holding cards has passed since the last "
                   "play, the table clears and the player who made it leads again (the "
                   "next player holding cards, if they have run out).", "play.passing")
    yield sentence("A player who plays their last card is out; the deal ends when one "
                   "player still holds cards, who finishes last.", "play.combinations")
    each = scoring.each_behind
    yield sentence(f"Each player scores {each} point{'s' if each != 1 else ''} for every "
                   "player who finished after them.", "scoring.each_behind")


