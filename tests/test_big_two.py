"""Big Two (``variants/big-two.yaml``): scenario tests, one or more per rule of
``docs/rules/big-two.md`` (BT1-BT19), from explicit positions."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from rule_support import QUICK_LEAKS, play, refused
from rule_support import final_scores as scores
from rule_support import legal_words as labels

import cardrules
from cardrules.tools.check import run_check
from cardrules.tools.describe import describe


@cache
def big_two(players: int = 4, **options: str) -> cardrules.Game:
    return cardrules.load("big-two", players=players, options=options)


def _unused(hands: list[str], table: str = "") -> str:
    """A card given nowhere in a position."""
    pack = big_two().pack
    named = set(" ".join([*hands, table]).upper().split())
    return next(pack.name(c) for c in pack.cards if pack.name(c) not in named)


def _at(hands: list[str], table: str = "", last: int = -1, current: int = 0,
        **options: str) -> cardrules.State:
    """A position of four players past the deal's first play (one card given nowhere
    has been played, BT3)."""
    return big_two(**options).setup(hands=hands, table=table, last=last, current=current,
                                    played=_unused(hands, table))


def _plays(state: cardrules.State, size: int) -> list[str]:
    return [w for w in labels(state) if len(w.split()) == size + 1]


# BT1-BT3: the cards, the deal and the first lead ---------------------------------------------


def test_a_standard_pack_with_two_high_and_spades_the_highest_suit() -> None:
    """BT1."""
    game = big_two()
    assert game.pack.count == 52
    assert game.pack.ranks[0] == "3" and game.pack.ranks[-1] == "2"
    state = _at(["2S 2H AS", "4D", "4C", "4H"], table="2C", last=3)
    assert labels(state) == ["pass", "play 2H", "play 2S"]


def test_four_players_are_dealt_thirteen_cards_each() -> None:
    """BT2."""
    state = big_two().new_deal(seed=5)
    view = state.view(0)
    assert [len(h) if isinstance(h, list) else h for h in view.hands] == [13] * 4
    assert view.stock == 0


def test_with_three_players_the_last_card_goes_to_the_holder_of_the_three_of_diamonds() -> None:
    """BT2."""
    game = big_two(3)
    for seed in range(6):
        state = game.new_deal(seed=seed)
        view = state.view(0)
        sizes = [len(h) if isinstance(h, list) else h for h in view.hands]
        taken = next(e for e in view.events if e["kind"] == "take")
        assert sorted(sizes) == [17, 17, 18] and view.stock == 0
        assert sizes[taken["player"]] == 18 and len(taken["cards"]) == 1  # shown to all
        holder = taken["player"]
        assert "3D" in state.view(holder).hands[holder] or taken["cards"] == ["3D"]


def test_when_the_three_of_diamonds_is_the_last_card_the_lowest_holder_takes_it() -> None:
    """BT2, BT3: dealt to nobody, the 3D goes to the holder of the lowest card dealt."""
    game = big_two(3)
    seed = next(s for s in range(2000)
                if next(e for e in game.new_deal(seed=s).view(0).events
                        if e["kind"] == "take")["cards"] == ["3D"])
    state = game.new_deal(seed=seed)
    holder = state.current_player
    hand = state.view(holder).hands[holder]
    assert "3D" in hand and "3C" in hand  # the lowest card dealt
    assert all("3D" in w.split() for w in labels(state))


def test_the_holder_of_the_three_of_diamonds_leads_and_must_include_it() -> None:
    """BT3."""
    state = big_two().new_deal(seed=11)
    holder = state.current_player
    assert "3D" in state.view(holder).hands[holder]
    assert labels(state) and all("3D" in w.split() for w in labels(state))
    other = next(c for c in state.view(holder).hands[holder] if c != "3D")
    refused(state, f"play {other}", "BT3")
    state = big_two().setup(hands=["3D 3C 7S", "4D", "4C", "4H"], current=0)
    assert labels(state) == ["play 3D", "play 3D 3C"]
    after = play(state, "play 3D")
    after = play(after, "pass", "pass", "pass")
    assert "play 7S" in labels(after)  # the later leads are free


def test_when_nobody_holds_the_three_of_diamonds_the_lowest_card_stands_for_it() -> None:
    """BT3."""
    state = big_two().setup(hands=["4C 4H 9S", "5D", "4D 6C", "6H"], current=2)
    assert labels(state) == ["play 4D"]
    refused(state, "play 6C", "BT3")


# BT4-BT12: the plays and how they compare ---------------------------------------------------


def test_a_play_is_a_single_a_pair_a_triple_or_a_five_card_hand() -> None:
    """BT4."""
    state = _at(["5D 5C 5H 9C 6D 7D 8D", "4D", "4C", "4H"])
    words = labels(state)
    assert _plays(state, 1) == ["play 5D", "play 5C", "play 5H", "play 6D", "play 7D",
                                "play 8D", "play 9C"]
    assert _plays(state, 2) == ["play 5D 5C", "play 5D 5H", "play 5C 5H"]
    assert _plays(state, 3) == ["play 5D 5C 5H"]
    assert "play 5D 6D 7D 8D 9C" in words and len(words) == 7 + 3 + 1 + 3
    refused(state, "play 5D 9C", "BT4")
    refused(state, "play 5D 5C 5H 9C", "BT4")  # four cards are no play
    after = play(state, "play 9C 8D 7D 6D 5D")  # any order
    assert after.view(1).combination == "straight"


def test_a_single_beats_a_lower_rank_or_the_same_rank_of_a_higher_suit() -> None:
    """BT5."""
    state = _at(["7S 7C 6S", "4D", "4C", "4H"], table="7H", last=3)
    assert labels(state) == ["pass", "play 7S"]
    refused(state, "play 7C", "BT12")
    refused(state, "play 6S", "BT12")


def test_a_pair_beats_a_lower_rank_or_the_same_rank_with_a_higher_top_suit() -> None:
    """BT6: 9S 9D beats 9H 9C; QC QD beats JS JH."""
    state = _at(["9S 9D", "4D", "4C", "4H"], table="9C 9H", last=3)
    assert labels(state) == ["pass", "play 9D 9S"]
    state = _at(["QC QD", "4D", "4C", "4H"], table="JH JS", last=3)
    assert labels(state) == ["pass", "play QD QC"]
    lower = _at(["9D 9C", "4D", "4C", "4H"], table="9H 9S", last=3)
    refused(lower, "play 9D 9C", "BT12")


def test_a_triple_beats_a_triple_of_a_lower_rank() -> None:
    """BT7."""
    state = _at(["8D 8C 8H 6D 6C 6H", "4D", "4C", "4H"], table="7D 7C 7S", last=3)
    assert labels(state) == ["pass", "play 8D 8C 8H"]
    refused(state, "play 6D 6C 6H", "BT12")


@pytest.mark.parametrize(("table", "higher"), [
    ("3D 4C 5H 6S 7D", "play 3H 6H 9H JH KH"),         # a flush beats a straight
    ("3H 6H 9H JH KH", "play 8D 8C 8S 4D 4C"),         # a full house a flush
    ("8D 8C 8S 4D 4C", "play 5D 5C 5H 5S 3C"),         # four of a kind a full house
    ("5D 5C 5H 5S 3C", "play 9D 10D JD QD KD"),        # a straight flush four of a kind
])
def test_a_five_card_hand_of_a_higher_type_beats_any_of_a_lower_type(
        table: str, higher: str) -> None:
    """BT8."""
    hand = " ".join(higher.split()[1:])
    state = _at([hand, "4H", "7C", "7H"], table=table, last=3)
    assert higher in labels(state)
    assert play(state, higher).is_over  # laid, and out
    low = _at([table, "4H", "7C", "7H"], table=hand, last=3)
    refused(low, "play " + table, "BT12")


def test_two_pairs_and_a_triple_with_odd_cards_are_no_plays() -> None:
    """BT8."""
    state = _at(["5D 5C 6D 6C 7H 8S 8H 8D", "4D", "4C", "4H"])
    refused(state, "play 5D 5C 6D 6C 7H", "BT4")
    refused(state, "play 8D 8H 8S 5D 7H", "BT4")


def test_the_runs_go_from_three_to_seven_up_to_jack_to_two_without_turning_the_corner() -> None:
    """BT9."""
    state = _at(["JD QC KH AS 2D 3C", "4D", "4C", "4H"], table="10D JC QH KS AD", last=3)
    assert "play JD QC KH AS 2D" in labels(state)  # the highest run
    refused(_at(["QC KH AS 2D 3C", "4D", "4C", "4H"]), "play QC KH AS 2D 3C", "BT4")
    refused(_at(["AS 2D 3C 4S 5H", "4D", "4C", "4H"]), "play AS 2D 3C 4S 5H", "BT4")


def test_two_straights_compare_by_their_top_card_then_its_suit() -> None:
    """BT9."""
    state = _at(["10C JD QH KD AS 9S", "4D", "4C", "4H"], table="10D JC QC KH AH", last=3)
    assert "play 10C JD QH KD AS" in labels(state)  # the ace of spades is higher
    state = _at(["10C JD QH KD AD", "4D", "4C", "4H"], table="10D JC QC KH AH", last=3)
    refused(state, "play 10C JD QH KD AD", "BT12")
    higher = _at(["10C JD QH KS AD", "4D", "4C", "4H"], table="9D 10D JC QC KH", last=3)
    assert "play 10C JD QH KS AD" in labels(higher)


def test_without_twos_in_runs_ten_to_ace_is_the_highest() -> None:
    """BT9: option straights=no_twos."""
    state = _at(["JD QC KH AS 2D", "4D", "4C", "4H"], straights="no_twos")
    refused(state, "play JD QC KH AS 2D", "BT4")
    state = _at(["10D JC QH KS AD", "4D", "4C", "4H"], table="9D 10C JD QC KH", last=3,
                straights="no_twos")
    assert "play 10D JC QH KS AD" in labels(state)


def test_with_low_wheels_ace_to_five_is_the_lowest_run() -> None:
    """BT9: option straights=low_wheels."""
    state = _at(["2S 3C 4S 5H 6D", "7D", "7C", "7H"], table="AD 2D 3D 4C 5C", last=3,
                straights="low_wheels")
    assert "play 2S 3C 4S 5H 6D" in labels(state)
    higher = _at(["3C 4S 5H 6D 7S", "8D", "8C", "4H"], table="2S 3D 4C 5D 6H", last=3,
                 straights="low_wheels")
    assert "play 3C 4S 5H 6D 7S" in labels(higher)
    refused(_at(["JD QC KH AS 2D", "4D", "4C", "4H"], straights="low_wheels"),
            "play JD QC KH AS 2D", "BT4")


def test_two_flushes_compare_by_suit_first() -> None:
    """BT10."""
    state = _at(["3S 4S 5S 6S 8S", "4D", "4C", "4H"], table="9H JH QH KH AH", last=3)
    assert "play 3S 4S 5S 6S 8S" in labels(state)
    same = _at(["3H 4H 5H 6H 9H", "4D", "4C", "7S"], table="10H JH QH KH 2H", last=3)
    refused(same, "play 3H 4H 5H 6H 9H", "BT12")


def test_with_the_highest_card_first_the_suit_decides_only_between_equal_ranks() -> None:
    """BT10: option flushes=highest_card."""
    state = _at(["3S 4S 5S 6S 8S", "4D", "4C", "4H"], table="9H JH QH KH AH", last=3,
                flushes="highest_card")
    refused(state, "play 3S 4S 5S 6S 8S", "BT12")
    state = _at(["3S 4S 5S 6S 8S", "4D", "4C", "7H"], table="3H 4H 5H 6H 8H", last=3,
                flushes="highest_card")
    assert "play 3S 4S 5S 6S 8S" in labels(state)
    state = _at(["3C 4C 5C 7C 8C", "4D", "9C", "7H"], table="3H 4H 5H 6H 8H", last=3,
                flushes="highest_card")
    assert "play 3C 4C 5C 7C 8C" in labels(state)  # the next highest card decides


def test_full_houses_and_fours_compare_by_their_three_and_four_cards() -> None:
    """BT11."""
    state = _at(["6D 6C 6H 3D 3C", "4D", "4C", "4H"], table="5D 5C 5H 2S 2H", last=3)
    assert "play 6D 6C 6H 3D 3C" in labels(state)
    state = _at(["7D 7C 7H 7S 3D", "4H", "4C", "5H"], table="6D 6C 6H 6S 2S", last=3)
    assert "play 7D 7C 7H 7S 3D" in labels(state)
    lower = _at(["5D 5C 5H 5S 2S", "4H", "4C", "7H"], table="6D 6C 6H 6S 3D", last=3)
    refused(lower, "play 5D 5C 5H 5S 2S", "BT12")


def test_two_straight_flushes_compare_as_straights() -> None:
    """BT11."""
    state = _at(["4S 5S 6S 7S 8S", "4D", "4C", "9H"], table="4H 5H 6H 7H 8H", last=3)
    assert "play 4S 5S 6S 7S 8S" in labels(state)
    lower = _at(["3S 4S 5S 6S 7S", "5D", "9C", "4H"], table="4C 5C 6C 7C 8C", last=3)
    refused(lower, "play 3S 4S 5S 6S 7S", "BT12")


def test_a_play_is_beaten_only_by_as_many_cards() -> None:
    """BT12."""
    state = _at(["6D 6C 6H 7D 8C 9H 10S JD", "4D", "4C", "4H"], table="5D 5C", last=3)
    assert labels(state) == ["pass", "play 6D 6C", "play 6D 6H", "play 6C 6H"]
    refused(state, "play 6D 6C 6H", "BT12")
    refused(state, "play 7D", "BT12")
    state = _at(["7D 8C 9H 10S JD", "4D", "4C", "4H"], table="5D 5C 5H", last=3)
    refused(state, "play 7D 8C 9H 10S JD", "BT12")


# BT13-BT19: passing, winning, scoring, the match and what each player sees -----------------


def test_a_player_who_passed_may_play_when_the_turn_comes_round() -> None:
    """BT13."""
    state = _at(["7C 9C 5S", "3C 4C", "8C JC", "3D KD"])  # the turn goes 0, 3, 2, 1
    state = play(state, "play 7C", "pass", "play 8C", "pass", "play 9C")
    assert state.current_player == 3 and "play KD" in labels(state)


def test_the_table_clears_when_everyone_else_has_passed() -> None:
    """BT14."""
    state = _at(["7C 9C", "8C 10C", "3C JC", "3D 4D"])  # the turn goes 0, 3, 2, 1
    state = play(state, "play 9C", "pass", "play JC", "pass", "pass")
    assert state.current_player == 3
    state = play(state, "pass")
    view = state.view(1)
    assert view.table == [] and view.last == -1 and state.current_player == 2
    assert "pass" not in labels(state)
    refused(state, "pass", "BT14")


def test_the_first_player_out_wins_and_the_deal_ends_at_once() -> None:
    """BT15."""
    state = _at(["2S", "4D 5D", "4C 5C", "4H 5H"])
    state = play(state, "play 2S")
    assert state.is_over and state.result is not None and state.result.finish[0] == 0


def test_each_player_pays_the_winner_per_card_doubled_from_ten_tripled_at_thirteen() -> None:
    """BT16: 3, 11 and 8 cards pay 3, 22 and 8; 13 cards pay 39."""
    pack = big_two().pack
    rest = [pack.name(c) for c in pack.cards if pack.name(c) not in {"2S", "3D"}]
    hands = ["2S", " ".join(rest[:3]), " ".join(rest[3:14]), " ".join(rest[14:22])]
    state = play(_at(hands), "play 2S")
    assert scores(state) == (33, -3, -22, -8)
    hands = ["2S", " ".join(rest[:13]), " ".join(rest[13:14]), " ".join(rest[14:16])]
    assert scores(play(_at(hands), "play 2S")) == (42, -39, -1, -2)


def test_a_match_is_one_deal_or_ten_with_the_option() -> None:
    """BT17."""
    assert big_two().variant.match.deals == 1
    game = big_two(match="ten_deals")
    assert game.variant.match.deals == 10
    assert big_two().variant.scoring.cards_left == game.variant.scoring.cards_left


def test_the_play_goes_round_to_the_right() -> None:
    """BT18."""
    state = _at(["7C 9C", "8C KC", "3C JC", "3D 4D"])
    assert play(state, "play 7C").current_player == 3
    assert big_two().new_deal(seed=3, dealer=0).view(0).events[0]["player"] == 0


def test_a_player_sees_their_hand_the_others_sizes_and_every_card_played() -> None:
    """BT19."""
    state = _at(["5C 9D", "3C 4C", "3D", "3H"])
    state = play(state, "play 5C")
    view = state.view(3)
    assert view.hands == [1, 2, 1, ["3H"]] and view.table == ["5C"]
    assert view.last == 0 and view.combination == "single"
    assert view.played == [_unused(["5C 9D", "3C 4C", "3D", "3H"])]


def test_the_rules_text_follows_the_rule_file() -> None:
    text = "\n".join(describe(big_two().variant))
    assert "First move: the holder of 3D moves first" in text
    assert "from low to high: D, C, H, S" in text
    assert "lowest first: straight, flush, full_house, four_of_a_kind, straight_flush" in text
    assert "3 times that with 13 cards or more" in text


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cardrules_check_passes(players: int) -> None:
    report = run_check("big-two", games=1, seed=3, players=[players], leak_share=QUICK_LEAKS)
    assert report.failure is None, report.failure


# The climbing keys Big Two is made of, checked when a rule file loads ------------------------


@pytest.mark.parametrize(("patch", "said"), [
    ({"suit_order": ["D", "C", "H", "X"]}, "'X' is no suit of the pack"),
    ({"suit_order": ["D", "C", "H"]}, "list every suit of the pack once"),
    ({"straights": ["3 4 5 6 Z"]}, "'Z' is no rank of the pack"),
    ({"straights": ["3 4 5 6 6"]}, "a straight's five ranks are all different"),
    ({"straights": ["3 4 5 6 7", "7 6 5 4 3"]}, "this run is listed twice"),
    ({"type_order": ["straight", "pair"]}, "lay as many cards each"),
    ({"type_order": ["straight", "house"]}, "'house' is no combination of the game"),
    ({"first_lead": {"card": "3X"}}, "'3X' is no card of the pack"),
    ({"by_rank": True}, "by_rank must be false"),
    ({"ends": "last_holder"}, "set play.ends: first_out"),
    ({"combinations": [{"name": "flush", "shape": "flush", "bomb": True}]},
     "takes no size, attach, bomb or top"),
])
def test_a_rule_file_with_impossible_poker_keys_is_refused(patch: dict[str, Any],
                                                            said: str) -> None:
    source = {"extends": "big-two", "patch": {"play": patch}}
    with pytest.raises(cardrules.VariantError, match=said):
        cardrules.load(source, players=4)


def test_a_suit_order_breaks_ties_between_chains_by_their_top_rank() -> None:
    """A climbing game with runs and a suit order (no game of its own)."""
    source = {"extends": "big-two", "patch": {"play": {"combinations": [
        {"name": "single", "shape": "same_rank"},
        {"name": "run", "shape": "chain", "min_length": 3, "max_length": 3}],
        "type_order": None, "first_lead": None}}}
    game = cardrules.load(source, players=4)
    state = game.setup(hands=["5D 6C 7S 7C", "9D", "9C", "9H"], table="5C 6D 7H", last=3,
                       current=0)
    assert labels(state) == ["pass", "play 5D 6C 7S"]


def test_the_action_space_lists_every_five_card_hand_of_the_pack() -> None:
    """BT4, BT8: 183 plays of one rank and the pass, then the pack's 18,696 five-card
    hands one by one (9,180 straights, 5,112 flushes, 3,744 full houses, 624 fours, 36
    straight flushes)."""
    game = big_two()
    space = game.action_space
    assert space.size == 1 + 18_696 + 52 + 78 + 52
    state = game.setup(hands=["3D 4C 5H 6S 7D 9C", "8D", "8C", "8H"], current=0,
                       played="2S")
    for action in state.legal_actions():
        assert space.action(space.index(action)) == action


# Two players, and the options BT20-BT21 -------------------------------------------------------


def test_two_players_are_dealt_seventeen_each_and_the_rest_stays_out() -> None:
    """BT1, BT2: with two players the other 18 cards stay face down, out of play."""
    game = big_two(2)
    for seed in range(6):
        state = game.new_deal(seed=seed)
        view = state.view(0)
        assert [len(h) if isinstance(h, list) else h for h in view.hands] == [17, 17]
        assert view.stock == 18 and not any(e["kind"] == "take" for e in view.events)
        holder = state.current_player  # BT3: the 3D, or the lowest card dealt
        lowest = min((c for h in state.to_json()["hands"] for c in h),
                     key=lambda name: (game.pack.ranks.index(name[:-1]), "DCHS".index(name[-1])))
        assert lowest in state.view(holder).hands[holder]
        assert all(lowest in a.text(game.pack) for a in state.legal_actions())


def test_four_of_a_kind_and_a_straight_flush_beat_a_single_two_with_the_option() -> None:
    """BT20: laid on a single 2 with the option, never without it; a 2 still beats a
    lower single, and neither beats a pair of 2s."""
    hand = "5C 5D 5H 5S 7C 8C 9C 10C JC 2S"
    fours, flush = "play 5D 5C 5H 5S 2S", "play 7C 8C 9C 10C JC"
    plain = _at([hand, "4D", "4C", "4H"], table="2D", last=3)
    assert labels(plain) == ["pass", "play 2S"]
    refused(plain, fours, "BT12")
    bombs = _at([hand, "4D", "4C", "4H"], table="2D", last=3, bombs="on_single_twos")
    words = labels(bombs)
    assert "play 2S" in words and fours in words and flush in words
    assert "play 5D 5C 5H 5S 7C" in words  # four of a kind with any fifth card
    assert "play 5D" not in words  # a lower single still does not beat the 2
    after = play(bombs, fours)
    assert after.view(0).combination == "four_of_a_kind"
    answer = _at(["6C 6D 6H 6S 3S", "4D", "4C", "4H"], table="5D 5C 5H 5S 7C", last=3,
                 bombs="on_single_twos")
    assert "play 6D 6C 6H 6S 3S" in labels(answer)  # a higher four beats the four
    pair = _at([hand, "4D", "4C", "4H"], table="2D 2H", last=3, bombs="on_single_twos")
    assert labels(pair) == ["pass"]
    high = _at([hand, "4D", "4C", "4H"], table="AD", last=3, bombs="on_single_twos")
    assert fours not in labels(high)  # only a 2 is overridden


def _winner_leads_next(leader: str, seed: int) -> tuple[int, list[str]]:
    """Player 1 goes out in the first deal of a session; who leads the second deal, and
    what they may lead."""
    game = big_two(match="ten_deals", leader=leader)
    pack = game.pack
    rest = [pack.name(c) for c in pack.cards if pack.name(c) not in {"2S", "3D", "4D", "5D"}]
    deal = game.setup(hands=["4D 5D", "2S", " ".join(rest[:3]), " ".join(rest[3:6])],
                      table="3D", last=0, current=1)
    match = game.setup_match(deal, index=0, seed=seed).apply("play 2S")
    assert match.view(0).match["deal"] == 1
    return match.current_player, labels(match)


def test_with_the_option_the_winner_of_a_deal_leads_the_next_with_any_play() -> None:
    """BT21, against BT3: by default the holder of the 3D leads every deal, including
    it; with ``leader: winner`` the last deal's winner leads the next, anything."""
    seed = next(s for s in range(50) if _winner_leads_next("three_of_diamonds", s)[0] != 1)
    first, words = _winner_leads_next("three_of_diamonds", seed)
    assert first != 1 and all("3D" in w for w in words)
    first, words = _winner_leads_next("winner", seed)
    assert first == 1 and any("3D" not in w for w in words) and "pass" not in words


