"""The built-in bidding phase: each player bids the tricks they will take, the dealer last
(optionally barred from making the total); bids are public, kept in the state, and score
the deal by a contract.  Scenarios from explicit positions, then randomised games of the
fixture tests/fixtures/bidding_tricks.yaml under every invariant check."""

from __future__ import annotations

import pickle
import random
from pathlib import Path
from typing import Any

import pytest
import yaml
from rule_support import QUICK_LEAKS

import cardrules
from cardrules.tools.bots import QUICK_BOTS, act, make_bot
from cardrules.tools.check import run_check
from cardrules.tools.conformance import Policy, check_playout, check_views
from cardrules.tools.describe import describe

FIXTURE = str(Path(__file__).parent / "fixtures" / "bidding_tricks.yaml")


def _rules(**changes: Any) -> dict[str, Any]:
    """The fixture's rule data with top-level sections replaced."""
    data: dict[str, Any] = yaml.safe_load(Path(FIXTURE).read_text())
    return {**data, **changes}


def _game(players: int = 3, **section: Any) -> cardrules.Game:
    """The fixture with the bidding section replaced by ``section`` (if given)."""
    if not section:
        return cardrules.load(FIXTURE, players=players)
    return cardrules.load(_rules(phases=[{"bidding": section}]), players=players)


def _bidding(game: cardrules.Game, *, dealer: int = 2, bids: tuple[int, ...] = (-1, -1, -1),
             deal_number: int = 1) -> cardrules.State:
    """Deal number 1 of three players (two cards each), everyone still to bid from the
    dealer's left, or at the player after the last bid given."""
    hands = ["AS KS", "QS JS", "10S 9S"]
    current = (dealer + 1 + sum(b >= 0 for b in bids)) % 3
    rest = [c for c in game.pack.names(range(game.pack.size))
            if c not in " ".join(hands).split() and c != "6H"]
    return game.position(hands=hands, stock=["6H", *rest], trump="H", trump_card="6H",
                         dealer=dealer, deal_number=deal_number, stage=0, current=current,
                         leader=(dealer + 1) % 3, bids=list(bids))


def test_players_bid_in_turn_from_the_dealer_s_left_and_everyone_sees_the_bids() -> None:
    game = _game()
    state = _bidding(game, dealer=0)
    assert state.current_player == 1
    assert [a.text(game.pack) for a in state.legal_actions()] == ["bid 0", "bid 1", "bid 2"]
    state = state.apply("bid 2")
    assert state.current_player == 2
    assert all(state.view(p).bids == [None, 2, None] for p in range(3))
    assert state.view(0).events == [{"kind": "bid", "player": 1, "amount": 2}]
    state = state.apply("bid 0").apply("bid 1")
    assert state.view(1).bids == [1, 2, 0]
    assert state.view(1).phase != "bidding"
    assert state.current_player == 1  # play begins at the dealer's left
    assert [a.text(game.pack) for a in state.legal_actions()] == ["lead JS", "lead QS"]


def test_the_dealer_may_not_make_the_bids_add_up_to_the_tricks() -> None:
    game = _game()
    state = _bidding(game, dealer=2, bids=(1, 0, -1))
    assert state.current_player == 2
    assert [a.text(game.pack) for a in state.legal_actions()] == ["bid 0", "bid 2"]
    assert state.why_illegal(game.parse_action("bid 1")) == (
        "the dealer may not bid 1: the bids would add up to the 2 tricks of the deal")
    with pytest.raises(cardrules.IllegalActionError, match="the dealer may not bid 1"):
        state.apply("bid 1")


def test_without_the_hook_rule_the_dealer_bids_freely() -> None:
    game = _game(dealer_may_not_make_total=False)
    state = _bidding(game, dealer=2, bids=(1, 0, -1))
    assert len(state.legal_actions()) == 3


def test_refusals_name_the_rule() -> None:
    game = _game()
    state = _bidding(game)
    assert state.why_illegal(game.parse_action("bid 3")) == (
        "a bid is 0 to the 2 tricks of the deal, not 3")
    assert state.why_illegal(game.parse_action("lead AS")) == (
        "each player first bids the tricks they will take, from 'bid 0' to 'bid 2'")


def test_the_notation_round_trips_and_the_action_index_covers_every_bid() -> None:
    game = _game(players=3)
    space = game.action_space
    for k in range(game.variant.deal.largest(3) + 1):
        action = game.parse_action(f"bid {k}")
        assert action.amount == k and action.text(game.pack) == f"bid {k}"
        assert game.parse_action(action.text(game.pack)) == action
        assert space.action(space.index(action)) == action
    for bad in ("bid", "bid x", "bid -1", "bid 1 2", "bid AS", "bid 1000000"):
        with pytest.raises(cardrules.NotationError, match="one whole number"):
            game.parse_action(bad)


