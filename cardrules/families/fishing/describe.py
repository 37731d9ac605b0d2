"""The rules of a fishing game's play and scoring in English, one line per rule."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardrules.families.fishing.model import FishingPlay, FishingScoring, Tie
from cardrules.families.fishing.tables import rank_values
from cardrules.model.sentence import Sentence, sentence

__all__ = ["describe_fishing", "describe_units"]


def describe_fishing(variant: Any) -> Iterator[Sentence]:
    """The rules of ``variant``'s play and scoring, as ``cardrules rules`` prints them,
    each sentence tied to the rule record it words.

    >>> from cardrules.loader.load import load_variant
    >>> next(describe_fishing(load_variant("scopa")[0])).text
    'After the deal 4 cards are turned face up on the table.'
    """
    play, scoring = variant.play, variant.scoring
    assert isinstance(play, FishingPlay) and isinstance(scoring, FishingScoring)
    if play.table and play.table_down:
        yield sentence(f"After the deal {play.table} cards are dealt to the table, "
                       f"{play.table_down} of them face down.", "play.table",
                       "play.table_down")
    elif play.table:
        yield sentence(f"After the deal {play.table} cards are turned face up on the table.",
                       "play.table")
    if play.redeal_rank:
        yield sentence(f"If {play.redeal_count} or more {play.redeal_rank}s lie on the "
                       "table, the cards are shuffled and dealt again.", "play.redeal_rank",
                       "play.redeal_count")
    ranks = variant.pack.ranks
    values = rank_values(ranks, play.values, dict(variant.pack.points))
    if play.capture.by_sum:
        yield sentence("Values for sums: " + ", ".join(f"{r} {v}" for r, v in
                                                         zip(ranks, values)) + ".",
                       "play.capture")
    if play.capture.pile:
        yield from _pile(play)
    else:
        what = {"rank": "one card of its rank", "sum": "cards whose values add up to its "
                "value", "both": "one card of its rank, or cards whose values add up to "
                "its value"}
        built = ", or a build of its value" if play.builds else ""
        yield sentence(f"On your turn play one card from hand: it captures "
                       f"{what[play.capture.value]}{built} ('capture 7D 4S 3C', the card "
                       "played first), or joins the table ('play 7D').", "play.capture")
    if play.builds or play.sets:
        yield from describe_units(play, values)
    if play.capture.by_rank and play.capture.by_sum and play.rank_first:
        yield sentence("With a card of its rank on the table, you must capture one of "
                       "those.", "play.rank_first")
    if play.must_capture and not play.capture.pile:
        yield sentence("A card that can capture must capture.", "play.must_capture")
    if play.refill:
        yield sentence("When every hand is empty, the players are dealt again from the "
                       "stock.", "play.refill")
    if play.last_takes_rest:
        yield sentence("When the deal ends, the last player to capture takes the cards "
                       "left.", "play.last_takes_rest")
    if play.partners:
        yield sentence("With four players, partners sit opposite and count their captures "
                       "together.", "play.partners")
    yield from _scoring(scoring)


def describe_units(play: FishingPlay, values: tuple[int, ...]) -> Iterator[Sentence]:
    """The rules of builds and of captures of several sets, in English.

    >>> from cardrules.loader.load import load_variant
    >>> play = load_variant("casino")[0].play
    >>> next(describe_units(play, (1, 0))).text
    'A card worth 0 is captured only by a card of its rank, and captures only that card.'
    """
    if min(values) == 0 and play.sets and play.zero_sets:
        yield sentence("A card worth 0 is captured only by cards of its rank, and captures "
                       "any of those at once.", "play.values", "play.zero_sets")
    elif min(values) == 0:
        yield sentence("A card worth 0 is captured only by a card of its rank, and captures "
                       "only that card.", "play.values", "play.zero_sets", present=False)
    if play.sets:
        yield sentence("A card may capture several of those sets at once, each card once.",
                       "play.sets")
    if not play.builds:
        return
    single = "loose table cards or one single build" if play.increase else \
        "loose table cards"
    yield sentence(f"Or build: lay a card from hand on {single}, making a single build "
                   "worth the sum of their values ('build 3S 6D'), or join it with groups of "
                   "loose cards and builds each adding up to one value into a multiple build "
                   "('multiple 3S 6D 9C'); you must hold another card of the build's value. "
                   "When a multiple build's cards add up by several values you hold, you "
                   "then name its value ('value 4'). A build is one unit, "
                   "captured whole by a card of its value, and owned by its last builder, "
                   "who keeps a card of its value until they capture it, if they can.",
                   "play.builds")
    if play.most_named:
        yield sentence(f"A capture or build names at most {play.most_named - 1} table cards "
                       "besides the card played.", "play.most_named")
    if play.increase:
        yield sentence("Any player may increase a single build with a card from hand to a "
                       "new value they hold, and in the same move join it with loose cards "
                       "or builds of that value into a multiple build; a multiple build "
                       "keeps its value.",
                       "play.increase")
    else:
        yield sentence("A build keeps its value until it is captured.", "play.increase",
                       present=False)
    if play.trail_with_build:
        yield sentence("A player who owns a build may still trail: lay a card on the table "
                       "without capturing or building.", "play.trail_with_build")
    else:
        yield sentence("A player who owns a build may not trail (lay a card on the table "
                       "without capturing or building) while they can capture or build.",
                       "play.trail_with_build", present=False)


def _pile(play: FishingPlay) -> Iterator[Sentence]:
    takes = " or ".join(f"a {r}" for r in play.takes_all)
    if takes:
        yield sentence(f"The table is a pile: {takes} never lies on top after the deal (the "
                       "next card is turned up over it).", "play.capture", "play.takes_all")
    yield sentence("On your turn play one card from hand ('play 7D'): a card of the top "
                   f"card's rank{', or ' + takes + ',' if takes else ''} takes the whole "
                   "pile; any other card goes on top.", "play.capture")
    if play.table_down:
        yield sentence("The face-down cards go with the pile to its taker, who alone sees "
                       "them.", "play.table_down")


def _scoring(scoring: FishingScoring) -> Iterator[Sentence]:
    tie = "; a tie scores nothing"
    if scoring.most_cards:
        each = "; with a tie each tied side scores it" \
            if scoring.most_cards_tie is Tie.EACH else tie
        yield sentence(f"Most cards captured: {scoring.most_cards}{each}.",
                       "scoring.most_cards", "scoring.most_cards_tie", present=False)
    if scoring.suit and scoring.most_suit:
        yield sentence(f"Most cards of {scoring.suit} captured: {scoring.most_suit}{tie}.",
                       "scoring.suit", "scoring.most_suit")
    for card, points in scoring.cards.items():
        yield sentence(f"Capturing {card}: {points}.", f"scoring.cards.{card}")
    for rank, points in scoring.rank_points.items():
        yield sentence(f"Each {rank} captured: {points}.", f"scoring.rank_points.{rank}")
    if scoring.primiera:
        table = ", ".join(f"{r} {p}" for r, p in scoring.primiera.items())
        yield sentence(f"Primiera, the highest sum of the best card of each suit ({table}): "
                       f"{scoring.primiera_points}{tie}; a side lacking a suit has none.",
                       "scoring.primiera", "scoring.primiera_points")
    if scoring.sweep or scoring.sweep_points:
        last = "" if scoring.last_sweep else ", except on the deal's last play"
        size = {0: "", 1: " of a lone card"}.get(scoring.sweep_size,
                                                 f" of {scoring.sweep_size} cards")
        match = " by a card of its rank" if scoring.sweep_match else ""
        extra = "".join(f"; made by a {r}: {p}" for r, p in scoring.sweep_points.items())
        yield sentence(f"Each sweep, a capture{size}{match} that clears the table{last}: "
                       f"{scoring.sweep}{extra}.", "scoring.sweep", "scoring.sweep_points",
                       "scoring.sweep_size", "scoring.sweep_match", "scoring.last_sweep",
                       present=False)
