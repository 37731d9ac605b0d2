"""The soak's progress file: a soak cut into sittings is the same soak as one that is
not, and a progress file that does not fit is refused before any work."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardrules.soak import ProgressError, main, read_progress, soak


def run(tmp_path: Path, actions: int, progress: Path | None = None,
        seed: int = 5) -> dict[str, object]:
    """A short soak of Kuhn poker."""
    return soak(seconds=600, seed=seed, out_dir=tmp_path, variants=["kuhn-poker"],
                games_per_batch=2, actions=actions, leak_share=0.5, progress=progress)


def _figures(figures: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in figures.items() if k not in ("seconds", "sittings")}


def test_a_soak_in_two_sittings_checks_what_one_sitting_does(tmp_path: Path) -> None:
    whole = run(tmp_path, 120)
    progress = tmp_path / "progress.json"
    first = run(tmp_path, 50, progress)
    assert first["sittings"] == 1
    assert 50 <= first["actions"] < whole["actions"]  # type: ignore[operator]
    assert read_progress(progress)["next_batch"] == first["batches"]
    second = run(tmp_path, 120, progress)
    assert second["sittings"] == 2
    assert _figures(second) == _figures(whole)
    assert read_progress(progress)["actions"] == whole["actions"]


def test_a_progress_file_of_another_soak_is_refused(tmp_path: Path) -> None:
    progress = tmp_path / "progress.json"
    run(tmp_path, 10, progress)
    with pytest.raises(ProgressError, match="a soak with seed 5, not 6"):
        run(tmp_path, 20, progress, seed=6)


@pytest.mark.parametrize(("text", "message"), [
    ("{", "not a soak's progress file"),
    ("[]", "not a soak's progress file"),
    ('{"format": "cardrules-soak-progress/1"}', "required"),
    ("NaN", "not a JSON number"),
])
def test_a_progress_file_that_does_not_fit_is_a_usage_error(
        tmp_path: Path, text: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    progress = tmp_path / "progress.json"
    progress.write_text(text, encoding="utf-8")
    with pytest.raises(SystemExit) as stop:
        main(["--variant", "kuhn-poker", "--actions", "10", "--progress", str(progress)])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert str(progress) in err and message in err


def test_the_progress_file_holds_counts_only_of_the_schema(tmp_path: Path) -> None:
    progress = tmp_path / "progress.json"
    run(tmp_path, 10, progress)
    data = json.loads(progress.read_text(encoding="utf-8"))
    data["actions"] = -5
    progress.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ProgressError, match="actions"):
        read_progress(progress)
