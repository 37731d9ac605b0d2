"""The shipped house-rule files load by name and play."""

from __future__ import annotations

import pytest
from rule_support import QUICK_LEAKS

import cardrules
from cardrules.tools.conformance import check_playout


@pytest.mark.parametrize(("name", "expected"), [
    ("bank-no-trumps", {"trumps": "none"}),
    ("bank-ranked-penalties", {"trumps": "ranked", "hand_penalty": "points_plus_fixed",
                               "hand_penalty_fixed": 31}),
    ("bank-quick", {"trumps": "one", "seven": "draw_then_play", "target": 124}),
    ("bura-classic", {"hand_size": "3"}),
])
def test_house_variant_loads_and_plays(name: str, expected: dict[str, object]) -> None:
    game = cardrules.load(name, players=3)
    for key, value in expected.items():
        assert game.options[key] == value
    assert game.variant.name == name
    assert check_playout(game, seed=1, leak_share=QUICK_LEAKS).actions > 0


def test_house_variant_options_can_still_be_overridden() -> None:
    game = cardrules.load("bank-quick", players=2, options={"target": 60})
    assert game.options["target"] == 60 and game.options["trumps"] == "one"
