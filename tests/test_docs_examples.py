"""The rule files and hook module that docs/authoring.md walks through load and play."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

import cardrules
from cardrules.tools.check import run_check

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"


@pytest.fixture(scope="module", autouse=True)
def _house_hooks() -> None:
    sys.path.insert(0, str(EXAMPLES))
    import house_hooks  # noqa: F401
    import toy_phase  # noqa: F401  (tests/ is on the path: ladder-passing lists it)


@pytest.mark.parametrize("name", ["ladder.yaml", "ladder-passing.yaml",
                                  "ladder-no-throw.yaml"])
def test_the_authoring_guide_examples_pass_the_check(name: str) -> None:
    report = run_check(EXAMPLES / name, games=20, seed=3)
    assert report.failure is None, report.failure


def test_every_house_hook_of_the_guide_can_be_named_in_a_rule_file() -> None:
    game = cardrules.load({"extends": "bank", "patch": {"hooks": {
        "end_of_deal": "house.first_out_ends", "card_points": "house.hearts_bonus",
        "after_play": "house.aces_skip", "first_mover": "house.dealer_leads"}}}, players=3)
    assert game.pack.value(game.pack.parse("KH")) == 6
    state, rng = game.new_deal(seed=1), random.Random(1)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    game = cardrules.load({"extends": "bura", "patch": {"hooks": {
        "deal_scoring": "house.dealer_pays_double", "next_dealer": "house.dealer_stays"}}},
        players=3)
    state = game.new_match(seed=4, dealer=1)
    while state.view(0)["match"]["deal"] < 2 and not state.is_over:
        state = state.apply(state.legal_actions()[0])
    assert state.deal.dealer == 1
