"""The rules of a betting game's play and showdown in English, one line per rule."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardrules.families.betting.model import BettingPlay, BlindsFrom, Limit, Opens, Showdown
from cardrules.model.sentence import Sentence, sentence

__all__ = ["describe_betting"]

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def _chips(n: int) -> str:
    return f"{n} chip{'s' if n != 1 else ''}"


def describe_betting(variant: Any) -> Iterator[Sentence]:
    """The rules of ``variant``'s betting and showdown, as ``cardrules rules`` prints
    them, each sentence tied to the rule record it words.

    >>> from cardrules.loader.load import load_variant
    >>> next(describe_betting(load_variant("kuhn-poker")[0])).text
    'Each player starts with 2 chips and puts an ante of 1 chip in the pot.'
    """
    play, showdown = variant.play, variant.scoring
    assert isinstance(play, BettingPlay) and isinstance(showdown, Showdown)
    ante = f" and puts an ante of {_chips(play.ante)} in the pot" if play.ante else ""
    yield sentence(f"Each player starts with {_chips(play.chips)}{ante}.", "play.chips",
                   *(("play.ante",) if play.ante else ()))
    if play.carry_chips:
        yield sentence("The chips carry from deal to deal of the match; a player with none "
                       "left sits the deals out.", "play.carry_chips")
    if play.blinds:
        after = ", and the betting starts after the last blind" \
            if play.rounds[0].first is None else ""
        first = "the dealer" if play.blinds_from is BlindsFrom.DEALER else "the opener"
        yield sentence(f"Before the first round the players in turn from {first} post "
                       f"blinds of {', '.join(map(str, play.blinds))}; the largest is the "
                       f"first bet to call{after}.", "play.blinds", "play.blinds_from")
    side = "left" if variant.play_order.step > 0 else "right"
    opener = "seat 0, whoever deals" if play.opens is Opens.FIRST_SEAT \
        else f"the player on the dealer's {side}"
    yield sentence(f"Each round of betting is opened by {opener} (or the first player "
                   f"after them still in), then goes on in turn.", "play.opens")
    answers = "calls it, raises it or folds" \
        if any(r.max_bets is None or r.max_bets > 1 for r in play.rounds) else "calls it or folds"
    yield sentence("A player with no bet to call checks or bets; facing a bet a player "
                   f"{answers}, giving up the hand and the chips in the pot.",
                   "play.rounds")
    for k, r in enumerate(play.rounds):
        name = "the round" if len(play.rounds) == 1 else \
            f"the {_ORDINALS[k] if k < len(_ORDINALS) else f'#{k + 1}'} round"
        cards = f"{r.deal} community card{'s are' if r.deal != 1 else ' is'} turned face " \
                "up, then " if r.deal else ""
        cap = "no cap on the raises" if r.max_bets is None else \
            f"at most {r.max_bets} bets (the opening bet and its raises)"
        if play.limit is not Limit.FIXED:
            bets = f"a bet is of {_chips(r.bet)} at least, with {cap}"
        elif r.max_bets == 1:
            bets = f"a bet is of {_chips(r.bet)}, with no raise"
        else:
            bets = f"a bet or raise is of {_chips(r.bet)}, with {cap}"
        first = "" if r.first is None else \
            f"; seat {r.first} acts first (or the first player after it still in)"
        yield sentence(f"In {name} {cards}{bets}{first}.", "play.rounds")
    if play.limit is not Limit.FIXED:
        most = "all the player's chips" if play.limit is Limit.NONE else \
            "what the pot would hold after the player's call (pot limit)"
        yield sentence("A bet or raise names the player's whole stake in the round after it: "
                       "a bet is of the round's bet at least; after a bet or raise to S "
                       "over a highest stake M the least raise is to S + (S - M), or the "
                       f"least before it if more; the most is to {most}.", "play.limit")
    yield sentence("A player who cannot match a bet calls all in with what they have, "
                   "and plays on for the chips they matched only: the rest is a side pot "
                   "among the others (or goes back to the player who bet it).",
                   "play.chips")
    yield sentence("A round ends when every player still in with chips has acted since its "
                   "last bet and all have put in as much; when all but one player have "
                   "folded, that player takes the pot at once, unseen; when fewer than two "
                   "players still in have chips, the community cards left are turned and "
                   "the hands shown.", "play.rounds")
    own = "own cards and the community cards" if any(r.deal for r in play.rounds) \
        else "own cards"
    best = "card" if showdown.cards == 1 else f"{showdown.cards} cards"
    yield sentence(f"At the showdown each hand still in is shown: the best {best} of a "
                   f"player's {own}.", "scoring.cards")
    if len(showdown.classes) == 1:
        yield sentence("Hands rank by their cards, highest first.", "scoring.classes")
    else:
        classes = ", ".join(c.name.replace("_", " ") for c in showdown.classes)
        yield sentence(f"Hands rank by class, best first: {classes}; within a class by the "
                       "ranks of the cards grouped (the larger groups first), then by the "
                       "other cards, highest first.", "scoring.classes")
    if any(c.straight for c in showdown.classes):
        low = " (the highest rank may count below the lowest, making the lowest " \
              "straight)" if showdown.low_straight else ""
        yield sentence(f"A straight is {best} of consecutive ranks{low}, ranked by its "
                       "highest card.", "scoring.classes", "scoring.low_straight")
    if any(c.flush for c in showdown.classes):
        yield sentence(f"A flush is {best} of one suit.", "scoring.classes")
    if showdown.low:
        yield sentence(f"The lowest hand wins: each player's hand is the worst {best} of "
                       "their cards by these classes and ranks.", "scoring.low")
    best_hand = "lowest" if showdown.low else "best"
    yield sentence(f"The {best_hand} hand takes the pot; tied hands split it, the odd chips "
                   "one each to the winners in turn from the opener.", "scoring.odd_chips",
                   *(("scoring.low",) if showdown.low else ()))
