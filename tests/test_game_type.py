"""The built-in game_type phase on its own: settings a rule file may get wrong are
refused at load with what to fix, its rules text names every type, its states round-trip
through JSON with the card order in force, and the greedy bot names a type only with
trumps in hand.  Skat (tests/test_skat.py, tests/test_openspiel_skat.py) plays it."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardrules
from cardrules.loader.load import load_variant
from cardrules.phases import find


def _skat_with(types: dict[str, Any]) -> cardrules.Game:
    """Skat with its game types replaced by ``types``."""
    data: dict[str, Any] = {"extends": "skat", "patch": {"phases": [
        {"game_type": {"types": types}}, {"widow": {"discard": 2}}]}}
    return cardrules.load(data)


POINTS = {"over": 60, "declarer": 2, "defenders": 1}


@pytest.mark.parametrize(("spec", "words"), [
    ({"trump": "X", "points": POINTS}, "unknown trump suit"),
    ({"ranks": ["7", "8"], "points": POINTS}, "every rank of the pack once"),
    ({"above": ["ZZ"], "points": POINTS}, "not a card of the pack"),
    ({"trump": "D"}, "either no_trick"),
    ({"no_trick": True, "made": [1, -1], "lost": [-1, 1], "points": POINTS}, "either"),
])
def test_incoherent_game_types_are_refused_at_load(spec: dict[str, Any], words: str) -> None:
    with pytest.raises(cardrules.VariantError, match=words):
        _skat_with({"odd": spec})


def test_states_read_back_with_the_card_order_in_force() -> None:
    game = cardrules.load("skat")
    rng = random.Random(2)
    for kind in ("hearts", "grand", "null"):
        state = game.new_deal(3, dealer=2).apply(kind)
        while not state.is_over:
            back = game.state_from_json(state.to_json())
            assert back == state and back.legal_actions() == state.legal_actions()
            state = state.apply(rng.choice(state.legal_actions()))


def test_the_greedy_bot_names_a_type_only_with_five_trumps() -> None:
    game, phase = cardrules.load("skat"), find("game_type")
    variant = load_variant("skat")[0]
    settings = phase.settings(variant.phases[0].section)
    chosen = set()
    for seed in range(40):
        state = game.new_deal(seed, dealer=2)
        view = state.view(0)
        scorer = phase.move_scorer(view, settings, state.legal_actions())
        best = max(state.legal_actions(), key=scorer)
        chosen.add(best.label)
        assert best.label != "null"
    assert "pass" in chosen and len(chosen) > 1


def test_a_state_read_back_with_a_game_type_out_of_range_is_refused() -> None:
    """Found by the tampered-state property: the chosen type's number indexes the card
    orders compiled at load, and one past them is refused, not an IndexError."""
    game = cardrules.load("skat")
    data = game.new_deal(seed=2).apply("clubs").to_json()
    data["game_type"] = 7
    with pytest.raises(cardrules.StateError, match="card order chosen, number 6"):
        game.state_from_json(data)
