"""Kozel (``variants/kozel.yaml``) from explicit positions: one test or more per rule
K1-K15 of ``docs/rules/kozel.md`` and per checkable fact F1-F9 of the spec
(``kozel.md F1``...).

Deals are dealt from an explicit order (:func:`dealt`) so that every hand is known;
positions late in a deal are set up with ``game.setup`` (cards not named are out of
play); the end of a deal is the last trick of :func:`deal_end`, the other 32 cards
already taken.
"""

from __future__ import annotations

import itertools
import random
from functools import cache
from typing import Any

import pytest
from rule_support import QUICK_LEAKS, play, refused
from trick_support import card_names, dealt_hands, labels

import cardrules
from cardrules.engine.match import MatchState
from cardrules.families.tricks.state import TricksState
from cardrules.tools.check import run_check
from cardrules.tools.describe import describe

P0 = "6C QC JC AC 10S KS 9S 7H 6D"
P1 = "QS JS 10C 8S 7S AH 10H 9D 8D"
P2 = "QH JH KC 9C 6S KH 9H 8H 7D"
P3 = "QD JD 8C 7C AS 6H AD 10D KD"
HANDS = (P0, P1, P2, P3)
"""A deal of the 36 cards: 9 each, the ace of diamonds with P3."""

TRUMPS = ("6C", "QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AC", "10C", "KC", "9C", "8C",
          "7C")
"""The fifteen trumps, high to low (K3)."""
RANKS = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")


@cache
def kozel() -> cardrules.Game:
    return cardrules.load("kozel")


def dealt(hands: tuple[str, ...] = HANDS, *, dealer: int = 0, seed: int = 1) -> TricksState:
    """A deal giving each seat its hand, dealt one card at a time from the dealer's left."""
    return dealt_hands(kozel(), hands, dealer=dealer, seed=seed)



def names(mask: int) -> set[str]:
    return card_names(kozel(), mask)


def late(*hands: str, leader: int = 0) -> TricksState:
    """A position after the first trick (P0 took it, its cards out of play), ``leader``
    to lead."""
    state = kozel().setup(hands=list(hands), leader=leader, tricks=[1, 0, 0, 0])
    assert isinstance(state, TricksState)
    return state


def trick(*cards: str, leader: int = 0) -> TricksState:
    """One trick, each seat from ``leader`` on holding the one card it plays."""
    hands = [""] * 4
    for i, card in enumerate(cards):
        hands[(leader + i) % 4] = card
    state = late(*hands, leader=leader)
    return play(state, f"lead {cards[0]}", *(f"answer {c}" for c in cards[1:]))


ZEROS = ("6H", "7H", "8H", "9H", "6D", "7D", "8D", "9D", "6C", "7C", "8C", "9C")
"""Cards worth no point, to pad a pile of taken cards to whole tricks."""
LAST = ("9S", "8S", "7S", "6S")
"""The last trick: P0 leads 9S and takes it; it is worth no point."""


