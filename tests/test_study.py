"""Balance studies: deterministic from a seed whatever the workers or backend, resumable
after an interruption, and a report with its plots and plain-language summary."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardrules.errors import CardrulesError
from cardrules.tools.cli import main
from cardrules.tools.simulate import simulate
from cardrules.tools.study import Setting, StudyPlan, run_study, write_report
from cardrules.tools.study.report import to_json
from cardrules.tools.study.run import Checkpoint, play_plan

SETTINGS = (Setting(label="skip", options={"seven": "skip"}),
            Setting(label="nothing", options={"seven": "nothing"}),
            Setting(label="greedy first", bots=("greedy", "random", "random")))
PLAN = StudyPlan(variant="bank", players=3, games=24, seed=5, chunk=10, settings=SETTINGS)


def test_each_setting_matches_simulate_over_the_same_seeds() -> None:
    found = run_study(PLAN)
    for setting in SETTINGS:
        alone = simulate("bank", players=3, games=24, seed=5, options=dict(setting.options),
                         bots=PLAN.bots_of(setting))
        assert found.summaries[setting.label] == alone


def test_workers_do_not_change_the_figures() -> None:
    assert to_json(run_study(PLAN, workers=2)) == to_json(run_study(PLAN))


def test_an_interrupted_study_resumes_from_its_checkpoint(tmp_path: Path) -> None:
    saved = tmp_path / "games.jsonl"
    whole = to_json(run_study(PLAN))
    # Interrupted after two chunks: a line cut short at the end, and a line of another plan.
    checkpoint = Checkpoint(saved, PLAN.fingerprint())
    first, second = PLAN.chunks()[:2]
    for games in (first, second):
        checkpoint.add(SETTINGS[0], games, play_plan(
            StudyPlan(variant="bank", players=3, games=games.stop, seed=5, chunk=10,
                      settings=(SETTINGS[0],)))["skip"][games.start:])
    other = Checkpoint(saved, "another plan")
    other.add(SETTINGS[1], first, [])
    with saved.open("a", encoding="utf-8") as out:
        out.write('{"plan": "' + PLAN.fingerprint() + '", "setting": "noth')
    seen: list[int] = []
    resumed = run_study(PLAN, checkpoint=saved, progress=seen.append)
    assert seen[0] == 20  # two chunks of ten games were not played again
    assert to_json(resumed) == whole
    lines = saved.read_text(encoding="utf-8").splitlines()
    assert len(Checkpoint(saved, PLAN.fingerprint()).load()) == 3 * len(PLAN.chunks())
    assert len(lines) == 2 + 1 + (3 * 3 - 2)  # the cut line is gone


def test_effects_compare_each_setting_with_the_first() -> None:
    found = run_study(PLAN)
    assert [e.label for e in found.effects] == ["nothing", "greedy first"]
    base, greedy = found.summaries["skip"], found.summaries["greedy first"]
    effect = found.effects[1]
    assert effect.seat_win_difference[0] == pytest.approx(greedy.win_rate[0] - base.win_rate[0])
    low, high = effect.seat_win_interval[0]
    assert low <= effect.seat_win_difference[0] <= high
    assert any("'greedy first' against 'skip'" in line for line in found.summary)


def test_the_report_has_its_tables_plots_and_summary(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    found = run_study(PLAN)
    written = {p.name for p in write_report(found, tmp_path)}
    assert written == {"report.md", "results.json", "win_rates.png", "first_mover.png",
                       "game_length.png", "scores.png"}
    for name in written - {"report.md", "results.json"}:
        assert (tmp_path / name).read_bytes().startswith(b"\x89PNG")
    page = (tmp_path / "report.md").read_text(encoding="utf-8")
    for part in ("## Win rate per seat", "## Effects against 'skip'", "![win_rates]",
                 found.summary[0]):
        assert part in page
    assert json.loads((tmp_path / "results.json").read_text())["summary"] == list(found.summary)


@pytest.mark.slow
def test_the_ray_backend_gives_the_local_figures() -> None:
    ray = pytest.importorskip("ray")
    plan = StudyPlan(variant="bank", players=2, games=12, seed=3, chunk=4,
                     settings=SETTINGS[:2])
    try:
        remote = to_json(run_study(plan, backend="ray", workers=2))
    finally:
        assert not ray.is_initialized()
    assert remote == to_json(run_study(plan))


def test_bad_plans_are_refused_with_the_reason() -> None:
    with pytest.raises(CardrulesError, match="distinct labels"):
        StudyPlan(variant="bank", players=2, games=5, seed=1,
                  settings=(Setting(label="a"), Setting(label="a")))
    with pytest.raises(CardrulesError, match="unknown backend"):
        run_study(PLAN, backend="cluster")
    with pytest.raises(CardrulesError, match=r"not a value|allowed"):
        run_study(StudyPlan(variant="bank", players=2, games=5, seed=1,
                            settings=(Setting(label="x", options={"seven": "maybe"}),)))


def test_the_study_command_compares_every_value_and_resumes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["study", "bank", "--players", "2", "--compare", "seven", "--games", "12",
            "--seed", "2", "--out", str(tmp_path), "--no-plots"]
    assert main(args) == 0
    printed = capsys.readouterr().out
    assert "seven=skip (default)" in printed and "seven=nothing" in printed
    results = json.loads((tmp_path / "results.json").read_text())
    assert len(results["summaries"]) == 4
    saved = (tmp_path / "games.jsonl").read_text()
    assert main(args) == 0  # every chunk is in the checkpoint: nothing is played again
    assert (tmp_path / "games.jsonl").read_text() == saved
    assert json.loads((tmp_path / "results.json").read_text()) == results
    assert main(["study", "bank", "--compare", "sevens", "--out", str(tmp_path)]) == 2
    assert "no option 'sevens'" in capsys.readouterr().err
