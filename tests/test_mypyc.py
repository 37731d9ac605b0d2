"""The hot path compiles with mypyc and plays exactly as interpreted (opt-in, like the soak:
``CARDRULES_MYPYC=1 python -m pytest tests/test_mypyc.py -s``; it compiles C for a minute
or two and needs a C compiler and Python's headers).

The modules below are compiled in a copy of the package.  The compiled build then plays
the same seeded random Bank, Bura, Crazy Eights, Hearts, Mau-Mau, Sixty-six, Switch, Dou
Dizhu, President and Big Two deals as the interpreted one, to the same JSON of every
final state, and is timed on Crazy Eights 4p, Bank 2p and Dou Dizhu 3p beside the
interpreted build and, where OpenSpiel is installed, its ``crazy_eights`` and
``dou_dizhu`` (printed, not asserted: timing belongs to the bench).

The engine's ``State`` and ``FieldState``, the shedding and climbing families' states
and tables are *native* classes there (mypyc's C structs, read and called directly): those
states are ``attr.s`` classes with their clone and properties written out in their source
(:mod:`cardrules.tools.written_states`).  The other families' states stay ordinary classes
that subclass the native ``FieldState``
(:func:`~cardrules.engine.state_codec.native_slots`), and the classes
:func:`cardrules.engine.flow.compose` makes at run time (Mau-Mau's, Dou Dizhu's,
President's) subclass the native states (``allow_interpreted_subclasses``), cloning
through the native clone (:func:`~cardrules.engine.state_codec.clone_function`).  The
modules are compiled separately (``separate=True``).
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
    "cardrules/engine/state.py",
    "cardrules/families/shedding/tables.py",
    "cardrules/families/shedding/effects.py",
    "cardrules/families/shedding/state.py",
    "cardrules/families/tricks/tables.py",
    "cardrules/families/climbing/tables.py",
    "cardrules/families/climbing/ranked.py",
    "cardrules/families/climbing/state.py",
)
"""The modules a compiled build compiles: the cards, the engine's states, the shedding
family's play, the tricks family's tables, and the climbing family's tables, rank-set
look-up and state.  Not ``families/tricks/state.py`` while its
state is an ordinary class: mypyc refuses an ordinary class compiled over a native base
("Non-extension classes may not inherit from extension classes"); interpreted, it
subclasses the native ``FieldState`` like every other family's state."""

PLAY = r'''
import json, random, sys, time
import cardrules
import cardrules.engine.state as engine
import cardrules.families.shedding.state as shedding
import cardrules.families.shedding.tables as tables
import cardrules.families.climbing.state as climbing
import cardrules.families.climbing.tables as climbing_tables
import cardrules.families.climbing.ranked as ranked
out = {"compiled": shedding.__file__.endswith(".so"), "finals": [],
       "native": [cls.__name__ for cls in (engine.State, engine.FieldState,
                                           shedding.SheddingState, tables.SheddingTables,
                                           climbing.ClimbingState,
                                           climbing_tables.ClimbingTables,
                                           ranked.RankedTables)
                  if "__mypyc_attrs__" in cls.__dict__]}
for name, players in (("bank", 2), ("bank", 4), ("bura", 2), ("crazy_eights", 4),
                      ("hearts", 4), ("mau-mau", 3), ("sixty-six", 2), ("switch", 3),
                      ("dou-dizhu", 3), ("president", 3), ("president", 4),
                      ("big-two", 4), ("big-two", 2)):
    game = cardrules.load(name, players=players)
    for seed in range(25):
        rng, state = random.Random(seed), game.new_deal(seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        out["finals"].append(state.to_json())
SECONDS = 3.0
for name, players in (("crazy_eights", 4), ("bank", 2), ("dou-dizhu", 3)):
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
    peer, rng, actions = pyspiel.load_game("dou_dizhu"), random.Random(0), 0
    start = time.process_time()
    while time.process_time() - start < SECONDS:
        state = peer.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(_sample(rng, state.chance_outcomes()))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                actions += 1
    out["openspiel dou_dizhu 3p"] = actions / (time.process_time() - start)
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
    assert ran["native"] == ["State", "FieldState", "SheddingState", "SheddingTables",
                             "ClimbingState", "ClimbingTables", "RankedTables"]
    assert not interpreted["native"]
    assert ran["finals"] == interpreted["finals"]
    for game in ("crazy_eights 4p", "bank 2p", "dou-dizhu 3p"):
        print(f"{game} decisions/s: compiled {ran[game]:,.0f}, "
              f"interpreted {interpreted[game]:,.0f} ({ran[game] / interpreted[game]:.2f}x)")
    for ours, theirs in (("crazy_eights 4p", "crazy_eights"), ("dou-dizhu 3p", "dou_dizhu")):
        peer = f"openspiel {theirs} {ours.split()[-1]}"
        if peer not in ran:
            continue
        for build, found in (("compiled", ran), ("interpreted", interpreted)):
            print(f"{ours} {build} / OpenSpiel's {theirs}: "
                  f"{found[ours] / found[peer]:.2f} "
                  f"(OpenSpiel {found[peer]:,.0f}/s in the same run)")
