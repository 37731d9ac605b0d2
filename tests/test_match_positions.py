"""Matches set up for tests and puzzles (``new_match(dealer=)``, ``setup_match``), matches
read from JSON refusing contradictions, and re-sampling that hides the deals to come."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from bank_support import bank
from bura_support import bura, play, position

import cardrules
from cardrules.engine.match import MatchState
from cardrules.engine.state import MatchResult
from cardrules.errors import StateError


def _last_move(game: cardrules.Game, scores: tuple[int, int, int]) -> cardrules.State:
    """Bank, 3 players, player 1 out; player 0 goes out 2nd (+10) with JH, ending the deal."""
    return game.setup(hands=["JH", "", "6S 7S"], pile="QH", owner=2, out=[1],
                      scores=list(scores))


def _bura_last_trick(game: cardrules.Game) -> cardrules.State:
    """Bura, 4 players: the last trick; deal results 0 4 6 6 (U12)."""
    return position(game, "6S", "7S", "8C", "9C", won=["AS AH 10S KS", "AD", "", ""],
                    tricks=[2, 1, 0, 0])


def _result(state: cardrules.State) -> MatchResult:
    assert isinstance(state.result, MatchResult)
    return state.result


# -- new_match(dealer=) --------------------------------------------------------------------


@pytest.mark.parametrize("dealer", range(3))
def test_b4_new_match_takes_the_first_dealer(dealer: int) -> None:
    """B4: the first dealer is by lot, unless a test names them."""
    match = bank(3).new_match(5, dealer=dealer)
    assert isinstance(match, MatchState)
    assert match.view(0).match["dealer"] == dealer
    assert match.deal.to_json()["dealer"] == dealer


def test_new_match_without_dealer_is_unchanged_and_a_bad_dealer_is_refused() -> None:
    game = bank(3)
    assert game.new_match(9) == game.new_match(9, dealer=game.first_dealer(9))
    for bad in (-1, 3):
        with pytest.raises(StateError, match=f"dealer {bad} is not a seat"):
            game.new_match(9, dealer=bad)


# -- setup_match ------------------------------------------------------------------------------


def test_b27_a_match_set_up_one_deal_from_the_target_ends_with_the_highest_total() -> None:
    """B27: two totals pass 248 after the last deal; the higher wins; places follow."""
    game = bank(3, trumps="none")
    match = game.setup_match(_last_move(game, (10, 20, 0)), totals=(240, 230, 0), index=6,
                             seed=4)
    assert not match.is_over and match.current_player == 0
    match = match.apply("play JH")
    result = _result(match)
    assert result.totals == (260, 250, 0) and result.winners == (0,)
    assert result.places == (1, 2, 3) and result.deals == 7


def test_b27_a_tie_at_the_top_of_a_set_up_match_plays_another_deal() -> None:
    """B27: the highest totals tie at the target: one more deal, from the match seed."""
    game = bank(3, trumps="none")
    set_up = game.setup_match(_last_move(game, (10, 30, 0)), totals=(240, 230, 5), seed=8)
    match = set_up.apply("play JH")
    assert isinstance(match, MatchState) and not match.is_over
    assert match.totals == (260, 260, 5) and match.deal_index == 1
    again = game.setup_match(_last_move(game, (10, 30, 0)), totals=(240, 230, 5), seed=8)
    assert again.apply("play JH") == match  # the next deal comes from the seed


@pytest.mark.parametrize("seed", range(6))
def test_b27_a_fresh_deal_one_from_the_target(seed: int) -> None:
    """B27: totals just under 248 before a whole deal: after it the match ends exactly
    when a total reached 248 with a single highest total, and that player wins."""
    game = bank(3)
    match = game.setup_match(game.new_deal(seed, dealer=1), totals=(247, 240, 0), index=9,
                             seed=seed)
    rng = random.Random(seed)
    while isinstance(match, MatchState) and match.deal_index == 9 and not match.is_over:
        match = match.apply(rng.choice(match.legal_actions()))
    assert isinstance(match, MatchState)
    totals = match.totals
    best = max(totals)
    ends = best >= 248 and totals.count(best) == 1
    assert match.is_over == ends
    if ends:
        assert _result(match).winners == (totals.index(best),)


def test_u13_u14_a_bura_match_set_up_near_the_losing_total() -> None:
    """U13, U14: seat 3 reaches 12 and loses; the others split the pot by their totals:
    one lowest, two tied above it: 60/20/20."""
    game = bura(4)
    match = game.setup_match(_bura_last_trick(game), totals=(2, 6, 4, 8), dealer=0, index=3)
    match = play(match, "lead 6S", "answer 7S", "throw 8C", "throw 9C")
    result = _result(match)
    assert result.totals == (2, 10, 10, 14)
    assert result.winners == (0, 1, 2) and result.places == (1, 2, 2, 4)
    assert result.payouts == (240, 80, 80, 0) and result.kept == 0


def test_u15_remainder_counts_from_the_set_up_dealers_left() -> None:
    """U15: three tied winners; the indivisible unit goes to the first of them from the
    left of the dealer the match was set up with."""
    game = bura(4)
    # seats 0, 1 and 3 hold 11 points each and score 0; seat 2 took no trick: 6 (U12)
    deal = position(game, "6S", "7S", "8C", "9C", won=["AS", "AH", "", "AD"],
                    tricks=[1, 1, 0, 1])
    for dealer, first in ((0, 1), (1, 3), (3, 0)):
        match = play(game.setup_match(deal, totals=(4, 4, 6, 4), dealer=dealer),
                     "lead 6S", "answer 7S", "throw 8C", "throw 9C")
        result = _result(match)
        assert result.totals == (4, 4, 12, 4) and result.winners == (0, 1, 3)
        assert result.payouts[first] == 134 and sorted(result.payouts) == [0, 133, 133, 134]


def test_setup_match_scores_a_finished_deal_at_once() -> None:
    game = bura(4)
    finished = play(_bura_last_trick(game), "lead 6S", "answer 7S", "throw 8C", "throw 9C")
    match = game.setup_match(finished, totals=(2, 6, 4, 8))
    assert _result(match).totals == (2, 10, 10, 14)
    goes_on = game.setup_match(finished, totals=(0, 0, 0, 0))
    assert isinstance(goes_on, MatchState) and goes_on.deal_index == 1
    assert goes_on.history == ((0, 4, 6, 6),)


@pytest.mark.parametrize(("keywords", "field"), [
    ({"totals": (0, 0, 0)}, "totals"),
    ({"dealer": 4}, "dealer"),
    ({"dealer": -1}, "dealer"),
    ({"index": -2}, "index"),
    ({"seed": -1}, "seed"),
    ({"history": [(0, 0, 0, 0)] * 3, "index": 1}, "history"),
    ({"history": [(0, 0, 0)]}, "history"),
    ({"totals": (12, 0, 0, 0)}, "totals"),  # U13: the match would be over already
    ({"totals": (12, 0, 0, 0), "finished": True}, "totals"),
])
def test_setup_match_checks_what_it_is_given(keywords: dict[str, Any], field: str) -> None:
    game = bura(4)
    deal = _bura_last_trick(game)
    if keywords.pop("finished", False):
        deal = play(deal, "lead 6S", "answer 7S", "throw 8C", "throw 9C")
    with pytest.raises(StateError, match=f"^{field}: "):
        game.setup_match(deal, **keywords)


def test_setup_match_refuses_a_deal_of_another_game() -> None:
    with pytest.raises(StateError, match=r"^deal: "):
        bura(4).setup_match(_bura_last_trick(bura(4, stake=7)))


def test_a_set_up_match_round_trips_through_json() -> None:
    game = bura(4)
    match = game.setup_match(_bura_last_trick(game), totals=(2, 6, 4, 8), index=3, seed=5)
    assert game.state_from_json(match.to_json()) == match
    over = play(match, "lead 6S", "answer 7S", "throw 8C", "throw 9C")
    assert over.to_json()["result"]["winners"] == [0, 1, 2]
    assert game.state_from_json(over.to_json()) == over


# -- resample (defect 3) ------------------------------------------------------------------


def _next_deal_hands(match: cardrules.State) -> str:
    state = play(match, "lead AS", "answer 6H")
    assert isinstance(state, MatchState) and state.deal_index == 1
    return repr(state.deal.to_json()["hands"])


def test_resample_hides_the_deals_to_come() -> None:
    """A re-sampled match draws a new seed for the deals after this one, so a sampled
    future does not contain the real next deal; the player's view is unchanged."""
    game = bura(2)
    match = game.setup_match(game.setup(hands=["AS", "6H"], trump="S", leader=0), seed=3)
    real = _next_deal_hands(match)
    futures = []
    for seed in range(5):
        sampled = match.resample(0, random.Random(seed))
        assert sampled.view(0) == match.view(0)
        futures.append(_next_deal_hands(sampled))
    assert real not in futures
    assert len(set(futures)) == len(futures)
    again = match.resample(0, random.Random(0))
    assert _next_deal_hands(again) == futures[0]  # drawn from rng: reproducible


