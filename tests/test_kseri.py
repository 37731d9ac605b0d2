"""Kseri (Pishti) after pagat.com: one test (or more) per rule K1-K15 of
``docs/rules/kseri.md`` and per option value (``table``: one_up, all_up; ``last_kseri``:
no_bonus, counts; ``cards_tie``: nobody, each; ``target``).

Positions are set up with ``game.setup`` (the ``table`` from the pile's bottom to its
top card, ``down`` the cards face down under it; cards given nowhere lie in the first
player's captured pile, unless ``won`` names the piles) or dealt from an explicit order.
"""

from __future__ import annotations

import random
from functools import cache

import fishing_support
import pytest
from fishing_support import labels, points
from rule_support import QUICK_LEAKS

import cardrules
from cardrules.tools.check import run_check

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
ALL = [r + s for s in "CDHS" for r in RANKS]
PLAIN = [c for c in ALL if c[:-1] not in ("J", "A") and c not in ("2C", "10D")]
"""The 43 cards that score nothing by themselves."""


@cache
def kseri(players: int = 2, table: str = "one_up", last_kseri: str = "no_bonus",
          cards_tie: str = "nobody", target: int = 151) -> cardrules.Game:
    return cardrules.load("kseri", players=players, options={
        "table": table, "last_kseri": last_kseri, "cards_tie": cards_tie, "target": target})


def dealt(game: cardrules.Game, first: list[str], *, dealer: int = 1) -> cardrules.State:
    """A deal from ``first``, then the rest of the pack (:func:`fishing_support.dealt`)."""
    return fishing_support.dealt(game, ALL, first, dealer=dealer)


def kseri_points(state: cardrules.State) -> list[int]:
    points: list[int] = state.to_json()["sweep_points"]
    return points


HANDS = ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D"]
"""Eight cards dealt to two players before the table."""


# The cards and the deal --------------------------------------------------------------

def test_k1_fifty_two_cards() -> None:
    game = kseri()
    assert game.pack.size == 52 and game.pack.name(game.pack.parse("10D")) == "10D"


def test_k1_two_alone_and_four_in_partnerships_sitting_opposite() -> None:
    assert kseri(2).partnerships == ((0,), (1,))
    assert kseri(4).partnerships == ((0, 2), (1, 3))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_k2_four_cards_each_and_four_to_the_table_three_face_down(players: int) -> None:
    state = kseri(players).new_deal(5)
    view = state.view(0)
    assert len(view["hands"][0]) == 4 and all(h.bit_count() == 4 for h in state.hands)
    assert len(view["table"]) == 1 and view["face_down"] == 3
    assert view["top"] == view["table"][0]
    assert view["stock"] == 52 - 4 * players - 4


def test_k2_the_fourth_table_card_lies_face_up_on_three_face_down() -> None:
    state = dealt(kseri(), [*HANDS, "2C", "3C", "4C", "5H"])
    view = state.view(0)
    assert view["table"] == ["5H"] and view["top"] == "5H" and view["face_down"] == 3
    down = state.zones()["down"]
    assert sorted(kseri().pack.names(kseri().pack.cards_of(down))) == ["2C", "3C", "4C"]
    assert "2C" not in str(view) and "2C" not in str(state.view(1))


def test_k2_option_all_up_deals_the_four_face_up_the_last_on_top() -> None:
    state = dealt(kseri(table="all_up"), [*HANDS, "2C", "3C", "4C", "5H"])
    view = state.view(0)
    assert sorted(view["table"]) == ["2C", "3C", "4C", "5H"] and view["face_down"] == 0
    assert view["top"] == "5H"


def test_k3_a_jack_turned_up_is_covered_by_the_next_face_down_card() -> None:
    state = dealt(kseri(), [*HANDS, "2C", "3C", "4C", "JH"])
    view = state.view(0)
    assert view["top"] == "4C" and sorted(view["table"]) == ["4C", "JH"]
    assert view["face_down"] == 2
    twice = dealt(kseri(), [*HANDS, "2C", "3C", "JS", "JH"]).view(0)
    assert twice["top"] == "3C" and twice["face_down"] == 1


