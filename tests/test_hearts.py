"""Hearts (``variants/hearts.yaml``) from explicit positions, one test or more per rule
H1-H11 of ``docs/rules/hearts.md`` and per option value (``passing``: rotate, left,
none, chance; ``opening``: two_of_clubs, any_club).

Deals are dealt from an explicit order (:func:`dealt`) so that every hand is known;
positions late in a deal are set up with ``game.setup`` (cards not named are out of
play).  Rules against OpenSpiel's hearts: ``tests/test_openspiel_hearts.py``.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest
from rule_support import QUICK_LEAKS, play, refused
from trick_support import card_names as names
from trick_support import dealt_hands, labels

import cardrules
from cardrules.engine.match import MatchState
from cardrules.families.tricks.state import TricksState
from cardrules.tools.check import run_check
from cardrules.tools.describe import describe

NORTH = "3C 4C 5C 6C 2D 3D 4D 5D 6D 7D 2H 3H 4H"
EAST = "2C 7C 8C 9C 8D 9D 10D JD 5H 6H 7H 8H 9H"
SOUTH = "10C JC QC KC AC QD KD AD 10H JH QH KH AH"
WEST = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"
HANDS = (NORTH, EAST, SOUTH, WEST)
"""A deal: seat 1 holds 2C, seat 3 (the dealer below) every spade."""


@cache
def hearts(**options: str) -> cardrules.Game:
    """Hearts with ``options``."""
    return cardrules.load("hearts", options=options)


def dealt(game: cardrules.Game, hands: tuple[str, ...] = HANDS, *, dealer: int = 3,
          seed: int = 1) -> TricksState:
    """A deal giving each seat its hand, dealt one card at a time from the dealer's left."""
    return dealt_hands(game, hands, dealer=dealer, seed=seed)




def late(game: cardrules.Game, *hands: str, **kwargs: Any) -> TricksState:
    """A position after the first trick, player 0 to lead (hearts unbroken unless said)."""
    kwargs.setdefault("tricks", [1, 0, 0, 0])
    state = game.setup(hands=list(hands), leader=kwargs.pop("leader", 0), **kwargs)
    assert isinstance(state, TricksState)
    return state


# H1: the pack, four players each alone -------------------------------------------------

def test_h1_one_pack_of_52_four_players_each_alone() -> None:
    game = hearts()
    assert game.pack.size == 52 and game.pack.suits == ("C", "D", "H", "S")
    assert game.pack.ranks == ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
                               "A")
    assert game.players == 4 and game.partnerships == ((0,), (1,), (2,), (3,))
    for players in (3, 5):
        with pytest.raises(cardrules.CardrulesError, match="for 4 to 4 players"):
            cardrules.load("hearts", players=players)


# H2: thirteen cards each, the deal passes clockwise --------------------------------------

def test_h2_everyone_gets_13_cards_one_at_a_time_from_the_dealer_s_left() -> None:
    game = hearts()
    for dealer in range(4):
        state = dealt(game, dealer=dealer)
        assert [names(game, h) for h in state.hands] == [set(h.split()) for h in HANDS]
        assert state.stock == () and state.dealer == dealer
    shuffled = game.new_deal(seed=9)
    assert [h.bit_count() for h in shuffled.hands] == [13] * 4 and shuffled.stock == ()


def test_h2_the_deal_passes_clockwise() -> None:
    state = hearts().new_match(seed=4, dealer=2)
    rng = random.Random(4)
    dealers = []
    while not state.is_over and state.view(0).match["deal"] < 3:
        dealers.append(state.view(0).match["dealer"])
        state = state.apply(rng.choice(state.legal_actions()))
    assert sorted(set(dealers)) == [0, 2, 3] and dealers[0] == 2 and dealers[-1] == 0


# H3: passing three cards ---------------------------------------------------------------

def test_h3_each_player_from_the_dealer_s_left_sets_aside_three_cards() -> None:
    game = hearts()
    state = dealt(game)
    assert state.view(0).phase == "pass_cards" and state.current_player == 0
    assert labels(state) == sorted(f"give {c}" for c in NORTH.split())
    assert "give them one at a time" in refused(state, "lead 3C", "H3")
    assert "only give a card from your hand" in refused(state, "give 2C", "H3")
    state = play(state, "give 2H", "give 3H")
    assert state.current_player == 0 and set(state.view(0).passing[0]) == {"2H", "3H"}
    assert state.view(1).passing == [2, [], 0, 0]  # face down: the others see a count
    state = play(state, "give 4H")
    assert state.current_player == 1


def _pass(state: cardrules.State, gives: dict[int, str]) -> Any:
    for seat in range(4):
        assert state.current_player == seat
        state = play(state, *(f"give {c}" for c in gives[seat].split()))
    return state


