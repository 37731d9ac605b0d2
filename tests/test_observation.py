"""Observations for learning agents: fixed size, nothing hidden, seats seen from the observer."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import games

import cardrules
from cardrules.engine.game import Game
from cardrules.engine.observation import Observation, Trick
from cardrules.engine.state import State
from cardrules.loader.resources import builtin_variants
from cardrules.tools.conformance import ConformanceError, check_views


def _states(game: Game, seed: int, *, match: bool = False) -> list[State]:
    rng = random.Random(seed)
    state = game.new_match(seed) if match else game.new_deal(seed)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def _check(game: Game, states: list[State], seed: int) -> None:
    observation, rng = game.observation, random.Random(seed)
    for state in states:
        for player in range(game.players):
            values = observation.encode(state, player)
            assert len(values) == observation.size
            assert observation.encode_view(state.view(player), player) == values
            # Re-dealing what the player cannot see changes nothing they observe.
            if not state.is_over:
                other = state.resample(player, rng)
                assert observation.encode(other, player) == values


@pytest.mark.parametrize("name", sorted(builtin_variants()))
def test_observations_have_one_size_and_hide_what_the_view_hides(name: str) -> None:
    limits = cardrules.load(name).variant.players
    for players in range(limits.min, limits.max + 1):
        game = cardrules.load(name, players=players)
        _check(game, _states(game, players), players)


def test_a_match_is_observed_with_its_totals() -> None:
    game = cardrules.load("bura", players=3)
    states = _states(game, 4, match=True)
    _check(game, states[::7], 4)
    final = states[-1]
    totals = final.view(1).match["totals"]
    values = game.observation.encode(final, 1)
    seen = [values[game.observation.labels.index(f"match.totals[{s}]")] for s in range(3)]
    assert seen == totals[1:] + totals[:1]  # seat 0 is the observer


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games(), seed=st.integers(0, 2**32))
def test_any_options_keep_observations_fixed_and_private(
        game: tuple[str, dict[str, Any], int], seed: int) -> None:
    name, options, players = game
    loaded = cardrules.load(name, players=players, options=options)
    _check(loaded, _states(loaded, seed)[::5], seed)


def _labelled(observation: Observation, values: list[int], prefix: str) -> list[str]:
    return [label.split(":", 1)[1] for label, v in zip(observation.labels, values)
            if v and label.startswith(prefix)]


def test_the_observer_sees_their_own_hand_and_only_counts_of_others() -> None:
    game = cardrules.load("bura", players=3)
    state = game.new_deal(seed=11)
    observation = game.observation
    for player in range(3):
        values = observation.encode(state, player)
        mine = _labelled(observation, values, "hands[0]:")
        names = game.pack.names(game.pack.cards_of(state.hands[player]))
        assert sorted(mine) == sorted([*names, "count"])
        for seat in (1, 2):
            assert _labelled(observation, values, f"hands[{seat}]:") == ["count"]
            count = values[observation.labels.index(f"hands[{seat}]:count")]
            assert count == state.hands[(player + seat) % 3].bit_count()


def test_seats_are_counted_from_the_observer() -> None:
    game = cardrules.load("bank-no-trumps", players=4)
    state = game.new_deal(seed=2)
    observation = game.observation
    current = state.current_player
    for player in range(4):
        values = observation.encode(state, player)
        flags = [values[observation.labels.index(f"current_player[{s}]")] for s in range(4)]
        assert flags.index(1) == (current - player) % 4


def test_a_trick_shows_face_down_cards_only_to_their_player() -> None:
    # U5: an answer may be thrown face down; the view (and so the observation) shows its
    # cards to the thrower alone.
    game = cardrules.load("bura", players=3)
    state = game.setup(hands=["AS KS", "6H 7H", "8D 9D"], trump="C", leader=0)
    state = state.apply("lead AS").apply("throw 6H")
    observation = game.observation
    assert any(isinstance(f, Trick) for f in observation.fields)
    leader = observation.encode(state, 0)
    assert _labelled(observation, leader, "trick[0]:") == ["AS", "played"]
    assert _labelled(observation, leader, "trick[1]:") == ["hidden", "played"]
    assert _labelled(observation, leader, "trick[2]:") == []
    thrower = observation.encode(state, 1)
    assert _labelled(observation, thrower, "trick[0]:") == ["6H", "played"]
    assert _labelled(observation, thrower, "trick[2]:") == ["AS", "played"]
    third = observation.encode(state, 2)
    assert _labelled(observation, third, "trick[2]:") == ["hidden", "played"]


def test_labels_name_every_position_once() -> None:
    for name in ("bank", "bura"):
        observation = cardrules.load(name, players=3).observation
        assert len(set(observation.labels)) == observation.size


class _Leaky(Observation):
    """An observation that wrongly encodes the next player's hand."""

    def encode(self, state: State, player: int) -> list[int]:
        values = super().encode(state, player)
        values[-1] = state.zones()[f"hand{(player + 1) % 2}"]
        return values


def test_the_conformance_check_catches_an_observation_that_leaks() -> None:
    game = cardrules.load("bura", players=2)
    state = game.new_deal(seed=1)
    check_views(state, random.Random(1))
    observation = game.observation
    game._observation = _Leaky(game.pack, 2, observation.fields)
    with pytest.raises(ConformanceError, match="observation of player 0 changes"):
        check_views(state, random.Random(1))
