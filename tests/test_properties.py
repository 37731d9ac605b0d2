"""Properties over every shipped variant, any option combination and any action sequence."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import action_picks, games

import cardrules
from cardrules.soak import soak
from cardrules.tools.conformance import check_cards, check_json, check_legal, check_views


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games(), seed=st.integers(0, 2**32), picks=action_picks())
def test_any_options_any_actions_keep_the_contract(
        game: tuple[str, dict[str, Any], int], seed: int, picks: list[int]) -> None:
    name, options, players = game
    loaded = cardrules.load(name, players=players, options=options)
    state = loaded.new_deal(seed)
    rng = random.Random(seed)
    for pick in picks:
        check_cards(state)
        check_legal(state)
        if state.is_over:
            break
        legal = state.legal_actions()
        state = state.apply(legal[pick % len(legal)])
    check_json(state)
    check_views(state, rng)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games(), seed=st.integers(0, 2**32))
def test_any_options_deals_end(game: tuple[str, dict[str, Any], int], seed: int) -> None:
    name, options, players = game
    state = cardrules.load(name, players=players, options=options).new_deal(seed)
    rng = random.Random(seed)
    for _ in range(5000):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.is_over


@pytest.mark.slow
def test_soak_sample(tmp_path: Any) -> None:
    """The CI-sized sample of the soak (the long soak is `python -m cardrules.soak`)."""
    figures = soak(seconds=6, seed=3, out_dir=tmp_path, games_per_batch=2)
    assert figures["failures"] == [], figures["failures"]
    assert figures["games"] > 0
