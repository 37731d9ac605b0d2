"""The hot path compiles with mypyc and plays exactly as interpreted (opt-in, like the soak:
``CARDRULES_MYPYC=1 python -m pytest tests/test_mypyc.py``; it compiles C for a minute or
so and needs a C compiler and Python's headers).

The modules below are compiled in a copy of the package.  The compiled build then plays
the same seeded random Bank, Bura, Hearts, Sixty-six and Switch deals as the interpreted
one, to the same JSON of every final state, and is timed on Bank (printed, not asserted:
timing belongs to the bench).

The state classes stay ordinary classes that attrs builds (mypyc's native classes take
attrs only through ``attr.s``, and not over a base class of Python's such as
``FieldState``).  mypyc takes a compiled module's ordinary class to have only the
subclasses it compiles, and checks the exact type of every value of that class, but
:func:`cardrules.engine.flow.compose` subclasses the state classes at run time; the modules are
therefore compiled separately (``separate=True``), which leaves out that whole-program
assumption.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

HOT = (
    "cardrules/cards.py",
    "cardrules/families/shedding/tables.py",
    "cardrules/families/shedding/effects.py",
    "cardrules/families/shedding/state.py",
    "cardrules/families/tricks/tables.py",
    "cardrules/families/tricks/state.py",
)
"""The modules a compiled build compiles: the cards and the play of two procedures."""

PLAY = r'''
import json, random, sys, time
import cardrules
import cardrules.families.shedding.state as shedding
out = {"compiled": shedding.__file__.endswith(".so"), "finals": []}
for name, players in (("bank", 2), ("bank", 4), ("bura", 2), ("hearts", 4),
                      ("sixty-six", 2), ("switch", 3)):
    game = cardrules.load(name, players=players)
    for seed in range(25):
        rng, state = random.Random(seed), game.new_deal(seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        out["finals"].append(state.to_json())
game, start, actions = cardrules.load("bank", players=2), time.process_time(), 0
for seed in range(300):
    rng, state = random.Random(seed), game.new_deal(seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        actions += 1
out["bank_decisions_per_second"] = actions / (time.process_time() - start)
print(json.dumps(out))
'''


def _play(root: Path) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-c", PLAY], cwd=root, capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": str(root)},
                          check=True)
    found: dict[str, object] = json.loads(done.stdout)
    return found


OPT_IN = pytest.mark.skipif(os.environ.get("CARDRULES_MYPYC") != "1",
                            reason="opt-in: set CARDRULES_MYPYC=1 (a minute of C compilation)")


SETUP = """
from setuptools import setup
from mypyc.build import mypycify
setup(name="compiled", ext_modules=mypycify({hot!r}, separate=True))
"""
"""The build script: the hot modules, each compiled on its own (see the module's text)."""


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the package with the hot modules compiled."""
    root = tmp_path_factory.mktemp("compiled")
    for part in ("cardrules", "schemas", "variants"):
        shutil.copytree(ROOT / part, root / part,
                        ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    (root / "build").mkdir()
    (root / "build" / "setup.py").write_text(SETUP.format(hot=list(HOT)))
    # No pyproject.toml while compiling: setuptools would try to discover packages.
    done = subprocess.run([sys.executable, "build/setup.py", "build_ext", "--inplace"],
                          cwd=root, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    return root


@OPT_IN
def test_the_hot_path_compiles(compiled: Path) -> None:
    """mypyc type-checks, lowers and builds every hot module (no lambda closing over a
    variable assigned again, no statement in a class body, no base class read from a
    module attribute: each once stopped it)."""
    for module in HOT:
        stem = Path(module).with_suffix("")
        assert list(compiled.glob(f"{stem}.*.so")), module


@OPT_IN
def test_the_compiled_build_plays_exactly_as_interpreted(compiled: Path) -> None:
    """Every final state is the same, compiled or not (a compiled module once failed at
    import on an ``attrs.field(default=...)``, whose value mypyc checked against the
    annotation, and on an annotation naming a class imported for type checking only)."""
    ran, interpreted = _play(compiled), _play(ROOT)
    assert ran["compiled"] and not interpreted["compiled"]
    assert ran["finals"] == interpreted["finals"]
    print(f"Bank 2p decisions/s: compiled {ran['bank_decisions_per_second']:,.0f}, "
          f"interpreted {interpreted['bank_decisions_per_second']:,.0f}")
