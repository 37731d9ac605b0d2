"""The betting family (``cardrules/families/betting``) beyond the rules of Kuhn and Leduc
poker: blinds, the opener on the dealer's left, hand classes of several groups, rule
files it refuses and tampered states."""

from __future__ import annotations

import random
from typing import Any

import pytest
from rule_support import play, refused

import cardrules
from cardrules.errors import StateError
from cardrules.families.betting.model import HandClass, Showdown
from cardrules.families.betting.tables import hand_class
from cardrules.tools.bots import GreedyBot
from cardrules.tools.describe import describe


def leduc_with(play_patch: dict[str, Any], **extra: Any) -> cardrules.Game:
    return cardrules.load({"extends": "leduc-poker",
                           "patch": {"play": play_patch, **extra}}, players=3)


def test_blinds_are_posted_from_the_opener_and_the_betting_starts_after_them() -> None:
    """The big blind is the first bet to call and counts as the round's first bet; its
    poster may still raise when everyone called."""
    game = leduc_with({"ante": 0, "blinds": [1, 2], "opens": "dealer_left"})
    state = game.setup(hands=["JS", "QS", "KS"], dealer=2)
    view = state.view(0)
    assert view.staked == [1, 2, 0] and view.bets == 1
    assert state.current_player == 2
    assert [state.describe(a) for a in state.legal_actions()] == ["fold", "call", "raise"]
    state = play(state, "call", "call")
    assert state.current_player == 1
    assert [state.describe(a) for a in state.legal_actions()] == ["check", "raise"]
    refused(state, "bet", "L4")
    state = play(state, "check")
    assert state.view(0).round == 1 and state.current_player == 0


def test_the_opener_may_sit_on_the_dealers_left() -> None:
    game = leduc_with({"opens": "dealer_left"})
    assert game.setup(hands=["JS", "QS", "KS"], dealer=0).current_player == 1
    state = play(game.setup(hands=["JS", "QS", "KS"], dealer=1, board="AH"),
                 "check", "check", "check")
    assert state.current_player == 2 and state.view(0).round == 1


def test_hand_classes_of_several_groups_rank_best_first() -> None:
    rules = Showdown(cards=5, classes=[HandClass(name="four", groups=[4]),
                                       HandClass(name="full_house", groups=[3, 2]),
                                       HandClass(name="three", groups=[3]),
                                       HandClass(name="two_pairs", groups=[2, 2]),
                                       HandClass(name="pair", groups=[2]),
                                       HandClass(name="high_card")])
    full = hand_class([3, 3, 3, 1, 1], rules)
    three = hand_class([5, 5, 5, 1, 0], rules)
    two = hand_class([4, 4, 2, 2, 9], rules)
    two_lower_kicker = hand_class([4, 4, 2, 2, 8], rules)
    assert full > three > two > two_lower_kicker > hand_class([9, 9, 8, 7, 6], rules)
    assert two[1] == (4, 4, 2, 2, 9)


@pytest.mark.parametrize(("patch", "message"), [
    ({"play": {"chips": 10, "blinds": [20]}},
     r"play\.blinds\[0\]: a blind of 20 chips, but each player has 10"),
    ({"scoring": {"classes": [{"name": "pair", "groups": [2]}]}},
     r"the last class of hands must hold every hand"),
    ({"scoring": {"classes": [{"name": "two", "groups": [2, 3]}, {"name": "high"}],
                  "cards": 5}}, r"largest first"),
    ({"scoring": {"classes": [{"name": "high"}, {"name": "high"}]}}, r"named twice"),
    ({"scoring": {"cards": 3}}, r"a hand is made of 3 cards"),
    ({"play": {"rounds": [{"bet": 2, "max_bets": 2, "deal": 9}]}}, r"community cards"),
    ({"play": {"limit": "no_limit", "chips": 1000000}}, r"a bet names its amount, at most 999,999"),
    ({"scoring": {"odd_chips": "burnt"}}, r"odd_chips"),
    ({"play": {"blinds": [0]}}, r"blinds\[0\]: must be at least 1"),
    ({"play": {"blinds": [1, 2, 3]}}, r"3 blinds, but 2 players may play"),
])
def test_incoherent_rule_files_are_refused_at_load(patch: dict[str, Any],
                                                   message: str) -> None:
    with pytest.raises(cardrules.VariantError, match=message):
        cardrules.load({"extends": "leduc-poker", "patch": patch}, players=2)


