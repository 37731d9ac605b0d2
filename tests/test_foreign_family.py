"""A foreign family plugs in: a fishing game whose procedure, records, schema fragment,
checks, English rules and game file live in ``tests/plugins/fishing/``, outside
``cardrules`` (issue 24).  Nothing under ``cardrules/`` knows it: it is registered here,
and everything below works through the ``Procedure`` it implements."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import jsonschema
import pytest
import yaml
from plugins.fishing import FISHING, GAME
from plugins.fishing.procedure import FRAGMENT
from rule_support import QUICK_LEAKS

import cardrules
from cardrules.engine.events import Event, raw_event
from cardrules.engine.procedures import REGISTRY, register
from cardrules.model.bounds import legal_action_bound
from cardrules.tools.check import run_check
from cardrules.tools.cli import main
from cardrules.tools.describe import describe
from cardrules.tools.render import TextRenderer

PACKAGE = Path(cardrules.__file__).resolve().parent


@pytest.fixture
def fishing() -> Iterator[cardrules.Game]:
    """The fishing procedure registered for one test, and a game of it for 2 players."""
    register(FISHING)
    try:
        yield cardrules.load(str(GAME), players=2)
    finally:
        REGISTRY._items.pop("foreign_fishing", None)


def _with(tmp_path: Path, old: str, new: str) -> str:
    """The game file with ``old`` replaced by ``new``, written to a file of its own."""
    text = GAME.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "fishing_changed.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return str(path)


def test_no_file_of_cardrules_names_the_foreign_family() -> None:
    named = [p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.py")
             if "foreign_fishing" in p.read_text(encoding="utf-8").lower()]
    assert named == []


def test_without_registering_it_the_game_names_an_unknown_procedure() -> None:
    with pytest.raises(cardrules.VariantError, match=r"fishing\.yaml:\d+:\d+: \$\.play\."
                       r"procedure: unknown procedure 'foreign_fishing'"):
        cardrules.load(str(GAME))


def test_the_game_loads_into_the_familys_own_records(fishing: cardrules.Game) -> None:
    play, scoring = fishing.variant.play, fishing.variant.scoring
    assert type(play) is FISHING.play_rules and type(scoring) is FISHING.scoring_rules
    assert (play.procedure, play.table, play.refill) == ("foreign_fishing", 4, True)
    assert (scoring.per_card, scoring.most_cards) == (1, 3)
    assert legal_action_bound(fishing.variant) == 32


def test_the_game_file_is_valid_against_the_fragment_alone() -> None:
    data = yaml.safe_load(GAME.read_text(encoding="utf-8"))
    for section in ("play", "scoring"):
        schema = {**FRAGMENT, "$ref": f"#/$defs/{section}"}
        jsonschema.Draft202012Validator.check_schema(schema)
        assert list(jsonschema.Draft202012Validator(schema).iter_errors(data[section])) == []


def test_a_problem_in_its_sections_is_located_in_the_file(
        fishing: cardrules.Game, tmp_path: Path) -> None:
    path = _with(tmp_path, "refill: true", "refill: sometimes\n  bait: worms")
    with pytest.raises(cardrules.VariantError) as info:
        cardrules.load(path)
    problems = {(p.line, p.path): p.message for p in info.value.problems}
    assert problems[(12, "$.play.refill")].startswith("expected true or false")
    assert problems[(13, "$.play.bait")].startswith("unknown key 'bait'; allowed keys: "
                                                    "procedure, refill, table")
    assert all(p.file == path for p in info.value.problems)
    path = _with(tmp_path, "most_cards: 3", "most_cards: -3")
    with pytest.raises(cardrules.VariantError, match=r"fishing_changed\.yaml:15:15: "
                       r"\$\.scoring\.most_cards: must be at least 0"):
        cardrules.load(path)


def test_its_own_cross_field_check_refuses_at_load(
        fishing: cardrules.Game, tmp_path: Path) -> None:
    with pytest.raises(cardrules.VariantError, match=r"fishing_changed\.yaml:11:10: "
                       r"\$\.play\.table: 4 players' hands and 20 table cards need 36 "
                       r"cards; the pack has 32"):
        cardrules.load(_with(tmp_path, "table: 4", "table: 20"))


def test_a_card_of_a_rank_on_the_table_captures_it(fishing: cardrules.Game) -> None:
    state = fishing.setup(hands=["8H 9C", "7S"], table="8C KD", stock="")
    after = state.apply("play 8H")
    caught = set(after.view(0).won[0]) - set(state.view(0).won[0])
    assert caught == {"8C", "8H"} and after.view(0).table == ["KD"]
    assert after.current_player == 1 and after.view(0).captured[1] == 0
    laid = after.apply("play 7S")
    assert set(laid.view(1).table) == {"7S", "KD"} and laid.view(1).won[1] == []


def test_empty_hands_are_dealt_again_from_the_stock(fishing: cardrules.Game) -> None:
    state = fishing.setup(hands=["8H", ""], table="KD", stock="7C 7D 9C")
    state = fishing.state_from_json(state.to_json())
    after = state.apply("play 8H")
    assert after.view(1).hands[1] == ["7D"] and after.view(1).stock == 0
    assert set(after.view(0).hands[0]) == {"7C", "9C"} and after.current_player == 1


def test_the_deal_ends_when_hands_and_stock_are_empty_and_scores(
        fishing: cardrules.Game) -> None:
    state = fishing.setup(hands=["8H", "9S"], table="8C 9D", stock="",
                          current=0, dealer=1)
    over = state.apply("play 8H").apply("play 9S")
    assert over.is_over and over.result is not None
    # the first player's won pile holds the 28 cards given nowhere, plus 2 captured
    assert over.result.scores == (30 + 3, 2)


def test_random_games_play_to_the_end(fishing: cardrules.Game) -> None:
    for players in (2, 3, 4):
        game = cardrules.load(str(GAME), players=players)
        for seed in range(5):
            state, rng = game.new_deal(seed), random.Random(seed)
            while not state.is_over:
                state = state.apply(rng.choice(state.legal_actions()))
            assert state.result is not None
            assert sum(state.view(0).captured) + len(state.view(0).table) == 32


def test_its_events_are_made_records_where_the_families_keep_them_compactly(
        fishing: cardrules.Game) -> None:
    """Its state declares its events as records (``Events()``): the game says so once
    (``compact_events``), and what it records is made ``Event`` records, where a shipped
    family's state keeps plain tuples."""
    assert fishing.compact_events is False
    bura = cardrules.load("bura", players=2)
    assert bura.compact_events is True
    for game, made in ((fishing, Event), (bura, tuple)):
        fresh = game.new_deal(1)._clone()  # type: ignore[attr-defined]
        fresh.record(raw_event(kind="turn_up", player=-1, cards=(3,), note="table"))
        assert type(fresh._events[-1]) is made


