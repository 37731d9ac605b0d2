"""Reliability, round two: nothing a player is shown depends on cards they cannot see.

Bura's declaration window (U11) asks the same players in the same order whatever the
hidden cards are.  Rule numbers refer to docs/rules/bura.md.
"""

from __future__ import annotations

from typing import Any

from bura_support import bura, legal, pass_window, play, position

import cardrules
from cardrules.procedures.tricks import DECLARE, LEAD


def _shown(state: cardrules.State, player: int) -> tuple[Any, ...]:
    """Everything ``player`` is shown: turn, phase, view, observation, legal actions."""
    legal_actions = state.legal_actions() if state.current_player == player else ()
    return (state.current_player, getattr(state, "phase", None), state.view(player),
            state.game.observation.encode(state, player), legal_actions)


# -- 1. Bura: who is asked to declare does not depend on hidden cards (U11) ---------------


def test_u11_the_leader_cannot_learn_that_another_player_holds_a_combination() -> None:
    game = bura(3)
    holds = position(game, "6C 7C 8C JD", "AS AH AD 6D", "9C 10C QD 6S", stock="KS KH KD 7S")
    lacks = position(game, "6C 7C 8C JD", "KS KH KD 6D", "9C 10C QD 6S", stock="AS AH AD 7S")
    assert {d.action.name for d in holds.declarations(1)} == {"moscow"}
    assert not lacks.declarations(1)
    for player in (0, 2):  # neither sees player 1's hand nor the stock
        assert _shown(holds, player) == _shown(lacks, player)
    assert holds.phase == DECLARE and holds.current_player == 0 and legal(holds) == {"pass"}
    holds, lacks = holds.apply("pass"), lacks.apply("pass")
    assert "declare moscow AS AH AD" in legal(holds) and legal(lacks) == {"pass"}
    assert _shown(holds, 0) == _shown(lacks, 0)


def test_u11_the_window_after_a_trick_does_not_depend_on_the_cards_drawn() -> None:
    game = bura(3)
    hands = ("9S 6C 7C 8C", "AS AH 6D 7S", "10S 9D JC QC")
    drawn_ace = position(game, *hands, stock="8H AD KD", trump_card="JH")
    drawn_king = position(game, *hands, stock="8H KD AD", trump_card="JH")
    trick = ("lead 9S", "answer 7S", "throw JC")
    drawn_ace = play(pass_window(drawn_ace), *trick)
    drawn_king = play(pass_window(drawn_king), *trick)
    assert drawn_ace.winner == 0 and drawn_ace.declarations(1)
    assert not drawn_king.declarations(1)
    assert _shown(drawn_ace, 0) == _shown(drawn_king, 0)
    assert drawn_ace.phase == DECLARE and drawn_ace.current_player == 0  # the leader first


def test_u11_nobody_is_asked_while_the_hands_are_too_small_for_a_combination() -> None:
    state = position(bura(3), "AS AH", "AD 6D", "9C 10C")
    assert state.phase == LEAD and state.current_player == 0
    assert not any(a.startswith("declare") for a in legal(state))


def test_u11_win_deal_a_lone_possible_declarer_is_offered_it_with_the_lead() -> None:
    """Only the four-card hand can hold Bura (win_deal); the two-card hands rule out the
    leading combinations, so the leader's question comes with the lead."""
    game = bura(3, combination_effect="win_deal")
    holds = position(game, "6H 7H 8H 9H", "6C 7C", "8C 9C", stock="6S 7S 8S 9S")
    lacks = position(game, "6H 7H 8H 9S", "6C 7C", "8C 9C", stock="6S 7S 8S 9H")
    assert holds.phase == LEAD and "declare bura 9H 8H 7H 6H" in legal(holds)
    assert "lead 6H" in legal(holds)
    for player in (1, 2):
        assert _shown(holds, player) == _shown(lacks, player)
