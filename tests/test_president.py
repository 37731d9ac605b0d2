"""President (``variants/president.yaml``): scenario tests, one or more per rule of
``docs/rules/president.md`` (PR1-PR13), from explicit positions."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest
from rule_support import QUICK_LEAKS, play, refused
from rule_support import final_scores as scores
from rule_support import legal_words as labels

import cardrules
from cardrules.tools.check import run_check
from cardrules.tools.describe import describe


@cache
def president(players: int = 4, exchange: str = "one") -> cardrules.Game:
    return cardrules.load("president", players=players, options={"exchange": exchange})


def _sizes(view: cardrules.View) -> list[int]:
    return [len(h) if isinstance(h, list) else h for h in view.hands]


def _to_second_deal(game: cardrules.Game, seed: int) -> Any:
    """A match played at random to its second deal's first action."""
    rng = random.Random(seed)
    match = game.new_match(seed)
    while match.history == ():
        match = match.apply(rng.choice(match.legal_actions()))
    return match


def _finish(match: Any) -> list[int]:
    """The finishing order of the match's first deal, from its scores (one point per
    player behind)."""
    scores = match.history[0]
    return sorted(range(len(scores)), key=lambda p: -scores[p])


# PR1-PR3: the cards and the deal -----------------------------------------------------------


def test_a_standard_pack_with_two_high() -> None:
    """PR1."""
    game = president()
    assert game.pack.count == 52
    assert game.pack.ranks[0] == "3" and game.pack.ranks[-1] == "2"
    state = game.setup(hands=["2C", "AS", "3D", "4D"], table="AC", last=3, current=0)
    assert labels(state) == ["pass", "play 2C"]


@pytest.mark.parametrize(("players", "sizes"), [(3, [18, 17, 17]), (4, [13] * 4),
                                                (5, [11, 11, 10, 10, 10]),
                                                (7, [8, 8, 8, 7, 7, 7, 7])])
def test_every_card_is_dealt_from_the_dealers_left(players: int, sizes: list[int]) -> None:
    """PR1, PR2: the players from the dealer's left get the odd cards."""
    state = president(players).new_deal(seed=3, dealer=players - 1)
    view = state.view(0)
    assert _sizes(view) == sizes and view.stock == 0


def test_the_player_on_the_dealers_left_leads() -> None:
    """PR3."""
    state = president().new_deal(seed=8, dealer=2)
    assert state.current_player == 3
    assert "pass" not in labels(state)


# PR4-PR8: the play -----------------------------------------------------------------------


def test_a_play_is_a_single_or_two_to_four_cards_of_one_rank() -> None:
    """PR4."""
    state = president().setup(hands=["5C 5D 5H 5S 9C", "3C", "3D", "3H"], current=0)
    assert labels(state) == ["play 5C", "play 5D", "play 5H", "play 5S", "play 9C",
                             "play 5C 5D", "play 5C 5H", "play 5C 5S", "play 5D 5H",
                             "play 5D 5S", "play 5H 5S", "play 5C 5D 5H", "play 5C 5D 5S",
                             "play 5C 5H 5S", "play 5D 5H 5S", "play 5C 5D 5H 5S"]
    refused(state, "play 5C 9C", "PR4")
    after = play(state, "play 5S 5C")  # any order
    assert after.view(1).table == ["5C", "5S"] and after.view(1).combination == "pair"


def test_on_a_clear_table_the_player_leads_and_may_not_pass() -> None:
    """PR5."""
    state = president().setup(hands=["5C 9D", "3C", "3D", "3H"], current=0)
    refused(state, "pass", "PR5")


def test_a_play_is_beaten_by_as_many_cards_of_a_higher_rank_only() -> None:
    """PR6."""
    state = president().setup(hands=["6C 6D 6H KC 4C 4D", "3C", "3D", "3H"],
                              table="5C 5D", last=3, current=0)
    assert labels(state) == ["pass", "play 6C 6D", "play 6C 6H", "play 6D 6H"]
    refused(state, "play KC", "PR6")
    refused(state, "play 6C 6D 6H", "PR6")
    refused(state, "play 4C 4D", "PR6")
    equal = president().setup(hands=["5H 5S", "3C", "3D", "3H"], table="5C 5D", last=3)
    refused(equal, "play 5H 5S", "PR6")


def test_a_player_who_passed_may_play_when_the_turn_comes_round() -> None:
    """PR7."""
    state = president().setup(hands=["7C 9C", "8C KC", "3C JC", "3D 4D"], current=0)
    state = play(state, "play 7C", "pass", "play JC", "pass", "pass")
    assert state.current_player == 1 and "play KC" in labels(state)


def test_the_table_clears_when_everyone_else_has_passed_and_the_last_player_leads() -> None:
    """PR8."""
    state = president().setup(hands=["7C 9C", "8C 10C", "3C JC", "3D 4D"], current=0)
    state = play(state, "play 9C", "pass", "play JC", "pass", "pass")
    assert state.current_player == 1 and state.view(0).last == 2
    state = play(state, "pass")
    view = state.view(2)
    assert view.table == [] and view.last == -1 and state.current_player == 2
    assert sorted(view.played) == ["9C", "JC"]
    assert "pass" not in labels(state)


