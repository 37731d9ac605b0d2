"""Leduc poker (``variants/leduc-poker.yaml``): scenario tests, one or more per rule of
``docs/rules/leduc-poker.md`` (L1-L11); ``tests/test_openspiel_leduc_poker.py`` plays it
against OpenSpiel's ``leduc_poker``."""

from __future__ import annotations

import random
from functools import cache

import pytest
from rule_support import QUICK_LEAKS, play, refused
from rule_support import final_scores as scores
from rule_support import legal_words as labels

import cardrules
from cardrules.tools.check import run_check
from cardrules.tools.describe import describe


@cache
def leduc(players: int = 2) -> cardrules.Game:
    return cardrules.load("leduc-poker", players=players)


# L1, L2: the pack, the ante and the deal -------------------------------------------------


@pytest.mark.parametrize(("players", "ranks"), [(2, "J Q K"), (3, "J Q K A")])
def test_the_pack_has_two_suits_of_one_rank_more_than_players(players: int,
                                                              ranks: str) -> None:
    """L1."""
    pack = leduc(players).pack
    names = sorted(pack.names(pack.cards))
    assert names == sorted(f"{r}{s}" for r in ranks.split() for s in "SH")


def test_each_player_antes_one_of_100_chips_and_is_dealt_one_card() -> None:
    """L2."""
    view = leduc(3).new_deal(seed=2).view(1)
    assert view.chips == [99, 99, 99] and view.pot == 3
    assert [len(h) if isinstance(h, list) else h for h in view.hands] == [1, 1, 1]


# L3-L7: the betting -----------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1])
def test_seat_0_opens_each_round_whoever_deals(dealer: int) -> None:
    """L3."""
    state = leduc().setup(hands=["KS", "JH"], dealer=dealer)
    assert state.current_player == 0
    assert play(state, "check", "check").current_player == 0


def test_a_round_is_opened_by_the_first_player_after_seat_0_still_in() -> None:
    """L3: seat 0 folded in the first round; seat 1 opens the second."""
    state = play(leduc(3).setup(hands=["JS", "QS", "KS"], board="AH"),
                 "check", "bet", "call", "fold")
    assert state.view(1).round == 1 and state.current_player == 1


def test_check_or_bet_with_no_bet_and_call_raise_or_fold_facing_one() -> None:
    """L4."""
    state = leduc().setup(hands=["KS", "JH"])
    assert labels(state) == ["check", "bet"]
    refused(state, "fold", "L4")
    refused(state, "call", "L4")
    facing = play(state, "bet")
    assert labels(facing) == ["fold", "call", "raise"]
    refused(facing, "check", "L4")
    refused(facing, "bet", "L4")


def test_bets_are_of_2_then_4_and_a_round_has_at_most_two() -> None:
    """L5: 1 + 2 + 2 in the first round, + 4 + 4 in the second."""
    state = play(leduc().setup(hands=["KS", "JH"], board="QS"), "bet", "raise")
    assert state.view(0).staked == [3, 5]
    assert labels(state) == ["fold", "call"]
    refused(state, "raise", "L5")
    state = play(state, "call", "bet", "raise")
    assert state.view(0).staked == [9, 13]
    refused(state, "raise", "L5")
    assert scores(play(state, "call")) == (13, -13)


def test_a_round_ends_when_everyone_still_in_has_acted_since_the_last_bet() -> None:
    """L6: with three players a bet is answered by the two others, a raise by the
    bettor and the one who called."""
    state = play(leduc(3).setup(hands=["JS", "QS", "KS"], board="AH"), "bet", "call")
    assert state.view(0).round == 0 and state.current_player == 2
    state = play(state, "raise")
    assert state.current_player == 0
    state = play(state, "call")
    assert state.view(0).round == 0 and state.current_player == 1
    state = play(state, "call")
    assert state.view(0).round == 1 and state.view(0).staked == [5, 5, 5]


