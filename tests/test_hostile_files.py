"""Every hostile or broken rule file is refused quickly, in bounded memory, executing
nothing (issue: reliability)."""

from __future__ import annotations

import time
import tracemalloc
from pathlib import Path

import pytest

import cardrules

HERE = Path(__file__).parent
CORPUS = sorted((HERE / "hostile").glob("*.yaml")) + sorted((HERE / "broken").glob("*.yaml"))


def _generated(tmp_path: Path) -> list[Path]:
    deep = tmp_path / "deep.yaml"
    deep.write_text("a: " + "[" * 100_000 + "]" * 100_000 + "\n")
    big = tmp_path / "big.yaml"
    with big.open("w") as out:
        for i in range(700_000):
            out.write(f"k{i}: {i}\n")
    cycle_a, cycle_b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    cycle_a.write_text("extends: b.yaml\n")
    cycle_b.write_text("extends: a.yaml\n")
    escape = tmp_path / "inner"
    escape.mkdir()
    (escape / "house.yaml").write_text("extends: ../../../../etc/passwd.yaml\n")
    return [deep, big, cycle_a, escape / "house.yaml"]


@pytest.mark.parametrize("path", CORPUS, ids=[f"{p.parent.name}/{p.stem}" for p in CORPUS])
def test_corpus_file_is_refused_fast_and_small(path: Path) -> None:
    tracemalloc.start()
    start = time.process_time()
    try:
        with pytest.raises(cardrules.VariantError) as caught:
            cardrules.load(path)
    finally:
        elapsed = time.process_time() - start
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert elapsed < 1.0, f"{path.name} took {elapsed:.2f} s"
    assert peak < 64 * 2**20, f"{path.name} used {peak / 2**20:.0f} MiB"
    problem = caught.value.problems[0]
    assert problem.file and problem.path.startswith("$") and problem.message


def test_generated_attacks_are_refused_fast(tmp_path: Path) -> None:
    for path in _generated(tmp_path):
        start = time.process_time()
        with pytest.raises(cardrules.VariantError) as caught:
            cardrules.load(path)
        assert time.process_time() - start < 1.0, path.name
        assert str(caught.value), path.name
    assert path.stat().st_size < 10**6 and (tmp_path / "big.yaml").stat().st_size > 10**7
