"""A rule file's own action words (a game type's name, a strain's word) belong to its
game alone: two games in one process may give one word two meanings, and no rule file
changes how another game's actions are written or read."""

from __future__ import annotations

import pytest

import cardrules
from cardrules.errors import NotationError


def test_one_word_two_games() -> None:
    """Bridge bids ``clubs 1`` (a strain's word and a level); Skat names the game type
    ``clubs`` alone: each game reads and writes its own, whichever was loaded first."""
    bridge = cardrules.load("bridge")
    skat = cardrules.load("skat")
    bridge_state = bridge.new_deal(seed=1)
    while "clubs 1" not in {a.label for a in bridge_state.legal_actions()}:
        bridge_state = bridge_state.apply("pass")
    assert bridge.parse_action("clubs 1") in bridge_state.legal_actions()
    skat_state = skat.new_deal(seed=1)
    assert "clubs" in {a.label for a in skat_state.legal_actions()}
    assert skat.parse_action("clubs") in skat_state.legal_actions()
    assert skat_state.apply("clubs").events
    with pytest.raises(NotationError, match="one whole number"):
        bridge.parse_action("clubs")
    with pytest.raises(NotationError, match="unknown card '1'"):  # a word without cards
        skat.parse_action("clubs 1")


def test_a_game_word_is_unknown_to_other_games() -> None:
    with pytest.raises(NotationError, match="unknown action 'grand'"):
        cardrules.load("hearts").parse_action("grand")


def test_a_rule_file_may_not_take_an_action_kinds_word() -> None:
    with pytest.raises(cardrules.VariantError, match="'pass' cannot be an action word"):
        cardrules.load({"extends": "skat", "patch": {"phases": [
            {"game_type": {"types": {"pass": {"trump": "C", "points": {
                "over": 60, "declarer": 2, "defenders": 1}}}}}]}})
