"""Records made from their slots' values (``cardrules.engine.slots.maker``): in C in the compiled
build, in Python in the pure one, alike."""

from __future__ import annotations

import gc
import sys

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules.actions import Action, Kind
from cardrules.engine import slots
from cardrules.engine.state import DealResult
from cardrules.tools.native_build import is_compiled


@attrs.frozen(kw_only=True, cache_hash=True)
class Trio:
    low: int
    mid: tuple[int, ...]
    high: str = "x"


class Built:
    __slots__ = ("a",)

    def __new__(cls) -> Built:
        return super().__new__(cls)


def test_the_compiled_build_makes_records_in_c_and_the_pure_build_in_python() -> None:
    assert (slots._IN_C is not None) == is_compiled()


@given(low=st.integers(), mid=st.lists(st.integers(0, 60), max_size=6).map(tuple),
       high=st.text(max_size=5))
def test_a_made_record_is_the_constructors(low: int, mid: tuple[int, ...], high: str) -> None:
    made = slots.maker(Trio, ("low", "mid", "high", "_attrs_cached_hash"))(low, mid, high, None)
    built = Trio(low=low, mid=mid, high=high)
    assert type(made) is Trio and made == built and hash(made) == hash(built)
    assert repr(made) == repr(built)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.low = 3  # type: ignore[misc]


def test_actions_and_results_made_so_are_the_records_themselves() -> None:
    make = slots.maker(Action, ("kind", "cards", "name", "amount", "label",
                                "_attrs_cached_hash"))
    action = make(Kind.VERB, (3, 1), "capture", 0, "capture 4C 2C", None)
    assert action == Action(kind=Kind.VERB, cards=(3, 1), name="capture")
    assert hash(action) == hash(Action(kind=Kind.VERB, cards=(3, 1), name="capture"))
    assert action.label == "capture 4C 2C"
    result = DealResult.ranked(scores=(3, 1), finish=(0, 1), starter=0,
                               lower_is_better=False, partnerships=((0,), (1,)))
    assert result == DealResult(scores=(3, 1), finish=(0, 1), starter=0, winners=(0,),
                                places=(1, 2), partnerships=((0,), (1,)))


def test_a_made_record_holds_its_own_references() -> None:
    value = (object(), "kept")
    before = sys.getrefcount(value)
    made = [slots.maker(Trio, ("low", "mid", "high", "_attrs_cached_hash"))(1, value, "x", None)
            for _ in range(5)]
    assert sys.getrefcount(value) == before + 5
    del made
    gc.collect()
    assert sys.getrefcount(value) == before


def test_what_is_no_slot_or_no_plain_class_is_refused_when_the_maker_is_made() -> None:
    with pytest.raises(TypeError, match="'nothing' is not a writable slot of Trio"):
        slots.maker(Trio, ("low", "nothing"))
    with pytest.raises(TypeError, match="'__hash__' is not a writable slot of Trio"):
        slots.maker(Trio, ("__hash__",))
    with pytest.raises(TypeError, match="Built does not make its instances with object"):
        slots.maker(Built, ("a",))


def test_a_maker_takes_exactly_its_values() -> None:
    make = slots.maker(Trio, ("low", "mid"))
    with pytest.raises(TypeError, match="takes 2 values in order"):
        make(1)
    with pytest.raises(TypeError, match="takes 2 values in order"):
        make(1, (), "x")
    half = make(1, ())
    assert half.low == 1
    with pytest.raises(AttributeError):
        _ = half.high  # a slot not named stays unset
