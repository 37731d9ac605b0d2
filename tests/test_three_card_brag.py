"""Three-card Brag (``variants/three-card-brag.yaml``): scenario tests, one or more per
rule of ``docs/rules/three-card-brag.md`` (B1-B12), the ranking of hands checked over
every hand of three against a brute-force reference, and a property test that chips are
never created or lost.

Positions are given explicitly with ``game.setup``: dealer 0 unless said, so the player
on the dealer's left, seat 1, acts first; everyone starts blind (B3)."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rule_support import QUICK_LEAKS, play, refused
from rule_support import final_scores as scores
from rule_support import legal_words as labels

import cardrules
from cardrules.tools.bots import act, make_bot
from cardrules.tools.check import run_check
from cardrules.tools.describe import describe
from cardrules.tools.prompt import move_lines
from cardrules.tools.render import TextRenderer

ALL_RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


@cache
def brag(players: int = 3, blind: str = "allowed", seeing: str = "blind_only") -> cardrules.Game:
    return cardrules.load("three-card-brag", players=players,
                          options={"blind": blind, "seeing_blind": seeing})


def stakes(state: cardrules.State) -> list[int]:
    """The amounts of the legal stakes."""
    return [a.amount for a in state.legal_actions() if a.name == "stake"]


def shows(state: cardrules.State) -> list[tuple[int, str]]:
    """The show events of the last action: who showed, and their hand's class."""
    return [(e["player"], e["note"]) for e in state.view(0).events if e["kind"] == "show"]


# B1, B2: the cards and the deal -----------------------------------------------------------


def test_the_pack_has_52_cards_ace_high_and_two_to_eight_players_play() -> None:
    """B1."""
    game = brag()
    assert game.pack.ranks == tuple(ALL_RANKS) and game.pack.size == 52
    assert not game.pack.extra
    for players in range(2, 9):
        assert brag(players).players == players
    with pytest.raises(cardrules.CardrulesError):
        cardrules.load("three-card-brag", players=9)


def test_each_player_antes_one_of_100_chips_and_is_dealt_three_cards() -> None:
    """B2."""
    view = brag(4).new_deal(seed=5).view(2)
    assert view.chips == [99] * 4 and view.pot == 4 and view.staked == [1] * 4
    assert view.hands == [3, 3, 3, 3] and view.stock == 52 - 12


def test_the_cards_are_dealt_one_at_a_time_from_the_dealers_left() -> None:
    """B2: the stock is dealt from its end, so with cards 0..51 in order seat 1 (the
    dealer's left) has 51, 48 and 45."""
    game = brag(3)
    state = game.new_deal(seed=0, dealer=0, order=list(range(52)))
    state = play(state, "look")
    assert sorted(state.view(1).hands[1]) == sorted(game.pack.names([51, 48, 45]))


# B3: blind play ---------------------------------------------------------------------------


def test_a_blind_player_does_not_see_their_own_cards_until_they_look() -> None:
    """B3: looking keeps the turn; the look is public, the cards are not."""
    state = brag().setup(hands=["3S 3H 3D", "AS KS QS", "2C 5D 9H"])
    assert state.view(1).hands == [3, 3, 3] and state.view(1).blind == [1, 1, 1]
    assert labels(state)[:2] == ["fold", "look"]
    looked = play(state, "look")
    assert looked.current_player == 1 and looked.view(1).blind == [1, 0, 1]
    assert sorted(looked.view(1).hands[1]) == ["AS", "KS", "QS"]
    assert looked.view(0).hands == [3, 3, 3]
    assert [e["kind"] for e in looked.view(0).events] == ["look"]
    refused(looked, "look", "B3")


def test_a_blind_player_may_stake_without_looking() -> None:
    """B3."""
    state = play(brag().setup(hands=["3S 3H 3D", "AS KS QS", "2C 5D 9H"]), "stake 2")
    assert state.current_player == 2 and state.view(1).blind == [1, 1, 1]


def test_a_blind_players_own_cards_are_among_those_a_search_resamples() -> None:
    """B3: what a blind player's bot samples does not know their cards."""
    state = brag().setup(hands=["3S 3H 3D", "AS KS QS", "2C 5D 9H"])
    own = state.to_json()["hands"][1]
    rng = random.Random(1)
    assert any(state.resample(1, rng).to_json()["hands"][1] != own for _ in range(5))
    looked = play(state, "look")
    assert all(looked.resample(1, rng).to_json()["hands"][1] == own for _ in range(5))


