"""The climbing family (``cardrules/families/climbing``) beyond the rules of President:
chains, bombs, passes that are final, the action space and the checks of a rule file."""

from __future__ import annotations

import copy
import itertools
import random
from typing import Any

import attr
import pytest
from rule_support import legal_words as labels
from rule_support import play, refused

import cardrules
from cardrules.families.climbing.model import FIVE_CARD
from cardrules.families.climbing.tables import ClimbingTables

CHAINS: dict[str, Any] = {"extends": "president", "patch": {
    "phases": [], "players": {"min": 3, "max": 4},
    "pack": {"ranks": [3, 4, 5, 6, 7, 8, 9, 10, "J", "Q", "K", "A", 2],
             "suits": ["C", "D", "H"]},
    "deal": {"hand": {"by_players": {"3": 13, "4": 9}}},
    "play": {"procedure": "climbing", "deal_all": True, "passing": "final",
             "chain_ranks": ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"],
             "combinations": [
                 {"name": "single", "shape": "same_rank"},
                 {"name": "pair", "shape": "same_rank", "size": 2},
                 {"name": "run", "shape": "chain", "min_length": 3, "max_length": 5},
                 {"name": "pairs", "shape": "chain", "size": 2, "min_length": 2,
                  "max_length": 2},
                 {"name": "bomb", "shape": "same_rank", "size": 3, "bomb": True}]},
    "references": {"beat": "X1", "lead": "X2", "combinations": "X3"}}}
"""President's ranks in three suits (the choices of cards of longer chains in four would
number too many actions) with runs, two pairs in a row, bombs and final passes."""


def _game(players: int = 3) -> cardrules.Game:
    return cardrules.load(CHAINS, players=players)


def test_a_run_is_beaten_by_a_higher_run_of_the_same_length_only() -> None:
    state = _game().setup(hands=["4C 5D 6H 7C 9C", "3C", "3D"], table="3H 4H 5H", last=1)
    assert labels(state) == ["pass", "play 4C 5D 6H", "play 5D 6H 7C"]
    refused(state, "play 4C 5D 6H 7C", "X1")
    refused(state, "play 9C", "X1")


def test_a_chain_stops_before_the_ranks_left_out_of_chains() -> None:
    state = _game().setup(hands=["QC KD AH 2C", "3C", "3D"])
    assert "play QC KD AH" in labels(state)
    refused(state, "play KD AH 2C", "X3")


def test_a_chain_not_from_a_whole_rank_starts_above_a_rank_the_player_holds_all_of(
        ) -> None:
    """``not_from_whole_rank``: a run may not start at a rank of which the player holds
    every card of the pack (here three, one of each suit); another player, and a run
    from the next rank, may; the refusal quotes ``references: chain_start``."""
    rules = copy.deepcopy(CHAINS)
    rules["patch"]["play"]["combinations"][2]["not_from_whole_rank"] = True
    rules["patch"]["references"]["chain_start"] = "X4"
    game = cardrules.load(rules, players=3)
    state = game.setup(hands=["3C 3D 3H 4C 5C 6C", "8D", "7D"])
    words = labels(state)
    assert "play 3C 4C 5C" not in words and "play 4C 5C 6C" in words
    assert "play 3C 3D 3H" in words  # the bomb of threes is no chain
    refused(state, "play 3C 4C 5C", "X4")
    other = game.setup(hands=["3C 3D 4C 5C", "3H 6C", "7D"])
    assert "play 3C 4C 5C" in labels(other)


def test_a_chain_of_pairs_beats_a_lower_one_of_as_many_pairs() -> None:
    state = _game().setup(hands=["5C 5D 6C 6D 7D 7H", "8C", "8D"], table="3C 3D 4C 4D",
                          last=1)
    assert labels(state) == ["pass", "play 5C 5D 6C 6D", "play 6C 6D 7D 7H"]
    found = _game().tables.identify(_game().pack.parse_many("4C 3D 4D 3C"))
    assert found is not None and found.length == 2


