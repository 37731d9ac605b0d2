"""The OpenSpiel adapter: OpenSpiel's own random simulation test, chance, returns, observers."""

from __future__ import annotations

import json
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

import cardrules.adapters.openspiel  # noqa: E402, F401  (registers python_cardrules)

GAMES = [{"variant": "bank", "players": 2}, {"variant": "bank", "players": 4},
         {"variant": "bura", "players": 3},
         {"variant": "bura", "players": 2, "options": '{"hand_size": 3}'},
         {"variant": "bank", "players": 3, "options": '{"trumps": "none"}'},
         {"variant": "crazy_eights", "players": 2}, {"variant": "crazy_eights", "players": 5},
         {"variant": "hearts", "players": 4},
         {"variant": "durak", "players": 2},
         pytest.param({"variant": "durak", "players": 6}, marks=pytest.mark.slow),
         {"variant": "durak", "players": 4, "options": '{"transfer": "on"}'},
         {"variant": "switch", "players": 2},
         pytest.param({"variant": "switch", "players": 4}, marks=pytest.mark.slow),
         {"variant": "whist", "players": 4}, {"variant": "oh-hell", "players": 3},
         {"variant": "oh-hell", "players": 7},
         {"variant": "oh-hell", "players": 4, "options": '{"trump": "named_or_none"}'}]


@pytest.mark.parametrize("params", GAMES, ids=lambda p: json.dumps(p, sort_keys=True))
def test_openspiel_random_simulation_test_passes(params: dict[str, object]) -> None:
    pyspiel.random_sim_test(pyspiel.load_game("python_cardrules", params), num_sims=3,
                            serialize=False, verbose=False)


def _dealt(game: object, dealer: int, order: list[int]) -> object:
    state = game.new_initial_state()  # type: ignore[attr-defined]
    state.apply_action(dealer)
    for card in order:
        assert state.is_chance_node()
        state.apply_action(card)
    return state


def test_chance_draws_the_dealer_then_the_shuffle_card_by_card() -> None:
    game = pyspiel.load_game("python_cardrules", {"variant": "bura", "players": 3})
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]
    state.apply_action(2)
    assert len(state.chance_outcomes()) == 36
    state.apply_action(7)
    assert [card for card, _ in state.chance_outcomes()] == [c for c in range(36) if c != 7]
    order = random.Random(1).sample(range(36), 36)
    dealt = _dealt(game, 2, order)
    assert not dealt.is_chance_node()
    expected = game.rules.new_deal(0, dealer=2, order=order)
    assert dealt.deal.to_json() == expected.to_json()
    assert dealt.current_player() == expected.current_player


def test_returns_reward_the_winners() -> None:
    game = pyspiel.load_game("python_cardrules", {"variant": "bank", "players": 3})
    rng = random.Random(4)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        winners = state.deal.result.leaders
        expected = [(1.0 if p in winners else -1.0) if winners else 0.0 for p in range(3)]
        assert state.returns() == expected


def test_observations_are_the_encoded_view_and_hide_the_stock() -> None:
    game = pyspiel.load_game("python_cardrules", {"variant": "bura", "players": 2})
    order = list(range(36))
    state = _dealt(game, 0, order)
    player = state.current_player()
    assert state.observation_tensor(player) == pytest.approx(
        game.rules.observation.encode(state.deal, player))
    assert json.loads(state.observation_string(player))["player"] == player
    # Swapping two cards deep in the stock changes nothing either player may know.
    swapped = [1, 0, *order[2:]]
    other = _dealt(game, 0, swapped)
    for p in range(2):
        assert other.information_state_string(p) == state.information_state_string(p)
        assert other.observation_tensor(p) == state.observation_tensor(p)
    # An action is remembered in the information state (perfect recall).
    before = state.information_state_string(player)
    state.apply_action(state.legal_actions()[0])
    assert state.information_state_string(player) != before
    assert state.information_state_string(player).startswith(before[:-1])


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(Exception, match="JSON object"):
        pyspiel.load_game("python_cardrules", {"variant": "bura", "options": "[1]"})
    with pytest.raises(Exception, match="not 9"):
        pyspiel.load_game("python_cardrules", {"variant": "bura", "players": 9})
