"""The fishing family's legal actions of units (captures of several sets, builds) read
from the loose cards' sets by worth (``builds.legal_of``) are exactly those of the plain
search card by card (``builds.legal_enumerated``): the same actions, the very same
objects, in the same order, in random games of every fishing variant and option and in
random layouts of builds; and the actions of units are made once, under a bound."""

from __future__ import annotations

import pickle
import random
from pathlib import Path

import pytest

import cardrules
from cardrules.actions import Action, Kind, labelled
from cardrules.engine.seeding import derive_seed
from cardrules.families.fishing.builds import legal_enumerated, legal_of
from cardrules.families.fishing.model import Build
from cardrules.families.fishing.tables import (
    BUILD_AT,
    CAPTURE_AT,
    MULTIPLE_AT,
    UNIT_WORDS,
    FishingTables,
    new_action,
)

PATCHES = {
    "sets-only": "extends: scopa\nname: scopa-sets\n"
                 "patch: {play: {sets: true, rank_first: false}}\n",
    "sets-rank": "extends: scopa\nname: scopa-rank\n"
                 "patch: {play: {sets: true, capture: rank, rank_first: false}}\n",
    "builds-sum": "extends: casino\nname: casino-sum\n"
                  "patch: {play: {capture: sum, values: {A: 1, J: 11, Q: 12, K: 13}}}\n",
    "bounded-three": "extends: casino\nname: casino-three\n"
                     "patch: {play: {most_named: 3, must_capture: true}}\n",
    "aces-high": "extends: casino\nname: casino-aces\n"
                 "patch: {play: {values: {A: 14, J: 2, Q: 0, K: 1}, zero_sets: true}}\n",
}


def _games(tmp_path: Path) -> list[cardrules.Game]:
    games = []
    for players in (2, 4):
        games.append(cardrules.load("casino", players=players))
        games.append(cardrules.load("scopa", players=players))
        games.append(cardrules.load("kseri", players=players))
    for options in ({"increase": "never"}, {"courts": "all"}, {"trail": "allowed"},
                    {"increase": "never", "courts": "all", "trail": "allowed"}):
        games.append(cardrules.load("casino", players=2, options=options))
    for name, text in PATCHES.items():
        rule_file = tmp_path / f"{name}.yaml"
        rule_file.write_text(text)
        games.append(cardrules.load(rule_file, players=2))
    return games


def _same(tables: FishingTables, table: int, made: tuple[Build, ...], hand: int,
          p: int) -> None:
    fast = legal_of(tables, table, made, hand, p)
    plain = legal_enumerated(tables, table, made, hand, p)
    assert [a.label for a in fast] == [a.label for a in plain]
    assert fast == plain


def test_units_legal_actions_match_the_plain_search_in_random_games(tmp_path: Path) -> None:
    checked = 0
    for game in _games(tmp_path):
        tables = game.tables
        rng = random.Random(11)
        for i in range(40):
            state = game.new_deal(derive_seed(5, "game", i))
            while not state.is_over:
                if tables.units and not state._announcing:
                    p = state._current
                    _same(tables, state._table, state._builds, state._hands[p], p)
                    checked += 1
                state = state.apply(rng.choice(state.legal_actions()))
    assert checked > 5_000


def _random_layout(game: cardrules.Game, rng: random.Random,
                   ) -> tuple[int, tuple[Build, ...], int, int]:
    """A table of loose cards and builds (single or multiple, any value, any owner) and
    a hand, dealt from a shuffled pack."""
    cards = list(range(game.pack.size))
    rng.shuffle(cards)
    hand = sum(1 << c for c in cards[:rng.randint(1, 4)])
    rest = cards[4:]
    table = 0
    made: list[Build] = []
    for _ in range(rng.randint(0, 3)):
        size = rng.randint(2, 4)
        group, rest = rest[:size], rest[size:]
        mask = sum(1 << c for c in group)
        table |= mask
        worth = sum(game.tables.values[c] for c in group)
        value = worth if rng.random() < 0.6 else rng.randint(1, 10)
        made.append(Build(cards=mask, value=max(value, 1), owner=rng.randrange(2),
                          multiple=rng.random() < 0.3))
    loose = rng.randint(0, 14)
    table |= sum(1 << c for c in rest[:loose])
    return table, tuple(made), hand, rng.randrange(2)


@pytest.mark.parametrize("options", [{}, {"increase": "never"}, {"courts": "all"},
                                     {"trail": "allowed"}])
