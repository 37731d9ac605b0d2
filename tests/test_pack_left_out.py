"""Cards left out of the pack as data (``pack.left_out``): a list of card names for any
number of players, or ``{by_players: ...}`` per number of players; refused at load when a
name is no card of the pack, repeats, names a number of players the game does not allow,
or leaves out every card; combined with a ``pack`` hook's; said by ``cardrules rules``.
(Black Maria's 51 cards: ``tests/test_black_maria.py``.)"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules.errors import VariantError
from cardrules.tools.describe import describe

sys.path.insert(0, str(Path(__file__).resolve().parent / "hook_games"))
import black_maria  # noqa: F401  (registers black_maria.no_two_of_clubs)


def hearts_for(players: int, **patch: Any) -> cardrules.Game:
    """Hearts for 3 to 5 players, 2C left out for 3 and 2C 2D for 5 (as many rule books
    play it), with ``patch`` patched on."""
    pack = {"left_out": {"by_players": {3: ["2C"], 5: ["2C", "2D"]}}, **patch}
    return cardrules.load({"extends": "hearts", "patch": {
        "players": {"min": 3, "max": 5}, "pack": pack,
        "deal": {"hand": {"by_players": {3: 17, 4: 13, 5: 10}}},
        "phases": [{"pass_cards": {"count": 3, "direction": "left"}}],
        "play": {"opening": None, "first_trick": {"no_cards": []}}}}, players=players)


@pytest.mark.parametrize(("players", "count", "gone"), [(3, 51, {"2C"}), (4, 52, set()),
                                                       (5, 50, {"2C", "2D"})])
def test_the_cards_left_out_depend_on_the_number_of_players(players: int, count: int,
                                                            gone: set[str]) -> None:
    game = hearts_for(players)
    pack = game.pack
    assert pack.count == count and pack.size == 52
    assert set(pack.names(range(52))) - set(pack.names(pack.cards)) == gone
    rng = random.Random(players)
    for seed in range(3):
        state = game.new_deal(seed)
        assert sum(h.bit_count() for h in state.hands) == count and state.stock == ()
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        assert state.result is not None and sum(state.result.scores) in (26, 26 * (players - 1))


def test_the_rules_say_which_cards_are_left_out_for_each_number_of_players() -> None:
    lines = describe(hearts_for(4).variant)
    assert ("- 52 cards: ranks 2 3 4 5 6 7 8 9 10 J Q K A (low to high) in suits C D H S; "
            "with 3 players 2C is left out (51 cards), with 5 players 2C 2D are left out "
            "(50 cards).") in lines


@pytest.mark.parametrize(("left_out", "message"), [
    (["2X"], "'2X' is no card of the pack"),
    (["2C", "2c"], "'2c' names card 2C again"),
    ({"by_players": {6: ["2C"]}}, "cards left out for 6 players, but the game is for 3 to 5"),
])
def test_a_left_out_card_must_be_a_card_of_the_pack_once(left_out: Any, message: str) -> None:
    with pytest.raises(VariantError, match=message):
        hearts_for(4, left_out=left_out)


def test_a_pack_too_small_for_the_deal_is_refused() -> None:
    with pytest.raises(VariantError, match="4 players need 52 cards to deal but the pack "
                                           "has 51"):
        cardrules.load({"extends": "hearts", "patch": {"pack": {"left_out": ["2C"]}}})


def test_leaving_out_every_card_is_refused() -> None:
    every = [f"{r}{s}" for s in "SH" for r in ("A", "K")]
    with pytest.raises(VariantError, match="every card of the pack is left out"):
        cardrules.load({"extends": "hearts", "patch": {
            "pack": {"ranks": ["K", "A"], "suits": ["S", "H"], "card_points": {},
                     "left_out": every},
            "players": {"min": 2, "max": 2}, "deal": {"hand": 1}, "phases": [],
            "play": {"opening": None, "first_trick": {"no_cards": []}, "unbroken": None}}})


def test_a_pack_hook_leaves_out_cards_besides_those_the_data_leaves_out() -> None:
    game = cardrules.load({"extends": "hearts", "patch": {
        "players": {"min": 3, "max": 3}, "deal": {"hand": 16},
        "pack": {"left_out": ["2D"]}, "hooks": {"pack": "black_maria.no_two_of_clubs"},
        "phases": [],
        "play": {"opening": None, "first_trick": {"no_cards": []}}}}, players=3)
    names = set(game.pack.names(game.pack.cards))
    assert game.pack.count == 50 and not {"2C", "2D"} & names
