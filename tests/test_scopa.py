"""Scopa after pagat.com: one test (or more) per rule S1-S17 of ``docs/rules/scopa.md``
and per option value (``kings``: redeal, play_on; ``target``).

Positions are set up with ``game.setup`` (cards given nowhere lie in the first player's
captured pile, unless ``won`` names the piles) or dealt from an explicit order.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations, combinations_with_replacement

import attrs
import fishing_support
import pytest
from fishing_support import labels, points
from hypothesis import given, settings
from hypothesis import strategies as st
from rule_support import QUICK_LEAKS

import cardrules
from cardrules.families.fishing.checks import action_bound, subset_count
from cardrules.families.fishing.model import Capture
from cardrules.families.fishing.tables import rank_values
from cardrules.loader.load import load_variant
from cardrules.model.variant import Variant
from cardrules.tools.check import run_check

ALL = [r + s for s in "DCSB" for r in ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")]


@cache
def scopa(players: int = 2, kings: str = "redeal", target: int = 11) -> cardrules.Game:
    return cardrules.load("scopa", players=players,
                          options={"kings": kings, "target": target})


def dealt(game: cardrules.Game, first: list[str], *, dealer: int = 1) -> cardrules.State:
    """A deal from ``first``, then the rest of the pack (:func:`fishing_support.dealt`)."""
    return fishing_support.dealt(game, ALL, first, dealer=dealer)


# The cards and the deal --------------------------------------------------------------

def test_s1_forty_cards_worth_one_to_ten() -> None:
    game = scopa()
    assert game.pack.size == 40
    values = {game.pack.name(c): game.tables.values[c] for c in range(40)}
    assert [values[r + "B"] for r in ("A", "2", "7", "J", "Q", "K")] == [1, 2, 7, 8, 9, 10]


def test_s1_two_alone_and_four_in_partnerships_sitting_opposite() -> None:
    assert scopa(2).partnerships == ((0,), (1,))
    assert scopa(4).partnerships == ((0, 2), (1, 3))


@pytest.mark.parametrize("players", [2, 4])
def test_s2_three_cards_each_and_four_to_the_table(players: int) -> None:
    state = scopa(players).new_deal(5)
    view = state.view(0)
    assert len(view.table) == 4 and len(view.hands[0]) == 3
    assert all(h.bit_count() == 3 for h in state.hands)
    assert view.stock == 40 - 3 * players - 4


def test_s3_three_kings_on_the_table_deal_again() -> None:
    game = scopa()
    hands = ["AD", "2D", "3D", "4D", "5D", "6D"]
    state = dealt(game, [*hands, "KD", "KC", "KS", "7B"])
    table = state.view(0).table
    assert sum(c.startswith("K") for c in table) < 3
    kept = dealt(scopa(kings="play_on"), [*hands, "KD", "KC", "KS", "7B"])
    assert sorted(kept.view(0).table) == ["7B", "KC", "KD", "KS"]


def test_s3_two_kings_stand() -> None:
    state = dealt(scopa(), ["AD", "2D", "3D", "4D", "5D", "6D", "KD", "KC", "7S", "7B"])
    assert sorted(state.view(0).table) == ["7B", "7S", "KC", "KD"]


@pytest.mark.parametrize("dealer", [0, 1])
def test_s4_the_dealer_s_left_plays_first_then_in_turn(dealer: int) -> None:
    state = scopa().new_deal(3, dealer=dealer)
    assert state.current_player == (dealer + 1) % 2
    after = state.apply(state.legal_actions()[0])
    assert after.current_player == dealer


# Capturing ---------------------------------------------------------------------------

def test_s5_a_card_captures_one_of_its_rank() -> None:
    state = scopa().setup(hands=["5D QS", "AC"], table="5C 2B JD")
    after = state.apply("capture 5D 5C")
    assert after.view(0).table == ["JD", "2B"]
    assert {"5D", "5C"} <= set(after.view(1).won[0])


def test_s5_a_card_captures_cards_adding_up_to_its_value() -> None:
    state = scopa().setup(hands=["QS", "AC"], table="7C 2B 3D 6D")
    assert labels(state) == ["capture QS 6D 3D", "capture QS 7C 2B"]  # Q is worth 9
    after = state.apply("capture QS 6D 3D")
    assert sorted(after.view(0).table) == ["2B", "7C"]


def test_s5_the_captured_cards_may_be_written_in_any_order() -> None:
    game = scopa()
    state = game.setup(hands=["QS", "AC"], table="7C 2B 3D 6D")
    assert state.apply("capture QS 3D 6D").view(0).table == ["7C", "2B"]


def test_s5_cards_that_do_not_add_up_are_refused() -> None:
    game = scopa()
    state = game.setup(hands=["QS", "AC"], table="7C 2B 3D 6D")
    reason = state.why_illegal(game.parse_action("capture QS 7C 3D"))
    assert reason is not None and "S5-S6" in reason and "add up to 10" in reason
    reason = state.why_illegal(game.parse_action("capture QS 5S 4S"))
    assert reason is not None and "not on the table" in reason


def test_s6_a_card_that_captures_nothing_joins_the_table() -> None:
    state = scopa().setup(hands=["2S", "AC"], table="7C 3D")
    assert labels(state) == ["play 2S"]
    assert sorted(state.apply("play 2S").view(0).table) == ["2S", "3D", "7C"]


def test_s7_a_card_of_its_rank_must_be_taken_before_a_sum() -> None:
    game = scopa()
    state = game.setup(hands=["7D", "AC"], table="7C 7S 3D 4B")
    assert labels(state) == ["capture 7D 7C", "capture 7D 7S"]
    reason = state.why_illegal(game.parse_action("capture 7D 3D 4B"))
    assert reason is not None and "(S7)" in reason and "7C" in reason


def test_s8_a_card_that_can_capture_must() -> None:
    game = scopa()
    state = game.setup(hands=["4D 2S", "AC"], table="4C 3B")
    assert labels(state) == ["capture 4D 4C", "play 2S"]
    reason = state.why_illegal(game.parse_action("play 4D"))
    assert reason is not None and "(S8)" in reason


def test_s9_clearing_the_table_is_a_scopa() -> None:
    state = scopa().setup(hands=["7D 2S", "AC 3C"], table="3D 4B")
    after = state.apply("capture 7D 3D 4B")
    assert after.view(1).sweeps == [1, 0] and after.view(0).table == []
    assert any(e["kind"] == "sweep" for e in after.view(1).events)


def test_s9_the_last_play_of_the_deal_is_no_scopa() -> None:
    state = scopa().setup(hands=["7D", ""], table="3D 4B", current=0)
    after = state.apply("capture 7D 3D 4B")
    assert after.is_over and after.view(0).sweeps == [0, 0]


def test_s10_empty_hands_are_dealt_three_more_from_the_stock() -> None:
    state = scopa().setup(hands=["2S", ""], table="7C 3D", stock="AD 2D 3S 4S 5S 6S 7S",
                          current=0, dealer=1)
    after = state.apply("play 2S")
    hands = after.hands
    assert [h.bit_count() for h in hands] == [3, 3] and after.view(0).stock == 1
    assert sorted(after.view(0).table) == ["2S", "3D", "7C"]  # nothing to the table
    assert after.current_player == 1  # the turn goes on round the table


def test_s11_the_last_capturer_takes_the_rest_without_a_scopa() -> None:
    state = scopa().setup(hands=["2S", ""], table="7C 3D", last=1, current=0)
    after = state.apply("play 2S")
    assert after.is_over
    assert {"2S", "7C", "3D"} <= set(after.view(0).won[1])
    assert after.view(0).table == [] and after.view(0).sweeps == [0, 0]


def test_s12_hands_are_private_the_table_and_the_piles_are_public() -> None:
    state = scopa().setup(hands=["2S 5D", "AC"], table="7C 3D", stock="4S 5S",
                          won=["KD", "KB"])
    theirs = state.view(1)
    assert "5D" not in str(theirs["hands"][0]) and state.view(0).hands[0] == ["5D", "2S"]
    assert sorted(theirs["table"]) == ["3D", "7C"] and theirs["stock"] == 2
    assert theirs["won"][0] == ["KD"] and theirs["captured"][0] == 1


# Scoring -----------------------------------------------------------------------------

def test_s13_the_most_cards_score_a_point_a_tie_nothing() -> None:
    game = scopa()
    # 21 cards of cups, swords and batons against the rest: cards only
    many = " ".join(ALL[10:31])
    cards, _ = points(game, many, "")
    assert cards == 1
    even = " ".join(c for c in ALL if c[-1] in "CS")  # 20 each, no coins
    # the other side: coins and 7D; neither side holds every suit, so no primiera
    assert points(game, even, "") == [0, 2]


def test_s14_the_most_coins_score_a_point_a_tie_nothing() -> None:
    game = scopa()
    coins = "AD 2D 3D 4D 5D 6D"
    assert points(game, coins, "")[0] == 1  # 6 coins of 10 and nothing else that scores
    # 5 coins each: nobody scores them; the other side has cards, 7D and primiera
    assert points(game, "AD 2D 3D 4D 5D", "") == [0, 3]


def test_s15_the_settebello_scores_a_point() -> None:
    assert points(scopa(), "7D", "") == [1, 3]


def test_s16_primiera_best_card_per_suit_a_side_lacking_a_suit_has_none() -> None:
    game = scopa()
    sevens = "7C 7S 7B"  # no coin at all: no primiera despite three sevens
    assert points(game, sevens, "") == [0, 4]
    best = "7C 7S 7B 6D"  # 21 * 3 + 18 = 81 against 7s missing: at most 18 * 3 + 21
    assert points(game, best, "")[0] == 1


def test_s16_a_tied_primiera_scores_nothing() -> None:
    game = scopa()
    # 21 + 21 + 18 + 18 against the other side's 7S 7B 6D 6C: the same 78
    assert points(game, "7D 7C 6S 6B", "") == [1, 2]  # the settebello; cards and coins
    assert points(game, "7D 7C 6S 5B", "") == [1, 3]  # 75: the primiera is the other's


def test_s9_each_scopa_scores_a_point() -> None:
    game = scopa()
    assert points(game, "", "", sweeps=(2, 0))[0] == 2


def test_s13_to_s16_a_deal_ends_with_the_points_in_its_scores() -> None:
    game = scopa()
    state = game.setup(hands=["2S", ""], table="7C", last=0, current=0,
                       won=["7D 6D AD 2D 3D 4D", ""], sweeps=(1, 0))
    after = state.apply("play 2S")
    # player 1 has the rest, 31 cards: cards and primiera; player 0: coins, 7D, a scopa
    assert after.result is not None and after.result.scores == (3, 2)


# The match ---------------------------------------------------------------------------

def _last_play(game: cardrules.Game) -> cardrules.State:
    """The deal's last play, ``capture 7D 7C``: seat 0 scores the settebello (the sweep
    is the last play's, no scopa), seat 1 cards, coins and primiera: 1 to 3."""
    return game.setup(hands=["7D", ""], table="7C", current=0, won=["", ""])