def test_without_blind_play_everyone_sees_their_cards_as_dealt() -> None:
    """B3, option blind: never."""
    state = brag(blind="never").setup(hands=["3S 3H 3D", "AS KS QS", "2C 5D 9H"])
    assert state.view(1).blind == [0, 0, 0]
    assert sorted(state.view(1).hands[1]) == ["AS", "KS", "QS"]
    assert "look" not in labels(state)
    refused(state, "look", "B3")
    assert stakes(state) == list(range(2, 21, 2))


# B4, B5: the staking ----------------------------------------------------------------------


@pytest.mark.parametrize(("dealer", "first"), [(0, 1), (1, 2), (2, 0)])
def test_the_player_on_the_dealers_left_acts_first(dealer: int, first: int) -> None:
    """B4."""
    state = brag().setup(hands=["3S 3H 3D", "AS KS QS", "2C 5D 9H"], dealer=dealer)
    assert state.current_player == first


def test_the_turn_goes_round_and_round_past_the_players_who_folded() -> None:
    """B4."""
    state = brag(4).setup(hands=["3S 3H 3D", "AS KS QS", "2C 5D 9H", "4C 4D 7S"],
                          line="stake 1,fold")
    assert state.current_player == 3
    state = play(state, "stake 1", "stake 1")  # seats 3 and 0
    assert state.current_player == 1
    state = play(state, "stake 1")
    assert state.current_player == 3 and state.view(0).folded == [0, 0, 1, 0]


def test_an_open_stake_is_at_least_the_previous_one_at_most_20_in_steps_of_2() -> None:
    """B5."""
    state = play(brag().setup(hands=["3S 3H 3D", "AS KS QS", "2C 5D 9H"]), "look")
    assert stakes(state) == list(range(2, 21, 2))
    state = play(state, "stake 6", "look")
    assert stakes(state) == list(range(6, 21, 2))
    refused(state, "stake 4", "B5")
    refused(state, "stake 7", "B5")
    refused(state, "stake 22", "B5")


def test_a_blind_player_stakes_half_and_a_blind_stake_counts_double() -> None:
    """B5: after an open 6 a blind player stakes 3 to 10; after a blind 4 an open player
    stakes at least 8."""
    state = play(brag().setup(hands=["3S 3H 3D", "AS KS QS", "2C 5D 9H"]), "look",
                 "stake 6")
    assert stakes(state) == list(range(3, 11))
    refused(state, "stake 2", "B5")
    refused(state, "stake 11", "B5")
    state = play(state, "stake 4")
    assert state.view(0).stake == 8 and state.view(0).staked == [1, 7, 5]
    state = play(state, "look")
    assert stakes(state) == [8, 10, 12, 14, 16, 18, 20]


def test_each_stake_is_paid_in_full_whatever_was_staked_before() -> None:
    """B5: not poker's matching of totals."""
    state = brag(2).setup(hands=["3S 3H 3D", "AS KS QS"],
                          line="look,stake 4,look,stake 4,stake 4")
    assert state.view(0).staked == [5, 9] and state.view(0).pot == 14


# B6: folding ------------------------------------------------------------------------------


def test_when_all_but_one_fold_the_last_takes_the_pot_unseen() -> None:
    """B6: 1 + 1 + 1 antes and a stake of 4."""
    state = brag().setup(hands=["3S 3H 3D", "AS KS QS", "2C 5D 9H"],
                         line="look,stake 4,fold,fold")
    assert scores(state) == (-1, 2, -1)
    assert state.view(0).shown == [[], [], []] and state.view(0).hands == [3, 3, 3]


def test_a_blind_player_left_alone_takes_the_pot_too() -> None:
    """B6: pagat carries the pot forward instead (a departure the rules page names)."""
    state = brag().setup(hands=["3S 3H 3D", "AS KS QS", "2C 5D 9H"],
                         line="stake 2,fold,fold")
    assert scores(state) == (-1, 2, -1) and state.view(1).blind == [1, 1, 1]


# B7, B8: seeing ---------------------------------------------------------------------------


def test_a_player_may_see_only_when_two_are_left_and_someone_has_staked() -> None:
    """B7."""
    three = brag().setup(hands=["3S 3H 3D", "AS KS QS", "2C 5D 9H"], line="look,stake 4")
    assert "see" not in labels(three)
    refused(three, "see", "B7")
    two = brag(2).setup(hands=["3S 3H 3D", "AS KS QS"], line="look")
    refused(two, "see", "B7")
    assert "see" in labels(play(three, "fold", "look"))


