"""The shedding family's play-out kernel (:mod:`cardrules.families.shedding.playout`)
plays every deal exactly as the one-step loop does: the same moves from the same
generators, the same final state (fields, JSON, events, moves made), for every shipped
shedding game whose turns are plain and for house rules turning on each rule the kernel
reads; and it leaves every other game to the state."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from playout_support import never_played, position_at, reference, same_game

import cardrules
from cardrules.engine.playouts import roll_out
from cardrules.engine.random_play import play_random
from cardrules.engine.state import State
from cardrules.errors import DealTooLongError
from cardrules.families.shedding.state import SheddingState

NOT_PLAIN = ("bank", "mau-mau", "pesten", "svoi-kozyri", "switch", "uno")
"""Shipped games with something in their turns the kernel does not play (forced draws,
skips, reversals, pick-ups, groups, announcements, reshuffles)."""


def _eights(name: str, **play: Any) -> dict[str, Any]:
    return {"extends": "crazy-eights", "name": name, "patch": {"play": play}}


HOUSE: dict[str, Any] = {
    "draw only when stuck": _eights("eights-stuck", draw={"at_will": False,
                                                          "max_per_turn": None},
                                    stuck_draw=2),
    "wild as a last resort": _eights("eights-resort", wild=[
        {"rank": 8, "then": "name_suit", "last_resort": True, "on_itself": False}]),
    "never out on an ace or king": _eights("eights-not-last", not_last=["A", "K"]),
    "an unbeaten pile taken": _eights("eights-take", take_min=3),
    "wild without naming": _eights("eights-plain", wild=[{"rank": 8, "then": "none"}]),
}
"""House rules turning on what Crazy Eights leaves off."""


@pytest.mark.parametrize("players", [2, 3, 5])
def test_kernel_plays_crazy_eights_as_the_one_step_loop(players: int) -> None:
    game = cardrules.load("crazy-eights", players=players)
    assert sum(same_game(game, seed, prefix) for seed in range(15)
               for prefix in (0, 7, 40)) > 0


@pytest.mark.parametrize("rules", HOUSE.values(), ids=HOUSE.keys())
def test_kernel_plays_every_rule_as_the_one_step_loop(rules: dict[str, Any]) -> None:
    game = cardrules.load(rules, players=3)
    assert sum(same_game(game, seed, prefix) for seed in range(15)
               for prefix in (0, 9)) > 0


@pytest.mark.parametrize("name", NOT_PLAIN)
def test_kernel_leaves_other_turns_to_the_state(name: str) -> None:
    never_played(name, SheddingState)


def test_kernel_state_is_the_one_step_loops_after_as_many_moves() -> None:
    """Each stretch the kernel plays ends where the one-step loop is after as many
    moves, with the generators drawn as far."""
    game = cardrules.load("crazy-eights", players=3)
    for seed in range(8):
        state = game.new_deal(seed=seed)
        rngs = [random.Random(seed + s) for s in range(3)]
        again = [random.Random(seed + s) for s in range(3)]
        one = state
        while not state.is_over:
            assert isinstance(state, SheddingState)
            done = state._finish_random([r.getrandbits for r in rngs])
            assert done is not None
            state, made = done
            for _ in range(made):
                legal = one.legal_actions()
                one = one.apply(legal[again[one.current_player].randrange(len(legal))])
            assert state == one and state.events == one.events
            assert [r.getstate() for r in rngs] == [r.getstate() for r in again]


def test_kernel_leaves_the_move_limit_to_the_state() -> None:
    """A deal whose moves run out raises as the one-step loop does, at the same move:
    the kernel leaves the last move the limit allows to the state."""
    game = cardrules.load("crazy-eights", players=2)
    for left in (0, 1, 4):
        state = game.new_deal(seed=3)
        assert isinstance(state, SheddingState)
        state._moves = game.move_limit - left  # a deal already long
        rng, again = random.Random(1), random.Random(1)
        with pytest.raises(DealTooLongError):
            play_random(state, [rng] * 2)
        one: State = state
        with pytest.raises(DealTooLongError):
            while not one.is_over:
                legal = one.legal_actions()
                one = one.apply(legal[again.randrange(len(legal))])
        assert rng.getstate() == again.getstate()


def test_kernel_serves_roll_outs_with_one_generator() -> None:
    game = cardrules.load("crazy-eights", players=4)
    for seed in range(6):
        start = position_at(game, seed, 5)
        final = roll_out(start, random.Random(seed))
        one, _, _ = reference(start, [random.Random(seed)] * 4)
        assert final == one


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32), prefix=st.integers(0, 80))
def test_kernel_agrees_from_any_position(players: int, seed: int, prefix: int) -> None:
    same_game(cardrules.load("crazy-eights", players=players), seed, prefix)
