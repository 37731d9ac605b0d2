"""The rule files and hook module that docs/authoring.md walks through load and play, and
every Python code block of the pages listed in ``RUN_PAGES`` runs as it is shown."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest

import cardrules
from cardrules.tools.check import run_check

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
RUN_PAGES = ("learning.md",)
"""Pages whose every ``python`` code block is a complete program, each run on its own."""
PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```$", re.DOTALL | re.MULTILINE)


def code_blocks(page: str) -> list[tuple[str, int, str]]:
    """``(page, line, code)`` of every ``python`` code block of ``docs/<page>``."""
    text = (EXAMPLES.parent / page).read_text(encoding="utf-8")
    return [(page, text.count("\n", 0, m.start()) + 1, m.group(1))
            for m in PYTHON_BLOCK.finditer(text)]


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
    while state.view(0).match["deal"] < 2 and not state.is_over:
        state = state.apply(state.legal_actions()[0])
    assert state.deal.dealer == 1


@pytest.mark.parametrize("page, line, code",
                         [block for page in RUN_PAGES for block in code_blocks(page)],
                         ids=lambda value: str(value)[:30])
def test_every_code_block_of_the_page_runs(page: str, line: int, code: str) -> None:
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    pytest.importorskip("pyspiel")
    exec(compile(code, f"docs/{page}:{line}", "exec"), {"__name__": "__doc_example__"})
