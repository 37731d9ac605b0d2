"""The test suite and the type check work without the optional extras (issue 29, items 12
and 13)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

OPTIONAL = ("pyspiel", "open_spiel", "ray", "matplotlib", "pettingzoo", "gymnasium", "numpy",
            "rlcard", "starlette", "uvicorn", "websockets", "httpx", "playwright")
"""The packages only an extra installs."""

BLOCKER = f"""
import sys
for name in {OPTIONAL!r}:
    sys.modules[name] = None  # import fails, importlib.util.find_spec gives None
import pytest
sys.exit(pytest.main(sys.argv[1:]))
"""
"""Runs pytest with every optional package made impossible to import."""


def _pytest_without_extras(*args: str) -> subprocess.CompletedProcess[str]:
    # In one process: workers of pytest-xdist would start without the blocker.
    return subprocess.run([sys.executable, "-c", BLOCKER, "-p", "no:cacheprovider", "-n", "0",
                           *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)


@pytest.mark.slow  # a pytest run of its own in a subprocess: CI's slow job
def test_item_12_the_whole_tree_collects_without_the_extras() -> None:
    """Item 12: collection failed without the openspiel extra (the doctests imported
    cardrules/adapters/openspiel_search.py, which imports pyspiel)."""
    done = _pytest_without_extras("--collect-only", "-q")
    assert done.returncode == 0, done.stdout[-3000:]
    assert "ERROR" not in done.stdout, done.stdout[-3000:]


@pytest.mark.slow  # a pytest run of its own in a subprocess: CI's slow job
def test_item_12_the_tests_of_the_extras_skip_without_them() -> None:
    done = _pytest_without_extras(
        # -m "": the slow Ray study too
        "-q", "-rs", "-m", "", "tests/test_gymnasium.py", "tests/test_pettingzoo.py",
        "tests/test_reliability_adapters.py", "tests/test_openspiel.py",
        "tests/test_openspiel_search.py", "tests/test_openspiel_params.py",
        "tests/test_bench_peers.py", "tests/test_examples.py", "tests/test_study.py",
        "tests/test_web.py", "tests/test_web_browser.py", "tests/test_web_load.py",
        "cardrules/adapters", "cardrules/bench", "cardrules/tools/study", "cardrules/web")
    assert done.returncode == 0, done.stdout[-3000:]
    for needed in ("numpy", "pyspiel", "pettingzoo", "matplotlib", "ray", "starlette"):
        assert f"could not import '{needed}'" in done.stdout, done.stdout[-3000:]


IMPORT_NAMES = {"attrs": {"attr", "attrs"}, "jsonschema": {"jsonschema", "referencing"},
                "pyyaml": {"yaml"}, "types-pyyaml": {"yaml"},
                "open-spiel": {"pyspiel", "open_spiel"}}
"""Distribution -> the modules it installs, where the names differ (jsonschema 4.18
and later brings referencing)."""


def _requirement(spec: str) -> str:
    for stop in "<>=[; ":
        spec = spec.split(stop)[0]
    return spec.lower()


def _installed_by_dev(project: dict[str, object]) -> set[str]:
    """The modules the dependencies and the dev extra install (extras followed)."""
    extras: dict[str, list[str]] = project["optional-dependencies"]  # type: ignore[assignment]
    wanted, seen, modules = [*project["dependencies"], *extras["dev"]], set(), set()  # type: ignore[misc]
    while wanted:
        spec = wanted.pop()
        if spec.startswith("cardrules["):
            extra = spec.split("[")[1].rstrip("]")
            if extra not in seen:
                seen.add(extra)
                wanted.extend(extras[extra])
            continue
        name = _requirement(spec)
        modules |= IMPORT_NAMES.get(name, {name.replace("-", "_")})
    return modules


def test_item_13_every_third_party_import_is_typed_under_the_dev_extra() -> None:
    """Item 13: mypy --strict reported ray and matplotlib missing with only the dev extra:
    every module the package imports is installed by dev, or told to mypy as untyped."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11 and later
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    installed = _installed_by_dev(config["project"])
    overridden = {module.removesuffix(".*") for o in config["tool"]["mypy"]["overrides"]
                  if o.get("ignore_missing_imports") for module in o["module"]}
    imported = set()
    for path in (ROOT / "cardrules").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                imported |= {alias.name.partition(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported.add(node.module.partition(".")[0])
    third_party = {m for m in imported - sys.stdlib_module_names if m != "cardrules"}
    assert third_party, "no third-party import found"
    unchecked = sorted(third_party - installed - overridden)
    assert not unchecked, f"imported, but neither installed by dev nor overridden: {unchecked}"
