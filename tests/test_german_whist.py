"""German Whist (``variants/german-whist.yaml``) from explicit positions: one test or more
per rule GW1-GW10 of ``docs/rules/german-whist.md``, per checkable fact F1-F8 of the spec
(``german_whist.md F1``...), and per option value (``deals``).

Positions are set up with ``game.setup`` (``stock`` lists the cards in the order they are
taken, under the face-up ``trump_card``) or dealt from an explicit order (:func:`dealt`).
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest
from rule_support import QUICK_LEAKS, play, refused

import cardrules
from cardrules.families.tricks.state import TricksState
from cardrules.tools.check import run_check
from cardrules.tools.describe import describe


@cache
def german(**options: Any) -> cardrules.Game:
    """German Whist with ``options``."""
    return cardrules.load("german-whist", options=options)


def names(mask: int) -> set[str]:
    pack = german().pack
    return set(pack.names(pack.cards_of(mask)))


def labels(state: cardrules.State) -> list[str]:
    return sorted(a.text(state.game.pack) for a in state.legal_actions())


SUITS = "SHDC"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
ALL = [f"{r}{s}" for s in SUITS for r in RANKS]


def dealt(sequence: list[str], *, dealer: int = 0, seed: int = 1) -> TricksState:
    """A deal whose cards come off the pack in ``sequence``: the 26 cards dealt one at a
    time from the non-dealer, then the card turned up, then the stock from its top down."""
    game = german()
    order = [game.pack.parse(c) for c in sequence][::-1]  # dealt from the end
    state = game.new_deal(seed, dealer=dealer, order=order)
    assert isinstance(state, TricksState)
    return state


def sequence(non_dealer: list[str], dealer: list[str], turned: str) -> list[str]:
    """The pack's order for :func:`dealt`: these hands, ``turned`` turned up, the rest of
    the pack (in pack order) as the stock."""
    stock = [c for c in ALL if c not in (*non_dealer, *dealer, turned)]
    return [c for pair in zip(non_dealer, dealer, strict=True) for c in pair] + \
        [turned, *stock]


NON_DEALER = [f"{r}H" for r in RANKS]
DEALER = [f"{r}D" for r in RANKS]


def position(*hands: str, stock: str = "", trump_card: str = "", leader: int = 1,
             **kwargs: Any) -> TricksState:
    """A position from ``game.setup``: seat 0 deals, so seat 1 leads unless said."""
    state = german().setup(hands=list(hands), stock=stock, trump_card=trump_card,
                           leader=leader, dealer=0, **kwargs)
    assert isinstance(state, TricksState)
    return state


def finish(state: cardrules.State, rng: random.Random) -> cardrules.State:
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


# GW1-GW3: the pack, the deal, the turned card ---------------------------------------------

def test_gw1_one_pack_of_52_two_players_the_dealer_alternates() -> None:
    game = german(deals=4)
    assert game.pack.count == 52 and game.players == 2
    assert {game.new_match(seed=s).view(0).match["dealer"] for s in range(20)} == {0, 1}
    for players in (3, 4):
        with pytest.raises(cardrules.CardrulesError, match="for 2 to 2 players"):
            cardrules.load("german-whist", players=players)
    state, rng = game.new_match(seed=3, dealer=0), random.Random(3)
    dealers = []
    while not state.is_over:
        dealer = state.view(0).match["dealer"]
        if len(dealers) <= state.view(0).match["deal"]:
            dealers.append(dealer)
        state = state.apply(rng.choice(state.legal_actions()))
    assert dealers == [0, 1, 0, 1]


def test_gw2_thirteen_cards_each_one_at_a_time_the_non_dealer_first() -> None:
    for dealer in (0, 1):
        state = dealt(sequence(NON_DEALER, DEALER, "5C"), dealer=dealer)
        assert names(state.hands[1 - dealer]) == set(NON_DEALER)
        assert names(state.hands[dealer]) == set(DEALER)
        assert len(state.stock) == 26


def test_gw3_f1_the_turned_card_names_trumps_for_the_whole_deal() -> None:
    """german_whist.md F1: the first turned card is 5C; clubs are trumps for the whole
    deal, including after 5C has been taken by a trick winner."""
    state = dealt(sequence(NON_DEALER, DEALER, "5C"))
    assert state.view(0).trump == "C" and state.view(1).face_up == "5C"
    assert state.stock[-1] == german().pack.parse("5C")  # on top, face up
    assert not state.hidden_cards(0) >> german().pack.parse("5C") & 1
    state = play(state, "lead AH", "answer 2D")  # the non-dealer takes 5C
    assert "5C" in names(state.hands[1])
    assert state.view(0).trump == "C" and state.view(0).face_up != "5C"
    rng = random.Random(1)
    while not state.is_over:
        assert state.view(0).trump == "C"
        state = state.apply(rng.choice(state.legal_actions()))


# GW4-GW6: leading, following, winning -------------------------------------------------------

def test_gw4_the_non_dealer_leads_any_card_and_the_winner_leads_next() -> None:
    state = dealt(sequence(NON_DEALER, DEALER, "5C"))
    assert state.current_player == 1 and labels(state) == sorted(f"lead {c}"
                                                                 for c in NON_DEALER)
    state = play(state, "lead 2H", "answer 3D")  # the dealer, void in hearts, loses
    assert state.current_player == 1 and state.tricks == (0, 1)
    won = play(position("AS 2D", "KS 3D", stock="4C 5C", trump_card="6C"),
               "lead KS", "answer AS")
    assert won.current_player == 0 and won.tricks == (1, 0)


def test_gw5_f2_the_follower_must_follow_suit() -> None:
    """german_whist.md F2: 9H is led and the follower holds {7H, QS, 2C}: only 7H."""
    state = play(position("7H QS 2C", "9H 3D 4D", stock="5D 6D", trump_card="8C"),
                 "lead 9H")
    assert labels(state) == ["answer 7H"]
    assert "must follow suit" in refused(state, "answer 2C", "GW5")
    higher = play(position("7H KH", "9H 3D", stock="5D 6D", trump_card="8C"), "lead 9H")
    assert labels(higher) == ["answer 7H", "answer KH"]  # no duty to beat


def test_gw5_gw6_f3_void_any_card_and_a_trump_wins() -> None:
    """german_whist.md F3: 9H is led, the follower holds {QS, 2C}, clubs are trumps: both
    are legal; 2C wins the trick, QS loses it."""
    state = play(position("QS 2C", "9H 3D", stock="5D 6D", trump_card="8C"), "lead 9H")
    assert labels(state) == ["answer 2C", "answer QS"]
    assert play(state, "answer 2C").tricks == (1, 0)
    assert play(state, "answer QS").tricks == (0, 1)


def test_gw6_f4_a_card_of_another_suit_not_trumps_loses() -> None:
    """german_whist.md F4: 3D is led, spades are not trumps, the follower (void in
    diamonds) plays AS: the leader wins."""
    state = play(position("AS 2C", "3D 4H", stock="5D 6D", trump_card="8C"),
                 "lead 3D", "answer AS")
    assert state.tricks == (0, 1) and state.current_player == 1
    same = play(position("AD 2C", "3D 4H", stock="5D 6D", trump_card="8C"),
                "lead 3D", "answer AD")
    assert same.tricks == (1, 0)  # the higher card of the suit led wins


# GW7-GW8: taking from the stock, then playing out ------------------------------------------

def test_gw7_f5_the_winner_takes_the_face_up_card_the_loser_the_next_unseen() -> None:
    """german_whist.md F5: the non-dealer wins trick 1 while KS is face up: the non-dealer
    takes KS, the dealer the next card unseen, the following card is turned up, and the
    non-dealer leads trick 2."""
    state = dealt(sequence(NON_DEALER, DEALER, "KS"))
    below, after = state.stock[-2], state.stock[-3]
    assert state.view(0).face_up == "KS"
    state = play(state, "lead AH", "answer 2D")
    assert "KS" in names(state.hands[1]) and state.hands[0] >> below & 1
    assert [h.bit_count() for h in state.hands] == [13, 13] and len(state.stock) == 24
    assert state.current_player == 1 and state.stock[-1] == after
    assert state.view(0).face_up == state.view(1).face_up == german().pack.name(after)
    assert state.hidden_cards(1) >> below & 1  # the loser's card is not shown
    assert not state.hidden_cards(0) >> german().pack.parse("KS") & 1


def test_gw7_f6_thirteen_tricks_empty_the_stock_the_25th_card_face_up() -> None:
    """german_whist.md F6: after trick 13 the stock is empty and both hold 13 cards; in
    trick 13 the winner takes the 25th stock card, face up, and the loser the 26th."""
    rng = random.Random(6)
    for seed in range(4):
        state = german().new_deal(seed)
        while sum(state.tricks) < 12:
            state = state.apply(rng.choice(state.legal_actions()))
        assert len(state.stock) == 2
        top, last = state.stock[-1], state.stock[-2]
        assert state.view(0).face_up == german().pack.name(top)
        state = state.apply(rng.choice(state.legal_actions()))
        state = state.apply(rng.choice(state.legal_actions()))
        winner = state.current_player
        assert sum(state.tricks) == 13 and state.stock == ()
        assert [h.bit_count() for h in state.hands] == [13, 13]
        assert state.hands[winner] >> top & 1 and state.hands[1 - winner] >> last & 1


def test_gw8_f8_the_hands_are_played_out_following_suit_without_drawing() -> None:
    """german_whist.md F8: in phase 2 (trick 20) 10H is led and the follower holds
    {2H, AS}: only 2H is legal."""
    state = position("2H AS", "10H 3D", tricks=[10, 9], set_aside=[7, 6])
    state = play(state, "lead 10H")
    assert labels(state) == ["answer 2H"]
    state = play(state, "answer 2H")
    assert [h.bit_count() for h in state.hands] == [1, 1] and state.stock == ()


# GW9: only the last 13 tricks count ----------------------------------------------------------

def test_gw9_f7_only_the_last_13_count_and_the_winner_scores_the_difference() -> None:
    """german_whist.md F7: A wins 11 of the first 13 tricks but only 5 of the last 13; B
    wins 8: B wins the deal and scores 8 - 5 = 3."""
    state = position("AS", "2S", tricks=[15, 10], set_aside=[11, 2], leader=0)
    state = play(state, "lead AS", "answer 2S")  # A (seat 0) takes the last: 16-10
    assert state.is_over and state.tricks == (16, 10)
    assert state.result is not None and state.result.scores == (0, 3)
    assert state.result.winners == (1,)


@pytest.mark.parametrize(("last", "scores"), [((8, 5), (3, 0)), ((13, 0), (13, 0)),
                                              ((6, 7), (0, 1))])
def test_gw9_the_deal_scores_the_difference_among_the_last_13(
        last: tuple[int, int], scores: tuple[int, int]) -> None:
    won, lost = last
    state = position("AS", "2S", tricks=[6 + won - 1, 7 + lost], set_aside=[6, 7],
                     leader=0)
    state = play(state, "lead AS", "answer 2S")
    assert state.result is not None and state.result.scores == scores


def test_gw9_tricks_of_the_stock_phase_are_set_aside_in_play() -> None:
    rng = random.Random(9)
    for seed in range(6):
        state = german().new_deal(seed)
        while len(state.stock):
            state = state.apply(rng.choice(state.legal_actions()))
        first = state.tricks
        assert sum(first) == 13 and state.to_json()["set_aside"] == list(first)
        assert state.view(0).set_aside == state.view(1).set_aside == list(first)
        state = finish(state, rng)
        last = tuple(t - f for t, f in zip(state.tricks, first, strict=True))
        assert state.result is not None and sum(last) == 13
        assert state.result.scores == (max(0, last[0] - last[1]), max(0, last[1] - last[0]))
        assert sum(state.result.scores) % 2 == 1  # 13 is odd: no draw


def test_gw9_set_aside_tricks_are_refused_in_a_game_counting_every_trick() -> None:
    with pytest.raises(cardrules.StateError, match="leave out set_aside"):
        cardrules.load("whist").setup(hands=["2S", "3S", "4S", "5S"], set_aside=[0] * 4)


# GW10: the match ------------------------------------------------------------------------

def test_gw10_one_deal_is_the_game() -> None:
    state = finish(german().new_match(seed=2), random.Random(2))
    assert state.result is not None and len(state.view(0).match["history"]) == 1


@pytest.mark.parametrize("deals", [2, 4])
def test_gw10_option_deals_adds_up_an_even_number_of_deals(deals: int) -> None:
    state = finish(german(deals=deals).new_match(seed=deals), random.Random(deals))
    assert state.result is not None
    history = state.view(0).match["history"]
    assert len(history) == deals
    totals = state.result.totals
    assert list(totals) == [sum(h[p] for h in history) for p in (0, 1)]
    best = max(totals)
    assert state.result.winners == tuple(p for p in (0, 1) if totals[p] == best)


# The rules in English and the engine's contract -----------------------------------------------

def test_cardrules_rules_says_what_docs_rules_german_whist_says() -> None:
    lines = describe(german().variant)
    assert ("- Each player is dealt 13 cards; the next card is turned up: its suit is trump "
            "and it lies face up on top of the stock, for the winner of the first trick; the "
            "rest is the stock.") in lines
    assert ("- The stock's top card lies face up. After each trick the trick's winner takes "
            "it, the others then draw unseen one card at a time clockwise, until they hold 13 "
            "cards again or the stock is gone, and the next card is turned up.") in lines
    assert ("- Only the tricks played once the stock is empty count for the deal score; "
            "those taken before are set aside and count nothing.") in lines
    assert ("- Each player scores 1 for each trick by which they took more than any other "
            "player (nothing when not more).") in lines
    assert "- The match is one deal, won as the deal is." in lines
    assert ("- The match lasts 4 deals. The highest total wins; tied highest totals share "
            "the win.") in describe(german(deals=4).variant)


@pytest.mark.parametrize("options", [{}, {"deals": 2}], ids=["default", "deals-2"])
def test_every_option_value_passes_a_small_check(options: dict[str, Any]) -> None:
    report = run_check({"extends": "german-whist", "options": options}, games=6, seed=3,
                       leak_share=QUICK_LEAKS)
    assert report.ok, report.failure
