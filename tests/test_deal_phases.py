"""The deal is a step of the flow (issue 24, "One flow"): a phase may deal in place of the
procedure, and a phase may run between the deals of a match.  Both come from the test-only
package ``tests/plugins/deal_steps/``: ``packet_deal`` (``instead_of_deal``: a cut, packets
of 3 and 2, a widow whose top card is turned up) and ``raise_stakes`` (``between_deals``:
the last deal's loser may double the next one).  Nothing under ``cardrules/`` names them:
they are registered here, as an entry point would register them."""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from plugins.deal_steps import PACKETS, PHASES, STAKES, PacketDeal

import cardrules
from cardrules.actions import parse_action
from cardrules.engine.turns import When
from cardrules.phases import REGISTRY, register
from cardrules.tools.check import run_check
from cardrules.tools.describe import describe

PACKAGE = Path(cardrules.__file__).resolve().parent


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    """The two phases registered for one test."""
    for phase in PHASES:
        register(phase)
    try:
        yield
    finally:
        for phase in PHASES:
            REGISTRY._items.pop(phase.name, None)


def _changed(path: Path, tmp_path: Path, old: str, new: str, *, name: str = "") -> str:
    """The rule file ``path`` with ``old`` replaced by ``new``, written under ``tmp_path``
    as ``name`` (rule data in memory extends only registered variants)."""
    text = path.read_text(encoding="utf-8")
    assert old in text
    changed = tmp_path / (name or path.name)
    changed.write_text(text.replace(old, new), encoding="utf-8")
    return str(changed)


def _names(game: cardrules.Game, mask: int) -> list[str]:
    return list(game.pack.names(game.pack.cards_of(mask)))


def test_no_file_of_cardrules_names_them() -> None:
    named = [p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.py")
             if any(word in p.read_text(encoding="utf-8")
                    for word in ("packet_deal", "raise_stakes", "deal_steps"))]
    assert named == []


# -- a phase in place of the deal -----------------------------------------------------------


def test_the_packet_deal_deals_in_place_of_the_procedure() -> None:
    game = cardrules.load(str(PACKETS), players=3)
    assert game.timings == (When.INSTEAD_OF_DEAL,) and game.dealt_at == 0
    state = game.new_deal(1)
    dealer = state.dealer  # type: ignore[attr-defined]
    view = state.view(0)
    assert view["phase"] == "packet_deal" and view["hands"][1:] == [0, 0]
    assert view["stock"] == 32 and view["trump_card"] is None  # nothing dealt, nothing shown
    assert state.current_player == (dealer - 1) % 3  # the dealer's right cuts
    assert [a.label for a in state.legal_actions()] == ["cut 1", "cut 2", "cut 3"]

    pack = list(state.to_json()["stock"])  # drawn from the end
    pack = pack[-2:] + pack[:-2]  # cut 2: the top two cards go to the bottom
    hands: list[list[str]] = [[], [], []]
    for size in (3, 2):
        for k in range(1, 4):
            seat = (dealer + k) % 3
            hands[seat] += [pack.pop() for _ in range(size)]
        if size == 3:  # the widow keeps the stock's order: its top card was the stock's
            widow = pack[-2:]
            del pack[-2:]
    trump_card = pack.pop()

    state = state.apply("cut 2")
    data = state.to_json()
    assert [sorted(h) for h in data["hands"]] == [sorted(h) for h in hands]
    assert data["shown"] == [widow[-1]] and data["widow"] == widow[:1]
    assert data["trump_card"] == trump_card and data["stock"][0] == trump_card
    assert data["cut"] == 2 and data["stage"] == -1
    for seat in range(3):
        view = state.view(seat)
        assert view["shown"] == [widow[-1]] and view["widow"] == 1  # the widow's rest: hidden
        assert view["phase"] == "lead" and view["trump_card"] == trump_card
    assert [e.kind for e in state.events] == ["cut", "turn_up", "deal", "trump"]
    assert state.view(1).to_json()["events"][1] == {"kind": "turn_up", "cards": [widow[-1]],
                                                    "note": "shown"}


def test_the_deal_is_reproduced_by_its_seed_and_the_cut() -> None:
    game = cardrules.load(str(PACKETS), players=4)
    first = game.new_deal(9).apply("cut 3")
    again = game.new_deal(9).apply("cut 3")
    other = game.new_deal(9).apply("cut 1")
    assert first.to_json() == again.to_json() and first == again
    assert first.to_json()["hands"] != other.to_json()["hands"]


