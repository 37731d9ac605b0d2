"""What public play shows a seat not to hold (cardrules.engine.absences): kept by the shedding
procedure after a forced draw or pass (Bank B17), honoured by re-dealing, written to JSON.
The tricks procedure's duties are tested in test_tricks_duties.py."""

from __future__ import annotations

import random

from bank_support import bank, cards
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules.engine.absences import respect
from cardrules.tools.conformance import check_absences

BEATERS_OF_10H = ["10S", "8S", "KH", "8H", "6H", "10D", "8D", "10C", "8C"]
"""Without trumps: K of hearts (B8), the other tens (B9), the six of hearts (B10) and
every eight (B12)."""


def _stuck(players: int = 3):  # type: ignore[no-untyped-def]
    """Player 0 cannot beat the ten of hearts and must draw (B17)."""
    return bank(players, trumps="none").setup(
        hands=["7C", "9S", "QD"][:players], pile="10H", stock="6D AS QC JC 9C", owner=players - 1)


def test_b17_a_forced_draw_shows_that_no_card_in_hand_beats_the_top() -> None:
    state = _stuck().apply("draw")
    assert cards(state, state.missing[0]) == BEATERS_OF_10H
    assert state.missing[1] == state.missing[2] == 0
    assert state.spare == (1, 0, 0)  # the card drawn may be any card
    check_absences(state, random.Random(1))


def test_the_absences_check_re_deals_for_the_players_it_is_given() -> None:
    """Alone it re-deals for every player; a playout's check names one player a state,
    and with none it checks the true hands only, re-dealing nothing."""
    state = _stuck().apply("draw")
    for players, expected in ((None, (0, 1, 2)), ((1,), (1,)), ((), ())):
        checked, dealt = random.Random(7), random.Random(7)
        check_absences(state, checked, players=players)
        for player in expected:
            state.resample(player, dealt)
        assert checked.getstate() == dealt.getstate(), players


def test_b17_passing_after_the_draw_shows_it_of_the_whole_hand() -> None:
    state = _stuck().apply("draw")
    assert cards(state, state.hands[0]) == ["6D", "7C"]
    state = state.apply("pass")
    assert cards(state, state.missing[0]) == BEATERS_OF_10H and state.spare == (0, 0, 0)


def test_b17_a_player_who_can_beat_shows_nothing() -> None:
    state = bank(2, trumps="none").setup(hands=["KH 7C", "9S"], pile="10H", stock="6D",
                                         owner=1).apply("play KH")
    assert state.missing == (0, 0) and state.spare == (0, 0)


def test_b17_what_each_failed_beat_shows_adds_up() -> None:
    game = bank(2, trumps="none")
    state = game.setup(hands=["7C 9D", "9S KH"], pile="10H", stock="6D QC 8H", owner=1)
    state = state.apply("draw").apply("pass").apply("play KH")  # 6D drawn; player 1 beats
    state = state.apply("draw")  # QC drawn: nothing in hand beats the king of hearts
    assert state.spare == (1, 0)
    beaters_of_kh = ["KS", "8S", "QH", "8H", "6H", "KD", "8D", "KC", "8C"]
    assert sorted(cards(state, state.missing[0])) == sorted({*BEATERS_OF_10H, *beaters_of_kh})
    state = state.apply("pass")
    # the card drawn since the ten is bound by neither: one layer of knowledge is kept,
    # never more than the table knows
    assert state.spare == (1, 0)
    check_absences(state, random.Random(2))


def test_re_dealing_keeps_every_shown_absence_for_two_to_four_players() -> None:
    for players in (2, 3):
        state = _stuck(players).apply("draw").apply("pass")
        rng = random.Random(players)
        for _ in range(300):
            other = state.resample(1, rng)
            assert not other.hands[0] & state.missing[0]
            assert other.view(1) == state.view(1)


def test_the_fields_go_to_json_and_older_json_without_them_reads_back() -> None:
    state = _stuck().apply("draw").apply("pass")
    data = state.to_json()
    assert data["missing"][0] == BEATERS_OF_10H and data["spare"] == [0, 0, 0]
    game = state.game
    assert game.state_from_json(data) == state
    older = {k: v for k, v in data.items() if k not in ("missing", "spare")}
    again = game.state_from_json(older)
    assert again.missing == (0, 0, 0) and again.hands == state.hands


# -- re-dealing with several seats bound ----------------------------------------------------

@st.composite
def _deals(draw: st.DrawFn) -> tuple[list[int], list[tuple[int, int, int, int]]]:
    """A true deal of hidden cards (places in order: seats' hands, then the rest) and, per
    seat, an absence it agrees with: any cards it does not hold, and up to ``spare`` it
    does."""
    size = draw(st.integers(4, 30))
    truth = draw(st.permutations(range(size)))
    seats = draw(st.integers(1, 4))
    counts = [draw(st.integers(0, size // (seats + 1))) for _ in range(seats)]
    spans, start = [], 0
    for count in counts:
        hand = truth[start:start + count]
        outside = [c for c in range(size) if c not in hand]
        missing = 0
        if outside:
            for card in draw(st.lists(st.sampled_from(outside), max_size=len(outside))):
                missing |= 1 << card
        spare = draw(st.integers(0, count))
        if hand:
            for card in draw(st.lists(st.sampled_from(hand), max_size=spare, unique=True)):
                missing |= 1 << card
        spans.append((start, count, missing, spare))
        start += count
    return truth, spans


@given(_deals(), st.randoms(use_true_random=False))
def test_re_dealing_agrees_with_every_bound_seat_whenever_the_truth_does(
        deal: tuple[list[int], list[tuple[int, int, int, int]]], rng: random.Random) -> None:
    truth, spans = deal
    shuffled = sorted(truth)
    rng.shuffle(shuffled)
    respect(shuffled, spans)
    assert sorted(shuffled) == sorted(truth)
    for start, count, missing, spare in spans:
        held = shuffled[start:start + count]
        assert sum(missing >> c & 1 for c in held) <= spare


def test_a_lone_bound_seat_gets_each_card_it_may_hold_about_equally_often() -> None:
    rng = random.Random(7)
    seen = [0] * 8
    for _ in range(4000):
        shuffled = list(range(8))
        rng.shuffle(shuffled)
        respect(shuffled, [(0, 2, 0b0000_0011, 0)])
        for card in shuffled[:2]:
            seen[card] += 1
    assert seen[0] == seen[1] == 0
    assert all(abs(n - 4000 * 2 / 6) < 150 for n in seen[2:])


def test_b17_a_drawn_card_that_beats_is_laid_so_it_was_the_spare_one() -> None:
    state = bank(2, trumps="none").setup(hands=["7C 9D", "9S"], pile="10H", stock="KH 6D",
                                         owner=1)
    state = state.apply("draw")
    assert state.spare == (1, 0) and "KH" in cards(state, state.missing[0])
    state = state.apply("play KH")  # B17: it beats, so it is laid at once
    assert state.spare == (0, 0)
    check_absences(state, random.Random(4))


def test_a_face_down_answer_shows_nothing_of_what_was_laid() -> None:
    """Cards thrown face down are not seen, so they neither show nor spend anything."""
    game = cardrules.load("bura", players=2)
    for seed in range(30):
        state = game.new_deal(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            before = state
            state = state.apply(rng.choice(state.legal_actions()))
            kinds = [e.kind for e in state.events]
            if kinds and kinds[0] == "throw" and "draw" not in kinds:
                assert state.missing == before.missing and state.spare == before.spare
            check_absences(state, rng)
