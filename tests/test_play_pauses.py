"""Shedding and fishing play pause for listed phases too: a shedding game between turns
(``between_turns``: after each turn that does not end the deal, its effects taken,
before the next player moves), a fishing game between rounds of dealing
(``between_rounds``: when the hands, played out, are dealt again from the stock).  The
test-only boasting window of ``tests/plugins/trick_window/`` opens there; play resumes
with the player whose turn it was, so a game with the window plays move for move like
the game without it."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from plugins.trick_window import BOAST_WINDOW

import cardrules
from cardrules.errors import ArgumentError
from cardrules.phases import REGISTRY, register
from cardrules.tools.check import run_check
from cardrules.tools.describe import describe

POINTS = {"between_turns": ("crazy-eights", 3), "between_rounds": ("scopa", 3)}
"""Where the window opens, and a shipped game (with its players) that pauses there."""


@pytest.fixture(autouse=True)
def window() -> Iterator[None]:
    register(BOAST_WINDOW)
    try:
        yield
    finally:
        REGISTRY._items.pop("boast_window", None)


def windowed(at: str, **section: object) -> dict[str, object]:
    return {"extends": POINTS[at][0], "patch": {"phases": [{"boast_window": {
        "at": at, "limit": 1, **section}}]}}


def in_window(state: cardrules.State) -> bool:
    return bool(state.view(0).get("phase") == "boast_window")


@pytest.mark.parametrize("at", sorted(POINTS))
def test_play_with_the_window_goes_move_for_move_as_without_it(at: str) -> None:
    """Outside the window, the game that lists it and the game that does not have the
    same player to move and the same legal actions; the boasts add to the scores."""
    name, players = POINTS[at]
    game, plain = cardrules.load(windowed(at), players=players), cardrules.load(
        name, players=players)
    windows = 0
    for seed in range(2):
        a, b, rng = game.new_deal(seed, dealer=0), plain.new_deal(seed, dealer=0), \
            random.Random(seed)
        assert not in_window(a)  # not before play: at its pause point only
        while not b.is_over:
            if in_window(a):
                windows += 1
                if at == "between_rounds":  # the hands were just dealt again
                    assert a.events[-1].kind == "deal" or any(
                        e.kind == "deal" for e in a.events)
                while in_window(a):
                    a = a.apply(rng.choice(["boast", "hush"]))
                continue
            assert a.current_player == b.current_player
            assert a.legal_actions() == b.legal_actions()
            action = rng.choice(b.legal_actions())
            a, b = a.apply(action), b.apply(action)
        assert a.is_over and a.result is not None and b.result is not None
        boasts = a.view(0).get("boasts")
        assert a.result.scores == tuple(s + k for s, k in zip(b.result.scores, boasts))
    assert windows


def test_between_turns_the_window_sees_the_turns_effects_and_the_mover_moves_after() -> None:
    """Switch's jack reverses play: the window opens after the reverse, and the player
    the reverse sends the turn to moves once it closes."""
    game = cardrules.load({"extends": "switch", "patch": {"phases": [
        {"boast_window": {"at": "between_turns", "order": "dealer"}}]}}, players=4)
    state = game.setup(hands=["5H 7H", "JC 9D KD", "KC QC", "3C 4C"], pile="9C",
                       stock="3S 4S 5S", current=1, dealer=0)
    state = state.apply("play JC")
    assert in_window(state) and state.current_player == 0  # asked from the dealer
    while in_window(state):
        state = state.apply("hush")
    assert state.current_player == 0 and state.view(2).direction == "counterclockwise"
    state = state.apply("draw")
    while in_window(state):
        state = state.apply("hush")
    assert state.current_player == 3


@pytest.mark.parametrize("at", sorted(POINTS))
def test_state_json_round_trips_mid_window(at: str) -> None:
    players = POINTS[at][1]
    game = cardrules.load(windowed(at, limit=2), players=players)
    state, rng, seen = game.new_deal(3), random.Random(3), 0
    while not state.is_over:
        back = game.state_from_json(json.loads(json.dumps(state.to_json())))
        assert back == state and back.legal_actions() == state.legal_actions()
        seen += in_window(state)
        state = state.apply(rng.choice(state.legal_actions()))
    assert seen


@pytest.mark.parametrize("at", sorted(POINTS))
def test_a_state_with_the_window_at_work_outside_its_point_is_refused(at: str) -> None:
    players = POINTS[at][1]
    game = cardrules.load(windowed(at), players=players)
    data = {**game.new_deal(4).to_json(), "stage": 0}
    between = "turns" if at == "between_turns" else "rounds"
    with pytest.raises(cardrules.StateError, match=f"runs between {between}.*, but play is "
                                                   f"not between two {between}"):
        game.state_from_json(data)


def test_a_procedure_that_does_not_pause_there_refuses_it() -> None:
    with pytest.raises(cardrules.VariantError, match=r"boast_window runs between turns, but "
                                                     r"the tricks procedure does not pause"):
        cardrules.load({"extends": "whist", "patch": {"phases": [
            {"boast_window": {"at": "between_turns"}}]}})
    with pytest.raises(cardrules.VariantError, match=r"runs between rounds, but the "
                                                     r"shedding procedure does not pause"):
        cardrules.load({"extends": "crazy-eights", "patch": {"phases": [
            {"boast_window": {"at": "between_rounds"}}]}})


@pytest.mark.parametrize("at", sorted(POINTS))
def test_the_rules_say_when_the_window_opens(at: str) -> None:
    players = POINTS[at][1]
    text = "\n".join(describe(cardrules.load(windowed(at), players=players).variant))
    word = "turn" if at == "between_turns" else "round"
    assert f"## During play\n- After each {word} but the last each player" in text


@pytest.mark.parametrize("at", sorted(POINTS))
def test_it_passes_the_conformance_suite(at: str) -> None:
    players = POINTS[at][1]
    """One game: legality, JSON, views, re-sampling, and leaks searched in a quarter of
    the states (every state in the longer run)."""
    report = run_check(windowed(at), games=1, seed=2, players=[players], match_every=2,
                       leak_share=0.25)
    assert report.ok, report.failure


@pytest.mark.slow
@pytest.mark.parametrize("at", sorted(POINTS))
def test_it_passes_a_longer_conformance_run(at: str) -> None:
    report = run_check(windowed(at, limit=2), games=8, seed=5, match_every=4)
    assert report.ok, report.failure


@pytest.mark.parametrize("at", sorted(POINTS))
@pytest.mark.parametrize("player", [-1, 3, 1.0, True, "0", None])
def test_a_view_made_a_record_refuses_players_that_are_not_seats(at: str,
                                                                 player: object) -> None:
    """The window declares no view entries, so the game's views are made records around
    the state's own (``flow.with_view_records``): that wrapper takes any object, and the
    state's view refuses what is not a seat, compiled as interpreted (a compiled ``int``
    parameter refused a float with a TypeError and took True for seat 1)."""
    game = cardrules.load(windowed(at), players=POINTS[at][1])
    with pytest.raises(ArgumentError, match=r"player|integer"):
        game.new_deal(1).view(player)
