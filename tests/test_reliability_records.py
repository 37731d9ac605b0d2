"""Game records: replay from a seat shows only that seat's knowledge, records stay inside
the sandbox of ``extends:``, hostile JSON is refused cleanly, paths work from anywhere."""

from __future__ import annotations

import json
import os
import random
import shutil
from pathlib import Path

import pytest

import cardrules
from cardrules.engine.record import MAX_RECORD_BYTES, GameRecord, game_of, variant_source
from cardrules.errors import RecordError, VariantError
from cardrules.loader.resources import builtin_variants
from cardrules.tools.cli import main

ROOT = Path(__file__).resolve().parent.parent


def _bura_with_throws(tmp_path: Path) -> tuple[Path, GameRecord]:
    """A saved two-player Bura deal in which P0 answers face down (throws) at least once."""
    game = cardrules.load("bura", players=2)
    for seed in range(200):
        state, actions = game.new_deal(seed), []
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            throws = [a for a in legal if a.kind.value == "throw"]
            action = throws[0] if throws else rng.choice(legal)
            actions.append(action)
            state = state.apply(action)
        if any(a.kind.value == "throw" and len(a.cards) for a in actions):
            record = GameRecord.of(game, seed=seed, actions=actions)
            path = tmp_path / "bura.json"
            record.save(path)
            return path, record
    raise AssertionError("no deal with a throw")


