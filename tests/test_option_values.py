"""Option values written the way YAML and the command line produce them."""

from __future__ import annotations

import cardrules


def test_enumerated_option_with_number_values_and_number_default() -> None:
    game = cardrules.load("bura", players=2)
    assert game.options["hand_size"] == "4"
    assert cardrules.load("bura", players=2, options={"hand_size": 3}).variant.deal.hand == 3


def test_on_off_values_accept_yaml_booleans() -> None:
    on = cardrules.load("bura", players=2, options={"zero_points_as_no_trick": True})
    assert on.options["zero_points_as_no_trick"] == "on"
    off = cardrules.load("bura", players=2, options={"zero_points_as_no_trick": False})
    assert off.options["zero_points_as_no_trick"] == "off"