def test_a_public_card_is_turned_between_the_rounds() -> None:
    """L7."""
    state = leduc().setup(hands=["KS", "JH"], board="QH")
    assert state.view(1).board == []
    state = play(state, "check", "check")
    assert state.view(1).board == ["QH"] and state.view(1).round == 1
    assert state.view(0).stock == 3


# L8-L10: the end --------------------------------------------------------------------------


def test_when_all_but_one_fold_the_last_takes_the_pot_unseen() -> None:
    """L8: no public card either."""
    state = play(leduc().setup(hands=["KS", "JH"]), "bet", "fold")
    assert scores(state) == (1, -1)
    assert state.view(1).shown == [[], []] and state.view(1).board == []


def test_a_pair_with_the_public_card_beats_a_higher_card() -> None:
    """L9."""
    state = play(leduc().setup(hands=["KS", "JH"], board="JS"), "check", "check",
                 "check", "check")
    assert scores(state) == (-1, 1)
    shows = [e for e in state.view(0).events if e["kind"] == "show"]
    assert [e["note"] for e in shows] == ["high_card", "pair"]


def test_without_a_pair_the_higher_card_wins() -> None:
    """L9: K and the public Q beat J and Q."""
    state = play(leduc().setup(hands=["KS", "JH"], board="QS"), "bet", "call", "bet",
                 "call")
    assert scores(state) == (7, -7)


def test_equal_hands_split_the_pot() -> None:
    """L9: KS and KH with the public Q."""
    state = play(leduc().setup(hands=["KS", "KH"], board="QS"), "bet", "call", "check",
                 "check")
    assert scores(state) == (0, 0)
    assert state.result is not None and state.result.winners == (0, 1)


def test_an_odd_chip_of_a_split_pot_goes_to_the_first_winner_from_seat_0() -> None:
    """L9: seat 0 folds its ante; seats 1 and 2 split 1 + 3 + 3 = 7 chips, seat 1 taking
    the odd one (OpenSpiel gives each 3.5)."""
    state = play(leduc(3).setup(hands=["JS", "KS", "KH"], board="QS"),
                 "check", "bet", "call", "fold", "check", "check")
    assert scores(state) == (-1, 1, 0)


def test_each_player_wins_or_loses_the_chips_put_in() -> None:
    """L10."""
    state = play(leduc(3).setup(hands=["JS", "QS", "KS"], board="AH"),
                 "bet", "call", "fold", "check", "check")
    assert scores(state) == (-3, 4, -1) and sum(scores(state)) == 0


# L11: what each player sees ---------------------------------------------------------------


def test_a_player_sees_their_own_card_the_public_card_and_every_bet() -> None:
    """L11: a folded card is never shown."""
    state = play(leduc(3).setup(hands=["JS", "QS", "KS"], board="AH"), "bet", "fold",
                 "call")
    view = state.view(0)
    assert view.hands == [["JS"], 1, 1] and view.board == ["AH"]
    assert view.staked == [3, 1, 3] and view.line == "bfc/" and view.folded == [0, 1, 0]
    over = play(state, "check", "check")
    assert over.view(0).shown == [["JS"], [], ["KS"]] and over.view(0).hands[1] == 1


def test_the_rules_text_follows_the_rule_file() -> None:
    text = "\n".join(describe(leduc().variant))
    assert "In the second round 1 community card is turned face up" in text
    assert "pair, high card" in text


@pytest.mark.parametrize("players", [2, 3])
def test_cardrules_check_passes(players: int) -> None:
    report = run_check("leduc-poker", games=6, seed=3, players=[players],
                       leak_share=QUICK_LEAKS)
    assert report.failure is None, report.failure


def test_random_deals_neither_create_nor_lose_a_chip() -> None:
    """L2, L10: chips in hand and in the pot always add up to 100 per player, and the
    results add up to nothing."""
    for players in (2, 3):
        rng = random.Random(players)
        for seed in range(200):
            state = leduc(players).new_deal(seed=seed)
            while True:
                view = state.view(0)
                assert sum(view.chips) + view.pot == 100 * players
                if state.is_over:
                    break
                state = state.apply(rng.choice(state.legal_actions()))
            assert sum(scores(state)) == 0
