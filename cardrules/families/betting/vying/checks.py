"""Cross-field checks of the vying procedure."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardrules.families.betting.model import Showdown
from cardrules.families.betting.showdown_checks import check_showdown
from cardrules.families.betting.vying.model import VyingPlay
from cardrules.model.common import Visibility

__all__ = ["check_vying"]

Found = tuple[tuple[str | int, ...], str]
"""A problem: JSON path and message."""


def check_vying(v: Any) -> Iterator[Found]:
    """Problems of a vying game's ``play`` and ``scoring`` that the schema cannot see.

    >>> from cardrules.loader.load import load_variant
    >>> list(check_vying(load_variant("three-card-brag")[0]))
    []
    """
    play, showdown, pack = v.play, v.scoring, v.pack
    assert isinstance(play, VyingPlay) and isinstance(showdown, Showdown)
    if pack.extra:
        yield ("pack", "extra"), ("the hands are compared by rank, which an extra card "
                                  "(a joker) lacks; remove pack.extra")
    if play.least > play.most:
        yield ("play", "least"), f"the least stake ({play.least}) is above the most " \
                                 f"({play.most})"
    elif (play.most - play.least) % play.step:
        yield ("play", "most"), (f"stakes go up in steps of {play.step} from {play.least}, "
                                 f"which never reach {play.most}")
    if play.blind:
        for key in ("least", "step"):
            if getattr(play, key) % 2:
                yield ("play", key), (f"a blind player stakes half of an open stake: with "
                                      f"blind play, {key} must be even (it is "
                                      f"{getattr(play, key)})")
        if v.zones.get("hand") is Visibility.PUBLIC:
            yield ("play", "blind"), ("nobody can play blind with the hands face up "
                                      "(zones.hand: public): give blind: false")
    if play.carries_pot:
        if not play.carry_chips:
            yield ("play", "blind_alone"), ("a pot carried into the next deal needs the "
                                            "chips to carry too: give carry_chips: true")
        if not play.ante:
            yield ("play", "ante"), ("a carried pot is played for again after everyone "
                                     "antes again: give an ante of 1 chip or more")
    if play.ante > play.chips:
        yield ("play", "chips"), f"a player has {play.chips} chips and cannot pay the " \
                                 f"ante of {play.ante}"
    for n in range(v.players.min, v.players.max + 1):
        hand = v.deal.largest(n)
        kept = hand if play.carries_pot else 0
        if n * hand + kept > pack.count(n):
            extra = " and a blind hand kept from the last deal" if kept else ""
            yield ("deal", "hand"), (f"{n} players' hands{extra} need {n * hand + kept} "
                                     f"cards; the pack has {pack.count(n)}")
            break
        if hand != showdown.cards:
            yield ("scoring", "cards"), (f"a hand is made of {showdown.cards} cards, but a "
                                         f"player is dealt {hand}: the whole hand is "
                                         "compared")
            break
    yield from check_showdown(showdown, pack)
