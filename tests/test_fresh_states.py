"""Fresh states (``state_codec.fresh``: declared fields at their initial values unless
given, the listed phases' fields in a record of their own) and the phases the flow asks
after each trick (``Game.ending``)."""

from __future__ import annotations

import attrs
import pytest

import cardrules
from cardrules.engine import state_codec
from cardrules.engine.state_codec import fresh


def _fresh(game: cardrules.Game, **values: object) -> object:
    return fresh(game.state_class, game, game=game, tables=game.tables, **values)


def test_given_fields_are_set_and_the_others_start_at_their_initial_values() -> None:
    game = cardrules.load("hearts", players=4)
    state = _fresh(game, hands=(1, 2, 4, 8), dealer=2)
    assert state.hands == (1, 2, 4, 8) and state.dealer == 2
    assert state.tricks == (0, 0, 0, 0) and state.won == (0, 0, 0, 0)
    assert state.game is game


def test_a_fresh_state_changed_leaves_the_next_one_as_it_was() -> None:
    game = cardrules.load("hearts", players=4)
    first = _fresh(game, hands=(1, 2, 4, 8))
    first._hands = (15, 0, 0, 0)
    assert _fresh(game).hands == (0, 0, 0, 0)


def test_fresh_states_of_a_game_with_phases_each_get_their_own_record() -> None:
    game = cardrules.load("euchre", players=4)
    one, other = _fresh(game), _fresh(game)
    assert one._phased is not other._phased
    one._phased._maker = 2
    assert other._phased._maker == -1


def test_a_phase_field_given_by_its_public_name_goes_to_the_record() -> None:
    game = cardrules.load("euchre", players=4)
    state = _fresh(game, maker=3)
    assert state.phase_fields.maker == 3


def test_a_name_that_is_no_field_is_refused() -> None:
    game = cardrules.load("hearts", players=4)
    with pytest.raises(TypeError, match="nonsense"):
        _fresh(game, nonsense=1)


def test_the_flow_asks_only_the_phases_that_may_end_a_deal() -> None:
    skat = cardrules.load("skat", players=3)  # the game type ends a null game early
    assert [phase.name for phase, _ in skat.ending] == ["game_type"]
    assert cardrules.load("euchre", players=4).ending == ()  # ordering up never does
    assert cardrules.load("bank", players=2).ending == ()


def _fields(state: object) -> dict[str, object]:
    values = {a.name: getattr(state, a.name) for a in attrs.fields(type(state))}
    record = values.pop("_phased", None)
    if record is not None:  # records compare by identity: their fields instead
        values["_phased"] = {a.name: getattr(record, a.name) for a in attrs.fields(type(record))}
    return values


@pytest.mark.parametrize("name", ["hearts", "bura", "bank", "crazy-eights", "euchre", "durak",
                                  "gin-rummy", "blackjack", "casino", "cribbage", "big-two"])
def test_a_fresh_state_copied_is_the_one_its_class_would_make(name: str) -> None:
    """After the first fresh state of a class for a game (made by ``__init__``), the next
    are copies of a kept one with the given fields set: every attribute the same as
    ``__init__`` gives, the record's too, whichever fields are given."""
    state_codec._FRESH.clear()
    game = cardrules.load(name)
    given = {"game": game, "dealer": 1, "deal_number": 3, "current": 1}
    if "_tables" in attrs.fields_dict(game.state_class):
        given["tables"] = game.tables
    first, copied = (fresh(game.state_class, game, **given) for _ in range(2))
    made = game.state_class(**{**state_codec._initial(game.state_class, game.players),
                               **given})
    if game.record_class is not None:
        made._phased = state_codec._prototype(game.record_class, game.players)
    assert _fields(first) == _fields(copied) == _fields(made)
    fewer = {k: v for k, v in given.items() if k not in ("dealer", "current")}
    assert _fields(fresh(game.state_class, game, **fewer)) == _fields(
        game.state_class(**{**state_codec._initial(game.state_class, game.players), **fewer,
                            **({} if game.record_class is None else {"phased": made._phased})}))


