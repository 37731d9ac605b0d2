"""The rules of a comparing game's play and payouts in English, one line per rule."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardrules.families.comparing.model import ComparingPlay, Payouts
from cardrules.families.comparing.tables import rank_values
from cardrules.model.sentence import Sentence, sentence

__all__ = ["describe_comparing"]


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def _paid(amount: int) -> str:
    if amount > 0:
        return f"wins {amount}"
    return f"loses {-amount}" if amount < 0 else "neither wins nor loses"


def describe_comparing(variant: Any) -> Iterator[Sentence]:
    """The rules of ``variant``'s play and payouts, as ``cardrules rules`` prints them,
    each sentence tied to the rule record it words.

    >>> from cardrules.loader.load import load_variant
    >>> print(next(describe_comparing(load_variant("blackjack")[0])).text)
    ... # doctest: +NORMALIZE_WHITESPACE
    Each player plays a hand against the house (the dealer), which is dealt 2 cards
    after the players, the first face down (its hole card).
    """
    play, pay, pack = variant.play, variant.scoring, variant.pack
    assert isinstance(play, ComparingPlay) and isinstance(pay, Payouts)
    house = play.house
    hole = "" if not house.hole else \
        ", the first face down (its hole card)" if house.hole == 1 else \
        f", the first {house.hole} face down (its hole cards)"
    yield sentence(f"Each player plays a hand against the house (the dealer), which is dealt "
                   f"{_cards(house.cards)} after the players{hole}.", "play.house")
    values = rank_values(pack.ranks, play.values)
    listed = ", ".join(f"{r} {v}" for r, v in zip(pack.ranks, values))
    yield sentence(f"A hand's total adds its cards' values: {listed}.", "play.values")
    if play.high:
        high = ", ".join(f"{r} may count {v}" for r, v in play.high.items())
        yield sentence(f"A card of rank {high} instead, when the total stays within "
                       f"{play.goal} (a soft total).", "play.high")
    yield sentence(f"A hand over {play.goal} busts.", "play.goal")
    yield sentence("From seat 0, each player in turn hits (takes a card) or stands, as "
                   "often as they like, until they stand or bust.", "play")
    if play.double:
        yield sentence("On their first cards a player may double instead: the hand's payout "
                       "counts twice, and they take exactly one more card.", "play.double")
    if play.split:
        one = f"; the split hands of {', '.join(play.split_one_card)} take that card only" \
            if play.split_one_card else ""
        yield sentence("On two first cards of one value a player may split them into two "
                       "hands, once: each is dealt one more card and played in turn, and "
                       f"paid on its own, never as a natural{one}.", "play.split",
                       *(("play.split_one_card",) if play.split_one_card else ()))
    alone = " (even when every player has bust)" if house.plays_alone else \
        ", unless every player has bust"
    soft = f", and on a soft {house.stands}" if house.hits_soft else ""
    yield sentence(f"Then the house shows its hole card and draws while its total is below "
                   f"{house.stands}{soft}{alone}.", "play.house")
    if pay.natural is not None:
        yield sentence(f"A natural (the first cards dealt making {play.goal}) "
                       f"{_paid(pay.natural)} against a house without one; the house's "
                       "natural beats every other hand; two naturals tie.",
                       "scoring.natural")
    yield sentence(f"A hand that busts {_paid(pay.loss)}; else a hand above the house's "
                   f"total, or against a house that busts, {_paid(pay.win)}; one below it "
                   f"{_paid(pay.loss)}; one equal to it {_paid(pay.tie)}.", "scoring")