GIVES = {0: "2H 3H 4H", 1: "2C 8D 9D", 2: "QD KD AD", 3: "QS KS AS"}


@pytest.mark.parametrize(("options", "deal", "step"), [
    ({}, 0, 1), ({}, 1, 3), ({}, 2, 2), ({"passing": "left"}, 1, 1),
    ({"passing": "left"}, 2, 1)])
def test_h3_the_cards_go_left_right_across_or_always_left(options: dict[str, str],
                                                         deal: int, step: int) -> None:
    game = hearts(**options)
    state = game.state_from_json({**dealt(game).to_json(), "deal_number": deal})
    words = {1: "left", 3: "right", 2: "across"}
    assert state.view(0).pass_direction == words[step]
    state = _pass(state, GIVES)
    for giver, given in GIVES.items():
        receiver = (giver + step) % 4
        assert set(given.split()) <= names(game, state.hands[receiver])
        assert set(state.view(giver).passed) == set(given.split())
    # 2C went from seat 1 to its receiver, who now leads it (H4)
    assert state.current_player == (1 + step) % 4 and labels(state) == ["lead 2C"]


def test_h3_nobody_passes_in_the_fourth_deal_then_left_again() -> None:
    game = hearts()
    rng = random.Random(7)
    state = game.new_match(seed=7, dealer=0)
    first: dict[int, tuple[str, str]] = {}
    while not state.is_over and state.view(0).match["deal"] < 5:
        view = state.view(0)
        first.setdefault(view.match["deal"], (view.pass_direction, view.phase))
        state = state.apply(rng.choice(state.legal_actions()))
    assert [first[d][0] for d in range(5)] == ["left", "right", "across", "none", "left"]
    assert first[3][1] == "lead" and first[4][1] == "pass_cards"


def test_h3_option_none_plays_at_once() -> None:
    game = hearts(passing="none")
    state = dealt(game)
    assert "pass_direction" not in state.view(0).to_json() and state.current_player == 1
    assert labels(state) == ["lead 2C"]
    assert not game.variant.phases


def test_h3_option_chance_draws_each_deal_s_direction_by_lot() -> None:
    game = hearts(passing="chance")
    drawn = {dealt(game, seed=s).view(2).pass_direction for s in range(40)}
    assert drawn == {"left", "right", "across", "none"}
    seed = next(s for s in range(40) if dealt(game, seed=s).view(0).pass_direction == "across")
    state = dealt(game, seed=seed)
    assert state.to_json()["pass_direction"] == "across"
    assert game.state_from_json(state.to_json()) == state
    state = _pass(state, GIVES)
    assert {"QS", "KS", "AS"} <= names(game, state.hands[1])  # seat 3's cards, across
    none = next(s for s in range(40) if dealt(game, seed=s).view(0).pass_direction == "none")
    assert dealt(game, seed=none).current_player == 1  # no passing: 2C leads at once


# H4: the two of clubs leads -------------------------------------------------------------

def test_h4_the_holder_of_the_two_of_clubs_leads_it() -> None:
    state = dealt(hearts(passing="none"))  # the dealer's left is seat 0; seat 1 holds 2C
    assert state.current_player == 1 and labels(state) == ["lead 2C"]
    assert "which opens the deal: lead it" in refused(state, "lead 7C", "H4")


def test_h4_option_any_club_lets_the_holder_lead_any_club() -> None:
    state = dealt(hearts(passing="none", opening="any_club"))
    assert state.current_player == 1
    assert labels(state) == ["lead 2C", "lead 7C", "lead 8C", "lead 9C"]
    assert "opening card's suit (C)" in refused(state, "lead 8D", "H4")
    state = play(state, "lead 9C")
    assert state.current_player == 2 and labels(state) == [
        f"answer {c}" for c in sorted(["10C", "AC", "JC", "KC", "QC"])]


def test_h4_everyone_knows_who_holds_the_two_of_clubs_once_play_begins() -> None:
    """Its holder must lead it, so from then on it is hidden from nobody: re-sampling the
    cards a player cannot see leaves it with its holder, and a counterfactual swap of it
    is no leak (during the passing it is hidden like any other card)."""
    game = hearts()
    state = dealt(game)
    two = game.pack.parse("2C")
    assert state.hidden_cards(0) >> two & 1  # seat 1 may still pass it
    state = _pass(state, {**GIVES, 1: "7C 8D 9D"})
    assert state.current_player == 1
    for player in (0, 2, 3):
        assert not state.hidden_cards(player) >> two & 1
        for seed in range(5):
            assert state.resample(player, random.Random(seed)).hands[1] >> two & 1
    state = play(state, "lead 2C")
    assert not state.hidden_cards(0) >> two & 1  # on the table, face up
    any_club = hearts(opening="any_club")
    state = play(_pass(dealt(any_club), {**GIVES, 1: "7C 8D 9D"}), "lead 9C")
    assert not state.hidden_cards(0) >> two & 1  # kept by the first leader: still known