def test_bids_round_trip_through_json_and_setup() -> None:
    game = _game()
    state = _bidding(game, bids=(2, -1, -1))
    data = state.to_json()
    assert data["bids"] == [2, -1, -1]
    assert game.state_from_json(data).to_json() == data
    assert pickle.loads(pickle.dumps(state)).to_json() == data
    trick = game.setup(hands=["AS", "QS", "10S"], trump="H", leader=0, bids=[1, 0, 0])
    assert trick.view(2).bids == [1, 0, 0]
    with pytest.raises(cardrules.StateError, match="bids"):
        game.position(bids=[1, 2])


def test_observation_encodes_the_bids() -> None:
    game = _game()
    state = _bidding(game, dealer=0, bids=(-1, 2, -1))
    obs = game.observation
    values = dict(zip(obs.labels, obs.encode(state, 0)))
    assert values["bids[1]"] == 2 and values["bidders[1]"] == 1 and values["bidders[0]"] == 0
    assert values["phase:bidding"] == 1


def _play_out(state: cardrules.State) -> cardrules.State:
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize(("contract", "scores"), [
    ({}, (11, 10, 0)),  # made 1, made 0, missed 0 (took 0)
    ({"exact": 5, "per_trick": 2, "otherwise": 1, "per_trick_off": -3}, (7, 5, -2)),
])
def test_contract_scoring_replaces_the_deal_scores(contract: dict[str, Any],
                                                   scores: tuple[int, ...]) -> None:
    game = _game(contract=contract)
    state = game.setup(hands=["AS", "QS", "10S"], trump="H", leader=0, bids=[1, 0, 1])
    state = _play_out(state)
    assert state.result.scores == scores


def test_contract_scores_may_be_added_to_the_procedure_s() -> None:
    game = cardrules.load(_rules(
        scoring={"bands": {"took": {"min_tricks": 1, "score": 100}, "none": {"score": 0}}},
        phases=[{"bidding": {"contract": {"replace": False}}}]), players=3)
    state = _play_out(game.setup(hands=["AS", "QS", "10S"], trump="H", leader=0,
                                 bids=[1, 1, 0]))
    assert state.result.scores == (111, 0, 10)


def test_bids_are_public_and_views_leak_nothing() -> None:
    game = _game(players=4)
    state = game.new_deal(seed=11)
    rng = random.Random(3)
    while state.view(0).phase == "bidding":
        check_views(state, rng)
        state = state.apply(rng.choice(state.legal_actions()))
    bids = state.view(0).bids
    assert None not in bids and all(state.view(p).bids == bids for p in range(4))


def test_the_rules_in_english_include_the_phase() -> None:
    lines = describe(_game().variant)
    assert any(line.startswith("- After the deal each player in turn from the dealer's left "
                               "bids") and "may not bid so that the bids add up" in line
               for line in lines)


def test_a_game_the_phase_cannot_count_tricks_in_is_refused() -> None:
    with pytest.raises(cardrules.VariantError, match="bidding needs a deal without drawing"):
        cardrules.load({"extends": "bura", "patch": {"phases": ["bidding"]}})
    with pytest.raises(cardrules.VariantError, match="bidding needs a game of tricks"):
        cardrules.load({"extends": "bank", "patch": {"phases": ["bidding"]}})


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_matches_keep_every_contract(players: int) -> None:
    game = _game(players=players)
    for seed in range(2):
        report = check_playout(game, seed, match=True, leak_share=QUICK_LEAKS)
        assert report is not None


def _bot(name: str) -> Policy:
    bot = make_bot(QUICK_BOTS[name])

    def choose(state: cardrules.State, rng: random.Random) -> cardrules.Action:
        return act(bot, state, rng)

    return choose


def test_cardrules_check_passes() -> None:
    report = run_check(FIXTURE, games=15, seed=2, match_every=5,
                       policies={name: _bot(name) for name in QUICK_BOTS}, leak_share=QUICK_LEAKS)
    assert report.failure is None, report.failure


@pytest.mark.filterwarnings("ignore:Observation")
def test_the_learning_adapters_accept_the_game() -> None:
    """Fixed action and observation sizes (from the largest hand) hold for every deal of
    a match: OpenSpiel's and PettingZoo's own API tests pass."""
    pyspiel = pytest.importorskip("pyspiel")
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    import cardrules.adapters.openspiel  # noqa: F401  (registers python_cardrules)
    from cardrules.adapters.pettingzoo import CardrulesEnv

    pyspiel.random_sim_test(pyspiel.load_game("python_cardrules", {
        "variant": FIXTURE, "players": 4}), num_sims=3, serialize=False, verbose=False)
    api_test(CardrulesEnv(FIXTURE, players=3, match=True), num_cycles=200)
