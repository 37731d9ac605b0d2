"""Bank rules B16-B21: the bank, the compulsion to beat, taking the bank, after a take, sevens.

Rule numbers refer to docs/rules/bank.md (the spec's B1-B27).
"""

from __future__ import annotations

import pytest
from bank_support import bank, cards, events, hand, legal, play, refused

# -- B16 ---------------------------------------------------------------------------


def test_b16_the_bank_is_the_pile_of_the_current_exchange() -> None:
    """B16: every card laid goes on the bank, bottom to top; everyone sees it."""
    game = bank(3, trumps="none")
    state = game.setup(hands=["10H 7C", "KH 6S", "QH 6D"], pile="AH", owner=-1)
    state = play(state, "play 10H", "play KH", "play QH")
    assert cards(state, state.pile) == ["AH", "10H", "KH", "QH"]
    assert state.owner == 2 and state.current_player == 0
    view = state.view(1)
    assert view.pile_name == "bank"
    assert view.pile == ["AH", "10H", "KH", "QH"] and view.top == "QH"
    assert view.top_owner == 2


# -- B17 ---------------------------------------------------------------------------


def test_b17_a_player_who_can_beat_must() -> None:
    """B17: holding a beating card, neither drawing nor passing is allowed."""
    state = bank(2, trumps="none").setup(hands=["KH 7C", "9S"], pile="10H", stock="6D",
                                         owner=1)
    assert legal(state) == {"play KH"}
    refused(state, "draw", "B17")
    refused(state, "pass", "B17")
    refused(state, "play 7C", "B8-B11")


def test_b17_draw_one_card_and_play_it_if_it_beats() -> None:
    """B17: a player who cannot beat draws one card; if it beats, they must lay it."""
    state = bank(2, trumps="none").setup(hands=["7C", "9S"], pile="10H", stock="KH 6D",
                                         owner=1)
    assert legal(state) == {"draw"}
    refused(state, "pass", "B17")
    state = state.apply("draw")
    assert events(state) == [("draw", 0, "KH", 0, "")]
    assert hand(state, 0) == {"7C", "KH"} and cards(state, state.stock) == ["6D"]
    assert state.current_player == 0 and state.drawn == 1
    assert legal(state) == {"play KH"}
    refused(state, "pass", "B17")
    refused(state, "draw", "B17")
    assert state.apply("play KH").current_player == 1


def test_b17_a_drawn_eight_must_be_laid() -> None:
    """B17 with B12: a drawn eight is a legal move, so it must be made."""
    state = bank(2, trumps="none").setup(hands=["7C", "9S"], pile="10H", stock="8D",
                                         owner=1)
    state = state.apply("draw")
    assert legal(state) == {"play 8D"}


def test_b17_draw_and_still_unable_pass() -> None:
    """B17: one draw only; if it does not help, the turn passes clockwise."""
    game = bank(3, trumps="none")
    state = game.setup(hands=["7C", "9S", "QD"], pile="10H", stock="6D AS", owner=2)
    state = state.apply("draw")
    assert legal(state) == {"pass"}
    refused(state, "draw", "B17")
    state = state.apply("pass")
    assert state.current_player == 1
    assert hand(state, 0) == {"7C", "6D"}


def test_b17_empty_stock_pass_without_drawing() -> None:
    """B17: with an empty stock a player who cannot beat passes without drawing."""
    game = bank(3, trumps="none")
    state = game.setup(hands=["7C", "9S", "QD"], pile="10H", owner=2)
    assert legal(state) == {"pass"}
    refused(state, "draw", "B17")


# -- B18 ---------------------------------------------------------------------------


def test_b18_the_player_nobody_beat_takes_the_bank() -> None:
    """B18, B3: player 1 cannot beat 10H even after drawing: player 0 takes AH 10H (22)."""
    game = bank(3, trumps="none")
    state = game.setup(hands=["9S 6S", "9C", "KH 7S"], pile="AH 10H", stock="7D", owner=0,
                       current=1)
    state = play(state, "draw", "pass")
    assert events(state) == [("pass", 1, "", 0, ""), ("take", 0, "AH 10H", 22, "unbeaten")]
    assert state.scores == (22, 0, 0)
    assert cards(state, state.taken[0]) == ["AH", "10H"]
    assert state.pile == ()
    assert state.top == game.pack.parse("10H") and state.owner == 0
    # B19: the player after the one who failed must beat the remembered top
    assert state.current_player == 2
    assert legal(state) == {"play KH"}
    assert state.zones()["taken0"] == state.taken[0] and state.zones()["pile"] == 0


def test_b18_failing_your_own_card_takes_nothing() -> None:
    """B18: the only way to face your own card in your turn is the extra move after four of a
    kind (see B13); a pile of your own cards that comes back to you is not taken either."""
    game = bank(3, trumps="none")
    state = game.setup(hands=["9C 6D", "7S", "7H"], pile="AH 10H", owner=0, current=0)
    assert legal(state) == {"pass"}
    state = state.apply("pass")
    assert events(state) == [("pass", 0, "", 0, "")]
    assert state.scores == (0, 0, 0) and len(state.pile) == 2
    assert state.current_player == 1