def test_seeing_costs_twice_the_current_stake() -> None:
    """B7, B8: seat 0 pays 2 x 6 to see seat 1's running flush with a prial of threes."""
    state = brag().setup(hands=["3S 3H 3D", "AS KS QS", "2C 5D 9H"],
                         line="look,stake 6,fold,look")
    assert state.view(0).see_cost == 12
    state = play(state, "see")
    assert state.view(0).staked == [13, 7, 1]
    assert shows(state) == [(1, "running_flush"), (0, "prial")]
    assert scores(state) == (8, -7, -1)
    assert state.view(2).shown == [["3D", "3H", "3S"], ["AS", "KS", "QS"], []]


def test_a_blind_player_pays_half_to_see() -> None:
    """B7: twice half the current stake of 6."""
    state = brag().setup(hands=["3S 3H 3D", "AS KS QS", "2C 5D 9H"],
                         line="look,stake 6,fold")
    assert state.view(0).see_cost == 6
    state = play(state, "see")
    assert state.view(0).staked == [7, 7, 1] and state.view(0).seer == 0


def test_an_open_player_may_not_see_a_blind_one() -> None:
    """B7: seat 1 looked, seat 0 is blind; seat 0 (blind) may see seat 1."""
    state = brag().setup(hands=["3S 3H 3D", "AS KS QS", "2C 5D 9H"],
                         line="stake 2,fold,stake 2,look")
    assert state.current_player == 1 and "see" not in labels(state)
    refused(state, "see", "B7")
    state = play(state, "stake 4")
    assert "see" in labels(state)
    assert scores(play(state, "see")) == (8, -7, -1)  # 1 + 2 + 4 each, seat 2's ante


def test_with_the_option_an_open_player_may_see_a_blind_one() -> None:
    """B7, option seeing_blind: anyone."""
    state = brag(seeing="anyone").setup(hands=["3S 3H 3D", "AS KS QS", "2C 5D 9H"],
                                        line="stake 2,fold,stake 2,look")
    assert "see" in labels(state)


def test_on_a_tie_the_player_who_paid_to_see_loses() -> None:
    """B8: equal pairs of kings with a seven; seat 0 sees and loses."""
    state = brag(2).setup(hands=["KS KH 7D", "KD KC 7S"],
                          line="look,stake 2,look,see")
    assert shows(state) == [(1, "pair"), (0, "pair")]
    assert scores(state) == (-5, 5)


def test_the_seer_wins_with_the_better_hand() -> None:
    """B8."""
    state = brag(2).setup(hands=["KS KH 8D", "KD KC 7S"],
                          line="look,stake 2,look,see")
    assert scores(state) == (3, -3)


# B9, B10: the hands -----------------------------------------------------------------------


def _strength(game: cardrules.Game, hand: str) -> tuple[int, tuple[int, ...]]:
    return game.tables.strength(game.pack.parse_many(hand))


def test_the_classes_rank_prial_running_flush_run_flush_pair_high_card() -> None:
    """B9."""
    game = brag()
    hands = ["2S 2H 2D", "4S 5S 6S", "4S 5H 6S", "2S 7S 9S", "AS AH KD", "AS KH JD"]
    values = [_strength(game, h) for h in hands]
    assert values == sorted(values, reverse=True)
    assert [game.tables.class_name(v) for v in values] == [
        "prial", "running_flush", "run", "flush", "pair", "high_card"]


def test_threes_are_the_best_prial_then_aces_down_to_twos() -> None:
    """B10."""
    game = brag()
    order = ["3S 3H 3D", "AS AH AD", "KS KH KD", "4S 4H 4D", "2S 2H 2D"]
    values = [_strength(game, h) for h in order]
    assert values == sorted(values, reverse=True) and len(set(values)) == 5


def test_a_2_3_is_the_best_run_then_a_k_q_down_to_4_3_2_and_2_a_k_is_no_run() -> None:
    """B10."""
    game = brag()
    order = ["AS 2H 3D", "AS KH QD", "KS QH JD", "4S 3H 2D"]
    values = [_strength(game, h) for h in order]
    assert values == sorted(values, reverse=True) and len(set(values)) == 4
    assert {game.tables.class_name(v) for v in values} == {"run"}
    assert game.tables.class_name(_strength(game, "2S AH KD")) == "high_card"
    assert _strength(game, "AS 2S 3S") > _strength(game, "AH KH QH")