def test_a_bomb_beats_any_other_type_and_a_lower_bomb() -> None:
    state = _game().setup(hands=["8C 8D 8H 4C", "3C", "3D"], table="10C JC QC KC AC",
                          last=1)
    assert labels(state) == ["pass", "play 8C 8D 8H"]
    higher = _game().setup(hands=["9C 9D 9H", "3C", "3D"], table="8C 8D 8H", last=1)
    assert labels(higher) == ["pass", "play 9C 9D 9H"]
    lower = _game().setup(hands=["7C 7D 7H", "3C", "3D"], table="8C 8D 8H", last=1)
    assert labels(lower) == ["pass"]


def test_a_final_pass_sits_the_player_out_until_the_table_clears() -> None:
    state = _game(4).setup(hands=["5C 9C 3H", "6C KC", "7C AC 4H", "3D 4D"], current=0)
    state = play(state, "play 5C", "pass", "play 7C", "pass")
    assert state.current_player == 0          # player 1 passed: skipped
    state = play(state, "play 9C")
    assert state.current_player == 2           # players 1 and 3 sit out
    state = play(state, "play AC")
    assert state.current_player == 0
    state = play(state, "pass")
    assert state.view(0).table == [] and state.current_player == 2


def test_the_action_space_numbers_each_set_within_a_rank_and_the_chains() -> None:
    game = cardrules.load("president", players=4)
    assert game.action_space.size == 1 + 13 * (4 + 6 + 4 + 1) + 52  # and the exchange's
    index = game.action_space.index(game.parse_action("play 7S 7H"))
    assert game.action_space.action(index).cards == game.parse_action("play 7H 7S").cards
    chains = _game()
    state = chains.setup(hands=["4C 5D 6H 7C 9C", "3C", "3D"], table="3H 4H 5H", last=1)
    assert len(set(chains.action_space.legal_indices(state))) == 3


def test_a_state_read_back_is_the_same_and_a_tampered_one_is_refused() -> None:
    game = _game()
    state = game.setup(hands=["4C 5D 6H", "3C", "3D"], table="8C", last=1)
    assert game.state_from_json(state.to_json()) == state
    data = state.to_json()
    data["table"] = ["8C", "9D"]
    with pytest.raises(cardrules.StateError, match="make no combination"):
        game.state_from_json(data)
    data = state.to_json()
    data["last"] = -1
    with pytest.raises(cardrules.StateError, match="last"):
        game.state_from_json(data)


@pytest.mark.parametrize(("patch", "said"), [
    ({"combinations": [{"name": "six", "shape": "same_rank", "size": 6}]},
     "6 cards of one rank, but the pack has 4 of each"),
    ({"combinations": [{"name": "run", "shape": "chain", "min_length": 5,
                        "max_length": 3}]}, "max_length is below min_length"),
    ({"combinations": [{"name": "run", "shape": "chain", "min_length": 8,
                        "max_length": 8}]}, "more than the 1000000 an action space"),
    ({"combinations": [{"name": "a", "shape": "same_rank"},
                        {"name": "a", "shape": "same_rank", "size": 2}]}, "named twice"),
    ({"combinations": [{"name": "run", "shape": "chain", "min_length": 3,
                        "max_length": 13}]}, r"the limit is 5,000"),
    ({"chain_ranks": ["3", "Z"], "combinations": [{"name": "single", "shape": "same_rank"}]},
     "'Z' is no rank of the pack"),
    ({"combinations": [{"name": "pair", "shape": "same_rank", "size": 2, "min_length": 2}]},
     "only a chain has a length"),
    ({"combinations": [{"name": "pair", "shape": "same_rank", "size": 2,
                        "not_from_whole_rank": True}]}, "only a chain starts at a rank"),
])
def test_a_rule_file_with_impossible_combinations_is_refused(patch: dict[str, Any],
                                                               said: str) -> None:
    source = {"extends": "president", "patch": {"play": {
        "procedure": "climbing", "deal_all": True, **patch}}}
    with pytest.raises(cardrules.VariantError, match=said):
        cardrules.load(source, players=4)


