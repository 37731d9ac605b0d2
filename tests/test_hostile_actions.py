"""Hostile actions from embedding programs: each is a clear error, never a corrupted state."""

from __future__ import annotations

import json

import pytest

import cardrules
from cardrules import Action, IllegalActionError, Kind, NotationError, StateError

GAME = cardrules.load("bank", players=3, options={"trumps": "none"})


def _mid_game() -> cardrules.State:
    state = GAME.new_deal(4)
    for _ in range(5):
        state = state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("text", ["", "   ", "play", "play 1Z", "play 9H 9H 9H 9H 9H 9H",
                                  "dance 9H", "pass 9H", "trump", "trump Q", "\x00", "play ♥9"])
def test_garbage_notation(text: str) -> None:
    state = _mid_game()
    before = state.to_json()
    with pytest.raises((NotationError, IllegalActionError)):
        state.apply(text)
    assert state.to_json() == before


def test_action_by_a_player_who_is_not_to_move() -> None:
    state = _mid_game()
    other = (state.current_player + 1) % GAME.players
    with pytest.raises(IllegalActionError, match=f"player {other} is not to move"):
        state.apply(state.legal_actions()[0], player=other)
    assert state.apply(state.legal_actions()[0], player=state.current_player) is not None


def test_action_from_another_variant_is_refused() -> None:
    state = _mid_game()
    for action in (Action(kind=Kind.DECLARE, name="moscow", cards=(0, 1, 2)),
                   Action(kind=Kind.LEAD, cards=(0,)), Action(kind=Kind.THROW, cards=(3,)),
                   Action(kind=Kind.PLAY, cards=(999,))):
        with pytest.raises(IllegalActionError):
            state.apply(action)


def test_action_from_an_older_state_is_refused_once_stale() -> None:
    old = _mid_game()
    action = old.legal_actions()[0]
    new = old.apply(action)
    while action in new.legal_actions() and not new.is_over:
        new = new.apply(new.legal_actions()[-1])
    if not new.is_over:
        with pytest.raises(IllegalActionError):
            new.apply(action)
    assert old.apply(action) is not None, "the old state stays valid"


def test_after_the_game_is_over_everything_is_refused() -> None:
    state = GAME.new_deal(1)
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="over"):
        state.apply("pass")
    with pytest.raises(IllegalActionError, match="not to move"):
        state.apply("pass", player=0)


@pytest.mark.parametrize("tamper", ["card_in_two_zones", "card_missing", "bad_player",
                                    "bad_phase", "unknown_card", "wrong_players", "not_a_dict"])
def test_tampered_json_state(tamper: str) -> None:
    data = json.loads(json.dumps(_mid_game().to_json()))
    if tamper == "card_in_two_zones":
        data["stock"].append(data["hands"][0][0])
    elif tamper == "card_missing":
        data["hands"][0].pop()
    elif tamper == "bad_player":
        data["current"] = 7
    elif tamper == "bad_phase":
        data["phase"] = "party"
    elif tamper == "unknown_card":
        data["pile"].append("XX")
    elif tamper == "wrong_players":
        data["hands"].append([])
    else:
        data = ["not", "a", "dict"]
    with pytest.raises((StateError, cardrules.RecordError)):
        GAME.state_from_json(data)