def test_a_dealing_phase_that_skips_leaves_the_deal_to_the_procedure(tmp_path: Path) -> None:
    class Skipped(PacketDeal):
        name = "packet_deal_skipped"

        def skip(self, state: Any, settings: Any) -> bool:
            return True

    register(Skipped())
    try:
        listed = "  - packet_deal: {packets: [3, 2], widow: 2}"
        skipping = cardrules.load(_changed(PACKETS, tmp_path, listed,
                                           "  - packet_deal_skipped: {}"), players=3)
        plain = cardrules.load(_changed(PACKETS, tmp_path, "phases:\n" + listed, "",
                                        name="plain.yaml"), players=3)
        for seed in range(3):
            skipped, dealt = skipping.new_deal(seed).to_json(), plain.new_deal(seed).to_json()
            assert {k: v for k, v in skipped.items() if k in dealt} == dealt
            assert skipped["stage"] == -1 and skipped["widow"] == []
    finally:
        REGISTRY._items.pop("packet_deal_skipped", None)


def test_the_turn_up_operation_checks_its_zones() -> None:
    game = cardrules.load(str(PACKETS), players=2)
    state = game.new_deal(2)._clone()  # a fresh clone, as the flow hands a phase
    top = state.to_json()["stock"][-1]
    with pytest.raises(ValueError, match="onto a zone every player sees; 'widow' is hidden"):
        state.turn_up("stock", "widow")
    with pytest.raises(ValueError, match="'hand' is a zone per seat"):
        state.turn_up("stock", "hand")
    with pytest.raises(ValueError, match="holds no card to turn up"):
        state.turn_up("widow", "shown")
    card = state.turn_up("stock", "shown")
    assert _names(game, 1 << card) == [top] and state.cards("shown") == 1 << card


def test_refusals_name_the_dealing_phase() -> None:
    game = cardrules.load(str(PACKETS), players=3)
    state = game.new_deal(4)
    assert state.why_illegal(parse_action("cut 7", game.pack)) == (
        "the pack is cut before the packets are dealt: 'cut 1' to 'cut 3'")
    played = state.apply("cut 1")
    assert played.why_illegal(parse_action("cut 1", game.pack)) == (
        "'cut' is an action of the packet deal phase, which is over: play has begun")


def test_a_state_with_the_dealing_phase_at_work_round_trips() -> None:
    game = cardrules.load(str(PACKETS), players=3)
    state = game.new_deal(5)
    back = game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert back == state and back.legal_actions() == state.legal_actions()
    assert pickle.loads(pickle.dumps(state)) == state
    assert back.apply("cut 2").to_json() == state.apply("cut 2").to_json()
    for seat in range(3):
        view = state.view(seat)
        assert all(state.resample(seat, random.Random(s)).view(seat) == view for s in range(3))
    bad = {**state.apply("cut 1").to_json(), "stage": 0}
    with pytest.raises(cardrules.StateError):
        game.state_from_json(bad)


def test_the_listing_of_deal_steps_is_checked(tmp_path: Path) -> None:
    with pytest.raises(cardrules.VariantError, match="packet_deal deals the cards, so it comes "
                       "before pass_cards, which runs after the deal"):
        cardrules.load({"extends": "bank", "patch": {"phases": [
            "choose_trump", {"pass_cards": {"count": 1}}, {"packet_deal": {"packets": [4]}}]}})
    with pytest.raises(cardrules.VariantError, match="one listed phase at most deals"):
        cardrules.load({"extends": "bank", "patch": {"phases": [
            {"packet_deal": {"packets": [4]}}, {"packet_deal": {"packets": [2, 2]}}]}})
    with pytest.raises(cardrules.VariantError, match="raise_stakes runs between deals, before "
                       "the cards are dealt, so it comes before packet_deal, which deals"):
        cardrules.load({"extends": "bank", "patch": {"phases": [
            {"packet_deal": {"packets": [4]}}, "raise_stakes"]}})
    with pytest.raises(cardrules.VariantError, match="trump source dealer_card shows the card "
                       "the procedure deals the dealer last, but packet_deal deals"):
        cardrules.load(_dealer_card(tmp_path))


FAMILIES = [
    ("bank", [{"packet_deal": {"packets": [2, 2], "widow": 1}}], "pile"),
    ("durak", [{"packet_deal": {"packets": [3, 3], "widow": 0}}], "trump_card"),
    ("scopa", [{"packet_deal": {"packets": [2, 1], "widow": 0}}], "table")]
