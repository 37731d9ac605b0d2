"""Bank rules B8-B15: which cards may be laid on the top card; trumps; eights, groups, runs.

Rule numbers refer to docs/rules/bank.md (the spec's B1-B27).
"""

from __future__ import annotations

import pytest
from bank_support import bank, cards, events, hand, legal, play, refused

# -- B8-B10 -------------------------------------------------------------------------


def test_b8_step_one_rung_lower_in_the_same_suit() -> None:
    """B8: on QS the JS (one rung lower) is legal, the KS and 9S are not."""
    state = bank(2, trumps="none").setup(hands=["JS 9S KS", "7C"], pile="QS", owner=1)
    assert legal(state) == {"play JS"}
    refused(state, "play KS", "B8-B11")
    refused(state, "play 9S", "B8-B11")
    after = state.apply("play JS")
    assert cards(after, after.pile) == ["QS", "JS"]
    assert after.owner == 0 and after.current_player == 1
    assert hand(after, 0) == {"9S", "KS"}
    assert events(after) == [("play", 0, "JS", 0, "")]


def test_b8_nothing_is_one_rung_below_a_six() -> None:
    """B8: a six has no step card; only another six (B9) or an eight (B12) goes on it."""
    state = bank(2, trumps="none").setup(hands=["7H AH 9C", "7C"], pile="6H", stock="QD",
                                         owner=1)
    assert legal(state) == {"draw"}
    state = bank(2, trumps="none").setup(hands=["7H 6C", "7C"], pile="6H", owner=1)
    assert legal(state) == {"play 6C"}


@pytest.mark.parametrize(("mode", "own"), [
    ("own", "DC"), ("none", ""), ("one", ""), ("two", ""), ("ranked", "")])
def test_b9_same_rank_in_any_suit_in_every_trump_mode(mode: str, own: str) -> None:
    """B9: a card of the same rank goes on any card, trump or plain (QH on the QS)."""
    state = bank(2, trumps=mode).setup(hands=["QH 9H", "7C"], pile="QS", owner=1,
                                       own_suits=own)
    assert legal(state) == {"play QH"}


def test_b10_a_six_beats_any_card_of_its_suit() -> None:
    """B10: 6H goes on AH; 6C does not (other suit, other rank)."""
    state = bank(2, trumps="none").setup(hands=["6H 6C 9H", "7C"], pile="AH", owner=1)
    assert legal(state) == {"play 6H"}
    refused(state, "play 6C", "B8-B11")


# -- B11 ---------------------------------------------------------------------------


@pytest.mark.parametrize(("options", "own", "top", "held", "beaters"), [
    # none: all suits plain
    ({"trumps": "none"}, "", "10H", "AS 9S KH", {"play KH"}),
    # one (spades): a trump beats any plain card; a plain card does not beat a trump
    ({"trumps": "one"}, "", "10H", "7S 9D KH", {"play 7S", "play KH"}),
    ({"trumps": "one"}, "", "10S", "AH 9H KS", {"play KS"}),
    ({"trumps": "one", "trump_suits": ["H"]}, "", "10C", "7H 7S 9C", {"play 7H"}),
    # two (spades, diamonds): one class; between trump suits only B8-B10
    ({"trumps": "two"}, "", "10H", "6S 9D AC", {"play 6S", "play 9D"}),
    ({"trumps": "two"}, "", "10S", "9D AC QS", set()),
    ({"trumps": "two", "trump_suits": ["H", "C"]}, "", "10S", "7H 9C 9D", {"play 7H", "play 9C"}),
    # ranked: spades above diamonds above hearts and clubs
    ({"trumps": "ranked"}, "", "10H", "7D 7S 9C", {"play 7D", "play 7S"}),
    ({"trumps": "ranked"}, "", "10D", "7S 7H AC KD", {"play 7S", "play KD"}),
    ({"trumps": "ranked"}, "", "10S", "KD 7D AH KS", {"play KS"}),
    # own: the layer's own suit is above every other suit, for them only
    ({"trumps": "own"}, "SH", "10H", "7S 9H", {"play 7S"}),
    ({"trumps": "own"}, "SH", "10D", "7H AD", set()),
    ({"trumps": "own"}, "HS", "10H", "AH 9S", set()),
    ({"trumps": "own"}, "HS", "10H", "KH 9S", {"play KH"}),
])
def test_b11_trump_classes(options: dict[str, object], own: str, top: str, held: str,
                           beaters: set[str]) -> None:
    """B11 (soft spot: what trumps allow), trump_beat any_rank: a higher class beats any card
    of a lower class; within a class only B8-B10."""
    state = bank(2, **options).setup(hands=[held, "7C"], pile=top, stock="JC", owner=1,
                                     own_suits=own)
    assert legal(state) == (beaters or {"draw"})


