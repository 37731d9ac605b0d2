"""Tricks that count only once the stock is empty or closed (``scoring.counted``) and the
deal score of tricks ahead of every other side (``scoring.tricks_ahead``), beyond German
Whist's own rules (``tests/test_german_whist.py``): closing, partnerships, the terms
adding up, what the load refuses and what ``cardrules rules`` says."""

from __future__ import annotations

from typing import Any

import pytest
from rule_support import play

import cardrules
from cardrules.errors import VariantError
from cardrules.families.tricks.model import TrickScoring
from cardrules.families.tricks.scoring import scores
from cardrules.tools.describe import describe


def german(**patch: Any) -> cardrules.Game:
    return cardrules.load({"extends": "german-whist", "patch": patch})


def test_with_stock_closed_the_tricks_after_closing_count() -> None:
    game = german(play={"draw": "winner_first", "close": {"min_stock": 1}},
                  deal={"hand": 2}, scoring={"counted": "stock_closed"})
    state = game.setup(hands=["AS 2H", "KS 3H"], stock="4D 5D 6D", trump_card="7C",
                       leader=1, dealer=0, set_aside=[0, 0])
    state = play(state, "lead KS", "answer AS")  # the stock is open: set aside
    assert state.view(0).set_aside == [1, 0] and state.current_player == 0
    state = play(state, "close", "lead 4D", "answer 5D", "lead 3H", "answer 2H")
    assert state.is_over and state.tricks == (1, 2) and len(state.stock) == 2
    assert state.view(1).set_aside == [1, 0]  # nobody drew after the close: they count
    assert state.result is not None and state.result.scores == (0, 2)


def test_tricks_ahead_pools_partners_tricks_and_adds_to_the_book() -> None:
    both = TrickScoring(tricks_over=6, tricks_ahead=1)
    assert scores(both, points=(0,) * 4, tricks=(9, 4, 9, 4), won=(0,) * 4, point_cards=0,
                  last=-1, partner=(2, 3, 0, 1)) == (8, 0, 8, 0)
    ahead = TrickScoring(tricks_ahead=2)
    assert scores(ahead, points=(0,) * 3, tricks=(5, 5, 3), won=(0,) * 3, point_cards=0,
                  last=-1, partner=(0, 1, 2)) == (0, 0, 0)
    assert scores(ahead, points=(0,) * 3, tricks=(6, 4, 3), won=(0,) * 3, point_cards=0,
                  last=-1, partner=(0, 1, 2)) == (4, 0, 0)


def test_whist_scored_by_tricks_ahead_scores_the_partnership_s_margin() -> None:
    game = cardrules.load({"extends": "whist", "patch": {"scoring": {"tricks_over": None,
                                                                      "tricks_ahead": 1}}})
    state = game.setup(hands=["AS", "2S", "3S", "4S"], trump="H", leader=0,
                       tricks=[4, 3, 3, 2])
    state = play(state, "lead AS", "answer 2S", "answer 3S", "answer 4S")
    assert state.is_over and state.result is not None
    assert state.result.scores == (3, 0, 3, 0)  # 8 tricks against 5


def test_every_term_is_said_when_three_add_up() -> None:
    game = cardrules.load({"extends": "whist", "patch": {"scoring": {
        "tricks_ahead": 2, "points_taken": -1}, "pack": {"card_points": {"H": 1}}}})
    lines = describe(game.variant)
    at = lines.index("- Each partnership (both partners alike) scores the sum of:")
    assert lines[at + 1:at + 4] == [
        "  - 1 for each trick they took beyond 6 (nothing for 6 or fewer);",
        "  - minus 1 for each card point they took;",
        "  - 2 for each trick by which they took more than any other side (nothing when not "
        "more)."]


@pytest.mark.parametrize(("scoring", "named"), [
    ({"points_taken": 1}, "points_taken"), ({"last_trick": 10}, "last_trick"),
    ({"tricks_ahead": 0, "most_points": 1}, "most_points")])
def test_counted_is_refused_with_card_points(scoring: dict[str, Any], named: str) -> None:
    with pytest.raises(VariantError, match=f"counted sets tricks aside, not their card "
                                           f"points, which {named} would still count"):
        german(scoring=scoring)


def test_counted_is_refused_when_nothing_empties_the_stock() -> None:
    with pytest.raises(VariantError, match="no trick would ever count"):
        german(play={"draw": "none"})
    game = cardrules.load({"extends": "whist", "patch": {"scoring": {
        "counted": "stock_empty"}}})  # every card dealt: the stock is empty at once
    assert game.variant.scoring.counted.value == "stock_empty"


def test_more_tricks_set_aside_than_taken_is_refused() -> None:
    game = german()
    with pytest.raises(cardrules.StateError, match="player 1 has 3 tricks set aside but "
                                                   "took 2"):
        game.setup(hands=["AS", "2S"], tricks=[11, 2], set_aside=[10, 3])
    state = game.setup(hands=["AS", "2S"], tricks=[11, 2], set_aside=[10, 2])
    data = state.to_json()
    assert game.state_from_json(data) == state
    with pytest.raises(cardrules.StateError, match="set_aside: player 0 has 12 tricks"):
        game.state_from_json({**data, "set_aside": [12, 2]})
