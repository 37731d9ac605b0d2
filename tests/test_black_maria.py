"""Black Maria (``variants/black-maria.yaml``) from explicit positions: one test or more per
rule M1-M11 of ``docs/rules/black-maria.md``, per checkable fact F1-F9 of the spec
(``black_maria.md F1``...), and per option value (``left_out``, ``match``).

Deals are dealt from an explicit order (:func:`dealt`) so that every hand is known;
positions late in a deal are set up with ``game.setup`` (cards not named are out of
play).
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from rule_support import QUICK_LEAKS, play, refused
from trick_support import card_names as names
from trick_support import dealt_hands, labels

import cardrules
from cardrules.engine.match import MatchState
from cardrules.families.tricks.state import TricksState
from cardrules.tools.check import run_check
from cardrules.tools.describe import describe

P0 = "3C 4C 5C 6C 7C 2D 3D 4D KD 2H 3H 4H AH 2S 3S 4S QS"
P1 = "8C 9C 10C JC 5D 6D 7D 8D 5H 6H 7H 8H 5S 6S 7S 8S 9S"
P2 = "QC KC AC 9D 10D JD QD AD 9H 10H JH QH KH 10S JS KS AS"
HANDS = (P0, P1, P2)
"""A deal of the 51 cards: 17 each."""


@cache
def maria(**options: str) -> cardrules.Game:
    """Black Maria with ``options``."""
    return cardrules.load("black-maria", options=options)


def dealt(game: cardrules.Game, hands: tuple[str, ...] = HANDS, *, dealer: int = 2,
          seed: int = 1) -> TricksState:
    """A deal giving each seat its hand, dealt one card at a time from the dealer's left."""
    return dealt_hands(game, hands, dealer=dealer, seed=seed)




def late(*hands: str, leader: int = 0, game: cardrules.Game | None = None,
         **kwargs: object) -> TricksState:
    """A position after the first trick, ``leader`` to lead (in ``game``, Black Maria with
    no options unless given)."""
    kwargs.setdefault("tricks", [1, 0, 0])
    state = (game or maria()).setup(hands=list(hands), leader=leader, **kwargs)
    assert isinstance(state, TricksState)
    return state


def give(state: cardrules.State, gives: dict[int, str]) -> TricksState:
    """Every seat gives its cards, in turn from the dealer's left."""
    for seat in ((state.dealer + 1 + i) % 3 for i in range(3)):
        assert state.current_player == seat
        state = play(state, *(f"give {c}" for c in gives[seat].split()))
    assert isinstance(state, TricksState)
    return state


GIVES = {0: "QS AH KD", 1: "5H 6H 7H", 2: "AC KC QC"}


# M1: 51 cards, three players ------------------------------------------------------------

def test_m1_f1_the_pack_has_51_cards_and_no_two_of_clubs_17_each() -> None:
    """black_maria.md F1: 51 cards, no 2C; each player is dealt 17."""
    game = maria()
    assert game.pack.count == 51 and "2C" not in game.pack.names(game.pack.cards)
    assert game.players == 3 and game.partnerships == ((0,), (1,), (2,))
    for seed in range(5):
        state = game.new_deal(seed)
        assert [h.bit_count() for h in state.hands] == [17, 17, 17] and state.stock == ()
        assert not any(h >> game.pack.parse("2C") & 1 for h in state.hands)
    for players in (2, 4):
        with pytest.raises(cardrules.CardrulesError, match="for 3 to 3 players"):
            cardrules.load("black-maria", players=players)


@pytest.mark.parametrize(("value", "card"), [("two_of_diamonds", "2D"),
                                             ("two_of_spades", "2S")])
def test_m1_option_left_out_leaves_out_another_two(value: str, card: str) -> None:
    game = maria(left_out=value)
    left = set(game.pack.names(game.pack.cards))
    assert game.pack.count == 51 and card not in left and "2C" in left
    state = game.new_deal(3)
    assert [h.bit_count() for h in state.hands] == [17, 17, 17]