def test_b11_own_trump_of_the_other_player_is_plain_for_me() -> None:
    """B11 (own): player 1 (hearts) lays 7H on 10S, player 0's trump; for 1 spades are plain."""
    state = bank(2).setup(hands=["8C", "7H AS"], pile="10S", owner=0, current=1,
                          own_suits="SH")
    assert legal(state) == {"play 7H"}
    assert state.is_trump(0, state.game.pack.parse("10S"))
    assert not state.is_trump(1, state.game.pack.parse("10S"))


@pytest.mark.parametrize(("options", "top", "held", "beaters"), [
    ({"trumps": "one"}, "10H", "7S KS AS", {"play KS"}),
    ({"trumps": "ranked"}, "10D", "KS 7S AS", {"play KS"}),
    ({"trumps": "ranked"}, "QH", "JD 9D JS", {"play JD", "play JS"}),
    ({"trumps": "own"}, "10H", "7S KS", {"play KS"}),
])
def test_b11_trump_beat_step_only(options: dict[str, object], top: str, held: str,
                                  beaters: set[str]) -> None:
    """B11 (soft spot), trump_beat step_only: a higher class beats a lower one only with the
    rank one rung lower."""
    state = bank(2, trump_beat="step_only", **options).setup(
        hands=[held, "7C"], pile=top, owner=1, own_suits="SH" if options["trumps"] == "own"
        else "")
    assert legal(state) == beaters
    refused(state, "play 7S" if "7S" in held else "play 9D", "B8-B11")


# -- B12 ---------------------------------------------------------------------------


def test_b12_an_eight_on_any_top_then_an_optional_follow_up() -> None:
    """B12 (soft spot): an eight goes on any card; the follow-up is one card beating it or
    ending the turn; another eight again allows a follow-up."""
    game = bank(3, trumps="none", seven="nothing")
    state = game.setup(hands=["8C 8D 7D AS", "9S", "9C"], pile="QH", stock="6S", owner=2)
    assert legal(state) == {"play 8C", "play 8D"}
    state = state.apply("play 8C")
    assert state.phase == "follow_up" and state.current_player == 0
    assert cards(state, state.pile) == ["QH", "8C"] and state.owner == 0
    assert legal(state) == {"play 8D", "pass"}
    refused(state, "draw", "B12")
    refused(state, "play 7D", "B12")
    refused(state, "play AS", "B12")
    state = state.apply("play 8D")
    assert state.phase == "follow_up" and state.current_player == 0
    assert legal(state) == {"play 7D", "pass"}
    state = state.apply("play 7D")
    assert state.phase == "turn" and state.current_player == 1
    assert cards(state, state.pile) == ["QH", "8C", "8D", "7D"]
    assert state.owner == 0 and hand(state, 0) == {"AS"}


def test_b12_ending_the_turn_after_an_eight() -> None:
    """B12: 'pass' in the follow-up ends the turn; the next player must beat the eight."""
    game = bank(3, trumps="none")
    state = game.setup(hands=["8C 7C", "9S 7H", "9C"], pile="QH", stock="6S", owner=2)
    state = play(state, "play 8C")
    assert legal(state) == {"play 7C", "pass"}
    state = state.apply("pass")
    assert state.phase == "turn" and state.current_player == 1
    assert state.top == game.pack.parse("8C") and state.owner == 0
    assert hand(state, 0) == {"7C"}
    assert legal(state) == {"draw"}


def test_b12_the_follow_up_is_a_single_card() -> None:
    """B12: no four of a kind in the follow-up (message cites B12)."""
    game = bank(2, trumps="none")
    state = game.setup(hands=["8S 7S 7H 7D 7C", "9C"], pile="QH", owner=1)
    assert "play 7S 7H 7D 7C" in legal(state)
    state = state.apply("play 8S")
    assert legal(state) == {"play 7S", "pass"}
    refused(state, "play 7H 7D 7C 7S", "B12")


# -- B13 ---------------------------------------------------------------------------


def test_b13_four_of_a_kind_on_any_top_with_the_chosen_card_on_top() -> None:
    """B13 (soft spot): four nines go on AH; the player chooses which nine ends on top."""
    game = bank(3, trumps="none")
    state = game.setup(hands=["9S 9H 9D 9C KH", "7S", "7C"], pile="AH", stock="6D JS",
                       owner=2)
    assert legal(state) == {"play 9H 9D 9C 9S", "play 9S 9D 9C 9H", "play 9S 9H 9C 9D",
                            "play 9S 9H 9D 9C"}
    refused(state, "play 9S 9H 9D", "B13-B14")
    state = state.apply("play 9S 9H 9D 9C")
    assert cards(state, state.pile) == ["AH", "9S", "9H", "9D", "9C"]
    assert state.top == game.pack.parse("9C") and state.owner == 0
    # the compulsory extra move: beat the new top or the can't-move procedure
    assert state.current_player == 0 and state.phase == "turn"
    assert legal(state) == {"draw"}
    refused(state, "pass", "B17")
    state = state.apply("draw")
    assert hand(state, 0) == {"KH", "6D"}
    assert legal(state) == {"pass"}
    state = state.apply("pass")
    # B18: failing to beat your own card takes nothing; the next player must beat it
    assert events(state) == [("pass", 0, "", 0, "")]
    assert state.scores == (0, 0, 0)
    assert len(state.pile) == 5 and state.current_player == 1