def test_k3_with_all_face_up_a_jack_on_top_goes_under() -> None:
    view = dealt(kseri(table="all_up"), [*HANDS, "2C", "3C", "4C", "JH"]).view(0)
    assert view["top"] == "4C" and len(view["table"]) == 4


@pytest.mark.parametrize("dealer", [0, 1])
def test_k4_the_dealer_s_left_plays_first_then_in_turn(dealer: int) -> None:
    state = kseri().new_deal(3, dealer=dealer)
    assert state.current_player == (dealer + 1) % 2
    after = state.apply(state.legal_actions()[0])
    assert after.current_player == dealer


# Capturing ---------------------------------------------------------------------------

def test_k5_a_card_of_the_top_card_s_rank_takes_the_whole_pile() -> None:
    state = kseri().setup(hands=["7D 2S", "AC"], table="5C 7C", down="3H 4H 9S")
    assert labels(state) == ["play 2S", "play 7D"]
    after = state.apply("play 7D")
    view = after.view(0)
    assert view["table"] == [] and view["top"] is None and view["face_down"] == 0
    assert {"7D", "7C", "5C"} <= set(view["won"][0])
    assert sorted(view["buried"][0]) == ["3H", "4H", "9S"]


def test_k5_only_the_top_card_counts() -> None:
    state = kseri().setup(hands=["5D 2S", "AC"], table="5C 7C")
    after = state.apply("play 5D")
    assert after.view(0)["top"] == "5D" and sorted(after.view(0)["table"]) == ["5C", "5D",
                                                                              "7C"]


def test_k5_a_jack_takes_the_pile_whatever_its_top() -> None:
    state = kseri().setup(hands=["JD 2S", "AC"], table="5C 7C", down="3H")
    view = state.apply("play JD").view(1)
    assert view["table"] == [] and {"JD", "5C", "7C"} <= set(view["won"][0])
    assert view["buried"][0] == 1


def test_k5_a_capture_is_written_play_and_is_not_declined() -> None:
    game = kseri()
    state = game.setup(hands=["7D 2S", "AC"], table="5C 7C")
    reason = state.why_illegal(game.parse_action("capture 7D 7C"))
    assert reason is not None and "(K5)" in reason and "'play 7D'" in reason
    assert game.parse_action("play 7D") in state.legal_actions()


def test_k6_any_other_card_goes_on_top() -> None:
    state = kseri().setup(hands=["2S 7D", "AC"], table="5C 7C")
    view = state.apply("play 2S").view(0)
    assert view["top"] == "2S" and sorted(view["table"]) == ["2S", "5C", "7C"]


def test_k6_a_card_on_an_empty_table_starts_a_pile_a_jack_too() -> None:
    state = kseri().setup(hands=["JD 7D", "AC"], table="")
    after = state.apply("play JD")
    assert after.view(0)["table"] == ["JD"] and after.view(0)["top"] == "JD"
    assert after.view(0)["last_capture"] is None


def test_k7_a_lone_card_taken_by_its_rank_is_a_kseri_worth_ten() -> None:
    state = kseri().setup(hands=["7D 2S", "AC 3C"], table="7C")
    after = state.apply("play 7D")
    assert after.view(1)["sweeps"] == [1, 0] and kseri_points(after) == [10, 0]
    assert any(e["kind"] == "sweep" for e in after.view(1)["events"])


def test_k7_a_pile_of_more_than_one_card_is_no_kseri() -> None:
    two = kseri().setup(hands=["7D 2S", "AC 3C"], table="5H 7C").apply("play 7D")
    assert two.view(0)["sweeps"] == [0, 0]
    hidden = kseri().setup(hands=["7D 2S", "AC 3C"], table="7C", down="5H 6H 8H")
    assert hidden.apply("play 7D").view(0)["sweeps"] == [0, 0]


def test_k7_the_deal_s_last_card_makes_no_kseri() -> None:
    state = kseri().setup(hands=["7D", ""], table="7C", current=0)
    after = state.apply("play 7D")
    assert after.is_over and after.view(0)["sweeps"] == [0, 0]
    assert {"7D", "7C"} <= set(after.view(0)["won"][0])