def test_a_tampered_state_is_refused() -> None:
    game = cardrules.load("leduc-poker")
    data = game.setup(hands=["KS", "JH"], line="b").to_json()
    for key, value, message in [("chips", [99, 1], "chips: player 0's chips, stake and "
                                                  "winnings do not add up to the 100"),
                                ("round", 2, "round: 2 is past the last round"),
                                ("bets", 3, "bets: 3 is past"),
                                ("folded", [0, 1], "current: player 1 has folded"),
                                ("line", "bx", "line: letters")]:
        with pytest.raises(StateError, match=message):
            game.state_from_json({**data, key: value})


def test_a_position_gives_each_card_once() -> None:
    game = cardrules.load("leduc-poker")
    with pytest.raises(StateError, match="given twice"):
        game.setup(hands=["KS", "KS"])
    with pytest.raises(StateError, match="given twice"):
        game.setup(hands=["KS", "JH"], board="KS")
    with pytest.raises(StateError, match="give 2 hands"):
        game.setup(hands=["KS"])


def test_states_go_through_json_and_resampling_keeps_what_a_player_saw() -> None:
    game = cardrules.load("leduc-poker", players=3)
    rng = random.Random(4)
    state = game.new_deal(seed=4)
    while not state.is_over:
        assert game.state_from_json(state.to_json()) == state
        for player in range(3):
            other = state.resample(player, rng)
            assert other.view(player).hands == state.view(player).hands
            assert other.view(player).board == state.view(player).board
        state = state.apply(rng.choice(state.legal_actions()))
    assert game.state_from_json(state.to_json()) == state


def test_the_greedy_bot_bets_a_strong_hand_and_folds_a_weak_one() -> None:
    game = cardrules.load("kuhn-poker")
    bot, rng = GreedyBot(), random.Random(0)

    def choice(state: cardrules.State) -> str:
        player = state.current_player
        return bot.choose(state.view(player), state.legal_actions(), rng).name

    assert choice(game.setup(hands=["KS", "JS"])) == "bet"
    assert choice(game.setup(hands=["KS", "QS"], line="kb")) == "call"
    assert choice(game.setup(hands=["JS", "KS"], line="kb")) == "fold"


POKER_CLASSES = [{"name": "straight_flush", "straight": True, "flush": True},
                 {"name": "four_of_a_kind", "groups": [4]},
                 {"name": "full_house", "groups": [3, 2]},
                 {"name": "flush", "flush": True},
                 {"name": "straight", "straight": True},
                 {"name": "three_of_a_kind", "groups": [3]},
                 {"name": "two_pairs", "groups": [2, 2]},
                 {"name": "pair", "groups": [2]},
                 {"name": "high_card"}]
"""The ranking of poker hands, best first, as a rule file writes it."""


def seven_card_poker() -> cardrules.Game:
    """Two hole cards each and five community cards over four rounds of betting, the
    best five of seven cards ranked as in poker."""
    return cardrules.load({"extends": "leduc-poker", "patch": {
        "pack": {"ranks": ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"],
                 "suits": ["C", "D", "H", "S"]},
        "deal": {"hand": 2},
        "play": {"rounds": [{"bet": 2, "max_bets": 4}, {"deal": 3, "bet": 2, "max_bets": 4},
                            {"deal": 1, "bet": 4, "max_bets": 4},
                            {"deal": 1, "bet": 4, "max_bets": 4}]},
        "scoring": {"cards": 5, "low_straight": True, "classes": POKER_CLASSES}}},
        players=2)


@pytest.mark.parametrize(("better", "worse"), [
    ("9H 10H JH QH KH 2C 2D", "AS AH AD AC KD 3C 4C"),   # straight flush, four of a kind
    ("AH 2H 3H 4H 5H 9C 9D", "9S 9H 9D 9C KD 3C 4C"),    # the lowest straight flush
    ("9S 9H 9D 4C 4D 2C 3S", "AH KH 7H 5H 2H 3C 4D"),    # full house, flush
    ("AH KH 7H 5H 2H 3C 4D", "10S JH QD KC AS 2D 2S"),   # flush, straight
    ("2S 3H 4D 5C 6S 9D KS", "AS 2H 3D 4C 5S 9H KD"),    # six-high beats the five-high straight
    ("AS 2H 3D 4C 5S 9H KD", "AS AH AD 4C 9S 10H KD"),   # the wheel beats three of a kind
    ("QS QH 5D 5C 2S 9H KD", "QD QC 5S 5H 2C 9D JD"),    # two pairs, the kicker decides
    ("KS KH 9D 7C 5S 3H 2D", "AS QH 9H 7D 5C 3D 2S"),    # pair, high card
])
def test_the_best_five_of_seven_cards_rank_as_poker_hands(better: str, worse: str) -> None:
    game = seven_card_poker()
    tables, pack = game.tables, game.pack
    assert tables.strength(pack.parse_many(better)) > tables.strength(pack.parse_many(worse))


