"""The hot path compiles with mypyc and plays exactly as interpreted (opt-in, like the soak:
``CARDRULES_MYPYC=1 python -m pytest tests/test_mypyc.py -s``; it compiles C for a minute
or two and needs a C compiler and Python's headers).

The modules of :data:`cardrules.tools.native_build.COMPILED` (those ``pip install .``
compiles) are compiled in a copy of the package.  The compiled build then plays
the same seeded random deals of every shedding, trick-taking and climbing game listed in
``PLAY`` as the interpreted one, to the same JSON of every final state, and is timed on
Crazy Eights 4p, Bank 2p, Hearts 4p, Euchre, Skat, Spades and Dou Dizhu 3p beside the
interpreted build and, where OpenSpiel is installed, OpenSpiel's same games (printed, not
asserted: timing belongs to the bench).

The engine's ``State`` and ``FieldState``, the shedding, tricks and climbing families'
states and tables are *native* classes there (mypyc's C structs, read and called directly): each
family's state is an ``attr.s`` class with its clone and properties written out in its
source (:mod:`cardrules.tools.written_states`); the tricks state's optional field groups
are named by traits (:mod:`cardrules.families.tricks.attributes`).  The other families'
states stay ordinary classes that subclass the native ``FieldState``
(:func:`~cardrules.engine.state_codec.native_slots`), and the classes
:func:`cardrules.engine.flow.compose` makes at run time subclass the native family states
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
import cardrules.families.tricks.state as tricks
import cardrules.families.tricks.tables as tricks_tables
import cardrules.families.climbing.state as climbing
import cardrules.families.climbing.tables as climbing_tables
import cardrules.families.climbing.ranked as ranked
from cardrules.bench.__main__ import OPTIONS
out = {"compiled": shedding.__file__.endswith(".so"), "finals": [],
       "native": [cls.__name__ for cls in (engine.State, engine.FieldState,
                                           shedding.SheddingState, tables.SheddingTables,
                                           tricks.TricksState, tricks_tables.TricksTables,
                                           climbing.ClimbingState,
                                           climbing_tables.ClimbingTables,
                                           ranked.RankedTables)
                  if "__mypyc_attrs__" in cls.__dict__]}
for name, players in (("bank", 2), ("bank", 4), ("bura", 2), ("crazy_eights", 4),
                      ("hearts", 4), ("mau-mau", 3), ("sixty-six", 2),
                      ("switch", 3), ("euchre", 4), ("skat", 3), ("spades", 4),
                      ("whist", 4), ("bura", 4), ("belote", 4), ("oh-hell", 4),
                      ("dou-dizhu", 3), ("president", 3), ("president", 4),
                      ("big-two", 4), ("big-two", 2)):
    for options in ({}, OPTIONS.get((name, players), {})):
        game = cardrules.load(name, players=players, options=options)
        for seed in range(25):
            rng, state = random.Random(seed), game.new_deal(seed)
            while not state.is_over:
                state = state.apply(rng.choice(state.legal_actions()))
            out["finals"].append(state.to_json())
            out["finals"].append(state.view(0).to_json())
SECONDS = 3.0
TIMED = (("crazy_eights", 4), ("bank", 2), ("hearts", 4), ("euchre", 4), ("skat", 3),
         ("spades", 4), ("dou-dizhu", 3))
for name, players in TIMED:
    game = cardrules.load(name, players=players, options=OPTIONS.get((name, players), {}))
    actions, seed = 0, 0
    start = time.process_time()
    while time.process_time() - start < SECONDS:
        rng, state = random.Random(seed), game.new_deal(seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
            actions += 1
        seed += 1
    out[f"{name} {players}p"] = actions / (time.process_time() - start)
try:  # the same games in OpenSpiel's C++, driven from the same kind of loop
    import pyspiel
    from cardrules.bench.peers import _sample
except ImportError:
    pass
else:
    for peer_name, params, players in (("crazy_eights", {"players": 4}, 4), ("hearts", {}, 4),
                                       ("euchre", {}, 4), ("skat", {}, 3), ("spades", {}, 4),
                                       ("dou_dizhu", {}, 3)):
        peer, rng, actions = pyspiel.load_game(peer_name, params), random.Random(0), 0
        start = time.process_time()
        while time.process_time() - start < SECONDS:
            state = peer.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(_sample(rng, state.chance_outcomes()))
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    actions += 1
        out[f"openspiel {peer_name} {players}p"] = actions / (time.process_time() - start)
print(json.dumps(out))
'''


def _play(root: Path) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-c", PLAY], cwd=root, capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": str(root)})
    assert done.returncode == 0, done.stderr[-3000:]
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
    assert ran["native"] == ["State", "FieldState", "SheddingState", "SheddingTables",
                             "TricksState", "TricksTables", "ClimbingState",
                             "ClimbingTables", "RankedTables"]
    assert not interpreted["native"]
    assert ran["finals"] == interpreted["finals"]
    for game in ("crazy_eights 4p", "bank 2p", "hearts 4p", "euchre 4p", "skat 3p",
                 "spades 4p", "dou-dizhu 3p"):
        print(f"{game} decisions/s: compiled {ran[game]:,.0f}, "
              f"interpreted {interpreted[game]:,.0f} ({ran[game] / interpreted[game]:.2f}x)")
    for game in ("crazy_eights 4p", "hearts 4p", "euchre 4p", "skat 3p", "spades 4p",
                 "dou-dizhu 3p"):
        peer = f"openspiel {game.replace('-', '_')}"
        if peer in ran:
            for build, found in (("compiled", ran), ("interpreted", interpreted)):
                print(f"{game} {build} / OpenSpiel's {game.split()[0]}: "
                      f"{found[game] / found[peer]:.2f} "
                      f"(OpenSpiel {found[peer]:,.0f}/s in the same run)")
