"""A phase written outside the package (tests/toy_phase.py) plugs into any game by its
name in a rule file: the game validates, plays, passes the conformance checks, round-trips
JSON and pickles, re-samples, and no view leaks a hidden card."""

from __future__ import annotations

import pickle
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

import pytest
import toy_phase
from rule_support import QUICK_LEAKS

import cardrules
from cardrules.cards import deal_round
from cardrules.phases import register, word_problems
from cardrules.tools.bots import QUICK_BOTS, act, make_bot
from cardrules.tools.check import run_check
from cardrules.tools.cli import main
from cardrules.tools.conformance import Policy, check_cards, check_json, check_legal, check_views
from cardrules.tools.describe import describe


def _house(base: str, count: int = 1) -> dict[str, Any]:
    return {"extends": base, "patch": {"phases": [{"toy_pass_left": {"count": count}}]}}


@pytest.mark.parametrize("base", ["bank", "bura"])
def test_the_phase_runs_after_the_deal_and_hands_the_cards_to_the_left(base: str) -> None:
    game = cardrules.load(_house(base), players=3)  # Bank's own trumps by seat: no choice
    state = game.new_deal(seed=9)
    assert state.view(0).phase == "toy_pass_left"
    before = [set(game.pack.cards_of(h)) for h in state.hands]
    given = []
    for _ in range(3):
        action = state.legal_actions()[0]
        assert action.text(game.pack).startswith("give ")
        given.append((state.current_player, action.cards[0]))
        state = state.apply(action.text(game.pack))
    assert state.view(0).phase != "toy_pass_left"
    for giver, card in given:
        assert card in before[giver]
        assert card in game.pack.cards_of(state.hands[(giver + 1) % 3])


def _walks(game: cardrules.Game, *, seeds: int, steps: int = 400,
           every: int = 5) -> list[cardrules.State]:
    """Random games of ``game`` (every other one a match), each state checked for card
    conservation and legality, every ``every``-th for JSON and leaking views; the last
    state of each game."""
    finals = []
    for seed in range(seeds):
        rng = random.Random(seed)
        state = game.new_match(seed) if seed % 2 else game.new_deal(seed)
        for step in range(steps):
            check_cards(state)
            check_legal(state)
            if step % every == 0:
                check_json(state)
                check_views(state, rng)
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        finals.append(state)
    return finals


@pytest.mark.parametrize("base", ["bank", "bura", "durak"])
@pytest.mark.parametrize("count", [1, 2])
def test_games_with_the_phase_keep_every_contract(base: str, count: int) -> None:
    for players in (2, 3, 4):
        for state in _walks(cardrules.load(_house(base, count), players=players), seeds=4):
            again = pickle.loads(pickle.dumps(state))
            assert again.to_json() == state.to_json()


def _bot(name: str) -> Policy:
    bot = make_bot(QUICK_BOTS[name])

    def choose(state: cardrules.State, rng: random.Random) -> cardrules.Action:
        return act(bot, state, rng)

    return choose


@pytest.mark.parametrize("base", ["bank", "bura"])
@pytest.mark.parametrize("count", [1, 2])
def test_cardrules_check_passes_with_the_phase(base: str, count: int) -> None:
    house = _house(base, count)
    if base == "bank":
        # Bank's first mover (B7) is whoever holds a lower card of the centre card's suit:
        # announced after the passing, it tells everyone something about the hands, which
        # the counterfactual leak search rightly reports.  The toy game starts at the
        # dealer's left instead.
        house["patch"]["hooks"] = {"first_mover": "dealer_left"}
    report = run_check(house, games=12, seed=1,
                       policies={name: _bot(name) for name in QUICK_BOTS}, leak_share=QUICK_LEAKS)
    assert report.failure is None, report.failure


def test_a_first_mover_chosen_by_the_hands_after_the_phase_is_reported() -> None:
    """B7 after a passing phase: who moves first depends on cards passed face down, so
    the counterfactual search reports what the announcement reveals."""
    report = run_check(_house("bank"), games=12, seed=1)  # every state searched
    assert report.failure is not None
    assert "can tell where hidden cards lie" in report.failure.message


def test_a_player_sees_only_their_own_card_set_aside() -> None:
    game = cardrules.load(_house("bura"), players=3)
    state = game.new_deal(seed=2)
    giver = state.current_player
    state = state.apply(state.legal_actions()[0])
    for viewer in range(3):
        shown = state.view(viewer).given[giver]
        assert (shown == 1) == (viewer != giver)
        event = state.view(viewer).events[0]
        assert isinstance(event["cards"], int) == (viewer != giver)


