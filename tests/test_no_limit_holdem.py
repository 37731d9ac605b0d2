"""No-limit Texas Hold'em (``variants/no-limit-holdem.yaml``): scenario tests, one or more
per rule of ``docs/rules/no-limit-holdem.md`` (N1-N13), the side pots of all-ins among
three players, and chips neither made nor lost over random matches;
``tests/test_openspiel_no_limit_holdem.py`` plays it against OpenSpiel's
``universal_poker``."""

from __future__ import annotations

import itertools
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rule_support import QUICK_LEAKS, play, refused
from rule_support import final_scores as scores
from rule_support import legal_words as labels

import cardrules
from cardrules.actions import Action
from cardrules.primitives.pot import side_pots
from cardrules.tools.check import run_check
from cardrules.tools.describe import describe


@cache
def holdem(**options: str) -> cardrules.Game:
    return cardrules.load("no-limit-holdem", options=options or None)


def deal(hands: tuple[str, str] = ("AS AH", "7C 2D"), board: str = "KD 9S 4C 3H 2S",
         line: str = "", **options: str) -> cardrules.State:
    """Seat 0's and seat 1's cards, the five community cards in the order turned, and
    the actions of ``line`` applied."""
    return holdem(**options).setup(hands=list(hands), board=board, line=line)


@cache
def three_handed() -> cardrules.Game:
    """The same betting for three players whose chips carry from deal to deal (so a
    deal may start with stacks of any size): blinds 1 and 2 from the dealer's left,
    then the player after the big blind first."""
    return cardrules.load({"extends": "no-limit-holdem", "patch": {
        "players": {"min": 3, "max": 3},
        "play": {"carry_chips": True, "opens": "dealer_left", "blinds": [1, 2],
                 "rounds": [{"bet": 2}, {"deal": 3, "bet": 2}, {"deal": 1, "bet": 2},
                            {"deal": 1, "bet": 2}]},
        "match": {"goal": "reach_target", "target": 800, "deals": None}}})


def words(state: cardrules.State) -> list[str]:
    """The legal actions' first words, each once, in order."""
    out: list[str] = []
    for label in labels(state):
        word = label.split()[0]
        if word not in out:
            out.append(word)
    return out


def amounts(state: cardrules.State) -> tuple[int, int]:
    """The least and the most of the legal bets or raises."""
    sized = [a.amount for a in state.legal_actions() if a.amount]
    return min(sized), max(sized)


# N1, N2: the cards and the deal ----------------------------------------------------------


def test_two_players_and_a_pack_of_52_with_the_ace_highest() -> None:
    """N1."""
    game = holdem()
    assert game.players == 2 and game.pack.count == 52
    assert game.pack.ranks[0] == "2" and game.pack.ranks[-1] == "A"


def test_blinds_of_2_and_1_from_stacks_of_400_and_two_cards_each() -> None:
    """N2."""
    view = holdem().new_deal(seed=4).view(0)
    assert view.staked == [2, 1] and view.chips == [398, 399] and view.pot == 3
    assert len(view.hands[0]) == 2 and view.hands[1] == 2


# N3-N7: the betting ----------------------------------------------------------------------


def test_seat_1_acts_first_before_the_flop_and_seat_0_after_it() -> None:
    """N3: the flop's three cards, then the turn's and the river's."""
    state = deal()
    assert state.current_player == 1
    state = play(state, "call", "check")
    assert state.view(0).round == 1 and len(state.view(0).board) == 3
    assert state.current_player == 0
    state = play(state, "check", "check")
    assert len(state.view(0).board) == 4 and state.current_player == 0


def test_each_size_is_applied_alike_however_it_is_given() -> None:
    """N5: a raise listed among hundreds of sizes is applied alike as the listed action
    itself (found where its size lies in the list), as its text and as an equal action
    made anew; sizes outside the range are refused."""
    state = deal()
    legal = state.legal_actions()
    assert len(legal) > 300 and [a.amount for a in legal[2:]] == list(range(4, 401))
    for listed in (legal[2], legal[150], legal[-1]):
        made = Action(kind=listed.kind, name=listed.name, amount=listed.amount,
                      label=listed.label)
        after = state.apply(listed)
        assert after == state.apply(listed.label) == state.apply(made)
        assert after.view(0).round_staked == [2, listed.amount]
    refused(state, "raise 401", "N5")
    assert state.legal_actions()[3] is cardrules.load("no-limit-holdem").new_deal(
        seed=1).legal_actions()[3]  # the sizes are made once and shared