def test_flushes_and_high_cards_compare_highest_first_and_pairs_the_pair_first() -> None:
    """B10: suits have no order."""
    game = brag()
    assert _strength(game, "KH 9H 2H") > _strength(game, "QS 10S 5S") \
        > _strength(game, "QD 10D 3D")
    assert _strength(game, "9S 9H 3D") > _strength(game, "8S 8H KD") \
        > _strength(game, "8D 8C JS")
    assert _strength(game, "AS KH JD") == _strength(game, "AH KD JC")


def _reference(hand: list[tuple[int, str]]) -> tuple[int, tuple[int, ...]]:
    """Brag's order of a hand of (value 2..14, suit) cards, written out directly from
    B9 and B10: class from 0 (high card) to 5 (prial), then what decides within it."""
    values = sorted((v for v, _ in hand), reverse=True)
    flush = len({s for _, s in hand}) == 1
    if values[0] == values[2]:
        return 5, (15 if values[0] == 3 else values[0],)
    if set(values) == {14, 2, 3}:
        run: int | None = 15
    elif values[0] - values[1] == 1 and values[1] - values[2] == 1:
        run = values[0]
    else:
        run = None
    if run is not None:
        return (4 if flush else 3), (run,)
    if flush:
        return 2, tuple(values)
    if values[0] == values[1] or values[1] == values[2]:
        pair = values[1]
        odd = values[2] if values[0] == values[1] else values[0]
        return 1, (pair, odd)
    return 0, tuple(values)


def test_the_ranking_agrees_with_a_brute_force_reference_over_every_hand() -> None:
    """B9, B10: all 22,100 hands of three ordered alike by the engine and by the direct
    reference (equal where it is equal), with the usual counts per class."""
    game = brag()
    pack = game.pack
    cards = list(pack.cards)
    hands = list(combinations(cards, 3))
    ours = [game.tables.strength(h) for h in hands]
    theirs = [_reference([(ALL_RANKS.index(pack.name(c)[:-1]) + 2, pack.name(c)[-1])
                          for c in h]) for h in hands]

    def dense(keys: list[tuple[int, tuple[int, ...]]]) -> list[int]:
        places = {k: i for i, k in enumerate(sorted(set(keys)))}
        return [places[k] for k in keys]

    assert dense(ours) == dense(theirs)
    counts = Counter(game.tables.class_name(s) for s in ours)
    assert counts == {"prial": 52, "running_flush": 48, "run": 720, "flush": 1096,
                      "pair": 3744, "high_card": 16440}


# B11: chips and the end -------------------------------------------------------------------


def test_a_player_who_cannot_pay_the_least_stake_may_only_fold() -> None:
    """B11: after four stakes of 20 each, 19 chips are left, and seeing costs 40."""
    state = brag(2).setup(hands=["3S 3H 3D", "AS KS QS"],
                          line="look,stake 20,look," + ",".join(["stake 20"] * 7))
    assert state.current_player == 1 and state.view(0).chips == [19, 19]
    assert labels(state) == ["fold"]
    refused(state, "stake 20", "B5")
    refused(state, "see", "B7")
    assert scores(play(state, "fold")) == (81, -81)


def test_the_results_are_chips_won_less_chips_staked_and_add_up_to_nothing() -> None:
    """B11."""
    state = brag(4).setup(hands=["3S 3H 3D", "AS KS QS", "2C 5D 9H", "4C 4D 7S"],
                          line="stake 1,stake 1,stake 2,stake 2,fold,fold,see")
    assert sum(scores(state)) == 0
    assert state.result is not None and state.result.winners == (0,)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8),
       blind=st.sampled_from(["allowed", "never"]))
def test_random_games_neither_create_nor_lose_a_chip(seed: int, players: int,
                                                      blind: str) -> None:
    """B2, B11: chips in hand and in the pot always add up to 100 per player, and the
    results add up to nothing."""
    game = brag(players, blind)
    rng = random.Random(seed)
    state = game.new_deal(seed=seed)
    while True:
        view = state.view(0)
        assert sum(view.chips) + view.pot == 100 * players
        assert all(c >= 0 for c in view.chips)
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    assert sum(scores(state)) == 0 and state.view(0).pot == 0