def test_refusals_name_the_phase_rule() -> None:
    game = cardrules.load(_house("bura"), players=2)
    state = game.new_deal(seed=2)
    assert "'give' them" in (state.why_illegal(game.parse_action("pass")) or "")
    with pytest.raises(cardrules.IllegalActionError, match="only give cards from your hand"):
        other = next(c for c in range(game.pack.size)
                     if not state.hands[state.current_player] >> c & 1)
        state.apply("give " + game.pack.name(other))


@pytest.mark.parametrize("base", ["bank", "bura", "durak"])
def test_once_play_has_begun_the_phases_action_is_refused_naming_the_phase(base: str) -> None:
    """Every procedure refuses a listed phase's action during play the same way."""
    game = cardrules.load(_house(base), players=2)
    state = game.new_deal(seed=2)
    while state._stage >= 0:
        state = state.apply(state.legal_actions()[0])
    card = next(c for c in range(game.pack.size)
                if state.hands[state.current_player] >> c & 1)
    why = state.why_illegal(game.parse_action("give " + game.pack.name(card)))
    assert why == "'give' is an action of the toy pass left phase, which is over: play " \
                  "has begun", why


def test_action_index_and_observation_cover_the_phase() -> None:
    game = cardrules.load(_house("bank", 2), players=2)
    state = game.new_deal(seed=4)
    assert state.view(0).phase == "toy_pass_left"
    space = game.action_space
    for action in state.legal_actions():
        assert space.action(space.index(action)) == action
    encoded = game.observation.encode(state, 0)
    assert len(encoded) == game.observation.size
    assert encoded[game.observation.labels.index("phase:toy_pass_left")] == 1


def test_a_bad_section_or_an_unknown_phase_is_a_located_error() -> None:
    with pytest.raises(cardrules.VariantError, match=r"phases\[0\]\.toy_pass_left\.count"):
        cardrules.load(_house("bank", 9))
    with pytest.raises(cardrules.VariantError, match="unknown phase 'nope'; known phases"):
        cardrules.load({"extends": "bank", "patch": {"phases": ["nope"]}})


class _UnderscoreWord(toy_phase.PassLeft):
    """The toy phase with an action word the notation cannot read."""

    name = "toy_give_card"
    verbs: ClassVar[Mapping[str, bool]] = {"give_card": True}


register(_UnderscoreWord())


