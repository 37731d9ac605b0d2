"""The engine's contract, checked on Bank: playouts with invariants, Hypothesis
properties over seeds and action sequences, replay and JSON round-trips."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rule_support import QUICK_LEAKS

import cardrules
from cardrules import GameRecord, IllegalActionError, NotationError, RecordError, StateError
from cardrules.cards import mask_of
from cardrules.tools.conformance import check_cards, check_json, check_playout, check_views

GAMES = {n: cardrules.load("bank", players=n) for n in (2, 3, 4)}


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(4))
def test_checked_playout(players: int, seed: int) -> None:
    report = check_playout(GAMES[players], seed, leak_share=QUICK_LEAKS)
    assert report.actions > 0


def test_checked_match_playout() -> None:
    game = cardrules.load("bank", players=3, options={"target": 80})
    report = check_playout(game, 5, match=True, leak_share=QUICK_LEAKS)
    assert report.deals >= 1


@settings(max_examples=40, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32),
       picks=st.lists(st.integers(0, 1000), max_size=120))
def test_any_action_sequence_keeps_invariants(players: int, seed: int, picks: list[int]) -> None:
    game = GAMES[players]
    state = game.new_deal(seed)
    rng = random.Random(seed)
    for pick in picks:
        if state.is_over:
            break
        legal = state.legal_actions()
        before = state.to_json()
        new = state.apply(legal[pick % len(legal)])
        assert state.to_json() == before, "apply must not change the old state"
        state = new
        check_cards(state)
    check_json(state)
    check_views(state, rng)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_same_seed_same_game(seed: int) -> None:
    game = GAMES[4]
    a, b = game.new_deal(seed), game.new_deal(seed)
    assert a == b and a.to_json() == b.to_json()
    while not a.is_over:
        action = a.legal_actions()[-1]
        a, b = a.apply(action), b.apply(action)
        assert a == b


def test_notation_round_trips_for_every_legal_action() -> None:
    game = GAMES[3]
    state = game.new_deal(11)
    rng = random.Random(0)
    while not state.is_over:
        for action in state.legal_actions():
            text = state.describe(action)
            assert game.parse_action(text) == action
        state = state.apply(rng.choice(state.legal_actions()))


def test_illegal_action_is_refused_and_names_the_rule() -> None:
    game = cardrules.load("bank", players=2, options={"trumps": "none"})
    state = game.setup(hands=["9H 7S", "AS KD"], pile="JH 10H", stock="KS 7H", owner=1)
    with pytest.raises(IllegalActionError, match=r"does not beat 10H \(B8-B11\)"):
        state.apply("play 9H")
    with pytest.raises(IllegalActionError, match="does not hold"):
        state.apply("play AH")
    assert [state.describe(a) for a in state.legal_actions()] == ["draw"]


def test_garbage_notation_is_a_notation_error() -> None:
    game = GAMES[2]
    for text in ("", "fly", "play", "play ZZ", "trump X", "draw 9H"):
        with pytest.raises(NotationError):
            game.parse_action(text)


def test_record_replays_to_identical_states_after_json() -> None:
    game = GAMES[4]
    report = check_playout(game, 42, views=False, leak_share=QUICK_LEAKS)
    text = json.dumps(report.record.to_json())
    states = game.replay(GameRecord.from_json(json.loads(text)))
    assert states[-1].is_over
    assert cardrules.replay(game, report.record) == states


def test_record_from_other_rules_is_refused() -> None:
    report = check_playout(GAMES[2], 1, views=False, leak_share=QUICK_LEAKS)
    other = cardrules.load("bank", players=2, options={"seven": "nothing"})
    with pytest.raises(RecordError, match="other rules"):
        other.replay(report.record)
    with pytest.raises(RecordError, match="format"):
        GameRecord.from_json({"format": 99})


def test_records_from_the_earlier_shuffle_are_refused_not_replayed_wrongly() -> None:
    data = check_playout(GAMES[2], 3, views=False, leak_share=QUICK_LEAKS).record.to_json()
    assert data["format"] == 2
    with pytest.raises(RecordError, match=r"format 1, .* shuffled differently"):
        GameRecord.from_json({**data, "format": 1})


def test_tampered_state_json_is_refused() -> None:
    game = GAMES[2]
    data = game.new_deal(3).to_json()
    if data["phase"] == "deal":  # own trumps being chosen
        data = game.new_deal(3).apply("trump S").apply("trump H").to_json()
    data["hands"][0].append(data["hands"][1][0])
    with pytest.raises(StateError, match="two zones"):
        game.state_from_json(data)
    with pytest.raises(RecordError):
        game.state_from_json({"procedure": "other"})


def test_state_from_other_rules_is_not_equal() -> None:
    """Same position, other rules (an option that the deal's fields do not show)."""
    a = GAMES[2].new_deal(1)
    b = cardrules.load("bank", players=2, options={"target": 50}).new_deal(1)
    assert a.to_json() == b.to_json()
    assert a != b


def test_states_of_the_same_rules_loaded_twice_are_equal() -> None:
    """Reliability item 3: equality needed the very same Game object."""
    a = GAMES[2].new_deal(1)
    b = cardrules.load("bank", players=2).new_deal(1)
    assert a == b and hash(a) == hash(b)


def test_players_out_of_range() -> None:
    with pytest.raises(cardrules.CardrulesError, match="2 to 4 players"):
        cardrules.load("bank", players=5)




def test_a_deal_from_a_given_order_deals_from_its_end() -> None:
    game = cardrules.load("bura", players=2)
    order = list(range(36))
    state = game.new_deal(0, dealer=1, order=order)
    # One card at a time from the dealer's left: player 0 gets 35, 33, 31, 29 (U3).
    assert game.pack.cards_of(state.zones()["hand0"]) == game.pack.cards_of(
        mask_of([35, 33, 31, 29]))
    assert game.new_deal(5, dealer=1, order=order).to_json() == state.to_json()
    with pytest.raises(StateError, match="each of the 36 cards"):
        game.new_deal(0, order=order[:-1])
    with pytest.raises(StateError, match="each of the 36 cards"):
        game.new_deal(0, order=[0, *order[1:-1], 0])
    with pytest.raises(StateError, match="dealer 2 is not a seat"):
        game.new_deal(0, dealer=2)


def test_plain_legality_is_worked_out_once_per_game() -> None:
    """A game's legal actions are the procedure's own, asked nothing more, unless a hook
    narrows them (Gin Rummy's) or a face has copies to list by face (UNO, Pesten)."""
    assert cardrules.load("hearts").plain_legality and cardrules.load("bank").plain_legality
    for name in ("gin-rummy", "uno", "pesten"):
        assert not cardrules.load(name).plain_legality, name


def test_the_opening_seat_is_laid_out_once_per_dealer() -> None:
    """``Turns.opening`` reads a table made when the game loads; it is what the turn order
    says for a deal with no leader yet, for every dealer and every way round."""
    from cardrules.engine.turns import COUNTER_CLOCKWISE, DEALERS_LEFT, Seating, Turns
    for order in (DEALERS_LEFT, COUNTER_CLOCKWISE):
        for players in (2, 3, 4, 6):
            turns = Turns.of(order, players)
            assert [turns.opening(d) for d in range(players)] == \
                [order.first(Seating(players=players, dealer=d)) for d in range(players)]


@pytest.mark.parametrize(("name", "players"), [("hearts", 4), ("bura", 2), ("bank", 2),
                                                ("crazy-eights", 3), ("mau-mau", 2)])
def test_a_seats_hand_is_its_hand_zone(name: str, players: int) -> None:
    """``hand(seat)``, which the tricks and shedding states read straight from their hands
    field, is the ``hand`` zone's cards of that seat at every step of random deals."""
    game = cardrules.load(name, players=players)
    rng = random.Random(4)
    for seed in range(3):
        state = game.new_deal(seed)
        while not state.is_over:
            for seat in range(players):
                assert state.hand(seat) == state.cards("hand", seat)  # type: ignore[attr-defined]
            state = state.apply(rng.choice(state.legal_actions()))
