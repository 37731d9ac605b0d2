"""The shedding procedure's play-out policy (procedures/shedding_policy.py), from explicit
Crazy Eights and Bank positions (rule numbers: docs/rules/crazy_eights.md C5-C7 and
docs/rules/bank.md)."""

from __future__ import annotations

import random

from bank_support import bank

import cardrules
from cardrules.families.shedding.policy import SheddingPolicy

FIXED = random.Random(0)


def _policy(game: cardrules.Game) -> SheddingPolicy:
    return SheddingPolicy(game, explore=0.0)


def _eights() -> cardrules.Game:
    return cardrules.load("crazy_eights", players=3)


def test_the_procedure_offers_the_policy_to_the_search() -> None:
    game = _eights()
    assert isinstance(game.procedure.rollout_policy(game), SheddingPolicy)


def test_c7_it_lays_a_card_rather_than_draw_at_will() -> None:
    game = _eights()
    state = game.setup(hands=["9C 2H", "3S", "4S"], pile="5C", stock="KS QS JS")
    assert _policy(game)(state, FIXED).label == "play 9C"


def test_c6_it_keeps_the_wild_eight_while_another_card_will_do() -> None:
    game = _eights()
    state = game.setup(hands=["8D 9C 2H", "3S", "4S"], pile="5C", stock="KS QS")
    assert _policy(game)(state, FIXED).label == "play 9C"


def test_c6_it_names_the_suit_it_holds_most() -> None:
    game = _eights()
    state = game.setup(hands=["8D 9H 2H 4H 2C", "3S", "4S"], pile="KC", stock="KS QS")
    state = state.apply("play 8D")
    assert _policy(game)(state, FIXED).label == "name H"


def test_it_goes_out_when_a_play_empties_the_hand() -> None:
    game = bank(2, trumps="none")
    state = game.setup(hands=["KH", "9S"], pile="10H", stock="6D", owner=1)
    assert _policy(game)(state, FIXED).label == "play KH"


def test_it_explores_at_random_one_move_in_ten_by_default() -> None:
    game = _eights()
    state = game.setup(hands=["9C 2H 8D", "3S", "4S"], pile="5C", stock="KS QS JS")
    policy = SheddingPolicy(game)
    rng = random.Random(3)
    moves = [policy(state, rng).label for _ in range(400)]
    share = 1 - moves.count("play 9C") / len(moves)
    assert 0.03 < share < 0.12
