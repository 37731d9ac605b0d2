"""The built-in widow phase: the declarer (whom a phase before made so) takes the undealt
cards into hand, shown to everyone first or not, then discards some face down (counted
for the declarer or for no one) or gives one card face down to each other player.
Scenarios on the fixture tests/fixtures/widow_tricks.yaml (an auction, then a widow of
two discarded), then randomised games under every invariant check."""

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
from cardrules.tools.describe import describe

FIXTURE = str(Path(__file__).parent / "fixtures" / "widow_tricks.yaml")
AUCTION = {"auction": {"opening": 60, "step": 10, "max": 120, "declarer_leads": True}}


def _game(**section: Any) -> cardrules.Game:
    """The fixture with the widow section replaced by ``section`` (if given)."""
    if not section:
        return cardrules.load(FIXTURE)
    data: dict[str, Any] = yaml.safe_load(Path(FIXTURE).read_text())
    return cardrules.load({**data, "phases": [AUCTION, {"widow": section}]})


def _declared(game: cardrules.Game, seed: int = 1) -> cardrules.State:
    """A fresh deal (dealer seat 2) whose auction seat 0 won with 60."""
    state = game.new_match(seed=seed, dealer=2).deal
    return play(state, "bid 60", "pass", "pass")


def _labels(state: cardrules.State) -> list[str]:
    return [a.text(state.game.pack) for a in state.legal_actions()]


def test_the_declarer_takes_the_widow_unseen_by_the_others() -> None:
    game = _game()
    before = game.new_match(seed=1, dealer=2).deal
    widow = set(game.pack.names(game.pack.cards_of(before.zones()["stock"])))
    assert len(widow) == 2
    state = play(before, "bid 60", "pass", "pass")
    assert state.current_player == 0 and state.hands[0].bit_count() == 12
    assert not state.zones()["stock"]
    assert set(state.view(0).widow) == widow
    assert state.view(1).widow == 2 and state.view(2).widow == 2  # a count only
    assert all(isinstance(e.get("cards"), int) for e in state.view(1).events
               if e["kind"] == "widow")
    assert sorted(_labels(state)) == sorted(f"discard {c}" for c in game.pack.names(
        game.pack.cards_of(state.hands[0])))


def test_the_declarer_discards_two_one_at_a_time_then_leads() -> None:
    state = _declared(_game())
    first, second = _labels(state)[:2]
    assert "discards 2 more card(s)" in refused(state, "pass", "W2")
    assert "one card at a time" in refused(state, f"{first} {second[-2:]}", "W2")
    elsewhere = next(c for c in state.game.pack.names(range(32))
                     if not state.hands[0] >> state.game.pack.parse(c) & 1)
    assert "from your hand" in refused(state, f"discard {elsewhere}", "W2")
    state = state.apply(first)
    assert state.view(0).widow_discard == [[first[8:]], 0, 0]
    assert state.view(1).widow_discard == [1, [], 0]  # a count to the others
    assert state.current_player == 0 and len(_labels(state)) == 11
    state = state.apply(second)
    assert state.hands[0].bit_count() == 10
    assert state.current_player == 0 and _labels(state)[0].startswith("lead ")


def test_the_discard_counts_as_taken_by_the_declarer_or_by_nobody() -> None:
    for counts, expected in (("declarer", 1), ("nobody", 0)):
        game = _game(discard=2, counts_for=counts)
        state = _declared(game, seed=3)
        aces = [a for a in state.legal_actions() if game.pack.value(a.cards[0]) >= 10]
        laid = (aces + list(state.legal_actions()))[:2]
        worth = sum(game.pack.value(a.cards[0]) for a in laid)
        assert worth > 0
        state = play(state, *(a.text(game.pack) for a in laid))
        while not state.is_over:
            state = state.apply(state.legal_actions()[0])
        points = state.result.details["points"]
        taken = sum(game.pack.value(c) for c in game.pack.cards_of(state.won[0]))
        assert points[0] == taken + expected * worth
        assert sum(points) == 120 - (1 - expected) * worth


def test_a_deal_everyone_passes_skips_the_widow() -> None:
    game = _game()
    end = play(game.new_match(seed=1, dealer=2).deal, "pass", "pass", "pass")
    assert end.is_over and end.zones()["stock"].bit_count() == 2


