"""U1 option ``teams``: two fixed partnerships of two, partners sitting opposite."""

from __future__ import annotations

import random

import pytest
from bura_support import bura
from rule_support import QUICK_LEAKS

import cardrules
from cardrules.tools.conformance import check_playout


def test_u1_teams_needs_four_players() -> None:
    """U1: partnerships are for four players only."""
    with pytest.raises(cardrules.CardrulesError, match="4 to 4 players"):
        cardrules.load("bura", players=3, options={"teams": "on"})
    assert bura(4, teams="on").variant.players.min == 4


def test_u1_u12_partners_pool_points_and_score_alike() -> None:
    """U1, U12: seats 0 and 2 play together, 1 and 3 together; the last trick decides.
    Player 0 leads the ace of trumps and takes 11 + 0 + 0 + 0 points for the team of 0
    and 2; the other team has taken nothing: 0 for seats 0 and 2, 6 (no trick) for 1 and 3."""
    game = bura(4, teams="on")
    state = game.setup(hands=["AS", "6H", "7H", "8H"], trump="S", leader=0)
    for text in ("lead AS", "answer 6H", "answer 7H", "answer 8H"):
        state = state.apply(text)
    assert state.is_over
    assert state.result is not None
    assert state.result.scores == (0, 6, 0, 6)


def test_u1_u12_a_partners_trick_counts_for_both() -> None:
    """U1, U12: player 2 wins a trick worth 31 for the team; player 0 took none but shares
    the team's result (0 as the team with most points)."""
    game = bura(4, teams="on")
    state = game.setup(hands=["6C", "7C", "AC", "8C"], trump="S", leader=0,
                       won=["", "", "10H 10D KH JH", "QH"], tricks=[0, 0, 1, 1])
    for text in ("lead 6C", "answer 7C", "answer AC", "answer 8C"):
        state = state.apply(text)
    assert state.result is not None
    scores = state.result.scores
    assert scores[0] == scores[2] == 0
    assert scores[1] == scores[3] == 4


def test_u1_u13_u14_teams_win_and_lose_together_and_share_the_pot() -> None:
    """U1, U13, U14: partners always have equal totals, so they lose together and the two
    winners split the pot 50/50."""
    game = bura(4, teams="on")
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_match(seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        result = state.result
        assert result is not None
        assert result.totals[0] == result.totals[2] and result.totals[1] == result.totals[3]
        assert len(result.winners) == 2
        paid = sorted(result.payouts)
        assert paid == [0, 0, 200, 200] and sum(result.payouts) + result.kept == 400


@pytest.mark.parametrize("seed", range(3))
def test_teams_playouts_keep_the_contract(seed: int) -> None:
    assert check_playout(bura(4, teams="on"), seed, leak_share=QUICK_LEAKS).actions > 0
    assert check_playout(bura(4, teams="on"), seed, match=True, leak_share=QUICK_LEAKS).deals >= 1