# B12: what each player sees ---------------------------------------------------------------


def test_a_player_sees_only_their_own_looked_at_cards_and_every_stake() -> None:
    """B12: a folded hand is never shown."""
    state = brag().setup(hands=["3S 3H 3D", "AS KS QS", "2C 5D 9H"],
                         line="look,stake 4,look,fold,look")
    view = state.view(0)
    assert view.hands[1:] == [3, 3] and sorted(view.hands[0]) == ["3D", "3H", "3S"]
    assert view.staked == [1, 5, 1] and view.folded == [0, 0, 1] and view.blind == [0, 0, 0]
    over = play(state, "see")
    assert over.view(1).shown[2] == [] and over.view(1).hands[2] == 3


def test_a_state_reads_back_from_json() -> None:
    """B12: the whole position, blind flags and the current stake included."""
    game = brag()
    state = game.setup(hands=["3S 3H 3D", "AS KS QS", "2C 5D 9H"], line="look,stake 4")
    again = game.state_from_json(state.to_json())
    assert again.to_json() == state.to_json() and labels(again) == labels(state)
    for key, value, message in (("stake", 5, "no open stake"), ("chips", [99, 99, 99],
                                                                "started with 100"),
                                ("blind", [1, 2, 1], "1 or 0")):
        with pytest.raises(cardrules.StateError, match=message):
            game.state_from_json({**state.to_json(), key: value})


def test_the_rules_text_follows_the_rule_file() -> None:
    text = "\n".join(describe(brag().variant))
    assert "prial, running flush, run, flush, pair, high card" in text
    assert "Among hands of class prial, 3 ranks above every other rank." in text
    assert "and that straight ranks above every other" in text
    assert "an open player may not see a blind one" in text


@pytest.mark.parametrize("players", [2, 5])
def test_cardrules_check_passes(players: int) -> None:
    report = run_check("three-card-brag", games=6, seed=3, players=[players],
                       leak_share=QUICK_LEAKS)
    assert report.failure is None, report.failure


# B13-B16: a session of deals, the carried pot and two blind hands ---------------------------


@cache
def session(players: int = 3) -> cardrules.Game:
    return cardrules.load("three-card-brag", players=players, options={"match": "session"})


HANDS = ["3S 3H 3D", "AS KS QS", "2C 5D 9H"]


def carried_match(players: int = 3, index: int = 0) -> cardrules.State:
    """A session in which everyone folded to blind seat 0 in the deal of ``index``: its
    next deal, seat 0 holding ``HANDS[0]`` kept beside a new hand."""
    game = session(players)
    deal = game.setup(hands=HANDS[:players], line=",".join(["fold"] * (players - 1)))
    return game.setup_match(deal, index=index)


def two_hands(line: str = "") -> cardrules.State:
    """A deal of a session in which seat 0 holds two blind hands, 2C 5D 9H kept from the
    last deal, and 3 chips were carried in the pot."""
    return session().setup(hands=["3S 3H 3D", "AS KS QS", "4C 4D 7S"],
                           kept=["2C 5D 9H", "", ""], chips=[98, 99, 100], pot=3,
                           line=line)


def test_a_session_is_ten_deals_with_the_chips_carried_from_deal_to_deal() -> None:
    """B13: the totals count chips won less staked; the highest wins after ten deals."""
    game = session(2)
    match = game.new_match(seed=5)
    first = match.deal.to_json()["chips"]
    assert first == [99, 99]  # the antes are in
    deal = game.setup(hands=["3S 3H 3D", "AS KS QS"], line="look,stake 2,look,see")
    last = game.setup_match(deal, index=9)
    assert last.is_over and last.result.deals == 10 and last.result.winners == (0,)
    assert last.result.totals == (3, -3)
    match = game.setup_match(game.setup(hands=["3S 3H 3D", "AS KS QS"],
                                        line="look,stake 2,look,see"), index=0)
    assert not match.is_over and match.view(0).chips == [102, 96]  # 103 and 97, less antes


def test_a_player_short_of_the_ante_sits_the_deal_out() -> None:
    """B13: no cards, no ante; the turn passes them by."""
    game = session()
    state = game.setup(hands=["", "AS KS QS", "2C 5D 9H"], chips=[0, 150, 150])
    view = state.view(1)
    assert view.folded == [1, 0, 0] and view.hands[0] == 0 and view.staked == [0, 1, 1]
    assert state.current_player == 1 and play(state, "fold").is_over