# M2: the deal ----------------------------------------------------------------------------

def test_m2_seventeen_cards_each_one_at_a_time_from_the_dealer_s_left() -> None:
    game = maria()
    for dealer in range(3):
        state = dealt(game, dealer=dealer)
        assert [names(game, h) for h in state.hands] == [set(h.split()) for h in HANDS]
        assert state.dealer == dealer and state.current_player == (dealer + 1) % 3


def test_m2_the_first_dealer_is_drawn_by_lot_then_the_deal_passes_left() -> None:
    game = maria()
    firsts = {game.new_match(seed=s).view(0).match["dealer"] for s in range(30)}
    assert firsts == {0, 1, 2}
    state, rng = game.new_match(seed=4, dealer=1), random.Random(4)
    dealers = []
    while not state.is_over and state.view(0).match["deal"] < 3:
        dealer = state.view(0).match["dealer"]
        if not dealers or dealers[-1] != dealer:
            dealers.append(dealer)
        state = state.apply(rng.choice(state.legal_actions()))
    assert dealers == [1, 2, 0]


# M3-M4: passing three cards to the right -------------------------------------------------

def test_m3_f2_player_0_passes_qs_ah_kd_to_player_2_and_gets_player_1_s_cards() -> None:
    """black_maria.md F2: P0 passes {QS, AH, KD} to P2 and receives P1's 3 cards, which P0
    cannot see while choosing."""
    game = maria()
    state = dealt(game)  # dealer 2: seat 0 chooses first
    assert state.view(0).phase == "pass_cards" and state.current_player == 0
    assert labels(state) == sorted(f"give {c}" for c in P0.split())
    assert "give them one at a time" in refused(state, "lead 3C", "M3")
    state = play(state, "give QS", "give AH", "give KD")
    assert state.current_player == 1
    assert state.hidden_cards(0) & state.hands[1] == state.hands[1]  # P1's cards unseen
    after = give(dealt(game), GIVES)
    assert {"QS", "AH", "KD"} <= names(game, after.hands[2])
    assert {"5H", "6H", "7H"} <= names(game, after.hands[0])
    assert {"AC", "KC", "QC"} <= names(game, after.hands[1])
    assert not {"QS", "AH", "KD"} & names(game, after.hands[0])


def test_m3_the_cards_go_right_in_every_deal() -> None:
    game = maria()
    for deal in (1, 2, 3):
        state = game.state_from_json({**dealt(game).to_json(), "deal_number": deal})
        assert state.view(0).pass_direction == "right"
        state = give(state, GIVES)
        for giver, given in GIVES.items():
            assert set(given.split()) <= names(game, state.hands[(giver - 1) % 3])


def test_m4_passing_is_simultaneous_and_every_hand_holds_17_again() -> None:
    game = maria()
    state = play(dealt(game), "give QS", "give AH", "give KD", "give 5H", "give 6H",
                 "give 7H")
    assert state.current_player == 2  # the last to choose has not yet seen P0's cards
    assert names(game, state.hands[2]) == set(P2.split())
    assert state.view(2).passing[0] == 3  # face down: a count
    state = play(state, "give AC", "give KC", "give QC")
    assert [h.bit_count() for h in state.hands] == [17, 17, 17]
    assert state.view(0).phase == "lead"


# M5-M8: tricks ---------------------------------------------------------------------------

def test_m5_the_dealer_s_left_leads_first_and_the_winner_leads_next() -> None:
    game = maria()
    state = give(dealt(game, dealer=1), GIVES)
    assert state.current_player == 2
    state = play(state, "lead KH", "answer 2H", "answer 8H")  # P0 holds 2H 3H 4H (5H-7H)
    assert state.current_player == 2 and state.tricks == (0, 0, 1)


