"""The rules of a climbing game's play and scoring in English, one line per rule."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardrules.families.climbing.model import (
    FIVE_CARD,
    ClimbingPlay,
    ClimbingScoring,
    Combination,
    Doubler,
    Ends,
    FlushOrder,
    LaterLead,
    Passing,
    Shape,
)
from cardrules.model.sentence import Sentence, sentence
from cardrules.phases import first_leader_phase

__all__ = ["describe_climbing", "words_for"]



def words_for(kind: Combination) -> str:
    """A combination type in words.

    >>> words_for(Combination(name="pair", shape=Shape.SAME_RANK, size=2))
    'pair: 2 cards of one rank'
    >>> words_for(Combination(name="run", shape=Shape.CHAIN, min_length=5, max_length=12))
    'run: 5 to 12 cards of consecutive ranks'
    >>> from cardrules.families.climbing.model import Attach
    >>> words_for(Combination(name="trio_pair", shape=Shape.SAME_RANK, size=3,
    ...                       attach=Attach(size=2)))
    'trio_pair: 3 cards of one rank, with a pair of another rank attached'
    """
    if kind.shape in FIVE_CARD:
        what = _FIVE_WORDS[kind.shape]
    elif kind.shape is Shape.CARDS:
        what = " and ".join(kind.cards)
    elif kind.shape is Shape.SAME_RANK:
        what = "a single card" if kind.size == 1 else f"{kind.size} cards of one rank"
    else:
        each = "" if kind.size == 1 else f", {kind.size} of each"
        span = str(kind.min_length) if kind.min_length == kind.max_length else \
            f"{kind.min_length} to {kind.max_length}"
        what = f"{span} {'cards of ' if kind.size == 1 else ''}consecutive ranks{each}"
    if kind.attach is not None:
        one = "a single card" if kind.attach.size == 1 else \
            "a pair" if kind.attach.size == 2 else f"{kind.attach.size} cards of one rank"
        per = "" if kind.attach.per_rank == 1 else f"{kind.attach.per_rank} times "
        where = " for each of its ranks" if kind.shape is Shape.CHAIN else ""
        what += f", with {per}{one} of another rank attached{where}"
    if kind.not_from_whole_rank:
        what += ", never starting at a rank of which the player holds every card"
    for over in kind.overrides:
        ranks = f" of rank {', '.join(map(str, over.ranks))}" if over.ranks else ""
        what += f"; it also beats a {over.combination}{ranks}"
    bomb = " (beats every other play)" if kind.top else " (a bomb)" if kind.bomb else ""
    return f"{kind.name}: {what}{bomb}"


_FIVE_WORDS = {
    Shape.STRAIGHT: "five cards of a straight's run, not all of one suit",
    Shape.FLUSH: "five cards of one suit, not of a straight's run",
    Shape.FULL_HOUSE: "three cards of one rank and two of another",
    Shape.FOUR_AND_ONE: "four cards of one rank and any fifth card",
    Shape.STRAIGHT_FLUSH: "five cards of one suit of a straight's run",
}
"""The five-card hands in words."""


def _suits_and_hands(variant: Any) -> Iterator[Sentence]:
    """The sentences of the suit order, the straights' runs, the flushes' order, the
    types ranked among themselves and the first lead."""
    play = variant.play
    five = {c.shape for c in play.combinations if c.shape in FIVE_CARD}
    suits = ("play.suit_order",) if play.suit_order else ()
    if five & {Shape.STRAIGHT, Shape.STRAIGHT_FLUSH}:
        runs_from = ("play.straights",) if play.straights else \
            ("play.combinations", *(("play.chain_ranks",) if play.chain_ranks else ()))
        if play.straights:
            runs = "; ".join(play.straights)
        else:
            chain = [str(r) for r in (play.chain_ranks or variant.pack.ranks)]
            runs = "; ".join(" ".join(chain[top - 4: top + 1])
                             for top in range(4, len(chain)))
        yield sentence(f"A straight's run is one of these, lowest first (the last rank of "
                       f"each is its top card): {runs}.", *runs_from)
        yield sentence("Two straights (or straight flushes) compare by their run"
                       + (", then by the suit of their top card" if suits else "") + ".",
                       *runs_from, *suits)
    if Shape.FLUSH in five:
        if play.flush_order is FlushOrder.SUIT_FIRST:
            text = ("Two flushes compare by suit first, then by their highest card, the "
                    "next highest, and so on.")
        else:
            text = ("Two flushes compare by their highest card, then the next highest, and "
                    "so on, and last by suit.")
        yield sentence(text, "play.flush_order", *suits)
    if five & {Shape.FULL_HOUSE, Shape.FOUR_AND_ONE}:
        yield sentence("A full house compares by the rank of its three cards, four of a kind "
                       "by the rank of its four.", "play.combinations")
    if play.type_order:
        yield sentence(f"These types rank among themselves, lowest first: "
                       f"{', '.join(play.type_order)}; a play of a higher type beats any "
                       "play of a lower one.", "play.type_order")
    if play.first_lead is not None:
        card = play.first_lead.card
        yield sentence(f"The holder of {card} leads the deal's first play, which must "
                       f"include it (when nobody was dealt {card}, the lowest card dealt "
                       "stands for it).", "play.first_lead")
        if play.first_lead.takes_undealt:
            yield sentence(f"The cards left over when the pack is shared out, fewer than "
                           f"the players, are shown and go to the holder of {card}.",
                           "play.first_lead")
        if play.first_lead.later is LaterLead.WINNER:
            yield sentence("In a match's later deals the winner of the deal before leads, "
                           "with any play.", "play.first_lead")


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
    if play.extra_above and variant.pack.extra_names:
        ranks += ", then " + ", ".join(variant.pack.extra_names)
    if play.suit_order:
        suits = ", ".join(map(str, play.suit_order))
        yield sentence(f"The ranks go from low to high: {ranks}; between two plays of one "
                       f"type and rank the suits decide, from low to high: {suits}.",
                       "pack.ranks", "play.suit_order")
    else:
        yield sentence(f"Suits do not matter; the ranks go from low to high: {ranks}.",
                       "pack.ranks")
    if play.by_rank:
        yield sentence("A play is written with the first cards of its ranks in the pack's "
                       "order (5C 5D for any two fives) and lays the cards of those ranks "
                       "the player holds.", "play.by_rank")
    kinds = "; ".join(words_for(c) for c in play.combinations)
    yield sentence(f"The combinations are {kinds}.", "play.combinations")
    if any(c.attach is not None for c in play.combinations):
        yield sentence("Attached cards never decide what beats what, and together hold no "
                       "bomb; cards that may be read as more than one play are played "
                       "naming the combination.", "play.combinations")
    if any(c.shape is Shape.CHAIN for c in play.combinations):
        chain = ", ".join(map(str, play.chain_ranks or variant.pack.ranks))
        yield sentence(f"A chain runs through the ranks {chain} only.", "play.chain_ranks")
    yield from _suits_and_hands(variant)
    leader = "The declarer" if first_leader_phase(variant) is not None else \
        "The holder of the first-lead card" if play.first_lead is not None else \
        "The player on the dealer's left"
    yield sentence(f"{leader} leads any combination; each player in turn then plays a "
                   "combination that beats the last one played, or passes.",
                   "play.combinations")
    bombs = any(c.bomb for c in play.combinations)
    top = [c.name for c in play.combinations if c.top]
    yield sentence("A combination is beaten only by a higher one of the same type and "
                   "length (its highest rank higher"
                   + (", or as high and of a higher suit" if play.suit_order else "") + ")"
                   + ("; a bomb beats any other type, and a bomb of more cards, or as many "
                      "and higher, beats a bomb" if bombs else "")
                   + (f"; the {' and '.join(top)} beats every other play" if top else "")
                   + ".", "play.combinations")
    if play.passing is Passing.FINAL:
        yield sentence("A player who passes takes no further part until the table "
                       "clears.", "play.passing")
    else:
        yield sentence("Passing is always allowed and does not stop a player from playing "
                       "when their turn comes round again.", "play.passing")
    yield sentence("When everyone else still holding cards has passed since the last "
                   "play, the table clears and the player who made it leads again (the "
                   "next player holding cards, if they have run out).", "play.passing")
    if play.ends is Ends.FIRST_OUT:
        yield sentence("The deal ends as soon as a player has played their last card.",
                       "play.ends")
    else:
        yield sentence("A player who plays their last card is out; the deal ends when one "
                       "player still holds cards, who finishes last.", "play.combinations")
    if scoring.against_declarer is not None:
        doubles = [("every bomb played" if d is Doubler.BOMB else
                    "a spring (the declarer's opponents played nothing, or the declarer "
                    "played only once)") for d in scoring.against_declarer]
        doubled = f", doubled by {' and by '.join(doubles)}" if doubles else ""
        yield sentence("The declarer plays alone against the others for the contract"
                       f"{doubled}: if the declarer goes out first, each opponent pays "
                       "the declarer that stake, else the declarer pays it to each.",
                       "scoring.against_declarer")
        return
    if scoring.cards_left is not None:
        left = scoring.cards_left
        steps = "".join(f", {s.times} times that with {s.at} cards or more"
                        for s in left.steps)
        yield sentence(f"Each other player pays the first out {left.each} point"
                       f"{'s' if left.each != 1 else ''} per card left in hand{steps}.",
                       "scoring.cards_left")
        return
    each = scoring.each_behind
    yield sentence(f"Each player scores {each} point{'s' if each != 1 else ''} for every "
                   "player who finished after them.", "scoring.each_behind")


