"""Tysyacha (``variants/tysyacha.yaml``) from explicit deals and positions: one or more
scenarios per rule of ``docs/rules/tysyacha.md`` (D1-D2, B1-B5, G1-G6, S1-S8), each
checkable fact of the specification (F1-F10) cited where it is tested, then random
playouts, a whole match and ``cardrules check``.

Deals are stacked with :func:`dealt` (seat 2 deals, so seat 0 is first hand); positions
in play are set up with ``game.setup`` and, where a contract is needed, given a declarer
and a contract through the state's JSON (:func:`contracted`).
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from rule_support import QUICK_LEAKS, play, refused

import cardrules
from cardrules.engine.state import MatchResult
from cardrules.games.tysyacha import barrel
from cardrules.hooks import CarryInput
from cardrules.phases.auction.contract import ContractScoring, Defenders, deal_scores
from cardrules.tools.check import run_check
from cardrules.tools.conformance import check_playout
from cardrules.tools.describe import describe

DEALER = 2
"""The dealer of :func:`dealt`: seat 0 is first hand."""
PLAIN = ["9S JS 10S 9C JC 10C AD", "AS KS 9D JD QD 10D 9H", "QS AC KC QC KD JH 10H"]
"""Hands with no marriage but seat 2's (clubs); the prikup is QH KH AH."""
PRIKUP = "QH KH AH"


@cache
def game() -> cardrules.Game:
    return cardrules.load("tysyacha")


