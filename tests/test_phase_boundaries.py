"""Phases work at the engine's typed table: they touch no private field of another layer's
object, and a plug-in phase written against the table passes ``mypy --strict``.

A phase's own fields are those its field mixin declares (:attr:`Phase.fields`); any other
name starting with ``_`` read or written on the state a phase method receives (its
``state`` parameter) is another layer's private field, which the table's named
operations replace (``turn_to``, ``move``, ``record``...).
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

import cardrules
from cardrules.cards import bits
from cardrules.engine.fields import declared
from cardrules.engine.phased import Binder, bind
from cardrules.errors import VariantError
from cardrules.phases import REGISTRY, Phase, register

ROOT = Path(__file__).resolve().parent.parent
PHASE_MODULES = sorted((ROOT / "cardrules" / "phases").rglob("*.py")) + [
    ROOT / "tests" / "toy_phase.py",
    *(path for plugin in ("trick_window", "deal_steps")
      for path in sorted((ROOT / "tests" / "plugins" / plugin).glob("*.py")))]
"""Every module of a phase: the built-in ones and the test-only ones."""


def _own_fields(tree: ast.Module) -> set[str]:
    """The private names the module's phases may touch: the fields their mixins declare
    (attributes annotated in a class body under a leading underscore)."""
    own = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name) \
                        and item.target.id.startswith("_"):
                    own.add(item.target.id)
    return own


def _private_uses(tree: ast.Module) -> list[tuple[int, str]]:
    """Each ``state._name`` (a private attribute of a parameter or variable named
    ``state``) in the module, with its line."""
    return [(node.lineno, node.attr) for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and node.attr.startswith("_")
            and not node.attr.startswith("__") and isinstance(node.value, ast.Name)
            and node.value.id == "state"]


@pytest.mark.parametrize("path", PHASE_MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_phase_touches_only_its_own_private_fields(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    own = _own_fields(tree)
    foreign = [f"{path.name}:{line}: state.{name}" for line, name in _private_uses(tree)
               if name not in own]
    assert not foreign, foreign


def test_the_own_fields_the_check_allows_are_the_declared_ones() -> None:
    """The names the AST check takes as a phase's own are exactly what the phases' field
    mixins declare (and their table protocols repeat), so the check cannot be fooled by
    a protocol naming a procedure's field."""
    import toy_phase
    from plugins.deal_steps import PHASES
    from plugins.trick_window import BOAST_WINDOW

    from cardrules.phases import known
    phases = [*known().values(), toy_phase.PassLeft(), toy_phase.Cut(), BOAST_WINDOW, *PHASES]
    declared_names = {d.attribute for p in phases if p.fields is not None
                      for d in declared(p.fields)}
    for path in PHASE_MODULES:
        own = _own_fields(ast.parse(path.read_text(encoding="utf-8")))
        assert own <= declared_names, (path.name, own - declared_names)


class _Idle(Phase[cardrules.phases.Table]):
    """A phase that does nothing, for load-time checks: subclasses name it and give it
    zones or fields."""

    def describe(self, settings: object) -> str:
        return "Nothing."

    def enter(self, state: cardrules.phases.Table, settings: object) -> None:
        state.turn_to(state.dealer)

    def candidates(self, state: cardrules.phases.Table, settings: object) -> list[object]:
        return []

    def refusal(self, state: object, settings: object, action: object) -> None:
        return None

    def apply(self, state: object, settings: object, action: object) -> bool:
        return True


def test_a_phase_needing_a_zone_the_procedure_lacks_is_refused_at_load() -> None:
    class Widow(_Idle):
        name = "test_widow_zone"
        zones = ("widow",)

    register(Widow())
    try:
        with pytest.raises(VariantError, match="test_widow_zone works on the widow zone, "
                                               "which the shedding procedure does not have"):
            cardrules.load({"extends": "bank", "patch": {"phases": ["test_widow_zone"]}},
                           players=2)
    finally:
        REGISTRY._items.pop("test_widow_zone", None)


@pytest.mark.parametrize(("game", "name", "owner"), [
    ("bank", "_hands", "the shedding procedure's state"),  # a field of the state
    ("durak", "_trump_card", "the bouts procedure's state"),
    ("bura", "_passed", "the pass_cards phase"),  # a field of a phase listed before
])
def test_a_phase_field_named_like_another_layers_attribute_is_refused_at_load(
        game: str, name: str, owner: str) -> None:
    """A plug-in phase's field must not share a name with a declared field of the state or
    of a phase listed before it: both would be the same entry of the JSON, the views and
    ``setup`` (a name the state gives another attribute is the phase's own: the packet
    deal's ``_shown`` in ``test_deal_phases.py``, named like an optional attribute of the
    tricks state)."""
    fields = attrs.make_class("Clashing", {name: attrs.field(default=0)}, slots=False)

    class Clash(_Idle):
        name = "test_clash"

    Clash.fields = fields
    register(Clash())
    listed: list[object] = ["test_clash"]
    if owner.startswith("the pass_cards"):
        listed = [{"pass_cards": {"count": 1}}, "test_clash"]
    try:
        with pytest.raises(VariantError, match=f"the test_clash phase keeps a field named "
                                               f"{name}, like {owner}: the phase's author"):
            cardrules.load({"extends": game, "patch": {"phases": listed}}, players=2)
    finally:
        REGISTRY._items.pop("test_clash", None)


