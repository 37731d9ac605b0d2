"""Public entry points of the engine check their input, and no deal runs for ever
(reliability defects 2, 13, 22, 23 and 27; the deal-length bound)."""

from __future__ import annotations

import itertools
import random

import pytest
from bank_support import bank, hand
from bura_support import bura, position

import cardrules
from cardrules.errors import ArgumentError, DealTooLongError, IllegalActionError, StateError


@pytest.mark.parametrize(("variant", "players"), [
    ("bank", 2), ("bura", 2), ("durak", 2), ("president", 3), ("crazy_eights", 2),
    ("blackjack", 1), ("kuhn-poker", 2), ("three-card-brag", 3), ("gin-rummy", 2),
    ("casino", 2), ("cribbage", 2)])
@pytest.mark.parametrize("player", [-1, "players", 1.0, True, "0"])
def test_views_and_resampling_refuse_players_that_are_not_seats(variant: str, players: int,
                                                                player: object) -> None:
    """Defect 2: view(-1) wrapped around to the last seat's private view (one game of each
    family whose state is compiled, whose views take any object as their player)."""
    game = cardrules.load(variant, players=players)
    seat = players if player == "players" else player
    for state in (game.new_deal(seed=1), game.new_match(seed=1)):
        with pytest.raises(ArgumentError, match=r"player|integer"):
            state.view(seat)  # type: ignore[arg-type]
        with pytest.raises(ArgumentError, match=r"player|integer"):
            state.resample(seat, random.Random(0))  # type: ignore[arg-type]


def test_a_finished_game_has_no_view_for_its_current_player() -> None:
    game = cardrules.load("bank", players=2)
    state = game.new_deal(seed=4)
    rng = random.Random(4)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.current_player == -1
    with pytest.raises(ArgumentError, match="once the game is over"):
        state.view(state.current_player)


@pytest.mark.parametrize("thing", [None, 3, ["play", "9H"], object()])
def test_apply_refuses_what_is_not_an_action(thing: object) -> None:
    """Defect 23: apply() of a non-action raised AttributeError or TypeError."""
    state = cardrules.load("bura", players=2).new_deal(seed=1)
    with pytest.raises(IllegalActionError, match="an action is an Action or its text"):
        state.apply(thing)  # type: ignore[arg-type]


def test_apply_with_a_player_that_is_not_a_seat_number_is_refused() -> None:
    state = cardrules.load("bank", players=2).new_deal(seed=1)
    with pytest.raises(IllegalActionError, match="not to move"):
        state.apply(state.legal_actions()[0], player="0")  # type: ignore[arg-type]


def test_a_huge_notation_gives_a_short_error() -> None:
    """Defect 23: a 100,000-card notation produced a 300 kB message."""
    state = cardrules.load("bank", players=2).new_deal(seed=1)
    with pytest.raises(cardrules.CardrulesError) as caught:
        state.apply("play " + " ".join(["9H"] * 100_000))
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize("order", list(itertools.permutations(["9H", "9S", "9D"])))
def test_b13_the_order_of_the_buried_cards_does_not_matter(order: tuple[str, ...]) -> None:
    """Defect 27 (B13): four of a kind in any order of the buried cards is the same move,
    with the last card written on top."""
    game = bank(2, trumps="none")
    state = game.setup(hands=["9H 9S 9D 9C 6S", "7S 7H"], pile="AD", stock="8S 8H")
    after = state.apply("play " + " ".join((*order, "9C")))
    assert after.top == game.pack.parse("9C")
    assert hand(after, 0) == {"6S"}


def test_b13_a_group_with_cards_not_held_names_that_reason() -> None:
    game = bank(2, trumps="none")
    state = game.setup(hands=["9H 9S 9D 9C 6S", "7S 7H"], pile="AD", stock="8S 8H")
    with pytest.raises(IllegalActionError, match="does not hold"):
        state.apply("play 9H 9S 9D 9C 6S 7S")


@pytest.mark.parametrize(("position", "message"), [
    ({"hands": ["9H", "7S", "6C"], "current": 5}, "current: 5 is not a seat"),
    ({"hands": ["9H", "7S", "6C"], "current": -1}, "current: -1 is not a seat"),
    ({"hands": ["9H", "7S", "6C"], "phase": "dancing"}, "'dancing' is not one of"),
    ({"hands": ["9H", "7S", "6C"], "scores": [1, 2]}, "scores: expected 3 entries"),
    ({"hands": ["", "7S", "6C"], "current": 0}, "to move with no cards"),
    ({"hands": ["9H", "7S", "6C"], "dealer": 3}, "dealer: 3 is not a seat"),
])
def test_setup_checks_the_position_like_a_state_read_from_json(position: dict[str, object],
                                                               message: str) -> None:
    """Defect 22: game.setup() checked none of seat, phase, scores or empty hands."""
    game = bank(3, trump_assignment="seat")
    with pytest.raises(StateError, match=message):
        game.setup(pile="AS", stock="KS", **position)


def test_tricks_setup_refuses_a_leader_with_no_cards() -> None:
    game = bura(2)
    with pytest.raises(StateError, match="to play with no cards"):
        position(game, "", "AS KS", leader=0)
    with pytest.raises(StateError, match="leader: 4 is not a seat"):
        position(game, "AH", "AS KS", leader=4)


@pytest.mark.parametrize("variant", ["bank", "bura"])
def test_a_deal_past_the_move_limit_raises_naming_the_rule_file(variant: str) -> None:
    """A deal that would go on for ever raises instead (the bound is derived from the
    rules: see Procedure.move_limit)."""
    game = cardrules.load(variant, players=2)
    state = game.new_deal(seed=3)
    game.move_limit = 5
    with pytest.raises(DealTooLongError, match=f"a deal of {variant} has gone on for 5"):
        for _ in range(6):
            state = state.apply(state.legal_actions()[0])


@pytest.mark.parametrize(("variant", "players"), [("bank", 2), ("bank", 4), ("bura", 2),
                                                  ("bura", 4)])
def test_real_deals_stay_well_inside_the_move_limit(variant: str, players: int) -> None:
    game = cardrules.load(variant, players=players)
    longest = 0
    for seed in range(30):
        state = game.new_deal(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        longest = max(longest, state.moves)  # type: ignore[attr-defined]
    assert 0 < longest < game.move_limit // 2
