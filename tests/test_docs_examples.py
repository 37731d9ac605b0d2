"""The rule files and hook module that docs/authoring.md walks through load and play;
every Python code block of the pages listed in ``RUN_PAGES`` runs as it is shown, and the
pages of ``SCRIPT_PAGES`` run whole, their blocks in order (``tests/doc_blocks.py``)."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from rule_support import QUICK_LEAKS

import cardrules
from cardrules.tools.check import run_check

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
RUN_PAGES = ("learning.md",)
"""Pages whose every ``python`` code block is a complete program, each run on its own
(learning.md's ``pycon`` blocks and shown outputs are compared as a session, below)."""
SCRIPT_PAGES = ("architecture.md", "authoring.md")
"""Pages whose ``python`` blocks run in order as one module, and whose ``yaml`` blocks that
are whole rule files load (``tests/doc_blocks.py``: markers for a block that continues
the one before or is not run)."""
SESSION_PAGES = ("getting-started.md", "tutorial.md", "learning.md")
"""Pages run as a reader would, in an empty folder, every output shown compared
(``doc_blocks.run_session``)."""
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
    report = run_check(EXAMPLES / name, games=20, seed=3, leak_share=QUICK_LEAKS)
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


def _run_blocks(*args: str) -> None:
    """``python tests/doc_blocks.py ARGS`` from the repository root, in a process of its
    own (what a page registers stays there)."""
    root = EXAMPLES.parent.parent
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(root), *filter(None, [os.environ.get("PYTHONPATH")])])}
    run = subprocess.run([sys.executable, str(root / "tests" / "doc_blocks.py"), *args],
                         cwd=root, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, (run.stdout + run.stderr)[-4000:]


@pytest.mark.parametrize("page", SCRIPT_PAGES)
def test_every_block_of_the_page_runs_in_order(page: str) -> None:
    _run_blocks(f"docs/{page}")


@pytest.mark.parametrize("page", SESSION_PAGES)
def test_the_page_runs_as_shown_in_an_empty_folder(page: str, tmp_path: Path) -> None:
    if page == "learning.md":
        for module in ("gymnasium", "pettingzoo", "pyspiel"):
            pytest.importorskip(module)
    _run_blocks(f"docs/{page}", str(tmp_path))


@pytest.mark.parametrize("page", SCRIPT_PAGES + SESSION_PAGES)
def test_few_blocks_of_the_page_are_left_out(page: str) -> None:
    from doc_blocks import blocks
    skipped = [b.where for b in blocks(f"docs/{page}") if b.marker == "skip"]
    assert len(skipped) <= 2, skipped


def test_the_phase_the_guide_builds_is_the_toy_phase_as_tested() -> None:
    from doc_blocks import blocks
    toy = (EXAMPLES.parent.parent / "tests" / "toy_phase.py").read_text(encoding="utf-8")
    python = [b for b in blocks("docs/authoring.md") if b.language == "python"]
    first = next(i for i, b in enumerate(python) if "class GivenFields" in b.code)
    last = next(i for i, b in enumerate(python) if "register(PassLeft())" in b.code)
    shown = python[first:last + 1]
    assert len(shown) == 5
    for block in shown:
        assert block.code.strip() in toy, f"{block.where} differs from tests/toy_phase.py"


def test_the_home_page_shows_the_table_as_played_and_a_whole_game_file(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from cardrules.tools import cli, render

    page = (EXAMPLES.parent / "index.md").read_text(encoding="utf-8")
    picture = re.search(r"^```text\n(.*?)^```$", page, re.DOTALL | re.MULTILINE)
    command = re.search(r"`(cardrules play [^`]+)` in an 80×24 terminal", page)
    assert picture is not None and command is not None
    monkeypatch.setattr(render, "can_encode_symbols", lambda encoding: True)
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    cli.main([*command.group(1).split()[1:], "--pause", "0"])
    played = capsys.readouterr().out
    assert played.startswith(picture.group(1).rstrip("\n>").rstrip()), played
    game = re.search(r"^```yaml\n# (docs/examples/[\w.-]+)\n(.*?)^```$", page,
                     re.DOTALL | re.MULTILINE)
    assert game is not None
    path = EXAMPLES.parent.parent / game.group(1)
    assert path.read_text(encoding="utf-8").endswith(game.group(2))
    assert cardrules.load(path).players >= 3
