"""The OpenSpiel adapter's parameters: several options in a game string, whole matches
(``match=true``), one-node deals (``shuffle=seeds``), and the information-state tensor."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import cardrules.adapters.openspiel  # noqa: E402, F401  (registers python_cardrules)
from cardrules.engine.match import MatchState  # noqa: E402
from cardrules.errors import IllegalActionError  # noqa: E402


def _play(state: Any, rng: random.Random, until: Any = None) -> Any:
    """Random chance outcomes and actions until the end (or until ``until(state)``)."""
    while not state.is_terminal() and not (until is not None and until(state)):
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


# Several options ----------------------------------------------------------------------------


def test_a_game_string_carries_several_options() -> None:
    text = 'python_cardrules(variant=bura,players=3,options={"hand_size":3;"stake":50})'
    game = pyspiel.load_game(text)
    assert game.rules.options["hand_size"] in (3, "3")
    assert game.rules.options["stake"] == 50
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game) and again.rules.fingerprint == game.rules.fingerprint
    # Plain JSON in a parameter dictionary is the same game.
    plain = pyspiel.load_game("python_cardrules", {"variant": "bura", "players": 3,
                                                   "options": '{"stake": 50, "hand_size": 3}'})
    assert str(plain) == str(game)
    state = _play(game.new_initial_state(), random.Random(1), lambda s: s.move_number() > 40)
    _, back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(back) == str(state) and back.get_game().rules.options == game.rules.options


def test_bad_adapter_parameters_are_refused() -> None:
    with pytest.raises(Exception, match="shuffle parameter"):
        pyspiel.load_game("python_cardrules", {"variant": "bura", "shuffle": "riffle"})
    with pytest.raises(Exception, match="seeds parameter"):
        pyspiel.load_game("python_cardrules", {"variant": "bura", "shuffle": "seeds",
                                               "seeds": 0})


# Deals drawn by one chance node -------------------------------------------------------------


def test_shuffle_seeds_draws_a_deal_with_one_chance_node() -> None:
    game = pyspiel.load_game("python_cardrules", {"variant": "bank", "players": 2,
                                                  "shuffle": "seeds", "seeds": 50})
    assert game.max_chance_outcomes() == 50
    state = game.new_initial_state()
    state.apply_action(1)
    outcomes = state.chance_outcomes()
    assert [seed for seed, _ in outcomes] == list(range(50))
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert state.legal_actions() == list(range(50))
    for bad in (50, -2):
        with pytest.raises(IllegalActionError, match=f"{bad} is not a deal seed"):
            state.apply_action(bad)
    state.apply_action(17)
    assert not state.is_chance_node()
    assert state.deal.to_json() == game.rules.new_deal(17, dealer=1).to_json()
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 3) == "deal seed 3"


@pytest.mark.parametrize("params", [{"variant": "bank", "players": 2, "shuffle": "seeds"},
                                    {"variant": "bura", "players": 4, "shuffle": "seeds"}],
                         ids=["bank", "bura-4"])
def test_shuffle_seeds_passes_the_random_simulation_test(params: dict[str, Any]) -> None:
    pyspiel.random_sim_test(pyspiel.load_game("python_cardrules", params), num_sims=2,
                            serialize=True, verbose=False)


# Whole matches -------------------------------------------------------------------------------


@pytest.mark.parametrize("params", [{"variant": "bank", "players": 2, "match": True},
                                    {"variant": "bura", "players": 2, "match": True},
                                    {"variant": "bura", "players": 3, "match": True,
                                     "shuffle": "seeds"}],
                         ids=["bank", "bura", "bura-3-seeds"])
def test_whole_matches_pass_the_random_simulation_test(params: dict[str, Any]) -> None:
    pyspiel.random_sim_test(pyspiel.load_game("python_cardrules", params), num_sims=2,
                            serialize=True, verbose=False)


@pytest.mark.parametrize("variant", ["bank", "bura"])
def test_a_match_draws_every_deal_by_chance_and_returns_the_match_result(
        variant: str) -> None:
    game = pyspiel.load_game("python_cardrules", {"variant": variant, "players": 2,
                                                  "match": True})
    size = game.rules.pack.size
    rng = random.Random(3)
    state = game.new_initial_state()
    deals_drawn = 0
    while not state.is_terminal():
        if state.is_chance_node():
            before = state.deal
            for _ in range(size if state.dealer >= 0 else 1 + size):
                assert state.is_chance_node() and state.deal is None
                state.apply_action(rng.choice(state.legal_actions()))
            deals_drawn += 1
            # The dealt deal is the match's, from the cards drawn.
            assert isinstance(state.deal, MatchState)
            assert before is None or state.deal.deal_index == before.deal_index + 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    match = state.deal
    assert match.is_over and match.deal_index + 1 == deals_drawn
    chance = [item for item in state.full_history() if item.player == pyspiel.PlayerId.CHANCE]
    assert len(chance) == 1 + deals_drawn * size
    winners = match.result.leaders
    assert state.returns() == [(1.0 if p in winners else -1.0) if winners else 0.0
                               for p in range(2)]


def test_a_match_serializes_and_pickles_between_deals_and_within_one() -> None:
    game = pyspiel.load_game("python_cardrules", {"variant": "bura", "players": 2,
                                                  "match": True})
    rng = random.Random(5)
    state = game.new_initial_state()
    kept = []
    while not state.is_terminal() and len(kept) < 4:
        if state.is_chance_node() and state.history() and state.dealer >= 0 \
                and len(state.order) == 3 and len(state.history()) > 40:
            kept.append(state.clone())  # drawing a later deal
        if not state.is_chance_node() and state.deal.deal_index > 0 and rng.random() < 0.05:
            kept.append(state.clone())  # playing a later deal
        state.apply_action(rng.choice(state.legal_actions()))
    kept.append(state)
    assert any(s.is_chance_node() for s in kept)
    for original in kept:
        _, restored = pyspiel.deserialize_game_and_state(
            pyspiel.serialize_game_and_state(game, original))
        for copy in (restored, pickle.loads(pickle.dumps(original))):
            assert str(copy) == str(original)
            assert copy.history() == original.history()
            assert copy.legal_actions() == original.legal_actions()
            assert copy.returns() == original.returns()
            for p in range(2):
                assert copy.information_state_string(p) == \
                    original.information_state_string(p)
                assert copy.information_state_tensor(p) == \
                    original.information_state_tensor(p)
            _play(copy, random.Random(1))
            assert copy.is_terminal()


def test_a_match_deals_its_current_deal_again_from_a_given_shuffle() -> None:
    rules = pyspiel.load_game("python_cardrules", {"variant": "bura"}).rules
    match = rules.new_match(1, dealer=0)
    redealt = match.redeal(order=range(36))
    assert redealt.deal.to_json() == rules.new_deal(0, dealer=0, order=range(36)).to_json()
    assert redealt.redeal(seed=9).deal.to_json() == rules.new_deal(9, dealer=0).to_json()
    with pytest.raises(Exception, match="each of the 36 cards"):
        match.redeal(order=[0, 0])
    over = _play(pyspiel.load_game("python_cardrules", {"variant": "bura", "match": True})
                 .new_initial_state(), random.Random(2)).deal
    with pytest.raises(Exception, match="the match is over"):
        over.redeal(seed=1)


# The information-state tensor ----------------------------------------------------------------


def test_the_information_state_tensor_is_the_observation_then_its_maxima() -> None:
    game = pyspiel.load_game("python_cardrules", {"variant": "bura", "players": 2})
    size = game.rules.observation.size
    assert game.get_type().provides_information_state_tensor
    assert game.information_state_tensor_shape() == [2 * size]
    assert game.information_state_tensor_size() == 2 * size
    rng = random.Random(2)
    state = game.new_initial_state()
    assert state.information_state_tensor(0) == [0.0] * (2 * size)
    labels = game.rules.observation.labels
    mine = [i for i, label in enumerate(labels)
            if label.startswith("hands[0]:") and label != "hands[0]:count"]
    held: set[int] = set()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        for p in range(2):
            tensor = np.array(state.information_state_tensor(p))
            observed, seen = tensor[:size], tensor[size:]
            assert np.isfinite(tensor).all() and (tensor >= 0).all()
            assert observed.tolist() == pytest.approx(
                game.rules.observation.encode(state.deal, p))
            assert (seen >= observed).all()
        # A card once in player 0's hand stays marked in the second half.
        tensor = state.information_state_tensor(0)
        held |= {i for i in mine if tensor[i]}
        assert all(tensor[size + i] == 1 for i in held)
        state.apply_action(rng.choice(state.legal_actions()))
    assert len(held) > 6  # cards were drawn and played


def test_information_state_tensors_match_within_an_information_set_only() -> None:
    game = pyspiel.load_game("python_cardrules", {"variant": "bura", "players": 2})
    rng = random.Random(6)
    state = _play(game.new_initial_state(), rng, lambda s: s.move_number() > 37 + 8)
    me = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(3, 0.0, 1.0)
    worlds = [state.resample_from_infostate(me, sampler) for _ in range(4)]
    assert any(w.deal.to_json() != state.deal.to_json() for w in worlds)
    for world in worlds:
        assert world.information_state_string(me) == state.information_state_string(me)
        assert world.information_state_tensor(me) == state.information_state_tensor(me)
        world.apply_action(world.legal_actions()[0])  # the memory plays on
    # The two players' hidden cards differ, and so do their tensors.
    assert state.deal.hidden_cards(0) != state.deal.hidden_cards(1)
    assert state.information_state_tensor(0) != state.information_state_tensor(1)
    # Swapping two cards deep in the stock changes no one's information state.
    order = list(range(36))
    one = game.new_initial_state()
    other = game.new_initial_state()
    for outcome in [0, *order]:
        one.apply_action(outcome)
    for outcome in [0, 1, 0, *order[2:]]:
        other.apply_action(outcome)
    for _ in range(3):
        action = one.legal_actions()[0]
        one.apply_action(action)
        other.apply_action(action)
    for p in range(2):
        assert one.information_state_tensor(p) == other.information_state_tensor(p)


def test_the_match_information_state_tensor_starts_again_with_each_deal() -> None:
    game = pyspiel.load_game("python_cardrules", {"variant": "bank", "players": 2,
                                                  "match": True, "shuffle": "seeds"})
    size = game.rules.observation.size
    rng = random.Random(4)
    state = _play(game.new_initial_state(), rng,
                  lambda s: not s.is_chance_node() and s.deal.deal_index == 1)
    if state.is_terminal():
        pytest.skip("the match ended in one deal")
    tensor = np.array(state.information_state_tensor(0))
    # Fresh in the new deal: the maxima are the first observation of the deal.
    assert tensor[size:].tolist() == tensor[:size].tolist()


def test_a_resampled_match_plays_on_through_its_next_deals_and_pickles() -> None:
    game = pyspiel.load_game("python_cardrules", {"variant": "bank", "players": 2,
                                                  "match": True, "shuffle": "seeds"})
    state = _play(game.new_initial_state(), random.Random(7),
                  lambda s: not s.is_chance_node() and s.deal.deal_index == 1)
    if state.is_terminal():
        pytest.skip("the match ended in one deal")
    me = state.current_player()
    world = state.resample_from_infostate(me, pyspiel.UniformProbabilitySampler(1, 0.0, 1.0))
    assert world.information_state_string(me) == state.information_state_string(me)
    assert world.information_state_tensor(me) == state.information_state_tensor(me)
    assert world.deal.totals == state.deal.totals
    copy = pickle.loads(pickle.dumps(world))
    for played in (world, copy):
        _play(played, random.Random(2))
        assert played.is_terminal() and played.deal.result is not None
    assert copy.history() == world.history() and str(copy) == str(world)


def test_new_states_share_nothing_they_change() -> None:
    game = pyspiel.load_game("python_cardrules", {"variant": "bura", "players": 2})
    first = game.new_initial_state()
    _play(first, random.Random(1), lambda s: s.move_number() > 40)
    me = first.current_player()
    first.resample_from_infostate(me, pyspiel.UniformProbabilitySampler(2, 0.0, 1.0))
    clone = game.new_initial_state().clone()
    clone.apply_action(1)
    again = game.new_initial_state()
    assert again.dealer == -1 and again.history() == [] and again.order == ()
    assert again.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    assert again.information_state_string(0) == "dealing"