def test_deals_fewer_than_two_can_ante_are_not_played_and_the_session_ends() -> None:
    """B13: seat 0 is left without chips; the nine deals left are scored at once."""
    game = session(2)
    deal = game.setup(hands=["3S 3H 3D", "AS KS QS"], chips=[1, 199],
                      line="stake 1,fold")
    match = game.setup_match(deal)
    assert match.is_over and match.result.deals == 10
    assert match.result.totals == (-1, 1) and match.result.winners == (1,)


def test_a_blind_player_left_alone_in_a_session_does_not_take_the_pot() -> None:
    """B6, B14: the pot (three antes) is carried; the deal scores it to nobody."""
    state = session().setup(hands=HANDS, line="fold,fold")
    assert state.is_over and state.result.winners == () and scores(state) == (-1, -1, -1)
    assert ("carry", 0, 3) in [(e["kind"], e.get("player"), e.get("amount"))
                               for e in state.view(1).events]
    assert dict(state.result.carry)["pot"] == 3


def test_an_open_player_left_alone_in_a_session_takes_the_pot() -> None:
    """B6: only a blind player's pot is carried."""
    state = session().setup(hands=HANDS, line="stake 1,stake 1,look,stake 2,fold,fold")
    assert state.is_over and scores(state) == (4, -2, -2)


def test_the_carried_pot_and_blind_hand_go_into_the_next_deal_everyone_anteing() -> None:
    """B14: seat 0 keeps 3S 3H 3D face down beside a new hand, dealt from a pack without
    those three cards; everyone antes again into the carried pot."""
    match = carried_match()
    view = match.view(0)
    assert match.deal_index == 1 and view.kept == [3, 0, 0] and view.carried == 3
    assert view.pot == 6 and view.chips == [98, 98, 98] and view.blind == [1, 1, 1]
    deal = match.deal.to_json()
    pack = session().pack
    kept = pack.cards_of(deal["kept"][0]) if isinstance(deal["kept"][0], int) else None
    named = " ".join(str(deal[k]) for k in ("hands", "stock"))
    assert kept is None or not set(kept) & set(pack.parse_many("3S 3H 3D")) - set(kept)
    assert all(c not in named for c in ("'3S'", "'3H'", "'3D'"))


def test_a_blind_player_left_alone_takes_the_pot_when_the_others_cannot_ante_again() -> None:
    """B14: seats 1 and 2 put in their last chip."""
    state = session().setup(hands=HANDS, chips=[298, 1, 1], line="fold,fold")
    assert state.is_over and scores(state) == (2, -1, -1)
    state = session().setup(hands=HANDS, chips=[1, 150, 149], line="fold,fold")
    assert state.is_over and scores(state) == (2, -1, -1)  # seat 0 could not ante


def test_the_session_goes_on_past_ten_deals_while_a_pot_is_carried() -> None:
    """B13, B14: the tenth deal's pot is played for in an eleventh."""
    match = carried_match(index=9)
    assert not match.is_over and match.deal_index == 10
    # seat 2 opens (seat 1 deals): everyone folds to blind seat 0 again...
    over = play(match, "fold", "stake 1", "fold", "keep 1")
    assert not over.is_over and over.deal_index == 11 and over.view(0).carried == 7
    over = play(over, "look 1", "keep", "stake 2", "fold", "fold")  # ...then to open seat 0
    assert over.is_over and over.result.deals == 12 and sum(over.result.totals) == 0


def test_two_blind_hands_are_played_blind_until_the_player_looks_at_one() -> None:
    """B15: one blind stake for both; ``look`` names the hand."""
    state = two_hands("fold,fold")  # seats 1 and 2 fold: seat 0 must keep one
    assert labels(state) == ["keep 1", "keep 2"]
    state = two_hands("stake 1,stake 1")
    assert state.current_player == 0
    words = labels(state)
    assert "look 1" in words and "look 2" in words and "look" not in words
    assert "stake 1" in words  # half the current stake of 2: still blind
    refused(state, "look", "B3")