def dealt(hands: list[str] = PLAIN, prikup: str = PRIKUP) -> cardrules.State:
    """A deal by seat 2 giving ``hands`` (seat 0's first) and leaving ``prikup``."""
    pack = game().pack
    cards = [list(pack.parse_many(h)) for h in hands]
    drawn = [cards[(DEALER + 1 + i) % 3][i // 3] for i in range(21)]
    drawn += pack.parse_many(prikup)
    state = game().new_deal(0, dealer=DEALER, order=list(reversed(drawn)))
    assert [set(pack.cards_of(h)) for h in state.hands] == [set(h) for h in cards]
    return state


def labels(state: cardrules.State) -> list[str]:
    return [a.label or a.text(game().pack) for a in state.legal_actions()]


def hand(state: cardrules.State, player: int) -> list[str]:
    shown = state.view(player).hands[player]
    assert isinstance(shown, list)
    return sorted(shown)


def position(*hands: str, **kwargs: Any) -> cardrules.State:
    """A position at the start of a trick (seat 0 leads unless ``leader`` says)."""
    return game().setup(hands=list(hands), **kwargs)


def contracted(state: cardrules.State, declarer: int, contract: int) -> cardrules.State:
    """``state`` with ``declarer`` holding ``contract`` (as the auction left them)."""
    data = state.to_json()
    data.update(auction_declarer=declarer, auction_bid=contract,
                auction_passed=[int(p != declarer) for p in range(3)])
    return game().state_from_json(data)


def finish(state: cardrules.State, seed: int = 0) -> cardrules.State:
    rng = random.Random(seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


# D1, D2: the dealer and the deal ---------------------------------------------------------


def test_d1_the_first_dealer_is_drawn_by_lot_then_the_deal_passes_clockwise() -> None:
    dealers = {game().new_match(seed=seed).view(0).match["dealer"] for seed in range(12)}
    assert dealers == {0, 1, 2}
    match = game().new_match(seed=3, dealer=1)
    assert match.current_player == 2  # first hand: the dealer's left
    rng = random.Random(3)
    while match.view(0).match["dealer"] == 1:
        match = match.apply(rng.choice(match.legal_actions()))
    assert match.view(0).match["dealer"] == 2


def test_d2_seven_cards_each_and_three_face_down_in_the_prikup() -> None:
    state = dealt()
    assert [len(hand(state, p)) for p in range(3)] == [7, 7, 7]
    view = state.view(0)
    assert view.stock == 3 and view.widow == 0  # face down: seen by nobody yet
    assert sum(game().pack.value(c) for c in range(24)) == 120


# B1-B3: the auction ------------------------------------------------------------------------


def test_b1_f1_first_hand_must_open_with_100_to_120_and_may_not_pass() -> None:
    # tysyacha.md F1: without a marriage, bids of 100 to 120 only; passing is illegal
    state = dealt()
    assert labels(state) == ["bid 100", "bid 105", "bid 110", "bid 115", "bid 120"]
    assert "may not pass" in refused(state, "pass", "B1-B2")
    assert "marriage" in refused(state, "bid 125", "B3")
    # with a marriage in hand, higher bids are legal too
    married = dealt(["QH KH 10S 9C JC 10C AD", PLAIN[1], "QS AC KC QC KD JH 10H"],
                    prikup="9S JS AH")
    assert labels(married)[:6] == ["bid 100", "bid 105", "bid 110", "bid 115", "bid 120",
                                   "bid 125"]
    assert labels(married)[-1] == "bid 400" and "pass" not in labels(married)


def test_b2_f2_bids_go_up_in_fives_and_a_pass_is_final() -> None:
    # tysyacha.md F2: the bid is 110, the next player holds no marriage
    state = play(dealt(), "bid 110")
    assert state.current_player == 1
    assert sorted(labels(state)) == ["bid 115", "bid 120", "pass"]
    refused(state, "bid 112", "B1-B2")  # never a multiple of 5
    refused(state, "bid 110", "B1-B2")  # not higher
    assert "needs a marriage" in refused(state, "bid 125", "B3")
    state = play(state, "pass", "bid 115")  # seat 2 (clubs marriage) bids
    assert state.current_player == 0
    state = state.apply("pass")             # two have passed: seat 2 declares 115
    assert [state.view(p).declarer for p in range(3)] == [2, 2, 2]
    assert state.view(1).contract == 115


def test_b2_a_player_who_passed_is_skipped() -> None:
    state = play(dealt(), "bid 100", "pass", "bid 105")
    assert state.current_player == 0  # seat 1 passed
    state = state.apply("bid 110")
    assert state.current_player == 2


def test_b3_a_bid_above_120_needs_a_marriage_held_at_that_moment() -> None:
    state = play(dealt(), "bid 100", "pass")
    assert "bid 125" in labels(state) and "bid 400" in labels(state)  # seat 2: QC KC
    state = state.apply("bid 150")
    assert state.view(0).contract == 150


# B4: the prikup ------------------------------------------------------------------------------


def test_b4_f3_the_prikup_is_shown_taken_and_one_card_given_to_each_opponent() -> None:
    # tysyacha.md F3: 10 cards in the declarer's hand, then 8 in every hand
    state = play(dealt(), "bid 100", "pass", "pass")
    assert all(sorted(state.view(p).widow) == ["AH", "KH", "QH"] for p in range(3))
    assert len(hand(state, 0)) == 10 and state.view(1).stock == 0
    assert state.current_player == 0
    assert sorted(labels(state)) == sorted(f"give {c}" for c in hand(state, 0))
    state = state.apply("give 9S")
    assert "9S" in hand(state, 1) and state.view(2).hands[1] == 8
    state = state.apply("give JS")
    assert [len(hand(state, p)) for p in range(3)] == [8, 8, 8]
    assert "JS" in hand(state, 2)
    assert sorted(state.view(0).widow_given) == ["9S", "JS"]


def test_b4_only_the_declarer_gives_a_card_of_their_hand() -> None:
    state = play(dealt(), "bid 100", "pass", "pass")
    refused(state, "give AS", "B4")  # seat 1's card


# B5: raising --------------------------------------------------------------------------------


def _after_prikup(*actions: str) -> cardrules.State:
    """Seat 0 declares 100, takes the prikup (QH KH AH: a marriage) and gives 9S, JS."""
    return play(dealt(), "bid 100", "pass", "pass", "give 9S", "give JS", *actions)


def test_b5_the_declarer_may_raise_in_fives_or_keep_the_contract() -> None:
    state = _after_prikup()
    assert state.current_player == 0
    actions = labels(state)
    assert actions[0] == "pass" and actions[1:4] == ["raise 105", "raise 110", "raise 115"]
    assert "raise 125" in actions  # the prikup brought a marriage (QH KH)
    refused(state, "raise 100", "B5")
    refused(state, "raise 102", "B5")
    state = state.apply("raise 140")
    assert state.view(1).contract == 140
    assert state.current_player == 0  # G1: the declarer leads
    kept = _after_prikup("pass")
    assert kept.view(2).contract == 100


def test_b5_a_raise_above_120_needs_a_marriage_in_hand() -> None:
    state = play(dealt([PLAIN[0], "AS KS 9D JD QD 10D QH", PLAIN[2]], prikup="9H KH AH"),
                 "bid 100", "pass", "pass", "give 9S", "give JS")
    assert labels(state)[-1] == "raise 120"
    assert "needs a marriage" in refused(state, "raise 125", "B3")


# G1-G6: play -------------------------------------------------------------------------------


def test_g1_the_declarer_leads_first_and_the_winner_of_each_trick_next() -> None:
    state = _after_prikup("pass")
    assert state.current_player == 0 and state.view(0).leader == 0
    state = play(state, "lead 10S", "answer AS", "answer QS")
    assert state.current_player == 1  # AS took the trick


def test_g2_the_deal_begins_with_no_trump() -> None:
    assert _after_prikup("pass").view(1).trump is None


def test_g3_f4_with_no_trump_a_player_void_in_the_led_suit_plays_anything() -> None:
    # tysyacha.md F4
    state = play(position("9S AC", "AH 10H KD", "JS QC"), "lead 9S")
    assert sorted(labels(state)) == ["answer 10H", "answer AH", "answer KD"]


def test_g3_f5_void_in_the_led_suit_a_player_must_trump() -> None:
    # tysyacha.md F5: diamonds are trumps, 9S led
    state = play(position("9S AC", "KD 10C", "JS QC", trump="D"), "lead 9S")
    assert labels(state) == ["answer KD"]
    assert "must play trumps" in refused(state, "answer 10C", "G3")


def test_g3_a_player_must_follow_suit_but_need_not_beat() -> None:
    state = play(position("10S AC", "9S AS KD", "JS QC", trump="D"), "lead 10S")
    assert sorted(labels(state)) == ["answer 9S", "answer AS"]
    assert "follow suit" in refused(state, "answer KD", "G3")


def test_g4_the_highest_trump_wins_else_the_highest_card_of_the_led_suit() -> None:
    state = play(position("10S AC", "9D JC", "KS QC", trump="D"),
                 "lead 10S", "answer 9D", "answer KS")
    assert state.current_player == 1  # the trump 9D took it
    plain = play(position("10S AC", "9S 9D", "KS QC"), "lead 10S", "answer 9S",
                 "answer KS")
    assert plain.current_player == 0  # no trump: the ten of the led suit beats the king


def test_g5_f6_a_marriage_declared_on_lead_scores_and_makes_its_suit_trumps() -> None:
    # tysyacha.md F6: P1 has won a trick, is on lead and holds KH QH
    state = position("AH 10C JD", "KH QH 9C", "9H JH AS", leader=1,
                     won=["", "9S JS 10S", ""], tricks=[0, 1, 0])
    assert {"lead KH", "lead QH", "declare marriage KH QH"} <= set(labels(state))
    state = state.apply("declare marriage KH QH")
    assert state.view(0).declared == [0, 100, 0] and state.view(0).trump == "H"
    assert sorted(labels(state)) == ["lead KH", "lead QH"]
    state = state.apply("lead QH")
    assert sorted(labels(state)) == ["answer 9H", "answer JH"]  # a follower holding hearts
    # seat 0 holds AH: AH beats the trump QH; 9H/JH cannot (KH is with the leader)
    beaten = play(position("AH 10C JD", "KH QH 9C", "9H JH AS", leader=1,
                           won=["", "9S JS 10S", ""], tricks=[0, 1, 0]),
                  "declare marriage KH QH", "lead QH", "answer 9H", "answer AH")
    assert beaten.current_player == 0
    kept = play(position("10C JD AD", "KH QH 9C", "9H JH AS", leader=1,
                         won=["", "9S JS 10S", ""], tricks=[0, 1, 0]),
                "declare marriage KH QH", "lead QH", "answer 9H", "answer AD")
    assert kept.current_player == 1  # AD, not a trump, cannot beat the trump QH


def test_g5_another_marriage_changes_trumps() -> None:
    state = position("KS QS AC", "AD 9C JC", "AH 9H 10C", trump="H",
                     won=["9S JS 10S", "", ""], tricks=[1, 0, 0])
    state = state.apply("declare marriage KS QS")
    assert state.view(1).trump == "S" and state.view(1).declared == [40, 0, 0]
    state = play(state, "lead KS", "answer AD", "answer AH")
    assert state.current_player == 0  # the trump KS beats AH: hearts are no longer trumps


def test_g6_f7_no_marriage_before_a_trick_a_king_led_is_ordinary() -> None:
    # tysyacha.md F7: the declarer holds KS and QS at the first lead and leads KS
    hands = ["KS QS 10S 9C JC 10C AD", "AS 9S 9D JD QD 10D 9H", "JS AC KC QC KD JH 10H"]
    state = play(dealt(hands), "bid 100", "pass", "pass", "give 9C", "give JC", "pass")
    assert state.current_player == 0 and "lead KS" in labels(state)
    assert not any(a.startswith("declare") for a in labels(state))
    assert "no trick" in refused(state, "declare marriage KS QS", "G5-G6")
    state = state.apply("lead KS")
    assert state.view(1).trump is None and state.view(1).declared == [0, 0, 0]


def test_g6_a_player_with_a_trick_may_still_lead_a_king_without_declaring() -> None:
    state = position("KH QH 9C", "AD 9D JC", "AS 9S 10C", won=["9H JH 10H", "", ""],
                     tricks=[1, 0, 0])
    state = state.apply("lead KH")
    assert state.view(1).trump is None and state.view(1).declared == [0, 0, 0]


# S1-S4: scoring a deal ---------------------------------------------------------------------


def test_s1_deal_points_are_card_points_taken_plus_marriages_declared() -> None:
    state = position("KS QS AC", "AD 9C JC", "AH 9H 10C", won=["10D", "", ""],
                     tricks=[1, 0, 0])
    state = play(state, "declare marriage KS QS", "lead QS")
    assert state.view(0).points == [10 + 40, 0, 0]


def test_s2_f8_the_declarer_scores_plus_or_minus_the_contract() -> None:
    # tysyacha.md F8: contract 120; 95 card points and 40 declared make 135: +120; 100
    # card points and no marriage: -120
    rule = ContractScoring(defenders=Defenders.POINTS, round_to=5)
    assert deal_scores(rule, declarer=0, contract=120, points=(95 + 40, 15, 10))[0] == 120
    assert deal_scores(rule, declarer=0, contract=120, points=(100, 10, 10))[0] == -120
    # the same through the last trick: seat 0, declarer for 120, takes AS 9S JS (13)
    made = position("AS", "9S", "JS", won=["AH 10H KH QH AD 10D KD QD AC 10C QC JC",
                                           "9H JH 9D JD 9C KC", "10S KS QS"],
                    tricks=[4, 2, 1], declared=[40, 0, 0])
    made = play(contracted(made, 0, 120), "lead AS", "answer 9S", "answer JS")
    assert made.view(1).points[0] == 95 + 40 and made.result.scores[0] == 120
    lost = position("AS", "9S", "QS", won=["AH 10H KH QH AD 10D KD QD AC 10C KC QC JC 9C 9H",
                                           "JH 9D JD", "10S KS JS"], tricks=[5, 1, 1])
    lost = play(contracted(lost, 0, 120), "lead AS", "answer 9S", "answer QS")
    assert lost.view(1).points[0] == 100 and lost.result.scores[0] == -120


def test_s3_f9_opponents_score_their_deal_points_rounded_to_the_nearest_5() -> None:
    # tysyacha.md F9: 37 scores 35, 38 scores 40 (deal points are whole numbers, so
    # a half way case, 37.5, cannot occur)
    rule = ContractScoring(defenders=Defenders.POINTS, round_to=5)
    assert deal_scores(rule, declarer=0, contract=100, points=(45, 37, 38))[1:] == (35, 40)


def test_s4_running_totals_may_go_negative() -> None:
    last = contracted(position("AS", "9S", "JS", tricks=[0, 0, 0]), 0, 200)
    match = game().setup_match(last, totals=(50, 0, 0))
    match = play(match, "lead AS", "answer 9S", "answer JS")
    assert match.view(0).match["totals"][0] == 50 - 200


# S5-S8: the barrel and the match -----------------------------------------------------------


def _carry(scores: tuple[int, ...], totals: tuple[int, ...], counters: dict[str, int],
           declarer: int) -> tuple[tuple[int, ...], dict[str, int]]:
    class Deal:
        def declarer_seat(self) -> int:
            return declarer

    given = barrel(CarryInput(scores=scores, totals=totals, counters=counters, details={},
                              dealer=0, deal=Deal()))
    return given.scores, dict(given.counters)


def test_s5_s6_f10_the_barrel_holds_a_total_at_880() -> None:
    # tysyacha.md F10: on 860, 45 as an opponent: 905 is recorded as 880, on the barrel;
    # next deal, 40 as an opponent: still 880
    scores, counters = _carry((45, 100, 0), (860, 0, 0), {}, declarer=1)
    assert scores[0] == 20 and counters["barrel_0"] == 1
    scores, counters = _carry((40, 100, 0), (880, 100, 0), counters, declarer=1)
    assert scores[0] == 0 and counters["barrel_0"] == 2
    # the same through a match: the last trick of a deal in which seat 1 declares
    last = contracted(position("AS", "9S", "JS", won=["AH 10H KH QH KD 9H", "", ""],
                               tricks=[2, 0, 0]), 1, 100)
    match = play(game().setup_match(last, totals=(860, 0, 0)),
                 "lead AS", "answer 9S", "answer JS")
    view = match.view(0).match
    assert view["totals"][0] == 880 and view["counters"]["barrel_0"] == 1


def test_s7_on_the_barrel_a_made_contract_wins_a_failed_one_falls_off() -> None:
    scores, counters = _carry((120, 0, 0), (880, 0, 0), {"barrel_0": 2}, declarer=0)
    assert scores[0] == 120 and counters["barrel_0"] == 0          # 1000: wins
    scores, counters = _carry((100, 0, 0), (880, 0, 0), {"barrel_0": 2}, declarer=0)
    assert scores[0] == 0 and counters["barrel_0"] == 3            # 980: stays 880
    scores, counters = _carry((-120, 0, 0), (880, 0, 0), {"barrel_0": 2}, declarer=0)
    assert scores[0] == -120 and counters["barrel_0"] == 0         # off the barrel


def test_s7_three_deals_on_the_barrel_without_winning_cost_120() -> None:
    counters: dict[str, int] = {}
    scores, counters = _carry((30, 100, 0), (850, 0, 0), counters, declarer=1)
    assert scores[0] == 30 and counters["barrel_0"] == 1
    for _ in range(2):
        scores, counters = _carry((30, 100, 0), (880, 0, 0), counters, declarer=1)
        assert scores[0] == 0
    scores, counters = _carry((30, 100, 0), (880, 0, 0), counters, declarer=1)
    assert scores[0] == -120 and counters["barrel_0"] == 0


def test_s8_the_first_to_reach_1000_wins_the_match() -> None:
    last = contracted(position("AS", "9S", "JS", won=["AH 10H KH QH AD 10D KD QD", "", ""],
                               tricks=[3, 0, 0], declared=[80, 0, 0]), 0, 130)
    match = play(game().setup_match(last, totals=(870, 500, 0)),
                 "lead AS", "answer 9S", "answer JS")
    assert isinstance(match.result, MatchResult)
    assert match.result.winners == (0,) and match.result.totals[0] == 1000


# Random play, the whole match, the checker ---------------------------------------------------


def test_random_playouts_keep_the_contract() -> None:
    for seed in range(4):
        check_playout(game(), seed, leak_share=QUICK_LEAKS)


def test_a_whole_match_between_random_players_ends() -> None:
    """Random bidders overbid and lose, so a match may never reach 1000: it is bounded
    by match.max_deals (200), as other games bound theirs."""
    match = finish(game().new_match(seed=5), seed=5)
    assert isinstance(match.result, MatchResult) and match.result.deals <= 200


def test_cardrules_check_passes() -> None:
    report = run_check("tysyacha", games=8, seed=4, leak_share=QUICK_LEAKS)
    assert report.ok, report.failure


def test_the_rules_describe_tysyacha() -> None:
    text = "\n".join(describe(game().variant))
    for words in ("a bid above 120 needs a marriage in hand",
                  "the first to speak may not pass",
                  "100 in H, 80 in D, 60 in C, 40 in S",
                  "Only a player who has taken a trick this deal may declare it",
                  "rounded to the nearest multiple of 5",
                  "raise the contract"):
        assert words in text, words
