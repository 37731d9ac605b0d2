"""The build machinery of the compiled build, checked without compiling (the opt-in
``tests/test_mypyc.py`` compiles for real): the list of compiled modules, the decision
between a compiled and a pure wheel, the fall-back after a failed compile, the build hook
``hatch_build.py`` that ``pip install .`` runs, which build is running, and the switch
``CARDRULES_PURE=1`` that runs the pure build from a compiled install."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import os
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules.tools import native_build
from cardrules.tools.native_build import (
    CACHE,
    COMPILED,
    PURE,
    cache_dir,
    compile_modules,
    compiled_modules,
    installed_compiled,
    pure_reason,
)

ROOT = Path(__file__).resolve().parent.parent
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def test_every_listed_module_exists_once() -> None:
    assert COMPILED and len(set(COMPILED)) == len(COMPILED)
    for path in COMPILED:
        assert path.startswith("cardrules/") and path.endswith(".py"), path
        assert (ROOT / path).is_file(), path


def test_the_running_build_is_wholly_compiled_or_wholly_pure() -> None:
    """The pure suite runs every listed module interpreted; CI's compiled run, all of them
    compiled (never a mixture: a stale extension file beside a changed source)."""
    running = compiled_modules()
    assert running in ((), tuple(native_build.module_name(p) for p in COMPILED))
    assert native_build.is_compiled() == bool(running)


@pytest.mark.parametrize(("environ", "editable", "compiler", "headers", "pure"), [
    ({}, False, "/usr/bin/cc", True, None),
    ({"CARDRULES_PURE": "0"}, False, "/usr/bin/cc", True, None),
    ({"CARDRULES_PURE": ""}, False, "/usr/bin/cc", True, None),
    ({"CARDRULES_PURE": "1"}, False, "/usr/bin/cc", True, "CARDRULES_PURE=1"),
    ({"CARDRULES_PURE": "yes"}, False, "/usr/bin/cc", True, "CARDRULES_PURE=yes"),
    ({}, True, "/usr/bin/cc", True, "editable"),
    ({}, False, None, True, "no C compiler"),
    ({}, False, "/usr/bin/cc", False, "Python.h"),
])
def test_the_wheel_is_pure_only_when_it_must_or_is_asked(
        environ: dict[str, str], editable: bool, compiler: str | None, headers: bool,
        pure: str | None) -> None:
    reason = pure_reason(environ=environ, editable=editable, compiler=compiler,
                         headers=headers)
    assert reason is None if pure is None else pure in (reason or "")


def test_a_failed_compile_falls_back_with_the_reason_in_the_log(tmp_path: Path) -> None:
    log: list[str] = []
    failing = [sys.executable, "-c", "import sys; print('error: no such type'); sys.exit(1)"]
    assert compile_modules(tmp_path, log=log.append, command=failing) is None
    assert "error: no such type" in log[0] and "pure-Python wheel" in log[0]
    log.clear()
    assert compile_modules(tmp_path, log=log.append,
                           command=[str(tmp_path / "no-such-program")]) is None
    assert "pure-Python wheel" in log[0]


def test_a_compile_writes_the_build_script_and_returns_the_extension_files(
        tmp_path: Path) -> None:
    (tmp_path / "cardrules").mkdir()
    made = f"cardrules/cards{SUFFIX}"
    pretend = [sys.executable, "-c", f"open({made!r}, 'w').close()"]
    assert compile_modules(tmp_path, log=pytest.fail, command=pretend) == [made]
    script = (tmp_path / "build" / "setup.py").read_text()
    assert "separate=True" in script and all(repr(p) in script for p in COMPILED)


def test_a_second_compile_of_the_same_sources_takes_the_kept_files(tmp_path: Path) -> None:
    (tmp_path / "cardrules").mkdir()
    (tmp_path / "cardrules" / "cards.py").write_text("x = 1\n")
    made = f"cardrules/cards{SUFFIX}"
    pretend = [sys.executable, "-c", f"open({made!r}, 'w').write('built')"]
    cache = cache_dir(tmp_path, COMPILED, environ={CACHE: str(tmp_path / "kept")})
    assert cache is not None
    assert compile_modules(tmp_path, log=pytest.fail, command=pretend, cache=cache) == [made]
    (tmp_path / made).unlink()
    log: list[str] = []
    refuse = [sys.executable, "-c", "raise SystemExit(1)"]  # compiling again would fail
    assert compile_modules(tmp_path, log=log.append, command=refuse, cache=cache) == [made]
    assert (tmp_path / made).read_text() == "built" and "from" in log[0]
    (tmp_path / "cardrules" / "cards.py").write_text("x = 2\n")  # other sources, other key
    assert cache_dir(tmp_path, COMPILED, environ={CACHE: str(tmp_path / "kept")}) != cache


@pytest.fixture
def hook_module(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    """``hatch_build.py`` loaded over a stand-in for hatchling's hook interface (hatchling
    lives in pip's isolated build environment, not in the test environment)."""
    interface = types.ModuleType("hatchling.builders.hooks.plugin.interface")

    class BuildHookInterface:
        def __init__(self, root: str, version_deps: list[str]) -> None:
            self.root = root
            self.metadata = types.SimpleNamespace(core=types.SimpleNamespace(
                dependencies=version_deps))
            self.shown: list[str] = []
            self.app = types.SimpleNamespace(display_info=self.shown.append,
                                             display_warning=self.shown.append)

    interface.BuildHookInterface = BuildHookInterface  # type: ignore[attr-defined]
    for name in ("hatchling", "hatchling.builders", "hatchling.builders.hooks",
                 "hatchling.builders.hooks.plugin"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, interface.__name__, interface)
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_hook_asks_for_mypy_only_when_it_compiles(
        hook_module: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    hook = hook_module.CompiledHotPath(str(ROOT), ["attrs>=23.1"])
    monkeypatch.setenv("CARDRULES_PURE", "1")
    assert hook.dependencies() == []
    monkeypatch.delenv("CARDRULES_PURE")
    wanted = hook.dependencies()
    if native_build.has_python_headers() and native_build.find_compiler():
        assert wanted[0].startswith("mypy") and "attrs>=23.1" in wanted
    else:
        assert wanted == []


def test_the_hook_builds_editable_and_asked_for_wheels_pure(
        hook_module: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    hook = hook_module.CompiledHotPath(str(ROOT), [])
    data: dict[str, Any] = {"force_include": {}}
    hook.initialize("editable", data)
    monkeypatch.setenv("CARDRULES_PURE", "1")
    hook.initialize("standard", data)
    assert data == {"force_include": {}}
    assert ["editable" in hook.shown[0], "CARDRULES_PURE" in hook.shown[1]] == [True, True]


def test_pyproject_runs_the_hook_and_ships_it_in_the_sdist() -> None:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11 and later
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["hatch"]["build"]
    assert config["targets"]["wheel"]["hooks"]["custom"]["path"] == "hatch_build.py"
    assert "hatch_build.py" in config["targets"]["sdist"]["include"]


def test_the_command_says_which_build_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert native_build.main([]) == 0
    said = capsys.readouterr().out
    assert said.startswith("compiled: " if compiled_modules() else "pure Python")


GAMES = (("bank", 2), ("hearts", 4), ("dou-dizhu", 3))
"""A game of each compiled family (shedding, tricks, climbing)."""

SWITCHED = f"""
import json, sys
import cardrules
from cardrules.tools.native_build import compiled_modules, installed_compiled, running_build

played = [[[p.scores, p.decisions] for p in cardrules.load(variant, players=players)
           .play_out(3, seed=5)] for variant, players in {GAMES!r}]
print(json.dumps({{
    "running": compiled_modules(), "installed": installed_compiled(), "said": running_build(),
    "played": played, "not_sources": sorted(
        name for name, module in sys.modules.items() if name.startswith("cardrules")
        and not (getattr(module, "__file__", None) or ".py").endswith(".py"))}}))
"""
"""Run with the switch: which build runs and what it plays, as JSON."""


def test_the_pure_switch_runs_every_module_from_its_source() -> None:
    """With ``CARDRULES_PURE=1``, a fresh process imports no compiled module, says it runs
    pure, and plays games of each compiled family as this process does; where this build
    is compiled, the compiled modules are still there beside the sources, not imported
    (where it is pure, the switch changes nothing)."""
    env = {**os.environ, PURE: "1",
           "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", SWITCHED], cwd=ROOT, env=env,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    switched = json.loads(done.stdout)
    assert switched["running"] == [] and switched["not_sources"] == []
    assert switched["installed"] == list(compiled_modules())
    assert switched["said"].startswith("pure Python")
    assert ("not imported" in switched["said"]) == native_build.is_compiled()
    assert switched["played"] == [  # the games this process plays (the same, either build)
        [[list(p.scores), p.decisions] for p in cardrules.load(variant, players=players)
         .play_out(3, seed=5)] for variant, players in GAMES]


def test_the_package_reads_the_switch_that_the_build_reads() -> None:
    assert cardrules._PURE == PURE  # written twice: cardrules/__init__.py imports nothing
    assert installed_compiled() == compiled_modules()  # this process: no switch
