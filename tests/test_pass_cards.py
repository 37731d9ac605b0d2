"""The built-in pass_cards phase: passing after the deal in a fixed or rotating direction
(one card at a time, face down), with everything derived from its declarations."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from rule_support import QUICK_LEAKS

import cardrules
from cardrules.tools.check import run_check


def _game(**section: Any) -> cardrules.Game:
    """Four-player Bura in partnerships (passing across needs an even number of players)
    with a pass_cards phase."""
    return cardrules.load({"extends": "bura", "options": {"teams": "on"},
                           "patch": {"phases": [{"pass_cards": section}]}}, players=4)


def _pass_all(state: cardrules.State, rng: random.Random) -> cardrules.State:
    while state.view(max(state.current_player, 0)).phase == "pass_cards":
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("direction", "step"), [("left", 1), ("right", 3), ("across", 2)])
def test_cards_go_in_the_deal_s_direction(direction: str, step: int) -> None:
    game = _game(count=2, direction=direction)
    state = game.new_deal(seed=3)
    assert state.view(0).pass_direction == direction
    before = [set(game.pack.cards_of(h)) for h in state.hands]
    state = _pass_all(state, random.Random(1))
    for giver in range(4):
        given = before[giver] - set(game.pack.cards_of(state.hands[giver]))
        assert len(given) == 2
        assert given <= set(game.pack.cards_of(state.hands[(giver + step) % 4]))
        assert state.view(giver).passed == list(game.pack.names(sorted(given)))


def test_the_direction_rotates_by_deal_and_none_skips_the_phase() -> None:
    game = _game(count=1, rotate=["left", "none"])
    state = game.new_match(seed=2)
    assert state.view(0).phase == "pass_cards"
    rng = random.Random(2)
    while state.view(0).match["deal"] < 1 and not state.is_over:  # into deal number 1
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.view(0).pass_direction == "none"
    assert state.view(0).phase != "pass_cards"


def test_a_giver_s_resample_keeps_the_passed_cards_where_they_went() -> None:
    game = _game(count=2, direction="left")
    state = _pass_all(game.new_deal(seed=5), random.Random(5))
    passed = state.view(0).passed
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
                        "patch": {"phases": [{"pass_cards": section}]}}, games=12, seed=4,
                       leak_share=QUICK_LEAKS)
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
    from cardrules.tools.describe import describe

    lines = describe(_game(count=3, rotate=["left", "right", "across", "none"]).variant)
    assert ("- After the deal each player passes 3 cards: to the left, to the right, across, "
            "no passing, in turn from deal to deal.") in lines


# chance: the deal's direction drawn by lot ----------------------------------------------

CHANCE = ["left", "right", "across", "none"]
STEPS = {"left": 1, "right": 3, "across": 2}


def test_a_direction_drawn_by_lot_comes_from_the_deal_s_seed() -> None:
    game = _game(count=1, chance=CHANCE)
    drawn = [game.new_deal(seed=s).to_json()["pass_direction"] for s in range(200)]
    assert drawn == [game.new_deal(seed=s).to_json()["pass_direction"] for s in range(200)]
    counts = {d: drawn.count(d) for d in CHANCE}
    assert set(drawn) == set(CHANCE) and min(counts.values()) > 30, counts
    # the shuffle given as an order does not change the draw: the seed alone decides it
    order = list(range(game.pack.size))
    assert [game.new_deal(seed=s, order=order).to_json()["pass_direction"]
            for s in range(200)] == drawn


@pytest.mark.parametrize("direction", CHANCE)
def test_the_drawn_direction_is_public_and_the_cards_go_that_way(direction: str) -> None:
    game = _game(count=2, chance=CHANCE)
    seed = next(s for s in range(100)
                if game.new_deal(seed=s).to_json()["pass_direction"] == direction)
    state = game.new_deal(seed=seed)
    assert all(state.view(p).pass_direction == direction for p in range(4))
    assert game.state_from_json(state.to_json()) == state
    if direction == "none":  # nothing to pass: play begins at once
        assert state.view(0).phase != "pass_cards"
        return
    before = [set(game.pack.cards_of(h)) for h in state.hands]
    state = _pass_all(state, random.Random(seed))
    assert state.view(2).pass_direction == direction
    for giver in range(4):
        given = before[giver] - set(game.pack.cards_of(state.hands[giver]))
        assert given <= set(game.pack.cards_of(state.hands[(giver + STEPS[direction]) % 4]))


def test_a_seed_is_derived_for_the_phase_only_when_it_draws_by_lot(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A direction fixed or rotating draws nothing: the flow derives no seed for the
    phase (``Phase.draws_in``), and a deal is the same either way."""
    from cardrules.engine import flow

    derived: list[tuple[object, ...]] = []
    real = flow.derive_seed
    monkeypatch.setattr(flow, "derive_seed", lambda *a: derived.append(a) or real(*a))
    fixed, drawn = _game(count=1, direction="left"), _game(count=1, chance=CHANCE)
    assert fixed.drawing == () and drawn.drawing == (0,)
    fixed.new_deal(seed=5)
    drawn.new_deal(seed=5)
    if flow.__file__.endswith(".py"):  # compiled, the flow calls derive_seed directly
        assert derived == [(5, "phase", 0, "pass_cards")]