def test_resample_of_a_live_random_match_keeps_every_view() -> None:
    game = bura(3)
    match = game.new_match(4)
    rng = random.Random(1)
    for _ in range(40):
        match = match.apply(rng.choice(match.legal_actions()))
    player = match.current_player
    sampled = match.resample(player, random.Random(2))
    assert isinstance(sampled, MatchState) and isinstance(match, MatchState)
    assert sampled.view(player) == match.view(player) and sampled.seed != match.seed


# -- state_from_json for matches (defect 13) ---------------------------------------------


def _live_match() -> tuple[cardrules.Game, dict[str, Any]]:
    """A bura match in its second deal or later, as JSON."""
    game = bura(3)
    match = game.new_match(6)
    rng = random.Random(6)
    while isinstance(match, MatchState) and match.deal_index < 1:
        match = match.apply(rng.choice(match.legal_actions()))
    assert isinstance(match, MatchState) and not match.is_over
    data = match.to_json()
    assert game.state_from_json(copy.deepcopy(data)) == match
    return game, data


def _finished_match() -> tuple[cardrules.Game, dict[str, Any]]:
    game = bura(3)
    deal = position(game, "6S", "7S", "8C", won=["AS AH 10S KS", "AD", ""], tricks=[2, 1, 0])
    match = play(game.setup_match(deal, totals=(2, 4, 6), dealer=0), "lead 6S", "answer 7S",
                 "throw 8C")
    assert match.is_over
    return game, match.to_json()