def test_s17_a_side_reaching_eleven_wins() -> None:
    game = scopa()
    assert _last_play(game).apply("capture 7D 7C").view(0).scores == [1, 3]
    match = game.setup_match(_last_play(game), totals=(10, 5))
    over = match.apply("capture 7D 7C")
    assert over.is_over and over.result is not None and over.result.winners == (0,)


def test_s17_equal_scores_at_eleven_play_another_deal() -> None:
    game = scopa()
    deal = _last_play(game)
    ended = deal.apply("capture 7D 7C")
    assert ended.result is not None
    a, b = ended.result.scores
    match = game.setup_match(deal, totals=(11 - a, 11 - b))
    goes_on = match.apply("capture 7D 7C")
    assert not goes_on.is_over


@pytest.mark.parametrize("target", [5, 16, 21])
def test_s17_option_target_sets_the_score_that_wins(target: int) -> None:
    game = scopa(target=target)
    assert game.variant.match.target == target
    match = game.setup_match(_last_play(game), totals=(target - 1, 0))
    assert match.apply("capture 7D 7C").is_over


# Whole deals and matches --------------------------------------------------------------

@pytest.mark.parametrize(("players", "seed"), [(2, 0), (2, 1), (3, 2), (4, 3), (4, 4)])
def test_random_deals_lose_no_card_and_score_what_they_took(players: int, seed: int) -> None:
    game, rng = scopa(players), random.Random(seed)
    state = game.new_deal(seed)
    while not state.is_over:
        zones = state.zones()
        total = 0
        for mask in zones.values():
            assert not total & mask
            total |= mask
        assert total == game.pack.full
        state = state.apply(rng.choice(state.legal_actions()))
    view = state.view(0)
    assert view.table == [] and sum(view.captured) == 40
    teams = game.partnerships
    piles = [sum(view.captured[p] for p in t) for t in teams]
    scores = [view.scores[t[0]] for t in teams]
    sweeps = [sum(view.sweeps[p] for p in t) for t in teams]
    fixed = 1 + (piles.count(max(piles)) == 1)  # settebello, most cards unless tied
    assert fixed + sum(sweeps) <= sum(scores) <= fixed + sum(sweeps) + 2


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (4, 1)])
def test_random_matches_end_with_a_side_past_the_target(players: int, seed: int) -> None:
    game, rng = scopa(players), random.Random(seed)
    state = game.new_match(seed=seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    result = state.result
    assert result is not None
    best = max(result.totals)
    assert best >= 11 and list(result.totals).count(best) == len(result.winners)


@pytest.mark.parametrize("options", [{}, {"kings": "play_on"}, {"target": 5}])
def test_cardrules_check_passes(options: dict[str, object]) -> None:
    report = run_check("scopa", games=6, seed=3, match_every=3, options=options,
                       leak_share=QUICK_LEAKS)
    assert report.failure is None, report.failure
    assert report.deals >= 6


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 10), st.integers(0, 4)), max_size=3),
       st.integers(0, 20))
