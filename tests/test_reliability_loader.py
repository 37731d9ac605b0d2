"""Degenerate or ambiguous rule files are refused at load, with the line to fix
(issue: reliability, loader).  The located refusals of whole files live in
``tests/broken/``; these tests cover what a file alone cannot show."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest
from rule_support import QUICK_LEAKS

import cardrules
from cardrules.cards import Pack
from cardrules.loader.load import load_variant
from cardrules.loader.resources import builtin_variants
from cardrules.loader.yamlsafe import parse_yaml
from cardrules.model.bounds import MAX_LEGAL_ACTIONS, legal_action_bound
from cardrules.phases import find as find_phase

SHIPPED = sorted(builtin_variants())

TINY: dict[str, Any] = {
    "name": "tiny",
    "players": {"min": 2, "max": 2},
    "pack": {"ranks": ["9", "10", "J", "Q", "K", "A"], "suits": ["S", "H"]},
    "deal": {"hand": 3, "starter": 1},
    "play": {"procedure": "shedding"},
    "match": {"goal": "reach_target", "target": 100},
}
"""A small shedding variant, changed per test."""


def _tiny(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(TINY)
    for key, value in changes.items():
        data[key] = {**data[key], **value} if isinstance(value, dict) else value
    return data


def _refused(source: Any, expect: str, **kwargs: Any) -> cardrules.Problem:
    with pytest.raises(cardrules.VariantError) as caught:
        cardrules.load(source, **kwargs)
    hits = [p for p in caught.value.problems if expect in p.message]
    assert hits, str(caught.value)
    return hits[0]


# 12: degenerate set-ups --------------------------------------------------------------


def test_one_player_bura_is_refused_at_players_min() -> None:
    problem = _refused({"extends": "bura", "patch": {"players": {"min": 1}}},
                       "at least 2 players")
    assert problem.path == "$.players.min"


def test_empty_hands_are_refused_at_deal_hand() -> None:
    problem = _refused({"extends": "bank", "patch": {"deal": {"hand": 0}}}, "at least 1 card")
    assert problem.path == "$.deal.hand"


def test_dealing_more_cards_than_the_pack_holds_is_still_refused() -> None:
    _refused(_tiny(players={"max": 3}, deal={"hand": 4}),
             "3 players need 13 cards to deal but the pack has 12")


# 9: a stuck player who may not draw -------------------------------------------------------


def test_stuck_draw_zero_is_refused_in_bank() -> None:
    problem = _refused({"extends": "bank", "patch": {"play": {"stuck_draw": 0}}},
                       "would never end")
    assert problem.path == "$.play.stuck_draw"


def test_stuck_draw_zero_is_allowed_when_the_deal_leaves_no_stock() -> None:
    game = cardrules.load(_tiny(deal={"hand": 6, "starter": 0},
                                play={"procedure": "shedding", "stuck_draw": 0}))
    assert game.variant.play.stuck_draw == 0  # type: ignore[union-attr]
    assert game.new_deal(seed=1).to_json()


def test_stuck_draw_zero_is_allowed_when_players_draw_at_will() -> None:
    """Drawing at will (at least one card a turn) empties the stock, so the deal ends
    although stuck_draw, which drawing at will does not read, is 0."""
    from cardrules.tools.conformance import check_playout

    game = cardrules.load({"extends": "crazy_eights", "patch": {"play": {"stuck_draw": 0}}},
                          players=3)
    assert game.variant.play.stuck_draw == 0  # type: ignore[union-attr]
    for seed in range(3):
        assert check_playout(game, seed, leak_share=QUICK_LEAKS).deals == 1


# 15: the same group twice -----------------------------------------------------------------


def test_two_groups_of_the_same_kind_and_size_are_refused() -> None:
    groups = [{"kind": "run", "size": 4}, {"kind": "run", "size": 4, "laid_on": "end_beats"}]
    problem = _refused({"extends": "bank", "patch": {"play": {"groups": groups}}},
                       "already listed as play.groups[0]")
    assert problem.path == "$.play.groups[1]"


# 24: opposite partners ---------------------------------------------------------------------


@pytest.mark.parametrize("players", [{"min": 2, "max": 4}, {"min": 3, "max": 3},
                                     {"min": 2, "max": 2}])
def test_opposite_partners_need_exactly_four_players(players: dict[str, int]) -> None:
    patch = {"players": players, "scoring": {"partners": "opposite"}}
    problem = _refused({"extends": "bura", "patch": patch}, "needs exactly 4 players")
    assert problem.path == "$.scoring.partners"


def test_bura_teams_still_loads_for_four() -> None:
    game = cardrules.load("bura", players=4, options={"teams": "on"})
    assert game.variant.players.min == game.variant.players.max == 4


# 14: card names and case -------------------------------------------------------------------


def test_lower_case_rank_names_parse_in_any_case() -> None:
    ranks = ["6", "7", "8", "9", "j", "Q", "K", "10", "A"]
    patch = {"pack": {"ranks": ranks, "points": {"J": None, "j": 1}},
             "play": {"beats": ["step_down", "same_rank"]}}
    game = cardrules.load({"extends": "bank", "patch": patch})
    card = game.pack.parse("jS")
    assert game.pack.parse("JS") == game.pack.parse("js") == card
    assert game.pack.name(card) == "jS"


def test_upper_case_names_still_read_from_lower_case_text() -> None:
    pack = cardrules.load("bank").pack
    assert pack.name(pack.parse("9h")) == "9H" and pack.name(pack.parse("10s")) == "10S"


def test_a_pack_refuses_names_that_differ_only_in_case() -> None:
    with pytest.raises(ValueError, match="differ only in case"):
        Pack(ranks=("a", "A"), suits=("S",))


def test_rank_names_differing_in_case_are_refused_at_load() -> None:
    problem = _refused(_tiny(pack={"ranks": ["9", "10", "J", "Q", "K", "A", "a"]}),
                       "differ only in case")
    assert problem.path == "$.pack.ranks[6]"


# 18: text that is not Unicode text ---------------------------------------------------------


def test_lone_surrogate_in_memory_data_is_refused() -> None:
    problem = _refused({"extends": "bank", "title": "\udc80"}, "lone surrogate")
    assert problem.path == "$.title"


def test_lone_surrogate_in_a_nested_value_is_refused(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text('extends: bank\npatch:\n  play: {pile: "b\\uD800nk"}\n')
    problem = _refused(house, "lone surrogate")
    assert (problem.line, problem.path) == (3, "$.patch.play.pile")


def test_nul_in_extends_is_a_located_error(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text('name: x\nextends: "bank\\0.yaml"\n')
    problem = _refused(house, "control characters")
    assert (problem.file, problem.line, problem.path) == (str(house), 2, "$.extends")


# Zones of the variant's procedure -----------------------------------------------------------


def test_trick_zone_in_a_shedding_variant_is_refused() -> None:
    problem = _refused({"extends": "bank", "patch": {"zones": {"trick": "public"}}},
                       "no zone 'trick'; its zones: hand, stock, pile, taken")
    assert problem.path == '$.zones.trick'


def test_misspelt_zone_is_refused_with_the_allowed_names() -> None:
    _refused({"extends": "bank", "patch": {"zones": {"hnd": "owner"}}},
             "no zone 'hnd'; its zones: hand, stock, pile, taken")


# The bound on legal actions ------------------------------------------------------------------


def test_long_leads_from_a_big_hand_are_refused() -> None:
    patch = {"pack": {"ranks": [str(r) for r in range(2, 11)] + ["J", "Q", "K", "A"]},
             "players": {"max": 3}, "deal": {"hand": 14},
             "play": {"lead": {"max_cards": 8, "same_suit": False}}}
    problem = _refused({"extends": "bura", "patch": patch}, "legal actions")
    assert f"{MAX_LEGAL_ACTIONS:,}" in problem.message and problem.path == "$.play.lead"


def test_an_eight_card_combination_from_a_big_hand_is_refused() -> None:
    patch = {"pack": {"ranks": [str(r) for r in range(2, 11)] + ["J", "Q", "K", "A"],
                      "points": {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}},
             "players": {"max": 3}, "deal": {"hand": 16},
             "play": {"combinations": {"eight": {"size": 8}}}}
    with pytest.raises(cardrules.VariantError) as caught:
        cardrules.load({"extends": "bura", "patch": patch})
    assert [p.path for p in caught.value.problems] == ["$.play.lead"], str(caught.value)


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_variants_are_within_the_bound(name: str) -> None:
    assert legal_action_bound(load_variant(name)[0]) <= MAX_LEGAL_ACTIONS


@pytest.mark.parametrize(("name", "players", "options"), [
    ("bank", 2, {}), ("bank", 4, {"trumps": "none"}), ("bura", 2, {}),
    ("bura", 4, {"teams": "on"}), ("bura", 3, {"hand_size": 3}),
])
def test_no_state_offers_more_actions_than_the_bound(name: str, players: int,
                                                     options: dict[str, object]) -> None:
    game = cardrules.load(name, players=players, options=options)
    _play_within(game, legal_action_bound(game.variant), random.Random(players), deals=4,
                 steps=400)


def _play_within(game: cardrules.Game, bound: int, rng: random.Random, *, deals: int,
                 steps: int) -> None:
    """Random play of ``deals`` deals of up to ``steps`` actions, no state offering more
    than ``bound`` legal actions."""
    for seed in range(deals):
        state = game.new_deal(seed=seed)
        for _ in range(steps):
            if state.is_over:
                break
            actions = state.legal_actions()
            assert len(actions) <= bound, (seed, state.to_json())
            state = state.apply(rng.choice(actions))


@pytest.mark.parametrize("name", SHIPPED)
def test_no_state_of_a_shipped_game_offers_more_actions_than_its_bound(name: str) -> None:
    """Play's bound counts the hands that phases fill after the deal (Belote's 5 dealt
    cards become 8 after the bidding, and play's bound once counted 5); each phase bounds
    its own states."""
    variant = cardrules.load(name).variant
    bound = max([legal_action_bound(variant)] + [
        phase.action_bound(phase.settings(entry.section), variant)
        for entry in variant.phases for phase in (find_phase(entry.name),)])
    _play_within(cardrules.load(name), bound, random.Random(name), deals=2, steps=300)


# Every shipped option value still loads ----------------------------------------------------


def _option_values() -> list[tuple[str, str, object]]:
    found = []
    for name in SHIPPED:
        for option in load_variant(name)[0].options:
            for value in option.values or option.enum or (option.default,):
                found.append((name, option.name, value))
    return found


@pytest.mark.parametrize(("name", "option", "value"), _option_values())
def test_every_option_value_of_every_shipped_variant_loads(name: str, option: str,
                                                            value: object) -> None:
    cardrules.load(name, options={option: value})


# YAML 1.1 sexagesimal numbers ----------------------------------------------------------------


def test_sexagesimal_values_stay_strings() -> None:
    data, _ = parse_yaml("a: 1:20:30\nb: 190:20:30.15\nc: 12\nd: 1.5\n", file="t.yaml")
    assert data == {"a": "1:20:30", "b": "190:20:30.15", "c": 12, "d": 1.5}


def test_sexagesimal_option_value_is_refused_not_read_as_4830(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("extends: bank\noptions: {target: 1:20:30}\n")
    problem = _refused(house, "found '1:20:30'")
    assert (problem.line, problem.path) == (2, "$.options.target")


# 25: patches are blamed at the patch; caller options against patches -----------------------


def test_cross_field_problem_of_a_patch_is_located_at_the_patch(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("extends: bura\npatch:\n  deal: {hand: 2}\n")
    with pytest.raises(cardrules.VariantError) as caught:
        cardrules.load(house)
    problems = caught.value.problems
    assert problems and all(p.file == str(house) for p in problems), str(caught.value)
    lead = next(p for p in problems if p.path == "$.play.lead.max_cards")
    assert lead.line == 2 and "bura.yaml:" in lead.message


def test_problem_under_a_patched_mapping_is_located_at_the_patched_value(
        tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("extends: bank\npatch:\n  deal: {hand: 10}\n")
    problem = _refused(house, "need 41 cards")
    assert (problem.file, problem.line, problem.column) == (str(house), 3, 16)


def test_schema_problem_of_a_patch_is_located_at_the_patch(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("extends: bank\npatch:\n  play: {procedure: tricks}\n")
    problem = _refused(house, "unknown key 'stuck_draw'")
    assert (problem.file, problem.line) == (str(house), 2)


def test_problem_of_an_in_memory_patch_is_not_located_in_the_base_file() -> None:
    problem = _refused({"extends": "bank", "patch": {"deal": {"hand": 10}}}, "need 41 cards")
    assert problem.file == "<data>"


def test_problems_of_the_base_itself_are_not_blamed_on_the_patch(tmp_path: Path) -> None:
    (tmp_path / "base.yaml").write_text(
        "name: base\nplayers: {min: 1, max: 2}\n"
        "pack: {ranks: [9, 10, J, Q, K, A], suits: [S, H]}\n"
        "deal: {hand: 3, starter: 1}\nplay: {procedure: shedding}\n"
        "match: {goal: reach_target, target: 100}\n")
    house = tmp_path / "house.yaml"
    house.write_text("extends: base.yaml\npatch:\n  match: {target: 50}\n")
    problem = _refused(house, "at least 2 players")
    assert problem.file.endswith("base.yaml") and problem.line == 2


def test_patch_overriding_a_caller_option_is_refused_naming_both(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("extends: bank\npatch:\n  play:\n    after_turn: {7: skip_and_draw}\n")
    problem = _refused(house, "option 'seven' chosen by the caller",
                       options={"seven": "nothing"})
    assert (problem.file, problem.line) == (str(house), 4)
    assert "seven='nothing'" in problem.message


def test_typed_caller_option_against_a_patch_is_refused(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("extends: bank\npatch:\n  match: {target: 500}\n")
    _refused(house, "option 'target' chosen by the caller", options={"target": 300})


def test_patch_agreeing_with_a_caller_option_or_elsewhere_loads(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("extends: bank\npatch:\n  play:\n    after_turn: {7: skip_and_draw}\n")
    same = cardrules.load(house, options={"seven": "skip_and_draw"})
    other = cardrules.load(house, options={"trumps": "none"})
    assert same.options["seven"] == "skip_and_draw" and other.options["trumps"] == "none"