def _refused(game: cardrules.Game, data: dict[str, Any], field: str) -> None:
    with pytest.raises(StateError, match=f"^{field}: "):
        game.state_from_json(data)


@pytest.mark.parametrize(("key", "value", "field"), [
    ("totals", [0, 0], "totals"),
    ("totals", [0, 0, 0, 0], "totals"),
    ("dealer", 3, "dealer"),
    ("dealer", -1, "dealer"),
    ("index", -1, "index"),
    ("index", 0, "history"),   # the history already holds the deal being played
    ("seed", -5, "seed"),
    ("totals", [2, 12, 0], "totals"),   # U13: the totals ended the match already
    ("result", {"winners": [0]}, "result"),   # a live match has no result
])
def test_a_live_match_refuses_contradictions(key: str, value: Any, field: str) -> None:
    game, data = _live_match()
    data[key] = value
    _refused(game, data, field)


def test_history_rows_must_give_one_result_per_player() -> None:
    game, data = _live_match()
    data["history"][0] = data["history"][0][:2]
    _refused(game, data, "history")


def test_a_finished_deal_inside_a_live_match_is_refused() -> None:
    """A match that goes on deals the next deal at once: a finished deal in a match whose
    totals do not end it is a contradiction (it used to give a match stuck forever)."""
    game, data = _finished_match()
    data["totals"] = [2, 8, 10]
    data.pop("result")
    _refused(game, data, "deal")


def test_a_match_result_must_be_what_the_totals_give() -> None:
    game, data = _finished_match()
    assert game.state_from_json(copy.deepcopy(data)).is_over
    tampered = copy.deepcopy(data)
    tampered["result"]["winners"] = [0]
    _refused(game, tampered, "result")
    tampered = copy.deepcopy(data)
    tampered["totals"] = [2, 12, 8]  # still over, but seat 1 loses now, not seat 2
    _refused(game, tampered, "result")
    tampered.pop("result")
    assert _result(game.state_from_json(tampered)).winners == (0, 2)


def test_a_complete_history_must_end_with_the_finished_deal() -> None:
    game, data = _finished_match()
    data["history"] = [[0, 4, 4]]
    data.pop("result")
    _refused(game, data, "history")


def test_a_match_inside_a_match_is_refused() -> None:
    game, data = _live_match()
    data["deal"] = copy.deepcopy(data)
    _refused(game, data, "deal")
