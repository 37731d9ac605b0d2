"""Cross-field checks of combinations that score, the stock actions (exchange, close)
and a target to announce, in the tricks procedure."""

from __future__ import annotations

from collections.abc import Iterator

from cardrules.families.tricks.model import (
    CombinationSpec,
    Condition,
    Counts,
    DrawOrder,
    Effect,
    Partners,
    TrickScoring,
    TricksPlay,
    TrumpSource,
)
from cardrules.model.variant import Variant

__all__ = ["check_stock"]

Found = tuple[tuple[str | int, ...], str]
"""A problem: JSON path and message."""


def check_stock(v: Variant) -> Iterator[Found]:
    """Problems of ``play.combinations`` that score, ``play.exchange``, ``play.close``,
    ``duties.when: stock_closed`` and ``scoring.target``."""
    play, scoring = v.play, v.scoring
    assert isinstance(play, TricksPlay) and isinstance(scoring, TrickScoring)
    effects = {spec.effect for spec in play.combinations.values()}
    for name, spec in play.combinations.items():
        at = ("play", "combinations", name)
        if spec.effect is Effect.SCORE:
            if effects != {Effect.SCORE}:
                yield (*at, "effect"), ("combinations that score cannot be mixed with "
                                        "combinations that lead or win the deal")
            yield from _by_suit(v, name, spec)
        elif spec.points or spec.trump_points is not None or spec.counts is not Counts.AT_ONCE \
                or spec.suit_points or spec.after_a_trick or spec.sets_trump:
            yield at, ("points, trump_points and counts belong to combinations of effect "
                       "score, as do suit_points, after_a_trick and sets_trump")
    if play.exchange is not None:
        if play.exchange.rank not in v.pack.ranks:
            yield ("play", "exchange", "rank"), (
                f"unknown rank {play.exchange.rank!r}; the pack's ranks are "
                f"{', '.join(v.pack.ranks)}")
        if play.trump.source is not TrumpSource.TURNED_CARD:
            yield ("play", "exchange"), ("an exchange takes the turned-up trump card: it "
                                         "needs play.trump.source: turned_card")
    stock_rule = play.close is not None or play.duties.when is Condition.STOCK_CLOSED
    if stock_rule and play.draw is not DrawOrder.WINNER_FIRST:
        yield ("play", "draw"), ("closing the stock matters only when hands are drawn up "
                                 "from it: it needs draw: winner_first")
    if play.duties.when is Condition.STOCK_CLOSED and play.close is None:
        yield ("play", "duties", "when"), ("stock_closed needs play.close (without it, say "
                                           "stock_empty)")
    target = scoring.target
    if target is None:
        return
    if scoring.most_points is not None or scoring.bands or scoring.scored_by_terms:
        yield ("scoring", "target"), ("a target scores the deal by itself: drop most_points, "
                                      "bands, tricks_over and points_taken")
    if scoring.partners is not Partners.NONE:
        yield ("scoring", "target"), "a target is announced by one player: not with partners"
    if not any(b.min_points <= 0 and b.min_tricks <= 0 for b in target.bands.values()):
        yield ("scoring", "target", "bands"), ("give a last band with no minimum, so that a "
                                               "correct announcement always scores")


def _by_suit(v: Variant, name: str, spec: CombinationSpec) -> Iterator[Found]:
    """Points by suit and a combination that names trumps need cards of one suit; points
    by suit name every suit of the pack, and no other."""
    at = ("play", "combinations", name)
    if (spec.suit_points or spec.sets_trump) and not spec.same_suit:
        yield (*at, "same_suit"), (f"combination {name} scores by suit or names trumps: its "
                                   f"cards must be of one suit (same_suit: true)")
    if not spec.suit_points:
        return
    suits = v.pack.suits
    if spec.points or spec.trump_points is not None:
        yield (*at, "suit_points"), "give points by suit or points and trump_points, not both"
    for suit in spec.suit_points:
        if suit not in suits:
            yield (*at, "suit_points", suit), (f"unknown suit {suit!r}; the pack's suits are "
                                               f"{', '.join(suits)}")
    missing = [s for s in suits if s not in spec.suit_points]
    if missing:
        yield (*at, "suit_points"), (f"suit_points lacks {', '.join(missing)}: give the "
                                        f"points of every suit")
