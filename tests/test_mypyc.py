"""The hot path compiles with mypyc and plays exactly as interpreted (opt-in, like the soak:
``CARDRULES_MYPYC=1 python -m pytest tests/test_mypyc.py -s``; it compiles C for a minute
or two and needs a C compiler and Python's headers).

The modules of :data:`cardrules.tools.native_build.COMPILED` (those ``pip install .`` compiles)
are compiled in a copy of the package.  The compiled build then plays
the same seeded random Bank, Bura, Crazy Eights, Hearts, Mau-Mau, Sixty-six and Switch
deals as the interpreted one, to the same JSON of every final state, and is timed on
Crazy Eights 4p and Bank 2p beside the interpreted build and, where OpenSpiel is
installed, its ``crazy_eights`` (printed, not asserted: timing belongs to the bench).

The engine's ``State`` and ``FieldState``, the shedding family's state, tables and moves
are *native* classes there (mypyc's C structs, read and called directly): the shedding
state is an ``attr.s`` class with its clone and properties written out in its source
(:mod:`cardrules.tools.written_states`).  The other families' states stay ordinary classes
that subclass the native ``FieldState``
(:func:`~cardrules.engine.state_codec.native_slots`), and the classes
:func:`cardrules.engine.flow.compose` makes at run time subclass the native shedding state
(``allow_interpreted_subclasses``).  The modules are compiled separately
(``separate=True``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cardrules.tools.native_build import COMPILED, compile_modules

ROOT = Path(__file__).resolve().parent.parent

HOT = COMPILED
"""The modules a compiled build compiles: the list :data:`cardrules.tools.native_build.COMPILED`
that ``pip install .`` compiles too."""

PLAY = r'''
import json, random, sys, time
import cardrules
import cardrules.engine.state as engine
import cardrules.families.shedding.state as shedding
import cardrules.families.shedding.tables as tables
out = {"compiled": shedding.__file__.endswith(".so"), "finals": [],
       "native": [cls.__name__ for cls in (engine.State, engine.FieldState,
                                           shedding.SheddingState, tables.SheddingTables)
                  if "__mypyc_attrs__" in cls.__dict__]}
for name, players in (("bank", 2), ("bank", 4), ("bura", 2), ("crazy_eights", 4),
                      ("hearts", 4), ("mau-mau", 3), ("sixty-six", 2), ("switch", 3)):
    game = cardrules.load(name, players=players)
    for seed in range(25):
        rng, state = random.Random(seed), game.new_deal(seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        out["finals"].append(state.to_json())
SECONDS = 3.0
for name, players in (("crazy_eights", 4), ("bank", 2)):
    game, actions, seed = cardrules.load(name, players=players), 0, 0
    start = time.process_time()
    while time.process_time() - start < SECONDS:
        rng, state = random.Random(seed), game.new_deal(seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
            actions += 1
        seed += 1
    out[f"{name} {players}p"] = actions / (time.process_time() - start)
try:  # the same game in OpenSpiel's C++, driven from the same kind of loop
    import pyspiel
    from cardrules.bench.peers import _sample
except ImportError:
    pass
else:
    peer, rng, actions = pyspiel.load_game("crazy_eights", {"players": 4}), random.Random(0), 0
    start = time.process_time()
    while time.process_time() - start < SECONDS:
        state = peer.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(_sample(rng, state.chance_outcomes()))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                actions += 1
    out["openspiel crazy_eights 4p"] = actions / (time.process_time() - start)
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


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the package with the hot modules compiled."""
    root = tmp_path_factory.mktemp("compiled")
    for part in ("cardrules", "schemas", "variants"):
        shutil.copytree(ROOT / part, root / part,
                        ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    # No pyproject.toml while compiling: setuptools would try to discover packages.
    log: list[str] = []
    assert compile_modules(root, HOT, log=log.append) is not None, "\n".join(log)
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
    assert ran["native"] == ["State", "FieldState", "SheddingState", "SheddingTables"]
    assert not interpreted["native"]
    assert ran["finals"] == interpreted["finals"]
    for game in ("crazy_eights 4p", "bank 2p"):
        print(f"{game} decisions/s: compiled {ran[game]:,.0f}, "
              f"interpreted {interpreted[game]:,.0f} ({ran[game] / interpreted[game]:.2f}x)")
    peer = "openspiel crazy_eights 4p"
    if peer in ran:
        for build, found in (("compiled", ran), ("interpreted", interpreted)):
            print(f"crazy_eights 4p {build} / OpenSpiel's crazy_eights: "
                  f"{found['crazy_eights 4p'] / found[peer]:.2f} "
                  f"(OpenSpiel {found[peer]:,.0f}/s in the same run)")