def test_a_combination_overrides_only_other_types_of_the_game() -> None:
    """The loader refuses overrides naming the combination itself or none of the game, a
    rank that is not the pack's, or ranks of a type that is no set of one rank."""
    def refused_with(overrides: list[dict[str, Any]], said: str) -> None:
        source = {"extends": "big-two", "patch": {"play": {"combinations": [
            {"name": "single", "shape": "same_rank", "size": 1},
            {"name": "straight", "shape": "straight"},
            {"name": "four", "shape": "four_and_one", "overrides": overrides}],
            "type_order": None}}}
        with pytest.raises(cardrules.VariantError, match=said):
            cardrules.load(source, players=4)

    refused_with([{"combination": "four"}], "'four' is no other combination")
    refused_with([{"combination": "pair"}], "'pair' is no other combination")
    refused_with([{"combination": "single", "ranks": ["1"]}], "'1' is no rank of the pack")
    refused_with([{"combination": "straight", "ranks": ["2"]}], "is no set of one rank")


def test_with_two_players_what_the_leader_must_lay_follows_from_their_own_hand() -> None:
    """BT2, BT3: with the 3D out of play the leader's first play includes the lowest card
    of their hand; a state re-sampled for them (the 3D perhaps in the other hand) offers
    the same plays, and a state saved before the flag existed reads back as not bound."""
    import random

    game = big_two(2)
    seed = next(s for s in range(200) if "3D" in game.new_deal(seed=s).to_json()["stock"])
    state = game.new_deal(seed=seed)
    leader = state.current_player
    words = labels(state)
    lowest = min(state.view(leader).hands[leader],
                 key=lambda c: (game.pack.ranks.index(c[:-1]), "DCHS".index(c[-1])))
    assert all(lowest in w.split() for w in words)
    for k in range(10):
        assert labels(state.resample(leader, random.Random(k))) == words
    data = state.to_json()
    assert data.pop("lead_lowest") is True
    assert labels(game.state_from_json(data)) != words  # unbound: any first play