def test_units_legal_actions_match_the_plain_search_in_random_layouts(
        options: dict[str, str]) -> None:
    game = cardrules.load("casino", players=2, options=options)
    assert _offered_in_random_layouts(game, random.Random(17)) > 10_000


@pytest.mark.parametrize("name", ["bounded-three", "builds-sum", "aces-high"])
def test_units_legal_actions_match_the_plain_search_in_random_layouts_of_other_rules(
        name: str, tmp_path: Path) -> None:
    """Random layouts where a set may be too large to name (its cards counted), or other
    values (a card worth 14, courts worth 0 or 13): both ways of ``legal_of``."""
    rule_file = tmp_path / f"{name}.yaml"
    rule_file.write_text(PATCHES[name])
    game = cardrules.load(rule_file, players=2)
    assert _offered_in_random_layouts(game, random.Random(23)) > 4_000


def _offered_in_random_layouts(game: cardrules.Game, rng: random.Random) -> int:
    """The actions of 1,500 random layouts, each checked against the plain search."""
    offered = 0
    for _ in range(1_500):
        table, made, hand, p = _random_layout(game, rng)
        _same(game.tables, table, made, hand, p)
        offered += len(legal_of(game.tables, table, made, hand, p))
    return offered


def test_values_beyond_a_word_are_searched_plainly(tmp_path: Path) -> None:
    rule_file = tmp_path / "casino-high.yaml"
    rule_file.write_text("extends: casino\nname: casino-high\n"
                         "patch: {play: {values: {A: 1, J: 0, Q: 0, K: 100}}}\n")
    game = cardrules.load(rule_file, players=2)
    assert game.tables.plain and not cardrules.load("casino").tables.plain
    state = game.setup(hands=["KS 2H", "AC"], table="KD 9C AS")
    assert "capture KS KD" in [a.label for a in state.legal_actions()]


def test_an_action_of_units_is_made_as_labelled_would_make_it() -> None:
    game = cardrules.load("casino", players=2)
    tables, pack = game.tables, game.pack
    three, six, nine = pack.parse_many("3S 6D 9C")
    table = 1 << six | 1 << nine
    made = [tables.unit(word, three, table) for word in (CAPTURE_AT, BUILD_AT, MULTIPLE_AT)]
    assert [a.label for a in made] == ["capture 3S 9C 6D", "build 3S 9C 6D",
                                      "multiple 3S 9C 6D"]
    for word, action in zip(UNIT_WORDS, made, strict=True):
        expected = labelled(Kind.VERB, pack, name=word, cards=pack.cards_of(table | 1 << three),
                            written=(three, *pack.cards_of(table)))
        assert action == expected and action.label == expected.label
        assert tables.unit_action(word, three, table) == action
    assert tables.unit(CAPTURE_AT, six, 1 << three | 1 << nine).label == "capture 6D 9C 3S"


def test_actions_of_units_naming_one_table_card_are_kept_and_others_made_anew() -> None:
    """Actions naming one table card are kept in a list by number (bounded by the pack);
    those naming several are made at each call, equal, labelled alike."""
    tables = cardrules.load("casino", players=2).tables
    one = tables.unit(BUILD_AT, 5, 1 << 20)
    assert tables.unit(BUILD_AT, 5, 1 << 20) is one and one.label == "build 6C 8D"
    assert one in tables.unit_pairs and len(tables.unit_pairs) == 3 * 52 * 52
    several = tables.unit(CAPTURE_AT, 0, 0b11 << 13)
    again = tables.unit(CAPTURE_AT, 0, 0b11 << 13)
    assert again == several and again.label == several.label and hash(again) == hash(several)
    assert not hasattr(tables, "unit_actions")


def test_new_action_is_the_record_action_makes() -> None:
    """``new_action`` sets the attrs record's slots itself: every slot as ``Action``'s
    own ``__init__`` sets it, so it compares, hashes, shows and pickles alike."""
    made = new_action("build", (3, 1), "build 4C 2C")
    plain = Action(kind=Kind.VERB, name="build", cards=(3, 1), label="build 4C 2C")
    slots = [s for s in Action.__slots__ if s != "__weakref__"]
    assert [getattr(made, s) for s in slots] == [getattr(plain, s) for s in slots]
    assert made == plain and hash(made) == hash(plain) and repr(made) == repr(plain)
    assert pickle.loads(pickle.dumps(made)) == plain
    assert {made: 1}[plain] == 1
