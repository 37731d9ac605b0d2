"""Crazy Eights: a scenario test from an explicit position for every rule C1-C10 of
``docs/rules/crazy_eights.md`` (``variants/crazy-eights.yaml``, OpenSpiel's default
crazy_eights; ``tests/test_openspiel_crazy_eights.py`` compares whole random games with
OpenSpiel)."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest
from bank_support import legal
from rule_support import play, refused

import cardrules
from cardrules.families.shedding.state import SheddingState


@cache
def eights(players: int = 3, **options: Any) -> cardrules.Game:
    """Crazy Eights for ``players`` with ``options``."""
    return cardrules.load("crazy_eights", players=players, options=options)


def held(state: SheddingState, player: int) -> int:
    return state.hands[player].bit_count()


# -- C1-C3: the cards and the deal ------------------------------------------------------


def test_c1_one_pack_of_52_in_openspiels_suit_order_for_2_to_5_players() -> None:
    game = eights()
    assert game.pack.size == 52 and game.pack.suits == ("C", "D", "H", "S")
    assert game.pack.ranks == ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
                               "A")
    assert eights(2).players == 2 and eights(5).players == 5
    with pytest.raises(cardrules.CardrulesError, match="players"):
        cardrules.load("crazy_eights", players=6)


@pytest.mark.parametrize(("players", "size"), [(2, 7), (3, 5), (4, 5), (5, 5)])
def test_c2_seven_cards_for_two_players_else_five(players: int, size: int) -> None:
    state = eights(players).new_deal(seed=8)
    assert [held(state, p) for p in range(players)] == [size] * players
    assert len(state.stock) == 52 - size * players - 1


def test_c2_one_card_at_a_time_from_the_dealers_left() -> None:
    game = eights()
    pack = game.pack
    state = game.new_deal(seed=1, dealer=0, order=list(range(52)))  # dealt from the end
    assert pack.names(pack.cards_of(state.hands[1])) == ("AS", "JS", "8S", "5S", "2S")
    assert pack.names(pack.cards_of(state.hands[2])) == ("AH", "KS", "10S", "7S", "4S")
    assert pack.names(pack.cards_of(state.hands[0])) == ("KH", "QS", "9S", "6S", "3S")


def test_c3_the_starter_is_never_an_eight() -> None:
    game = eights()
    eight = game.pack.ranks.index("8")
    order = list(range(52))
    order[36], order[6] = order[6], order[36]  # 8C (6) is turned after the deal
    state = game.new_deal(seed=1, dealer=0, order=order)
    assert game.pack.name(state.pile[-1]) == "JH"  # the next card instead
    assert state.stock[0] == game.pack.parse("8C")  # the eight under the stock
    for seed in range(100):
        assert game.pack.rank(game.new_deal(seed).pile[-1]) != eight


# -- C4-C7: play ------------------------------------------------------------------------


def test_c4_the_dealers_left_moves_first_from_their_own_hand() -> None:
    game = eights()
    assert game.new_deal(seed=3, dealer=1).current_player == 2
    state = game.setup(hands=["9C 4H", "9D 3S", "KD QD"], pile="9H", stock="3C 4C 5C")
    assert "does not hold 9D" in refused(state, "play 9D", "C4")
    assert play(state, "play 9C").current_player == 1


def test_c5_one_card_matching_by_suit_or_rank() -> None:
    state = eights().setup(hands=["9C 9H 2C 5H KS", "3S", "4S"], pile="9D 5C",
                           stock="KH QH")
    assert legal(state) == {"play 9C", "play 2C", "play 5H", "draw"}
    assert "KS does not beat 5C" in refused(state, "play KS", "C5-C6")
    assert "not a group move" in refused(state, "play 9C 9H", "C5")


def test_c6_eights_are_wild_and_name_the_suit_to_match() -> None:
    state = eights().setup(hands=["8D 9H 2C", "3S 9C 8S 4H", "4S"], pile="KC",
                           stock="KS QS")
    state = play(state, "play 8D")
    assert legal(state) == {"name C", "name D", "name H", "name S"}
    assert "name the suit" in refused(state, "play 9H", "C6")
    state = play(state, "name H")
    assert state.current_player == 1 and state.view(2).named_suit == "H"
    assert legal(state) == {"play 4H", "play 8S", "draw"}  # not 8's rank
    assert "neither of the named suit H" in refused(state, "play 9C", "C5-C6")


def test_c6_going_out_with_an_eight_names_nothing() -> None:
    state = eights().setup(hands=["8D", "3S 4H", "4S 9S"], pile="KC", stock="KS QS")
    state = play(state, "play 8D")
    assert state.is_over and state.phase == "over"


def test_c7_draw_at_will_up_to_five_then_play_or_pass() -> None:
    state = eights().setup(hands=["9C 2C", "3S", "4S"], pile="5C",
                           stock="KS QS JS 10S 9S 7S")
    assert legal(state) == {"play 9C", "play 2C", "draw"}
    assert "pass only after drawing 5 cards" in refused(state, "pass", "C7")
    state = play(state, *["draw"] * 5)
    assert held(state, 0) == 7 and state.current_player == 0
    assert "drawn 5 cards this turn" in refused(state, "draw", "C7")
    assert legal(state) == {"play 9C", "play 2C", "pass"}
    assert play(state, "pass").current_player == 1


def test_c7_with_an_empty_stock_play_or_pass() -> None:
    state = eights().setup(hands=["9C 2H", "3S", "4S"], pile="5C")
    assert legal(state) == {"play 9C", "pass"}
    assert "stock is empty" in refused(state, "draw", "C7")


def test_c7_the_draw_limit_is_an_option() -> None:
    state = eights(max_draw_cards=2).setup(hands=["9C", "3S", "4S"], pile="5H",
                                           stock="KS QS JS")
    state = play(state, "draw", "draw")
    assert legal(state) == {"pass"}


# -- C8-C10: the end and scoring ------------------------------------------------------------


def test_c8_the_first_player_out_ends_the_deal() -> None:
    state = eights().setup(hands=["9C", "3S 4H", "4S 9S"], pile="5C", stock="KS")
    state = play(state, "play 9C")
    assert state.is_over and state.out == (0,)


def test_c8_a_blocked_deal_ends_after_players_plus_one_passes() -> None:
    state = eights().setup(hands=["9C", "3S", "4S"], pile="5H")
    state = play(state, "pass", "pass", "pass")
    assert not state.is_over and state.current_player == 0
    assert play(state, "pass").is_over


def test_c9_the_others_pay_openspiels_table() -> None:
    state = eights().setup(hands=["9C", "8S AH 2C", "2S 7S 10S QC"], pile="5C",
                           stock="3D")
    result = play(state, "play 9C").result
    assert result is not None
    assert tuple(result.scores) == (0, -(50 + 10 + 2), -(5 + 25 + 37 + 10))


@pytest.mark.parametrize("deals", [1, 2])
def test_c10_one_deal_unless_the_option_says_more(deals: int) -> None:
    game = eights(deals=deals)
    state, rng = game.new_match(seed=5, dealer=0), random.Random(5)
    dealers = set()
    while not state.is_over:
        dealers.add(state.view(0).match["dealer"])
        state = state.apply(rng.choice(state.legal_actions()))
    result = state.result
    assert result is not None and result.deals == deals
    assert dealers == set(range(deals))
    best = max(result.totals)
    assert result.winners == tuple(p for p, t in enumerate(result.totals) if t == best)