def test_a_player_who_looks_at_one_of_two_hands_keeps_it_or_drops_it_at_once() -> None:
    """B15: keep: the other is folded unseen, the player open; the turn goes on."""
    state = play(two_hands("stake 1,stake 1"), "look 2")
    assert labels(state) == ["keep", "drop"] and state.view(0).choosing == 1
    assert sorted(state.view(0).hands[0]) == ["2C", "5D", "9H"]
    refused(state, "stake 2", "B15")
    refused(state, "fold", "B15")
    kept = play(state, "keep")
    view = kept.view(0)
    assert view.kept == [0, 0, 0] and view.blind[0] == 0 and kept.current_player == 0
    assert sorted(view.hands[0]) == ["2C", "5D", "9H"] and stakes(kept)[0] == 2


def test_dropping_the_hand_looked_at_leaves_one_blind_hand_played_as_usual() -> None:
    """B15: the other hand stays unseen; the player may look at it now or later."""
    state = play(two_hands("stake 1,stake 1"), "look 1", "drop")
    view = state.view(0)
    assert view.kept == [0, 0, 0] and view.blind[0] == 1 and view.hands[0] == 3
    assert labels(state)[:2] == ["fold", "look"] and state.current_player == 0
    assert "3S" not in str(state.view(1).to_json())
    over = play(state, "look")
    assert sorted(over.view(0).hands[0]) == ["2C", "5D", "9H"]


def test_a_player_left_alone_again_keeps_one_blind_hand_unseen_for_the_next_deal() -> None:
    """B16: never three blind hands; the kept one goes on, the pot is carried again."""
    match = carried_match()  # seat 1 deals, seat 2 opens
    state = play(match, "fold", "stake 1", "fold")
    assert labels(state) == ["keep 1", "keep 2"] and state.current_player == 0
    refused(state, "keep", "B15")
    nxt = play(state, "keep 2")  # 3S 3H 3D, kept from the first deal
    assert nxt.deal_index == 2 and nxt.view(0).kept == [3, 0, 0]
    assert nxt.view(0).carried == 7 and nxt.current_player == 0
    looked = play(nxt, "look 2")
    assert sorted(looked.view(0).hands[0]) == ["3D", "3H", "3S"]


def test_a_player_with_two_blind_hands_seeing_or_seen_keeps_one_unseen_first() -> None:
    """B16: the hand kept is the one shown (B8)."""
    game = session(2)
    state = game.setup(hands=["3S 3H 3D", "AS KS QS"], kept=["2C 5D 9H", ""],
                       chips=[99, 100], pot=1, line="stake 1")
    seer = play(state, "see")  # seat 0, blind, sees blind seat 1
    assert labels(seer) == ["keep 1", "keep 2"] and seer.current_player == 0
    over = play(seer, "keep 2")
    assert over.is_over and shows(over) == [(1, "running_flush"), (0, "high_card")]
    assert over.result.scores == (-3, 4)  # the carried chip too
    seen = play(state, "stake 1", "see")  # seat 1 sees seat 0, who keeps hand 1
    assert seen.current_player == 0
    over = play(seen, "keep 1")
    assert shows(over) == [(0, "prial"), (1, "running_flush")] and over.result.scores[0] > 0


def test_the_greedy_bot_keeps_a_strong_hand_looked_at_and_drops_a_weak_one() -> None:
    """B15: the bot looks at one of two hands, then keeps it or drops it by its strength."""
    bot, rng = make_bot("greedy"), random.Random(0)
    state = two_hands("stake 1,stake 1")
    assert state.describe(act(bot, state, rng)).startswith("look")
    weak = play(state, "look 2")  # 2C 5D 9H
    assert state.describe(act(bot, weak, rng)) == "drop"
    strong = play(state, "look 1")  # 3S 3H 3D
    assert state.describe(act(bot, strong, rng)) == "keep"


def test_the_terminal_table_shows_a_kept_hand_by_its_size_and_the_choice_of_hands() -> None:
    """B15, B12: the kept hand is there for all to see, its cards for nobody."""
    state = two_hands("stake 1,stake 1")
    table = TextRenderer(state.game.pack, ascii=True, title="Brag")
    lines = table.view(state.view(0), me=0)
    seat = next(line for line in lines if "P0 you" in line)
    assert "3 cards" in seat and "kept 3" in seat and "2C" not in "\n".join(lines)
    assert "carried: 3" in lines
    looked = play(state, "look 2")
    assert move_lines(labels(looked), width=80)[0].split() == ["1", "keep", "2", "drop"]
    assert "2C" in "\n".join(table.view(looked.view(0), me=0))


