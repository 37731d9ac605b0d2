"""Dou Dizhu (``variants/dou-dizhu.yaml``): scenario tests, one or more per rule of
``docs/rules/dou-dizhu.md`` (DD1-DD13), from explicit deals and positions.  The whole
game is compared with OpenSpiel's in ``tests/test_openspiel_dou_dizhu.py``."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from rule_support import QUICK_LEAKS, play, refused
from rule_support import final_scores as scores
from rule_support import legal_words as labels

import cardrules
from cardrules.tools.check import run_check


@cache
def dou_dizhu() -> cardrules.Game:
    return cardrules.load("dou-dizhu")


def deal(hands: list[str], kitty: str, first: int = 0) -> Any:
    """A deal with these hands (17 cards each) and kitty, ``first`` bidding first (on the
    dealer's left)."""
    game = dou_dizhu()
    held = [game.pack.parse_many(h) for h in hands]
    assert all(len(h) == 17 for h in held)
    dealt = [held[(first + j) % 3][j // 3] for j in range(51)]
    order = list(game.pack.parse_many(kitty)) + dealt[::-1]
    return game.new_deal(7, dealer=(first - 1) % 3, order=order)


def spread(*ranks: str) -> str:
    """Every card of these ranks."""
    return " ".join(f"{r}{s}" for r in ranks for s in "CDHS")


# Three hands of 17 and a kitty: player 0 holds the jokers and every 3 and 4.
HANDS = [spread("3", "4", "5", "6") + " BJ", spread("7", "8", "9", "10") + " RJ",
         spread("J", "Q", "K", "A") + " 2C"]
KITTY = "2D 2H 2S"


def test_three_players_and_54_cards_jokers_on_top() -> None:
    """DD1."""
    game = dou_dizhu()
    assert game.pack.count == 54 and game.players == 3
    state = game.setup(hands=["2C 5D", "BJ", "RJ 3S"], table="AS", last=2, current=0)
    assert labels(state) == ["pass", "play 2C"]  # the 2 beats an ace
    state = game.setup(hands=["2C 5D", "BJ 4C", "RJ 3S"], table="2S", last=0, current=1)
    assert labels(state) == ["pass", "play BJ"]  # the black joker beats a 2
    state = game.setup(hands=["2C 5D", "4C", "RJ 3S"], table="BJ", last=1, current=2)
    assert labels(state) == ["pass", "play RJ"]  # and the red joker the black


def test_seventeen_cards_each_and_a_kitty_of_three() -> None:
    """DD2."""
    state = deal(HANDS, KITTY, first=1)
    view = state.view(1)
    assert view.hands[0] == 17 and view.hands[2] == 17 and len(view.hands[1]) == 17
    assert view.stock == 3 and state.current_player == 1


def test_bids_of_one_to_three_a_pass_is_not_final() -> None:
    """DD3."""
    state = deal(HANDS, KITTY)
    assert labels(state) == ["pass", "bid 1", "bid 2", "bid 3"]
    state = play(state, "pass", "bid 1")
    assert labels(state) == ["pass", "bid 2", "bid 3"]
    state = play(state, "pass", "bid 2")  # player 0 passed, and bids again
    refused(state, "bid 2", "DD3")
    state = play(state, "pass", "pass")  # two passes in a row after a bid
    assert state.view(0).declarer == 0 and state.view(0).contract == 2


def test_a_bid_of_three_ends_the_auction_and_all_passing_ends_the_deal() -> None:
    """DD3."""
    state = play(deal(HANDS, KITTY), "pass", "bid 3")
    assert state.view(0).declarer == 1 and state.current_player == 1
    state = play(deal(HANDS, KITTY), "pass", "pass", "pass")
    assert state.is_over and scores(state) == (0, 0, 0)


def test_the_landlord_takes_the_kitty_face_up_and_leads() -> None:
    """DD4, DD5."""
    state = play(deal(HANDS, KITTY), "pass", "pass", "bid 1", "pass", "pass")
    view = state.view(0)
    assert view.widow == ["2D", "2H", "2S"]  # seen by a peasant
    assert len(state.view(2).hands[2]) == 20
    assert state.current_player == 2
    refused(state, "pass", "DD5")


def test_suits_never_matter() -> None:
    """DD6: a play is written with the first cards of its ranks and lays the player's."""
    game = dou_dizhu()
    state = game.setup(hands=["5H 5S 9D", "6C", "7C"], current=0)
    assert labels(state) == ["play 5C", "play 9C", "play 5C 5D"]
    state = state.apply("play 5C 5D")
    assert state.view(1).table == ["5H", "5S"]
    refused(game.setup(hands=["5H 5S 9D", "6C", "7C"], current=0), "play 5H 5S", "DD6")


def test_the_combinations() -> None:
    """DD7: every kind but four with two; attachments never hold a bomb or the rocket."""
    game = dou_dizhu()
    state = game.setup(hands=["3C 3D 3H 4C 4D 4H 5C 6C 7C BJ RJ", "8C", "9C"], current=0)
    words = labels(state)
    assert "play 3C 3D 3H 5C" in words  # trio_solo
    assert "play 3C 3D 3H 4C 4D" in words  # trio_pair
    assert "play 3C 4C 5C 6C 7C" in words  # straight
    assert "play 3C 3D 3H 4C 4D 4H" in words  # airplane
    assert "play 3C 3D 3H 4C 4D 4H 5C BJ" in words  # airplane_solo
    assert "play 3C 3D 3H 4C 4D 4H BJ RJ" not in words  # the rocket is never attached
    assert "play BJ RJ" in words
    four_with_two = game.setup(hands=["3C 3D 3H 3S 5C 6C", "8C", "9C"], current=0)
    assert "play 3C 3D 3H 3S 5C 6C" not in labels(four_with_two)
    assert "play 3C 3D 3H 3S" in labels(four_with_two)  # the bomb


def test_cards_read_two_ways_name_the_combination() -> None:
    """DD7: a chain of four trios, or three with the fourth attached."""
    game = dou_dizhu()
    hand = "3C 3D 3H 4C 4D 4H 5C 5D 5H 6C 6D 6H"
    state = game.setup(hands=[hand + " 8D", "8C", "9C"], current=0)
    words = labels(state)
    assert f"play airplane {hand}" in words
    assert f"play airplane_solo {hand}" in words
    assert "play airplane_solo 4C 4D 4H 5C 5D 5H 6C 6D 6H 3C 3D 3H" in words
    assert f"play {hand}" not in words
    after = state.apply("play airplane_solo 4C 4D 4H 5C 5D 5H 6C 6D 6H 3C 3D 3H")
    assert after.view(1).combination == "airplane_solo"


def test_a_play_beats_the_same_kind_higher_or_a_bomb() -> None:
    """DD8."""
    game = dou_dizhu()
    state = game.setup(hands=["8C 8D 8H 4C 9S 9H 9D 9C", "5C", "6C"], table="7C 7D 7H 3C",
                       last=2, current=0)
    words = labels(state)
    assert words[0] == "pass" and "play 8C 8D 8H 4C" in words and "play 9C 9D 9H 8C" in words
    assert "play 9C 9D 9H 9S" in words  # the bomb
    assert all(w.startswith(("pass", "play 8C 8D 8H", "play 9C 9D 9H")) for w in words)
    refused(state, "play 8C 8D", "DD8")
    bomb = game.setup(hands=["BJ RJ 5C 5D 5H 5S", "4C", "6C"], table="9C 9D 9H 9S",
                      last=2, current=0)
    assert labels(bomb) == ["pass", "play BJ RJ"]
    rocket = game.setup(hands=["3C 3D 3H 3S 6C", "4C", "6D"], table="BJ RJ", last=2,
                        current=0)
    assert labels(rocket) == ["pass", "play 3C 3D 3H 3S"]  # OpenSpiel: a bomb on the rocket


def test_no_chain_from_a_rank_held_four_times() -> None:
    """DD8 (OpenSpiel): a straight may not start at a rank the player holds all four of."""
    game = dou_dizhu()
    state = game.setup(hands=["3C 3D 3H 3S 4C 5C 6C 7C 8C", "9C", "10C"], current=0)
    words = labels(state)
    assert "play 3C 4C 5C 6C 7C" not in words and "play 4C 5C 6C 7C 8C" in words
    refused(state, "play 3C 4C 5C 6C 7C", "DD8")


def test_passing_does_not_stop_a_player() -> None:
    """DD9, DD10."""
    game = dou_dizhu()
    state = game.setup(hands=["5C 9C", "6C 10C", "7C JC"], current=0)
    state = play(state, "play 5C", "pass", "play 7C", "pass")
    assert state.current_player == 1 and "play 10C" in labels(state)  # back in
    state = play(state, "pass")
    assert state.view(0).table == [] and state.current_player == 2  # the table clears


def test_the_deal_ends_at_the_first_out() -> None:
    """DD11."""
    game = dou_dizhu()
    state = play(game.setup(hands=["5C", "6C 9C", "7C JC"], current=0), "play 5C")
    assert state.is_over


def test_the_stake_doubled_by_bombs_and_a_spring() -> None:
    """DD12: four bombs and a spring (the peasants never played) double a bid of 2 five
    times: the landlord wins 64 from each peasant."""
    state = play(deal(HANDS, KITTY), "bid 2", "pass", "pass")
    for rank in "3456":
        state = play(state, f"play {rank}C {rank}D {rank}H {rank}S", "pass", "pass")
    state = play(state, "play 2C 2D 2H BJ")
    assert scores(state) == (128, -64, -64)


def test_the_peasants_win_the_stake_from_the_landlord() -> None:
    """DD12: a peasant goes out first after four bombs; the landlord played only once,
    which is a spring too (OpenSpiel): a bid of 1 doubled five times, paid to each."""
    state = play(deal(HANDS, KITTY), "bid 1", "pass", "pass", "play 3C")
    for rank in ("7", "8", "9", "10"):
        state = play(state, f"play {rank}C {rank}D {rank}H {rank}S", "pass", "pass")
    state = play(state, "play RJ")
    assert scores(state) == (-64, 32, 32)


def test_one_deal_is_a_match() -> None:
    """DD13."""
    game = dou_dizhu()
    assert game.variant.match.deals == 1


def test_cardrules_check_passes() -> None:
    report = run_check("dou-dizhu", games=4, seed=3, leak_share=QUICK_LEAKS)
    assert report.failure is None, report.failure


@pytest.mark.parametrize("seed", range(3))
def test_greedy_and_search_bots_play_it(seed: int) -> None:
    import random

    from cardrules.tools.bots import act, make_bot

    state = dou_dizhu().new_deal(seed)
    bots = [make_bot("greedy"), make_bot("ismcts:10"), make_bot("greedy")]
    rng = random.Random(seed)
    while not state.is_over:
        state = state.apply(act(bots[state.current_player], state, rng))
    assert sum(scores(state)) == 0
