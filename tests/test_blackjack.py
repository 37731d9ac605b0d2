"""Blackjack (``variants/blackjack.yaml``): scenario tests, one or more per rule of
``docs/rules/blackjack.md`` (BJ1-BJ9); ``tests/test_openspiel_blackjack.py`` plays it
against OpenSpiel's ``blackjack``."""

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
def blackjack() -> cardrules.Game:
    return cardrules.load("blackjack")


def deal(hand: str, house: str, stock: str = "") -> cardrules.State:
    """The player's ``hand`` against the ``house`` (hole card first), the ``stock`` next."""
    return blackjack().setup(hands=[hand], house=house, stock=stock)


# BJ1, BJ2: the cards and the deal ---------------------------------------------------------


def test_one_player_against_the_dealer_with_a_pack_of_52() -> None:
    """BJ1."""
    game = blackjack()
    assert game.players == 1 and game.pack.count == 52
    assert sorted(game.pack.names(game.pack.cards))[:3] == ["10C", "10D", "10H"]
    with pytest.raises(cardrules.CardrulesError):
        cardrules.load("blackjack", players=2)


def test_two_cards_face_up_then_the_dealers_two_the_first_face_down() -> None:
    """BJ2 (the order the cards come off the pack, the player's two, the hole card,
    then the face-up card, is OpenSpiel's: ``tests/test_openspiel_blackjack.py`` feeds
    them to its chance nodes so)."""
    state = blackjack().new_deal(seed=5)
    view = state.view(0)
    assert len(view.hands[0]) == 2 and view.hole == 1 and len(view.house) == 1
    assert view.stock == 48 and labels(state) == ["hit", "stand"]


# BJ3: the totals ---------------------------------------------------------------------------


@pytest.mark.parametrize(("cards", "total", "soft"), [
    ("AS 6H", 17, 1), ("AS 6H 9C", 16, 0), ("AS AH", 12, 1), ("KS QH", 20, 0),
    ("AS KH", 21, 1), ("AS AH AD 8C", 21, 1), ("7S 8H 9C", 24, 0)])
def test_an_ace_counts_11_when_the_total_stays_within_21(cards: str, total: int,
                                                          soft: int) -> None:
    """BJ3."""
    view = blackjack().setup(hands=[cards], house="2C 3C").view(0)
    assert (view.totals[0], view.soft[0]) == (total, soft)


# BJ4, BJ5: the player's turn ---------------------------------------------------------------


def test_hit_takes_the_next_card_and_the_player_may_hit_on_21() -> None:
    """BJ4."""
    state = play(deal("AS KH", "9C 8C", stock="2D 5D"), "hit")
    assert state.view(0).hands[0] == ["2D", "KH", "AS"] and state.view(0).totals == [13]
    assert labels(state) == ["hit", "stand"]
    refused(state, "pass", "BJ4")


def test_a_bust_loses_at_once_and_the_dealer_draws_nothing() -> None:
    """BJ5."""
    state = play(deal("10S 6H", "9C 5C", stock="KD 2D"), "hit")
    assert scores(state) == (-1,)
    assert state.view(0).house == ["9C", "5C"] and state.view(0).stock == 47


# BJ6: the dealer's turn --------------------------------------------------------------------


def test_the_dealer_shows_the_hole_card_and_draws_below_17() -> None:
    """BJ6: 9 5, then 2 (16), then 3 (19): stands."""
    before = deal("10S 9H", "9C 5C", stock="2D 3D 4D")
    assert before.view(0).house == ["5C"] and before.view(0).house_total == 5
    state = play(before, "stand")
    assert state.view(0).house == ["9C", "5C", "2D", "3D"] and state.view(0).hole == 0
    assert scores(state) == (0,)


def test_the_dealer_stands_on_a_soft_17() -> None:
    """BJ6."""
    state = play(deal("10S 8H", "AC 6C", stock="2D"), "stand")
    assert state.view(0).house == ["AC", "6C"] and scores(state) == (1,)


# BJ7, BJ8: the result ------------------------------------------------------------------------


@pytest.mark.parametrize(("hand", "house", "stock", "score"), [
    ("10S 10H", "9C 8C", "", 1),       # above the dealer
    ("10S 8H", "10C 10D", "", -1),     # below
    ("10S 8H", "10C 8C", "", 0),       # a push
    ("10S 2H", "10C 6C", "KD", 1),     # the dealer busts
])
def test_the_higher_total_wins_1_a_push_is_0(hand: str, house: str, stock: str,
                                            score: int) -> None:
    """BJ7."""
    assert scores(play(deal(hand, house, stock), "stand")) == (score,)


def test_a_natural_is_a_21_like_any_other() -> None:
    """BJ8: it wins 1 against 20 and pushes against the dealer's three-card 21."""
    assert scores(play(deal("AS KH", "10C QC"), "stand")) == (1,)
    assert scores(play(deal("AS KH", "10C 5C", stock="6D"), "stand")) == (0,)
    variant = blackjack().variant
    assert variant.scoring.natural is None and variant.match.deals == 1


# BJ9: what the player sees -------------------------------------------------------------------


def test_the_hole_card_is_hidden_until_the_players_turn_ends() -> None:
    """BJ9."""
    state = deal("10S 6H", "QC 5C", stock="2D")
    assert "QC" not in str(state.view(0).to_json())
    assert "QC" not in str(play(state, "hit").view(0).to_json())
    assert play(state, "stand").view(0).house[0] == "QC"


