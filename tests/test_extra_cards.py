"""Extra cards outside rank x suit (jokers, issue 24): the pack, the rule file's
``pack.extra``, the ``pack`` hook adding cards, and two games that deal and play them:
Mau-Mau with two jokers given their meaning by a ``lay_on`` hook
(``tests/hook_games/joker_mau_mau.py``), and Whist with a joker playing by the tricks
family's generic default (a card of no suit: it never follows suit and beats nothing)."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
import yaml

import cardrules
from cardrules.cards import NONE, Pack, mask_of
from cardrules.engine.views import CardNames
from cardrules.errors import HookError, NotationError, VariantError
from cardrules.hooks import PackChange, PackInput, hook
from cardrules.tools.render import TextRenderer

GAMES = Path(__file__).resolve().parent / "hook_games"
sys.path.insert(0, str(GAMES))
import joker_mau_mau  # noqa: E402,F401  (registers joker_mau_mau.*)


def _game(name: str, players: int) -> cardrules.Game:
    return cardrules.load(str(GAMES / f"{name}.yaml"), players=players)


def _labels(state: cardrules.State) -> set[str]:
    return {a.label for a in state.legal_actions()}


# -- the pack ----------------------------------------------------------------------------


def test_extra_cards_are_numbered_after_the_grid_with_no_suit_and_no_rank() -> None:
    pack = Pack(ranks=("9", "10", "A"), suits=("S", "H"), extra=("RJ", "BJ"))
    assert (pack.grid, pack.size, pack.count) == (6, 8, 8)
    assert [pack.parse(n) for n in ("rj", "BJ", "AS")] == [6, 7, 2]
    assert pack.names(range(6, 8)) == ("RJ", "BJ")
    assert all(pack.suit(c) == pack.rank(c) == NONE for c in (6, 7))
    assert pack.value(6) == 0 and pack.extra_cards == 0b11000000
    assert pack.suit_mask(NONE) == pack.rank_mask(NONE) == 0
    assert not any(pack.suit_mask(s) & pack.extra_cards for s in range(2))
    assert pack.names(pack.cards_of(pack.full)) == ("AS", "10S", "9S", "AH", "10H", "9H",
                                                    "RJ", "BJ")
    shown = CardNames.of(pack).sorted_names(mask_of([7, 0, 6, 5]))
    assert shown == ["9S", "AH", "RJ", "BJ"]
    with pytest.raises(NotationError, match=r"an extra card \(RJ, BJ\)"):
        pack.parse("JK")
    with pytest.raises(ValueError, match="ambiguous"):
        Pack(ranks=("9",), suits=("S",), extra=("9s",))


def test_the_rule_file_declares_jokers_by_name_and_count() -> None:
    game = _game("joker_mau_mau", 3)
    pack = game.pack
    assert (pack.grid, pack.size, pack.count, pack.extra) == (32, 34, 34, ("JK1", "JK2"))
    red_black = cardrules.load({"extends": "crazy_eights",
                                "patch": {"pack": {"extra": ["RJ", "BJ"]}}})
    assert red_black.pack.extra == ("RJ", "BJ") and red_black.pack.size == 54


def test_a_joker_named_like_a_card_of_the_grid_is_refused_with_its_path() -> None:
    with pytest.raises(VariantError, match=r"pack\.extra.*name of card 'AS'"):
        cardrules.load({"extends": "crazy_eights", "patch": {"pack": {"extra": ["as"]}}})
    with pytest.raises(VariantError, match=r"pack\.extra"):
        cardrules.load({"extends": "crazy_eights",
                        "patch": {"pack": {"extra": [{"name": "JK", "count": 0}]}}})


def test_the_fishing_family_refuses_extra_cards() -> None:
    with pytest.raises(VariantError, match="captures by rank and value"):
        cardrules.load({"extends": "scopa", "patch": {"pack": {"extra": ["JK"]}}})


@hook("pack", "test.add_two_jokers")
def add_two_jokers(position: PackInput) -> PackChange:
    """Two jokers join the pack, and the two of clubs leaves it."""
    return PackChange(left_out=(position.pack.parse("2C"),), extra=("RJ", "BJ"))


@hook("pack", "test.bad_joker")
def bad_joker(position: PackInput) -> PackChange:
    """Broken on purpose: adds a card named like one of the pack's."""
    return PackChange(extra=("AS",))