@pytest.mark.parametrize("name", ["hearts", "bura", "bank", "skat", "gin-rummy"])
def test_new_deals_made_first_and_later_are_equal(name: str) -> None:
    state_codec._FRESH.clear()
    game = cardrules.load(name)
    first, later = game.new_deal(seed=11), game.new_deal(seed=11)
    assert first == later and first.to_json() == later.to_json()


def test_a_field_with_no_initial_value_left_out_later_is_not_taken_from_the_first() -> None:
    """A field that has no initial value (the tables) given once and left out later
    takes the class's default then, as ``__init__`` gives it (or refuses it), not the
    value given first."""
    game = cardrules.load("bura", players=2)
    _fresh(game)
    try:
        made = game.state_class(**state_codec._initial(game.state_class, 2), game=game)
    except TypeError:  # compiled: the native field holds tables only, and None is refused
        with pytest.raises(TypeError, match="TricksTables"):
            fresh(game.state_class, game, game=game)
    else:
        assert _fields(fresh(game.state_class, game, game=game)) == _fields(made)


def test_the_flow_asks_only_the_phases_that_count_cards_or_carry_facts() -> None:
    """A deal's points and result ask only the phases with their own ``counted`` and
    ``carry`` (Hearts' passing has neither: no table bound for it at the end of a
    deal)."""
    skat = cardrules.load("skat", players=3)  # the skat laid away counts for the declarer
    assert [phase.name for phase, _ in skat.counting] == ["widow"]
    spades = cardrules.load("spades", players=4)  # the bags carry from deal to deal
    assert [phase.name for phase, _ in spades.carrying] == ["bidding"]
    hearts = cardrules.load("hearts", players=4)
    assert hearts.counting == () == hearts.carrying
    final = hearts.play_out(1, seed=3, keep_states=True)[0].final
    assert final is not None and final.result is not None
    assert final.result.carry == (("leader", final.result.carry[0][1]),)


def test_a_blank_state_is_a_copy_of_the_one_the_game_keeps() -> None:
    """``FieldState._blank``: without phases the game keeps its first blank state
    (``blank_state``) and hands out copies of it, each a state of its own; with phases
    every blank state is made afresh with its own phase record."""
    game = cardrules.load("hearts", players=4)
    assert game.blank_state is None
    first, second = (game.state_class._blank(game, tables=game.tables) for _ in range(2))
    assert len({id(first), id(second), id(game.blank_state)}) == 3
    made = state_codec.blank(game.state_class, game, tables=game.tables)
    assert first.to_json() == second.to_json() == made.to_json()
    first._hands = (15, 0, 0, 0)
    assert game.state_class._blank(game).hands == (0, 0, 0, 0)
    euchre = cardrules.load("euchre", players=4)
    one, other = (euchre.state_class._blank(euchre, tables=euchre.tables) for _ in range(2))
    assert euchre.blank_state is None and one._phased is not other._phased


@pytest.mark.parametrize("name", ["blackjack", "whist", "uno", "kuhn-poker", "gin-rummy",
                                  "casino", "big-two", "three-card-brag", "cribbage",
                                  "durak"])
def test_a_deal_without_phases_starts_as_the_flow_would_start_it(name: str) -> None:
    """``FieldState._start`` deals and begins play itself when the game lists no phase:
    the same state as ``flow.start`` makes of the same fresh state."""
    from cardrules.cards import shuffled
    from cardrules.engine import flow

    game = cardrules.load(name)
    assert not game.phases
    game.new_deal(0)  # the game's blank state made as its procedure makes it
    for seed in range(5):
        made = []
        for fast in (True, False):
            state = game.state_class._blank(game)
            state._stock = tuple(shuffled(seed, game.pack.size))
            if fast:
                state._start(seed)
            else:
                flow.start(state, seed)
            made.append(state.to_json())
        assert made[0] == made[1]
