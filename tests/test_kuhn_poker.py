"""Kuhn poker (``variants/kuhn-poker.yaml``): scenario tests, one or more per rule of
``docs/rules/kuhn-poker.md`` (K1-K9); ``tests/test_openspiel_kuhn_poker.py`` plays it
against OpenSpiel's ``kuhn_poker``."""

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
def kuhn(players: int = 2) -> cardrules.Game:
    return cardrules.load("kuhn-poker", players=players)


# K1, K2: the pack, the ante and the deal -------------------------------------------------


@pytest.mark.parametrize(("players", "cards"), [(2, "JS QS KS"), (3, "JS QS KS AS")])
def test_the_pack_has_one_card_more_than_players(players: int, cards: str) -> None:
    """K1."""
    pack = kuhn(players).pack
    assert sorted(pack.names(pack.cards)) == sorted(cards.split())


@pytest.mark.parametrize("players", [2, 3])
def test_each_player_antes_one_chip_of_two_and_is_dealt_one_card(players: int) -> None:
    """K2."""
    state = kuhn(players).new_deal(seed=5)
    view = state.view(0)
    assert view.staked == [1] * players and view.chips == [1] * players
    assert view.pot == players
    assert [len(h) if isinstance(h, list) else h for h in view.hands] == [1] * players
    assert view.stock == 1


# K3-K5: the betting -----------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1])
def test_seat_0_acts_first_whoever_deals_and_checks_or_bets(dealer: int) -> None:
    """K3."""
    state = kuhn().setup(hands=["JS", "KS"], dealer=dealer)
    assert state.current_player == 0
    assert labels(state) == ["check", "bet"]
    assert play(state, "check").current_player == 1


def test_facing_a_bet_a_player_calls_or_folds_and_may_not_raise() -> None:
    """K4."""
    state = play(kuhn().setup(hands=["JS", "KS"]), "bet")
    assert labels(state) == ["fold", "call"]
    refused(state, "raise", "K4")
    refused(state, "check", "K3-K4")


def test_no_one_folds_without_a_bet_to_call() -> None:
    """K4."""
    refused(kuhn().setup(hands=["JS", "KS"]), "fold", "K3-K4")


def test_a_player_who_checked_answers_a_later_bet() -> None:
    """K4, K5: seat 0 checks, seat 1 bets, seat 0 answers; with three players everyone
    but the bettor answers, in turn."""
    state = play(kuhn().setup(hands=["JS", "KS"]), "check", "bet")
    assert state.current_player == 0 and labels(state) == ["fold", "call"]
    three = play(kuhn(3).setup(hands=["JS", "KS", "QS"]), "check", "bet")
    assert three.current_player == 2
    three = play(three, "call")
    assert three.current_player == 0 and not three.is_over
    assert play(three, "fold").is_over


@pytest.mark.parametrize("players", [2, 3])
def test_the_betting_ends_when_everyone_checked(players: int) -> None:
    """K5."""
    hands = ["JS", "KS", "QS"][:players]
    state = play(kuhn(players).setup(hands=hands), *["check"] * players)
    assert state.is_over


# K6-K8: the end ---------------------------------------------------------------------------


def test_when_all_but_the_bettor_fold_the_bettor_takes_the_pot_unseen() -> None:
    """K6."""
    state = play(kuhn().setup(hands=["JS", "KS"]), "bet", "fold")
    assert scores(state) == (1, -1)
    assert state.view(1).shown == [[], []]
    assert state.view(1).hands[0] == 1


def test_at_the_showdown_the_highest_card_still_in_takes_the_pot() -> None:
    """K7: the ace of three players folded, so the king wins."""
    state = play(kuhn(3).setup(hands=["KS", "AS", "JS"]), "bet", "fold", "call")
    assert scores(state) == (3, -1, -2)
    assert state.view(2).shown == [["KS"], [], ["JS"]]


@pytest.mark.parametrize(("line", "result"), [
    (("check", "check"), (-1, 1)),
    (("bet", "call"), (-2, 2)),
    (("check", "bet", "fold"), (-1, 1)),
    (("check", "bet", "call"), (-2, 2)),
])
def test_each_player_wins_or_loses_the_chips_put_in(line: tuple[str, ...],
                                                     result: tuple[int, int]) -> None:
    """K8: seat 1 holds the higher card."""
    state = play(kuhn().setup(hands=["QS", "KS"]), *line)
    assert scores(state) == result and sum(result) == 0
    assert state.result is not None and state.result.winners == (1,)


# K9: what each player sees ----------------------------------------------------------------


def test_a_player_sees_only_their_own_card_and_every_bet() -> None:
    """K9."""
    state = play(kuhn(3).setup(hands=["QS", "KS", "JS"]), "bet")
    view = state.view(1)
    assert view.hands == [1, ["KS"], 1]
    assert view.staked == [2, 1, 1] and view.line == "b" and view.to_call == 1
    over = play(state, "fold", "call")
    assert over.view(0).hands == [[], 1, 0] and over.view(0).shown == [["QS"], [], ["JS"]]


def test_the_rules_text_follows_the_rule_file() -> None:
    text = "\n".join(describe(kuhn().variant))
    assert "puts an ante of 1 chip in the pot" in text
    assert "In the round a bet is of 1 chip, with no raise." in text
    assert "seat 0 opens the betting, whoever deals" in text


@pytest.mark.parametrize("players", [2, 3])
def test_cardrules_check_passes(players: int) -> None:
    report = run_check("kuhn-poker", games=6, seed=3, players=[players],
                       leak_share=QUICK_LEAKS)
    assert report.failure is None, report.failure


def test_random_deals_neither_create_nor_lose_a_chip() -> None:
    """K2, K8: chips in hand and in the pot always add up to two per player, and the
    results add up to nothing."""
    for players in (2, 3):
        rng = random.Random(players)
        for seed in range(200):
            state = kuhn(players).new_deal(seed=seed)
            while True:
                view = state.view(0)
                assert sum(view.chips) + view.pot == 2 * players
                if state.is_over:
                    break
                state = state.apply(rng.choice(state.legal_actions()))
            assert sum(scores(state)) == 0