def test_the_pack_hook_adds_extra_cards_and_leaves_cards_out() -> None:
    game = cardrules.load({"extends": "crazy_eights",
                           "patch": {"hooks": {"pack": "test.add_two_jokers"}}})
    pack = game.pack
    assert (pack.size, pack.count, pack.extra) == (54, 53, ("RJ", "BJ"))
    state = game.new_deal(5)
    assert sum(state.zones().values()) == pack.full
    with pytest.raises(HookError, match="bad_joker"):
        cardrules.load({"extends": "crazy_eights",
                        "patch": {"hooks": {"pack": "test.bad_joker"}}})


# -- a shedding game: Mau-Mau with jokers ------------------------------------------------


def test_jokers_are_dealt_and_conserved() -> None:
    game = _game("joker_mau_mau", 3)
    seen = 0
    for seed in range(20):
        zones = game.new_deal(seed).zones()
        assert sum(zones.values()) == game.pack.full
        seen |= sum(zones[f"hand{p}"] for p in range(3))
    assert seen & game.pack.extra_cards == game.pack.extra_cards


def test_a_joker_goes_on_anything_and_anything_on_a_joker() -> None:
    game = _game("joker_mau_mau", 2)
    state = game.setup(hands=["JK1 9C KH", "7S 8S"], pile="10D", current=0)
    assert _labels(state) >= {"play JK1"} and "play 9C" not in _labels(state)
    state = state.apply("play JK1")
    assert state.view(1)["pile"][-1] == "JK1"
    assert _labels(state) >= {"play 7S", "play 8S"}
    again = game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again == state


def test_without_its_hook_a_joker_matches_nothing() -> None:
    data = yaml.safe_load((GAMES / "joker_mau_mau.yaml").read_text(encoding="utf-8"))
    data["hooks"] = {}
    game = cardrules.load(data, players=2)
    state = game.setup(hands=["JK1 9C KH", "7S 8S"], pile="10D", current=0)
    assert "play JK1" not in _labels(state)
    state = game.setup(hands=["9C KH", "7S JK2"], pile="JK1", current=0)
    assert _labels(state) & {"play 9C", "play KH"} == set()


def test_a_joker_parses_and_prints_in_the_notation() -> None:
    game = _game("joker_mau_mau", 2)
    action = game.parse_action("play jk2")
    assert action.label == "play JK2" and action.cards == (game.pack.parse("JK2"),)
    assert game.action_space.action(game.action_space.index(action)) == action
    table = TextRenderer(game.pack, ascii=True)
    assert table.text("play JK2") == "play JK2"
    assert table.hand_rows(["JK1", "9C", "KH"], 40) == ["9C  KH  JK1"]


def test_a_joker_left_in_hand_costs_its_penalty() -> None:
    game = _game("joker_mau_mau", 2)
    state = game.setup(hands=["9C", "JK1 JK2 7S"], pile="10C", current=0)
    state = state.apply("play 9C")
    assert state.is_over and state.result.scores[1] == -(50 + 50 + 7)


def test_views_and_observations_name_the_jokers() -> None:
    game = _game("joker_mau_mau", 2)
    state = game.setup(hands=["JK1 9C KH", "7S JK2"], pile="10D", current=0)
    assert state.view(0)["hands"][0] == ["9C", "KH", "JK1"]
    observation = game.observation
    encoded = dict(zip(observation.labels, observation.encode(state, 0)))
    assert encoded["hands[0]:JK1"] == 1 and encoded["hands[0]:JK2"] == 0


