"""A phase that runs between tricks plugs in from outside the package: the boasting window
of ``tests/plugins/trick_window/`` (issue 24, "One flow").  The tricks procedure hands
control to the flow after each trick but the last; the window asks the players in its
turn order, and play resumes with the trick's winner leading.  Nothing under
``cardrules/`` names it: it is registered here, as an entry point would register it."""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from plugins.trick_window import BOAST_WINDOW, GAME
from rule_support import QUICK_LEAKS

import cardrules
from cardrules.actions import parse_action
from cardrules.phases import REGISTRY, register
from cardrules.tools.check import run_check
from cardrules.tools.cli import main
from cardrules.tools.describe import describe

PACKAGE = Path(cardrules.__file__).resolve().parent


@pytest.fixture
def boasting() -> Iterator[cardrules.Game]:
    """The window registered for one test, and a game listing it for 3 players."""
    register(BOAST_WINDOW)
    try:
        yield cardrules.load(str(GAME), players=3)
    finally:
        REGISTRY._items.pop("boast_window", None)


def _section(game_file: Path, tmp_path: Path, section: str) -> str:
    text = game_file.read_text(encoding="utf-8")
    old = "  - boast_window: {points: 1, limit: 2}"
    assert old in text
    path = tmp_path / "boasting_changed.yaml"
    path.write_text(text.replace(old, f"  - boast_window: {section}"), encoding="utf-8")
    return str(path)


def _to_window(state: cardrules.State) -> cardrules.State:
    """Play the lowest legal card until the window opens."""
    while state.view(0).get("phase") != "boast_window":
        state = state.apply(state.legal_actions()[0])
    return state


def test_no_file_of_cardrules_names_the_window() -> None:
    named = [p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.py")
             if "boast" in p.read_text(encoding="utf-8").lower()]
    assert named == []


def test_without_registering_it_the_game_names_an_unknown_phase() -> None:
    with pytest.raises(cardrules.VariantError, match="unknown phase 'boast_window'"):
        cardrules.load(str(GAME))


def test_the_window_opens_after_a_trick_and_the_winner_leads_after_it(
        boasting: cardrules.Game) -> None:
    state = boasting.new_deal(1)
    assert state.view(0)["phase"] == "lead"  # not before play: between tricks only
    state = _to_window(state)
    winner = state._winner  # type: ignore[attr-defined]
    assert sum(state.view(0)["tricks"]) == 1
    assert state.current_player == winner  # asked from the winner, clockwise
    assert state.view(2)["boast_queue"] == [(winner + 1) % 3, (winner + 2) % 3]
    assert [a.text(boasting.pack) for a in state.legal_actions()] == ["boast", "hush"]
    state = state.apply("boast")
    assert state.current_player == (winner + 1) % 3
    state = state.apply("hush").apply("hush")
    assert state.view(0)["phase"] == "lead"
    assert state.current_player == winner
    assert state.legal_actions()[0].text(boasting.pack).startswith("lead ")
    assert state.view(1)["boasts"] == [int(p == winner) for p in range(3)]


def test_refusals_inside_and_outside_the_window(boasting: cardrules.Game) -> None:
    state = boasting.new_deal(1)
    assert state.why_illegal(parse_action("boast", boasting.pack)) == (
        "'boast' is an action of the boast window phase, which runs between tricks, "
        "not now")
    state = _to_window(state)
    card = boasting.pack.name(boasting.pack.cards_of(state.hands[state.current_player])[0])
    reason = state.why_illegal(parse_action(f"lead {card}", boasting.pack))
    assert reason == "between tricks each player in turn first says 'boast' or 'hush'"
    with pytest.raises(cardrules.IllegalActionError):
        state.apply(f"lead {card}")


def test_boasts_score_and_a_used_up_player_is_not_asked(boasting: cardrules.Game) -> None:
    state = boasting.new_deal(3)
    while not state.is_over:
        legal = [a.text(boasting.pack) for a in state.legal_actions()]
        state = state.apply("boast" if "boast" in legal else legal[0])
        if state.view(0).get("phase") == "boast_window":
            assert state.view(0)["boasts"][state.current_player] < 2
    assert state.view(0)["boasts"] == [2, 2, 2]
    assert state.result is not None
    assert state.result.scores == tuple(t + 2 for t in state.view(0)["tricks"])


@pytest.mark.parametrize(("order", "first"), [
    ("counter_clockwise", "dealer_right"), ("{from: 0}", "seat 0"), ("dealer", "dealer")])
