"""The ``betting`` phase (``cardrules/phases/betting``): a round of betting any game may
list, its pot going to the best deal result among the players still in.

The games here are test fixtures and patches of shipped games: Sixty-six for chips
(``tests/fixtures/betting/sixty-six-stakes.yaml``, folds allowed: the tricks procedure
lets a seat sit out and a deal be thrown in), Hearts with the lowest result taking the
pot and all-ins among four players, Crazy Eights (a shedding game, no folds) and betting
after each trick.
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rule_support import QUICK_LEAKS, play

import cardrules
from cardrules.tools.check import run_check
from cardrules.tools.describe import describe

STAKES = str(Path(__file__).parent / "fixtures" / "betting" / "sixty-six-stakes.yaml")


@cache
def stakes() -> cardrules.Game:
    return cardrules.load(STAKES)


def with_betting(base: str, players: int | None = None, **section: Any) -> cardrules.Game:
    """Shipped game ``base`` with a betting phase of ``section`` as its only listed phase
    (Hearts passes no cards then), and a match that ends when one player has every
    chip."""
    count = cardrules.load(base, players=players).players
    chips = section.get("chips", 100)
    return cardrules.load({"extends": base, "patch": {
        "phases": [{"betting": section}],
        "match": {"goal": "reach_target", "target": chips * (count - 1),
                  "deals": None}}}, players=players)


def played_out(state: Any, seed: int) -> Any:
    rng = random.Random(seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


# the round of betting ---------------------------------------------------------------------


def test_antes_are_posted_and_the_dealers_left_acts_first() -> None:
    state = stakes().new_deal(5, dealer=0)
    view = state.view(1)
    assert view.wager_chips == [19, 19] and view.wager_staked == [1, 1]
    assert state.current_player == 1
    assert [str(a) for a in state.legal_actions()] == ["check", "bet"]


def test_check_bet_call_raise_and_the_cap_of_the_round() -> None:
    state = play(stakes().new_deal(5, dealer=0), "bet", "raise", "raise")
    assert state.view(0).wager_staked == [5, 7] and state.view(0).wager_line == "brr"
    assert [str(a) for a in state.legal_actions()] == ["fold", "call"]  # 3 bets: the cap
    with pytest.raises(cardrules.IllegalActionError, match="no more bets in this round"):
        state.apply("raise")
    done = state.apply("call")
    assert done.view(0).wager_staked == [7, 7]
    assert not {str(a) for a in done.legal_actions()} & {"check", "call", "bet"}  # play


def test_a_fold_sits_the_deal_out_and_the_last_player_in_takes_the_pot() -> None:
    state = play(stakes().new_deal(5, dealer=0), "bet", "fold")
    assert state.is_over and state.result.scores == (-1, 1)
    assert state.view(0).wager_folded == [1, 0]


def test_the_best_deal_result_among_those_still_in_takes_the_pot() -> None:
    """The deal is played out as Sixty-six plays it; its own result decides the pot."""
    for seed in range(6):
        ours = played_out(play(stakes().new_deal(seed, dealer=0), "bet", "call"), seed)
        plain = cardrules.load("sixty-six").new_deal(seed, dealer=0)
        rng = random.Random(seed)
        while not plain.is_over:
            plain = plain.apply(rng.choice(plain.legal_actions()))
        points = plain.result.scores
        if points[0] == points[1]:
            assert ours.result.scores == (0, 0)
        else:
            winner = 0 if points[0] > points[1] else 1
            assert ours.result.scores[winner] == 3 and sum(ours.result.scores) == 0


def test_the_chips_carry_from_deal_to_deal() -> None:
    """Seat 1 wins the first deal's pot (1 chip of seat 0's); the second deal starts
    from 19 and 21 chips, less the antes."""
    match = play(stakes().new_match(7, dealer=0), "bet", "fold")
    view = match.view(0)
    assert list(view.match["totals"]) == [-1, 1] and view.wager_chips == [18, 20]


def test_a_freezeout_ends_with_one_player_holding_every_chip() -> None:
    match = played_out(stakes().new_match(3), 3)
    assert sorted(match.result.totals) == [-20, 20]


# other families, other settings -----------------------------------------------------------


def test_a_game_without_sitting_out_bets_without_folds() -> None:
    """Crazy Eights (a shedding game) with fold: false; with folds it is refused."""
    game = with_betting("crazy-eights", players=3, chips=30, ante=1, bet=1, fold=False)
    state = game.new_deal(2, dealer=0)
    assert [str(a) for a in state.legal_actions()] == ["check", "bet"]
    state = play(state, "bet")
    assert [str(a) for a in state.legal_actions()] == ["call", "raise"]
    with pytest.raises(cardrules.VariantError, match="sits the deal out"):
        with_betting("crazy-eights", players=3, bet=1)


def expected(points: list[int]) -> list[int]:
    """Seat 0 all in for 10, the others for 40 (seat 3 calls with 70): the main pot of
    4 x 10 to the fewest points of all, the side pot of 3 x 30 to the fewest of seats
    1 to 3, ties sharing, the odd chips from seat 0 on."""
    won = [0, 0, 0, 0]
    for size, shares in ((40, [0, 1, 2, 3]), (90, [1, 2, 3])):
        best = min(points[s] for s in shares)
        winners = [s for s in shares if points[s] == best]
        for k, seat in enumerate(winners):
            won[seat] += size // len(winners) + (k < size % len(winners))
    return [w - s for w, s in zip(won, [10, 40, 40, 40], strict=True)]


def test_the_lowest_result_takes_the_pot_and_all_ins_make_side_pots() -> None:
    """Hearts (penalty points, ``best: lowest``) under no limit, from stacks of 10, 40,
    40 and 70: the player all in for 10 plays for the main pot only."""
    game = with_betting("hearts", chips=40, ante=0, bet=2, limit="no_limit", best="lowest",
                        max_bets=None)
    apart = 0
    for seed in range(8):
        data = game.new_deal(seed, dealer=3).to_json()
        state = game.state_from_json({**data, "wager_chips": [10, 40, 40, 70]})
        assert state.current_player == 0
        state = play(state, "bet 10", "raise 40", "call")
        assert [str(a) for a in state.legal_actions()] == ["fold", "call"]  # none to raise
        state = played_out(state.apply("call"), seed)
        points = state.result.details["points"]
        assert list(state.result.scores) == expected(points)
        apart += min(points) < min(points[1:])
    assert apart


def test_no_limit_bets_name_their_amount() -> None:
    game = with_betting("hearts", chips=40, ante=0, bet=2, limit="no_limit", max_bets=None)
    state = game.new_deal(11, dealer=3)
    sized = [a.amount for a in state.legal_actions() if a.amount]
    assert (min(sized), max(sized)) == (2, 40)
    state = play(state, "bet 10")
    sized = [a.amount for a in state.legal_actions() if a.amount]
    assert (min(sized), max(sized)) == (20, 40)
    with pytest.raises(cardrules.IllegalActionError, match="raise to 20 chips at least"):
        state.apply("raise 19")


def test_betting_after_each_trick_needs_no_folds() -> None:
    game = with_betting("sixty-six", chips=20, bet=1, fold=False, when="between_tricks")
    state = game.new_deal(4, dealer=0)
    words = {str(a).split()[0] for a in state.legal_actions()}
    assert not words & {"check", "bet"}  # play first: the betting comes after a trick
    state = played_out(state, 4)
    line = state.view(0).wager_line
    assert line.count("/") >= 1 and sum(state.result.scores) == 0  # a round per pause
    with pytest.raises(cardrules.VariantError, match="needs fold: false"):
        with_betting("sixty-six", bet=1, when="between_tricks")


def test_the_rules_in_english_say_who_takes_the_pot() -> None:
    text = "\n".join(describe(stakes().variant))
    assert "After the deal the players bet (an ante of 1; fixed limit, bets of 2" in text
    assert "the highest deal result among those still in takes the pot" in text


def test_random_games_pass_the_checker_with_its_leak_search() -> None:
    report = run_check(STAKES, games=6, seed=2, leak_share=QUICK_LEAKS)
    assert report.failure is None, report.failure


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_no_chip_is_made_or_lost_over_random_matches(seed: int) -> None:
    """Deal by deal the chips in the stacks and the pot add up to the match's."""
    match = stakes().new_match(seed)
    rng = random.Random(seed)
    while not match.is_over:
        view = match.view(0)
        assert sum(view.wager_chips) + sum(view.wager_staked) == 40
        match = match.apply(rng.choice(match.legal_actions()))
    assert sorted(match.result.totals) == [-20, 20]


@pytest.mark.parametrize(("section", "message"), [
    ({"bet": 2, "chips": 10, "ante": 20}, "an ante of 20 chips, but each player has 10"),
    ({"bet": 2, "chips": 600000, "limit": "no_limit"}, "at most 999,999 chips"),
])
def test_incoherent_sections_are_refused_at_load(section: dict[str, Any],
                                                 message: str) -> None:
    with pytest.raises(cardrules.VariantError, match=message):
        with_betting("sixty-six", **section)
