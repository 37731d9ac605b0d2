"""Cross-field checks of the betting procedure."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardrules.actions import MAX_AMOUNT
from cardrules.families.betting.model import BettingPlay, Limit, Showdown
from cardrules.families.betting.showdown_checks import check_showdown
from cardrules.families.betting.tables import most_chips

__all__ = ["check_betting"]

Found = tuple[tuple[str | int, ...], str]
"""A problem: JSON path and message."""


def check_betting(v: Any) -> Iterator[Found]:
    """Problems of a betting game's ``play`` and ``scoring`` that the schema cannot see.

    >>> from cardrules.loader.load import load_variant
    >>> list(check_betting(load_variant("leduc-poker")[0]))
    []
    """
    play, showdown, pack = v.play, v.scoring, v.pack
    assert isinstance(play, BettingPlay) and isinstance(showdown, Showdown)
    if pack.extra:
        yield ("pack", "extra"), ("the showdown compares cards by rank, which an extra card "
                                  "(a joker) lacks; remove pack.extra")
    for k, blind in enumerate(play.blinds):
        if blind > play.chips:
            yield ("play", "blinds", k), (f"a blind of {blind} chips, but each player has "
                                          f"{play.chips}")
    if play.limit is not Limit.FIXED and most_chips(play, v.players.max) > MAX_AMOUNT:
        structure = play.limit.value.replace("_", " ")
        yield ("play", "chips"), (f"under {structure} a bet names its amount, at most "
                                  f"{MAX_AMOUNT:,}; the players may hold "
                                  f"{most_chips(play, v.players.max):,} chips")
    if len(play.blinds) > v.players.min:
        yield ("play", "blinds"), f"{len(play.blinds)} blinds, but {v.players.min} " \
                                  f"players may play"
    for k, r in enumerate(play.rounds):
        if r.first is not None and r.first >= v.players.min:
            yield ("play", "rounds", k, "first"), (f"seat {r.first} opens this round, but "
                                                   f"{v.players.min} players may play")
    community = sum(r.deal for r in play.rounds)
    for n in range(v.players.min, v.players.max + 1):
        hand = v.deal.largest(n)
        if n * hand + community > pack.count(n):
            yield ("deal", "hand"), (f"{n} players' hands and {community} community "
                                     f"cards need {n * hand + community} cards; the pack "
                                     f"has {pack.count(n)}")
            break
        if hand + community < showdown.cards:
            yield ("scoring", "cards"), (f"a hand is made of {showdown.cards} cards, but a "
                                         f"player has {hand} of their own and "
                                         f"{community} community cards")
            break
    yield from check_showdown(showdown, pack)