def deal_end(taken: str, *, dealer: int = 3) -> TricksState:
    """The last trick of a deal in which P1 (for the side P1 + P3) took the cards
    ``taken`` (padded with cards worth no point to whole tricks) and P0 (for P0 + P2)
    every other card but the last trick's, which P0 takes too."""
    pack = kozel().pack
    mine = taken.split()
    pad = -len(mine) % 4
    mine += [c for c in ZEROS if c not in mine][:pad]
    theirs = [c for c in pack.names(pack.cards) if c not in mine and c not in LAST]
    state = kozel().setup(hands=list(LAST), leader=0, won=[" ".join(theirs), " ".join(mine),
                                                         "", ""],
                          tricks=[len(theirs) // 4, len(mine) // 4, 0, 0], dealer=dealer)
    assert isinstance(state, TricksState)
    return state


def finish(state: Any) -> Any:
    """The last trick of :func:`deal_end` played."""
    return play(state, *(f"{'lead' if i == 0 else 'answer'} {c}" for i, c in enumerate(LAST)))


def scores(taken: str) -> tuple[int, ...]:
    """The deal scores once P1's side took ``taken`` (:func:`deal_end`)."""
    state = finish(deal_end(taken))
    assert state.is_over and state.result is not None
    return tuple(state.result.scores)


# K1-K4: players and cards ------------------------------------------------------------------

def test_k1_four_players_in_two_partnerships_sitting_opposite() -> None:
    game = kozel()
    assert game.players == 4 and game.partnerships == ((0, 2), (1, 3))
    for players in (2, 3, 5):
        with pytest.raises(cardrules.CardrulesError, match="for 4 to 4 players"):
            cardrules.load("kozel", players=players)


def test_k2_thirty_six_cards_six_to_ace_in_four_suits() -> None:
    pack = kozel().pack
    assert pack.count == 36
    assert set(pack.names(pack.cards)) == {f"{r}{s}" for r in RANKS for s in "CSHD"}


@pytest.mark.parametrize("index", range(len(TRUMPS) - 1))
def test_k3_each_trump_beats_the_next_lower_one(index: int) -> None:
    """K3 (kozel.md "The trump suit, 15 cards"): 6C > QC > QS > ... > 8C > 7C."""
    high, low = TRUMPS[index], TRUMPS[index + 1]
    state = trick(low, high, "6S", "7S")  # P0 leads the lower trump, P1 plays the higher
    assert state.tricks[1] == 1, (high, low)


def test_k3_plain_suits_rank_ace_ten_king_nine_eight_seven_six() -> None:
    """K3 (kozel.md "Plain suits ... A > 10 > K > 9 > 8 > 7 > 6")."""
    order = ("A", "10", "K", "9", "8", "7", "6")
    for suit in "SHD":
        others = [c for c in ("6S", "7S", "6H", "7H") if c[-1] != suit][:2]
        for high, low in itertools.pairwise(order):
            state = trick(f"{low}{suit}", f"{high}{suit}", *others)
            assert state.tricks[1] == 1, (suit, high, low)


def test_k4_card_points_and_a_pack_of_120() -> None:
    pack = kozel().pack
    value = {c: pack.value(pack.parse(c)) for c in
             ("AS", "10H", "KD", "QC", "JS", "9C", "6C", "7D", "8H")}
    assert value == {"AS": 11, "10H": 10, "KD": 4, "QC": 3, "JS": 2, "9C": 0, "6C": 0,
                     "7D": 0, "8H": 0}
    assert sum(map(pack.value, pack.cards)) == 120


# K5-K6: the deal ---------------------------------------------------------------------------

def test_k5_the_first_dealer_is_drawn_by_lot_then_the_deal_passes_clockwise() -> None:
    game = kozel()
    firsts = {game.new_match(seed=s).view(0).match["dealer"] for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    state, rng = game.new_match(seed=4, dealer=1), random.Random(4)
    dealers: list[int] = []
    while not state.is_over and state.view(0).match["deal"] < 4:
        dealer = state.view(0).match["dealer"]
        if not dealers or dealers[-1] != dealer:
            dealers.append(dealer)
        state = state.apply(rng.choice(state.legal_actions()))
    assert dealers[:4] == [1, 2, 3, 0]


def test_k6_nine_cards_each_one_at_a_time_from_the_dealer_s_left() -> None:
    for dealer in range(4):
        state = dealt(dealer=dealer)
        assert [names(h) for h in state.hands] == [set(h.split()) for h in HANDS]
        assert state.stock == () and state.dealer == dealer
    for seed in range(5):
        state = kozel().new_deal(seed)
        assert [h.bit_count() for h in state.hands] == [9, 9, 9, 9]


# K7-K11: tricks ----------------------------------------------------------------------------

@pytest.mark.parametrize("dealer", range(4))
def test_k7_f6_the_holder_of_the_ace_of_diamonds_leads_first(dealer: int) -> None:
    """kozel.md F6: P3 holds AD and P0 dealt: P3 leads trick 1 (and whoever dealt)."""
    state = dealt(dealer=dealer)
    assert state.current_player == 3 and state.first_trick


def test_k7_whoever_takes_a_trick_leads_the_next() -> None:
    state = play(dealt(), "lead KD", "answer 6D", "answer 9D", "answer 7D")
    assert state.tricks == (0, 0, 0, 1) and state.current_player == 3
    state = play(state, "lead 6H", "answer 7H", "answer AH", "answer 8H")
    assert state.tricks == (0, 1, 0, 1) and state.current_player == 1


def test_k8_any_card_may_be_led_the_ace_of_diamonds_need_not_be() -> None:
    state = dealt()
    assert labels(state) == sorted(f"lead {c}" for c in P3.split())
    assert play(state, "lead QD").current_player == 0


def test_k9_f2_a_queen_is_a_trump_not_a_heart() -> None:
    """kozel.md F2: AH led, the follower holds {KH, QH, 9S}: only KH is legal; QH is a
    trump, not a heart."""
    state = play(late("AH 7D", "KH QH 9S", "6H 8D", "7H 9D"), "lead AH")
    assert labels(state) == ["answer KH"]
    assert "follow suit" in refused(state, "answer QH", "K10")


def test_k9_the_six_of_clubs_and_a_jack_follow_a_club_lead() -> None:
    """K9: 6C and the jacks are trumps: a player holding JS and 8H must answer a club
    lead with JS."""
    state = play(late("7C", "JS 8H", "6S", "7S"), "lead 7C")
    assert labels(state) == ["answer JS"]
    state = play(late("AS 6D", "6C 7S", "8S 7D", "9S 8D"), "lead AS")
    assert labels(state) == ["answer 7S"]


def test_k10_f3_a_trump_lead_asks_for_a_trump() -> None:
    """kozel.md F3: QH led (a trump lead), the follower holds {7C, JD, AH}: 7C and JD are
    legal, AH is not."""
    state = play(late("QH 6D", "7C JD AH", "6H 8D", "7H 9D"), "lead QH")
    assert labels(state) == ["answer 7C", "answer JD"]
    assert "follow suit" in refused(state, "answer AH", "K10")


def test_k10_f4_a_player_void_in_the_suit_led_may_play_anything() -> None:
    """kozel.md F4: 10S led, the follower holds {QS, 8D, AC}, no plain spade: all three
    are legal."""
    state = play(late("10S 6D", "QS 8D AC", "6S 7D", "7S 9D"), "lead 10S")
    assert labels(state) == ["answer 8D", "answer AC", "answer QS"]


def test_k10_nobody_must_beat_the_trick_or_trump() -> None:
    state = play(late("10H 6D", "AH 6H", "7H 7D", "8H 9D"), "lead 10H")
    assert labels(state) == ["answer 6H", "answer AH"]  # 6H need not beat 10H
    state = play(late("10H 6D", "7C 9D", "7H 7D", "8H 8D"), "lead 10H")
    assert labels(state) == ["answer 7C", "answer 9D"]  # a discard instead of a trump


def test_k11_f1_a_queen_beats_a_jack_and_the_six_of_clubs_beats_the_queen_of_clubs() -> None:
    """kozel.md F1: a trick with QD and JC: QD wins (every queen outranks every jack); in
    a trick with QC and 6C, 6C wins."""
    state = trick("JC", "QD", "6S", "7S")
    assert state.tricks == (1, 1, 0, 0)  # P0's trick before this one (late), P1's this
    state = trick("QC", "6C", "6S", "7S")
    assert state.tricks == (1, 1, 0, 0)


def test_k11_f5_a_jack_trumps_the_hearts_and_the_trick_is_worth_27() -> None:
    """kozel.md F5: the trick is AH (led), 10H, JD, KH: JD wins, worth 11 + 10 + 2 + 4 =
    27."""
    state = trick("AH", "10H", "JD", "KH")
    assert state.tricks == (1, 0, 1, 0) and state.points() == (0, 0, 27, 0)


def test_k11_no_trump_the_highest_card_of_the_suit_led_wins() -> None:
    state = trick("KS", "AD", "AS", "10S")  # AD is no spade and no trump
    assert state.tricks == (1, 0, 1, 0)


# K12-K14: scoring a deal -------------------------------------------------------------------

def test_k12_the_sides_card_points_make_120() -> None:
    game, rng = kozel(), random.Random(12)
    for seed in range(8):
        state = game.new_deal(seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        assert isinstance(state, TricksState)
        points = state.points()
        assert sum(points) == 120
        side = points[0] + points[2]
        assert state.result is not None
        loser_score = state.result.scores
        assert loser_score[0] == loser_score[2] and loser_score[1] == loser_score[3]
        assert (loser_score[0] == 0) == (side >= 60) and (loser_score[1] == 0) == (side <= 60)


def test_k13_f7_the_penalty_points_of_a_lost_deal() -> None:
    """kozel.md F7: 75-45: the losers take 2; 95-25: 4; 120-0 with the losers winning no
    trick: 6; 120-0 where the losers won one trick worth 0 points: 4."""
    assert scores("AH AD 10H 10D QH") == (0, 2, 0, 2)                    # 75-45
    assert scores("AH 10H KH") == (0, 4, 0, 4)                           # 95-25
    assert scores("") == (0, 6, 0, 6)                                    # 120-0, no trick
    assert scores("6H 7H 8H 9H") == (0, 4, 0, 4)                         # 120-0, one trick


def test_k13_the_thresholds_31_and_30_and_59() -> None:
    assert scores("AH 10H 10D") == (0, 2, 0, 2)                          # 89-31
    assert scores("AH 10H KH QH JH") == (0, 4, 0, 4)                     # 90-30
    assert scores("AH AD AC AS 10H QH JH") == (0, 2, 0, 2)               # 61-59
    assert scores("AH AD AC AS 10H 10D 10C 10S KH KD KC KS") == (4, 0, 4, 0)  # 20-100


def test_k14_f8_a_60_60_deal_scores_nothing_and_doubles_the_next() -> None:
    """kozel.md F8: a 60-60 deal scores nothing; if the next deal ends 70-50, the losers
    take 4, which is 2 doubled."""
    game = kozel()
    tie = finish(game.setup_match(deal_end("AH AD AC 10H 10D QH JH JD"), dealer=3))
    assert isinstance(tie, MatchState) and not tie.is_over
    assert tie.view(0).match["history"] == [[0, 0, 0, 0]]
    assert tie.view(0).match["totals"] == [0, 0, 0, 0]
    assert tie.counters == {"deal_factor": 2}
    data = tie.to_json()                  # the match after the tie, the next deal replaced
    data["deal"] = {**deal_end("AH AD 10H 10D KH KD", dealer=0).to_json(), "deal_number": 1}
    after = finish(game.state_from_json(data))
    assert after.view(0).match["totals"] == [0, 4, 0, 4]  # 70-50: 2, doubled
    assert after.view(0).match["history"] == [[0, 0, 0, 0], [0, 4, 0, 4]]
    assert after.counters == {"deal_factor": 1}


def test_k14_doubles_do_not_compound() -> None:
    game = kozel()
    first = finish(game.setup_match(deal_end("AH AD AC 10H 10D QH JH JD"), dealer=3))
    data = first.to_json()
    data["deal"] = {**deal_end("AH AD AC 10H 10D QH JH JD", dealer=0).to_json(),
                    "deal_number": 1}
    second = finish(game.state_from_json(data))
    assert second.counters == {"deal_factor": 2}          # still 2 after two ties
    data = second.to_json()
    data["deal"] = {**deal_end("", dealer=1).to_json(), "deal_number": 2}
    after = finish(game.state_from_json(data))
    assert after.view(0).match["totals"] == [0, 12, 0, 12]  # 6 doubled, not 24
    assert after.is_over


# K15: the match ----------------------------------------------------------------------------

def test_k15_f9_a_side_on_10_that_loses_a_deal_reaches_12_and_loses_the_match() -> None:
    """kozel.md F9: a side on 10 penalty points loses a deal and takes 2 more: it reaches
    12 and loses the match."""
    game = kozel()
    over = finish(game.setup_match(deal_end("AH AD 10H 10D QH"), totals=(0, 10, 0, 10),
                                   dealer=3))
    assert over.is_over and over.result is not None
    assert over.result.totals == (0, 12, 0, 12) and over.result.winners == (0, 2)


def test_k15_penalties_add_up_below_12_the_match_goes_on() -> None:
    game = kozel()
    going = finish(game.setup_match(deal_end("AH 10H KH"), totals=(6, 4, 6, 4), dealer=3))
    assert isinstance(going, MatchState) and not going.is_over
    assert going.view(0).match["totals"] == [6, 8, 6, 8]
    assert going.view(0).match["dealer"] == 0


def test_k15_random_matches_end_with_a_side_on_12_or_more() -> None:
    game, rng = kozel(), random.Random(15)
    for seed in range(3):
        state = game.new_match(seed=seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        assert state.result is not None and max(state.result.totals) >= 12
        losers = {p for p in range(4) if state.result.totals[p] >= 12}
        assert losers in ({0, 2}, {1, 3})
        assert set(state.result.winners) == {0, 1, 2, 3} - losers


# The rules in English, the data's refusals and the engine's contract -----------------------

def test_cardrules_rules_says_what_docs_rules_kozel_says() -> None:
    lines = describe(kozel().variant)
    assert "- 36 cards: ranks 6 7 8 9 J Q K 10 A (low to high) in suits C S H D." in lines
    assert "- Each player is dealt 9 cards; no card is left over." in lines
    assert ("- The player holding AD leads the first trick of every deal (whoever would lead "
            "otherwise) and may lead any card.") in lines
    assert ("- Above the trump suit's own cards rank, from high to low, 6C, QC, QS, QH, QD, "
            "JC, JS, JH, JD; each counts as a trump, not as a card of its printed suit, for "
            "following suit and for taking tricks.") in lines
    assert "  - at least 31 card points (`thirty_one`): 2" in lines
    assert "- Partners score alike and lose the match together." in lines
    assert ("- After a deal that adds nothing to any total, the next deal that does counts 2 "
            "times, however many such deals came in a row.") in lines


def test_an_opening_card_led_freely_cannot_also_ask_for_its_suit() -> None:
    with pytest.raises(cardrules.CardrulesError, match="drop any_of_suit"):
        cardrules.load({"extends": "kozel",
                        "patch": {"play": {"opening": {"card": "AD", "lead_any": True,
                                                       "any_of_suit": True}}}})


def test_a_small_check_passes() -> None:
    report = run_check({"extends": "kozel"}, games=4, seed=3, leak_share=QUICK_LEAKS)
    assert report.ok, report.failure