def test_check_bet_call_raise_and_fold_only_facing_a_bet() -> None:
    """N4: the big blind is the bet to call; a called big blind may check or raise."""
    state = deal()
    assert words(state) == ["fold", "call", "raise"]
    refused(state, "check", "N4")
    called = play(state, "call")
    assert words(called) == ["check", "raise"]
    refused(called, "fold", "N4")
    flop = play(called, "check")
    assert words(flop) == ["check", "bet"]
    refused(flop, "raise 10", "N4")


def test_a_bet_or_raise_names_the_stake_in_the_round_from_the_least_to_all_in() -> None:
    """N5: before the flop the least raise is to 4 (the big blind counts as a bet of
    2); a raise to 10 (by 8) makes the least raise after it 18; on the flop the least
    bet is 2; amounts are the player's whole stake in the round; no cap on raises."""
    state = deal()
    assert amounts(state) == (4, 400)
    refused(state, "raise 3", "N5")
    refused(state, "raise", "N5")
    raised = play(state, "raise 10")
    assert raised.view(0).staked == [2, 10] and amounts(raised) == (18, 400)
    refused(raised, "raise 17", "N5")
    flop = play(raised, "call")
    assert flop.view(0).round_staked == [0, 0] and amounts(flop) == (2, 390)
    state = play(flop, "bet 20", "raise 60")
    assert state.view(0).staked == [30, 70] and state.view(0).round_staked == [20, 60]
    assert amounts(state) == (100, 390)
    state = play(state, "raise 100", "raise 140", "raise 180", "raise 220")
    assert state.view(0).line == "r10c/b20r60r100r140r180r220"


def test_a_short_stack_raises_all_in_for_less_and_calls_all_in() -> None:
    """N6: seat 0 with 20 chips can raise only all in, less than a full raise; after it
    the least raise is to 20 + 8 = 28 (N5's rule: more than the 22 before it), and a
    player who acted before it may raise again; facing more than their chips a player
    calls all in; one all in acts no more."""
    game = three_handed()
    state = game.setup(hands=["AS AH", "KS KH", "QS QH"], board="2C 3D 7H 9S JC",
                       chips=[20, 600, 580], dealer=0)
    # seat 1 posts 1, seat 2 posts 2, seat 0 acts first
    assert state.current_player == 0
    state = play(state, "call", "raise 12")  # seat 1 raises to 12, by 10
    assert state.current_player == 2 and amounts(state) == (22, 580)
    state = play(state, "call")
    assert amounts(state) == (20, 20)  # seat 0's all in, by 8 only
    state = play(state, "raise 20")
    assert state.view(0).chips[0] == 0
    assert amounts(state) == (28, 600)  # seat 1 may raise again
    refused(state, "raise 27", "N5")
    state = play(state, "raise 100", "call")  # seat 0 all in acts no more
    assert state.current_player == 1 and state.view(0).round == 1
    assert state.view(0).staked == [20, 100, 100]


def test_one_all_in_player_may_be_called_but_not_raised() -> None:
    """N6: with every other player all in a player may only call or fold."""
    state = play(deal(), "raise 400")
    assert labels(state) == ["fold", "call"]
    refused(state, "raise 400", "N6")


def test_a_round_ends_when_all_have_acted_and_matched() -> None:
    """N7."""
    state = play(deal(), "call", "check", "bet 10")
    assert state.view(0).round == 1 and state.current_player == 1
    assert play(state, "call").view(0).round == 2


def test_with_nobody_left_to_bet_the_board_is_turned_to_the_end() -> None:
    """N7: an all in called before the flop turns all five cards and shows the hands."""
    state = play(deal(), "raise 400", "call")
    assert state.is_over and len(state.view(0).board) == 5
    assert state.view(0).shown == [["AH", "AS"], ["7C", "2D"]]
    assert scores(state) == (400, -400)


# N8-N10: the end -------------------------------------------------------------------------


def test_a_fold_gives_the_pot_unseen_and_unmatched_chips_go_back() -> None:
    """N8: the pot at once, no card shown; a bet above an opponent's all in goes back
    to the player who made it."""
    state = play(deal(), "fold")
    assert scores(state) == (1, -1) and state.view(0).shown == [[], []]
    game = three_handed()
    state = game.setup(hands=["7C 2D", "AS AH", "KS KH"], board="2C 3D 7H 9S JC",
                       chips=[100, 50, 1050], dealer=0)
    state = play(state, "call", "raise 50", "call", "call", "bet 200", "fold")
    # seat 1 is all in, seat 0 folds: nobody matches seat 2's 200, which go back
    assert state.is_over and scores(state) == (-50, 100, -50)
    assert state.view(0).chips == [50, 150, 1000]


