"""Turn order as data (:mod:`cardrules.engine.turns`): the orders, read from a phase's
section, and the built-in phases that take one (bidding, pass_cards, choose_trump), whose
default order (from the dealer's left, clockwise) is unchanged."""

from __future__ import annotations

from typing import Any

import pytest

import cardrules
from cardrules.engine.turns import (
    DEALERS_LEFT,
    Direction,
    Seating,
    Start,
    TurnOrder,
    Turns,
    read_order,
)
from cardrules.tools.describe import describe


@pytest.mark.parametrize(("raw", "seats"), [
    (None, (3, 4, 0, 1, 2)), ("clockwise", (3, 4, 0, 1, 2)),
    ("counter_clockwise", (1, 0, 4, 3, 2)), ("dealer", (2, 3, 4, 0, 1)),
    ("dealer_right", (1, 2, 3, 4, 0)), ("leader", (4, 0, 1, 2, 3)),
    ("winner", (0, 1, 2, 3, 4)), ({"from": 1}, (1, 2, 3, 4, 0)),
    ({"from": "dealer", "direction": "counter_clockwise"}, (2, 1, 0, 4, 3)),
])
def test_each_order_gives_every_seat_once_in_turn(raw: Any, seats: tuple[int, ...]) -> None:
    order = read_order(raw)
    table = Seating(players=5, dealer=2, leader=4, winner=0)
    assert order.seats(table) == seats
    assert order.first(table) == seats[0] and order.last(table) == seats[-1]
    assert [order.after(s, 5) for s in seats[:-1]] == list(seats[1:])


def test_the_winner_before_any_trick_is_the_leader_and_a_hook_names_the_first() -> None:
    assert TurnOrder(start=Start.WINNER).first(Seating(players=3, dealer=0, leader=2)) == 2
    hooked = TurnOrder(start=Start.HOOK, hook=lambda s: s.dealer + 2,
                       direction=Direction.COUNTER_CLOCKWISE)
    assert hooked.seats(Seating(players=4, dealer=3)) == (1, 0, 3, 2)
    assert read_order(None) is DEALERS_LEFT


def _bidding(order: str | None) -> cardrules.Game:
    phase: dict[str, Any] = {"dealer_may_not_make_total": True}
    if order is not None:
        phase["order"] = order
    return cardrules.load({"extends": "oh-hell", "patch": {"phases": [{"bidding": phase}]}},
                          players=4)


@pytest.mark.parametrize(("order", "step", "offset"), [
    (None, 1, 1), ("counter_clockwise", -1, -1), ("dealer", 1, 0)])
def test_bidding_goes_round_in_its_order_and_the_last_bidder_is_bound(
        order: str | None, step: int, offset: int) -> None:
    game = _bidding(order)
    state = game.new_deal(6)
    dealer = state.view(0)["dealer"]
    asked = []
    while state.view(0).get("phase") == "bidding":
        asked.append(state.current_player)
        state = state.apply(state.legal_actions()[-1])
    assert asked == [(dealer + offset + step * k) % 4 for k in range(4)]
    rules = "\n".join(describe(game.variant))
    next_to_dealer = order in (None, "counter_clockwise")  # the dealer bids last
    assert ("; the dealer may not bid" in rules) is next_to_dealer
    assert ("; the last to bid may not bid" in rules) is not next_to_dealer


def test_passing_cards_in_another_order_still_passes_them_left() -> None:
    hearts = cardrules.load({"extends": "hearts", "patch": {"phases": [
        {"pass_cards": {"count": 3, "direction": "left", "order": {"from": 0}}}]}})
    state = hearts.new_deal(3)
    before = [set(hearts.pack.cards_of(h)) for h in state.hands]
    order = []
    while state.view(0).get("phase") == "pass_cards":
        order.append(state.current_player)
        state = state.apply(state.legal_actions()[0])
    assert order == [p for p in range(4) for _ in range(3)]
    for seat in range(4):
        got = set(hearts.pack.cards_of(state.hands[seat])) - before[seat]
        assert got <= before[(seat - 1) % 4] and len(got) == 3


def test_own_trumps_are_chosen_in_the_phases_order() -> None:
    bank = cardrules.load({"extends": "bank", "patch": {"phases": [
        {"choose_trump": {"order": "counter_clockwise"}}]}}, players=4)
    state = bank.new_match(2)
    dealer = state.view(0)["dealer"]
    asked = []
    while state.view(0).get("phase") == "choose_trump":
        asked.append(state.current_player)
        state = state.apply(state.legal_actions()[0])
    assert asked == [(dealer - 1 - k) % 4 for k in range(4)]
    assert "each player, from the dealer's right, counter-clockwise, chooses" in \
        "\n".join(describe(bank.variant))


def test_a_phase_section_refuses_an_order_it_does_not_know() -> None:
    with pytest.raises(cardrules.VariantError, match=r"phases\[0\]\.bidding\.order"):
        _bidding("widdershins")


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("raw", ["clockwise", "counter_clockwise", {"from": 1}])
def test_a_laid_out_order_agrees_with_the_order_it_lays_out(players: int, raw: object) -> None:
    """``Turns`` (play's tables) gives the seats ``TurnOrder`` gives, and turned round
    twice is itself."""
    order = read_order(raw)
    turns = Turns.of(order, players)
    for seat in range(players):
        assert turns.following[seat] == order.after(seat, players)
        assert turns.preceding[turns.following[seat]] == seat
        assert turns.rounds[seat] == order.round_from(seat, players)
        assert [turns.place(q, seat) for q in turns.rounds[seat]] == list(range(players))
        assert turns.first_after(seat) == turns.rounds[seat][1 % players]
    assert turns.flipped().following == turns.preceding
    assert turns.flipped().flipped() == turns
