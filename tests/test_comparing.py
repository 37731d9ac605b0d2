"""The comparing family (``cardrules/families/comparing``) beyond the rules of Blackjack:
the house's other rules as data (a soft 17 drawn to, drawing alone), a natural paid
apart, several players against one house, rule files it refuses and tampered states."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rule_support import play

import cardrules
from cardrules.errors import StateError
from cardrules.tools.check import run_check
from cardrules.tools.describe import describe


def blackjack_with(play_patch: dict[str, Any] | None = None, players: int = 1,
                   **extra: Any) -> cardrules.Game:
    patch: dict[str, Any] = {"play": play_patch or {}, **extra}
    if players > 1:
        patch["players"] = {"min": 1, "max": 3}
    return cardrules.load({"extends": "blackjack", "patch": patch}, players=players)


def test_the_house_may_draw_to_a_soft_17() -> None:
    game = blackjack_with({"house": {"hits_soft": True}})
    state = play(game.setup(hands=["10S 8H"], house="AC 6C", stock="2D"), "stand")
    assert state.view(0).house == ["AC", "6C", "2D"] and state.result.scores == (-1,)


def test_the_house_may_draw_when_every_player_has_bust() -> None:
    game = blackjack_with({"house": {"plays_alone": True}})
    state = play(game.setup(hands=["10S 6H"], house="9C 5C", stock="KD 4D"), "hit")
    assert state.view(0).house == ["9C", "5C", "4D"] and state.result.scores == (-1,)


def test_a_natural_paid_apart_beats_a_three_card_21_and_ties_the_houses() -> None:
    game = blackjack_with(scoring={"win": 2, "tie": 0, "loss": -2, "natural": 3})
    assert play(game.setup(hands=["AS KH"], house="10C 5C", stock="6D"),
                "stand").result.scores == (3,)
    assert play(game.setup(hands=["AS KH"], house="AC QC"), "stand").result.scores == (0,)
    three = play(game.setup(hands=["9S 2H"], house="AC QC", stock="KD"), "hit", "stand")
    assert three.view(0).totals == [21] and three.result.scores == (-2,)
    text = "\n".join(describe(game.variant))
    assert "A natural (the first cards dealt making 21) wins 3" in text


def test_players_play_in_turn_from_seat_0_against_one_house() -> None:
    game = blackjack_with(players=3)
    state = game.setup(hands=["10S 6H", "10D 9H", "5S 4H"], house="9C 8C",
                       stock="KD 3D 2D")
    assert state.current_player == 0
    state = play(state, "hit")  # seat 0 busts with KD
    assert state.current_player == 1 and state.view(2).done == [1, 0, 0]
    state = play(state, "stand", "hit", "hit", "stand")  # seat 2: 5 4 3 2 = 14
    assert sorted(state.view(0).hands[2]) == ["2D", "3D", "4H", "5S"]
    assert state.view(0).house == ["9C", "8C"]  # 17: the house stands
    assert state.result.scores == (-1, 1, -1)


def test_several_players_pass_the_checker() -> None:
    source = {"extends": "blackjack", "patch": {"players": {"min": 1, "max": 3}}}
    report = run_check(source, games=10, seed=2, players=[3], leak_share=0.2)
    assert report.failure is None, report.failure


@pytest.mark.parametrize(("patch", "message"), [
    ({"play": {"high": {"Z": 11}}}, "'Z' is not a rank of the pack"),
    ({"play": {"high": {"A": 1}}}, "its higher value must be above that"),
    ({"play": {"house": {"hole": 3}}}, "3 hole cards, but the house is dealt 2"),
    ({"play": {"house": {"stands": 22}}}, "stands at most that"),
    ({"scoring": {"win": 0}}, "pay a win more than a tie"),
    ({"players": {"min": 1, "max": 8}}, "the pack has 52"),
])
def test_rule_files_the_family_refuses(patch: dict[str, Any], message: str) -> None:
    with pytest.raises(cardrules.VariantError, match=message):
        cardrules.load({"extends": "blackjack", "patch": patch})


def test_a_tampered_state_is_refused() -> None:
    game = cardrules.load("blackjack")
    data = game.setup(hands=["10S 6H"], house="9C 5C").to_json()
    with pytest.raises(StateError, match="face down"):
        game.state_from_json({**data, "hole": []} | {"stock": [*data["stock"], "9C"]})
    with pytest.raises(StateError, match="turn is over"):
        game.state_from_json({**data, "done": [1]})


def _best_total(values: list[int], extras: list[int], goal: int) -> tuple[int, bool]:
    """Every choice of which cards count high, the best within the goal: the
    reference ``ComparingTables.count`` must agree with."""
    hard = sum(values)
    best = 0
    for chosen in itertools.product((0, 1), repeat=len(extras)):
        extra = sum(e for e, c in zip(extras, chosen) if c)
        if hard + extra <= goal:
            best = max(best, extra)
    return hard + best, best > 0


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=0, max_size=9, unique=True))
def test_a_total_counts_high_every_card_it_can_within_the_goal(cards: list[int]) -> None:
    """Several ranks with a higher value (Aces 11, Kings 13): the total is the best sum
    within the goal over every choice of cards counted high, soft when one is."""
    game = blackjack_with({"high": {"A": 11, "K": 13}})
    tables = game.tables
    values = [tables.values[c] for c in cards]
    extras = [tables.extras[c] for c in cards]
    assert tables.count(cards) == _best_total(values, extras, tables.play.goal)


def test_a_deal_reads_the_stock_from_its_end_and_says_when_it_runs_short() -> None:
    """BJ2: each hand, then the house's hole card, then its shown card, from the end of
    the stock, which is cut once; a stock too short for the deal is named, not popped
    empty."""
    from cardrules.cards import bits
    from cardrules.families.comparing.state import ComparingState

    game = cardrules.load("blackjack")
    order = tuple(range(game.pack.count))
    dealt = game.new_deal(seed=1, order=order)
    assert isinstance(dealt, ComparingState)
    stock = dealt.stock + tuple(reversed((*bits(dealt.hands[0]), *bits(dealt.hole),
                                          *dealt.house)))
    assert len(dealt.stock) == game.pack.count - 4
    fresh = dealt._clone()
    fresh._stock = stock[:3]
    with pytest.raises(ValueError, match="a deal of 4 cards from a stock of 3"):
        fresh._deal_cards()
    fresh._stock = stock
    fresh._deal_cards()
    assert (fresh.hands, fresh.hole, fresh.house, fresh.stock) == (
        dealt.hands, dealt.hole, dealt.house, dealt.stock)