def test_a_player_out_of_cards_hands_the_lead_to_the_next_holder() -> None:
    """PR8: player 1 goes out with the highest card; player 2 leads after the passes."""
    state = president().setup(hands=["7C 9C", "2C", "3C 4C", "3D 4D"], current=0)
    state = play(state, "play 9C", "play 2C", "pass", "pass", "pass")
    assert state.view(0).out == [1]
    assert state.current_player == 2 and state.view(2).table == []


def test_a_player_out_takes_no_further_part_and_the_last_holder_is_the_scum() -> None:
    """PR9."""
    state = president(3).setup(hands=["5C", "6C", "7C 3C"], current=0)
    state = play(state, "play 5C")
    assert state.view(1).out == [0] and state.current_player == 1
    state = play(state, "play 6C")
    assert state.is_over and state.result is not None
    assert state.result.finish == (0, 1, 2)


# PR10-PR12: scoring, the match and the exchange ------------------------------------------


def test_each_player_scores_a_point_per_player_finishing_after_them() -> None:
    """PR10."""
    state = president().setup(hands=["AC", "2C", "4C 5C", "6C 7C"], current=1)
    state = play(state, "play 2C", "pass", "pass", "pass", "play 4C", "play 6C", "play AC",
                 "pass", "pass", "play 5C")
    assert state.is_over
    assert state.result is not None and state.result.finish == (1, 0, 2, 3)
    assert scores(state) == (2, 3, 1, 0)


def test_a_match_is_five_deals_and_the_scum_deals_the_next() -> None:
    """PR11."""
    game = president()
    assert game.variant.match.deals == 5
    match = _to_second_deal(game, seed=4)
    assert match.deal.dealer == _finish(match)[-1]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_scum_gives_their_best_card_and_the_president_gives_any_back(seed: int) -> None:
    """PR12."""
    game = president()
    match = _to_second_deal(game, seed=seed)
    first, scum = _finish(match)[0], _finish(match)[-1]
    assert match.current_player == first
    view = match.view(first)
    assert view.owed[first] == 1
    received = next(e for e in view.events if e["kind"] == "receive")["cards"]
    scum_view = match.view(scum)
    ranks = game.pack.ranks
    best = max(ranks.index(c[:-1]) for c in scum_view.swapped)
    assert all(ranks.index(c[:-1]) <= best for c in scum_view.hands[scum])
    assert scum_view.swapped == received
    give = labels(match)[0]
    after = match.apply(give)
    assert after.view(scum).hands[scum].count(give.split()[1]) == 1
    assert "pass" not in labels(after) and after.view(0).owed == [0, 0, 0, 0]


def test_with_two_exchanges_the_second_and_second_to_last_swap_one() -> None:
    """PR12: option exchange=two."""
    game = president(5, "two")
    match = _to_second_deal(game, seed=6)
    finish = _finish(match)
    view = match.view(finish[0])
    assert view.owed[finish[0]] == 2 and view.owed[finish[1]] == 1
    assert len(match.view(finish[-2]).swapped) == 1
    assert len(match.view(finish[-1]).swapped) == 2


def test_without_the_exchange_the_second_deal_starts_with_play() -> None:
    """PR12: option exchange=none."""
    match = _to_second_deal(president(4, "none"), seed=6)
    assert not hasattr(match.view(0), "owed")
    assert all(a.kind.value == "play" for a in match.legal_actions())


# PR13: what each player sees -------------------------------------------------------------


def test_a_player_sees_their_hand_the_others_sizes_and_every_card_played() -> None:
    """PR13."""
    state = president().setup(hands=["5C 9D", "3C 4C", "3D", "3H"], current=0)
    state = play(state, "play 5C")
    view = state.view(1)
    assert view.hands == [1, ["4C", "3C"], 1, 1] and view.table == ["5C"]
    assert view.last == 0 and view.combination == "single"


def test_the_exchanged_cards_are_seen_by_giver_and_receiver_only() -> None:
    """PR13."""
    match = _to_second_deal(president(), seed=2)
    first, other, scum = _finish(match)[0], _finish(match)[1], _finish(match)[-1]
    mine = next(e for e in match.view(scum).events if e["kind"] == "give")["cards"]
    theirs = next(e for e in match.view(other).events if e["kind"] == "give")["cards"]
    assert isinstance(mine, list) and theirs == 1
    assert match.view(other).swapped == []
    assert first != scum


def test_the_rules_text_follows_the_rule_file() -> None:
    text = "\n".join(describe(president().variant))
    assert "single: a single card; pair: 2 cards of one rank" in text
    assert "does not stop a player from playing" in text
    assert "the last finisher of the last deal gives their highest card to the first" in text
    assert "1 point for every player who finished after them" in text


@pytest.mark.parametrize("players", [3, 4])
def test_cardrules_check_passes(players: int) -> None:
    report = run_check("president", games=1, seed=3, players=[players],
                       leak_share=QUICK_LEAKS)
    assert report.failure is None, report.failure