def test_nobody_sees_a_kept_blind_hand_and_a_dropped_hand_is_never_shown() -> None:
    """B12."""
    state = two_hands("stake 1,stake 1")
    for viewer in range(3):
        text = str(state.view(viewer).to_json())
        assert all(card not in text for card in ("2C", "5D", "9H"))
        assert state.view(viewer).kept == [3, 0, 0]
    kept = session().pack.parse_many("2C 5D 9H")
    assert all(state.hidden_cards(0) >> c & 1 for c in kept)
    dropped = play(state, "look 1", "keep", "stake 2", "fold", "fold")
    assert all(card not in str(dropped.view(p).to_json()) for p in range(3)
               for card in ("2C", "5D", "9H"))


def test_a_two_hand_state_reads_back_from_json() -> None:
    """B14, B15: the kept hand, the carried pot and the choice pending."""
    game = session()
    for state in (two_hands("stake 1"), play(two_hands("stake 1,stake 1"), "look 2")):
        again = game.state_from_json(state.to_json())
        assert again.to_json() == state.to_json() and labels(again) == labels(state)
    with pytest.raises(cardrules.StateError, match="hold 300"):
        game.state_from_json({**two_hands().to_json(), "carried": 4})
    with pytest.raises(cardrules.StateError, match="blind_alone"):
        brag().setup(hands=HANDS, kept=["2C 5D 9H", "", ""])


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8))
def test_random_sessions_neither_create_nor_lose_a_chip_and_end(seed: int,
                                                                players: int) -> None:
    """B11, B13, B14: chips in hand and in the pot, carried or not, always add up to 100
    per player; the session ends, its totals adding up to nothing."""
    game = session(players)
    rng = random.Random(seed)
    state = game.new_match(seed=seed)
    for _ in range(20000):
        view = state.view(0)
        assert sum(view.chips) + view.pot == 100 * players
        assert all(c >= 0 for c in view.chips) and max(view.kept) <= 3
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.is_over and sum(state.result.totals) == 0


def test_the_session_rules_text_names_the_carried_pot() -> None:
    text = "\n".join(describe(session().variant))
    assert "the pot is carried into the next deal" in text
    assert "chips carry from deal to deal" in text


@pytest.mark.parametrize("players", [2, 4])
def test_cardrules_check_passes_for_a_session(players: int) -> None:
    """B13-B16: one whole session in every three games."""
    report = run_check("three-card-brag", games=6, seed=4, players=[players],
                       options={"match": "session"}, match_every=3,
                       leak_share=QUICK_LEAKS)
    assert report.failure is None, report.failure


@pytest.mark.parametrize(("patch", "message"), [
    ({"play": {"blind_alone": "carry"}}, r"play\.blind_alone: .*carry_chips: true"),
    ({"play": {"blind_alone": "keep"}}, r"blind_alone"),
    ({"play": {"blind_alone": "carry", "carry_chips": True, "ante": 0}},
     r"play\.ante: .*ante of 1 chip or more"),
    ({"pack": {"ranks": ["2", "3", "4", "5", "6", "7"]},
      "play": {"blind_alone": "carry", "carry_chips": True}},
     r"8 players' hands and a blind hand kept from the last deal need 27 cards"),
])
def test_a_carried_pot_the_rules_cannot_play_is_refused_at_load(patch: dict[str, object],
                                                                 message: str) -> None:
    """B14: the keys are checked, with what to fix."""
    with pytest.raises(cardrules.VariantError, match=message):
        cardrules.load({"extends": "three-card-brag", "patch": patch}, players=2)


@pytest.mark.parametrize("blind", ["allowed", "never"])
def test_the_tables_cost_each_open_stake_as_the_rules_do(blind: str) -> None:
    """B5 (the tables' working): the stakes kept with their costs for an open and a blind
    player are the rules' open stakes at their cost in each one's terms, lowest first,
    each with its stake action; none for a blind player where nobody plays blind."""
    tables = brag(blind=blind).tables
    play = tables.play
    for entry, is_blind in ((0, False), (1, True)):
        costs = [play.cost(a, blind=is_blind) for a in play.open_stakes()]
        if is_blind and not play.blind:
            assert tables.open_costs[entry] == ()
            continue
        assert [own for own, _ in tables.open_costs[entry]] == costs
        assert all(action is tables.stakes[own] and action.amount == own
                   for own, action in tables.open_costs[entry])
