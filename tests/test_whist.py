"""Whist (``variants/whist.yaml``): scenario tests from explicit positions, one or more
per rule of ``docs/rules/whist.md`` (W1-W6), and each value of the option ``game``."""

from __future__ import annotations

import random
from functools import cache

import pytest
from rule_support import QUICK_LEAKS, play, refused

import cardrules
from cardrules.engine.match import MatchState
from cardrules.tools.check import run_check
from cardrules.tools.describe import describe

TEAMS = ((0, 2), (1, 3))


@cache
def whist(game: int = 5) -> cardrules.Game:
    return cardrules.load("whist", players=4, options={"game": game})


def position(*hands: str, dealer: int = 3, trump_card: str = "", tricks: tuple[int, ...] = (),
             leader: int | None = None) -> cardrules.State:
    """A position at the start of a trick; the dealer holds the turned ``trump_card``."""
    lead = (dealer + 1) % 4 if leader is None else leader
    return whist().setup(hands=list(hands), dealer=dealer, leader=lead, trump_card=trump_card,
                         tricks=list(tricks) if tricks else None)


def labels(state: cardrules.State) -> list[str]:
    return sorted(a.label for a in state.legal_actions())


# W1: the pack, four players, two partnerships --------------------------------------------

def test_w1_one_pack_of_52_ranked_2_to_ace() -> None:
    game = whist()
    assert game.pack.size == 52
    assert game.variant.pack.ranks == ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q",
                                       "K", "A")
    assert game.variant.pack.suits == ("S", "H", "D", "C")
    # low to high: the ace beats the king, the three beats the two
    state = play(position("KS 2H", "AS 3H", "QS 4H", "JS 5H", trump_card="5H"),
                 "lead KS", "answer AS", "answer QS", "answer JS")
    assert state.view(0).tricks == [0, 1, 0, 0]
    state = play(position("2S 9D", "3S 8D", "4D 7D", "5D 6H", leader=0, trump_card="6H"),
                 "lead 2S", "answer 3S", "answer 4D", "answer 5D")
    assert state.view(0).tricks == [0, 1, 0, 0]


def test_w1_four_players_only_partners_sit_opposite() -> None:
    for players in (2, 3, 5):
        with pytest.raises(cardrules.CardrulesError, match="4 to 4 players"):
            cardrules.load("whist", players=players)
    assert whist().partnerships == TEAMS


# W2: thirteen cards each, the dealer's last card names trumps --------------------------

@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_w2_thirteen_cards_each_and_the_dealer_s_last_card_is_trumps(dealer: int) -> None:
    state = whist().new_deal(seed=40 + dealer, dealer=dealer)
    views = [state.view(p) for p in range(4)]
    assert views[0]["stock"] == 0
    assert all(v["trump_card"] == views[0]["trump_card"] for v in views)
    turned = views[0]["trump_card"]
    assert turned[-1] == views[0]["trump"]
    for p in range(4):
        hand = views[p]["hands"][p]
        assert len(hand) == 13
        assert (turned in hand) == (p == dealer)  # it belongs to the dealer's hand


def test_w2_everyone_sees_the_trump_card_until_the_dealer_plays_it() -> None:
    state = position("AS 2H", "KS 3C", "QS 4H", "JS 5C", trump_card="5C", tricks=(3, 3, 3, 2),
                     leader=0)
    state = play(state, "lead 2H", "answer 3C", "answer 4H")
    assert all(state.view(p).trump_card == "5C" for p in range(4))
    state = play(state, "answer 5C")
    assert all(state.view(p).trump_card is None for p in range(4))
    assert state.view(0).trump == "C"  # still trumps for the rest of the deal


def test_w2_the_deal_passes_clockwise() -> None:
    game, rng = whist(), random.Random(2)
    state = game.new_match(seed=8, dealer=2)
    assert isinstance(state, MatchState)
    while state.deal_index == 0:
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.view(0).match["dealer"] == 3 and state.deal.view(0).dealer == 3


# W3: the player on the dealer's left leads any card ----------------------------------------

@pytest.mark.parametrize("dealer", [0, 3])
def test_w3_the_dealer_s_left_leads_any_card(dealer: int) -> None:
    state = whist().new_deal(seed=11, dealer=dealer)
    leader = (dealer + 1) % 4
    assert state.current_player == leader
    hand = state.view(leader).hands[leader]
    assert labels(state) == sorted(f"lead {card}" for card in hand)


# W4: follow suit; the highest trump, else the highest card of the suit led ---------------

def test_w4_a_player_who_holds_the_suit_led_must_follow() -> None:
    state = play(position("AS 2H", "KS 3C", "QS 4H", "JS 5C", trump_card="5C", leader=0),
                 "lead AS")
    assert labels(state) == ["answer KS"]
    message = refused(state, "answer 3C", "W4")
    assert "must follow suit" in message


def test_w4_a_player_void_in_the_suit_led_plays_any_card() -> None:
    state = play(position("AS 2H", "3C 4D 5H", "QS 4H", "JS 5C", trump_card="5C", leader=0),
                 "lead AS")
    assert labels(state) == ["answer 3C", "answer 4D", "answer 5H"]


def test_w4_the_highest_trump_takes_the_trick() -> None:
    state = position("AS 2H", "3C 4D", "4C 4H", "KS 5C", trump_card="5C", leader=0)
    state = play(state, "lead AS", "answer 3C", "answer 4C", "answer KS")
    assert state.view(0).tricks == [0, 0, 1, 0]
    assert state.current_player == 2  # whoever takes a trick leads the next


