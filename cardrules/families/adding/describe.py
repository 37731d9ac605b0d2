"""The rules of an adding game's play and scoring in English, one line per rule."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardrules.families.adding.model import AddingPlay, AddingScoring, DiscardFrom, ShowEnds
from cardrules.families.adding.tables import rank_values
from cardrules.model.sentence import Sentence, sentence

__all__ = ["describe_adding"]


def describe_adding(variant: Any) -> Iterator[Sentence]:
    """The rules of ``variant``'s play and scoring, as ``cardrules rules`` prints them,
    each sentence tied to the rule record it words.

    >>> from cardrules.loader.load import load_variant
    >>> next(describe_adding(load_variant("cribbage")[0])).text.split(",")[0]
    'Each player keeps 4 cards and lays the rest of the hand away to the crib'
    """
    play, scoring = variant.play, variant.scoring
    assert isinstance(play, AddingPlay) and isinstance(scoring, AddingScoring)
    side = "left" if variant.play_order.step > 0 else "right"
    yield sentence(f"Each player keeps {play.keep} cards and lays the rest of the hand away "
                   f"to the crib, which the stock fills up to {play.keep} cards; the crib "
                   "scores for the dealer.", "play.keep")
    together = "all at once ('discard 5C 5H')" if play.discard_together \
        else "one card at a time ('discard 5C')"
    first = "seat 0 first, whoever deals" if play.discard_from is DiscardFrom.FIRST_SEAT \
        else f"the player on the dealer's {side} first"
    yield sentence(f"The players lay their cards away {together}, {first}.",
                   "play.discard_together", "play.discard_from")
    yield sentence(f"Then the starter is cut from the stock; a {scoring.nobs_rank} scores "
                   f"{scoring.heels} for the dealer (his heels).", "scoring.heels",
                   "scoring.nobs_rank")
    ranks = variant.pack.ranks
    values = rank_values(ranks, play.values)
    yield sentence("Card values: " + ", ".join(f"{r} {v}" for r, v in zip(ranks, values))
                   + ".", "play.values")
    yield sentence(f"From the dealer's {side}, each player in turn adds a card to the running "
                   f"total ('play 7D'), which may not pass {play.limit}; a player with no "
                   "card that fits says 'go'.", "play.limit")
    yield sentence(f"When every player has said go, or the total reaches {play.limit}, the "
                   "total starts again from 0 with the player after the last to play.",
                   "play.limit")
    reached = ", ".join(f"{t}: {p}" for t, p in sorted(scoring.totals.items()))
    if reached:
        yield sentence(f"Reaching a total scores ({reached}).", "scoring.totals")
    if scoring.pairs:
        names = ["a pair", "three of a kind", "four of a kind"]
        pairs = ", ".join(f"{names[i] if i < len(names) else f'{i + 2} of a kind'}: {p}"
                          for i, p in enumerate(scoring.pairs))
        yield sentence(f"The last cards played of one rank score ({pairs}).", "scoring.pairs")
    if scoring.run:
        yield sentence(f"The last {scoring.run} cards played or more making a run, in any "
                       "order, score one per card.", "scoring.run")
    if scoring.go:
        yield sentence(f"The last to play in a round ending below {play.limit} scores "
                       f"{scoring.go} (go, or last card).", "scoring.go")
    yield sentence("When every card is played, each hand is counted with the starter, "
                   "then the crib for the dealer.", "play.show_ends")
    yield from _show(scoring)
    yield sentence(f"The first side to reach {play.target} points wins, at once, even in "
                   "the middle of a hand.", "play.target")
    if play.show_ends is ShowEnds.ALL_COUNTED:
        yield sentence("The show counts every hand and the crib; should several sides then "
                       "reach the target, the lowest seat's side wins.", "play.show_ends")
    else:
        yield sentence(f"The show counts the hands from the dealer's {side}, the dealer's hand "
                       "then the crib last, and stops as soon as a side reaches the target.",
                       "play.show_ends")
    yield sentence(f"After {play.max_hands} hands with no winner the game ends drawn.",
                   "play.max_hands")
    if play.partners:
        yield sentence("With four players, partners sit opposite and score together.",
                       "play.partners")


def _show(scoring: AddingScoring) -> Iterator[Sentence]:
    if scoring.fifteen_points:
        yield sentence(f"In the show, each set of cards adding up to {scoring.fifteen} "
                       f"scores {scoring.fifteen_points}.", "scoring.fifteen",
                       "scoring.fifteen_points")
    if scoring.pair:
        yield sentence(f"Each pair of cards of one rank scores {scoring.pair}.",
                       "scoring.pair")
    if scoring.show_run:
        yield sentence(f"Each run of {scoring.show_run} cards or more of consecutive ranks "
                       "scores one per card (a run inside a longer one does not count).",
                       "scoring.show_run")
    if scoring.flush:
        crib = "as in a hand" if scoring.crib_flush <= scoring.flush \
            else f"only with {scoring.crib_flush} cards of one suit, the starter's included"
        yield sentence(f"A flush, a hand's {scoring.flush} cards of one suit, scores one per "
                       f"card, the starter too if of that suit; in the crib {crib}.",
                       "scoring.flush", "scoring.crib_flush")
    if scoring.nobs:
        yield sentence(f"The {scoring.nobs_rank} of the starter's suit in a hand or crib "
                       f"scores {scoring.nobs} (nobs).", "scoring.nobs")