def test_b13_the_extra_move_may_beat_your_own_group() -> None:
    """B13: after four nines the same player must lay a card beating the top nine if able."""
    game = bank(2, trumps="none")
    state = game.setup(hands=["9S 9H 9D 9C 6C AD", "7S"], pile="AH", stock="QD", owner=1)
    state = state.apply("play 9S 9H 9D 9C")
    assert state.current_player == 0
    assert legal(state) == {"play 6C"}
    refused(state, "draw", "B17")
    state = state.apply("play 6C")
    assert state.current_player == 1 and state.owner == 0
    assert hand(state, 0) == {"AD"}


# -- B14 ---------------------------------------------------------------------------


def test_b14_a_run_whose_end_beats_the_top() -> None:
    """B14 (soft spot): J Q K 10 of hearts is a run; 10H beats AH, goes first, JH ends on
    top; no extra move."""
    game = bank(3, trumps="none")
    state = game.setup(hands=["JH QH KH 10H 7C", "7S", "9C"], pile="AH", owner=2)
    assert legal(state) == {"play 10H", "play 10H KH QH JH"}
    state = state.apply("play 10H KH QH JH")
    assert cards(state, state.pile) == ["AH", "10H", "KH", "QH", "JH"]
    assert state.top == game.pack.parse("JH") and state.owner == 0
    assert state.current_player == 1 and state.phase == "turn"
    assert hand(state, 0) == {"7C"}


def test_b14_either_end_may_go_first() -> None:
    """B14: both ends of 6S..9S beat 9H (trumps one: spades), so both orders are legal."""
    state = bank(2, trumps="one").setup(hands=["6S 7S 8S 9S", "7C"], pile="9H", owner=1)
    assert legal(state) == {"play 6S", "play 7S", "play 8S", "play 9S",
                            "play 6S 7S 8S 9S", "play 9S 8S 7S 6S"}


def test_b14_a_run_written_with_the_other_end_on_top_is_refused() -> None:
    """B14, issue 29 item 11: written from 9D to KD on 10D, the run was silently played
    in its one legal order (KD first, 9D on top), though the player wrote KD last; it is
    refused instead, saying how to write the move."""
    game = bank(2, trumps="none")
    state = game.setup(hands=["9D JD QD KD 7C", "7S"], pile="10D", owner=1)
    assert legal(state) == {"play KD", "play KD QD JD 9D"}
    written = game.parse_action("play 9D JD QD KD")
    assert not state.can_apply(written)
    message = refused(state, "play 9D JD QD KD", "B13-B14")
    assert "with KD on top; write it as 'play KD QD JD 9D'" in message
    assert state.why_illegal(written) == message
    after = state.apply("play KD JD QD 9D")  # inner cards in any order: 9D stays on top
    assert after.top == game.pack.parse("9D")


def test_b14_no_run_when_neither_end_beats() -> None:
    """B14: J Q K 10 of hearts cannot go on 9C."""
    state = bank(2, trumps="none").setup(hands=["JH QH KH 10H", "7C"], pile="9C",
                                         stock="6D", owner=1)
    assert legal(state) == {"draw"}
    refused(state, "play JH QH KH 10H", "B13-B14")
    refused(state, "play 10H KH QH JH", "B13-B14")


# -- B15 ---------------------------------------------------------------------------


def test_b15_specials_on_your_own_turn_whatever_the_top() -> None:
    """B15 (soft spot): 'at any moment' = on your own turn, on any top card. An eight and a
    four of a kind go even on the senior trump; a player not to move cannot lay them."""
    game = bank(3, trumps="ranked")
    state = game.setup(hands=["8H 7S 7H 7D 7C", "8D 9S 9H 9D 9C", "QC"], pile="AS",
                       owner=2)
    assert legal(state) == {"play 8H", "play 7H 7D 7C 7S", "play 7S 7D 7C 7H",
                            "play 7S 7H 7C 7D", "play 7S 7H 7D 7C"}
    refused(state, "play 8D", "B15")
    refused(state, "play 9S 9H 9D 9C", "B15")


def test_b14_an_eight_at_the_end_of_a_run_goes_on_anything() -> None:
    """B14 with B12 (soft spot): an eight 'beats' any top card, so a run with an eight at one
    end may start with the eight whatever the top."""
    state = bank(3, trumps="none").setup(hands=["8H 9H JH QH", "9C", "6S"], pile="AS",
                                         owner=2)
    assert legal(state) == {"play 8H", "play 8H 9H JH QH"}
    after = state.apply("play 8H 9H JH QH")
    assert after.top == after.game.pack.parse("QH") and after.current_player == 1
