"""State fields are declared once; cloning, JSON, zones, re-sampling and pickling derive
from the declarations (cardrules.engine.fields, cardrules.engine.state_codec)."""

from __future__ import annotations

import pickle
import random
import types

import attrs
import pytest

import cardrules
from cardrules.engine.fields import CardList, CardSets, Count, Events, Seat, declared, field
from cardrules.engine.state import DealContext
from cardrules.engine.state_codec import (
    clone_function,
    derived,
    field_groups,
    group_bits,
    grouped_attributes,
    native_clone,
)
from cardrules.families.shedding.state import SheddingState
from cardrules.families.tricks.state import TricksState
from cardrules.loader.resources import builtin_variants
from cardrules.model.common import Visibility


def _played(variant: str, players: int, steps: int, seed: int = 1) -> cardrules.State:
    game = cardrules.load(variant, players=players)
    state = game.new_match(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("cls", [SheddingState, TricksState])
def test_every_declared_field_is_in_the_json_and_has_a_read_only_property(cls: type) -> None:
    names = [d.name for d in declared(cls)]
    assert len(names) == len(set(names))
    for name in names:  # a property, or in the compiled build the native getter
        assert isinstance(getattr(cls, name), (property, types.GetSetDescriptorType))
    game = cardrules.load("bank" if cls is SheddingState else "bura", players=2)
    state = game.new_deal(seed=3)
    assert set(state.to_json()) == {"procedure", *names}
    with pytest.raises(AttributeError):
        state.hands = ()  # type: ignore[misc]


@pytest.mark.parametrize("variant", ["bank", "bura"])
def test_states_and_games_pickle(variant: str) -> None:
    state = _played(variant, 3, 40)
    again = pickle.loads(pickle.dumps(state))
    assert again.to_json() == state.to_json()
    assert again.legal_actions() == state.legal_actions()
    game = pickle.loads(pickle.dumps(state.game))
    assert game.fingerprint == state.game.fingerprint


@pytest.mark.parametrize("variant", ["bank", "bura"])
def test_a_clone_is_equal_but_starts_with_no_events(variant: str) -> None:
    state = _played(variant, 2, 5).deal  # type: ignore[attr-defined]
    copy = state._clone()
    assert copy is not state and copy.events == ()
    assert copy.to_json() | {"events": []} == state.to_json() | {"events": []}


@pytest.mark.parametrize(("field_name", "value", "message"), [
    ("current", 7, "current: 7 is not a seat"),
    ("current", True, "current: expected a whole number"),
    ("hands", [[1], [], []], "hands: expected a card name, got 1"),
    ("hands", [[], []], "hands: expected 3 entries"),
    ("phase", "dancing", "phase: 'dancing' is not one of"),
    ("stock", ["9H", "9H"], "stock: a card is listed twice"),
    ("dealer", -1, "dealer: -1 is not a seat"),
])
def test_tampered_fields_are_refused_with_the_field_named(field_name: str, value: object,
                                                           message: str) -> None:
    """Issue: state_from_json accepted out-of-range seats and non-card values."""
    game = cardrules.load("bank", players=3, options={"trump_assignment": "seat"})
    data = game.new_deal(seed=2).to_json()
    data[field_name] = value
    with pytest.raises(cardrules.StateError, match=message):
        game.state_from_json(data)


def test_tricks_state_refuses_a_trick_that_contradicts_its_phase() -> None:
    game = cardrules.load("bura", players=2)
    data = game.new_deal(seed=2).to_json()
    assert data["phase"] in ("lead", "declare")
    data["plays"] = [[data["hands"][0][0]]]
    data["hands"][0] = data["hands"][0][1:]
    with pytest.raises(cardrules.StateError, match="contradicts the phase"):
        game.state_from_json(data)


@attrs.define(slots=True, eq=False)
class _Toy:
    _hands: tuple[int, ...] = field(CardSets(zone="hand"))
    _stock: tuple[int, ...] = field(CardList(zone="stock", seen=Visibility.HIDDEN))
    _turn: int = field(Seat(nobody=False))
    _count: int = field(Count())
    _events: tuple[object, ...] = field(Events())
    _cache: int = 0


def test_a_generated_clone_copies_every_attribute_but_the_events() -> None:
    toy = _Toy(hands=(1, 2), stock=(3,), turn=1, count=4, events=("x",), cache=9)
    clone = clone_function(_Toy)
    assert clone is not None  # _Toy has no compiled base whose clone it could keep
    copy = clone(toy)
    assert (copy._hands, copy._stock, copy._turn, copy._count, copy._cache) == \
        ((1, 2), (3,), 1, 4, 9)
    assert copy._events == ()


def test_two_card_fields_may_not_share_a_zone() -> None:
    @attrs.define(slots=True, eq=False)
    class Clash:
        _a: tuple[int, ...] = field(CardList(zone="pile"))
        _b: tuple[int, ...] = field(CardList(zone="pile"))

    with pytest.raises(TypeError, match="same zone"):
        derived(Clash)


def test_any_position_from_the_declared_fields_bank_follow_up() -> None:
    """B12 mid-turn: the player who laid an 8 may lay one more card or end the turn."""
    game = cardrules.load("bank", players=2, options={"trumps": "none"})
    unused = " ".join(n for n in game.pack.names(range(game.pack.size))
                      if n not in {"7H", "QH", "9C", "8H", "AS", "KS"})
    state = game.position(hands=["7H QH", "9C"], pile="AS 8H", top="8H", owner=0,
                          stock="KS", phase="follow_up", current=0, dealer=1, fresh=True,
                          discard=unused)
    assert set(a.text(game.pack) for a in state.legal_actions()) == {"play 7H", "pass"}
    assert game.state_from_json(state.to_json()) == state


def test_a_position_names_its_fields_and_is_checked() -> None:
    game = cardrules.load("bura", players=2)
    with pytest.raises(cardrules.StateError, match=r"no field colour; fields: .*hands"):
        game.position(colour="red")
    with pytest.raises(cardrules.StateError, match="card"):
        game.position(hands=["AS", "KS"])  # the other cards are nowhere


@pytest.mark.parametrize("variant", ["mau-mau", "pesten", "sixty-six", "tysyacha", "belote",
                                     "german-whist"])
def test_a_composed_class_names_its_field_groups_and_its_states_carry_them(
        variant: str) -> None:
    """The family state's own clone copies the optional field groups a composed class has
    (its ``_groups`` bits), so a class composed of such groups alone needs no clone of its
    own in the compiled build; its states keep every group field through play."""
    game = cardrules.load(variant)
    cls = game.state_class
    groups = field_groups(cls)
    mixins = [g for g in groups if attrs.has(g) and issubclass(cls, g)]
    assert mixins and cls._group_bits == group_bits(cls) == sum(
        1 << groups.index(g) for g in mixins)
    assert grouped_attributes(cls) == {a.name for g in mixins for a in attrs.fields(g)}
    compiled = native_clone(cls) is not None
    assert ("_clone" in cls.__dict__) is not compiled
    state = game.new_deal(seed=2)
    rng = random.Random(2)
    for _ in range(40):
        assert state._groups == cls._group_bits
        again = game.state_from_json(state.to_json())
        assert again == state and again._groups == state._groups
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("cls", [SheddingState, TricksState])
def test_a_family_state_without_groups_has_no_group_bits(cls: type) -> None:
    assert field_groups(cls) and group_bits(cls) == 0 and grouped_attributes(cls) == set()
    game = cardrules.load("crazy-eights" if cls is SheddingState else "hearts")
    assert game.state_class is cls and game.new_deal(seed=1)._groups == 0


@pytest.mark.parametrize("variant", sorted(builtin_variants()))
def test_a_blank_state_is_the_fresh_state_of_the_game_alone(variant: str) -> None:
    """``state_codec.blank`` (what a family's new deal sets its fields on) is the state
    ``fresh`` makes given the game alone (and the tables where they have no initial
    value), field by field and in JSON, with its own phase record; and each new deal of
    the game, its ``DealContext`` and the game itself pickle."""
    from cardrules.engine.state_codec import blank, fresh

    game = cardrules.load(variant)
    cls = game.state_class
    given = {"tables": game.tables} if any(a.name == "_tables" for a in attrs.fields(cls)) \
        else {}
    one, other = blank(cls, game, **given), blank(cls, game, **given)
    made = fresh(cls, game, game=game, **given)
    assert one.to_json() == made.to_json()
    for a in attrs.fields(cls):
        if a.name != "_phased":
            assert getattr(one, a.name) == getattr(made, a.name), a.name
    if game.record_class is not None:
        assert one._phased is not other._phased  # each its own record
    state = _played(variant, game.players, 12)
    assert pickle.loads(pickle.dumps(state)).to_json() == state.to_json()
    assert pickle.loads(pickle.dumps(state.game)).fingerprint == game.fingerprint
    context = DealContext(dealer=0, seed=3, index=1, carry=(("leader", 1),), order=(2, 1, 0))
    assert pickle.loads(pickle.dumps(context)) == context


def _written_out_records() -> list[tuple[object, tuple[str, ...]]]:
    from cardrules.families.climbing.tables import Play
    from cardrules.families.tricks.deal import Dealt

    return [(Play(combination=1, length=1, key=4, cards=(9, 22)),
             ("combination", "length", "key", "cards", "tie")),
            (DealContext(dealer=1, seed=7, carry=(("leader", 1),)),
             ("dealer", "seed", "index", "carry", "order", "previous")),
            (Dealt(hands=(3, 12), stock=(5,), trump=-1, trump_card=-1, leader=1, events=()),
             ("hands", "stock", "trump", "trump_card", "leader", "events"))]


@pytest.mark.parametrize(("record", "names"), _written_out_records(),
                         ids=lambda r: type(r).__name__ if not isinstance(r, tuple) else "")
def test_a_record_written_out_refuses_assignment_in_either_build(
        record: object, names: tuple[str, ...]) -> None:
    """The records written out as plain classes (``Play``, ``DealContext``, tricks'
    ``Dealt``: native, with a compiled ``__init__``, in the compiled build) are read-only
    as their attrs forms were: assigning to a field, deleting one or adding an attribute
    raises ``AttributeError`` in the pure build as in the compiled one, and the record is
    unchanged."""
    before = [getattr(record, name) for name in names]
    for name in names:
        with pytest.raises(AttributeError):
            setattr(record, name, getattr(record, name))
        with pytest.raises(AttributeError):
            delattr(record, name)
    with pytest.raises(AttributeError):
        record.extra = 1  # type: ignore[attr-defined]
    assert [getattr(record, name) for name in names] == before


@pytest.mark.parametrize("variant", ["hearts", "bridge", "tysyacha"])
def test_a_phase_record_keeps_every_field_in_a_slot(variant: str) -> None:
    """A game's phase record (its listed phases' fields) holds each field in a slot of
    its class, none in an instance dict, and its copy holds the same values."""
    state = cardrules.load(variant).new_deal(2)
    record = state._phased
    slots = {name for cls in type(record).__mro__ for name in getattr(cls, "__slots__", ())}
    names = [a.name for a in attrs.fields(type(record))]
    assert names and set(names) <= slots
    assert not getattr(record, "__dict__", {})
    copy = record._copy()
    assert [getattr(copy, n) for n in names] == [getattr(record, n) for n in names]
    assert not getattr(copy, "__dict__", {})