# H5: follow suit; the highest card of the suit led takes; the winner leads ---------------

def test_h5_follow_suit_when_able() -> None:
    state = play(dealt(hearts(passing="none")), "lead 2C")
    assert labels(state) == sorted(f"answer {c}" for c in ("10C", "JC", "QC", "KC", "AC"))
    assert "must follow suit" in refused(state, "answer QD", "H5")


def test_h5_highest_of_the_suit_led_takes_no_trumps_and_the_winner_leads() -> None:
    game = hearts()
    state = late(game, "AS 2H", "KS 3D", "2S KH", "3S AD", broken=True)
    assert "must follow suit" in refused(play(state, "lead AS"), "answer 3D", "H5")
    state = play(state, "lead AS", "answer KS", "answer 2S", "answer 3S")
    assert state.current_player == 0 and state.tricks == (2, 0, 0, 0)
    state = play(state, "lead 2H")
    assert labels(state) == ["answer 3D"]  # void in hearts: anything (here, all it has)
    state = play(state, "answer 3D", "answer KH", "answer AD")
    assert state.is_over and state.tricks == (2, 0, 1, 0)  # KH takes: AD is not a trump


# H6: no points on the first trick -------------------------------------------------------

def test_h6_a_player_void_in_clubs_may_not_play_hearts_or_qs_to_the_first_trick() -> None:
    state = play(dealt(hearts(passing="none")), "lead 2C", "answer AC")
    assert state.current_player == 3  # every spade, no club
    assert "answer QS" not in labels(state) and len(labels(state)) == 12
    assert "may not be played to the first trick" in refused(state, "answer QS", "H6")
    state = play(state, "answer KS", "answer 3C")  # AC takes the first trick
    assert state.current_player == 2
    assert "answer QS" in labels(play(state, "lead KC"))  # the second trick: QS may go


def test_h6_unless_they_hold_nothing_else() -> None:
    hands = ("2C 3C 4C 5C 6C 7C 8C 9C 2D 3D 4D 5D 6D",
             "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH QS",
             "7D 8D 9D 10D JD QD KD AD 2S 3S 4S 5S 2H",
             "10C JC QC KC AC 6S 7S 8S 9S 10S JS KS AS")
    state = play(dealt(hearts(passing="none"), hands, dealer=3), "lead 2C")
    assert len(labels(state)) == 13  # hearts and QS only: any of them
    state = play(state, "answer QS")
    assert "answer 2H" not in labels(state)  # seat 2 holds diamonds and spades too
    refused(state, "answer 2H", "H6")


# H7: hearts are not led until broken ----------------------------------------------------

def test_h7_hearts_may_not_be_led_until_broken() -> None:
    game = hearts()
    state = late(game, "2H 3C", "4C 5C", "6C 7C", "8C 9C")
    assert labels(state) == ["lead 3C"]
    assert "may not be led until broken" in refused(state, "lead 2H", "H7")
    assert labels(late(game, "2H 3C", "4C 5C", "6C 7C", "8C 9C", broken=True)) == [
        "lead 2H", "lead 3C"]


def test_h7_unless_the_leader_holds_only_hearts() -> None:
    state = late(hearts(), "2H 5H", "4C 5C", "6C 7C", "8C 9C")
    assert labels(state) == ["lead 2H", "lead 5H"] and not state.broken


@pytest.mark.parametrize("breaker", ["QS", "6H"])
def test_h7_a_heart_or_the_queen_of_spades_played_breaks_hearts(breaker: str) -> None:
    state = late(hearts(), "AC 2H 4S", f"{breaker} 3D 5S", "2C 4D 6S", "3C 5D 7S")
    state = play(state, "lead AC", f"answer {breaker}", "answer 2C", "answer 3C")
    assert state.broken and state.view(2).broken is True
    assert labels(state) == ["lead 2H", "lead 4S"]
    other = late(hearts(), "AC 2H 4S", "KS 3D 5S", "2C 4D 6S", "3C 5D 7S")
    other = play(other, "lead AC", "answer KS", "answer 2C", "answer 3C")
    assert not other.broken and labels(other) == ["lead 4S"]


# H8: penalty points ---------------------------------------------------------------------

def _last_trick(game: cardrules.Game, won: list[str]) -> TricksState:
    """The last trick: seat 0 leads AS and takes KH, QS and 2C with it."""
    state = late(game, "AS", "KH", "QS", "2C", won=won, tricks=[3, 3, 3, 3])
    state = play(state, "lead AS", "answer KH", "answer QS", "answer 2C")
    assert state.is_over
    return state


