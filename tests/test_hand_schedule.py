"""Hand sizes from a schedule by the deal's number in the match (starting over after the
last entry) and by the number of players (``deal.hand: {by_players: {...}}``); cards not
dealt stay unseen in the stock; everything sized by a hand uses the largest size."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import yaml

import cardrules
from cardrules.model.bounds import legal_action_bound
from cardrules.tools.conformance import check_cards, check_views
from cardrules.tools.describe import describe

FIXTURE = str(Path(__file__).parent / "fixtures" / "bidding_tricks.yaml")


def _rules(hand: Any, **changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(Path(FIXTURE).read_text())
    return {**data, "deal": {"hand": hand, "trump_card": True}, **changes}


def _deal_sizes(game: cardrules.Game, deals: int, seed: int = 1) -> list[int]:
    """The hand size of each of the first ``deals`` deals of a random match."""
    rng = random.Random(seed)
    state = game.new_match(seed=seed)
    sizes = [len(state.view(0).hands[0])]
    while len(sizes) < deals and not state.is_over:
        number = state.view(0).match["deal"]
        state = state.apply(rng.choice(state.legal_actions()))
        if state.view(0).match["deal"] != number and not state.is_over:
            sizes.append(len(state.view(0).hands[0]))
    return sizes


def test_the_deal_number_picks_the_entry_and_the_schedule_starts_over() -> None:
    game = cardrules.load(_rules({"schedule": [1, 2, 3]}), players=4)
    assert _deal_sizes(game, 5) == [1, 2, 3, 1, 2]


@pytest.mark.parametrize(("players", "sizes"), [(3, [1, 2, 3, 4, 3, 2, 1, 1]),
                                                (4, [1, 2, 3, 2, 1, 1]), (5, [2, 1, 2])])
def test_the_number_of_players_picks_the_schedule(players: int, sizes: list[int]) -> None:
    data: dict[str, Any] = yaml.safe_load(Path(FIXTURE).read_text())
    long = {"goal": "reach_target", "target": 1000, "max_deals": 60}
    game = cardrules.load({**data, "match": long}, players=players)
    assert _deal_sizes(game, len(sizes)) == sizes


def test_a_table_by_players_may_give_one_size() -> None:
    game = cardrules.load(_rules({"by_players": {3: 6, 4: 5, 5: 4}}), players=4)
    assert _deal_sizes(game, 2) == [5, 5]
    assert game.variant.deal.hand == 6 and game.tables.hand_size == 5


def test_a_plain_hand_size_still_works() -> None:
    game = cardrules.load(_rules(3), players=3)
    assert _deal_sizes(game, 3) == [3, 3, 3]
    assert game.variant.deal.schedule == {}


def test_cards_not_dealt_stay_unseen_in_the_stock() -> None:
    game = cardrules.load(FIXTURE, players=3)
    state = game.new_deal(seed=5)  # deal number 0: one card each
    view = state.view(0)
    assert len(view.hands[0]) == 1 and view.hands[1] == 1
    assert view.stock == game.pack.size - 3  # a count: face down
    assert view.trump_card
    check_cards(state)
    rng = random.Random(5)
    while not state.is_over:
        check_views(state, rng)
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.result is not None


def test_drawing_fills_hands_up_to_the_deal_s_size() -> None:
    game = cardrules.load({"extends": "bura", "patch": {
        "deal": {"hand": {"schedule": [4, 5]}, "trump_card": True}}}, players=2)
    state = game.new_match(seed=3)
    rng = random.Random(2)
    while state.view(0).match["deal"] < 1:
        state = state.apply(rng.choice(state.legal_actions()))
    hands = state.view(0).hands
    assert len(hands[0]) == 5 and hands[1] == 5  # deal number 1: the schedule's second
    while not any(e["kind"] == "take" for e in state.view(0).events):
        state = state.apply(rng.choice(state.legal_actions()))
    hands = state.view(0).hands
    assert len(hands[0]) == 5 and hands[1] == 5


def test_everything_sized_by_a_hand_uses_the_largest() -> None:
    small = cardrules.load(_rules(4), players=3)
    game = cardrules.load(FIXTURE, players=3)
    assert game.tables.hand_size == 4 and game.variant.deal.largest(3) == 4
    assert game.action_space.size == small.action_space.size
    assert game.observation.size == small.observation.size
    assert legal_action_bound(game.variant) == legal_action_bound(small.variant)


def test_the_rules_in_english_give_the_schedule() -> None:
    lines = describe(cardrules.load(FIXTURE).variant)
    assert ("- Each player is dealt 1, 2, 3, 4, 3, 2, 1 cards with 3 players, 1, 2, 3, 2, 1 "
            "cards with 4 players, 2, 1 cards with 5 players, in turn from deal to deal "
            "(then again from the first); the next card is turned up: its suit is trump and "
            "it stays face up on the pack; the rest of the pack is not used in the deal.") \
        in lines  # play.draw: none, so the turned card and the rest are never drawn


def test_a_missing_player_count_or_too_few_cards_is_refused() -> None:
    with pytest.raises(cardrules.VariantError, match="no hand size for 5 players"):
        cardrules.load(_rules({"by_players": {3: 4, 4: 4}}))
    with pytest.raises(cardrules.VariantError, match="4 players need 41 cards to deal"):
        cardrules.load(_rules({"by_players": {3: 4, 4: 10, 5: 2}}))


@pytest.mark.parametrize("hand", [{"schedule": []}, {"schedule": [0]}, {"by_players": {}},
                                  {"schedule": [1], "by_players": {3: 1}}, {"by": 1}])
def test_a_bad_hand_section_is_a_located_error(hand: Any) -> None:
    with pytest.raises(cardrules.VariantError, match=r"\$\.deal\.hand"):
        cardrules.load(_rules(hand))