"""A shedding, a bouts and a fishing game dealt by the packet deal (four seats at most,
for the pack), and the view entry their procedure sets up after it."""


def _family(base: str, phases: list[Any]) -> dict[str, Any]:
    return {"extends": base, "patch": {"players": {"min": 2, "max": 4}, "phases": phases}}


@pytest.mark.parametrize(("base", "phases", "zone"), FAMILIES)
def test_every_family_that_deals_on_demand_takes_a_phase_in_place_of_its_deal(
        base: str, phases: list[Any], zone: str) -> None:
    """The shedding, bouts and fishing procedures set their table up after the phase
    dealt: the starter card, the trump card, the face-up table."""
    game = cardrules.load(_family(base, phases), players=3)
    state = game.new_deal(2).apply("cut 1")
    assert state.view(0)["phase"] != "packet_deal" and state.view(0)[zone]
    size = sum(phases[0]["packet_deal"]["packets"])
    assert all(state.hand(p).bit_count() == size for p in range(3))  # type: ignore[attr-defined]
    rng = random.Random(2)
    while not state.is_over:
        assert game.state_from_json(state.to_json()) == state
        state = state.apply(rng.choice(state.legal_actions()))


@pytest.mark.slow
@pytest.mark.parametrize(("base", "phases", "zone"), FAMILIES)
def test_every_family_dealt_by_a_phase_passes_the_conformance_suite(
        base: str, phases: list[Any], zone: str) -> None:
    report = run_check(_family(base, phases), games=4, seed=1, players=(2, 3))
    assert report.ok, report.failure


FISHING = {"extends": "scopa", "patch": {"phases": [
    "raise_stakes", {"packet_deal": {"packets": [2, 1], "widow": 0}}]}}
"""Scopa with the stakes raised between deals and the hands dealt by the packet deal."""


def test_a_fishing_game_takes_phases_before_the_deal_and_in_its_place() -> None:
    """The fishing procedure turns its table up once the phase has dealt the hands; a
    table spoilt by ``redeal_rank`` (here any king) goes back into the stock and is turned
    up again, the hands staying as the phase dealt them."""
    game = cardrules.load(FISHING, players=2)
    state = game.new_deal(2)
    assert state.view(0)["phase"] == "packet_deal"
    state = state.apply("cut 1")
    assert [len(state.view(p)["hands"][p]) for p in (0, 1)] == [3, 3]
    assert len(state.view(0)["table"]) == 4 and state.view(0)["stock"] == 40 - 10
    packets = {"phases": FISHING["patch"]["phases"][1:]}
    plain = cardrules.load({"extends": "scopa", "patch": packets}, players=2)
    spoilt = cardrules.load({"extends": "scopa", "patch": {
        **packets, "play": {"redeal_count": 1}}}, players=2)
    redealt = 0
    for seed in range(6):
        dealt, usual = spoilt.new_deal(seed).apply("cut 2"), plain.new_deal(seed).apply("cut 2")
        assert not any(card.startswith("K") for card in dealt.view(0)["table"])
        assert [dealt.hand(p) for p in (0, 1)] == [usual.hand(p) for p in (0, 1)]
        redealt += any(e.kind == "redeal" for e in dealt.events)
    assert redealt


def test_a_fishing_game_dealt_by_a_phase_passes_the_conformance_suite() -> None:
    report = run_check(FISHING, games=1, seed=1, players=(2,), match_every=1,
                       leak_share=0.25)
    assert report.ok, report.failure


@pytest.mark.slow
def test_a_fishing_game_dealt_by_a_phase_passes_a_longer_conformance_run() -> None:
    report = run_check(FISHING, games=3, seed=2, players=(2, 4), match_every=1)
    assert report.ok, report.failure


def test_the_dealing_game_passes_the_conformance_suite() -> None:
    report = run_check(str(PACKETS), games=2, seed=2, players=(3,), match_every=10,
                       leak_share=0.25)
    assert report.ok, report.failure


# -- a phase between deals -------------------------------------------------------------------