def test_k7_option_last_kseri_counts() -> None:
    state = kseri(last_kseri="counts").setup(hands=["7D", ""], table="7C", current=0,
                                             won=["", ""])
    after = state.apply("play 7D")
    assert after.view(0)["sweeps"] == [1, 0]
    # 2 cards and a kseri against 50 cards: the most cards, jacks, aces, 2C and 10D
    assert after.result is not None and after.result.scores == (10, 16)


def test_k8_a_jack_taking_a_lone_jack_is_worth_twenty() -> None:
    after = kseri().setup(hands=["JD 2S", "AC 3C"], table="JC").apply("play JD")
    assert after.view(0)["sweeps"] == [1, 0] and kseri_points(after) == [20, 0]


def test_k8_a_jack_taking_a_lone_other_card_is_no_kseri() -> None:
    after = kseri().setup(hands=["JD 2S", "AC 3C"], table="7C").apply("play JD")
    assert after.view(0)["table"] == [] and after.view(0)["sweeps"] == [0, 0]


def test_k9_empty_hands_are_dealt_four_more_from_the_stock() -> None:
    state = kseri().setup(hands=["2S", ""], table="7C", down="3D 4D 5D",
                          stock="AD 2D 6S 4S 5S 6D 7S 8S 9S", current=0, dealer=1)
    after = state.apply("play 2S")
    assert [h.bit_count() for h in after.hands] == [4, 4] and after.view(0)["stock"] == 1
    view = after.view(0)
    assert view["top"] == "2S" and sorted(view["table"]) == ["2S", "7C"]  # nothing dealt
    assert view["face_down"] == 3 and after.current_player == 1


def test_k10_the_last_capturer_takes_the_rest_without_a_kseri() -> None:
    state = kseri().setup(hands=["2S", ""], table="7C", down="3D 4D 5D", last=1,
                          current=0)
    after = state.apply("play 2S")
    view = after.view(1)
    assert after.is_over and {"2S", "7C"} <= set(view["won"][1])
    assert sorted(view["buried"][1]) == ["3D", "4D", "5D"] and view["sweeps"] == [0, 0]
    assert view["table"] == [] and view["face_down"] == 0


def test_k11_face_down_cards_are_seen_by_their_taker_only() -> None:
    state = kseri().setup(hands=["7D 2S", "AC 3C"], table="7C", down="3H 4H 9S",
                          won=["", ""])
    for p in (0, 1):
        assert "3H" not in str(state.view(p)) and state.view(p)["face_down"] == 3
    after = state.apply("play 7D")
    assert sorted(after.view(0)["buried"][0]) == ["3H", "4H", "9S"]
    theirs = after.view(1)
    assert theirs["buried"][0] == 3 and "3H" not in str(theirs)
    assert theirs["captured"][0] == 5


def test_k12_hands_are_private_the_pile_and_the_piles_are_public() -> None:
    state = kseri().setup(hands=["2S 5D", "AC"], table="7C 3D", stock="4S 5S",
                          won=["KD", "KC"])
    theirs = state.view(1)
    assert "5D" not in str(theirs["hands"][0]) and sorted(state.view(0)["hands"][0]) == \
        ["2S", "5D"]
    assert sorted(theirs["table"]) == ["3D", "7C"] and theirs["top"] == "3D"
    assert theirs["stock"] == 2 and theirs["won"][0] == ["KD"]


# Scoring -----------------------------------------------------------------------------

def test_k13_the_most_cards_score_three_a_tie_nothing() -> None:
    game = kseri()
    assert points(game, " ".join(PLAIN[:27]), "") == [3, 13]
    assert points(game, " ".join(PLAIN[:26]), "") == [0, 13]


def test_k13_option_cards_tie_each_scores_both() -> None:
    assert points(kseri(cards_tie="each"), " ".join(PLAIN[:26]), "") == [3, 16]


def test_k14_jacks_aces_the_two_of_clubs_and_the_ten_of_diamonds() -> None:
    game = kseri()
    assert points(game, "JC AD 2C 10D", "") == [7, 9]  # the other: 3 J, 3 A, most cards
    assert points(game, "2C", "") == [2, 14] and points(game, "10D", "") == [3, 13]