def test_random_deals_pass_the_checker_with_its_leak_search() -> None:
    """BJ9, and every invariant of the checker."""
    report = run_check("blackjack", games=20, seed=3, leak_share=QUICK_LEAKS)
    assert report.failure is None, report.failure


def test_the_rules_in_english_name_the_dealers_rule() -> None:
    """BJ3, BJ6, BJ7."""
    text = "\n".join(describe(blackjack().variant))
    assert "A card of rank A may count 11 instead" in text
    assert "draws while its total is below 17, unless every player has bust" in text


# BJ10, BJ11: the options ------------------------------------------------------------------


@cache
def house_rules() -> cardrules.Game:
    return cardrules.load("blackjack", options={"double": "yes", "split": "yes"})


def table(hand: str, house: str, stock: str = "") -> cardrules.State:
    return house_rules().setup(hands=[hand], house=house, stock=stock)


def test_doubling_and_splitting_are_off_by_default() -> None:
    """BJ8."""
    assert labels(deal("8S 8H", "KD 6C")) == ["hit", "stand"]
    refused(deal("8S 8H", "KD 6C"), "double", "BJ4")


def test_a_double_takes_one_card_and_counts_twice() -> None:
    """BJ10: 5 + 6 doubled draws a 10 for 21 against the dealer's 17: +2; doubling a
    12 into a bust loses 2; only on the first two cards."""
    state = table("5S 6H", "KD 7C", "10D")
    assert labels(state) == ["hit", "stand", "double", "split"][:3]
    state = state.apply("double")
    assert state.is_over and scores(state) == (2,) and state.view(0).doubled == [1]
    assert scores(play(table("10S 2H", "KD 7C", "KH"), "double")) == (-2,)
    hit = play(table("5S 3H", "KD 7C", "2D 9C"), "hit")
    assert "double" not in labels(hit)


def test_a_pair_splits_into_two_hands_played_in_turn_and_paid_apart() -> None:
    """BJ11: 8 8 splits; the first hand draws a 3 (11) and stands, the second draws a
    10 (18) and hits a 5 (bust); the dealer's 16 draws a 9 and busts: +1 and -1."""
    state = table("8S 8H", "KD 6C", "3D 10C 5H 9S")
    assert labels(state) == ["hit", "stand", "double", "split"]
    state = state.apply("split")
    view = state.view(0)
    assert view.hands == [["3D", "8S"]] and view.second == [["10C", "8H"]]
    assert view.split == [1] and labels(state) == ["hit", "stand"]
    state = state.apply("stand")
    assert state.view(0).split == [2] and state.view(0).second_totals == [18]
    state = state.apply("hit")
    assert state.is_over and scores(state) == (0,)
    assert [e.get("amount", 0) for e in state.view(0).events if e["kind"] == "settle"] == [0]


def test_split_aces_take_one_card_each_and_a_split_21_is_no_natural() -> None:
    """BJ11: A A splits into A 3 (14) and A 10 (21, not a natural); the turn ends at
    once; the dealer makes 21: -1 and a push."""
    state = table("AS AH", "KD 6C", "3D 10C 5H").apply("split")
    assert state.is_over and scores(state) == (-1,)
    natural = cardrules.load({"extends": "blackjack", "patch": {
        "play": {"split": True, "split_one_card": ["A"]},
        "scoring": {"natural": 3, "win": 2, "tie": 0, "loss": -2}}})
    state = natural.setup(hands=["AS AH"], house="9D 7C", stock="3D 10C 2H").apply("split")
    assert scores(state) == (-2 + 2,)  # 14 against the dealer's 18 loses; 21 wins 2, not 3


def test_only_a_pair_of_one_value_splits_once() -> None:
    """BJ11: a 10 and a king split (one value); an 8 and a 9 do not; no second split."""
    assert "split" in labels(table("10S KH", "KD 7C", "10D KC"))
    assert "split" not in labels(table("8S 9H", "KD 7C"))
    state = table("8S 8H", "KD 7C", "8D 8C").apply("split")
    assert "split" not in labels(state) and "double" not in labels(state)
    refused(state, "split", "BJ11")
    refused(state, "double", "BJ10")
    refused(table("8S 9H", "KD 7C"), "split", "BJ11")


def test_the_options_pass_the_checker_and_are_worded() -> None:
    """BJ10, BJ11."""
    report = run_check("blackjack", games=60, seed=4, leak_share=QUICK_LEAKS,
                       options={"double": "yes", "split": "yes"})
    assert report.failure is None, report.failure
    text = "\n".join(describe(house_rules().variant))
    assert "a player may double instead" in text
    assert "the split hands of A take that card only" in text
    with pytest.raises(cardrules.VariantError, match=r"split hands need play\.split"):
        cardrules.load({"extends": "blackjack", "patch": {"play": {"split_one_card": ["A"]}}})


@pytest.mark.parametrize(("play", "message"), [
    ({"split": True, "split_one_card": ["Z"]}, "'Z' is not a rank of the pack"),
])
def test_split_rules_that_cannot_hold_are_refused(play: dict[str, object],
                                                  message: str) -> None:
    """BJ11's keys: a rank of the pack."""
    with pytest.raises(cardrules.VariantError, match=message):
        cardrules.load({"extends": "blackjack", "patch": {"play": play}})
    with pytest.raises(cardrules.VariantError, match="it needs hands of 2 cards, not 3"):
        cardrules.load({"extends": "blackjack", "patch": {"play": {"split": True},
                                                          "deal": {"hand": 3}}})