def _to_stakes(state: cardrules.State, rng: random.Random) -> cardrules.State:
    """Play at random until the stakes are to be raised."""
    while state.view(0).get("phase") != "raise_stakes":
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_loser_of_the_last_deal_raises_the_stakes_between_deals() -> None:
    game = cardrules.load(str(STAKES), players=3)
    assert game.timings == (When.BETWEEN_DEALS,) and game.dealt_at == 1
    single = game.new_deal(3)
    assert single.view(0)["phase"] == "lead"  # never in a single deal
    match = game.new_match(3)
    assert match.view(0)["phase"] == "lead"  # nor in a match's first deal
    match = _to_stakes(match, random.Random(1))
    view = match.view(2)
    assert view.match["deal"] == 1
    last = view.match["history"][-1]
    places = sorted(range(3), key=lambda p: (last[p], p))
    assert view["behind"] == places[0] == match.current_player  # the lowest score lost
    assert view["hands"][2] == [] and view["stock"] == 32  # before the cards are dealt
    assert [a.label for a in match.legal_actions()] == ["double", "stay"]
    doubled = match.apply("double")
    assert doubled.view(0)["phase"] == "lead" and doubled.view(0)["stake"] == 2
    rng = random.Random(2)
    while doubled.view(0).match["deal"] == 1 and not doubled.is_over:
        doubled = doubled.apply(rng.choice(doubled.legal_actions()))
    assert all(s % 2 == 0 for s in doubled.view(0).match["history"][1])
    assert sum(doubled.view(0).match["history"][1]) == 2 * 4  # four tricks, each doubled


def test_a_match_between_deals_round_trips_replays_and_resamples() -> None:
    game = cardrules.load(str(STAKES), players=3)
    rng = random.Random(5)
    state, actions = game.new_match(8), []
    seen = 0
    while not state.is_over:
        if state.view(0).get("phase") == "raise_stakes":
            seen += 1
            data = json.loads(json.dumps(state.to_json()))
            back = game.state_from_json(data)
            assert back == state and back.legal_actions() == state.legal_actions()
            assert pickle.loads(pickle.dumps(state)) == state
            for seat in range(3):
                view = state.view(seat)
                assert state.resample(seat, random.Random(seat)).view(seat) == view
            again = state.redeal(seed=11)  # type: ignore[attr-defined]
            assert again.view(0)["phase"] == "raise_stakes"
            assert again.current_player == state.current_player
        action = rng.choice(state.legal_actions())
        actions.append(action)
        state = state.apply(action)
    assert seen >= 2
    record = cardrules.GameRecord.of(game, seed=8, actions=actions, match=True)
    assert game.replay(record)[-1] == state


def test_between_deals_refusals_and_consistency() -> None:
    game = cardrules.load(str(STAKES), players=2)
    state = game.new_deal(1)
    assert state.why_illegal(parse_action("double", game.pack)) == (
        "'double' is an action of the raise stakes phase, which is over: play has begun")
    with pytest.raises(cardrules.StateError, match="the raise stakes phase runs between "
                       "deals, but this is the first deal of its match"):
        data = state.to_json()
        undealt = [*data["stock"], *(card for hand in data["hands"] for card in hand)]
        game.state_from_json({**data, "stage": 0, "hands": [[], []], "stock": undealt,
                              "behind": 0, "current": 0})


BOTH = ("  - raise_stakes", "  - raise_stakes\n  - packet_deal: {packets: [2, 2], widow: 1}")
"""The stakes game with the packet deal listed after the phase between deals."""


def _dealer_card(tmp_path: Path) -> str:
    text = PACKETS.read_text(encoding="utf-8")
    text = text.replace("trump: {source: turned_card}", "trump: {source: dealer_card}")
    path = tmp_path / "packets_dealer_card.yaml"
    path.write_text(text.replace("trump_card: true", "trump_card: false"), encoding="utf-8")
    return str(path)


def test_the_rules_say_when_each_step_runs(tmp_path: Path) -> None:
    variant = cardrules.load(_changed(STAKES, tmp_path, *BOTH)).variant
    text = "\n".join(describe(variant))
    assert "## Between deals\n- Between deals the player who lost the last one" in text
    assert "## The deal\n- The player on the dealer's right cuts 1 to 3 cards" in text


def test_both_steps_in_one_match_pass_the_conformance_suite(tmp_path: Path) -> None:
    source = _changed(STAKES, tmp_path, *BOTH)
    game = cardrules.load(source, players=2)
    match = _to_stakes(game.new_match(4), random.Random(4)).apply("stay")
    assert match.view(0)["phase"] == "packet_deal"  # then the deal, by the phase
    report = run_check(source, games=1, seed=3, players=(2,), match_every=1)
    assert report.ok, report.failure


def test_the_game_with_stakes_passes_the_conformance_suite() -> None:
    report = run_check(str(STAKES), games=1, seed=5, players=(3,), match_every=1)
    assert report.ok, report.failure