def test_an_action_word_with_an_underscore_is_a_located_error_naming_the_rule(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert "give_card" in (word_problems(_UnderscoreWord()) or "")
    with pytest.raises(cardrules.VariantError,
                       match=r"phases\[0\]\.toy_give_card.*'give_card' cannot be an "
                             r"action word: an action word is one word of the letters a to z"):
        cardrules.load({"extends": "bank", "patch": {"phases": [{"toy_give_card": {}}]}})
    house = tmp_path / "house.yaml"
    house.write_text("extends: bank\npatch:\n  phases:\n    - toy_give_card: {}\n")
    status = main(["validate", str(house)])
    out, err = capsys.readouterr()
    assert status == 1 and "Traceback" not in out + err
    assert f"{house}:4:" in out and "without underscores" in out


def test_the_rules_in_english_include_the_phase() -> None:
    lines = describe(cardrules.load(_house("bura", 2)).variant)
    assert "- After the deal each player passes 2 card(s) to the left." in lines


def test_a_rule_file_may_declare_the_visibility_of_the_phases_zone() -> None:
    """``zones:`` takes the listed phases' zones too, with the visibilities each
    honours; others are refused at the key, naming every zone of the game."""
    house = _house("bank")
    house["patch"]["zones"] = {"given": "owner"}
    assert cardrules.load(house).variant.zones
    house["patch"]["zones"] = {"given": "public"}
    with pytest.raises(cardrules.VariantError,
                       match=r"\$\.zones\.given: the toy_pass_left phase cannot keep its "
                             r"given public; allowed: owner"):
        cardrules.load(house)
    house["patch"]["zones"] = {"givn": "owner"}
    with pytest.raises(cardrules.VariantError,
                       match=r"the shedding procedure and its listed phases have no zone "
                             r"'givn'; their zones: .*given"):
        cardrules.load(house)


def _chosen_then_passed(count: int = 1) -> dict[str, Any]:
    return {"extends": "bank",
            "patch": {"phases": ["choose_trump", {"toy_pass_left": {"count": count}}]}}


def test_a_phase_before_the_deal_and_one_after_it_compose() -> None:
    """B5 before the deal, the toy phase after it: own trumps are chosen while the pack
    is still undealt, then the cards are dealt, then the cards are passed, then play."""
    game = cardrules.load(_chosen_then_passed(), players=2)
    state = game.new_deal(seed=5, dealer=0)
    assert state.view(1).phase == "choose_trump"
    assert state.hands == (0, 0) and len(state.stock) == 36
    state = state.apply("trump D").apply("trump S")   # seat 1 first, from the dealer's left
    assert state.own_suits == (0, 2)
    assert state.view(0).phase == "toy_pass_left"
    assert [e.kind for e in state.events] == ["trump", "deal"]
    assert [h.bit_count() for h in state.hands] == [4, 4]
    for _ in range(2):
        state = state.apply(state.legal_actions()[0])
    assert state.phase == "turn" and state._stage == -1
    assert [e.kind for e in state.events][-1] == "first_mover"


def test_a_match_skips_the_choice_after_the_first_deal_but_not_the_pass() -> None:
    """B5: the suits chosen before the first deal carry to the next, where only the phase
    after the deal runs; every contract holds on the way."""
    game = cardrules.load(_chosen_then_passed(), players=3)
    rng = random.Random(3)
    match = game.new_match(3)
    assert match.deal.view(0).phase == "choose_trump"
    while match.deal_index == 0:
        check_cards(match.deal)
        check_legal(match)
        match = match.apply(rng.choice(match.legal_actions()))
    assert -1 not in match.deal.own_suits
    assert match.deal.view(0).phase == "toy_pass_left"
    assert all(h.bit_count() == 4 for h in match.deal.hands)
    check_json(match)
    check_views(match, rng)


@pytest.mark.parametrize("players", [2, 3, pytest.param(4, marks=pytest.mark.slow)])
def test_games_with_phases_before_and_after_the_deal_keep_every_contract(players: int) -> None:
    _walks(cardrules.load(_chosen_then_passed(2), players=players), seeds=4)
    house = _chosen_then_passed(2)
    house["patch"]["hooks"] = {"first_mover": "dealer_left"}  # B7 would tell the passes
    report = run_check(house, games=6, players=(players,), seed=1, match_every=2,
                       leak_share=QUICK_LEAKS)
    assert report.failure is None, report.failure


def test_a_phase_before_the_deal_comes_first() -> None:
    with pytest.raises(cardrules.VariantError,
                       match="choose_trump runs before the cards are dealt, so it comes "
                             "before toy_pass_left, which runs after the deal"):
        cardrules.load({"extends": "bank", "patch": {"phases": ["toy_pass_left",
                                                                 "choose_trump"]}})
    with pytest.raises(cardrules.VariantError, match="only the shedding procedure has"):
        cardrules.load({"extends": "bura", "patch": {"phases": ["choose_trump"]}})


def _cut(base: str, *more: object) -> dict[str, Any]:
    return {"extends": base, "patch": {"phases": ["toy_cut", *more]}}


@pytest.mark.parametrize("base", ["bank", "bura", "durak", "hearts"])
def test_a_phase_before_the_deal_plugs_into_every_procedure(base: str) -> None:
    """The toy cut runs on the undealt pack in each procedure; the cards are then dealt,
    one at a time from the dealer's left, from the cut pack, where the same game without
    the cut deals the same shuffle uncut."""
    players = 4 if base == "hearts" else 3
    game = cardrules.load(_cut(base), players=players)
    state = game.new_deal(seed=6, dealer=0)
    assert state.view(0).phase == "toy_cut" and state.current_player == players - 1
    assert not any(state.hands) and len(state.stock) == game.pack.size
    pack = list(state.stock)
    assert "'cut 1' to 'cut 3'" in (state.why_illegal(game.parse_action("pass")) or "")
    size = game.variant.deal.hand_for(players, 0)
    plain = cardrules.load({"extends": base, "patch": {"phases": []}}, players=players)
    assert plain.new_deal(seed=6, dealer=0).hands == \
        tuple(deal_round(list(pack), players, 1, size))
    state = state.apply("cut 2")
    assert state._stage == -1 and state.view(0).cut == 2
    assert "deal" in [e.kind for e in state.events]
    assert state.hands == tuple(deal_round(pack[-2:] + pack[:-2], players, 1, size))
    assert state.to_json()["cut"] == 2
    assert state.why_illegal(game.parse_action("cut 1")) == \
        "'cut' is an action of the toy cut phase, which is over: play has begun"


@pytest.mark.parametrize("base", ["bank", "bura", "durak"])
def test_games_with_a_phase_before_the_deal_keep_every_contract(base: str) -> None:
    for players in (2, 3):
        _walks(cardrules.load(_cut(base, {"toy_pass_left": {"count": 1}}), players=players),
               seeds=3, steps=300, every=4)


def test_only_the_phases_that_draw_by_lot_are_given_a_seed() -> None:
    """A phase draws by lot when its class overrides ``draw``; the flow derives a seed at
    every deal for those alone (a derived seed is a hash: no cost for the others)."""
    from cardrules.phases import find
    assert find("pass_cards").draws and find("betting").draws
    assert not any(find(name).draws for name in ("order_up", "widow", "game_type", "auction"))
