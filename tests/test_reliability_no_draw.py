"""Reliability, round two: a trick game whose hands are never refilled (``play.draw: none``)
ends when the hands are played out, though cards are left in the stock.

Rule numbers refer to docs/rules/bura.md.
"""

from __future__ import annotations

import pytest
from bura_support import play, position
from rule_support import QUICK_LEAKS

import cardrules
from cardrules.tools.conformance import check_playout
from cardrules.tools.describe import describe


def _no_draw(players: int) -> cardrules.Game:
    """Bura with nobody drawing after a trick (U9 switched off)."""
    return cardrules.load({"extends": "bura", "patch": {"play": {"draw": "none"}}},
                          players=players)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_draw_none_every_deal_and_match_ends(players: int) -> None:
    game = _no_draw(players)
    for seed in range(3):
        assert check_playout(game, seed, leak_share=QUICK_LEAKS).deals == 1
    assert check_playout(game, 7, match=True, leak_share=QUICK_LEAKS).deals >= 1


def test_draw_none_the_deal_ends_after_the_last_card_though_the_stock_is_left() -> None:
    state = position(_no_draw(2), "9S", "KS", stock="6C 7C", trump_card="JH")
    state = play(state, "lead 9S", "answer KS")
    assert state.is_over and state.result is not None
    assert len(state.stock) == 3 and state.hands == (0, 0)
    assert state.result.scores == (6, 0)  # U12: no trick 6, the most points 0


def test_draw_none_a_deal_goes_on_while_cards_are_left() -> None:
    state = position(_no_draw(2), "9S 6D", "KS 7D", stock="6C 7C", trump_card="JH")
    state = play(state, "lead 9S", "answer KS")
    assert not state.is_over and state.hands[1].bit_count() == 1
    assert state.legal_actions()


def test_draw_none_is_described_without_the_stock() -> None:
    text = "\n".join(describe(_no_draw(2).variant))
    assert "The deal ends when a player has no cards left." in text
    assert "Nobody draws after a trick." in text