# -- B19 ---------------------------------------------------------------------------


def test_b19_after_a_take_the_next_card_starts_a_new_bank() -> None:
    """B19 (soft spot): the player after the one who failed beats the remembered top; their
    card is the first of the new bank."""
    game = bank(3, trumps="none")
    state = game.setup(hands=["9S 6S", "9C", "KH 7S"], pile="AH 10H", owner=0, current=1)
    state = play(state, "pass", "play KH")
    assert cards(state, state.pile) == ["KH"]
    assert state.owner == 2 and state.current_player == 0


def test_b19_two_players_the_taker_beats_their_own_remembered_top() -> None:
    """B19 (soft spot), 2 players: the one after the failer is the taker; they must beat the
    remembered top of the bank they took (it is their own card)."""
    game = bank(2, trumps="none")
    state = game.setup(hands=["KH 9S", "9C"], pile="AH 10H", owner=0, current=1)
    state = state.apply("pass")
    assert state.scores == (22, 0)
    assert state.current_player == 0
    assert legal(state) == {"play KH"}
    state = state.apply("play KH")
    assert cards(state, state.pile) == ["KH"] and state.owner == 0


def test_b19_failing_on_the_remembered_top_takes_nothing() -> None:
    """B19: a taken bank is gone; failing on its remembered top takes nothing."""
    game = bank(3, trumps="none")
    state = game.setup(hands=["9S 6S", "9C", "7S"], pile="AH 10H", owner=0, current=1)
    state = play(state, "pass", "pass")
    assert events(state) == [("pass", 2, "", 0, "")]
    assert state.scores == (22, 0, 0)
    assert state.current_player == 0


# -- B20 ---------------------------------------------------------------------------


def test_b20_a_one_card_bank_of_your_own_card_is_not_taken() -> None:
    """B20 (soft spot): nobody beats player 2's lone KH; it passes round and back to them."""
    game = bank(3, trumps="none")
    state = game.setup(hands=["9S", "9C", "KH 7S 7D"], pile="AH 10H", owner=0, current=1)
    state = play(state, "pass", "play KH")
    assert cards(state, state.pile) == ["KH"]
    state = state.apply("pass")
    assert events(state) == [("pass", 0, "", 0, "")]
    state = state.apply("pass")
    assert events(state) == [("pass", 1, "", 0, "")]
    assert state.scores == (22, 0, 0) and cards(state, state.pile) == ["KH"]
    assert state.current_player == 2
    assert legal(state) == {"pass"}


def test_b20_a_bank_of_only_the_centre_card_belongs_to_nobody() -> None:
    """B20: nobody takes the centre card alone."""
    game = bank(2, trumps="none")
    state = game.setup(hands=["9S", "9C"], pile="AH", owner=-1, current=0)
    state = state.apply("pass")
    assert events(state) == [("pass", 0, "", 0, "")]
    assert state.scores == (0, 0) and len(state.pile) == 1


# -- B21 ---------------------------------------------------------------------------


def _seven(mode: str, stock: str = "JD QD") -> object:
    game = bank(3, trumps="none", seven=mode)
    state = game.setup(hands=["7H 9S", "9C 6C", "6H 10S"], pile="QS 8H", stock=stock,
                       owner=2)
    return state.apply("play 7H")


def test_b21_seven_skip() -> None:
    """B21 (seven skip, the default): the next player loses their turn; the one after must
    beat the seven."""
    state = _seven("skip")
    assert events(state) == [("play", 0, "7H", 0, ""), ("skip", 1, "", 0, "")]
    assert state.current_player == 2
    assert hand(state, 1) == {"9C", "6C"}
    assert legal(state) == {"play 6H"}


def test_b21_seven_draw_then_play() -> None:
    """B21 (seven draw_then_play): the next player draws one card, then takes a normal turn
    (the can't-move draw included)."""
    state = _seven("draw_then_play")
    assert events(state) == [("play", 0, "7H", 0, ""), ("draw", 1, "JD", 0, "forced")]
    assert state.current_player == 1
    assert hand(state, 1) == {"9C", "6C", "JD"}
    assert legal(state) == {"draw"}
    state = state.apply("draw")
    assert hand(state, 1) == {"9C", "6C", "JD", "QD"}
    assert legal(state) == {"pass"}
    # the forced draw is private: others see only that one card was drawn
    forced = _seven("draw_then_play").view(2).events[1]
    assert forced == {"kind": "draw", "player": 1, "cards": 1, "note": "forced"}


