"""Fresh states (``state_codec.fresh``: declared fields at their initial values unless
given, the listed phases' fields in a record of their own) and the phases the flow asks
after each trick (``Game.ending``)."""

from __future__ import annotations

import pytest

import cardrules
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
