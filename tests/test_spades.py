"""Spades (``variants/spades.yaml``): scenario tests from explicit positions, one or more
per rule of ``docs/rules/spades.md`` (S1-S15) and per checkable fact of its specification
(``/work/shared/specs/spades.md`` F1-F10), then its options, its rules in English and its
conformance check."""

from __future__ import annotations

import random
from functools import cache

import pytest
from rule_support import QUICK_LEAKS, play, refused

import cardrules
from cardrules.engine.match import MatchState
from cardrules.tools.bots import GreedyBot, play_game
from cardrules.tools.check import run_check
from cardrules.tools.describe import describe

DEALT = ["2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
         "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
         "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
         "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"]
"""A deal of one suit a hand (seat 0 clubs ... seat 3 spades)."""


@cache
def spades(**options: str) -> cardrules.Game:
    return cardrules.load("spades", options=options)


def dealt_as(game: cardrules.Game, hands: list[str], dealer: int) -> list[int]:
    """The order that deals ``hands``, one card at a time from the dealer's left (S3)."""
    cards = [game.pack.parse_many(h) for h in hands]
    first = (dealer + 1) % 4
    return [cards[(first + i) % 4][i // 4] for i in range(52)][::-1]


def deal(hands: list[str] = DEALT, *, dealer: int = 3, **options: str) -> cardrules.State:
    """A fresh deal of ``hands``, at the bidding."""
    game = spades(**options)
    return game.new_deal(0, dealer=dealer, order=dealt_as(game, hands, dealer))


def position(*hands: str, leader: int, bids: tuple[int, ...] = (1, 1, 1, 1),
             bags: tuple[int, ...] = (0, 0, 0, 0), broken: bool = False,
             **options: str) -> cardrules.State:
    """A position at the start of a trick, after the bids, the dealer on the leader's
    right."""
    return spades(**options).setup(hands=list(hands), leader=leader, dealer=(leader - 1) % 4,
                                   bids=list(bids), bags=list(bags), broken=broken)


def labels(state: cardrules.State) -> list[str]:
    return sorted(a.label for a in state.legal_actions())


def finish(state: cardrules.State, seed: int = 0) -> cardrules.State:
    rng = random.Random(seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def scored(bids: tuple[int, ...], tricks: tuple[int, ...], bags: tuple[int, ...] = (0,) * 4,
           **options: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The scores and the bags carried on after a deal in which each seat bid ``bids`` and
    took ``tricks``: set up at its last trick, which the last seat with a trick to take
    wins with AS, the bag counts before the deal ``bags``."""
    assert sum(tricks) == 13
    winner = max(p for p in range(4) if tricks[p])
    before = [t - (p == winner) for p, t in enumerate(tricks)]
    hands = ["2C", "3C", "4C", "5C"]
    hands[winner] = "AS"
    state = spades(**options).setup(hands=hands, leader=winner, dealer=(winner - 1) % 4,
                                    bids=list(bids), bags=list(bags), tricks=before,
                                    broken=True)
    state = play(state, "lead AS", *(f"answer {hands[(winner + k) % 4]}" for k in (1, 2, 3)))
    assert tuple(state.view(0).tricks) == tricks
    result = state.result
    assert result is not None
    return result.scores, dict(result.carry)["bags"]


# S1: four players in two partnerships, partners opposite -------------------------------

def test_s1_four_players_partners_opposite() -> None:
    game = spades()
    assert game.players == 4 and game.partnerships == ((0, 2), (1, 3))
    with pytest.raises(cardrules.CardrulesError, match="4 players"):
        cardrules.load("spades", players=3)


# S2: one pack of 52, spades always trumps ----------------------------------------------

def test_s2_one_pack_of_52_spades_trumps() -> None:
    game = spades()
    assert game.pack.size == 52 and game.pack.suits == ("C", "D", "H", "S")
    assert deal().view(0).trump == "S"


# S3: the first dealer by lot, 13 cards each one at a time from the dealer's left --------

def test_s3_the_first_dealer_is_drawn_by_lot_and_the_deal_passes_clockwise() -> None:
    game = spades()
    dealers = {game.new_match(seed).view(0).dealer for seed in range(20)}
    assert dealers == {0, 1, 2, 3}
    match = game.new_match(5, dealer=1)
    assert isinstance(match, MatchState)
    rng = random.Random(5)
    while match.deal_index == 0:
        match = match.apply(rng.choice(match.legal_actions()))
    assert match.deal.view(0).dealer == 2


def test_s3_thirteen_cards_each_dealt_one_at_a_time_from_the_dealer_s_left() -> None:
    game = spades()
    order = list(range(52))
    state = game.new_deal(0, dealer=1, order=order)
    cards = list(reversed(order))  # the last card of the order is dealt first
    for i in range(4):
        seat = (1 + 1 + i) % 4
        assert state.hands[seat] == sum(1 << c for c in cards[i::4])
    assert all(h.bit_count() == 13 for h in state.hands)


# S4: bids once each from the dealer's left, 0 (nil) to 13, public, no passing ------------

def test_s4_everyone_bids_once_from_the_dealer_s_left_and_sees_every_bid() -> None:
    state = deal(dealer=1)
    assert state.current_player == 2
    assert labels(state) == sorted(f"bid {k}" for k in range(14))
    state = play(state, "bid 4", "bid 0", "bid 13")
    assert state.current_player == 1  # the dealer bids last
    assert all(state.view(p).bids == [13, None, 4, 0] for p in range(4))
    state = state.apply("bid 2")
    assert state.view(0).phase == "lead" and state.current_player == 2
    assert all(state.view(p).bids == [13, 2, 4, 0] for p in range(4))


def test_s4_no_pass_no_bid_above_13_and_no_card_before_the_bids() -> None:
    state = deal(dealer=1)
    assert "a bid is 0 to the 13 tricks of the deal" in refused(state, "bid 14", "S4")
    refused(state, "pass", "S4")
    refused(state, "lead 2H", "S4")


def test_s4_the_bids_need_not_add_up_to_13() -> None:
    """spades.md B3: the dealer may bid anything, whatever the others bid."""
    state = play(deal(), "bid 4", "bid 4", "bid 5")
    assert labels(state) == sorted(f"bid {k}" for k in range(14))
    state = play(deal(), "bid 13", "bid 13", "bid 13", "bid 13")
    assert state.view(0).phase == "lead"


def test_s4_option_openspiel_caps_a_side_s_bids_at_13() -> None:
    state = play(deal(bidding="openspiel"), "bid 9", "bid 2")
    assert labels(state) == sorted(f"bid {k}" for k in range(5))  # seat 2: 9 + 4 = 13
    assert "more than the 13 tricks" in refused(state, "bid 5", "S4")
    state = state.apply("bid 4")
    assert labels(state) == sorted(f"bid {k}" for k in range(12))  # seat 3: 2 + 11


# S5: a side's contract is its bids added, leaving out nil --------------------------------

def test_s5_partners_bids_make_one_contract() -> None:
    """spades.md F6: 4 and 3 make a contract of 7; 9 tricks score 72 and add 2 bags."""
    scores, bags = scored((4, 2, 3, 2), (5, 2, 4, 2))
    assert scores[0] == scores[2] == 72 and bags[0] == bags[2] == 2


def test_s5_with_a_nil_partner_the_other_s_bid_is_the_contract() -> None:
    scores, _ = scored((0, 6, 4, 1), (0, 7, 5, 1))
    assert scores[0] == 100 + 40 + 1


def test_s5_both_partners_nil_have_no_contract() -> None:
    """Both nil: only the nils score (one made, one missed), no contract, no bags."""
    scores, bags = scored((0, 6, 0, 1), (0, 9, 3, 1))
    assert scores[0] == scores[2] == 100 - 100 and bags[0] == 0


# S6: the dealer's left leads first; the winner of a trick leads the next ----------------

def test_s6_the_dealer_s_left_leads_the_first_trick() -> None:
    state = play(deal(dealer=2), "bid 1", "bid 1", "bid 1", "bid 1")
    assert state.current_player == 3 and state.view(0).phase == "lead"


def test_s6_the_winner_of_a_trick_leads_the_next() -> None:
    state = play(position("2C 3C", "AC 4C", "5C 6C", "7C 8C", leader=0),
                 "lead 2C", "answer AC", "answer 5C", "answer 7C")
    assert state.current_player == 1 and state.view(0).phase == "lead"


# S7: spades may not be led until broken, unless the leader holds only spades -------------

def test_s7_f1_a_spade_may_not_be_led_before_spades_are_broken() -> None:
    """spades.md F1: P0 deals, P1 leads holding AS KH 2C: KH and 2C, not AS."""
    state = position("3D 4D 5D", "AS KH 2C", "6D 7D 8D", "9D 10D JD", leader=1)
    assert state.view(0).dealer == 0 and state.current_player == 1
    assert labels(state) == ["lead 2C", "lead KH"]
    assert "S may not be led until broken" in refused(state, "lead AS", "S7")


def test_s7_f2_a_leader_holding_only_spades_may_lead_one() -> None:
    """spades.md F2: unbroken, the leader holds only 4S 9S: either may be led."""
    state = position("4S 9S", "2C 3C", "4C 5C", "6C 7C", leader=0)
    assert labels(state) == ["lead 4S", "lead 9S"]


def test_s7_f5_a_spade_played_on_another_suit_breaks_spades() -> None:
    """spades.md F5: diamonds led, P2 void plays 5S; any later leader may lead a spade."""
    state = position("2D AS 7C", "3D KS 8C", "5S 2C 6S", "4D 3S 9C", leader=0)
    state = play(state, "lead 2D", "answer 3D", "answer 5S", "answer 4D")
    assert state.view(0).broken and state.current_player == 2
    assert labels(state) == ["lead 2C", "lead 6S"]


def test_s7_option_never_spades_stay_unbroken() -> None:
    state = position("2D AS 7C", "3D KS 8C", "5S 2C 6S", "4D 3S 9C", leader=0,
                     spades_lead="never")
    state = play(state, "lead 2D", "answer 3D", "answer 5S", "answer 4D")
    assert not state.view(0).broken and labels(state) == ["lead 2C"]
    assert "S may never be led" in refused(state, "lead 6S", "S7")


# S8: follow suit if able; otherwise any card; no duty to beat or trump ----------------

def test_s8_f3_a_player_who_can_must_follow_suit() -> None:
    """spades.md F3: hearts led, the hand is QH 3S 9D: only QH."""
    state = play(position("2H 2C 3C", "QH 3S 9D", "4C 5C 6C", "7C 8C 9C", leader=0), "lead 2H")
    assert labels(state) == ["answer QH"]
    assert "must follow suit" in refused(state, "answer 3S", "S8")


def test_s8_f4_a_void_player_may_play_any_card() -> None:
    """spades.md F4: hearts led, the hand is 3S 9D: both legal."""
    state = play(position("AH 2C", "3S 9D", "4C 5C", "6C 7C", leader=0), "lead AH")
    assert labels(state) == ["answer 3S", "answer 9D"]


# S9: the highest spade takes the trick, else the highest card of the suit led ------------

def test_s9_f4_a_low_spade_beats_the_ace_led() -> None:
    """spades.md F4: 3S played on AH, no higher spade follows: 3S takes the trick."""
    state = play(position("AH 2C", "3S 9D", "4C 5C", "6C 7C", leader=0),
                 "lead AH", "answer 3S", "answer 4C", "answer 6C")
    assert state.view(0).tricks == [0, 1, 0, 0] and state.current_player == 1


def test_s9_without_a_spade_the_highest_card_of_the_suit_led_wins() -> None:
    state = play(position("9H 2C", "AD 9D", "KH 5C", "6C 7C", leader=0),
                 "lead 9H", "answer AD", "answer KH", "answer 6C")
    assert state.view(0).tricks == [0, 0, 1, 0]


# S10: tricks counted per player, then per side except a nil bidder's ----------------------

def test_s10_tricks_are_counted_per_player() -> None:
    state = finish(play(deal(), "bid 3", "bid 3", "bid 3", "bid 3"))
    tricks = state.view(0).tricks
    assert sum(tricks) == 13 and tricks[3] == 13  # seat 3 holds every spade


# S11: a made contract scores 10 a trick bid and 1 an overtrick; a missed one -10 a trick --

def test_s11_f6_a_made_contract() -> None:
    """spades.md F6: bids 4 and 3 (contract 7), 9 tricks: +72, 2 bags."""
    scores, bags = scored((4, 1, 3, 1), (6, 2, 3, 2))
    assert scores[0] == 72 and bags[0] == 2


def test_s11_f7_a_missed_contract() -> None:
    """spades.md F7: P1 bids 5 and P3 1 (contract 6), 5 tricks: -60."""
    scores, bags = scored((2, 5, 2, 1), (4, 3, 4, 2))
    assert scores[1] == scores[3] == -60 and bags[1] == 0


# S12: bags counted from deal to deal; every 10 cost 100 -----------------------------------

def test_s12_f9_ten_bags_cost_100_and_the_rest_carries_over() -> None:
    """spades.md F9: a side with 8 bags takes 3 more: 11, -100, then 1 bag."""
    scores, bags = scored((2, 1, 1, 1), (4, 2, 2, 5), bags=(8, 0, 8, 0))
    assert scores[0] == 30 + 3 - 100 and bags[0] == bags[2] == 1
    assert bags[1] == bags[3] == 5  # side 1 bid 2 and took 7


def test_s12_the_bag_counts_are_public_and_carried_through_the_match() -> None:
    game = spades()
    match = game.new_match(3, dealer=0)
    assert isinstance(match, MatchState)
    assert all(match.deal.view(p).bags == [0, 0, 0, 0] for p in range(4))
    rng = random.Random(3)
    carried = []
    while match.deal_index < 3:  # everyone bids 1, so that contracts are made with bags
        index = match.deal_index
        legal = match.legal_actions()
        match = match.apply(next((a for a in legal if a.label == "bid 1"), rng.choice(legal)))
        if match.deal_index != index:
            carried.append(match.deal.view(1).bags)
            history = match.to_json()["carry"]
            assert ["bags", carried[-1]] in history
    assert any(c != [0, 0, 0, 0] for c in carried)
    assert all(c[0] == c[2] and c[1] == c[3] and max(c) < 10 for c in carried)


# S13: nil scores 100 or -100; a nil bidder's tricks count for nothing ---------------------

def test_s13_f8_a_nil_made_beside_the_partner_s_contract() -> None:
    """spades.md F8: P0 nil, P2 bids 4; P0 0 tricks and P2 5: 141 and 1 bag."""
    scores, bags = scored((0, 4, 4, 4), (0, 4, 5, 4))
    assert scores[0] == scores[2] == 141 and bags[0] == 1


def test_s13_f8_a_nil_missed_and_its_trick_counts_for_nothing() -> None:
    """spades.md F8: P0 wins 1 trick and P2 4: -100 + 40 = -60, no bag."""
    scores, bags = scored((0, 4, 4, 4), (1, 4, 4, 4))
    assert scores[0] == -60 and bags[0] == 0


def test_s13_option_nil_counted_counts_the_nil_bidder_s_tricks() -> None:
    scores, bags = scored((0, 4, 4, 4), (1, 4, 4, 4), bidding="nil_counted")
    assert scores[0] == -100 + 40 + 1 and bags[0] == 1
    scores, bags = scored((0, 4, 0, 4), (2, 4, 3, 4), bidding="nil_counted")
    assert scores[0] == -200 + 5 and bags[0] == 5  # both nil: a contract of 0


# S14: nil and contract scores add up; both partners score the sum -------------------------

def test_s14_partners_score_alike_and_the_bids_replace_other_scores() -> None:
    scores, _ = scored((0, 3, 5, 3), (0, 3, 6, 4))
    assert scores == (151, 61, 151, 61)


# S15: the first side to 500 wins; the higher if both; a tie plays on ----------------------

def _last_deal(totals: tuple[int, ...], bids: tuple[int, ...] = (1, 1, 0, 0),
               **options: str) -> cardrules.State:
    """A match at a one-trick deal: seat 0 leads AS and takes it, having bid 1 with a nil
    partner who took nothing (+110); seats 1 and 3 bid 1 and 0 by default and take
    nothing (-10+100 = 90)."""
    game = spades(**options)
    deal_state = game.setup(hands=["AS", "2C", "3C", "4C"], leader=0, dealer=3,
                            bids=list(bids))
    return play(game.setup_match(deal_state, totals=totals, index=5),
                "lead AS", "answer 2C", "answer 3C", "answer 4C")


def test_s15_f10_when_both_sides_pass_500_the_higher_wins() -> None:
    """spades.md F10: after a deal the scores are 510 and 530; 530 wins."""
    match = _last_deal((420, 420, 420, 420))
    assert match.result is not None
    assert match.result.totals == (530, 510, 530, 510) and match.result.winners == (0, 2)


def test_s15_a_side_reaching_500_alone_wins_and_below_it_play_goes_on() -> None:
    match = _last_deal((300, 420, 300, 420))
    assert match.result is not None and match.result.winners == (1, 3)
    match = _last_deal((300, 300, 300, 300))
    assert match.result is None and match.deal_index == 6


def test_s15_equal_totals_at_500_play_another_deal() -> None:
    match = _last_deal((400, 420, 400, 420))
    assert match.result is None  # 510 each


def test_s15_a_random_match_ends() -> None:
    for seed in range(2):
        result = finish(spades().new_match(seed), seed).result
        assert result is not None and result.deals <= 200


def _greedy_bid(hand: str) -> int:
    """What the greedy bot bids first (seat 0, on the dealer's left) holding ``hand``, the
    rest of the pack dealt in order to the others."""
    pack = spades().pack
    rest = [pack.name(c) for c in range(52) if pack.name(c) not in hand.split()]
    hands = [hand, *(" ".join(rest[i * 13:(i + 1) * 13]) for i in range(3))]
    state = deal(hands)
    action = GreedyBot().choose(state.view(0), state.legal_actions(), random.Random(0))
    return action.amount


def test_s4_s13_the_greedy_bot_bids_the_tricks_it_can_count_on_and_nil_on_a_weak_hand() -> None:
    """A contract made by taking at least the bid (S11): the bot bids the tricks the hand
    can count on (an ace, a guarded king of spades, spades past the third), not a trick
    for every high card; nil (S13) only with no card above the 10 and few low spades;
    any other weak hand bids 1, not a nil."""
    assert _greedy_bid("AS KS 2S 3S 4S AH KH 2H KD 2C 3C 4C 5C") == 5  # KH, KD count half
    assert _greedy_bid("2S 5S 2H 3H 4H 2D 3D 4D 2C 3C 4C 5C 6C") == 0  # nil
    assert _greedy_bid("JS 5S 2H 3H 4H 2D 3D 4D 2C 3C 4C 5C 6C") == 1  # JS: no nil
    assert _greedy_bid("2S 5S QH 3H 4H 2D 3D 4D 2C 3C 4C 5C 6C") == 1  # QH: no nil


def test_s15_greedy_bots_reach_500_well_before_the_bound() -> None:
    """Four greedy bots bid what they can make, so a match ends by a side reaching the
    target (S15), in a few dozen deals at most, not by the 200-deal bound."""
    for seed in (1, 2):
        final, _ = play_game(spades(), [GreedyBot()] * 4, seed=seed, match=True)
        assert isinstance(final, MatchState) and final.result is not None
        assert max(final.totals) >= 500
        assert len(final.history) <= 40


def test_s15_option_mercy_ends_the_match_at_minus_350() -> None:
    """Seats 1 and 3 bid 5 and 1 and take nothing: -60, from -300 to -360."""
    match = _last_deal((-200, -300, -200, -300), (1, 5, 0, 1), game="to_500_mercy")
    assert match.result is not None and match.result.winners == (0, 2)
    assert match.result.totals == (-90, -360, -90, -360)
    match = _last_deal((-200, -300, -200, -300), (1, 5, 0, 1))
    assert match.result is None
    with pytest.raises(cardrules.VariantError, match="mercy ends a match of goal "
                       "reach_target only"):
        cardrules.load({"extends": "spades", "patch": {"match": {
            "goal": "fixed_deals", "deals": 1, "target": None, "mercy": -350}}})



def test_s15_option_one_deal_is_won_by_the_side_that_scored_more() -> None:
    game = spades(game="one_deal")
    result = finish(game.new_match(4), 4).result
    assert result is not None and result.deals == 1
    assert result.totals[0] == result.totals[2] and result.totals[1] == result.totals[3]


# The rules in English, the options and the conformance check ------------------------------

def test_the_rules_in_english_say_what_the_game_does() -> None:
    text = "\n".join(describe(spades().variant))
    for said in ("Partners' bids are added into one contract of their side, leaving out a "
                 "nil bid.",
                 "A contract is made by taking at least the tricks bid: it then scores 10 "
                 "per trick bid and 1 per trick over the bid, and otherwise -10 per trick bid.",
                 "A bid of 0 is nil: it scores 100 if the bidder takes no trick, else -100",
                 "every 10 bags score -100 and are taken off the count",
                 "S may not be led until broken",
                 "Trumps are S in every deal",
                 "until a partnership has 500 or more",
                 "Partners score alike"):
        assert said in text, said
    text = "\n".join(describe(spades(bidding="openspiel", spades_lead="never",
                                     game="to_500_mercy").variant))
    for said in ("nobody may bid so that their side's bids add up to more than the tricks",
                 "count towards the side's contract and bags",
                 "S may never be led unless the leader holds nothing else",
                 "-350 or less"):
        assert said in text, said


@pytest.mark.parametrize(("options", "match_every"), [
    ({}, 0),  # a random match runs to the 200-deal bound (S15): deals only
    ({"game": "to_500_mercy"}, 2),  # random bids soon fall to -350: whole matches
    ({"bidding": "openspiel", "spades_lead": "never", "game": "one_deal"}, 2)])
def test_the_check_passes(options: dict[str, str], match_every: int) -> None:
    report = run_check("spades", games=4, seed=1, match_every=match_every, options=options,
                       leak_share=QUICK_LEAKS)
    assert report.failure is None, report.failure
