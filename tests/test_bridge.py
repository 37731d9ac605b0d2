"""Contract bridge (``variants/bridge.yaml``): scenario tests from explicit positions, one
or more per rule of ``docs/rules/bridge.md`` (BR1-BR16), then its options, its rules in
English and its conformance check."""

from __future__ import annotations

import random
from functools import cache

import pytest
from rule_support import QUICK_LEAKS, play, refused
from trick_support import dealt_hands, labels

import cardrules
from cardrules.phases.calls.scoring import ScoreTable
from cardrules.tools.check import run_check
from cardrules.tools.describe import describe

DEALT = ["2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
         "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
         "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
         "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"]
"""A deal of one suit a hand (seat 0 spades, 1 hearts, 2 diamonds, 3 clubs)."""
MIXED = ["AS KS QS JS AH KH QH AD KD QD AC KC QC",
         "10S 9S 8S JH 10H 9H JD 10D 9D JC 10C 9C 8C",
         "7S 6S 5S 8H 7H 6H 8D 7D 6D 7C 6C 5C 4C",
         "4S 3S 2S 5H 4H 3H 2H 5D 4D 3D 2D 3C 2C"]
"""A deal of every suit in every hand."""
REF = "BR3-BR8"
"""The rule numbers refusals of calls quote."""


@cache
def bridge(**options: str) -> cardrules.Game:
    return cardrules.load("bridge", options=options)


def deal(hands: list[str] = DEALT, **options: str) -> cardrules.State:
    """A fresh deal of ``hands``, dealer seat 0, at the auction."""
    return dealt_hands(bridge(**options), hands, dealer=0)