def test_each_deal_of_a_match_draws_its_own_direction() -> None:
    game = _game(count=1, chance=CHANCE)
    rng, seen = random.Random(3), set()
    state = game.new_match(seed=3)
    while not state.is_over and state.view(0).match["deal"] < 12:
        seen.add(state.view(0).pass_direction)
        state = state.apply(rng.choice(state.legal_actions()))
    assert len(seen) > 1


def test_a_position_may_name_the_drawn_direction() -> None:
    game = _game(count=1, chance=CHANCE)
    state = game.new_deal(seed=1)
    data = {**state.to_json(), "pass_direction": "sideways"}
    with pytest.raises(cardrules.StateError, match="'sideways' is not one of"):
        game.state_from_json(data)
    for word in ("left", "across"):
        moved = game.state_from_json({**state.to_json(), "pass_direction": word})
        assert moved.view(0).pass_direction == word


def test_chance_excludes_the_other_ways_and_reads_in_english() -> None:
    with pytest.raises(cardrules.VariantError, match="should not be valid"):
        _game(count=1, direction="left", chance=CHANCE)
    with pytest.raises(cardrules.VariantError, match="non-unique"):
        _game(count=1, chance=["left", "left"])
    from cardrules.tools.describe import describe

    assert ("- After the deal each player passes 3 cards: to the left, to the right, across "
            "or no passing, drawn by lot for each deal.") in describe(
                _game(count=3, chance=CHANCE).variant)


def test_cardrules_check_passes_with_a_drawn_direction() -> None:
    report = run_check({"extends": "bura", "options": {"teams": "on"},
                        "patch": {"phases": [{"pass_cards": {"count": 1, "chance": CHANCE}}]}},
                       games=12, seed=5, leak_share=QUICK_LEAKS)
    assert report.failure is None, report.failure


def test_give_actions_are_labelled_with_their_card() -> None:
    """A ``give`` action reads as the card it gives (``give 4C``), never a card index."""
    game = cardrules.load("hearts", players=4)
    state = game.new_deal(1)
    for action in state.legal_actions():
        (card,) = action.cards
        assert str(action) == action.label == f"give {game.pack.name(card)}"
        assert state.describe(action) == str(action)


@pytest.mark.parametrize(("order", "seats"), [
    (None, lambda d: [(d + k) % 4 for k in (1, 2, 3, 4)]),
    ("counter_clockwise", lambda d: [(d - k) % 4 for k in (1, 2, 3, 4)]),
    ({"from": 2, "direction": "counter_clockwise"}, lambda d: [2, 1, 0, 3])])
