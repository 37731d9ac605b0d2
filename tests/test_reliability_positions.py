"""States compare by value, positions given by hand offer a move, and malformed actions
are refused with a reason (issue 29, items 3, 4 and 5)."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest
from bura_support import bura

import cardrules
from cardrules.actions import Action, Kind
from cardrules.errors import IllegalActionError, StateError

VARIANTS = [("bank", 3), ("bura", 2), ("hearts", 4), ("oh-hell", 4)]
"""Variants with and without listed phases (whose deal states have a class composed for
each game)."""


@pytest.mark.parametrize(("variant", "players"), VARIANTS)
@pytest.mark.parametrize("match", [False, True])
def test_item_3_copied_and_unpickled_states_equal_the_original(variant: str, players: int,
                                                               match: bool) -> None:
    """Item 3: equality needed the very same Game object, which neither a deep copy nor
    an unpickled state has."""
    game = cardrules.load(variant, players=players)
    state = game.new_match(seed=5) if match else game.new_deal(seed=5)
    state = state.apply(state.legal_actions()[0])
    for other in (copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert other == state and hash(other) == hash(state)
        assert other.apply(other.legal_actions()[0]) == state.apply(state.legal_actions()[0])


def test_item_3_games_are_equal_by_their_rules_options_and_players() -> None:
    game = cardrules.load("bura", players=2)
    assert pickle.loads(pickle.dumps(game)) == game
    assert hash(pickle.loads(pickle.dumps(game))) == hash(game)
    assert copy.deepcopy(game) is game
    assert cardrules.load("bura", players=2) == game
    assert cardrules.load("bura", players=3) != game
    assert cardrules.load("bura", players=2, options={"losing_total": 21}) != game
    assert cardrules.load("bura", players=2, options={"losing_total": 21}).new_deal(1) \
        != game.new_deal(1)


def test_item_4_a_set_up_position_with_no_legal_action_is_refused() -> None:
    """Item 4: a hand for the leader and none for the answerer was a live state with no
    legal action."""
    with pytest.raises(StateError, match="not over but offers player 0 no legal action"):
        bura(2).setup(hands=["AS KS QS JS", ""], trump="S", leader=0)


def _stranded_json() -> dict[str, Any]:
    """A Bura deal's JSON whose second player's cards were moved to the discard."""
    data = bura(2).new_deal(seed=2).to_json()
    data["discard"] = [*data["discard"], *data["hands"][1 - data["current"]]]
    data["hands"][1 - data["current"]] = []
    data["stock"], data["discard"] = [], [*data["discard"], *data["stock"]]
    data["phase"], data["asking"] = "lead", []
    return data


def test_item_4_a_state_read_from_json_with_no_legal_action_is_refused() -> None:
    data = _stranded_json()
    with pytest.raises(StateError, match="no legal action"):
        bura(2).state_from_json(data)
    match = bura(2).new_match(seed=2).to_json()
    match["deal"] = data
    with pytest.raises(StateError, match="no legal action"):
        bura(2).state_from_json(match)


def test_item_4_a_position_with_no_legal_action_is_refused() -> None:
    data = _stranded_json()
    with pytest.raises(StateError, match="no legal action"):
        bura(2).position(**{k: v for k, v in data.items() if k != "procedure"})


MALFORMED = [
    (Action(kind=Kind.PLAY, cards=("9H",)), r"cards are a tuple of card numbers 0 to 35"),  # type: ignore[arg-type]
    (Action(kind="play", cards=(1,)), r"kind is a Kind such as Kind.PLAY, not 'play'"),  # type: ignore[arg-type]
    (Action(kind=Kind.LEAD, cards=[1]), r"cards are a tuple"),  # type: ignore[arg-type]
    (Action(kind=Kind.LEAD, cards=(True,)), r"cards are a tuple"),
    (Action(kind=Kind.TRUMP, name=3), r"name is a string"),  # type: ignore[arg-type]
    (Action(kind=Kind.VERB, name="bid", amount="3"), r"amount is a whole number"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize("variant", ["bank", "bura"])
@pytest.mark.parametrize("match", [False, True])
@pytest.mark.parametrize(("action", "message"), MALFORMED)
def test_item_5_a_malformed_action_is_refused_with_a_reason(variant: str, match: bool,
                                                            action: Action,
                                                            message: str) -> None:
    """Item 5: such actions escaped as TypeError or AttributeError from apply and
    why_illegal."""
    game = cardrules.load(variant, players=2)
    state = game.new_match(seed=1) if match else game.new_deal(seed=1)
    before = state.to_json()
    with pytest.raises(IllegalActionError, match=message):
        state.apply(action)
    why = state.why_illegal(action)
    assert why is not None and why.startswith("an action")
    assert state.can_apply(action) is False
    assert state.to_json() == before


def test_item_5_a_card_outside_the_pack_is_still_refused_as_such() -> None:
    state = cardrules.load("bura", players=2).new_deal(seed=1)
    with pytest.raises(IllegalActionError, match="not in the pack"):
        state.apply(Action(kind=Kind.LEAD, cards=(99,)))


def test_setup_refuses_trumps_a_game_does_not_have() -> None:
    """``setup(trump=...)`` in a game without trumps (Hearts) is refused with the reason;
    an unknown suit is refused in a trick game and in a beating game alike."""
    hearts = cardrules.load("hearts", players=4)
    hands = ["2C 3C", "4C 5C", "6C 7C", "8C 9C"]
    with pytest.raises(cardrules.StateError, match="no trumps"):
        hearts.setup(hands=hands, trump="D")
    whist = cardrules.load("whist", players=4)
    with pytest.raises(cardrules.CardrulesError, match="unknown suit 'X'"):
        whist.setup(hands=hands, trump="X")
    assert whist.setup(hands=hands, trump="h").trump == whist.pack.suits.index("H")
    durak = cardrules.load("durak", players=2)
    with pytest.raises(cardrules.CardrulesError, match="unknown suit 'X'"):
        durak.setup(hands=["6S 7S", "8S 9S"], trump="X")