def test_the_window_reads_its_turn_order(tmp_path: Path, order: str, first: str) -> None:
    register(BOAST_WINDOW)
    try:
        game = cardrules.load(_section(GAME, tmp_path, f"{{order: {order}}}"), players=3)
        state = _to_window(game.new_deal(5))
        dealer = state._dealer  # type: ignore[attr-defined]
        asked = [state.current_player, *state.view(0)["boast_queue"]]
        expected = {"dealer_right": [(dealer - k - 1) % 3 for k in range(3)],
                    "seat 0": [0, 1, 2],
                    "dealer": [dealer, (dealer + 1) % 3, (dealer + 2) % 3]}[first]
        assert asked == expected
        rules = "\n".join(describe(game.variant))
        assert "may boast" in rules
    finally:
        REGISTRY._items.pop("boast_window", None)


def test_a_procedure_that_does_not_pause_between_tricks_refuses_it() -> None:
    register(BOAST_WINDOW)
    try:
        with pytest.raises(cardrules.VariantError,
                           match=r"boast_window runs between tricks, but the shedding "
                                 r"procedure does not pause there"):
            cardrules.load({"extends": "bank", "patch": {"phases": [{"boast_window": {}}]}})
    finally:
        REGISTRY._items.pop("boast_window", None)


def test_the_same_phase_opens_between_bouts_where_its_section_says() -> None:
    register(BOAST_WINDOW)
    try:
        durak = cardrules.load({"extends": "durak", "patch": {
            "phases": [{"boast_window": {"at": "between_bouts", "order": "dealer"}}]}},
            players=3)
        assert "After each bout but the last each player in turn (from the dealer" in \
            "\n".join(describe(durak.variant))
        windows = 0
        for seed in range(3):
            state, rng = durak.new_deal(seed), random.Random(seed)
            while not state.is_over:
                if state.view(0).get("phase") == "boast_window":
                    windows += 1
                    attacker = state._attacker  # type: ignore[attr-defined]
                    while state.view(0).get("phase") == "boast_window":
                        back = durak.state_from_json(json.loads(json.dumps(state.to_json())))
                        assert back == state
                        state = state.apply("boast" if rng.random() < 0.5 else "hush")
                    assert state.current_player == attacker  # the attacker opens
                    assert state.view(0)["phase"] == "attack"
                state = state.apply(rng.choice(state.legal_actions()))
            assert state.result is not None
        assert windows
        report = run_check({"extends": "durak", "patch": {
            "phases": [{"boast_window": {"at": "between_bouts"}}]}}, games=6, seed=1,
                           leak_share=QUICK_LEAKS)
        assert report.ok, report.failure
    finally:
        REGISTRY._items.pop("boast_window", None)


def test_random_games_play_to_the_end(boasting: cardrules.Game) -> None:
    for players in (2, 3, 4):
        game = cardrules.load(str(GAME), players=players)
        for seed in range(4):
            state, rng = game.new_deal(seed), random.Random(seed)
            windows = 0
            while not state.is_over:
                windows += state.view(0).get("phase") == "boast_window"
                state = state.apply(rng.choice(state.legal_actions()))
            assert state.result is not None and windows > 0


def test_state_json_round_trips_mid_window(boasting: cardrules.Game) -> None:
    state, rng = boasting.new_deal(7), random.Random(7)
    seen = 0
    while not state.is_over:
        data = json.loads(json.dumps(state.to_json()))
        back = boasting.state_from_json(data)
        assert back == state and back.to_json() == state.to_json()
        assert back.legal_actions() == state.legal_actions()
        if state.view(0).get("phase") == "boast_window":
            seen += 1
            assert pickle.loads(pickle.dumps(state)) == state
        state = state.apply(rng.choice(state.legal_actions()))
    assert seen


def test_a_state_read_back_with_the_window_at_work_before_any_trick_is_refused(
        boasting: cardrules.Game) -> None:
    data = {**boasting.new_deal(4).to_json(), "stage": 0}
    with pytest.raises(cardrules.StateError, match="the boast window phase runs between "
                       "tricks, but play is not between two tricks"):
        boasting.state_from_json(data)


def test_resample_in_the_window_keeps_what_the_player_sees(
        boasting: cardrules.Game) -> None:
    state = _to_window(boasting.new_deal(11))
    for seat in range(3):
        view = state.view(seat)
        for seed in range(4):
            assert state.resample(seat, random.Random(seed)).view(seat) == view


def test_it_passes_the_conformance_suite(boasting: cardrules.Game) -> None:
    report = run_check(str(GAME), games=10, seed=2, match_every=5, leak_share=QUICK_LEAKS)
    assert report.ok, report.failure


def test_cardrules_check_passes(boasting: cardrules.Game,
                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(GAME), "--games", "6", "--leaks", str(QUICK_LEAKS)]) == 0
    assert "boasting" in capsys.readouterr().out