def test_a_shown_widow_is_seen_by_everyone() -> None:
    game = _game(shown=True, discard=2)
    state = _declared(game)
    shown = state.view(0).widow
    assert len(shown) == 2 and state.view(1).widow == shown == state.view(2).widow
    assert all(not e.get("private") for e in state.view(2).events if e["kind"] == "widow")
    assert "turned face up for all to see" in "\n".join(describe(game.variant))


def test_giving_one_card_to_each_other_player_from_the_left() -> None:
    game = _game(give="one_each")
    state = _declared(game)
    assert _labels(state)[0].startswith("give ")
    assert "gives a card to player 1" in refused(state, "pass", "W2")
    first, second = (a.cards[0] for a in state.legal_actions()[:2])
    state = state.apply(state.legal_actions()[0])
    assert state.hands[1] >> first & 1 and state.current_player == 0
    assert "gives a card to player 2" in refused(state, "pass", "W2")
    state = state.apply(next(a for a in state.legal_actions() if a.cards[0] == second))
    assert state.hands[2] >> second & 1
    assert [h.bit_count() for h in state.hands] == [10, 11, 11]
    assert state.view(0).widow_given == [game.pack.name(first), game.pack.name(second)]
    assert state.view(1).widow_given == []
    assert not any(isinstance(e.get("cards"), list) for e in state.view(2).events
                   if e["kind"] == "give")
    assert "gives one card face down to each other player" in \
        "\n".join(describe(game.variant))


def test_states_of_the_widow_round_trip_through_json_and_resample() -> None:
    game = _game()
    state = _declared(game)
    rng = random.Random(0)
    for _ in range(4):
        assert game.state_from_json(state.to_json()) == state
        for player in range(3):
            other = state.resample(player, rng)
            assert other.view(player) == state.view(player)
        state = state.apply(state.legal_actions()[0])


def test_positions_the_widow_cannot_reach_are_refused() -> None:
    game = _game()
    names = game.pack.names(range(32))
    hands = [" ".join(names[12 * p:12 * p + 12]) if p == 0 else
             " ".join(names[12 + 10 * (p - 1):22 + 10 * (p - 1)]) for p in range(3)]

    def position(current: int, declarer: int, stock: list[str]) -> cardrules.State:
        return game.position(hands=hands, stock=stock, dealer=2, stage=1, current=current,
                             leader=0, auction_bid=60 if declarer >= 0 else 0,
                             auction_declarer=declarer, auction_passed=[0, 1, 1])

    state = position(0, 0, [])
    assert len(state.legal_actions()) == 12
    with pytest.raises(cardrules.StateError, match="not the declarer"):
        position(1, 0, [])
    with pytest.raises(cardrules.StateError, match="no taker"):
        position(0, -1, [])


def test_the_heuristic_lays_away_the_cards_worth_least() -> None:
    game, phase = _game(), find("widow")
    settings = phase.settings({"discard": 2})
    for seed in range(1, 8):
        state = _declared(game, seed)
        view = state.view(0)
        scorer = phase.move_scorer(view, settings, state.legal_actions())
        best = max(state.legal_actions(), key=scorer)
        assert game.pack.value(best.cards[0]) == min(
            game.pack.value(a.cards[0]) for a in state.legal_actions())


def test_incoherent_settings_are_refused_at_load() -> None:
    data: dict[str, Any] = yaml.safe_load(Path(FIXTURE).read_text())
    with pytest.raises(cardrules.VariantError, match="makes a declarer"):
        cardrules.load({**data, "phases": [{"widow": {"discard": 2}}]})
    with pytest.raises(cardrules.VariantError):
        _game(discard=2, give="one_each")
    assert _game(shown=True).variant.phases  # neither: the declarer only takes it
    with pytest.raises(cardrules.VariantError, match="more than once"):
        cardrules.load({**data, "phases": [AUCTION, {"widow": {"discard": 2}},
                                           {"widow": {"discard": 2}}]})


def test_cardrules_check_passes() -> None:
    report = run_check(FIXTURE, games=4, seed=3, match_every=2, leak_share=QUICK_LEAKS)
    assert report.failure is None, report.failure
    data = yaml.safe_load(Path(FIXTURE).read_text())
    for section in ({"shown": True, "give": "one_each"}, {"shown": True, "discard": 2}):
        data["phases"] = [AUCTION, {"widow": section}]
        report = run_check(data, games=3, seed=5, match_every=2, leak_share=QUICK_LEAKS)
        assert report.failure is None, (section, report.failure)