def test_b21_seven_draw_then_play_with_an_empty_stock() -> None:
    """B21 (seven draw_then_play): nothing to draw; a normal turn."""
    state = _seven("draw_then_play", stock="")
    assert events(state) == [("play", 0, "7H", 0, "")]
    assert state.current_player == 1 and legal(state) == {"pass"}


def test_b21_seven_skip_and_draw() -> None:
    """B21 (seven skip_and_draw): the next player draws one card and loses their turn."""
    state = _seven("skip_and_draw")
    assert events(state) == [("play", 0, "7H", 0, ""), ("draw", 1, "JD", 0, "forced"),
                             ("skip", 1, "", 0, "")]
    assert state.current_player == 2
    assert hand(state, 1) == {"9C", "6C", "JD"}
    assert cards(state, state.stock) == ["QD"]


def test_b21_seven_nothing() -> None:
    """B21 (seven nothing): no effect."""
    state = _seven("nothing")
    assert events(state) == [("play", 0, "7H", 0, "")]
    assert state.current_player == 1


def test_b21_skip_in_two_players_the_layer_faces_their_own_seven() -> None:
    """B21 (skip), 2 players: the player after the skipped one is the layer."""
    game = bank(2, trumps="none")
    state = game.setup(hands=["7H 6H", "9C"], pile="QS 8H", owner=1)
    state = state.apply("play 7H")
    assert state.current_player == 0
    assert legal(state) == {"play 6H"}


def test_b21_going_out_with_a_seven_still_skips() -> None:
    """B21 with B22: the turn ends with the seven on the pile, so the skip applies."""
    game = bank(3, trumps="none")
    state = game.setup(hands=["7H", "9C", "6H"], pile="QS 8H", owner=2)
    state = state.apply("play 7H")
    assert [e[0] for e in events(state)] == ["play", "out", "bonus", "skip"]
    assert state.current_player == 2


def test_b21_a_seven_in_the_follow_up_after_an_eight() -> None:
    """B21 with B12: the turn ends with the seven on the pile."""
    game = bank(3, trumps="none")
    state = game.setup(hands=["8H 7H 9S", "9C", "6H"], pile="QS", owner=2)
    state = play(state, "play 8H", "play 7H")
    assert events(state) == [("play", 0, "7H", 0, ""), ("skip", 1, "", 0, "")]
    assert state.current_player == 2


@pytest.mark.parametrize("mode", ["skip", "draw_then_play", "skip_and_draw"])
def test_b21_no_seven_effect_after_a_take(mode: str) -> None:
    """B21, B19 (soft spot): a seven that takes the bank (covering four kings, B25) ends the
    turn by the take; the seven has no effect."""
    game = bank(3, trumps="one", trump_suits=["H"], seven=mode)
    state = game.setup(hands=["9C", "10C", "7H 9S"], pile="AD KS KH KD KC", stock="JD",
                       owner=1, current=2, cover=True)
    state = state.apply("play 7H")
    assert events(state) == [("play", 2, "7H", 0, ""),
                             ("take", 2, "AD KS KH KD KC 7H", 32, "cover")]
    assert state.current_player == 0 and hand(state, 0) == {"9C"}


def test_b21_a_failed_beat_of_a_seven_does_not_skip_again() -> None:
    """B21, B19 (soft spot): after the skip the next player fails and the layer takes the
    bank; play goes on with the player after the failer, who is not skipped."""
    game = bank(3, trumps="none")
    state = game.setup(hands=["7H 9S", "9C", "10S"], pile="QS 8H", owner=2)
    state = play(state, "play 7H", "pass")
    assert events(state) == [("pass", 2, "", 0, ""), ("take", 0, "QS 8H 7H", 3, "unbeaten")]
    assert state.current_player == 0


def test_b21_four_sevens_then_a_failed_extra_move_still_end_the_turn_on_a_seven() -> None:
    """B21, B13 (soft spot): the turn ends with the player's own seven on top when the
    compulsory extra move after four sevens fails, so the seven's effect applies: the next
    player is skipped and the one after must beat the seven."""
    game = bank(3, trumps="none")
    state = game.setup(hands=["7S 7H 7D 7C JD", "9C", "6S"], pile="AH", owner=2)
    state = play(state, "play 7S 7H 7D 7C", "pass")
    assert events(state) == [("pass", 0, "", 0, ""), ("skip", 1, "", 0, "")]
    assert state.current_player == 2


def test_b21_a_lone_seven_coming_back_to_its_layer_is_not_applied_again() -> None:
    """B21 (soft spot): with two players a seven skips the other player; its layer then
    fails to beat it on a later turn: that fail is not a turn ending on a freshly laid
    seven, so nobody is skipped again."""
    game = bank(2, trumps="none")
    state = game.setup(hands=["7H 9S", "9C JD"], pile="QS 8H", owner=1)
    state = play(state, "play 7H")
    assert state.current_player == 0  # player 1 was skipped
    state = play(state, "pass")
    assert events(state)[-1][0] != "skip"
    assert state.current_player == 1