def test_a_straight_and_a_flush_are_named_and_tie_on_equal_ranks() -> None:
    game = seven_card_poker()
    tables, pack = game.tables, game.pack
    flush = tables.strength(pack.parse_many("2S 9S JS 4S KS 3D 3C"))
    assert tables.class_name(flush) == "flush"
    one = tables.strength(pack.parse_many("5S 6H 7D 8C 9S 2D 2C"))
    other = tables.strength(pack.parse_many("5D 6C 7H 8S 9C 2H KD"))
    assert tables.class_name(one) == "straight" and one == other
    text = "\n".join(describe(game.variant))
    assert "A straight is 5 cards of consecutive ranks (the highest rank may count" in text
    assert "A flush is 5 cards of one suit." in text


@pytest.mark.parametrize(("classes", "message"), [
    ([{"name": "flush", "flush": True}], "give it no groups, straight or flush"),
])
def test_straight_and_flush_classes_the_family_refuses(classes: list[dict[str, Any]],
                                                       message: str) -> None:
    with pytest.raises(cardrules.VariantError, match=message):
        cardrules.load({"extends": "leduc-poker", "patch": {"scoring": {"classes": classes}}})
    with pytest.raises(cardrules.VariantError, match="needs hands of 2 cards or more"):
        cardrules.load({"extends": "leduc-poker", "patch": {"scoring": {"cards": 1, "classes": [
            {"name": "flush", "flush": True}, {"name": "high_card"}]}}})


def test_a_round_may_name_the_seat_that_acts_first() -> None:
    """A round's ``first`` seat acts first in it (after the blinds, in the first round),
    or the first after it still in; a seat past the players is refused."""
    game = leduc_with({"rounds": [{"bet": 2, "max_bets": 2, "first": 1},
                                  {"deal": 1, "bet": 4, "max_bets": 2, "first": 1}]})
    state = game.setup(hands=["JS", "QS", "KS"], board="AH")
    assert state.current_player == 1
    state = play(state, "check", "bet", "call", "fold")
    assert state.view(0).round == 1 and state.current_player == 2
    with pytest.raises(cardrules.VariantError, match="seat 2 opens this round"):
        leduc_with({"rounds": [{"bet": 2, "max_bets": 2, "first": 2}]})


LOW_CLASSES = [c for c in POKER_CLASSES if not c.get("straight") and not c.get("flush")]
"""Ace-to-five lowball's classes: straights and flushes do not count."""


def lowball(ace_low: bool) -> cardrules.Game:
    """Seven cards, the worst five win: ace-to-five (the ace lowest, no straights or
    flushes) or deuce-to-seven (the ace highest, straights and flushes count)."""
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    return cardrules.load({"extends": "no-limit-holdem", "patch": {
        "pack": {"ranks": ["A", *ranks[:-1]] if ace_low else ranks},
        "scoring": {"low": True, "low_straight": None,
                    "classes": LOW_CLASSES if ace_low else POKER_CLASSES}}})


@pytest.mark.parametrize(("ace_low", "better", "worse"), [
    (True, "AS 2H 3D 4C 5S KD KS", "AH 2C 3C 4D 6S QD QS"),   # the wheel is the best low
    (True, "AS 2S 3S 4S 6S KD KS", "AH 2C 3C 4D 7S QD QS"),   # a flush does not count
    (True, "8S 7H 5D 4C 2S KD KS", "8H 7C 6C 4D 2D QD QS"),   # 8-7-5 below 8-7-6
    (True, "KS QH JD 9C 8S 8D 8H", "AS AH 2D 2C 3S 3D 3H"),   # high card below any pair
    (False, "7S 5H 4D 3C 2S KD KS", "7H 6C 4C 3D 2D QD QS"),  # 7-5-4-3-2, the best
    (False, "7S 5H 4D 3C 2S KD KS", "AS 2H 3D 4C 5S KH QH"),  # the ace is high
    (False, "8S 6H 4D 3C 2S KD KS", "6S 5H 4D 3C 2D KD KS"),  # a straight counts
])
def test_the_lowest_hand_wins_when_scoring_is_low(ace_low: bool, better: str,
                                                  worse: str) -> None:
    """``scoring.low``: a player's hand is the worst five of their cards, and the
    lowest hand shown takes the pot."""
    game = lowball(ace_low)
    tables, pack = game.tables, game.pack
    assert tables.strength(pack.parse_many(better)) < tables.strength(pack.parse_many(worse))