def test_an_unknown_key_is_refused_by_the_schema() -> None:
    source = {"extends": "president", "patch": {"play": {
        "procedure": "climbing", "combinations": [
            {"name": "single", "shape": "same_rank", "kickers": 1}]}}}
    with pytest.raises(cardrules.VariantError, match="kickers"):
        cardrules.load(source, players=4)


def test_random_deals_of_chains_and_bombs_end_with_every_player_placed() -> None:
    import random
    game = _game(4)
    for seed in range(20):
        rng, state = random.Random(seed), game.new_deal(seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        assert state.result is not None and sorted(state.result.finish) == [0, 1, 2, 3]


def test_the_plays_looked_up_by_ranks_are_those_the_general_search_finds() -> None:
    """Where suits do not matter, the legal plays are looked up by ranks alone
    (``RankedTables.legal_on``); they are the very actions, in the very order, that the
    search of every choice of cards finds, on a clear table and on plays of another
    hand (bombs among them), hands holding every card of a rank included (a chain may
    not start there)."""
    import random

    from cardrules.families.climbing.ranked import RankedTables

    game = cardrules.load("dou-dizhu", players=3)  # suits do not matter; cards attached
    tables = game.tables
    assert isinstance(tables, RankedTables) and tables.play.by_rank
    rng = random.Random(5)
    cards = list(game.pack.cards)

    def searched(hand: int, table: Any) -> list[object]:
        seen, found = set(), []
        for p in tables.plays_on(hand, table):
            key = (frozenset(p.cards), p.combination, p.key)
            if key not in seen and tables.beats(p, table) and not tables.barred(p, hand):
                seen.add(key)
                found.append(tables.action_of(p))
        return found

    for i in range(60):
        rng.shuffle(cards)
        hand = sum(1 << c for c in cards[:rng.randint(1, 20)])
        if i % 3 == 0:
            hand |= tables.of_rank[rng.randrange(12)]
        other = sum(1 << c for c in cards[20:40]) | tables.of_rank[rng.randrange(13)]
        plays = tables.plays(other)
        bombs = [p for p in plays if tables.combinations[p.combination].bomb]
        for table in [None, *rng.sample(plays, 4), *bombs[:2]]:
            assert tables.legal_on(hand, table) == searched(hand, table)


@pytest.mark.parametrize("source", ["president", "big-two", CHAINS])
def test_the_plays_on_a_table_of_its_combination_are_the_hands_plays_keyed_above_it(
        source: Any) -> None:
    """On a play of the table, the plays of its combination that the tables look at are
    the hand's plays (every one of them, in order) of that combination and length whose
    key is above the table's (a suit that breaks ties: not below it): the others are
    never made.  Singles, sets of one rank, runs and two pairs in a row, on ties of
    suits or not."""
    import random

    game = cardrules.load(source)
    tables = game.tables
    rng = random.Random(3)
    cards = list(game.pack.cards)
    for _ in range(40):
        rng.shuffle(cards)
        hand = sum(1 << c for c in cards[:rng.randint(1, 17)])
        other = sum(1 << c for c in cards[17:34])
        for table in rng.sample(tables.plays(other), 6):
            above = table.key - 1 if tables.suit_place else table.key
            kept = [p for p in tables.plays(hand) if p.combination == table.combination
                    and p.length == table.length and p.key > above]
            looked = [p for p in tables.plays_on(hand, table)
                      if p.combination == table.combination]
            assert looked == kept


FIVE_SUITS: dict[str, Any] = {"extends": "president", "patch": {
    "phases": [], "players": {"min": 4, "max": 4},
    "pack": {"ranks": [3, 4, 5, 6, 7, 8, 9, 10, "J", "Q", "K", "A", 2],
             "suits": ["C", "D", "H", "S", "X"]},
    "deal": {"hand": 16},
    "play": {"procedure": "climbing", "by_rank": True,
             "chain_ranks": ["4", "6", "7", "8", "10", "J", "Q"],
             "combinations": [
                 {"name": "single", "shape": "same_rank"},
                 {"name": "pair", "shape": "same_rank", "size": 2},
                 {"name": "trio_one", "shape": "same_rank", "size": 3, "attach": {"size": 1}},
                 {"name": "run", "shape": "chain", "min_length": 3, "max_length": 5,
                  "not_from_whole_rank": True},
                 {"name": "planes", "shape": "chain", "size": 3, "min_length": 2,
                  "max_length": 3, "attach": {"size": 1}},
                 {"name": "bomb", "shape": "same_rank", "size": 5, "bomb": True}]}}}
"""Suits that do not matter, five of them (a hand may hold five cards of a rank), and
chain ranks with gaps, starting above the lowest rank."""


def test_plays_by_ranks_with_five_of_a_rank_and_chain_ranks_with_gaps() -> None:
    """The look-up by ranks alone is the general search's, whatever the pack's suits and
    chain ranks (here five suits and chains through 4, 6, 7, 8, 10, J, Q)."""
    import random

    from cardrules.families.climbing.ranked import RankedTables

    game = cardrules.load(FIVE_SUITS, players=4)
    tables = game.tables
    assert isinstance(tables, RankedTables) and not tables.quick
    rng = random.Random(3)
    cards = list(game.pack.cards)
    for i in range(80):
        rng.shuffle(cards)
        hand = sum(1 << c for c in cards[:rng.randint(1, 16)])
        if i % 2:
            hand |= tables.of_rank[rng.choice(tables.chain)]
        plays = tables.plays(sum(1 << c for c in cards[20:40]))
        for table in [None, *rng.sample(plays, 5)]:
            assert tables.legal_on(hand, table) == ClimbingTables.legal_on(tables, hand, table)


def test_a_by_rank_game_that_ranks_types_against_each_other_takes_the_general_tables() -> None:
    """The rank-set tables answer a play only with the same type or a bomb; a ``by_rank``
    game with ``play.type_order`` (a straight beating a trio with a pair, both five
    cards) is given the general tables, which let one type beat another."""
    from cardrules.families.climbing.ranked import RankedTables
    from cardrules.families.climbing.tables import ClimbingTables

    plain = cardrules.load("dou-dizhu", players=3)
    five = [{"name": "solo", "shape": "same_rank", "size": 1},
            {"name": "trio_pair", "shape": "same_rank", "size": 3, "attach": {"size": 2}},
            {"name": "straight", "shape": "chain", "size": 1, "min_length": 5,
             "max_length": 5},
            {"name": "bomb", "shape": "same_rank", "size": 4, "bomb": True}]
    plain, ordered = (cardrules.load({"extends": "dou-dizhu", "patch": {"play": {
        "combinations": five, "type_order": order}}}, players=3)
        for order in (None, ["trio_pair", "straight"]))
    assert isinstance(plain.tables, RankedTables)
    assert type(ordered.tables) is ClimbingTables and ordered.tables.play.by_rank
    position = {"hands": ["3C 4C 5C 6C 7C 8D", "QC QD", "9S"],
                "current": 0, "last": 1}
    for game, beats in ((plain, False), (ordered, True)):
        state = game.setup(table="KC KD KH AC AD", **position)
        assert ("play 3C 4C 5C 6C 7C" in labels(state)) is beats


def test_a_play_compares_hashes_and_pickles_by_its_fields() -> None:
    """A play (a class written out, native when compiled) is equal to another of the
    same fields, hashes alike, and comes back from a pickle or a copy equal; the tables'
    plays of a hand on a clear table are the plays they find again."""
    import pickle

    from cardrules.families.climbing.tables import Play

    game = cardrules.load("big-two")
    tables = game.tables
    hand = game.new_deal(5).hands[0]
    plays = tables.plays(hand)
    assert plays == tables.plays(hand) and len(set(plays)) == len(plays)
    for laid in plays:
        again = Play(combination=laid.combination, length=laid.length, key=laid.key,
                     cards=laid.cards, tie=laid.tie)
        assert again == laid and hash(again) == hash(laid)
        assert pickle.loads(pickle.dumps(laid)) == laid == copy.deepcopy(laid)
    other = Play(combination=plays[0].combination, length=1, key=plays[0].key,
                 cards=plays[0].cards, tie=plays[0].tie + 1)
    assert other != plays[0] and plays[0] != plays[0].cards


def _brute_five_card_hands(tables: Any, hand: list[int]) -> set[tuple[int, tuple[int, ...]]]:
    """Every five-card hand of ``hand``, found by reading each choice of five cards."""
    found = set()
    for chosen in itertools.combinations(sorted(hand), 5):
        for read in tables.readings(chosen):
            if tables.combinations[read.combination].shape in FIVE_CARD:
                found.add((read.combination, tuple(sorted(read.cards))))
    return found


@pytest.mark.parametrize("options", [
    {}, {"straights": "no_twos"}, {"straights": "low_wheels"}, {"flushes": "highest_card"}])
def test_five_card_shapes_a_hand_may_make_leave_out_none_it_makes(
        options: dict[str, str]) -> None:
    """The cheap test of the five-card shapes a hand may make (which spares the search
    for the others) passes every shape the hand makes, and the lead's actions then are
    those of a plain search of every five-card hand."""
    game = cardrules.load("big-two", options=options)
    tables = game.tables
    assert tables.poker is not None and any(tables.shape_bits)
    plain = attr.evolve(tables, rank_parts=(), five_card=(), shape_bits=())
    rng = random.Random(5)
    for _ in range(600):
        suits = rng.sample(range(4), rng.randint(1, 4))  # few suits: more flushes
        pool = [c for c in range(game.pack.size) if c // 13 in suits]
        hand = rng.sample(pool, rng.randint(1, min(len(pool), 18)))
        mask = sum(1 << c for c in hand)
        made = tables.poker.makes(mask)
        for index, kind in enumerate(tables.combinations):
            if tables.shape_bits[index] and any(
                    p.combination == index for p in plain.plays(mask)):
                assert made & tables.shape_bits[index], (kind.name, hand)
        assert tables.legal_on(mask, None) == plain.legal_on(mask, None)


@pytest.mark.parametrize(("name", "options"), [
    ("big-two", {}), ("big-two", {"straights": "low_wheels"}),
    ("big-two", {"flushes": "highest_card"}), ("big-two", {"bombs": "on_single_twos"}),
    ("president", {})])
def test_plays_looked_up_by_rank_and_by_cards_are_those_a_plain_search_finds(
        name: str, options: dict[str, str]) -> None:
    """The legal plays of a hand on a clear table or on a play, looked up rank by rank
    (sets of one rank) and by their cards as a bit set (five-card hands), are those the
    search of every choice of cards finds, in its order; the five-card hands a hand
    holds are those its choices of five cards read as."""
    game = cardrules.load(name, options=options)
    tables = game.tables
    assert any(tables.rank_parts)
    plain = attr.evolve(tables, rank_parts=(), five_card=(), shape_bits=())
    rng = random.Random(4)
    for _ in range(400):
        hand = rng.sample(range(game.pack.size), rng.randint(1, 16))
        mask = sum(1 << c for c in hand)
        other = sum(1 << c for c in rng.sample(range(game.pack.size), 13))
        table = rng.choice([None, *plain.plays(other)])
        assert tables.legal_on(mask, table) == plain.legal_on(mask, table)
        if tables.poker is not None and len(hand) <= 9:
            listed = {(p.combination, tuple(sorted(p.cards))) for p in tables.plays(hand)
                      if tables.combinations[p.combination].shape in FIVE_CARD}
            assert listed == _brute_five_card_hands(tables, hand)


FIVE_SUITED_BIG_TWO: dict[str, Any] = {"extends": "big-two", "patch": {
    "pack": {"suits": ["D", "C", "H", "S", "X"]}, "deal": {"hand": 12},
    "play": {"suit_order": ["X", "D", "C", "H", "S"]}}}
"""Big Two with a fifth suit, ranked lowest, and hands of 12: five cards of a rank, each
hand's cards told apart by five places within their ranks."""


@pytest.mark.parametrize(("source", "options"), [
    ("big-two", {}), ("big-two", {"straights": "low_wheels"}),
    ("big-two", {"straights": "no_twos"}), ("big-two", {"flushes": "highest_card"}),
    ("big-two", {"bombs": "on_single_twos"}), (FIVE_SUITED_BIG_TWO, {})])
def test_five_card_hands_found_by_number_are_those_looked_up_by_their_cards(
        source: Any, options: dict[str, str]) -> None:
    """The five-card hands' actions found at their numbers (``five_slots``, filled as
    they are first found) are those of the search that looks each up by its cards as a
    bit set, in its order, on a clear table and on a play of each type (the hands of many
    cards of few ranks or suits held more often)."""
    game = cardrules.load(source, options=options)
    tables = game.tables
    assert tables.poker is not None and tables.poker.width == len(game.pack.suits)
    assert any(tables.five_slots)
    keyed = attr.evolve(tables, five_slots=())
    rng = random.Random(6)
    for _ in range(500):
        ranks = rng.sample(range(13), rng.randint(3, 13))
        suits = rng.sample(range(len(game.pack.suits)), rng.randint(1, len(game.pack.suits)))
        pool = [c for c in game.pack.cards
                if game.pack.rank(c) in ranks and game.pack.suit(c) in suits]
        hand = sum(1 << c for c in rng.sample(pool, min(len(pool), rng.randint(5, 20))))
        other = sum(1 << c for c in rng.sample(range(game.pack.size), 20))
        tabled = [p for p in keyed.plays(other) if len(p.cards) == 5]
        for table in [None, *rng.sample(tabled, min(len(tabled), 4))]:
            assert tables.legal_on(hand, table) == keyed.legal_on(hand, table)


@pytest.mark.parametrize(("source", "options"), [
    ("big-two", {}), ("big-two", {"straights": "low_wheels"}),
    ("big-two", {"flushes": "highest_card"}), ("big-two", {"bombs": "on_single_twos"}),
    (FIVE_SUITED_BIG_TWO, {}), ("president", {}), ("dou-dizhu", {}), (CHAINS, {})])
def test_plays_laying_a_card_are_the_plays_filtered_by_it(
        source: Any, options: dict[str, str]) -> None:
    """The plays of a hand that lay a given card (a deal's first lead), found without
    making the others, are the hand's plays filtered by that card, in their order, on a
    clear table and on a play (the five-card hands numbered or looked up by cards)."""
    game = cardrules.load(source, options=options, players=3)
    tables = game.tables
    keyed = attr.evolve(tables, five_slots=())
    rng = random.Random(8)
    for _ in range(300):
        hand = rng.sample(game.pack.cards, rng.randint(1, 17))
        mask = sum(1 << c for c in hand)
        other = sum(1 << c for c in rng.sample(game.pack.cards, 13))
        for table in [None, rng.choice([None, *tables.plays(other)])]:
            every = tables.legal_on(mask, table)
            for card in rng.sample(hand, min(3, len(hand))):
                laying = [a for a in every if card in a.cards]
                assert tables.legal_on(mask, table, card) == laying
                assert keyed.legal_on(mask, table, card) == laying
