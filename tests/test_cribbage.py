"""Cribbage as OpenSpiel plays it: one test (or more) per rule R1-R16 of
``docs/rules/cribbage.md`` and per option value (``target``; ``crib_flush``: four,
five; ``show``: all_counted, counted_out; ``discards``: first_seat, dealer_left), the
show's scoring of known hands, and a property: the show's score equals a count over
every subset of the five cards written independently here.

Positions are set up with ``game.setup``: ``hands`` per player, this round's
``sequence`` (played in turn by the players before ``current`` unless ``played`` says
who played what), each player's ``crib`` discards, the ``starter``, ``points``; cards
given nowhere go to the stock.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.families.adding.scoring import show_points
from cardrules.tools.check import run_check

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
ALL = [r + s for s in "CDHS" for r in RANKS]


@cache
def cribbage(players: int = 2, **options: object) -> cardrules.Game:
    return cardrules.load("cribbage", players=players, options=options)


def labels(state: cardrules.State) -> list[str]:
    return sorted(state.describe(a) for a in state.legal_actions())


def play(state: cardrules.State, *moves: str) -> cardrules.State:
    for move in moves:
        state = state.apply(move)
    return state


def show(hand: str, starter: str, *, crib: bool = False, **options: object) -> int:
    game = cribbage(**options)
    pack = game.pack
    return show_points(game.tables, pack.parse_many(hand), pack.parse(starter), crib=crib)


def scored(state: cardrules.State) -> list[tuple[int, int, str]]:
    return [(e.player, e.amount, e.note) for e in state.events if e.kind == "score"]


# -- R1-R4: the cards and the deal ----------------------------------------------------

def test_r1_fifty_two_cards_aces_low() -> None:
    game = cribbage()
    assert game.pack.size == 52 and game.pack.ranks[0] == "A"


def test_r1_four_play_in_partnerships_that_score_alike() -> None:
    game = cribbage(4)
    assert game.procedure.partnerships(game) == ((0, 2), (1, 3))
    state = game.setup(hands=["5C 2C", "KS", "2D", "3D"], sequence="KH", current=0)
    after = state.apply("play 5C")
    assert after.view(1).points == [2, 0, 2, 0]


@pytest.mark.parametrize(("players", "size", "extra"), [(2, 6, 0), (3, 5, 1), (4, 5, 0)])
def test_r2_six_cards_each_for_two_five_for_three_or_four(players: int, size: int,
                                                          extra: int) -> None:
    state = cribbage(players).new_deal(5, dealer=1)
    view = state.view(0)
    assert len(view.hands[0]) == size and view.hands[1:] == [size] * (players - 1)
    assert view.crib_stock == extra and view.stock == 52 - players * size - extra


def test_r2_the_deal_passes_to_the_left_after_each_hand() -> None:
    game, rng = cribbage(3), random.Random(2)
    state = game.new_deal(2, dealer=1)
    dealers = [state.view(0).dealer]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        if state.view(0).hand_number == len(dealers):
            dealers.append(state.view(0).dealer)
    assert dealers[:4] == [1, 2, 0, 1]


def test_r3_two_players_lay_two_cards_away_at_once_seat_0_first() -> None:
    state = cribbage().new_deal(3, dealer=0)
    assert state.current_player == 0 and state.view(0).phase == "discard"
    assert len(state.legal_actions()) == 15  # every pair of six cards
    hand = state.view(0).hands[0]
    state = state.apply(f"discard {hand[0]} {hand[1]}")
    assert state.current_player == 1 and sorted(state.view(0).crib[0]) == sorted(hand[:2])
    assert state.view(1).crib[0] == 2  # the others see how many


@pytest.mark.parametrize("players", [3, 4])
def test_r3_three_or_four_lay_one_card_away(players: int) -> None:
    state = cribbage(players).new_deal(3, dealer=2)
    assert state.current_player == 0
    assert all(len(a.cards) == 1 for a in state.legal_actions())
    assert len(state.legal_actions()) == 5


def test_r3_option_discards_dealer_left() -> None:
    state = cribbage(3, discards="dealer_left").new_deal(3, dealer=2)
    assert state.current_player == 0
    state = cribbage(3, discards="dealer_left").new_deal(3, dealer=0)
    assert state.current_player == 1
    with pytest.raises(cardrules.IllegalActionError, match=r"does not hold"):
        state.apply("discard " + next(c for c in ALL if c not in state.view(1).hands[1]))


def test_r3_no_card_is_played_before_the_discards() -> None:
    state = cribbage().new_deal(3, dealer=0)
    card = state.view(0).hands[0][0]
    with pytest.raises(cardrules.IllegalActionError, match=r"away to the crib first.*\(R3\)"):
        state.apply(f"play {card}")


def _cut(starter: str, dealer: int = 1) -> cardrules.State:
    """A 2-player hand whose starter is ``starter``, cut after both discards."""
    game = cribbage()
    state = game.setup(hands=["AC 2C 3C 4C 5C 6C", "AD 2D 3D 4D 5D 6D"],
                       stock=starter, discarding=True, current=0, dealer=dealer)
    return play(state, "discard AC 2C", "discard AD 2D")


def test_r4_a_jack_starter_scores_his_heels_for_the_dealer() -> None:
    state = _cut("JH")
    assert state.view(0).starter == ["JH"] and state.view(0).points == [0, 2]
    assert (1, 2, "heels") in scored(state)


def test_r4_another_starter_scores_nothing() -> None:
    state = _cut("QH")
    assert state.view(0).starter == ["QH"] and state.view(0).points == [0, 0]


# -- R5-R11: the play -----------------------------------------------------------------

def test_r5_card_values_ace_one_faces_ten() -> None:
    values, pack = cribbage().tables.values, cribbage().pack
    assert [values[pack.parse(c)] for c in ("AS", "7S", "10S", "JS", "QS", "KS")] == \
        [1, 7, 10, 10, 10, 10]


def test_r6_the_dealer_s_left_plays_first() -> None:
    state = _cut("QH", dealer=1)
    assert state.current_player == 0 and state.view(0).phase == "play"


def test_r6_a_card_past_31_is_refused_with_its_reason() -> None:
    state = cribbage().setup(hands=["KS 4D", "5C"], sequence="QH 5D 5S 5H")
    assert labels(state) == ["play 4D"]
    with pytest.raises(cardrules.IllegalActionError, match=r"from 25 to 35, past 31 \(R6\)"):
        state.apply("play KS")


def test_r7_go_only_when_no_card_fits() -> None:
    state = cribbage().setup(hands=["KS 4D", "5C"], sequence="QH 5D 5S 5H")
    with pytest.raises(cardrules.IllegalActionError, match=r"go only when no card fits \(R7\)"):
        state.apply("go")
    stuck = cribbage().setup(hands=["KS 9D", "5C"], sequence="QH 5D 5S 5H")
    assert labels(stuck) == ["go"]


def test_r7_the_total_starts_again_after_everyone_said_go() -> None:
    game = cribbage()
    state = game.setup(hands=["KS 9D", "KC"], sequence="QH 5D 5S 5H", current=0)
    state = state.apply("go")  # seat 1 played 5H last
    assert state.current_player == 1 and labels(state) == ["go"]
    state = state.apply("go")
    view = state.view(0)
    assert view.total == 0 and view.sequence == [] and view.points == [0, 1]
    assert state.current_player == 0  # the player after the last to play


def test_r7_a_player_who_said_go_says_it_again_while_the_others_play() -> None:
    game = cribbage(3)
    state = game.setup(hands=["KS", "2C", "3C 4C"], sequence="QH 9D", current=0,
                       played=["", "QH", "9D"])  # total 19; seat 0 plays K: 29
    state = play(state, "play KS", "play 2C")  # 31: seat 1 scores 2 and the total restarts
    assert state.view(0).total == 0 and state.view(0).points[1] == 2
    game = cribbage(3)
    state = game.setup(hands=["KS", "AC", "KC 2C"], sequence="QH 9D", current=0,
                       played=["", "QH", "9D"])
    state = play(state, "play KS")  # 29
    assert labels(state) == ["play AC"]
    state = play(state, "play AC")  # 30
    assert labels(state) == ["go"]  # seat 2 holds KC 2C: nothing fits
    state = play(state, "go")
    assert state.current_player == 0 and labels(state) == ["go"]  # an empty hand says go
    state = play(state, "go", "go")  # seat 1, the last to play, says go too
    assert state.view(0).total == 0 and state.view(0).points == [0, 1, 0]


def test_r7_the_play_ends_when_every_card_is_played() -> None:
    game = cribbage()
    state = game.setup(hands=["", "KC"], played=["AC 2C 3C 4D", "AD 2D 3D"], current=1,
                       crib=["5C 6C", "5D 6D"], starter="9H", dealer=0)
    state = play(state, "play KC", "go", "go")
    events = [e.kind for e in state.events]
    assert "show" in events and "crib" in events and state.view(0).hand_number == 1


def test_r8_fifteen_and_thirty_one_score_two() -> None:
    state = cribbage().setup(hands=["5C 9D", "KS"], sequence="KH", current=0, dealer=1)
    assert state.apply("play 5C").view(0).points == [2, 0]
    state = cribbage().setup(hands=["AC 9D", "KS"], sequence="KH QH JH", current=0,
                             played=["", "KH QH JH"])
    after = state.apply("play AC")
    assert after.view(0).points == [2, 0] and after.view(0).total == 0
    assert after.current_player == 1


def test_r9_pairs_pair_royal_double_pair_royal() -> None:
    game = cribbage(4)
    state = game.setup(hands=["7C", "7D", "7H", "7S"], current=0)
    state = state.apply("play 7C")
    state = state.apply("play 7D")
    assert state.view(0).points == [0, 2, 0, 2]
    state = state.apply("play 7H")
    assert state.view(0).points == [6, 2, 6, 2]
    state = state.apply("play 7S")  # 28: four of a kind
    assert state.view(0).points == [6, 14, 6, 14]


def test_r9_a_pair_counts_only_since_the_total_started() -> None:
    state = cribbage().setup(hands=["7C", "2C"], played=["", "7D"], sequence="", current=0)
    assert state.apply("play 7C").view(0).points == [0, 0]


def test_r10_runs_in_any_order() -> None:
    state = cribbage().setup(hands=["5C 9D", "KS"], sequence="4D 6H", current=0,
                             played=["4D", "6H"])
    after = state.apply("play 5C")  # 4 6 5 = 15 and a run of three
    assert after.view(0).points == [5, 0] and {n for _, _, n in scored(after)} == \
        {"fifteen", "run"}


def test_r10_the_longest_run_scores_and_aces_are_low() -> None:
    state = cribbage().setup(hands=["3C", "KS"], sequence="AD 2H 4S", current=0,
                             played=["AD 4S", "2H"])
    assert state.apply("play 3C").view(0).points == [4, 0]
    state = cribbage().setup(hands=["AC", "KS"], sequence="QD KH", current=0,
                             played=["QD", "KH"])
    assert state.apply("play AC").view(0).points == [0, 0]


def test_r11_the_go_scores_one_below_31_and_nothing_at_31() -> None:
    state = cribbage().setup(hands=["KS", "KC"], sequence="QH 5D 5S", current=1,
                             played=["QH 5S", "5D"])  # 20: seat 1 plays K = 30
    state = play(state, "play KC", "go", "go")
    assert state.view(0).points == [0, 1]
    assert (1, 1, "go") in scored(state)


# -- R12-R15: the show and the game ---------------------------------------------------

def test_r12_the_29_hand() -> None:
    assert show("5C 5D 5H JS", "5S") == 29


@pytest.mark.parametrize(("hand", "starter", "points"), [
    ("3C 3D 4H 5S", "5D", 20),   # four runs of three 12, two pairs 4, 3+3+4+5 twice 4
    ("4C 5D 6H 6S", "QD", 14),   # two runs 6, a pair 2, 4+5+6 twice and 5+Q 6
    ("AC 2C 3C 4C", "5C", 12),   # a run of five 5, a flush of five 5, A+2+3+4+5 2
    ("2C 4D 6H 8S", "QD", 0),    # even values never make 15
    ("JH 2C 3D 10S", "5H", 9),   # J+5, 10+5, 2+3+J, 2+3+10 8, nobs 1
])
def test_r12_r13_known_hands(hand: str, starter: str, points: int) -> None:
    assert show(hand, starter) == points


def test_r12_a_run_within_a_longer_run_counts_once() -> None:
    assert show("3C 4D 5H 6S", "KD") == 4 + 4  # a run of four; 4+5+6 and 5+K
    assert show("3C 4D 5H 6S", "7D") == 5 + 4  # run of five, 15s: 4+5+6, 3+5+7


def test_r13_flush_of_four_or_five_and_nobs() -> None:
    assert show("2H 4H 6H 8H", "KS") == 4  # even values never make 15
    assert show("2H 4H 6H 8H", "KH") == 5
    assert show("2H 4H 6H 8S", "KH") == 0
    assert show("JH 2C 4D 8S", "KH") == 1


def test_r13_the_crib_s_four_card_flush_and_option_crib_flush_five() -> None:
    assert show("2H 4H 6H 8H", "KS", crib=True) == 4
    assert show("2H 4H 6H 8H", "KS", crib=True, crib_flush="five") == 0
    assert show("2H 4H 6H 8H", "KH", crib=True, crib_flush="five") == 5


def test_r12_r13_hands_are_counted_then_the_crib_for_the_dealer() -> None:
    game = cribbage()
    state = game.setup(hands=["", "KC"], played=["5C 5D 5H JS", "AD 2D 3D"], current=1,
                       crib=["AH 2H", "9C 10C"], starter="5S", dealer=1)
    state = play(state, "play KC", "go", "go")
    shows = [(e.kind, e.player, e.amount) for e in state.events if e.kind in ("show", "crib")]
    # seat 1: A-2-3 3, K+5 and 2+3+K 4; the crib: 10+5 and A+9+5 4
    assert shows == [("show", 0, 29), ("show", 1, 7), ("crib", 1, 4)]
    assert state.view(0).points == [29, 1 + 7 + 4]  # the go, the hand, the crib


def test_r14_the_game_ends_the_moment_the_target_is_reached_in_the_play() -> None:
    state = cribbage().setup(hands=["5C 9D", "KS"], sequence="KH", current=0,
                             points=[119, 100])
    after = state.apply("play 5C")
    assert after.is_over and after.result is not None
    assert after.result.scores == (121, 100) and after.result.winners == (0,)


def test_r14_option_target_61() -> None:
    state = cribbage(target=61).setup(hands=["5C 9D", "KS"], sequence="KH", current=0,
                                      points=[59, 0])
    assert state.apply("play 5C").is_over


def test_r14_r1_partners_win_together() -> None:
    game = cribbage(4)
    state = game.setup(hands=["5C", "KS", "2D", "3D"], sequence="KH", current=0,
                       played=["", "", "", "KH"], points=[119, 0, 119, 0])
    result = state.apply("play 5C").result
    assert result is not None and result.winners == (0, 2)


def _show_position(**options: object) -> cardrules.State:
    """Seat 0 (not the dealer) and seat 1 both pass 121 in the show."""
    return cribbage(**options).setup(
        hands=["", "KC"], played=["5C 5D 5H JS", "AD 2D 3D"], current=1,
        crib=["AH 2H", "9C 10C"], starter="5S", dealer=1, points=[100, 115])


def test_r15_all_counted_the_lowest_seat_at_the_target_wins() -> None:
    state = play(_show_position(), "play KC", "go", "go")
    result = state.result
    assert result is not None and result.scores == (129, 127) and result.winners == (0,)
    state = play(_crossing(), "play JS", "go", "go")  # seat 1: 95 + 1 + 29 = 125
    result = state.result  # seat 0: 112 + 7 + the crib's 4 = 123
    assert result is not None and result.scores == (123, 125)
    assert result.winners == (0,)  # the lowest seat, with fewer points
    match = cribbage().setup_match(_crossing())
    for move in ("play JS", "go", "go"):
        match = match.apply(move)
    assert match.result is not None and match.result.winners == (0,)
    assert match.result.totals == (123, 125) and match.result.places == (1, 2)


def _crossing(**options: object) -> cardrules.State:
    """Seat 1 (on the dealer's left) and seat 0 (the dealer) both pass 121 in the show,
    seat 1 with more points."""
    return cribbage(**options).setup(
        hands=["", "JS"], played=["AC 2C 3C 4H", "5C 5D 5H"], current=1,
        crib=["AH 2H", "9C 10C"], starter="5S", dealer=0, points=[112, 95])


def test_r15_option_counted_out_the_first_to_reach_wins() -> None:
    state = play(_crossing(show="counted_out"), "play JS", "go", "go")
    result = state.result
    assert result is not None and result.scores == (112, 125) and result.winners == (1,)


# -- R16: what each player sees -------------------------------------------------------

def test_r16_hands_and_crib_private_played_cards_and_starter_public() -> None:
    game = cribbage()
    state = game.setup(hands=["KS 4D", "5C 6C"], sequence="QH", played=["", "QH"],
                       crib=["AH 2H", "9C 10C"], starter="7S", dealer=1)
    mine, theirs = state.view(0), state.view(1)
    assert sorted(mine.hands[0]) == ["4D", "KS"] and mine.hands[1] == theirs.hands[0] == 2
    assert sorted(mine.crib[0]) == ["2H", "AH"] and mine.crib[1] == theirs.crib[0] == 2
    assert mine.played == theirs.played and mine.starter == theirs.starter == ["7S"]
    assert mine.sequence == ["QH"] and mine.total == 10


# -- the show against a count over every subset --------------------------------------

def _brute_force(cards: list[str], starter: str, crib: bool) -> int:
    """The show's score counted from the definitions over every subset of the five
    cards: fifteens, pairs, maximal runs (each set of distinct ranks in sequence that no
    longer run contains), flush and nobs."""
    def rank(c: str) -> int:
        return RANKS.index(c[:-1])

    five = [*cards, starter]
    score = 0
    for size in range(1, 6):
        for chosen in combinations(five, size):
            ranks = sorted(rank(c) for c in chosen)
            if sum(min(r + 1, 10) for r in ranks) == 15:
                score += 2
            if size == 2 and ranks[0] == ranks[1]:
                score += 2
    runs = [set(chosen) for size in (5, 4, 3) for chosen in combinations(five, size)
            if len({rank(c) for c in chosen}) == size
            and max(rank(c) for c in chosen) - min(rank(c) for c in chosen) == size - 1]
    score += sum(len(r) for r in runs if not any(r < other for other in runs))
    suits = Counter(c[-1] for c in cards)
    if len(suits) == 1:
        score += 5 if starter[-1] in suits else 4
    if any(c[:-1] == "J" and c[-1] == starter[-1] for c in cards):
        score += 1
    return score


@settings(max_examples=80, deadline=None)
@given(st.permutations(ALL).map(lambda cards: cards[:5]), st.booleans())
def test_the_show_equals_a_count_over_every_subset(cards: list[str], crib: bool) -> None:
    assert show(" ".join(cards[:4]), cards[4], crib=crib) == \
        _brute_force(list(cards[:4]), cards[4], crib)


# -- whole games ----------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_a_side_at_the_target(players: int) -> None:
    game, rng = cribbage(players), random.Random(players)
    state = game.new_match(seed=players)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    result = state.result
    assert result is not None and max(result.totals) >= 121 and result.winners


def test_cardrules_check_passes_on_a_game() -> None:
    report = run_check("cribbage", games=1, seed=3, players=(3,), leak_share=0.1)
    assert report.failure is None, report.failure


@pytest.mark.slow
@pytest.mark.parametrize("options", [{}, {"crib_flush": "five", "show": "counted_out",
                                          "discards": "dealer_left", "target": 31}])
def test_cardrules_check_passes(options: dict[str, object]) -> None:
    report = run_check("cribbage", games=6, seed=3, match_every=3, options=options)
    assert report.failure is None, report.failure


def test_the_terminal_table_shows_the_running_total_and_the_round_s_cards() -> None:
    from cardrules.tools.render import TextRenderer
    from cardrules.tools.table import layout

    game = cribbage()
    state = game.setup(hands=["KS 4D", "5C 6C"], sequence="QH 2S", played=["2S", "QH"],
                       crib=["AH 2H", "9C 10C"], starter="7S", dealer=1)
    lines = layout(TextRenderer(game.pack, ascii=True), state.view(0), 0)
    assert "sequence: QS 2S" not in lines and "sequence: QH 2S" in lines
    assert "total: 12" in lines and any("crib 2" in line for line in lines)


# -- play.order: the turn passing to the right ----------------------------------------


def _to_the_right(players: int = 3) -> cardrules.Game:
    return cardrules.load({"extends": "cribbage", "options": {"discards": "dealer_left"},
                           "patch": {"play": {"order": "counter_clockwise"}}},
                          players=players)


def test_counter_clockwise_play_deals_discards_and_plays_from_the_dealer_s_right() -> None:
    game = _to_the_right()
    state = game.new_deal(5, dealer=0)
    assert state.current_player == 2  # the dealer's right lays away first
    while state.view(0).phase == "discard":
        p = state.current_player
        state = state.apply(state.legal_actions()[0])
        assert state.view(0).phase != "discard" or state.current_player == game.turns.following[p]
    seats = []
    while state.view(0).phase == "play" and len(seats) < 3:
        if state.current_player not in seats:
            seats.append(state.current_player)
        state = state.apply(state.legal_actions()[0])
    assert seats[:2] == [2, 1]  # then play goes on to the right


def test_counter_clockwise_play_is_said_in_the_rules_and_passes_the_check() -> None:
    from cardrules.tools.describe import describe

    text = "\n".join(describe(_to_the_right().variant))
    assert "the player on the dealer's right first" in text
    assert "From the dealer's right, each player in turn adds a card" in text
    report = run_check({"extends": "cribbage", "patch": {"play": {"order": "counter_clockwise"}}},
                       games=2, seed=4, players=(3,), leak_share=0.1)
    assert report.failure is None, report.failure