def test_m6_f7_the_first_leader_may_lead_a_heart_or_any_card() -> None:
    """black_maria.md F7: the first leader may lead a heart, such as 2H, to trick 1."""
    game = maria()
    state = give(dealt(game), GIVES)
    assert state.current_player == 0 and state.first_trick
    hand = names(game, state.hands[0])
    assert "2H" in hand and labels(state) == sorted(f"lead {c}" for c in hand)
    assert play(state, "lead 2H").current_player == 1
    spades = give(dealt(game), {0: "2H 3H 4H", 1: "5H 6H 7H", 2: "AC KC QC"})
    assert "lead QS" in labels(spades)  # the queen of spades too, on the first trick


def test_m7_f3_spades_led_the_follower_must_play_a_spade() -> None:
    """black_maria.md F3: spades led, hand {QS, 4S, KH}: QS and 4S legal, KH illegal."""
    state = play(late("5S 2D 3D", "QS 4S KH", "6S 4D 5D"), "lead 5S")
    assert labels(state) == ["answer 4S", "answer QS"]
    assert "must follow suit" in refused(state, "answer KH", "M7")


def test_m7_f4_a_player_void_in_the_suit_led_may_play_anything() -> None:
    """black_maria.md F4: clubs led, hand {QS, KH, 5D}, no clubs: all three legal."""
    state = play(late("5C 2D 3D", "QS KH 5D", "6C 4D 6D"), "lead 5C")
    assert labels(state) == ["answer 5D", "answer KH", "answer QS"]


def test_m8_f5_no_trumps_the_highest_diamond_takes_the_queen_of_spades() -> None:
    """black_maria.md F5: 10D (P0), JD (P1), QS (P2, void in diamonds): P1 wins the trick
    and takes 13 penalty points."""
    state = late("10D 3C", "JD 4C", "QS 5C")
    state = play(state, "lead 10D", "answer JD", "answer QS")
    assert state.tricks == (1, 1, 0) and state.points() == (0, 13, 0)
    assert state.current_player == 1 and names(maria(), state.won[1]) == {"10D", "JD", "QS"}


# M9: penalty points ---------------------------------------------------------------------

def test_m9_f6_ace_king_of_spades_and_a_heart_cost_18() -> None:
    """black_maria.md F6: a trick of AS, KS, 3H (no other penalty card) costs its winner
    7 + 10 + 1 = 18."""
    state = play(late("AS", "KS", "3H"), "lead AS", "answer KS", "answer 3H")
    assert state.is_over and state.result is not None
    assert state.result.scores == (18, 0, 0)


def test_m9_penalty_points_of_each_card() -> None:
    game = maria()
    value = {c: game.pack.value(game.pack.parse(c)) for c in
             ("QS", "KS", "AS", "2H", "AH", "JS", "2S", "AD", "3C")}
    assert value == {"QS": 13, "KS": 10, "AS": 7, "2H": 1, "AH": 1, "JS": 0, "2S": 0,
                     "AD": 0, "3C": 0}
    for options in ({}, {"left_out": "two_of_spades"}, {"left_out": "two_of_diamonds"}):
        pack = maria(**options).pack
        assert sum(map(pack.value, pack.cards)) == 43


@pytest.mark.parametrize("options", [{}, {"left_out": "two_of_spades"}],
                         ids=["default", "two_of_spades"])
