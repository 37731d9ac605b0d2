"""Casino after pagat.com: one test (or more) per rule CA1-CA14 of ``docs/rules/casino.md``
and per option value (``sweeps``: none, count; ``increase``: allowed, never; ``courts``:
one, all; ``trail``: never, allowed; ``target``).

Positions are set up with ``game.setup`` (cards given nowhere lie in the first player's
captured pile, unless ``won`` names the piles; ``builds`` lists the builds on the table
as their cards, value and owner) or dealt from an explicit order.
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest
import yaml
from rule_support import refused

import cardrules
from cardrules.engine.action_space import MASK_LIMIT
from cardrules.errors import IllegalActionError
from cardrules.families.fishing.scoring import side_points
from cardrules.tools.check import run_check
from cardrules.tools.describe import describe

ALL = [r + s for s in "CDHS"
       for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]


@cache
def casino(players: int = 2, **options: object) -> cardrules.Game:
    return cardrules.load("casino", players=players, options=options)


def labels(state: cardrules.State) -> list[str]:
    return sorted(state.describe(a) for a in state.legal_actions())


def _key(text: str) -> tuple[str, frozenset[str]]:
    word, *cards = text.split()
    return word, frozenset(cards)


def offered(state: cardrules.State, word: str = "") -> set[tuple[str, frozenset[str]]]:
    """The legal actions (of ``word``), each as its word and set of cards."""
    return {_key(t) for t in labels(state) if t.startswith(word)}


def keys(*texts: str) -> set[tuple[str, frozenset[str]]]:
    return {_key(t) for t in texts}


def builds(state: cardrules.State, viewer: int = 0) -> list[tuple[list[str], int, int, bool]]:
    return [(sorted(b["cards"]), b["value"], b["owner"], b["multiple"])
            for b in state.view(viewer)["builds"]]


def dealt(game: cardrules.Game, first: list[str], *, dealer: int = 1) -> cardrules.State:
    """A deal whose cards come out of the stock in the order ``first`` gives, then the
    rest of the pack."""
    rest = [c for c in ALL if c not in first]
    order = [game.pack.parse(c) for c in first + rest][::-1]  # dealt from the end
    return game.new_deal(1, dealer=dealer, order=order)


def points(game: cardrules.Game, *piles: str, sweeps: tuple[int, ...] = (0, 0)) -> list[int]:
    """The points of sides whose captured piles are ``piles`` (the last pile: every
    card no other pile names)."""
    masks = [sum(1 << game.pack.parse(c) for c in p.split()) for p in piles[:-1]]
    rest = game.pack.full
    for m in masks:
        rest &= ~m
    return side_points(game.tables, [*masks, rest], sweeps)


# The cards and the deal --------------------------------------------------------------

def test_ca1_fifty_two_cards_two_alone_four_in_partnerships() -> None:
    assert casino().pack.size == 52
    assert casino(2).partnerships == ((0,), (1,))
    assert casino(4).partnerships == ((0, 2), (1, 3))
    assert casino(3).partnerships == ((0,), (1,), (2,))


@pytest.mark.parametrize("players", [2, 4])
def test_ca2_four_cards_each_and_four_face_up_to_the_table(players: int) -> None:
    state = casino(players).new_deal(5)
    view = state.view(0)
    assert len(view.table) == 4 and len(view.hands[0]) == 4
    assert view.stock == 52 - 4 * players - 4 and view.builds == []


def test_ca3_values_aces_one_numerals_their_number_courts_nothing() -> None:
    game = casino()
    values = {game.pack.name(c): game.tables.values[c] for c in range(52)}
    assert [values[r + "H"] for r in ("A", "2", "9", "10", "J", "Q", "K")] == \
        [1, 2, 9, 10, 0, 0, 0]


def test_ca3_courts_take_no_part_in_sums() -> None:
    state = casino().setup(hands=["5S", "AC"], table="KD 5C QH")
    assert labels(state) == ["capture 5S 5C", "play 5S"]


@pytest.mark.parametrize("dealer", [0, 1])
def test_ca4_the_dealer_s_left_plays_first_then_in_turn(dealer: int) -> None:
    state = casino().new_deal(3, dealer=dealer)
    assert state.current_player == (dealer + 1) % 2
    assert state.apply(state.legal_actions()[0]).current_player == dealer


# Capturing ---------------------------------------------------------------------------

def test_ca5_pairing_combining_and_a_build_of_its_value() -> None:
    state = casino().setup(hands=["8S KC", "AC"], table="8C 5D 3H 2C 6H", current=0,
                           builds=[("2C 6H", 8, 1)])
    assert {k for k in offered(state, "capture") if "8S" in k[1]} == keys(
        "capture 8S 3H 5D", "capture 8S 3H 5D 8C", "capture 8S 6H 2C",
        "capture 8S 6H 2C 3H 5D", "capture 8S 6H 2C 8C", "capture 8S 8C",
        "capture 8S 6H 2C 3H 5D 8C")
    after = state.apply("capture 8S 6H 2C")
    assert builds(after) == [] and sorted(after.view(0).table) == ["3H", "5D", "8C"]


def test_ca5_a_build_is_taken_whole_and_only_by_its_value() -> None:
    state = casino().setup(hands=["6S 2S 8S", "AC"], table="2C 6H", builds=[("2C 6H", 8, 1)])
    with pytest.raises(IllegalActionError, match="build is one unit"):
        state.apply("capture 6S 6H")
    with pytest.raises(IllegalActionError, match="CA5"):
        state.apply("capture 2S 2C 6H")


def test_ca5_a_court_card_takes_one_card_of_its_rank() -> None:
    state = casino().setup(hands=["KC", "AC"], table="KD KH 5C")
    assert labels(state) == ["capture KC KD", "capture KC KH", "play KC"]


def test_ca5_option_courts_all_takes_several_of_its_rank() -> None:
    state = casino(courts="all").setup(hands=["KC", "AC"], table="KD KH 5C")
    assert offered(state) == keys("capture KC KD", "capture KC KH", "capture KC KD KH",
                                  "play KC")


def test_ca5_the_cards_may_be_written_in_any_order() -> None:
    state = casino().setup(hands=["8S", "AC"], table="5D 3H")
    assert state.apply("capture 3H 8S 5D").view(0).table == []


def test_ca6_several_sets_at_once() -> None:
    state = casino().setup(hands=["9H", "AC"], table="9C 6D 3S 2C 7H")
    assert keys("capture 9H 9C 6D 3S", "capture 9H 7H 2C 9C", "capture 9H 7H 2C 6D 3S") \
        <= offered(state)


def test_ca6_a_capture_names_any_number_of_table_cards() -> None:
    """CA6: every collection of sets is offered, the whole table of eight cards too."""
    state = casino().setup(hands=["9H", "AC"], table="9C 6D 3S 2C 7H 4D 5S 9S")
    whole = "capture 9H 9C 6D 3S 2C 7H 4D 5S 9S"
    assert keys(whole, "capture 9H 9C 6D 3S 2C 7H") <= offered(state)
    index = state.game.action_space.index(state.game.parse_action(whole))
    assert state.game.action_space.action(index) in state.legal_actions()
    after = state.apply(whole)
    assert after.view(0).table == [] and len(after.view(0).captured) > 0


def test_ca7_a_build_joins_any_number_of_table_cards() -> None:
    """CA7: a multiple build of four groups of nine, five table cards joined."""
    state = casino().setup(hands=["5H 9H", "AC"], table="4D 9C 6D 3S 2C 7H")
    assert keys("multiple 5H 4D 9C 6D 3S 2C 7H") <= offered(state)
    after = state.apply("multiple 5H 4D 9C 6D 3S 2C 7H")
    assert builds(after, 1) == [(["2C", "3S", "4D", "5H", "6D", "7H", "9C"], 9, 0, True)]


def test_a_house_rule_bounds_the_cards_an_action_names(tmp_path: Path) -> None:
    """``play.most_named`` (not a Casino rule: a bound for dense action masks)."""
    rule_file = tmp_path / "casino-bounded.yaml"
    rule_file.write_text("extends: casino\nname: casino-bounded\n"
                         "patch: {play: {most_named: 5}}\n")
    bounded = cardrules.load(rule_file)
    state = bounded.setup(hands=["9H", "AC"], table="9C 6D 3S 2C 7H")
    assert keys("capture 9H 9C 6D 3S 2C 7H").isdisjoint(offered(state))  # five table cards
    assert keys("capture 9H 7H 2C 6D 3S") <= offered(state)
    with pytest.raises(IllegalActionError, match="at most 5 cards named"):
        state.apply("capture 9H 9C 6D 3S 2C 7H")
    assert bounded.action_space.size == 8_679_395 < MASK_LIMIT < casino().action_space.size
    assert any("at most 4 table cards" in line for line in describe(bounded.variant))


# Building ----------------------------------------------------------------------------

def test_ca7_a_single_build_needs_another_card_of_its_value() -> None:
    game = casino()
    state = game.setup(hands=["3S 9H", "KC"], table="6D 9C AS")
    assert keys("build 3S 6D") <= offered(state)
    after = state.apply("build 3S 6D")
    assert builds(after, 1) == [(["3S", "6D"], 9, 0, False)]
    lacking = game.setup(hands=["3S 8H", "KC"], table="6D")
    assert not any(a.startswith("build") for a in labels(lacking))
    with pytest.raises(IllegalActionError, match="another card of its new value"):
        lacking.apply("build 3S 6D")


def test_ca7_a_build_is_captured_later_by_its_owner_or_anyone() -> None:
    state = casino().setup(hands=["3S 9H", "9D 2C"], table="6D KH").apply("build 3S 6D")
    assert keys("capture 9D 3S 6D") <= offered(state)
    taken = state.apply("capture 9D 3S 6D")
    assert builds(taken) == [] and taken.view(0).table == ["KH"]


def test_ca7_multiple_builds() -> None:
    state = casino().setup(hands=["3S 3H 9H", "KC"], table="3C 6D 9C")
    assert keys("multiple 3S 3C", "multiple 3S 6D 9C") <= offered(state)  # holding 3H, 9H
    after = state.apply("multiple 3S 6D 9C")
    assert builds(after) == [(["3S", "6D", "9C"], 9, 0, True)]
    nine = state.apply("multiple 3S 3C")
    assert builds(nine) == [(["3C", "3S"], 3, 0, True)]


def test_ca7_the_player_names_a_multiple_build_s_value_when_its_cards_allow_several() -> None:
    """CA7: 2, 2, 2, A, A make four groups of two or two groups of four; holding a 2 and a
    4, the builder names which (and only those), then the turn passes."""
    game = casino()
    state = game.setup(hands=["2S 2H 4C", "KC"], table="2C 2D AS AH")
    naming = state.apply("multiple 2S 2C 2D AH AS")
    assert naming.current_player == 0 and labels(naming) == ["value 2", "value 4"]
    assert naming.view(1).builds[0]["naming"] == [2, 4]
    assert builds(naming, 1)[0][1] == 2  # the lowest, until named
    refused(naming, "play 4C", "CA5-CA9")
    with pytest.raises(IllegalActionError, match="'value 2' or 'value 4'"):
        naming.apply("value 3")
    named = naming.apply("value 4")
    assert named.current_player == 1 and "naming" not in named.view(1).builds[0]
    assert builds(named, 1) == [(["2C", "2D", "2S", "AH", "AS"], 4, 0, True)]
    assert game.state_from_json(naming.to_json()) == naming
    one = state.apply("multiple 2S 2C 2D")  # six: in twos only
    assert one.current_player == 1 and builds(one, 1)[0][1] == 2


def test_ca7_a_choice_of_value_is_made_whatever_the_builder_holds() -> None:
    """CA7: the cards add up by twos or fours, so the builder names the value even when
    they hold no 4 (whether there is a choice tells the others nothing of their hand);
    only a value they hold is offered."""
    state = casino().setup(hands=["2S 2H 6C", "KC"], table="2C 2D AS AH")
    naming = state.apply("multiple 2S 2C 2D AH AS")
    assert naming.current_player == 0 and labels(naming) == ["value 2"]
    assert naming.view(1).builds[0]["naming"] == [2, 4]
    with pytest.raises(IllegalActionError, match="one they hold a card of: 'value 2'"):
        naming.apply("value 4")
    assert builds(naming.apply("value 2"), 1)[0][1] == 2


def test_ca7_a_card_of_the_build_s_value_joins_it_into_a_multiple_build() -> None:
    state = casino().setup(hands=["9S 9H", "KC"], table="4D 5C", builds=[("4D 5C", 9, 1)])
    after = state.apply("multiple 9S 4D 5C")
    assert builds(after) == [(["4D", "5C", "9S"], 9, 0, True)]


def test_ca8_another_player_increases_a_single_build() -> None:
    state = casino().setup(hands=["AS 10H", "KC"], table="3S 6D",
                           builds=[("3S 6D", 9, 1)])
    after = state.apply("build AS 3S 6D")
    assert builds(after) == [(["3S", "6D", "AS"], 10, 0, False)]


def test_ca8_a_single_build_raised_and_joined_into_a_multiple_build_in_one_move() -> None:
    """CA8: a 2 raises another's build of 7 to 9 and takes in the loose 9 with it, making
    a multiple build of nines; not with ``increase: never``."""
    position = {"hands": ["2S 9H", "KC"], "table": "4D 3C 9C", "builds": [("4D 3C", 7, 1)]}
    state = casino().setup(**position)
    assert keys("multiple 2S 4D 3C 9C", "build 2S 4D 3C") <= offered(state)
    after = state.apply("multiple 2S 4D 3C 9C")
    assert builds(after) == [(["2S", "3C", "4D", "9C"], 9, 0, True)]
    never = casino(increase="never").setup(**position)
    assert not keys("multiple 2S 4D 3C 9C") & offered(never)


def test_ca8_a_multiple_build_is_never_increased() -> None:
    state = casino().setup(hands=["AS 4H", "KC"], table="3S 3C", builds=[("3S 3C", 3, 1)])
    assert not any(a.startswith("build") for a in labels(state))


def test_ca8_option_increase_never() -> None:
    position = {"hands": ["AS 10H", "KC"], "table": "3S 6D", "builds": [("3S 6D", 9, 1)]}
    assert keys("build AS 6D 3S") <= offered(casino().setup(**position))
    state = casino(increase="never").setup(**position)
    assert not any(a.startswith("build") for a in labels(state))


def test_ca9_trailing_is_allowed_when_a_card_could_capture() -> None:
    state = casino().setup(hands=["5S", "KC"], table="5C")
    assert labels(state) == ["capture 5S 5C", "play 5S"]


def test_ca9_the_owner_of_a_build_may_not_trail() -> None:
    position = {"hands": ["9H 2C", "KC"], "table": "3S 6D", "builds": [("3S 6D", 9, 0)]}
    state = casino().setup(**position)
    assert labels(state) == ["capture 9H 6D 3S"]
    with pytest.raises(IllegalActionError, match="owns a build"):
        state.apply("play 2C")
    allowed = casino(trail="allowed").setup(**position)
    assert labels(allowed) == ["capture 9H 6D 3S", "play 2C"]  # and keeps the 9 (below)


def test_ca9_the_owner_keeps_a_card_of_the_build_s_value() -> None:
    state = casino(trail="allowed").setup(hands=["9H 5C", "KC"], table="3S 6D 7C 2D",
                                          builds=[("3S 6D", 9, 0)])
    assert keys("capture 9H 2D 7C") & offered(state) == set()  # the last 9 kept
    assert keys("capture 9H 7C 2D 3S 6D", "capture 9H 3S 6D", "play 5C") <= offered(state)
    with pytest.raises(IllegalActionError, match="keep it to capture that build"):
        state.apply("play 9H")


def test_ca10_empty_hands_are_dealt_four_more_and_the_table_nothing() -> None:
    state = casino().setup(hands=["2S", "KC"], table="5C", stock="AH AD 3H 3D 4H 4D 5H 5D")
    after = state.apply("play 2S").apply("play KC")
    assert [len(h) for h in after.view(0).hands[:1]] == [4]
    assert after.view(0).stock == 0 and sorted(after.view(0).table) == ["2S", "5C", "KC"]


def test_ca11_the_last_capturer_takes_the_rest_builds_included() -> None:
    state = casino().setup(hands=["AS", "KC"], table="3S 6D 4C", builds=[("3S 6D", 9, 0)],
                           last=1, current=0, won=["", ""])
    over = state.apply("play AS").apply("play KC")
    assert over.is_over and over.view(0).table == [] and over.view(0).builds == []
    assert {"3S", "4C", "6D", "AS", "KC"} <= set(over.view(0).won[1])
    assert over.view(0).sweeps == [0, 0]


# Scoring -----------------------------------------------------------------------------

def test_ca12_most_cards_spades_the_casinos_and_aces() -> None:
    game = casino()
    spades = " ".join(r + "S" for r in ("3", "4", "5", "6", "7", "8", "9"))
    # side 0: 27 cards with 7 spades, 10D, 2 aces; side 1: the rest (6 spades, 2S, 2 aces)
    clubs = " ".join(r + "C" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J",
                                       "Q", "K"))
    hearts = " ".join(r + "H" for r in ("2", "3", "4", "5", "6"))
    side0 = f"{spades} {clubs} {hearts} 10D AC AH"
    assert len(side0.split()) == 27
    assert points(game, side0, "") == [3 + 1 + 2 + 2, 1 + 2 + 0]
    assert sum(points(game, side0, "")) == 11


def test_ca12_a_tie_for_most_cards_or_spades_scores_nothing() -> None:
    game = casino()
    half = " ".join(ALL[i] for i in range(0, 52, 2))  # 26 cards, 6 or 7 spades
    scored = points(game, half, "")
    assert sum(scored) == 11 - 3  # nobody scores the cards


@pytest.mark.parametrize(("sweeps", "scored"), [("none", 0), ("count", 1)])
def test_ca12_option_sweeps(sweeps: str, scored: int) -> None:
    state = casino(sweeps=sweeps).setup(hands=["9H AC", "KC 2C"], table="4D 5C",
                                        stock="3C 3D 3H 3S")
    after = state.apply("capture 9H 4D 5C")
    assert after.view(0).sweeps == [1, 0]  # a sweep, which scores only by the option
    assert after.to_json()["sweep_points"] == [scored, 0]


def test_ca13_builds_and_table_are_public_hands_private() -> None:
    state = casino().setup(hands=["3S 9H", "KC"], table="6D").apply("build 3S 6D")
    assert builds(state, 1) == [(["3S", "6D"], 9, 0, False)]
    assert state.view(1).table == ["6D", "3S"] or sorted(state.view(1).table) == ["3S", "6D"]
    assert "9H" not in str(state.view(1).hands[0])
    assert [sorted(cards) for cards in state.view(1)["built"]] == [["3S", "6D"], []]
    observation = casino().observation
    encoded = dict(zip(observation.labels, observation.encode(state, 1)))
    assert encoded["built[1]:3S"] == 1 and encoded["built[1]:count"] == 2  # seat 0, seen by 1


def test_ca13_a_position_with_builds_round_trips_through_json() -> None:
    game = casino()
    state = game.setup(hands=["3S 9H", "KC"], table="6D 3C 3H").apply("build 3S 6D")
    again = game.state_from_json(state.to_json())
    assert again == state and builds(again) == builds(state)
    data = state.to_json()
    data["builds"][0]["cards"] = ["3S", "9H"]  # 9H is in a hand
    with pytest.raises(cardrules.errors.StateError, match="builds"):
        game.state_from_json(data)


# The match ---------------------------------------------------------------------------

def _last_play(game: cardrules.Game) -> cardrules.State:
    # seat 0 plays its last card; seat 1 took every point but most spades (all cards)
    return game.setup(hands=["7D", ""], table="7C", current=0, won=["", ""], last=1)


def test_ca14_a_side_reaching_the_target_wins() -> None:
    game = casino()
    assert _last_play(game).apply("capture 7D 7C").view(0)["scores"] == [0, 11]
    over = game.setup_match(_last_play(game), totals=(15, 12)).apply("capture 7D 7C")
    assert over.is_over and over.result is not None and over.result.winners == (1,)


@pytest.mark.parametrize("target", [11, 30])
def test_ca14_option_target_sets_the_score_that_wins(target: int) -> None:
    game = casino(target=target)
    assert game.variant.match.target == target
    assert game.setup_match(_last_play(game), totals=(0, target - 11)).apply(
        "capture 7D 7C").is_over


# Whole deals -------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "seed"), [(2, 0), (3, 1), (4, 2)])
def test_random_deals_lose_no_card_and_score_eleven(players: int, seed: int) -> None:
    game, rng = casino(players), random.Random(seed)
    state = game.new_deal(seed)
    while not state.is_over:
        total = 0
        for mask in state.zones().values():
            assert not total & mask
            total |= mask
        assert total == game.pack.full
        for action in state.legal_actions():
            assert state.why_illegal(action) is None
        state = state.apply(rng.choice(state.legal_actions()))
    view = state.view(0)
    assert view.table == [] and sum(view.captured) == 52
    teams = game.partnerships
    piles = [sum(view.captured[p] for p in t) for t in teams]
    spades = [sum(c.endswith("S") for p in t for c in view.won[p]) for t in teams]
    scores = [view.scores[t[0]] for t in teams]
    unique = [values.count(max(values)) == 1 for values in (piles, spades)]
    assert sum(scores) == 7 + 3 * unique[0] + unique[1]


def test_cardrules_check_passes() -> None:
    report = run_check("casino", games=6, seed=3, match_every=3, leak_share=0.25)
    assert report.failure is None, report.failure


@pytest.mark.slow
@pytest.mark.parametrize("options", [{}, {"sweeps": "count"}, {"increase": "never"},
                                     {"courts": "all"}, {"trail": "allowed"}])
def test_cardrules_check_passes_with_every_leak_search(options: dict[str, object]) -> None:
    report = run_check("casino", games=12, seed=4, match_every=4, options=options)
    assert report.failure is None, report.failure


# The fishing family's records on their own ------------------------------------------

def _data(**play: object) -> dict[str, object]:
    data = yaml.safe_load((Path(__file__).parent.parent / "variants" / "casino.yaml")
                          .read_text(encoding="utf-8"))
    data["play"].update(play)
    return data


def test_sets_without_builds_capture_several_sets_and_never_build() -> None:
    game = cardrules.load(_data(builds=False))
    state = game.setup(hands=["9H 3S", "KC"], table="9C 6D 3C")
    assert keys("capture 9H 9C 6D 3C") <= offered(state)
    assert offered(state, "build") == offered(state, "multiple") == set()
    assert "builds" not in state.view(0).to_json()


@pytest.mark.parametrize(("play", "message"), [
    ({"capture": "pile"}, "not a pile"), ({"rank_first": True}, "rank_first")])
def test_builds_refuse_a_pile_and_rank_first(play: dict[str, object], message: str) -> None:
    with pytest.raises(cardrules.errors.CardrulesError, match=message):
        cardrules.load(_data(**play))
