"""Tampered and hand-made states (reliability round three, items 2 and 6, and "one
checker for a state's consistency"): every state read from JSON or set up by hand is
checked by its procedure and by :mod:`cardrules.engine.consistency`; a state that is
accepted is one from which every legal action applies and every view can be built."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import games

import cardrules
from cardrules.engine import consistency
from cardrules.errors import CardrulesError, StateError


def _played(name: str, players: int, steps: int, *, seed: int = 1,
            options: dict[str, Any] | None = None,
            until: Any = None) -> tuple[cardrules.Game, cardrules.State]:
    game = cardrules.load(name, players=players, options=options)
    state, rng = game.new_deal(seed=seed), random.Random(seed)
    for _ in range(steps):
        if state.is_over or (until is not None and until(state)):
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return game, state


def test_item6_a_stage_that_names_no_listed_phase_is_refused() -> None:
    game, state = _played("whist", 4, 3)
    data = state.to_json() | {"stage": 1}                # Whist lists no phase
    with pytest.raises(StateError, match="stage 1 names no listed phase"):
        game.state_from_json(data)
    game, state = _played("hearts", 4, 0)
    data = state.to_json() | {"stage": 7}                # Hearts lists one phase
    with pytest.raises(StateError, match="stage 7 names no listed phase"):
        game.state_from_json(data)


def test_item6_hearts_cannot_be_passing_in_a_deal_that_passes_no_cards() -> None:
    game, state = _played("hearts", 4, 0)
    data = state.to_json()
    assert data["stage"] == 0                            # passing, in the first deal
    data["deal_number"] = 3                              # left, right, across, *none*
    with pytest.raises(StateError, match="no cards pass in this deal"):
        game.state_from_json(data)


def test_item6_a_sixty_six_trick_led_by_the_wrong_seat_is_refused() -> None:
    game, state = _played("sixty-six", 2, 200, seed=3,
                          until=lambda s: s.to_json()["phase"] == "answer")
    data = state.to_json()
    assert data["phase"] == "answer"
    data["leader"] = 1 - data["leader"]
    with pytest.raises(StateError):
        game.state_from_json(data)


def test_item2_bank_cannot_be_choosing_trumps_with_the_hands_dealt() -> None:
    game, state = _played("bank", 3, 50, until=lambda s: s.to_json()["stage"] < 0)
    data = state.to_json()
    assert data["stage"] == -1 and all(data["hands"])
    data["stage"] = 0                                    # choose_trump runs before the deal
    with pytest.raises(StateError, match="runs before the deal, but player 0's hand"):
        game.state_from_json(data)


def test_a_position_with_a_phase_at_work_is_checked_too() -> None:
    game, state = _played("hearts", 4, 0)
    fields = {k: v for k, v in state.to_json().items() if k != "procedure"}
    assert game.position(**fields) == state
    with pytest.raises(StateError, match="stage 3 names no listed phase"):
        game.position(**fields | {"stage": 3})


def test_the_checks_accept_every_state_of_play() -> None:
    """No state that play makes is refused (the checks say only what is impossible)."""
    for name, players in (("bank", 3), ("bura", 2), ("hearts", 4), ("durak", 3),
                          ("crazy_eights", 2), ("sixty-six", 2)):
        game, state = _played(name, players, 0)
        rng = random.Random(players)
        while True:
            assert game.state_from_json(state.to_json()) == state
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))


def _tampered(value: Any, rng: random.Random, other: Any) -> Any:
    """One small change of a JSON value: a number moved, a flag flipped, a list with an
    entry dropped, doubled or swapped, or the value of the same field in another state."""
    if rng.random() < 0.25:
        return copy.deepcopy(other)
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + rng.choice((-2, -1, 1, 2, 5))
    if isinstance(value, str):
        return rng.choice(("", "x", value[::-1]))
    if isinstance(value, list) and value:
        items = copy.deepcopy(value)
        i = rng.randrange(len(items))
        change = rng.randrange(4)
        if change == 0:
            del items[i]
        elif change == 1:
            items.insert(i, copy.deepcopy(items[i]))
        elif change == 2:
            j = rng.randrange(len(items))
            items[i], items[j] = items[j], items[i]
        else:
            items[i] = _tampered(items[i], rng, items[i])
        return items
    return copy.deepcopy(other)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games(), seed=st.integers(0, 2**32), steps=st.integers(0, 60))
def test_a_tampered_state_is_refused_or_sound(game: tuple[str, dict[str, Any], int],
                                             seed: int, steps: int) -> None:
    """Each field of a state changed a little: the state is refused with a
    :class:`StateError` (or another :class:`CardrulesError`), or every legal action
    applies, every view builds and the state round-trips."""
    name, options, players = game
    loaded, state = _played(name, players, steps, seed=seed, options=options)
    _, other = _played(name, players, steps // 2, seed=seed + 1, options=options)
    rng = random.Random(seed)
    data, other_data = state.to_json(), other.to_json()
    for key in sorted(data):
        if key == "procedure":
            continue
        tampered = dict(data)
        tampered[key] = _tampered(data[key], rng, other_data.get(key, data[key]))
        try:
            read = loaded.state_from_json(tampered)
        except CardrulesError:
            continue
        for player in range(players):
            read.view(player)
            read.resample(player, random.Random(seed))
        for action in read.legal_actions():
            read.apply(action)
        assert loaded.state_from_json(read.to_json()) == read


def test_the_structure_check_can_run_after_every_action(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``CARDRULES_CHECK=1`` every state an action makes has its structure checked."""
    seen: list[int] = []
    monkeypatch.setattr(consistency, "EVERY_STATE", True)
    monkeypatch.setattr(consistency, "structure",
                        lambda state, real=consistency.structure: (seen.append(1), real(state)))
    _played("hearts", 4, 10)
    assert len(seen) >= 10