def test_the_action_bound_counts_each_set_of_cards_adding_up(
        piles: list[tuple[int, int]], total: int) -> None:
    """The load-time bound on a capture's choices (``subset_count``): ``counts[i]`` cards
    worth ``values[i]`` give exactly the sets of cards a brute force finds adding up to
    ``total`` (cards of a value told apart, as the table's cards are)."""
    cards = [value for value, count in piles for _ in range(count)]
    found = sum(1 for size in range(len(cards) + 1)
                for chosen in combinations(range(len(cards)), size)
                if sum(cards[i] for i in chosen) == total)
    assert subset_count([v for v, _ in piles], [c for _, c in piles], total) == found


def _bound_over_every_layout(variant: Variant) -> int:
    """The action bound as its docstring states it, by brute force: every card played on
    every worst table (each rank once, the table's other cards anywhere, a suit short of
    the played card's rank), its captures by rank and by sum counted."""
    play, pack = variant.play, variant.pack
    ranks, suits = len(pack.ranks), len(pack.suits)
    values = rank_values(pack.ranks, play.values, dict(pack.points))
    hand = max(variant.deal.largest(n) for n in range(variant.players.min,
                                                       variant.players.max + 1))
    layouts = [[min(suits, 1 + extra.count(r)) for r in range(ranks)]
               for extra in combinations_with_replacement(range(ranks), play.table - 1)
               ] if play.must_capture and play.capture.by_rank else [[suits] * ranks]
    worst = 0
    for rank in range(ranks):
        for layout in layouts:
            counts = [min(c, suits - 1) if r == rank else c for r, c in enumerate(layout)]
            sums = subset_count([v for v in values if v <= values[rank]],
                                [c for v, c in zip(values, counts) if v <= values[rank]],
                                values[rank]) if play.capture.by_sum else 0
            worst = max(worst, sums + (counts[rank] if play.capture.by_rank else 0))
    return hand * (worst + 1)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 12), min_size=10, max_size=10), st.integers(1, 5),
       st.booleans(), st.sampled_from(list(Capture)))
def test_the_action_bound_is_the_worst_layout_s(values: list[int], table: int,
                                                must: bool, capture: Capture) -> None:
    """The load-time bound looks only at the ranks a card's capture can take, sharing the
    work of layouts alike in their first ranks: the same bound as every layout tried."""
    variant = load_variant("scopa")[0]
    play = attrs.evolve(variant.play, values=dict(zip(variant.pack.ranks, values)),
                        table=table, must_capture=must, capture=capture)
    variant = attrs.evolve(variant, play=play)
    assert action_bound(variant) == _bound_over_every_layout(variant)


@pytest.mark.parametrize("players", [2, 4])
def test_every_capture_offered_is_in_the_action_space_once(players: int) -> None:
    """Captures are made on first use; the action space lists every one the rules allow,
    each once, and finds each a game offers."""
    game, rng = scopa(players), random.Random(players)
    space = game.action_space
    listed = [space.action(i) for i in range(space.size)]
    assert len(set(listed)) == len(listed) == 40 + 16160
    for deal in range(3):
        state = game.new_deal(deal)
        while not state.is_over:
            for action in state.legal_actions():
                assert space.action(space.index(action)) == action
            state = state.apply(rng.choice(state.legal_actions()))
