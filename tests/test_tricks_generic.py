"""The generic tricks procedure with a small game of its own (not Bura), defined in memory."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from rule_support import QUICK_LEAKS

import cardrules
from cardrules.families.tricks.state import TricksState
from cardrules.tools.conformance import check_playout

PIQUET: dict[str, Any] = {
    "name": "little_tricks",
    "title": "Little tricks",
    "players": {"min": 2, "max": 2},
    "pack": {"ranks": ["9", "10", "J", "Q", "K", "A"], "suits": ["S", "H"],
             "points": {"A": 3, "K": 2, "Q": 1}},
    "zones": {"hand": "owner", "won": "public", "trick": "public"},
    "deal": {"hand": 6},
    "play": {
        "procedure": "tricks",
        "lead": {"max_cards": 1},
        "answer": {"face_up": True, "face_down": False},
        "beats": ["higher_same_suit"],
        "trump": {"source": "fixed", "suit": "S"},
        "draw": "none",
    },
    "scoring": {"most_points": 0, "bands": {"some": {"min_tricks": 1, "score": 1},
                                            "none": {"score": 3}}},
    "match": {"goal": "avoid_losing_total", "losing_total": 5},
}
"""Two players, twelve cards, six each, one-card leads answered face up, spades trumps."""


def _game(**changes: Any) -> cardrules.Game:
    data = copy.deepcopy(PIQUET)
    for key, value in changes.items():
        data[key] = {**data[key], **value}
    return cardrules.load(data, players=2)


def test_a_whole_deal_with_one_card_leads_face_up_answers() -> None:
    game = _game()
    state = game.new_deal(seed=3)
    assert isinstance(state, TricksState)
    assert [h.bit_count() for h in state.hands] == [6, 6] and state.stock == ()
    rng = random.Random(3)
    tricks = 0
    while not state.is_over:
        actions = state.legal_actions()
        assert all(len(a.cards) == 1 and a.kind.value in ("lead", "answer") for a in actions)
        state = state.apply(rng.choice(actions))
        tricks += any(e.kind == "take" for e in state.events)
    assert tricks == 6 and sum(state.tricks) == 6
    assert state.result is not None
    points = state.result.details["points"]
    assert sum(points) == 12
    assert state.result.scores in ((0, 1), (1, 0), (0, 0), (0, 3), (3, 0))


def test_fixed_trump_beats_plain_and_face_down_is_refused() -> None:
    game = _game()
    state = game.setup(hands=["AH 9S", "9H 10S"], leader=0)
    after = state.apply("lead AH").apply("answer 10S")
    assert isinstance(after, TricksState) and after.winner == 1
    with pytest.raises(cardrules.IllegalActionError, match="face up"):
        state.apply("lead AH").apply("throw 9H")


def test_public_won_cards_show_everyone_the_points() -> None:
    game = _game()
    state = game.setup(hands=["AH", "9H"], won=["KS", "QS"])
    view = state.view(1)
    assert view.won == [["KS"], ["QS"]] and view.points == [2, 1]


def test_conformance_of_the_small_game() -> None:
    for seed in range(4):
        check_playout(_game(), seed, leak_share=QUICK_LEAKS)
    check_playout(_game(), 9, match=True, leak_share=QUICK_LEAKS)


@pytest.mark.parametrize(("changes", "message"), [
    ({"play": {"combinations": {"big": {"size": 7}}}}, "a hand holds 6"),
    ({"play": {"combinations": {"x": {"size": 2, "all": {"ranks": ["7"]}}}}},
     "unknown rank '7'"),
    ({"play": {"trump": {"source": "fixed"}}}, "needs a suit of the pack"),
    ({"play": {"trump": {"source": "turned_card"}}}, "needs deal.trump_card"),
    ({"play": {"lead": {"max_cards": 7}}}, "cannot come from a hand of 6"),
    ({"play": {"answer": {"face_up": False}}}, "face up, face down or both"),
    ({"scoring": {"bands": {"all": {"score": 1}, "late": {"score": 2}}}}, "never reached"),
    ({"scoring": {"bands": {"rich": {"min_points": 50, "score": 1}}}}, "the pack holds 12"),
])
def test_cross_field_checks(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(cardrules.VariantError, match=message):
        _game(**changes)


def test_schema_refuses_unknown_keys() -> None:
    with pytest.raises(cardrules.VariantError, match="follow"):
        _game(play={"answer": {"follow": True}})