def test_the_table_moves_cards_between_declared_zones() -> None:
    game = cardrules.load("hearts", players=4)
    state = game.new_deal(seed=3)
    new = state._clone()  # a fresh clone, as the flow hands a phase
    card = 0
    holder = next(p for p in range(4) if new.hand(p) >> card & 1)
    new.move(1 << card, "hand", "hand", source_seat=holder, target_seat=(holder + 1) % 4)
    assert new.hand((holder + 1) % 4) >> card & 1 and not new.hand(holder) >> card & 1
    assert state.hand(holder) >> card & 1  # the state it was cloned from is unchanged
    with pytest.raises(ValueError, match="does not hold every card moved"):
        new.move(1 << card, "hand", "hand", source_seat=holder, target_seat=holder)
    with pytest.raises(ValueError, match="no zone 'widow'"):
        new.cards("widow")


def test_a_phases_read_only_table_forwards_the_table_operations_to_the_state() -> None:
    """The guard a phase reads through (``phased.bind``: a ``Binder``, whose compiled
    methods forward the operations phases call) answers as the state does, reads the
    phase's fields, refuses to change them, and a move through it changes the state."""
    game = cardrules.load("hearts", players=4)
    state = game.new_deal(seed=3)
    assert state._stage >= 0  # passing: the state keeps a phase record
    guard = bind(state)
    assert isinstance(guard, Binder) and guard is not state._phased
    own = [n for n in vars(Binder) if not n.startswith("_")]
    assert own and not [n for n in own if n in vars(type(guard))]  # Binder's stay in force
    assert guard.game is game and guard.to_act == state.to_act
    assert (guard.dealer, guard.deal_number, guard.stage) == (
        state.dealer, state.deal_number, state.stage)
    assert [guard.hand(p) for p in range(4)] == [state.cards("hand", p) for p in range(4)]
    assert guard.cards("hand", 2) == state.hand(2) and guard.seating() == state.seating()
    assert guard.passing == state._phased._passing == (0, 0, 0, 0)
    with pytest.raises(AttributeError, match="may only read"):
        guard._passing = (1, 0, 0, 0)
    new = state._clone()
    card = next(iter(bits(new.hand(new.to_act))))
    bind(new).move(1 << card, "hand", "hand", source_seat=new.to_act,
                   target_seat=(new.to_act + 1) % 4)
    assert not new.hand(new.to_act) >> card & 1 and state.hand(state.to_act) >> card & 1


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("mypy") is None and not any(
    (Path(p) / "mypy").exists() for p in sys.path), reason="mypy is not installed")
def test_a_plug_in_phase_written_against_the_table_passes_mypy_strict() -> None:
    """The test-only phases (the toy phases, the window between tricks, the packet deal
    and the stakes between deals) are typed against the table: mypy checks their methods
    against the ``Phase`` contract and what they touch against their table protocols."""
    env = {**os.environ, "MYPYPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental",
         "--cache-dir", os.devnull, "plugins/trick_window", "plugins/deal_steps", "toy_phase.py"],
        cwd=ROOT / "tests", env=env, capture_output=True, text=True, timeout=600,
        check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_field_named_like_a_table_operation_is_refused() -> None:
    """A phase's field whose public name is one of the table's operations (``record``)
    would hide it behind a read-only property: the state class is refused instead."""
    import attrs

    from cardrules.engine.fields import Count, field
    from cardrules.engine.flow import compose
    from cardrules.engine.procedures import find

    @attrs.define(slots=False)
    class RecordFields:
        _record: int = field(Count())

    with pytest.raises(TypeError, match="the field _record would hide the method record"):
        compose(find("tricks").state_class, [RecordFields])


def test_the_phase_record_is_shared_until_a_phase_may_change_it() -> None:
    """The listed phases' fields live in a record the clones share (engine.phased): a
    binder made for reading refuses writes, and one made after ``own`` changes the clone's
    copy only."""
    from cardrules.engine.phased import bind, own

    state: Any = cardrules.load("hearts", players=4, options={"passing": "left"}).new_deal(1)
    new = state._clone()
    assert new._phased is state._phased
    with pytest.raises(AttributeError, match="may only read"):
        bind(new)._passing = 1
    own(new)
    bind(new, writes=True)._passing = 1
    assert new.phase_fields.passing == 1 and state.phase_fields.passing != 1


def test_the_flow_binds_a_record_to_its_own_state_only_while_it_works() -> None:
    """A phase that may write is handed the record itself bound to the state
    (engine.phased.bind); once the flow is done the record refers to no state (no cycle
    keeps an old state alive), and the read-only guard of a later call still reads it."""
    from cardrules.engine.phased import bind

    state: Any = cardrules.load("euchre", players=4).new_deal(3)
    assert state._phased._table is None
    after = state.apply(state.legal_actions()[0])
    assert after._phased is not state._phased and after._phased._table is None
    guard = bind(after)
    assert guard is not after._phased and guard.to_act == after.to_act
    assert guard.passes == after._phased._passes == 1
    table = bind(after, writes=True)
    assert table is after._phased and table.to_act == after.to_act and table.passes == 1


def test_a_phase_field_is_never_forwarded_to_a_state_attribute_of_its_name() -> None:
    """The record's table forwards the state's attributes but not those named like a
    phase field, though a phase's attrs mixin keeps its fields in the instance's
    ``__dict__`` (not among the record class's attributes); compiled, the tricks state
    has an attribute ``_shown`` and a test phase a field ``_shown``."""
    import attrs

    from cardrules.engine.fields import CardSet, Count, field
    from cardrules.engine.phased import bind, make_record, record_class

    @attrs.define(slots=False)
    class Shown:
        _shown: int = field(CardSet(zone="shown"))
        _cut: int = field(Count())

    class State:
        _shown = "the state's"
        turn = "the state's turn"

        def __init__(self, record: object) -> None:
            self._phased = record

    record = make_record(record_class([Shown], State), {"shown": 5})
    table = bind(State(record), writes=True)
    table._shown = 6
    assert (table._shown, table.shown, table.turn) == (6, 6, "the state's turn")
    assert bind(State(record)).shown == 6