def test_k7_k8_kseris_add_their_points() -> None:
    assert points(kseri(), "", "", sweeps=(30, 0)) == [30, 16]


def test_k13_to_k14_a_deal_ends_with_the_points_in_its_scores() -> None:
    state = kseri().setup(hands=["2S", ""], table="7C", last=0, current=0,
                          won=["JC JD JH JS AC AD 2C 10D", ""], sweeps=(1, 0))
    after = state.apply("play 2S")
    # seat 0: 4 jacks, 2 aces, 2C, 10D, a kseri; seat 1: 2 aces and the most cards
    assert after.result is not None and after.result.scores == (21, 5)


# The match ---------------------------------------------------------------------------

def _last_play(game: cardrules.Game) -> cardrules.State:
    """The deal's last play, ``play 7D`` on a lone 7C: no kseri; seat 0 takes 2 cards,
    seat 1 the rest and every point: 0 to 16."""
    return game.setup(hands=["7D", ""], table="7C", current=0, won=["", ""])


def test_k15_a_side_reaching_the_target_wins() -> None:
    game = kseri()
    assert _last_play(game).apply("play 7D").view(0)["scores"] == [0, 16]
    over = game.setup_match(_last_play(game), totals=(140, 135)).apply("play 7D")
    assert over.is_over and over.result is not None and over.result.winners == (1,)


def test_k15_equal_totals_at_the_target_play_another_deal() -> None:
    game = kseri()
    # seat 0 takes 4 jacks and 2 aces (6), seat 1 the rest: 2 aces, 2C, 10D, most cards
    deal = game.setup(hands=["7D", ""], table="7C", current=0,
                      won=["JC JD JH JS AC AD", ""])
    assert deal.apply("play 7D").view(0)["scores"] == [6, 10]
    goes_on = game.setup_match(deal, totals=(145, 141)).apply("play 7D")
    assert not goes_on.is_over


@pytest.mark.parametrize("target", [20, 101])
def test_k15_option_target_sets_the_score_that_wins(target: int) -> None:
    game = kseri(target=target)
    assert game.variant.match.target == target
    assert game.setup_match(_last_play(game), totals=(0, target - 16)).apply(
        "play 7D").is_over


# Whole deals and matches --------------------------------------------------------------

@pytest.mark.parametrize(("players", "seed", "table"),
                         [(2, 0, "one_up"), (2, 1, "all_up"), (3, 2, "one_up"),
                          (4, 3, "one_up"), (4, 4, "all_up")])
def test_random_deals_lose_no_card_and_score_what_they_took(players: int, seed: int,
                                                            table: str) -> None:
    game, rng = kseri(players, table=table), random.Random(seed)
    state = game.new_deal(seed)
    while not state.is_over:
        total = 0
        for mask in state.zones().values():
            assert not total & mask
            total |= mask
        assert total == game.pack.full
        state = state.apply(rng.choice(state.legal_actions()))
    view = state.view(0)
    assert view["table"] == [] and view["face_down"] == 0 and sum(view["captured"]) == 52
    teams = game.partnerships
    piles = [sum(view["captured"][p] for p in t) for t in teams]
    scores = [view["scores"][t[0]] for t in teams]
    bonus = sum(kseri_points(state))
    fixed = 13 + 3 * (piles.count(max(piles)) == 1)
    assert sum(scores) == fixed + bonus


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (4, 1)])
def test_random_matches_end_with_a_side_past_the_target(players: int, seed: int) -> None:
    game, rng = kseri(players), random.Random(seed)
    state = game.new_match(seed=seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    result = state.result
    assert result is not None
    best = max(result.totals)
    assert best >= 151 and list(result.totals).count(best) == len(result.winners)


@pytest.mark.parametrize("options", [{}, {"table": "all_up"}, {"last_kseri": "counts"},
                                     {"cards_tie": "each"}, {"target": 30}])
def test_cardrules_check_passes(options: dict[str, object]) -> None:
    report = run_check("kseri", games=6, seed=3, match_every=3, options=options,
                       leak_share=QUICK_LEAKS)
    assert report.failure is None, report.failure
    assert report.deals >= 6