def check_down(hands: tuple[str, str], board: str) -> cardrules.State:
    return play(deal(hands, board), "call", "check", *["check"] * 6)


@pytest.mark.parametrize(("hands", "board", "result", "name"), [
    (("QS JS", "AH AD"), "10S 9S 8S AC AS", (2, -2), "straight_flush"),
    (("AH 2D", "KC KD"), "3C 4S 5H 9C JD", (2, -2), "straight"),
    (("AH KD", "AC KC"), "2C 7S 9H JD 4S", (0, 0), "high_card"),
])
def test_the_best_five_of_seven_win_the_showdown(hands: tuple[str, str], board: str,
                                                 result: tuple[int, int], name: str) -> None:
    """N9: the wheel A 2 3 4 5 is a straight; equal hands split the pot."""
    state = check_down(hands, board)
    assert scores(state) == result
    assert name in [e["note"] for e in state.view(0).events if e["kind"] == "show"]


def test_side_pots_go_to_the_best_hand_among_those_who_staked_that_much() -> None:
    """N9: seat 0 all in for 50 has the best hand and takes the main pot (150); seat 1
    beats seat 2 for the side pot above it (200)."""
    game = three_handed()
    state = game.setup(hands=["AS AH", "KS KH", "QS QH"], board="2C 3D 7H 9S JC",
                       chips=[50, 575, 575], dealer=0)
    state = play(state, "raise 50", "raise 150", "call")
    state = play(state, *["check"] * 6)
    assert state.is_over and scores(state) == (100, 50, -150)
    assert state.view(0).won == [150, 200, 0]


def test_a_split_side_pot_gives_its_odd_chip_in_turn_from_seat_0() -> None:
    """N9: seats 1 and 2 tie: the main pot of 3 x 11 splits 17 to seat 1 (the first in
    turn from the opener, the dealer's left) and 16 to seat 2; the side pot of 2 x 50
    splits evenly."""
    game = three_handed()
    state = game.setup(hands=["7C 2D", "KS QH", "KH QD"], board="3C 4D 8H 9S JC",
                       chips=[11, 594, 595], dealer=0)
    state = play(state, "raise 11", "raise 61", "call", *["check"] * 6)
    assert state.is_over and state.view(0).won == [0, 67, 66]


def test_the_deal_is_the_whole_game_and_the_result_is_chips_won() -> None:
    """N10."""
    state = play(deal(), "raise 10", "call", "bet 20", "call", "check", "check",
                 "check", "check")
    assert scores(state) == (30, -30)
    assert holdem().variant.match.deals == 1


# N11: what each player sees --------------------------------------------------------------


def test_a_player_sees_their_own_cards_the_board_and_every_amount() -> None:
    """N11."""
    state = play(deal(), "raise 10", "call")
    view = state.view(1)
    assert view.hands == [2, ["7C", "2D"]] and sorted(view.board) == ["4C", "9S", "KD"]
    assert view.line == "r10c/" and view.staked == [10, 10]


@pytest.mark.parametrize("options", [{}, {"limit": "pot_limit"}, {"match": "freezeout"}])
def test_random_deals_pass_the_checker_with_its_leak_search(options: dict[str, str]) -> None:
    """N11, and every invariant of the checker, in each option."""
    report = run_check("no-limit-holdem", games=4, seed=3, leak_share=QUICK_LEAKS,
                       options=options or None)
    assert report.failure is None, report.failure


# N12, N13: the options ---------------------------------------------------------------------


def test_pot_limit_bets_at_most_what_the_pot_would_hold_after_a_call() -> None:
    """N12: before the flop the small blind calls 1 (a pot of 4) and raises by 4, to 6;
    facing a raise to 6 the big blind may raise to 18; the least stays as N5."""
    state = deal(limit="pot_limit")
    assert amounts(state) == (4, 6)
    refused(state, "raise 7", "N5")
    state = play(state, "raise 6")
    assert amounts(state) == (10, 18)
    flop = play(state, "call")
    assert amounts(flop) == (2, 12)


