"""The rules of a vying game's play and showdown in English, one line per rule."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardrules.families.betting.model import Showdown
from cardrules.families.betting.vying.model import VyingPlay
from cardrules.model.sentence import Sentence, sentence

__all__ = ["describe_vying"]


def _chips(n: int) -> str:
    return f"{n} chip{'s' if n != 1 else ''}"


def describe_vying(variant: Any) -> Iterator[Sentence]:
    """The rules of ``variant``'s staking and showdown, as ``cardrules rules`` prints
    them, each sentence tied to the rule record it words.

    >>> from cardrules.loader.load import load_variant
    >>> next(describe_vying(load_variant("three-card-brag")[0])).text
    'Each player starts with 100 chips and puts an ante of 1 chip in the pot.'
    """
    play, showdown = variant.play, variant.scoring
    assert isinstance(play, VyingPlay) and isinstance(showdown, Showdown)
    ante = f" and puts an ante of {_chips(play.ante)} in the pot" if play.ante else ""
    yield sentence(f"Each player starts with {_chips(play.chips)}{ante}.", "play.chips",
                   *(("play.ante",) if play.ante else ()))
    side = "left" if variant.play_order.step > 0 else "right"
    yield sentence(f"The player on the dealer's {side} acts first, then each player still "
                   "in acts in turn, round and round, until the deal ends.", "play")
    yield sentence("A player folds, giving up the hand and the chips in the pot, or stakes "
                   f"at least the previous player's stake (the first stake at least "
                   f"{_chips(play.least)}) and at most {_chips(play.most)}, in steps of "
                   f"{_chips(play.step)}; what a player staked before does not count.",
                   "play.least", "play.most", "play.step")
    if play.blind:
        sees = "; an open player may see a blind one" if play.open_sees_blind else \
            "; an open player may not see a blind one"
        yield sentence("Every player starts blind, not having looked at their cards, and "
                       "may look at their turn; a blind player's stakes and costs are half "
                       "an open player's, and a blind stake counts double for the next "
                       f"player{sees}.", "play.blind",
                       *(("play.open_sees_blind",) if play.open_sees_blind else ()))
    else:
        yield sentence("Each player looks at their cards as they are dealt.", "play.blind",
                       present=False)
    if play.carry_chips:
        yield sentence("Each player's chips carry from deal to deal of the match; a player "
                       "with fewer chips than the ante sits the deal out.",
                       "play.carry_chips")
    if play.carries_pot:
        yield sentence("When all but one player have folded, that player takes the pot, "
                       "unseen, unless they play blind: then the pot is carried into the "
                       "next deal, everyone antes again, and the blind player keeps the "
                       "blind hand beside the new one (the pot is taken after all when "
                       "fewer than two players could ante again); the match goes on until "
                       "a carried pot is won.", "play.blind_alone")
        yield sentence("A player holding two blind hands may look at one of them and must "
                       "at once keep it, discarding the other unseen, or drop it, playing "
                       "the other blind; until then they play both blind. Left alone again, "
                       "or seeing or seen, they first keep one of the two, unseen.",
                       "play.blind_alone")
    else:
        yield sentence("When all but one player have folded, that player takes the pot, "
                       "unseen.", "play")
    yield sentence(f"When two players are left, the player to act may pay {play.see} times "
                   "the current stake to see the other: both hands are shown and the "
                   "better takes the pot; on a tie the player who paid to see loses.",
                   "play.see")
    classes = ", ".join(c.name.replace("_", " ") for c in showdown.classes)
    yield sentence(f"Hands rank by class, best first: {classes}; within a class by the "
                   "ranks of the cards grouped (the larger groups first), then by the "
                   "other cards, highest first.", "scoring.classes")
    for kind in showdown.classes:
        if kind.top_ranks:
            verb = "ranks" if len(kind.top_ranks) == 1 else "rank, in this order,"
            yield sentence(f"Among hands of class {kind.name.replace('_', ' ')}, "
                           f"{', '.join(kind.top_ranks)} {verb} above every other rank.",
                           "scoring.classes")
    if any(c.straight for c in showdown.classes):
        if showdown.low_straight and showdown.low_straight_best:
            low = "; the highest rank may also count below the lowest, and that " \
                  "straight ranks above every other"
        elif showdown.low_straight:
            low = "; the highest rank may also count below the lowest, making the " \
                  "lowest straight"
        else:
            low = ""
        yield sentence(f"A straight is {showdown.cards} cards of consecutive ranks, ranked "
                       f"by its highest card{low}.", "scoring.classes",
                       *(("scoring.low_straight",) if showdown.low_straight else ()),
                       *(("scoring.low_straight_best",) if showdown.low_straight_best
                         else ()))
    if any(c.flush for c in showdown.classes):
        yield sentence(f"A flush is {showdown.cards} cards of one suit.", "scoring.classes")
