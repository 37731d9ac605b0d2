"""Limit Texas Hold'em (``variants/limit-holdem.yaml``): scenario tests, one or more per
rule of ``docs/rules/limit-holdem.md`` (H1-H10); ``tests/test_openspiel_limit_holdem.py``
plays it against OpenSpiel's ``universal_poker``."""

from __future__ import annotations

from functools import cache

import pytest
from rule_support import QUICK_LEAKS, play, refused
from rule_support import final_scores as scores
from rule_support import legal_words as labels

import cardrules
from cardrules.tools.check import run_check
from cardrules.tools.describe import describe


@cache
def holdem() -> cardrules.Game:
    return cardrules.load("limit-holdem")


def deal(hands: tuple[str, str] = ("AS AH", "7C 2D"), board: str = "KD 9S 4C 3H 2S",
         line: str = "") -> cardrules.State:
    """Seat 0's and seat 1's cards, the five community cards in the order turned, and
    the actions of ``line`` applied."""
    return holdem().setup(hands=list(hands), board=board, line=line)


# H1, H2: the cards and the deal -------------------------------------------------------------


def test_two_players_and_a_pack_of_52_with_the_ace_highest() -> None:
    """H1."""
    game = holdem()
    assert game.players == 2 and game.pack.count == 52
    assert game.pack.ranks[0] == "2" and game.pack.ranks[-1] == "A"


def test_blinds_of_10_and_5_and_two_cards_each() -> None:
    """H2."""
    view = holdem().new_deal(seed=4).view(0)
    assert view.staked == [10, 5] and view.chips == [240, 245] and view.pot == 15
    assert len(view.hands[0]) == 2 and view.hands[1] == 2


# H3-H6: the betting ---------------------------------------------------------------------------


def test_seat_1_acts_first_before_the_flop_and_seat_0_after_it() -> None:
    """H3: the flop's three cards, then the turn's and the river's."""
    state = deal()
    assert state.current_player == 1
    state = play(state, "call", "check")
    assert state.view(0).round == 1 and len(state.view(0).board) == 3
    assert state.current_player == 0
    state = play(state, "check", "check")
    assert len(state.view(0).board) == 4 and state.current_player == 0
    state = play(state, "check", "check")
    assert len(state.view(0).board) == 5 and state.view(0).round == 3


def test_the_big_blind_is_the_bet_to_call_and_a_called_big_blind_may_raise() -> None:
    """H4."""
    state = deal()
    assert labels(state) == ["fold", "call", "raise"]
    refused(state, "check", "H4-H5")
    called = play(state, "call")
    assert labels(called) == ["check", "raise"]
    refused(called, "fold", "H4-H5")
    flop = play(called, "check")
    assert labels(flop) == ["check", "bet"]


def test_bets_are_10_then_20_and_a_round_has_at_most_four() -> None:
    """H5: the big blind and three raises before the flop; a bet and three raises on the
    turn, of 20 each."""
    state = play(deal(), "raise", "raise", "raise")
    assert state.view(0).staked == [30, 40] and labels(state) == ["fold", "call"]
    refused(state, "raise", "H5")
    state = play(state, "call", "check", "check", "bet", "raise", "raise", "raise")
    assert state.view(0).staked == [100, 120] and labels(state) == ["fold", "call"]


def test_a_round_ends_when_both_have_acted_and_put_in_as_much() -> None:
    """H6."""
    state = play(deal(), "call", "check", "bet")
    assert state.view(0).round == 1 and state.current_player == 1
    assert play(state, "call").view(0).round == 2


# H7-H9: the end -------------------------------------------------------------------------------


def test_a_fold_gives_the_other_player_the_pot_unseen() -> None:
    """H7."""
    state = play(deal(), "fold")
    assert scores(state) == (5, -5) and state.view(0).shown == [[], []]


def check_down(hands: tuple[str, str], board: str) -> cardrules.State:
    return play(deal(hands, board), "call", "check", *["check"] * 6)


@pytest.mark.parametrize(("hands", "board", "result", "name"), [
    (("QS JS", "AH AD"), "10S 9S 8S AC AS", (10, -10), "straight_flush"),
    (("AH AD", "KC KD"), "AC AS 2C 3D 9H", (10, -10), "four_of_a_kind"),
    (("9H 9D", "KC QC"), "9C 5C 4D 2C 7S", (-10, 10), "flush"),
    (("AH 2D", "KC KD"), "3C 4S 5H 9C JD", (10, -10), "straight"),
    (("AH KD", "AC KC"), "2C 7S 9H JD 4S", (0, 0), "high_card"),
])
def test_the_best_five_of_seven_win_the_showdown(hands: tuple[str, str], board: str,
                                                 result: tuple[int, int], name: str) -> None:
    """H8: the wheel A 2 3 4 5 is a straight; equal hands split the pot."""
    state = check_down(hands, board)
    assert scores(state) == result
    shown = [e["note"] for e in state.view(0).events if e["kind"] == "show"]
    assert name in shown


def test_the_deal_is_the_whole_game_and_the_result_is_chips_won() -> None:
    """H9."""
    state = play(deal(), "raise", "call", "bet", "call", "bet", "call", "bet", "call")
    assert scores(state) == (70, -70)
    assert holdem().variant.match.deals == 1


# H10: what each player sees -------------------------------------------------------------------


def test_a_player_sees_their_own_cards_and_the_board_only() -> None:
    """H10."""
    state = play(deal(), "call", "check")
    view = state.view(1)
    assert view.hands == [2, ["7C", "2D"]] and sorted(view.board) == ["4C", "9S", "KD"]
    assert play(deal(), "fold").view(1).hands[0] == 2


def test_random_deals_pass_the_checker_with_its_leak_search() -> None:
    """H10, and every invariant of the checker."""
    report = run_check("limit-holdem", games=6, seed=3, leak_share=QUICK_LEAKS)
    assert report.failure is None, report.failure


def test_the_rules_in_english_name_the_first_seats_and_the_classes() -> None:
    """H3, H8."""
    text = "\n".join(describe(holdem().variant))
    assert "seat 1 acts first" in text
    assert "straight flush, four of a kind, full house, flush, straight" in text