def test_w4_without_a_trump_the_highest_card_of_the_suit_led_takes_it() -> None:
    state = position("10H 2S", "AD 3S", "JH 4S", "9H 5S", trump_card="5S", leader=0)
    state = play(state, "lead 10H", "answer AD", "answer JH", "answer 9H")
    assert state.view(0).tricks == [0, 0, 1, 0]  # the ace of another suit does not
    assert state.current_player == 2


# W5: each trick over six scores one point for the side ---------------------------------

def test_w5_the_side_over_six_scores_one_per_trick_over_the_other_nothing() -> None:
    # Before the last trick seats 0 and 2 have 4 + 5 = 9 tricks, 1 and 3 have 3.
    state = position("AS", "KS", "QS", "JS", trump_card="JS", tricks=(4, 2, 5, 1), leader=0)
    state = play(state, "lead AS", "answer KS", "answer QS", "answer JS")
    assert state.is_over and state.result is not None
    assert state.result.scores == (4, 0, 4, 0)  # 10 tricks: 4 over six
    assert state.result.winners == (0, 2)


def test_w5_seven_tricks_score_one_and_six_score_nothing() -> None:
    state = position("2S", "AS", "3S", "4S", trump_card="4S", tricks=(3, 3, 3, 3), leader=0)
    state = play(state, "lead 2S", "answer AS", "answer 3S", "answer 4S")
    assert state.result is not None and state.result.scores == (0, 1, 0, 1)


# W6: the first side to reach the game wins the match ---------------------------------------

def _last_trick_for_seat_1(game: cardrules.Game) -> cardrules.State:
    """The last trick of a deal: seat 1 takes it, giving seats 1 and 3 seven tricks."""
    return game.setup(hands=["2S", "AS", "3S", "4S"], trump_card="4S", dealer=3, leader=0,
                      tricks=[3, 3, 3, 3])


def test_w6_a_side_reaching_five_wins_the_match_both_partners_together() -> None:
    game = whist()
    match = game.setup_match(_last_trick_for_seat_1(game), totals=(2, 4, 2, 4), index=6)
    match = play(match, "lead 2S", "answer AS", "answer 3S", "answer 4S")
    assert match.is_over and match.result is not None
    assert match.result.totals == (2, 5, 2, 5)
    assert match.result.winners == (1, 3) and match.result.winning_team == (1, 3)
    assert match.result.places == (2, 1, 2, 1)
    assert match.view(0).match["winners"] == [1, 3]


def test_w6_below_the_game_the_match_goes_on() -> None:
    game = whist()
    match = game.setup_match(_last_trick_for_seat_1(game), totals=(4, 2, 4, 2), index=6)
    match = play(match, "lead 2S", "answer AS", "answer 3S", "answer 4S")
    assert not match.is_over and match.totals == (4, 3, 4, 3)
    assert match.deal_index == 7 and match.view(0).match["dealer"] == 0


@pytest.mark.parametrize("target", [5, 7, 10])
def test_w6_option_game_sets_the_points_that_win(target: int) -> None:
    game = whist(target)
    assert game.variant.match.target == target
    ends = game.setup_match(_last_trick_for_seat_1(game), totals=(0, target - 1, 0, target - 1))
    ends = play(ends, "lead 2S", "answer AS", "answer 3S", "answer 4S")
    assert ends.result is not None and ends.result.winners == (1, 3)
    goes_on = game.setup_match(_last_trick_for_seat_1(game),
                               totals=(0, target - 2, 0, target - 2))
    goes_on = play(goes_on, "lead 2S", "answer AS", "answer 3S", "answer 4S")
    assert not goes_on.is_over


def test_w6_the_option_refuses_other_games() -> None:
    with pytest.raises(cardrules.CardrulesError, match="game"):
        cardrules.load("whist", options={"game": 6})


@pytest.mark.parametrize("seed", range(4))
def test_w6_random_matches_end_with_one_partnership_winning(seed: int) -> None:
    game, rng = whist(), random.Random(seed)
    state = game.new_match(seed=seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    result = state.result
    assert result is not None and result.deals < game.variant.match.max_deals
    assert result.winners in TEAMS and result.winning_team == result.winners
    winners, losers = result.winners, next(t for t in TEAMS if t != result.winners)
    assert all(result.totals[p] >= 5 for p in winners)
    assert all(result.totals[p] < 5 for p in losers)
    assert result.totals[0] == result.totals[2] and result.totals[1] == result.totals[3]


# The rules in English and the conformance suite ------------------------------------------

def test_the_rules_in_english_describe_whist() -> None:
    text = "\n".join(describe(whist().variant))
    assert "- 4 players, seated clockwise" in text
    assert "Each player is dealt 13 cards; no card is left over." in text
    assert "Trumps are the suit of the dealer's last dealt card" in text
    assert "must follow suit" in text
    assert "Each partnership (both partners alike) scores 1 for each trick they took " \
           "beyond 6" in text
    assert "until a partnership has 5 or more" in text
    assert "card points" not in text and "set of cards" not in text


def test_cardrules_check_passes() -> None:
    report = run_check("whist", games=6, seed=3, match_every=3, leak_share=QUICK_LEAKS)
    assert report.failure is None, report.failure
    assert report.players == (4,) and report.deals >= 6