def test_replay_from_a_seat_hides_other_players_face_down_throws(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path, record = _bura_with_throws(tmp_path)
    game = cardrules.load("bura", players=2)
    states = game.replay(record)
    for seat in (0, 1):
        assert main(["replay", str(path), "--seat", str(seat), "--ascii"]) == 0
        out = capsys.readouterr().out
        lines = {int(line.split(".")[0]): line for line in out.splitlines()
                 if line[:1].isdigit()}
        for number, text in enumerate(record.actions, start=1):
            if not text.startswith("throw"):
                continue
            thrower = states[number - 1].current_player
            shown = lines[number]
            cards = text.split()[1:]
            if thrower == seat:
                assert all(c in shown for c in cards), shown
            else:
                assert f"throws {len(cards)} card" in shown, shown
                assert not any(c[:-1] + c[-1].lower() in shown.split("throws")[1].split(";")[0]
                               for c in cards), shown


def test_replay_without_a_seat_still_shows_every_action(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path, record = _bura_with_throws(tmp_path)
    assert main(["replay", str(path), "--ascii"]) == 0
    out = capsys.readouterr().out
    throw = next(t for t in record.actions if t.startswith("throw"))
    assert throw.split()[1][:-1] in out


# -- the sandbox ------------------------------------------------------------------------

def _record_naming(tmp_path: Path, variant: str, name: str = "record.json") -> Path:
    game = cardrules.load("bank", players=2)
    data = GameRecord.of(game, seed=1, actions=()).to_json()
    data["variant"] = variant
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("variant", ["/etc/passwd.yaml", "../outside.yaml",
                                     "sub/../../outside.yaml", "/etc/passwd", "C:/x.yaml"])
def test_a_record_may_not_name_a_file_outside_the_sandbox(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        variant: str) -> None:
    inner = tmp_path / "inner"
    inner.mkdir()
    (tmp_path / "outside.yaml").write_text("secret: 1\n", encoding="utf-8")
    path = _record_naming(inner, variant)
    monkeypatch.chdir(inner)
    with pytest.raises(RecordError, match="record"):
        game_of(GameRecord.read(path), where=path)
    status = main(["replay", str(path)])
    err = capsys.readouterr().err
    assert status == 1 and "secret" not in err and "Traceback" not in err


@pytest.mark.parametrize("content", ["name: x\nplayers: hunter2\ntitle: [hunter2]\n",
                                     "hunter2: 1\n", "- hunter2\n", "players: {min: 2}\n"])
def test_item_29_1_a_file_found_through_the_current_directory_is_quoted_nowhere(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        content: str) -> None:
    """Round three: a record from elsewhere naming ``notes.yaml`` had the values of the
    user's own ``notes.yaml`` (in the current directory, which ``extends:`` could never
    reach from the record's folder) quoted in replay's errors."""
    records, here = tmp_path / "records", tmp_path / "here"
    records.mkdir()
    here.mkdir()
    (here / "notes.yaml").write_text(content, encoding="utf-8")
    path = _record_naming(records, "notes.yaml")
    monkeypatch.chdir(here)
    with pytest.raises(RecordError, match="nothing of a file outside the record's folder") \
            as caught:
        game_of(GameRecord.read(path), where=path)
    assert "hunter2" not in str(caught.value) and "$." not in str(caught.value)
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "hunter2" not in err and "Traceback" not in err and "notes.yaml" in err


def test_item_29_1_a_file_beside_the_record_is_quoted_as_extends_would(
        tmp_path: Path) -> None:
    (tmp_path / "notes.yaml").write_text("name: x\nplayers: hunter2\n", encoding="utf-8")
    path = _record_naming(tmp_path, "notes.yaml")
    with pytest.raises(VariantError, match="hunter2"):
        game_of(GameRecord.read(path), where=path)


def test_item_29_1_other_rules_in_the_current_directory_show_no_fingerprint(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    records, here = tmp_path / "records", tmp_path / "here"
    records.mkdir()
    here.mkdir()
    text = builtin_variants()["bank"].read_text(encoding="utf-8")
    changed = text.replace("deal: {hand: 4,", "deal: {hand: 5,")
    (here / "house.yaml").write_text(changed, encoding="utf-8")
    path = _record_naming(records, "house.yaml")
    monkeypatch.chdir(here)
    with pytest.raises(RecordError, match="have changed") as caught:
        game_of(GameRecord.read(path), where=path)
    theirs = cardrules.load(here / "house.yaml", players=2).fingerprint
    assert theirs not in str(caught.value)


def test_a_symlink_out_of_the_sandbox_is_refused(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    inner = tmp_path / "inner"
    inner.mkdir()
    (tmp_path / "outside.yaml").write_text("secret: 1\n", encoding="utf-8")
    (inner / "link.yaml").symlink_to(tmp_path / "outside.yaml")
    monkeypatch.chdir(inner)
    with pytest.raises(RecordError, match="outside"):
        variant_source("link.yaml", inner / "record.json")


def test_a_record_may_name_a_shipped_variant_or_a_file_beside_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "records" / "game.json"
    path.parent.mkdir()
    shutil.copy(builtin_variants()["bank"], path.parent / "house.yaml")
    game = cardrules.load(path.parent / "house.yaml", players=2)
    record = GameRecord.of(game, seed=4, actions=())
    record.save(path)
    saved = json.loads(path.read_text("utf-8"))
    assert saved["variant"] == "house.yaml"  # beside the record: relative, moves with it
    monkeypatch.chdir("/")
    assert game_of(GameRecord.read(path), where=path).fingerprint == game.fingerprint
    assert variant_source("bank") == "bank"


def test_a_record_saved_away_from_its_rule_file_replays_from_the_rule_files_tree(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    project, records = tmp_path / "project", tmp_path / "records"
    project.mkdir()
    records.mkdir()
    shutil.copy(builtin_variants()["bank"], project / "house.yaml")
    monkeypatch.chdir(project)
    game = cardrules.load("house.yaml", players=2)
    record = GameRecord.of(game, seed=4, actions=())
    assert record.variant == os.fspath(project / "house.yaml")  # absolute: works anywhere
    record.save(records / "game.json")
    assert main(["replay", str(records / "game.json"), "--to", "0"]) == 0
    monkeypatch.chdir(records)
    assert main(["replay", "game.json"]) == 1
    assert "outside the record's folder" in capsys.readouterr().err


# -- hostile JSON --------------------------------------------------------------------------

@pytest.mark.parametrize("depth", [100, 100_000])
def test_deeply_nested_json_is_refused_cleanly(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path, depth: int) -> None:
    path = tmp_path / "deep.json"
    path.write_text('{"options": ' + "[" * depth + "]" * depth + "}", encoding="utf-8")
    with pytest.raises(RecordError, match="nested deeper"):
        GameRecord.read(path)
    assert main(["replay", str(path)]) == 1
    assert "nested deeper" in capsys.readouterr().err


def test_brackets_inside_strings_do_not_count_as_nesting(tmp_path: Path) -> None:
    game = cardrules.load("bank", players=2)
    record = GameRecord.of(game, seed=1, actions=["[" * 190 + '"\\' + "{" * 190])
    path = tmp_path / "record.json"
    record.save(path)
    assert GameRecord.read(path) == record


def test_a_huge_record_is_refused_before_parsing(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    path.write_bytes(b" " * (MAX_RECORD_BYTES + 1))
    with pytest.raises(RecordError, match="larger than"):
        GameRecord.read(path)


@pytest.mark.parametrize("text", ["\xff\xfe", '{"format": 2, "seed": 1' + "0" * 5000 + "}",
                                  "[1, 2]", '{"format": 2}'],
                         ids=["not utf-8", "5000-digit seed", "a list", "no fields"])
def test_malformed_records_are_record_errors(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(text.encode("latin-1"))
    with pytest.raises(RecordError):
        GameRecord.read(path)


def test_a_replay_hint_from_check_works_from_another_directory(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    broken = ROOT / "tests" / "fixtures" / "broken_variants" / "never_ends.yaml"
    work = tmp_path / "work"
    work.mkdir()
    shutil.copy(broken, work / "never_ends.yaml")
    monkeypatch.chdir(work)
    status = main(["check", "never_ends.yaml", "--games", "1", "--bound", "60",
                   "--out", "failure.json"])
    out = capsys.readouterr().out
    assert status == 1
    hint = out.split("see it with: ")[1].strip()
    assert hint == f"cardrules replay {work / 'failure.json'}"
    monkeypatch.chdir(tmp_path)
    assert main(hint.split()[1:]) == 0


@pytest.mark.parametrize(("change", "message"), [
    ({"players": 100000}, r"\$\.players: 100000 is greater than the maximum of 8"),
    ({"dealer": -1}, r"\$\.dealer"),
    ({"dealer": 5}, r"\$\.dealer: 5 is not a seat \(0 to 1\)"),
    ({"extra": 1}, r"\$: Additional properties are not allowed \('extra'"),
    ({"actions": ["", "draw"]}, r"\$\.actions\[0\]"),
    ({"actions": ["play " + "9H " * 200]}, r"\$\.actions\[0\]: .* is too long"),
    ({"variant": ""}, r"\$\.variant"),
])
def test_item_8_a_record_is_checked_against_its_schema_naming_the_file(
        change: dict[str, object], message: str, tmp_path: Path) -> None:
    """Issue 29, item 8: what the hand-written checks let through is refused by the record
    schema, with the file and the field named."""
    data = GameRecord.of(cardrules.load("bank", players=2), seed=1, actions=[]).to_json()
    path = tmp_path / "record.json"
    path.write_text(json.dumps({**data, **change}))
    with pytest.raises(RecordError, match=f"record {path}: record field {message}"):
        GameRecord.read(path)


def test_item_8_a_record_with_a_bare_nan_is_refused(tmp_path: Path) -> None:
    data = GameRecord.of(cardrules.load("bank", players=2), seed=1, actions=[]).to_json()
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data).replace('"players": 2', '"players": NaN'))
    with pytest.raises(RecordError, match="NaN is not a JSON number"):
        GameRecord.read(path)
