"""The built-in auction phase: players in turn pass or bid points higher than the current
bid (an opening, steps, an upper bound, a forced opening); a player who passed is out of
the auction; the last bidder declares the last bid, shown to everyone; a deal everyone
passes is thrown in; the declarer may lead first.  Scenarios on the fixture
tests/fixtures/auction_tricks.yaml, then randomised games under every invariant check."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import yaml
from rule_support import QUICK_LEAKS, play, refused

import cardrules
from cardrules.phases import find
from cardrules.tools.check import run_check
from cardrules.tools.cli import main
from cardrules.tools.describe import describe

FIXTURE = str(Path(__file__).parent / "fixtures" / "auction_tricks.yaml")
BASE = {"opening": 100, "step": 5, "max": 120, "declarer_leads": True}


def _game(**section: Any) -> cardrules.Game:
    """The fixture with the auction section replaced by ``section`` (if given)."""
    if not section:
        return cardrules.load(FIXTURE)
    data: dict[str, Any] = yaml.safe_load(Path(FIXTURE).read_text())
    return cardrules.load({**data, "phases": [{"auction": section}]})


def _dealt(game: cardrules.Game, seed: int = 1) -> cardrules.State:
    """A fresh deal, the dealer seat 2, so seat 0 speaks first."""
    state = game.new_match(seed=seed, dealer=2).deal
    assert state.current_player == 0
    return state


def _labels(state: cardrules.State) -> list[str]:
    return [a.text(state.game.pack) for a in state.legal_actions()]


def test_players_pass_or_bid_higher_in_steps_from_the_opening_up_to_the_max() -> None:
    game = _game()
    state = _dealt(game)
    assert _labels(state) == ["pass", "bid 100", "bid 105", "bid 110", "bid 115", "bid 120"]
    state = state.apply("bid 105")
    assert state.current_player == 1
    assert _labels(state) == ["pass", "bid 110", "bid 115", "bid 120"]
    refused(state, "bid 105", "A1")  # not higher
    refused(state, "bid 112", "A1")  # not a step
    refused(state, "bid 125", "A1")  # above max
    assert "higher than the current bid, 105" in refused(state, "bid 100", "A1")
    state = state.apply("bid 120")
    assert _labels(state) == ["pass"]  # nothing is higher than the max
    assert "only pass" in refused(state, "lead 9S", "A1")


def test_a_player_who_passed_may_not_bid_again_and_the_turn_skips_them() -> None:
    state = play(_dealt(_game()), "pass", "bid 100")
    assert state.current_player == 2
    state = state.apply("bid 105")
    assert state.current_player == 1  # seat 0 passed: skipped
    state = state.apply("bid 110")
    assert state.current_player == 2
    assert not state.is_over


def test_the_last_bidder_declares_the_last_bid_seen_by_all_and_leads() -> None:
    game = _game()
    state = play(_dealt(game), "bid 100", "pass", "bid 110")
    assert [state.view(p).declarer for p in range(3)] == [2] * 3
    assert [state.view(p).contract for p in range(3)] == [110] * 3
    state = state.apply("pass")  # all but one have passed
    assert all(state.view(p).declarer == 2 and state.view(p).contract == 110
               and state.view(p).auction_passed == [0, 1] for p in range(3))
    assert state.current_player == 2  # the declarer leads (declarer_leads)
    assert _labels(state)[0].startswith("lead ")
    observation = game.observation
    encoded = dict(zip(observation.labels, observation.encode(state, 1)))
    assert encoded["contract"] == 110  # a learning agent's observation has them too
    assert sum(v for label, v in encoded.items() if label.startswith("declarer")) == 1
    assert sum(v for label, v in encoded.items() if label.startswith("auction_passed")) == 2


def test_without_declarer_leads_the_usual_first_leader_leads() -> None:
    game = _game(**{**BASE, "declarer_leads": False})
    state = play(_dealt(game), "bid 100", "pass", "bid 110", "pass")
    assert state.view(0).declarer == 2 and state.current_player == 0


def test_after_two_passes_the_last_to_speak_may_still_bid_and_declares_at_once() -> None:
    state = play(_dealt(_game()), "pass", "pass")
    assert state.current_player == 2 and not state.is_over
    state = state.apply("bid 100")
    assert state.view(0).declarer == 2 and state.view(0).contract == 100
    assert state.current_player == 2 and _labels(state)[0].startswith("lead ")


def test_a_forced_opening_may_not_be_passed() -> None:
    game = _game(**{**BASE, "forced_opening": True})
    state = _dealt(game)
    assert _labels(state)[0] == "bid 100"
    assert "may not pass" in refused(state, "pass", "A1")
    state = play(state, "bid 100", "pass", "pass")
    assert state.view(1).declarer == 0 and state.view(1).contract == 100
    assert "the first to speak may not pass" in "\n".join(describe(game.variant))


def test_a_deal_everyone_passes_is_thrown_in_and_reads_back() -> None:
    game = _game()
    end = play(_dealt(game), "pass", "pass", "pass")
    assert end.is_over and end.result is not None
    assert list(end.result.scores) == [0, 0, 0]
    assert [h.bit_count() for h in end.hands] == [8] * 3 and not any(end.tricks)
    assert end.view(0).declarer is None and end.view(0).contract is None
    assert game.state_from_json(end.to_json()) == end
    rng = random.Random(0)
    for player in range(3):
        other = end.resample(player, rng)
        assert other.is_over and other.hands[player] == end.hands[player]
    match = play(game.new_match(seed=1, dealer=2), "pass", "pass", "pass")
    assert match.deal.dealer == 0 and match.deal.current_player == 1  # the next deal


def test_states_during_and_after_the_auction_round_trip_through_json() -> None:
    game = _game()
    state = _dealt(game)
    for action in ("bid 100", "pass", "bid 115", "pass", None):
        state = state.apply(action or state.legal_actions()[0])  # None: the first lead
        assert game.state_from_json(state.to_json()) == state


def test_the_order_setting_says_who_speaks_first_and_which_way() -> None:
    game = _game(**{**BASE, "order": "counter_clockwise"})
    state = game.new_match(seed=1, dealer=2).deal
    assert state.current_player == 1  # the dealer's right
    state = play(state, "bid 100", "pass")
    assert state.current_player == 2 and state.view(2).auction_passed == [0]
    assert "in turn (" in "\n".join(describe(game.variant))


def test_positions_the_auction_cannot_reach_are_refused() -> None:
    game = _game()
    hands = [" ".join(game.pack.names(range(game.pack.size))[8 * p:8 * p + 8])
             for p in range(3)]

    def position(current: int, bid: int, declarer: int, passed: list[int]) -> cardrules.State:
        return game.position(hands=hands, stock=[], dealer=2, stage=0, current=current,
                             leader=0, auction_bid=bid, auction_declarer=declarer,
                             auction_passed=passed)

    state = position(1, 105, 0, [0, 0, 0])
    assert [a.text(game.pack) for a in state.legal_actions()][:2] == ["pass", "bid 110"]
    bad = [((1, 105, -1, [0, 0, 0]), "a bid needs a bidder"),
           ((1, 107, 0, [0, 0, 0]), "107 is not a bid"),
           ((1, 105, 0, [1, 0, 0]), "the highest bidder, player 0, has passed"),
           ((1, 105, 0, [0, 1, 0]), "player 1, to act, has passed"),
           ((0, 105, 0, [0, 1, 1]), "the auction is over")]
    for args, words in bad:
        with pytest.raises(cardrules.StateError, match=words):
            position(*args)


def test_the_opening_and_step_settings_shape_the_bids() -> None:
    game = _game(opening=60, step=10, max=90)
    state = _dealt(game)
    assert _labels(state) == ["pass", "bid 60", "bid 70", "bid 80", "bid 90"]
    assert "a multiple of 10" in refused(state, "bid 65", "A1")
    assert "at least 60" in refused(state, "bid 50", "A1")


def test_the_rules_text_says_what_the_auction_does() -> None:
    text = "\n".join(describe(_game().variant))
    assert ("passes or bids a number of points higher than the current bid: the first bid "
            "at least 100, every bid 100 plus a multiple of 5, none above 120; if all pass, "
            "the deal is thrown in and nobody scores") in text
    assert "A player who passed may not bid again." in text
    assert "the last bidder is the declarer and the last bid the contract" in text
    assert "The declarer leads to the first trick." in text


def test_cli_rules_says_what_the_auction_does(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", FIXTURE]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "passes or bids a number of points higher than the current bid" in out
    assert "the last bidder is the declarer and the last bid the contract" in out
    assert "The declarer leads to the first trick." in out


def test_the_heuristic_bids_within_the_hand_s_points_else_passes() -> None:
    """A hand is reckoned to win its card points twice over: it bids the lowest bid while
    that is within the estimate, else passes."""
    section = {"opening": 80, "step": 5, "max": 120}
    game, phase = _game(**section), find("auction")
    settings = phase.settings(section)
    points = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
    chosen = set()
    for seed in range(1, 30):
        state = _dealt(game, seed)
        view = state.view(0)
        held = sum(points.get(str(c)[:-1], 0) for c in view.hands[0])
        scorer = phase.move_scorer(view, settings, state.legal_actions())
        best = max(state.legal_actions(), key=scorer).text(game.pack)
        assert best == ("bid 80" if 2 * held >= 80 else "pass"), (held, best)
        chosen.add(best)
    assert chosen == {"bid 80", "pass"}


def test_incoherent_settings_are_refused_at_load() -> None:
    with pytest.raises(cardrules.VariantError, match="below its opening"):
        _game(opening=100, max=90)
    data: dict[str, Any] = yaml.safe_load(Path(FIXTURE).read_text())
    twice = {**data, "phases": [{"auction": BASE}, {"auction": BASE}]}
    with pytest.raises(cardrules.VariantError, match="more than once"):
        cardrules.load(twice)


def test_cardrules_check_passes() -> None:
    report = run_check(FIXTURE, games=6, seed=3, match_every=3, leak_share=QUICK_LEAKS)
    assert report.failure is None, report.failure
    forced = yaml.safe_load(Path(FIXTURE).read_text())
    forced["phases"] = [{"auction": {**BASE, "forced_opening": True}}]
    report = run_check(forced, games=4, seed=5, match_every=2, leak_share=QUICK_LEAKS)
    assert report.failure is None, report.failure


# needs, contract and the raise phase -----------------------------------------------------

MARRIAGE = {"above": 120, "holding": {"name": "marriage", "size": 2, "ranks": ["K", "Q"],
                                      "same_suit": True}}


def _married(state: cardrules.State) -> bool:
    """Whether the player to act holds the K and Q of a suit."""
    held = state.view(state.current_player).hands[state.current_player]
    return any({f"K{s}", f"Q{s}"} <= set(held) for s in "SCDH")


def test_needs_allows_a_bid_above_the_threshold_only_with_the_holding() -> None:
    game = _game(**{**BASE, "max": 200, "needs": MARRIAGE})
    seen = set()
    for seed in range(12):
        state = _dealt(game, seed)
        married = _married(state)
        seen.add(married)
        assert ("bid 125" in _labels(state)) == married
        assert _labels(state)[-1] == ("bid 200" if married else "bid 120")
        if not married:
            assert "needs a marriage in hand" in refused(state, "bid 125", "A1")
    assert seen == {True, False}


def test_contract_scores_the_declarer_plus_or_minus_the_bid_and_the_others_rounded() -> None:
    game = _game(**{**BASE, "contract": {"defenders": "points", "round_to": 5}})
    for seed in range(6):
        state = play(_dealt(game, seed), "bid 100", "pass", "pass")
        rng = random.Random(seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        points = state.view(0).points
        made = 100 if points[0] >= 100 else -100
        assert state.result.scores == (made, *(5 * ((2 * p + 5) // 10) for p in points[1:]))


def test_the_raise_phase_lets_the_declarer_raise_the_contract_or_keep_it() -> None:
    data: dict[str, Any] = yaml.safe_load(Path(FIXTURE).read_text())
    data["phases"] = [{"auction": {**BASE, "max": 150}}, {"raise": {}}]
    data["references"] = {"auction": "A1", "raise": "A2"}
    game = cardrules.load(data)
    state = play(_dealt(game), "bid 100", "pass", "pass")
    assert state.current_player == 0
    assert _labels(state)[:3] == ["pass", "raise 105", "raise 110"]
    assert _labels(state)[-1] == "raise 150"
    refused(state, "raise 100", "A2")
    refused(state, "bid 105", "A2")
    assert state.apply("raise 130").view(1).contract == 130
    assert state.apply("pass").view(1).contract == 100
    assert "raise the contract" in "\n".join(describe(game.variant))


def test_the_raise_phase_needs_an_auction_before_it() -> None:
    data: dict[str, Any] = yaml.safe_load(Path(FIXTURE).read_text())
    data["phases"] = [{"raise": {}}]
    with pytest.raises(cardrules.VariantError, match="raise needs an auction listed before"):
        cardrules.load(data)