def test_h8_a_heart_costs_one_and_the_queen_of_spades_thirteen() -> None:
    game = hearts()
    assert sum(game.pack.value(c) for c in range(52)) == 26
    assert game.pack.value(game.pack.parse("QS")) == 13
    assert {game.pack.value(game.pack.parse(c)) for c in ("2H", "AH")} == {1}
    assert {game.pack.value(game.pack.parse(c)) for c in ("AS", "KS", "AC", "2D")} == {0}
    state = _last_trick(game, ["2H 3H", "", "4H 5H 6H", ""])
    assert state.result is not None and state.result.scores == (16, 0, 3, 0)


# H9: shooting the moon ------------------------------------------------------------------

def test_h9_taking_all_26_points_gives_every_other_player_26() -> None:
    game = hearts()
    hearts_but_kh = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH AH"
    state = _last_trick(game, [hearts_but_kh, "", "", ""])
    assert state.points() == (26, 0, 0, 0)
    assert state.result is not None and state.result.scores == (0, 26, 26, 26)
    assert state.result.winners == (0,)
    missed = _last_trick(game, [hearts_but_kh.replace("2H ", ""), "2H", "", ""])
    assert missed.result is not None and missed.result.scores == (25, 1, 0, 0)


# H10: the match -------------------------------------------------------------------------

def test_h10_points_add_up_and_100_ends_the_match_the_lowest_total_winning() -> None:
    game = hearts()
    deal = late(game, "AS", "KH", "QS", "2C", won=["2H 3H", "", "4H 5H 6H", ""],
                tricks=[3, 3, 3, 3])
    going = game.setup_match(deal, totals=(80, 40, 60, 90), dealer=3)
    going = play(going, "lead AS", "answer KH", "answer QS", "answer 2C")
    assert isinstance(going, MatchState) and not going.is_over  # 96, 40, 63, 90
    assert going.view(0).match["totals"] == [96, 40, 63, 90]
    assert going.view(0).match["dealer"] == 0 and going.view(0).match["deal"] == 1
    ends = game.setup_match(deal, totals=(90, 50, 47, 70), dealer=3)
    ends = play(ends, "lead AS", "answer KH", "answer QS", "answer 2C")
    assert ends.is_over and ends.result is not None
    assert ends.result.totals == (106, 50, 50, 70)
    assert ends.result.winners == (1, 2)  # equal lowest totals share the win


# H11: equal points rank equal -----------------------------------------------------------

def test_h11_players_who_took_the_same_points_rank_equal_in_the_deal() -> None:
    state = _last_trick(hearts(), ["2H 3H", "", "4H 5H 6H", ""])
    assert state.result is not None and state.result.scores == (16, 0, 3, 0)
    assert state.result.places == (4, 1, 3, 1) and state.result.winners == (1, 3)


# The rules in English and the engine's contract -------------------------------------------

def test_cardrules_rules_says_what_docs_rules_hearts_says() -> None:
    lines = describe(hearts().variant)
    assert "- 4 players, seated clockwise; play passes to the left." in lines
    assert "- First move: the player holding 2C leads the first trick." in lines
    assert ("- After the deal each player passes 3 cards: to the left, to the right, across, "
            "no passing, in turn from deal to deal.") in lines
    assert ("- A player holding no card of the led suit may not play H or QS (cards of those "
            "suits, or those cards) to the first trick of the deal, unless nothing else is "
            "allowed.") in lines
    assert ("- A player who took all the points of the deal (every card worth points, and any "
            "points for the last trick) counts as having taken none, and every other player "
            "as having taken them all.") in lines
    assert ("- Deals are played until a player has 100 or more at the end of a deal. The "
            "lowest total wins; tied lowest totals share the win.") in lines
    chance = describe(hearts(passing="chance").variant)
    assert ("- After the deal each player passes 3 cards: to the left, to the right, across "
            "or no passing, drawn by lot for each deal.") in chance
    assert not any(line.startswith("- After the deal") for line in
                   describe(hearts(passing="none").variant))
    assert ("- The player holding 2C leads the first trick of every deal (whoever would lead "
            "otherwise) and must lead a card of 2C's suit.") in describe(
                hearts(opening="any_club").variant)


@pytest.mark.parametrize("options", [{}, {"passing": "left"}, {"passing": "none"},
                                     {"passing": "chance"}, {"opening": "any_club"}],
                         ids=lambda o: "-".join(o.values()) or "default")
def test_every_option_value_passes_a_small_check(options: dict[str, str]) -> None:
    report = run_check({"extends": "hearts", "options": options}, games=6, seed=3,
                       leak_share=QUICK_LEAKS)
    assert report.ok, report.failure
