"""The rules of a rummy game's play and scoring in English, one line per rule."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardrules.families.rummy.model import RummyPlay, RummyScoring
from cardrules.families.rummy.tables import card_values
from cardrules.model.sentence import Sentence, sentence

__all__ = ["describe_rummy"]


def describe_rummy(variant: Any) -> Iterator[Sentence]:
    """The rules of ``variant``'s play and scoring, as ``cardrules rules`` prints them,
    each sentence tied to the rule record it words.

    >>> from cardrules.loader.load import load_variant
    >>> next(describe_rummy(load_variant("gin-rummy")[0])).text
    'After the deal the next card is turned face up to start the discard pile: the upcard.'
    """
    play, scoring = variant.play, variant.scoring
    assert isinstance(play, RummyPlay) and isinstance(scoring, RummyScoring)
    pack = variant.pack
    yield sentence("After the deal the next card is turned face up to start the discard "
                   "pile: the upcard.", "play.procedure")
    if play.first_upcard:
        yield sentence("The first upcard is offered to the non-dealer, then to the dealer "
                       "('take' or 'pass'); when both pass, the non-dealer draws from the "
                       "stock.", "play.first_upcard")
    yield sentence("On your turn take the upcard ('take') or draw the stock's top card "
                   "('draw'), then discard a card ('discard 7S').", "play.procedure")
    longest = f" to {play.run_max}" if play.run_max else " or more"
    yield sentence(f"Melds: {play.set_min} to {play.set_max} cards of one rank, or "
                   f"{play.run_min}{longest} cards in sequence in one suit "
                   f"({pack.ranks[0]} low, no wrap-around); a card is in one meld only.",
                   "play.set_min", "play.set_max", "play.run_min",
                   *(("play.run_max",) if play.run_max else ()))
    values = card_values(pack.ranks, 1, play.values, dict(pack.points))
    yield sentence("Deadwood, the cards in no meld, counts " + ", ".join(
        f"{r} {v}" for r, v in zip(pack.ranks, values)) + ".", "play.values")
    if play.oklahoma:
        yield sentence("The first upcard's value is the knock limit; an ace's means only "
                       "gin ends the deal.", "play.oklahoma")
    if play.knock and not play.oklahoma:
        yield sentence(f"Instead of discarding you may knock when a discard leaves you "
                       f"with {play.knock} or less in deadwood ('knock', then discard).",
                       "play.knock")
    elif not play.oklahoma:
        yield sentence("Only gin, a hand without deadwood, ends the deal: 'knock' with no "
                       "deadwood.", "play.knock", present=False)
    yield sentence("The knocker lays its melds one at a time ('meld 3S 4S 5S') until its "
                   "unmelded cards are within the limit, then passes; the defender then "
                   "lays off cards that extend the knocker's melds ('layoff 6S', not on "
                   "gin), passes, lays its own melds and passes.", "play.knock",
                   present=False)
    if play.layoff_reach:
        yield sentence(f"At most {play.layoff_reach} cards are laid off at each end of a "
                       "run.", "play.layoff_reach")
    if play.big_gin:
        yield sentence("A knocker whose eleven cards all form melds goes out without a "
                       "discard: big gin.", "play.big_gin")
    yield sentence(f"When a discard leaves {play.wall} cards in the stock (the wall), the "
                   "next player may only knock by taking the upcard; otherwise the deal "
                   "ends drawn.", "play.wall")
    if play.upcard_limit:
        yield sentence(f"The deal ends drawn when the upcard is taken for the "
                       f"{play.upcard_limit}th time in a draw.", "play.upcard_limit")
    if play.repeat_draw:
        yield sentence("The deal ends drawn when both players in succession take the upcard "
                       "and discard it again.", "play.repeat_draw")
    yield from _scoring(scoring, play)


def _scoring(scoring: RummyScoring, play: RummyPlay) -> Iterator[Sentence]:
    yield sentence("The knocker scores the defender's deadwood less its own.",
                   "scoring.zero_sum", present=False)
    if scoring.gin_bonus:
        yield sentence(f"Gin (no deadwood) scores a bonus of {scoring.gin_bonus}.",
                       "scoring.gin_bonus")
    if play.big_gin:
        yield sentence(f"Big gin scores a bonus of {scoring.big_gin_bonus} instead.",
                       "scoring.big_gin_bonus")
    tie = "as little deadwood as" if scoring.undercut_on_tie else "less deadwood than"
    yield sentence(f"A defender with {tie} the knocker undercuts it and scores the "
                   f"difference plus {scoring.undercut_bonus}.", "scoring.undercut_bonus",
                   "scoring.undercut_on_tie", present=False)
    if not scoring.undercut_on_tie:
        yield sentence("With equal deadwood nobody scores.", "scoring.undercut_on_tie",
                       present=False)
    if scoring.zero_sum:
        yield sentence("The loser scores minus the winner's points.", "scoring.zero_sum")
    yield sentence("A deal that ends drawn scores nothing.", "play.wall")