def test_each_seat_chooses_all_its_cards_in_the_order_then_the_cards_pass(
        order: Any, seats: Callable[[int], list[int]]) -> None:
    """The turn moves on once a seat has set its cards aside, in the phase's order, and
    nothing passes before the last seat has."""
    game = _game(count=3, **({"order": order} if order is not None else {}))
    state, rng = game.new_deal(seed=5), random.Random(2)
    chose = []
    for _ in range(4 * 3):
        assert state.view(0).phase == "pass_cards"
        assert not any(state.view(p).passed for p in range(4))
        chose.append(state.current_player)
        state = state.apply(rng.choice(state.legal_actions()))
    assert chose == [seat for seat in seats(state.dealer) for _ in range(3)]
    assert state.view(0).phase != "pass_cards"
    assert all(len(state.view(p).passed) == 3 for p in range(4))


def test_the_phases_view_entries_are_kept_per_record_and_each_view_has_its_own() -> None:
    """pass_cards' view depends on its fields alone (``view_from_fields``): the flow works
    its entries out once per phase record and seat, and a view changed by its caller
    leaves the next view as it was."""
    from cardrules.engine import flow
    from cardrules.engine.phased import bind

    game = cardrules.load("hearts", players=4)
    phase, settings = game.phases[0]
    assert phase.view_from_fields
    state, rng = game.new_deal(seed=8), random.Random(3)
    while not state.is_over:
        for seat in range(4):
            assert {k: v for k, v in flow.view(state, seat).items() if k != "phase"} == \
                phase.view(bind(state), settings, seat)
        state = state.apply(rng.choice(state.legal_actions()))
    into = {"phase": "answer", "mine": 1}  # a family's entries: the phases' are added
    passing = game.new_deal(seed=8)
    assert flow.view(passing, 0, into) is into
    assert list(into)[:2] == ["phase", "mine"] and into["phase"] == "pass_cards"
    assert {k: into[k] for k in ("pass_direction", "passing", "passed")} == \
        phase.view(bind(passing), settings, 0)
    played = game.new_deal(seed=8)
    played = _pass_all(played, rng)
    first = played.view(2)
    first.passed.append("XX")
    first.passing[2].append("YY")
    again = played.view(2)
    assert "XX" not in again.passed and again.passing[2] == []
    assert played.apply(played.legal_actions()[0]).view(2).passed == again.passed


def test_each_new_deal_has_a_phase_record_of_its_own() -> None:
    """A new deal's phase record is a copy of one made once per layout: each deal's is
    its own object, at the phase's initial values until the deal draws or passes."""
    game = _game(count=2, chance=["left", "right"])
    first, second = game.new_deal(seed=1), game.new_deal(seed=2)
    assert first._phased is not second._phased
    assert first._phased._passing == second._phased._passing == (0, 0, 0, 0)
    directions = {game.new_deal(seed=s).view(0).pass_direction for s in range(12)}
    assert directions == {"left", "right"}  # each deal keeps the direction it drew
    assert game.new_deal(seed=1).view(0).pass_direction == first.view(0).pass_direction


def test_the_give_actions_are_made_once_per_pack_and_word() -> None:
    """``memo.card_actions``: the legal actions of every pass share the actions made for
    the game's pack, by card number; another word or pack gets its own."""
    from cardrules.phases.memo import card_actions

    game = _game(count=2, direction="left")
    gives = card_actions(game.pack, "give")
    assert card_actions(game.pack, "give") is gives
    assert [a.label for a in gives] == [f"give {game.pack.name(c)}" for c in game.pack.cards]
    state = game.new_deal(seed=2)
    assert all(any(a is g for g in gives) for a in state.legal_actions())
    assert card_actions(game.pack, "discard")[0].label.startswith("discard ")
    other = cardrules.load("bura", players=2).pack
    assert card_actions(other, "give") is not gives