@pytest.mark.parametrize(("ace_low", "hands", "scores"), [
    (True, ["AS 2H", "KC KD"], (2, -2)),     # A-5-4-3-2 against 9-5-4-3-K
    (True, ["KC KD", "AS 2H"], (-2, 2)),
    (False, ["AS 2H", "6C 8D"], (-2, 2)),    # deuce-to-seven: 9-5-4-3-2 against 8-6-5-4-3
])
def test_the_lowest_hand_shown_takes_the_pot(ace_low: bool, hands: list[str],
                                             scores: tuple[int, int]) -> None:
    """``scoring.low`` at the showdown, both players checking to the end."""
    state = lowball(ace_low).setup(hands=hands, board="3C 4D 5H 9S 9C", line="ck/kk/kk/kk")
    assert state.is_over and state.result.scores == scores


def test_the_rules_in_english_say_the_lowest_hand_wins() -> None:
    text = "\n".join(describe(lowball(True).variant))
    assert "The lowest hand wins: each player's hand is the worst 5 cards" in text
    assert "The lowest hand takes the pot" in text


def _brute_strength(tables: Any, cards: tuple[int, ...]) -> Any:
    """The best (or, scoring low, the worst) hand among ``cards`` by looking at every
    choice of a hand's cards, each classed by its ranks and whether it is one suit."""
    from itertools import combinations

    showdown, width = tables.showdown, len(tables.pack.ranks)
    size = min(showdown.cards, len(cards))
    found = []
    for chosen in combinations(cards, size):
        ranks = sorted((tables.ranks[c] for c in chosen), reverse=True)
        one_suit = size == showdown.cards and len({c // width for c in chosen}) == 1
        found.append(hand_class(ranks, showdown, (0,) if one_suit else (0, 1), width,
                                tables.pack.ranks))
    return min(found) if showdown.low else max(found)


@pytest.mark.parametrize(("source", "ace_low"), [
    ("limit-holdem", None), ("kuhn-poker", None), ("leduc-poker", None), (None, True),
    (None, False)])
def test_a_showdowns_strength_is_its_best_hand_found_by_brute_force(
        source: str | None, ace_low: bool | None) -> None:
    """A hand's strength (found again by its ranks alone where no flush can be made of
    its cards) is the best, or scoring low the worst, of every choice of its cards, for
    hands of as many cards as a deal gives and of fewer; suits crowded on purpose so
    that flushes come up often."""
    game = cardrules.load(source) if source else lowball(bool(ace_low))
    tables = game.tables
    most = tables.hand + sum(r.deal for r in tables.play.rounds)
    rng = random.Random(11)
    width = len(game.pack.ranks)
    for _ in range(600):
        size = rng.randint(1, most)
        if rng.random() < 0.5 and game.pack.size >= 2 * width:  # most in one suit
            suit = rng.randrange(game.pack.size // width)
            pool = list(range(suit * width, suit * width + width))
            cards = rng.sample(pool, min(size, len(pool)))
            cards += rng.sample([c for c in range(game.pack.size) if c not in cards],
                                size - len(cards))
        else:
            cards = rng.sample(range(game.pack.size), size)
        hand = tuple(cards)
        assert tables.strength(hand) == _brute_strength(tables, hand), game.pack.names(hand)
        assert tables.strength(hand[::-1]) == tables.strength(hand)
        assert tables.strength_of(sum(1 << c for c in hand)) == tables.strength(hand)
    # the numbers the best hand is looked for by order as the strengths do
    seen = sorted(tables.by_ranks.items())[:150]
    for key, strength in seen:
        for other, against in seen:
            assert (tables.ordered[key] < tables.ordered[other]) == (strength < against)
            assert (tables.ordered[key] == tables.ordered[other]) == (strength == against)