def test_a_pack_of_copies_plays_without_a_field_for_the_cards_held(
        fishing: cardrules.Game, tmp_path: Path) -> None:
    """Its state class declares no ``_held`` field (the families' states keep their
    actions with the very cards held there): with two copies of every card it plays
    alike, an apply laying the same copies whether its state listed its actions or not."""
    game = cardrules.load(_with(tmp_path, "  suits: [C, D, H, S]\n",
                                "  suits: [C, D, H, S]\n  copies: 2\n"), players=2)
    assert game.pack.has_copies
    for seed in range(3):
        state, rng = game.new_deal(seed), random.Random(seed)
        while not state.is_over:
            action = rng.choice(state.legal_actions())
            fresh = game.state_from_json(state.to_json())  # never asked
            state = state.apply(action)
            assert fresh.apply(action).to_json() == state.to_json()


def test_it_passes_the_conformance_suite(fishing: cardrules.Game) -> None:
    report = run_check(str(GAME), games=12, seed=4, match_every=4, leak_share=QUICK_LEAKS)
    assert report.ok, report.failure
    assert report.games == 12 and report.matches == 3


def test_cardrules_check_passes(fishing: cardrules.Game,
                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(GAME), "--games", "6", "--leaks", str(QUICK_LEAKS)]) == 0
    assert "fishing" in capsys.readouterr().out


