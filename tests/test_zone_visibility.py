"""A rule file may declare only the visibilities a procedure honours for each zone
(reliability defect 6); those it may declare are honoured by views and re-sampling."""

from __future__ import annotations

import random

import pytest

import cardrules
from cardrules.engine.procedures import find


def _load(base: str, zones: dict[str, str]) -> cardrules.Game:
    return cardrules.load({"extends": base, "patch": {"zones": zones}}, players=2)


@pytest.mark.parametrize(("base", "zone", "visibility"), [
    ("bank", "pile", "hidden"),      # every view showed the top and the played cards
    ("bank", "hand", "hidden"),      # the owner's legal actions named the cards
    ("bura", "trick", "hidden"),     # the lead's events named the cards
    ("bura", "trick", "owner"),
    ("bura", "stock", "owner"),
])
def test_a_visibility_the_procedure_cannot_keep_is_refused_with_the_allowed_ones(
        base: str, zone: str, visibility: str) -> None:
    with pytest.raises(cardrules.VariantError, match=rf"zones\.{zone}.*cannot keep its "
                                                     rf"{zone} {visibility}; allowed"):
        _load(base, {zone: visibility})


def test_the_declarable_zones_come_from_the_state_declarations() -> None:
    assert set(find("shedding").zones()) == {"hand", "stock", "pile", "taken"}
    assert set(find("tricks").zones()) == {"hand", "stock", "trick", "won"}


@pytest.mark.parametrize("base", ["bank", "bura"])
def test_a_public_stock_is_shown_and_never_reshuffled(base: str) -> None:
    game = _load(base, {"stock": "public"})
    state = game.new_deal(seed=5)
    rng = random.Random(5)
    while state.current_player < 0 or not state.stock:
        state = state.apply(rng.choice(state.legal_actions()))
    player = state.current_player
    view = state.view(player)
    assert view.stock == list(game.pack.names(state.stock))
    for _ in range(5):
        assert state.resample(player, rng).stock == state.stock


@pytest.mark.parametrize(("base", "zone"), [("bank", "taken"), ("bura", "won")])
def test_hidden_taken_cards_are_counted_not_named(base: str, zone: str) -> None:
    game = _load(base, {zone: "hidden"})
    state = game.new_deal(seed=2)
    rng = random.Random(2)
    while not state.is_over and not any(getattr(state, zone)):
        state = state.apply(rng.choice(state.legal_actions()))
    view = state.view(0)
    assert all(isinstance(shown, int) for shown in getattr(view, zone))