def test_m9_f9_the_penalty_points_of_a_deal_add_up_to_43(options: dict[str, str]) -> None:
    """black_maria.md F9: over one deal the three players' penalty points add up to 43."""
    game, rng = maria(**options), random.Random(9)
    for seed in range(12):
        state = game.new_deal(seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        assert state.result is not None and sum(state.result.scores) == 43


# M10: the match --------------------------------------------------------------------------

def _match(totals: tuple[int, int, int]) -> cardrules.State:
    """The last trick of a deal: P0 leads QS and takes 13; then the match goes on or ends."""
    game = maria()
    deal = late("QS", "2D", "3D", tricks=[6, 5, 5])
    going = game.setup_match(deal, totals=totals, dealer=2)
    return play(going, "lead QS", "answer 2D", "answer 3D")


def test_m10_f8_someone_at_100_ends_the_match_and_the_lowest_total_wins() -> None:
    """black_maria.md F8: totals P0 = 103, P1 = 60, P2 = 88: the match ends, P1 wins."""
    ends = _match((90, 60, 88))
    assert ends.is_over and ends.result is not None
    assert ends.result.totals == (103, 60, 88) and ends.result.winners == (1,)


def test_m10_points_add_up_below_100_the_match_goes_on_and_ties_share() -> None:
    going = _match((80, 60, 88))
    assert isinstance(going, MatchState) and not going.is_over
    assert going.view(0).match["totals"] == [93, 60, 88]
    assert going.view(0).match["dealer"] == 0 and going.view(0).match["deal"] == 1
    tie = _match((90, 70, 70))
    assert tie.is_over and tie.result is not None and tie.result.winners == (1, 2)


def test_m10_random_matches_end() -> None:
    game, rng = maria(), random.Random(5)
    for seed in range(2):
        state = game.new_match(seed=seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        assert state.result is not None and max(state.result.totals) >= 100


@pytest.mark.parametrize(("value", "deals"), [("three_deals", 3), ("six_deals", 6),
                                              ("nine_deals", 9)])
def test_m11_option_match_plays_a_number_of_deals_the_lowest_total_winning(
        value: str, deals: int) -> None:
    game, rng = maria(match=value), random.Random(deals)
    state = game.new_match(seed=deals)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.result is not None and len(state.view(0).match["history"]) == deals
    totals = state.result.totals
    assert state.result.winners == tuple(p for p in range(3) if totals[p] == min(totals))
    assert sum(totals) == 43 * deals


def test_m11_a_short_match_ignores_100_and_ties_share() -> None:
    game = maria(match="three_deals")
    deal = late("QS", "2D", "3D", tricks=[6, 5, 5], game=game)
    going = play(game.setup_match(deal, totals=(120, 10, 30), dealer=2, index=1),
                 "lead QS", "answer 2D", "answer 3D")
    assert not going.is_over and going.view(0).match["totals"] == [133, 10, 30]
    last = play(game.setup_match(late("QS", "2D", "3D", tricks=[6, 5, 5], game=game),
                                 totals=(30, 43, 70), dealer=2, index=2),
                "lead QS", "answer 2D", "answer 3D")
    assert last.is_over and last.result is not None
    assert last.result.totals == (43, 43, 70) and last.result.winners == (0, 1)


# The rules in English and the engine's contract -------------------------------------------

def test_cardrules_rules_says_what_docs_rules_black_maria_says() -> None:
    lines = describe(maria().variant)
    assert "- 3 players, seated clockwise; play passes to the left." in lines
    assert ("- 52 cards: ranks 2 3 4 5 6 7 8 9 10 J Q K A (low to high) in suits C D H S; "
            "2C is left out, which leaves 51 cards.") in lines
    assert "- Each player is dealt 17 cards; no card is left over." in lines
    assert "- After the deal each player passes 3 cards to the right." in lines
    assert "- A player who can must follow suit, answering with a card of the led suit." in lines
    assert "- Each player scores 1 for each card point they took." in lines
    assert ("- Deals are played until a player has 100 or more at the end of a deal. The "
            "lowest total wins; tied lowest totals share the win.") in lines
    assert not any("may not be led" in line or "first trick" in line for line in lines)
    assert ("- The match lasts 6 deals. The lowest total wins; tied lowest totals share the "
            "win.") in describe(maria(match="six_deals").variant)
    spades = describe(maria(left_out="two_of_spades").variant)
    assert any("2S is left out, which leaves 51 cards" in line for line in spades)


@pytest.mark.parametrize("options", [{}, {"left_out": "two_of_diamonds"},
                                     {"left_out": "two_of_spades"}, {"match": "three_deals"}],
                         ids=lambda o: "-".join(o.values()) or "default")
def test_every_option_value_passes_a_small_check(options: dict[str, str]) -> None:
    report = run_check({"extends": "black-maria", "options": options}, games=6, seed=3,
                       leak_share=QUICK_LEAKS)
    assert report.ok, report.failure
