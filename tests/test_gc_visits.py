"""Every state reports each object it refers to to Python's garbage collector as many
times as it holds it, in the compiled build as in the pure one.

A compiled state whose class declares again an attribute of its native base (every
shipped family's state does, for its own types and codecs) was reported twice by the C
mypyc writes: the collector then counted one reference too many, and a collection while
such a state was garbage could take a live ``Game`` held elsewhere (a test's cache) for
garbage and empty it.  The build mends the C
(:func:`cardrules.tools.native_build.traverse_each_attribute_once`); this checks the
result on a state of every shipped game, a few moves in.
"""

from __future__ import annotations

import gc
import random
from collections import Counter
from pathlib import Path

import attrs
import pytest

import cardrules

VARIANTS = sorted(path.stem for path in (Path(__file__).parents[1] / "variants").glob("*.yaml"))


def _tracked(value: object) -> bool:
    return gc.is_tracked(value) and not isinstance(value, type)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_state_reports_each_object_it_holds_once_per_reference(variant: str) -> None:
    game = cardrules.load(variant)
    state = game.new_deal(1)
    rng = random.Random(1)
    for _ in range(6):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    held = Counter(id(value) for value in (getattr(state, field.name)
                                           for field in attrs.fields(type(state)))
                   if _tracked(value))
    reported = Counter(id(value) for value in gc.get_referents(state) if _tracked(value))
    assert held[id(game)] == 1
    assert reported == held