def finish(state: cardrules.State, seed: int = 0) -> cardrules.State:
    rng = random.Random(seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def table(**contract: int) -> int:
    """Duplicate bridge's score table (BR12-BR14) for one contract, in spades unless the
    trick points are given."""
    values = {"trick": 30, "first_trick": 30, "doubled": 0, "vulnerable": 0, **contract}
    return ScoreTable().score(level=values["level"], trick=values["trick"],
                              first_trick=values["first_trick"], doubled=values["doubled"],
                              tricks=values["tricks"], vulnerable=bool(values["vulnerable"]))


# BR1: four players, partners opposite, one pack of 52 --------------------------------------

def test_br1_four_players_in_two_partnerships_with_one_pack() -> None:
    game = bridge()
    assert game.players == 4 and game.partnerships == ((0, 2), (1, 3))
    assert game.pack.size == 52 and game.pack.suits == ("C", "D", "H", "S")
    with pytest.raises(cardrules.CardrulesError, match="4 players"):
        cardrules.load("bridge", players=3)


# BR2: 13 cards each, dealt one at a time from the dealer's left ---------------------------

def test_br2_thirteen_cards_each_dealt_from_the_dealer_s_left() -> None:
    game = bridge()
    order = list(range(52))
    state = game.new_deal(0, dealer=1, order=order)
    cards = list(reversed(order))  # the last card of the order is dealt first
    for i in range(4):
        assert state.hands[(2 + i) % 4] == sum(1 << c for c in cards[i::4])
    assert {game.new_match(seed).view(0).dealer for seed in range(20)} == {0, 1, 2, 3}


# BR3: the dealer calls first, then clockwise; every call is public -------------------------

def test_br3_the_dealer_calls_first_and_every_call_is_shown() -> None:
    state = deal()
    assert state.current_player == 0
    assert labels(state) == sorted(["pass", *(f"{w} {k}" for k in range(1, 8) for w in (
        "clubs", "diamonds", "hearts", "spades", "notrump"))])
    state = play(state, "hearts 1", "pass")
    assert state.current_player == 2
    for p in range(4):
        view = state.view(p)
        assert view.calls == [{"player": 0, "call": "hearts 1"},
                              {"player": 1, "call": "pass"}]
        assert view.contract == "1 H" and view.declarer is None


# BR4: a bid is a level 1-7 and a strain, higher than the last -------------------------------

def test_br4_each_bid_is_higher_than_the_last() -> None:
    state = play(deal(), "hearts 2")
    bids = [a for a in labels(state) if a not in ("pass", "double")]
    assert "spades 2" in bids and "notrump 2" in bids and "clubs 3" in bids
    assert "hearts 2" not in bids and "diamonds 2" not in bids and "notrump 1" not in bids
    assert len(bids) == 35 - 8
    message = refused(state, "diamonds 2", REF)
    assert "higher than the last, 2 H" in message
    state = play(state, "notrump 7")
    assert [a for a in labels(state) if a != "pass"] == ["double"]


# BR5: double the other side's bid, redouble one's own doubled bid ---------------------------

def test_br5_double_and_redouble() -> None:
    state = play(deal(), "spades 1")
    assert "double" in labels(state)  # seat 1, the other side
    state = state.apply("pass")
    assert "double" not in labels(state)  # seat 2, the bidder's partner
    refused(state, "double", REF)
    refused(state, "redouble", REF)
    state = play(state, "pass", "double")
    assert state.view(0).contract == "1 S X" and state.view(0).doubled == 1
    assert "redouble" in labels(state) and "double" not in labels(state)  # seat 0
    state = state.apply("pass")
    assert "redouble" not in labels(state)  # seat 1, the doubling side
    state = play(state, "pass", "redouble")
    assert state.view(0).contract == "1 S XX"
    assert "double" not in labels(state) and "redouble" not in labels(state)
    state = state.apply("hearts 2")  # a new bid cancels the doubling
    assert state.view(0).contract == "2 H" and state.view(0).doubled == 0


# BR6: four passes throw the deal in; three passes after a bid end the auction ----------------

def test_br6_four_passes_throw_the_deal_in() -> None:
    state = play(deal(), "pass", "pass", "pass")
    assert not state.is_over
    state = state.apply("pass")
    assert state.is_over and state.result is not None
    assert state.result.scores == (0, 0, 0, 0)


def test_br6_three_passes_after_a_bid_end_the_auction() -> None:
    state = play(deal(), "pass", "clubs 1", "pass", "pass")
    assert state.view(0).declarer is None
    state = state.apply("pass")
    assert state.view(0).phase == "lead" and state.view(0).declarer == 1


# BR7: the declarer is the first of the declaring side to name the strain ---------------------

def test_br7_the_declarer_first_named_the_strain() -> None:
    state = play(deal(), "hearts 1", "spades 1", "hearts 2", "spades 2", "hearts 3",
                 "pass", "pass", "pass")
    view = state.view(1)
    assert view.contract == "3 H" and view.declarer == 0 and view.dummy == 2
    # the other side's naming of a strain does not count: seat 1 names notrump first
    state = play(deal(), "notrump 1", "notrump 2", "pass", "pass", "pass")
    assert state.view(0).declarer == 1


# BR8: the strain is the trump suit; no trumps in no trumps -----------------------------------

def test_br8_the_strain_is_trumps() -> None:
    state = play(deal(), "clubs 1", "pass", "pass", "pass")
    assert state.view(0).trump == "C"
    state = play(deal(), "notrump 1", "pass", "pass", "pass")
    assert state.view(0).trump is None and state.view(0).contract_strain == "NT"


# BR9: the declarer's left leads; the dummy lies face up and the declarer plays it -------------

def test_br9_the_dummy_is_face_up_after_the_opening_lead_and_played_by_the_declarer() -> None:
    state = play(deal(MIXED), "spades 1", "pass", "pass", "pass")  # declarer 0, dummy 2
    assert state.current_player == 1  # the declarer's left leads
    assert isinstance(state.view(1).hands[2], int)  # not yet face up
    assert isinstance(state.view(0).hands[2], int)
    state = state.apply("lead 10S")
    for p in range(4):
        assert sorted(state.view(p).hands[2]) == sorted(MIXED[2].split())
        assert not state.hidden_cards(p) & state.hands[2]
    assert state.current_player == 0  # the dummy's turn: the declarer chooses
    assert labels(state) == ["answer 5S", "answer 6S", "answer 7S"]
    with pytest.raises(cardrules.IllegalActionError, match="player 2 is not to move"):
        state.apply("answer 7S", player=2)
    state = state.apply("answer 7S", player=0)
    assert state.current_player == 3
    state = state.apply("answer 4S")
    assert state.current_player == 0  # the declarer's own turn
    state = state.apply("answer AS")
    assert state.current_player == 0 and state.view(0).leader == 0
    while not state.is_over:  # the dummy never acts, whoever holds the lead
        assert state.current_player != 2
        state = state.apply(state.legal_actions()[0])


# BR10: follow suit when able ------------------------------------------------------------

def test_br10_follow_suit_when_able() -> None:
    state = play(deal(MIXED), "spades 1", "pass", "pass", "pass", "lead JH")
    assert labels(state) == ["answer 6H", "answer 7H", "answer 8H"]  # the dummy's hearts
    state = play(deal(), "spades 1", "pass", "pass", "pass", "lead 2H")
    assert len(labels(state)) == 13  # no heart: any card


# BR11: the highest trump takes the trick, else the highest card of the suit led ---------------

def test_br11_trumps_win_and_no_trumps_follow_the_suit_led() -> None:
    state = play(deal(), "spades 1", "pass", "pass", "pass", "lead AH", "answer 2D",
                 "answer 2C", "answer 2S")
    assert state.view(0).tricks == [1, 0, 0, 0]  # the lowest spade trumps the ace
    state = play(deal(), "notrump 1", "pass", "pass", "pass", "lead 2H", "answer AD",
                 "answer AC", "answer AS")
    assert state.view(0).tricks == [0, 1, 0, 0]  # no trumps: the suit led


# BR12-BR14: the score table, and a contract made and missed in play --------------------------

def test_br12_trick_scores() -> None:
    assert table(level=1, trick=20, first_trick=20, tricks=7) == 20 + 50
    assert table(level=3, trick=30, first_trick=40, tricks=9) == 100 + 300  # 3NT: game
    assert table(level=2, tricks=8, doubled=1) == 120 + 300 + 50  # 2S doubled: game
    assert table(level=1, trick=20, first_trick=20, tricks=7, doubled=2) == 80 + 50 + 100


def test_br13_bonuses_and_overtricks() -> None:
    assert table(level=4, tricks=11) == 450  # four spades and one over, not vulnerable
    assert table(level=4, tricks=11, vulnerable=1) == 650
    assert table(level=6, tricks=12) == 180 + 300 + 500
    assert table(level=7, tricks=13, vulnerable=1) == 210 + 500 + 1500
    assert table(level=6, trick=20, first_trick=20, doubled=2, tricks=13,
                 vulnerable=1) == 480 + 500 + 750 + 100 + 400
    assert table(level=2, tricks=10, doubled=1) == 120 + 300 + 50 + 2 * 100


def test_br14_undertricks() -> None:
    assert table(level=3, trick=30, first_trick=40, doubled=1, tricks=7,
                 vulnerable=1) == -500  # three no trumps doubled, two down, vulnerable
    assert table(level=4, tricks=9) == -50 and table(level=4, tricks=8, vulnerable=1) == -200
    assert [table(level=7, tricks=13 - k, doubled=1) for k in range(1, 7)] == \
        [-100, -300, -500, -800, -1100, -1400]
    assert [table(level=7, tricks=13 - k, doubled=1, vulnerable=1) for k in (1, 2, 3)] == \
        [-200, -500, -800]
    assert table(level=1, trick=20, first_trick=20, doubled=2, tricks=5) == -600


def test_br12_a_grand_slam_made_in_play_scores_for_the_declaring_side() -> None:
    state = finish(play(deal(), "spades 7", "pass", "pass", "pass"))
    assert state.result is not None and state.view(0).tricks[0] == 13
    assert state.result.scores == (1510, -1510, 1510, -1510)  # 210 + 300 + 1000


def test_br14_a_contract_missed_in_play_costs_the_declaring_side() -> None:
    # seat 1 declares 1NT doubled; seat 2, on its left, leads its diamonds and takes all
    state = play(deal(), "pass", "notrump 1", "double", "pass", "pass", "pass")
    assert state.view(0).contract == "1 NT X" and state.current_player == 2
    state = finish(state)
    assert state.view(0).tricks == [0, 0, 13, 0]
    assert state.result is not None
    assert state.result.scores == (1700, -1700, 1700, -1700)  # 100 + 200 + 200 + 4 * 300


# BR15: vulnerability ---------------------------------------------------------------------

@pytest.mark.parametrize(("option", "scores"), [
    ("none", 1510), ("dealer_side", 2210), ("other_side", 1510), ("both", 2210)])
def test_br15_vulnerability_by_option(option: str, scores: int) -> None:
    state = finish(play(deal(vulnerable=option), "spades 7", "pass", "pass", "pass"))
    assert state.result is not None and state.result.scores[0] == scores
    seats = {"none": [], "dealer_side": [0, 2], "other_side": [1, 3], "both": [0, 1, 2, 3]}
    assert state.view(1).vulnerable == seats[option]


# BR16: one deal is the game ----------------------------------------------------------------

def test_br16_one_deal_is_the_game() -> None:
    match = bridge().new_match(3, dealer=0)
    match = finish(match, 3)
    result = match.result
    assert result is not None and result.deals == 1
    assert result.totals[0] == result.totals[2] == -result.totals[1]


# The rules in English and the conformance check ---------------------------------------------

def test_the_rules_in_english_say_what_the_game_does() -> None:
    text = "\n".join(describe(bridge().variant))
    for said in ("bids a level from 1 to 7 in a strain (from the lowest: C, D, H, S, no "
                 "trumps) higher than the last bid",
                 "whose partner is the dummy (face up after the opening lead, played by the "
                 "declarer)",
                 "Trumps are the contract's strain",
                 "doubled 100 200 200 300/200 300", "Neither side is vulnerable."):
        assert said in text, said


@pytest.mark.parametrize("vulnerable", ["none", "both"])
def test_the_check_passes(vulnerable: str) -> None:
    report = run_check("bridge", games=2, seed=1, options={"vulnerable": vulnerable},
                       leak_share=QUICK_LEAKS)
    assert report.failure is None, report.failure


def test_the_table_shows_the_contract_and_the_dummy() -> None:
    from cardrules.tools.render import TextRenderer

    state = play(deal(MIXED), "pass", "spades 1", "double", "hearts 2", "pass", "pass",
                 "pass", "lead QC")
    lines = TextRenderer(state.game.pack, ascii=True).view(state.view(2), me=2)
    assert "Contract 2H by P3 · dummy P1, played by P3 · nobody vulnerable" in lines
    assert any("dummy, played by P3" in line and "JC 10C" in line for line in lines)
    assert lines[-1] == "P3 to play (answer, from the dummy P1's hand)"


def test_a_state_read_back_keeps_the_dummy_and_refuses_a_malformed_one() -> None:
    state = play(deal(MIXED), "spades 1", "pass", "pass", "pass", "lead 10S")
    data = state.to_json()
    assert data["dummy"] == [2, 0]
    again = state.game.state_from_json(data)
    assert again == state and again.current_player == 0
    with pytest.raises(cardrules.StateError, match="dummy"):
        state.game.state_from_json({**data, "dummy": [2]})


def test_a_tampered_auction_is_refused() -> None:
    """A state read back must hold calls each legal in its turn (BR3-BR6)."""
    data = play(deal(), "spades 1", "pass").to_json()
    assert data["calls"] == [6, 0]  # codes: pass 0, double 1, redouble 2, bids from 3
    for calls in ([0, 1], [6, 5], [6, 0, 0, 0]):
        with pytest.raises(cardrules.StateError):
            bridge().state_from_json({**data, "calls": calls})


# The auction's standing, asked for by every view and step, is remembered ------------------

@pytest.mark.parametrize("vulnerable", ["none", "both"])
def test_a_standing_found_again_is_the_auction_followed_afresh(vulnerable: str) -> None:
    from cardrules.engine.phased import bind
    from cardrules.phases.calls.auction import follow

    game = cardrules.load("bridge", options={"vulnerable": vulnerable})
    (phase, settings), = [(p, s) for p, s in game.phases if p.name == "calls"]
    rules = settings.rules(game, game.partnerships)
    rng = random.Random(5)
    for seed in range(4):
        state = game.new_deal(seed=seed)
        while not state.is_over:
            table = bind(state)
            seats = phase._seats(table, settings)
            assert phase.standing(table, settings) == follow(
                table._calls, seats=seats, rules=rules, check=False)
            state = state.apply(rng.choice(state.legal_actions()))