def test_state_json_round_trips_exactly(fishing: cardrules.Game) -> None:
    state, rng = fishing.new_deal(7), random.Random(7)
    while not state.is_over:
        data = json.loads(json.dumps(state.to_json()))
        back = fishing.state_from_json(data)
        assert back == state and back.to_json() == state.to_json()
        state = state.apply(rng.choice(state.legal_actions()))
    assert fishing.state_from_json(state.to_json()) == state


def test_resample_keeps_what_the_player_sees(fishing: cardrules.Game) -> None:
    state = fishing.new_deal(11).apply("play " + fishing.new_deal(11).view(1).hands[1][0])
    view = state.view(0)
    changed = False
    for seed in range(8):
        other = state.resample(0, random.Random(seed))
        assert other.view(0) == view
        assert [len(h) if isinstance(h, list) else h for h in other.view(1).hands] == \
            [len(h) if isinstance(h, list) else h for h in state.view(1).hands]
        changed = changed or other.to_json() != state.to_json()
    assert changed


def test_it_renders_in_the_terminal_table(fishing: cardrules.Game) -> None:
    state = fishing.new_deal(3)
    lines = TextRenderer(fishing.pack, ascii=True, title="Fishing").view(state.view(1), me=1)
    assert lines[0] == "Fishing · dealer P0 · stock 20"
    table = " ".join(state.view(1).table).lower()
    assert f"table: {table}" in [line.lower() for line in lines]
    assert any(line.startswith("* P1 you") for line in lines)
    assert lines[-1] == "Your turn (play)"


def test_its_english_rules_come_from_its_own_describe(fishing: cardrules.Game) -> None:
    lines = describe(fishing.variant)
    play = lines[lines.index("## Play") + 1:lines.index("## The match")]
    assert play == [*FISHING.describe(fishing.variant), ""]
    assert "- Each captured card scores 1; the players with the most captured cards " \
           "score 3 more." in play


def test_a_phase_asks_the_procedure_for_what_it_needs(
        fishing: cardrules.Game, tmp_path: Path) -> None:
    """Bidding needs counted tricks and choose_trump own trumps: the fishing procedure
    offers neither, and the refusal names the procedures that do."""
    bidding = _with(tmp_path, "match:", "phases: [bidding]\nmatch:")
    with pytest.raises(cardrules.VariantError, match=r"\$\.phases\[0\]\.bidding: bidding "
                       r"needs a game of tricks \(play\.procedure: tricks\)"):
        cardrules.load(bidding)
    choosing = _with(tmp_path, "match:", "phases: [choose_trump]\nmatch:")
    with pytest.raises(cardrules.VariantError, match=r"choose_trump runs before the cards "
                       r"are dealt, but the foreign_fishing procedure deals before any listed "
                       r"phase"):
        cardrules.load(choosing)
    with pytest.raises(cardrules.VariantError, match=r"which only the shedding procedure "
                       r"has \(play\.procedure: shedding\)"):
        cardrules.load(choosing)


def test_what_a_listed_phase_records_becomes_the_familys_own_events(
        fishing: cardrules.Game) -> None:
    """A listed phase records plain tuples (``raw_event``): a state that keeps
    :class:`Event` records (this family's ``Events()``) is given records, whose
    ``to_json`` its own view calls, and one that keeps its events compactly keeps them as
    they came."""
    state = fishing.new_deal(1)._clone()
    state.record(raw_event(kind="give", player=0, cards=(3,), private=True))
    recorded = state._events[-1]
    assert type(recorded) is Event
    assert recorded.to_json(fishing.pack, viewer=1) == {"kind": "give", "player": 0, "cards": 1}
    hearts = cardrules.load("hearts", players=4).new_deal(1)._clone()
    hearts.record(raw_event(kind="give", player=0, cards=(3,), private=True))
    assert type(hearts._events[-1]) is tuple
    assert hearts.events[-1] == Event(kind="give", player=0, cards=(3,), private=True)
