"""The built-in pass_cards phase: passing after the deal in a fixed or rotating direction
(one card at a time, face down), with everything derived from its declarations."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardrules
from cardrules.check import run_check


def _game(**section: Any) -> cardrules.Game:
    """Four-player Bura in partnerships (passing across needs an even number of players)
    with a pass_cards phase."""
    return cardrules.load({"extends": "bura", "options": {"teams": "on"},
                           "patch": {"phases": [{"pass_cards": section}]}}, players=4)


def _pass_all(state: cardrules.State, rng: random.Random) -> cardrules.State:
    while state.view(max(state.current_player, 0)).get("phase") == "pass_cards":
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("direction", "step"), [("left", 1), ("right", 3), ("across", 2)])
def test_cards_go_in_the_deal_s_direction(direction: str, step: int) -> None:
    game = _game(count=2, direction=direction)
    state = game.new_deal(seed=3)
    assert state.view(0)["pass_direction"] == direction
    before = [set(game.pack.cards_of(h)) for h in state.hands]
    state = _pass_all(state, random.Random(1))
    for giver in range(4):
        given = before[giver] - set(game.pack.cards_of(state.hands[giver]))
        assert len(given) == 2
        assert given <= set(game.pack.cards_of(state.hands[(giver + step) % 4]))
        assert state.view(giver)["passed"] == list(game.pack.names(sorted(given)))


def test_the_direction_rotates_by_deal_and_none_skips_the_phase() -> None:
    game = _game(count=1, rotate=["left", "none"])
    state = game.new_match(seed=2)
    assert state.view(0)["phase"] == "pass_cards"
    rng = random.Random(2)
    while state.view(0)["match"]["deal"] < 1 and not state.is_over:  # into deal number 1
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.view(0)["pass_direction"] == "none"
    assert state.view(0)["phase"] != "pass_cards"


def test_a_giver_s_resample_keeps_the_passed_cards_where_they_went() -> None:
    game = _game(count=2, direction="left")
    state = _pass_all(game.new_deal(seed=5), random.Random(5))
    passed = state.view(0)["passed"]
    for seed in range(10):
        other = state.resample(0, random.Random(seed))
        assert set(passed) <= set(game.pack.names(game.pack.cards_of(other.hands[1])))


def test_refusals_and_the_notation() -> None:
    game = _game(count=1, direction="left")
    state = game.new_deal(seed=1)
    assert "give them one at a time" in (state.why_illegal(game.parse_action("pass")) or "")
    card = next(c for c in range(game.pack.size)
                if not state.hands[state.current_player] >> c & 1)
    with pytest.raises(cardrules.IllegalActionError, match="only give a card from your hand"):
        state.apply("give " + game.pack.name(card))


@pytest.mark.parametrize("section", [{"count": 1, "direction": "left"},
                                     {"count": 2, "rotate": ["left", "right", "across",
                                                             "none"]}])
def test_cardrules_check_passes(section: dict[str, Any]) -> None:
    report = run_check({"extends": "bura", "options": {"teams": "on"},
                        "patch": {"phases": [{"pass_cards": section}]}}, games=12, seed=4)
    assert report.failure is None, report.failure


@pytest.mark.parametrize(("section", "message"), [
    ({"count": 5}, "cannot pass 5 cards from a hand of 4"),
    ({"count": 1, "direction": "across"}, "across needs an even number of players"),
    ({"count": 1, "direction": "left", "rotate": ["left"]}, "should not be valid"),
    ({"direction": "left"}, "'count' is a required property"),
])
def test_bad_sections_are_located_errors(section: dict[str, Any], message: str) -> None:
    with pytest.raises(cardrules.VariantError, match=message):
        cardrules.load({"extends": "bura", "patch": {"phases": [{"pass_cards": section}]}})


def test_the_rules_in_english_say_it() -> None:
    from cardrules.describe import describe

    lines = describe(_game(count=3, rotate=["left", "right", "across", "none"]).variant)
    assert ("- After the deal each player passes 3 cards: to the left, to the right, across, "
            "no passing, in turn from deal to deal.") in lines