def test_a_freezeout_carries_the_chips_until_one_player_has_them_all() -> None:
    """N13: the dealer posts the small blind and acts first before the flop; the chips
    carry to the next deal; the match ends when one player holds all 800."""
    game = holdem(match="freezeout")
    match = game.new_match(seed=5, dealer=0)
    view = match.view(0)
    assert view.staked == [1, 2] and match.current_player == 0
    match = play(match, "raise 10", "fold")
    nxt = match.view(0)
    assert nxt.match["dealer"] == 1 and nxt.chips == [402 - 2, 398 - 1]
    rng = random.Random(1)
    while not match.is_over:
        match = match.apply(rng.choice(match.legal_actions()))
    assert sorted(match.result.totals) == [-400, 400]


def test_the_rules_in_english_name_the_limit_and_the_all_ins() -> None:
    """N5-N7, N12, N13."""
    text = "\n".join(describe(holdem().variant))
    assert "seat 1 acts first" in text and "up to all the player's chips" not in text
    assert "the most is to all the player's chips" in text and "calls all in" in text
    assert "the least raise is to S + (S - M)" in text
    pot = "\n".join(describe(holdem(limit="pot_limit").variant))
    assert "what the pot would hold after the player's call (pot limit)" in pot
    freezeout = "\n".join(describe(holdem(match="freezeout").variant))
    assert "The chips carry from deal to deal" in freezeout
    assert "the dealer, who posts the first blind, acts first" in freezeout


# chips are neither made nor lost --------------------------------------------------------


def random_match(game: cardrules.Game, seed: int) -> Any:
    rng = random.Random(seed)
    match = game.new_match(seed)
    total = game.players * 400
    while not match.is_over:
        deal_view = match.view(0)
        assert sum(deal_view.chips) + deal_view.pot == total
        match = match.apply(rng.choice(match.legal_actions()))
    return match


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), three=st.booleans())
def test_no_chip_is_made_or_lost_over_random_matches(seed: int, three: bool) -> None:
    """Every chip is in someone's stack or the pot at every step of a freeze-out, two or
    three players, and the match ends with one player holding them all."""
    game = three_handed() if three else holdem(match="freezeout")
    match = random_match(game, seed)
    totals = match.result.totals
    assert sum(totals) == 0 and max(totals) == 400 * (game.players - 1)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 500), min_size=2, max_size=9), st.data())
def test_the_side_pots_hold_every_chip_staked_and_only_players_still_in(
        staked: list[int], data: st.DataObject) -> None:
    """``primitives.pot.side_pots``: the pots add up to every chip staked; each is shared
    by the players still in who staked at least its level, in the order given, and each
    pot above the first by fewer of them."""
    seats = list(range(len(staked)))
    live = data.draw(st.permutations(seats).map(lambda p: p[:max(1, len(p) // 2)]))
    pots = side_pots(staked, live)
    assert sum(size for size, _ in pots) == sum(staked)
    for size, shares in pots:
        assert size > 0 and shares and all(s in live for s in shares)
        assert shares == [s for s in live if s in shares]
    assert all(len(later) < len(earlier)
               for (_, earlier), (_, later) in itertools.pairwise(pots))


def test_a_long_list_of_sizes_is_kept_and_is_the_list_made_afresh() -> None:
    """The legal actions listing a bet or raise to each of many sizes are made once and
    kept by the tables (``BettingTables.offers``): each is the list made afresh, kept
    lists and short ones alike, past the bound of lists kept; and in random deals every
    state's legal actions are the call or check then each size from the least to the
    most."""
    from cardrules.families.betting.tables import CALL, CHECK, FOLD, OFFERS_KEPT
    from cardrules.primitives.wagers import sizes

    tables = holdem().tables
    rng = random.Random(5)
    for _ in range(3 * OFFERS_KEPT):
        stay = rng.choice([(CHECK,), (FOLD, CALL)])
        word = rng.choice(["bet", "raise"])
        low = rng.randint(1, 400)
        high = rng.choice([low, rng.randint(low, 400), 400])
        made = stay + sizes(word, low, high)
        assert tables.offers(stay, word, low, high) == made
        assert tables.offers(stay, word, low, high) == made  # kept, or made again
        assert len(tables.offered) <= OFFERS_KEPT
    for game in (holdem(), holdem(limit="pot_limit")):
        for k in range(40):
            state = game.new_deal(k)
            while not state.is_over:
                legal = state.legal_actions()
                sized = [a for a in legal if a.amount]
                if sized:
                    low, high = state.amounts(state.current_player)
                    assert sized == list(sizes(sized[0].name, low, high))
                    assert legal[:len(legal) - len(sized)] in ((CHECK,), (FOLD, CALL))
                state = state.apply(rng.choice(legal))