def test_random_play_keeps_the_jokers_through_json_and_resample() -> None:
    game, rng = _game("joker_mau_mau", 3), random.Random(7)
    played = 0
    for seed in range(6):
        state = game.new_match(seed=seed)
        for _ in range(300):
            if state.is_over:
                break
            action = rng.choice(state.legal_actions())
            played += any(c >= game.pack.grid for c in action.cards)
            state = state.apply(action)
            assert game.state_from_json(json.loads(json.dumps(state.to_json()))) == state
            other = state.resample(1, rng)
            assert sum(other.zones().values()) == game.pack.full
    assert played


# -- a tricks game: Whist with a joker, by the generic default ---------------------------


def test_whist_with_a_joker_plays_to_the_end() -> None:
    game, rng = _game("joker_whist", 4), random.Random(3)
    assert game.pack.size == 53 and game.pack.extra == ("JK",)
    for seed in range(4):
        state = game.new_match(seed=seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        assert state.result is not None


def test_a_joker_never_follows_suit_and_beats_nothing() -> None:
    game = _game("joker_whist", 4)
    state = game.setup(hands=["AH 2C", "3H JK", "5S 2S", "4D 7D"], trump="S", leader=0)
    state = state.apply("lead AH")
    assert _labels(state) == {"answer 3H"}  # must follow: the joker is no heart
    state = game.setup(hands=["AH 2C", "JK 3C", "5D 2S", "4D 7D"], trump="S", leader=0)
    state = state.apply("lead AH")
    assert "answer JK" in _labels(state)  # void in hearts: the joker may be laid
    state = state.apply("answer JK").apply("answer 5D").apply("answer 4D")
    assert state.current_player == 0  # the ace holds: the joker beats nothing


def test_a_led_joker_holds_the_trick_unless_trumped() -> None:
    game = _game("joker_whist", 4)
    state = game.setup(hands=["JK 2C", "AH 3C", "AD 2D", "KH 7D"], trump="S", leader=0)
    state = state.apply("lead JK")
    assert {"answer AH", "answer 3C"} <= _labels(state)  # nothing follows a joker
    state = state.apply("answer AH").apply("answer AD").apply("answer KH")
    assert state.current_player == 0
    state = game.setup(hands=["JK 2C", "AH 3C", "2S 2D", "KH 7D"], trump="S", leader=0)
    state = state.apply("lead JK").apply("answer AH").apply("answer 2S").apply("answer KH")
    assert state.current_player == 2


def test_a_joker_dealt_last_to_the_dealer_names_no_trumps() -> None:
    game = _game("joker_whist", 4)
    table = TextRenderer(game.pack, ascii=True)
    for seed in range(300):
        view = game.new_deal(seed).view(0)
        turned = [e for e in view["events"] if e["kind"] == "trump"]
        if turned[0]["cards"] == ["JK"]:
            assert turned[0]["note"] == "none" and view["trump"] is None
            assert table.event(turned[0]) == "JK turned up: trumps none"
            return
    pytest.fail("no deal of 300 gave the dealer the joker last")


def test_card_points_may_name_a_joker() -> None:
    game = cardrules.load({"extends": "hearts", "patch": {"pack": {
        "extra": ["JK"], "card_points": {"QS": 13, "H": 1, "jk": 5}}}}, players=4)
    pack = game.pack
    assert pack.value(pack.parse("JK")) == 5 and pack.value(pack.parse("QS")) == 13


def test_durak_with_a_joker_plays_to_the_end() -> None:
    game, rng = cardrules.load({"extends": "durak", "patch": {"pack": {"extra": ["JK"]}}},
                               players=3), random.Random(5)
    laid = 0
    for seed in range(6):
        state = game.new_deal(seed)
        while not state.is_over:
            action = rng.choice(state.legal_actions())
            laid += game.pack.parse("JK") in action.cards
            state = state.apply(action)
            assert sum(state.zones().values()) == game.pack.full
    assert laid
