"""The state classes on the compiled hot path carry their clone and read-only properties
written out in their source (:mod:`cardrules.tools.written_states`): that part is up to
date with their declared fields and does what
:func:`~cardrules.engine.state_codec.derived` would attach at run time."""

from __future__ import annotations

import attrs
import pytest

import cardrules
from cardrules.engine.fields import declared
from cardrules.engine.state_codec import clone_function, native_slots
from cardrules.families.shedding.state import SheddingState
from cardrules.tools.native_build import is_compiled
from cardrules.tools.written_states import main, written_classes, written_source

WRITTEN = written_classes()
PURE_ONLY = pytest.mark.skipif(
    is_compiled(), reason="the generator reads the fields' annotations as Python keeps them, "
    "which a compiled class does not: the pure run checks the written-out part")


def test_the_shedding_state_is_found() -> None:
    """The written-out classes are found by their marker line, not listed."""
    assert SheddingState in WRITTEN


@PURE_ONLY
@pytest.mark.parametrize("cls", WRITTEN, ids=lambda cls: cls.__name__)
def test_the_written_out_part_is_up_to_date(cls: type) -> None:
    """Regenerating the part changes nothing (run ``python -m
    cardrules.tools.written_states`` after changing such a class's fields)."""
    path, old, new = written_source(cls)
    assert old == new, f"{path}: python -m cardrules.tools.written_states"


@PURE_ONLY
def test_the_check_passes() -> None:
    assert main(["--check"]) == 0


def test_the_written_out_clone_is_the_generated_one() -> None:
    """Attribute by attribute, the written-out clone gives what the clone ``derived``
    generates gives: events empty, caches afresh, everything else shared."""
    cls = SheddingState
    state = cardrules.load("crazy_eights", players=3).new_deal(4)
    state = state.apply(state.legal_actions()[0])
    assert type(state) is cls and state.events and state.legal_actions()
    written, generated = state._clone(), clone_function(cls)(state)
    for a in attrs.fields(cls):
        assert getattr(written, a.name) == getattr(generated, a.name), a.name
    assert written.events == () and written._legal is None and written is not state


def test_every_declared_field_reads_back_through_a_property() -> None:
    cls = SheddingState
    state = cardrules.load("bank", players=2).new_deal(1)
    assert type(state) is cls
    for item in declared(cls):
        assert getattr(state, item.name) == getattr(state, item.attribute), item.name
        with pytest.raises(AttributeError):
            setattr(state, item.name, getattr(state, item.attribute))


def test_composed_classes_clone_with_their_phase_fields() -> None:
    """A game whose state class adds fields to a written-out class (Mau-Mau keeps the
    cards drawn this turn) clones them too."""
    state = cardrules.load("mau-mau", players=3).new_deal(2)
    new = state._clone()
    assert type(new) is type(state) and new.events == ()
    for a in attrs.fields(type(state)):
        if a.name not in ("_events", "_legal"):
            assert getattr(new, a.name) == getattr(state, a.name), a.name
    assert any(a.name == "_drawn_cards" for a in attrs.fields(type(state)))


def test_native_slots_leaves_ordinary_classes_alone() -> None:
    """Nothing is compiled here: no base class keeps native attributes, and the classes'
    own slots stay."""

    @attrs.define(slots=True)
    class Plain:
        _a: int = 0

    before = Plain.__dict__["_a"]
    native_slots(Plain)
    assert Plain.__dict__["_a"] is before
