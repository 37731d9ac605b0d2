"""The tutorial's game (docs/tutorial.md) loads, plays, and passes ``cardrules check``.

Its files are in docs/examples/: ``eight-tricks.yaml`` (written from an empty file),
``eight-tricks-short.yaml`` (a house rule of it) and ``eight-tricks-no-trick.yaml`` with
the hook of ``eight_tricks_hooks.py``.  Rule numbers T1... are the tutorial's.
"""

from __future__ import annotations

import doctest
import json
import random
import sys
from pathlib import Path

import pytest
from rule_support import QUICK_LEAKS

import cardrules
from cardrules.engine.state import State
from cardrules.tools.cli import main
from cardrules.tools.describe import describe

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
GAME = EXAMPLES / "eight-tricks.yaml"
SHORT = EXAMPLES / "eight-tricks-short.yaml"
NO_TRICK = EXAMPLES / "eight-tricks-no-trick.yaml"
TUTORIAL = EXAMPLES.parent / "tutorial.md"

sys.path.insert(0, str(EXAMPLES))
import eight_tricks_hooks  # noqa: E402  (registers eight_tricks.no_trick_penalty)


def _play_deal(game: cardrules.Game, seed: int) -> tuple[State, list[cardrules.Action]]:
    state, rng, actions = game.new_deal(seed=seed), random.Random(seed), []
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        actions.append(action)
        state = state.apply(action)
    return state, actions


def test_the_tutorial_shows_the_final_files_as_they_are() -> None:
    text = TUTORIAL.read_text(encoding="utf-8")
    for path in (GAME, SHORT, NO_TRICK, EXAMPLES / "eight_tricks_hooks.py"):
        body = path.read_text(encoding="utf-8")
        assert body.strip() in text, f"docs/tutorial.md does not show {path.name} in full"


@pytest.mark.parametrize("players", [3, 4])
def test_a_deal_scores_the_card_points_taken(players: int) -> None:
    game = cardrules.load(GAME, players=players)
    state, actions = _play_deal(game, seed=players)
    assert len(actions) == 8 * players                  # T3, T4: eight one-card tricks
    result = state.result
    points = result.details["points"]
    assert list(result.scores) == points                # T9: a point for each card point
    assert sum(result.details["tricks"]) == 8
    if players == 4:
        assert sum(points) == 120                       # T2: the whole pack was dealt


def test_answers_follow_suit_and_trump_when_void() -> None:
    game = cardrules.load(GAME, players=4)          # the dealer (seat 3) shows 8C: T6
    state = game.setup(hands=["AS 7H", "8S 9H", "KH 9D", "10D 8C"], trump_card="8C",
                       leader=0)

    def answers() -> list[str]:
        return sorted(state.describe(a) for a in state.legal_actions())

    state = state.apply("lead AS")
    assert answers() == ["answer 8S"]                                  # T7
    assert "(T7)" in str(state.why_illegal(game.parse_action("answer 9H")))
    state = state.apply("answer 8S")
    assert answers() == ["answer 9D", "answer KH"]   # no spade, no trump: anything
    state = state.apply("answer 9D")
    assert answers() == ["answer 8C"]                                  # T8
    assert "(T8)" in str(state.why_illegal(game.parse_action("answer 10D")))
    state = state.apply("answer 8C")
    assert state.current_player == 3                 # the trump took the trick: T5, T6


def test_a_whole_match_ends_at_the_target() -> None:
    game = cardrules.load(GAME, players=3)
    state, rng = game.new_match(seed=5), random.Random(5)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    result = state.result
    assert max(result.totals) >= 150 and result.deals >= 2                  # T10
    assert {result.totals[w] for w in result.winners} == {max(result.totals)}


def test_the_house_rule_changes_the_target_and_adds_a_duty() -> None:
    game, base = cardrules.load(SHORT, players=3), cardrules.load(GAME, players=3)
    assert (game.variant.match.target, base.variant.match.target) == (80, 150)
    assert game.variant.play.duties.head and not base.variant.play.duties.head
    duty = "must beat the cards holding the trick if able"
    assert duty in "\n".join(describe(game.variant))
    assert duty not in "\n".join(describe(base.variant))
    assert cardrules.load(SHORT, options={"target": 60}).variant.match.target == 60


def test_the_hook_takes_ten_from_a_player_without_a_trick() -> None:
    plain = cardrules.load(GAME, players=4)
    hooked = cardrules.load(NO_TRICK, players=4)
    for seed in range(40):
        state, actions = _play_deal(hooked, seed)
        if 0 in state.result.details["tricks"]:
            break
    else:
        pytest.fail("no deal in 40 left a player without a trick")
    same = plain.new_deal(seed=seed)
    for action in actions:                                # the same deal, hook-free
        same = same.apply(action)
    tricks = state.result.details["tricks"]
    expected = [s - eight_tricks_hooks.PENALTY * (t == 0)
                for s, t in zip(same.result.scores, tricks)]
    assert list(state.result.scores) == expected != list(same.result.scores)


def test_the_hook_module_doctest_passes() -> None:
    result = doctest.testmod(eight_tricks_hooks)
    assert result.attempted >= 3 and result.failed == 0


@pytest.mark.parametrize("path", [GAME, SHORT, NO_TRICK], ids=lambda p: p.stem)
def test_cardrules_check_passes(path: Path, tmp_path: Path,
                                capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["check", str(path), "--games", "30", "--seed", "3", "--json",
                   "--leaks", str(QUICK_LEAKS), "--out", str(tmp_path / "failure.json")])
    figures = json.loads(capsys.readouterr().out)
    assert status == 0 and figures["ok"], figures
    assert figures["players"] == [3, 4] and figures["matches"] >= 3
