"""Bura rules U1-U15 (docs/rules/bura.md), scenario by scenario from explicit positions.

Cards: ranks 6 7 8 9 J Q K 10 A (low to high), suits S H D C; positions use hearts as
trumps unless they say otherwise.  Tests marked "interpretation" pin a reading of a soft
spot of the original (see the interpretations table of docs/rules/bura.md).
"""

from __future__ import annotations

import random

import pytest
from bura_support import bura, hand, legal, match_from, pass_window, play, position, refused

import cardrules
from cardrules.cards import shuffled
from cardrules.engine.match import MatchState
from cardrules.families.tricks.state import ANSWER, DECLARE, LEAD, TricksState

# -- equipment and setup --------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_u1_two_to_four_players_36_cards(players: int) -> None:
    game = bura(players)
    assert game.pack.size == 36
    assert game.new_deal(seed=1).current_player in range(players)


@pytest.mark.parametrize("players", [1, 5])
def test_u1_other_player_counts_refused(players: int) -> None:
    with pytest.raises(cardrules.CardrulesError, match="2 to 4 players"):
        cardrules.load("bura", players=players)


def test_u1_teams_is_an_option_off_by_default() -> None:
    """U1: each plays alone unless `teams` is on (see tests/test_bura_teams.py)."""
    assert bura().options["teams"] == "off"


def test_u2_ladder_and_card_points() -> None:
    pack = bura().pack
    assert pack.ranks == ("6", "7", "8", "9", "J", "Q", "K", "10", "A")
    points = {r: pack.value(pack.parse(f"{r}S")) for r in pack.ranks}
    assert points == {"6": 0, "7": 0, "8": 0, "9": 0, "J": 2, "Q": 3, "K": 4, "10": 10,
                      "A": 11}
    assert pack.value_of(pack.full) == 120


def test_u2_ten_beats_king() -> None:
    state = play(position(bura(2), "KS", "10S"), "lead KS", "answer 10S")
    assert state.winner == 1


@pytest.mark.parametrize(("options", "size"), [({}, 4), ({"hand_size": 3}, 3)])
def test_u3_deal_hands_and_turned_trump_card(options: dict[str, int], size: int) -> None:
    game = bura(4, **options)
    state = game.new_deal(seed=11, dealer=2)
    assert isinstance(state, TricksState)
    assert [h.bit_count() for h in state.hands] == [size] * 4
    assert len(state.stock) == 36 - 4 * size
    assert state.stock[0] == state.trump_card  # drawn last
    assert state.trump == game.pack.suit(state.trump_card)
    assert state.view(0).trump_card == game.pack.name(state.trump_card)


def test_u3_cards_dealt_one_at_a_time_from_the_dealers_left() -> None:
    game = bura(3)
    stock = shuffled(5, 36)  # the deal's shuffle; the top of the stock is its end
    state = game.new_deal(seed=5, dealer=1)
    assert isinstance(state, TricksState)
    first_three = [stock[-1], stock[-2], stock[-3]]
    assert [(state.hands[p] >> c) & 1 for p, c in zip((2, 0, 1), first_three)] == [1, 1, 1]
    assert state.trump_card == stock[-13]


def test_u4_first_deal_dealers_left_leads() -> None:
    state = bura(4).new_deal(seed=3, dealer=2)
    assert isinstance(state, TricksState)
    assert state.leader == 3


def test_u4_later_deals_last_trick_winner_leads_and_dealer_rotates() -> None:
    state = bura(3).new_match(seed=4)
    assert isinstance(state, MatchState)
    rng = random.Random(1)
    first = state.deal
    assert isinstance(first, TricksState)
    first_dealer = first.dealer
    while True:
        action = rng.choice(state.legal_actions())
        after = state.apply(action)
        assert isinstance(after, MatchState)
        if after.deal_index == 1:
            break
        state = after
    finished = state.deal.apply(action)
    assert isinstance(finished, TricksState) and finished.is_over
    deal = after.deal
    assert isinstance(deal, TricksState)
    assert deal.dealer == (first_dealer + 1) % 3
    assert deal.leader == finished.winner


# -- tricks ------------------------------------------------------------------------------


def test_u5_leads_of_one_to_three_cards_of_one_suit() -> None:
    state = pass_window(position(bura(2), "AS KS QS JS 6D", "7D 8D 9D 10C 7C"))
    leads = {a for a in legal(state) if a.startswith("lead")}
    assert "lead AS KS QS" in leads and "lead 6D" in leads
    assert all(len(a.split()) <= 4 for a in leads)
    refused(state, "lead AS KS QS JS", "U5")
    refused(state, "lead AS 6D", "U5")


def test_u5_never_more_cards_than_the_smallest_hand() -> None:
    state = position(bura(2), "AS KS QS", "7D 8D")
    assert "lead AS KS" in legal(state)
    assert "lead AS KS QS" not in legal(state)
    refused(state, "lead AS KS QS", "U5")


def test_u5_answer_with_as_many_cards_face_up_or_down_no_duty() -> None:
    state = play(position(bura(2), "AS KS", "7D 8D 6H"), "lead AS KS")
    assert state.phase == ANSWER
    assert "answer 8D 7D" in legal(state) and "throw 8D 7D" in legal(state)
    refused(state, "answer 7D", "U5")
    refused(state, "answer 7D 8D 6H", "U5")
    # not forced to follow suit or to beat: a trump is held, a plain pair is thrown
    after = state.apply("throw 8D 7D")  # the cards in any order
    assert after.winner == 0


def test_u5_face_down_cards_are_hidden_from_the_others() -> None:
    state = play(position(bura(3), "AS", "7D", "8D"), "lead AS", "throw 7D")
    view = state.view(2)
    assert view.trick[1] == {"player": 1, "face_down": True, "cards": 1}
    assert state.view(1).trick[1]["cards"] == ["7D"]


@pytest.mark.parametrize(("answer", "winner"), [
    ("answer KS", 1),   # higher of the same suit
    ("answer 6H", 1),   # a trump against a plain card
    ("answer 8S", 0),   # lower of the same suit
    ("answer AD", 0),   # another plain suit
    ("throw KS", 0),    # face down never beats
])
def test_u6_one_card_beats_another(answer: str, winner: int) -> None:
    cards = answer.split()[1]
    state = play(position(bura(2), "9S", cards), "lead 9S", answer)
    assert state.winner == winner


def test_u6_higher_trump_beats_lower_trump() -> None:
    assert play(position(bura(2), "7H", "QH"), "lead 7H", "answer QH").winner == 1
    assert play(position(bura(2), "QH", "7H"), "lead QH", "answer 7H").winner == 0


@pytest.mark.parametrize(("answer", "winner"), [
    ("answer AS 6H", 1),    # AS beats KS, the trump beats QS
    ("answer 6H AS", 1),    # order does not matter
    ("answer AS 9S", 0),    # 9S beats nothing: not every card is beaten
    ("answer 7H 6H", 1),    # two trumps beat two plain cards
])
def test_u7_sets_beaten_by_one_to_one_pairing(answer: str, winner: int) -> None:
    cards = " ".join(answer.split()[1:])
    state = play(position(bura(2), "KS QS", cards), "lead KS QS", answer)
    assert state.winner == winner


@pytest.mark.parametrize(("third", "winner"), [
    ("answer 10S", 2),   # beats the last beater (KS)
    ("answer QS", 1),    # beats the lead but not KS: the last beater keeps it
    ("throw AS", 1),
])
def test_u8_last_beater_holds_the_trick(third: str, winner: int) -> None:
    """Interpretation (U8 with 3-4 players): beat the last beater's cards."""
    cards = third.split()[1]
    state = play(position(bura(3), "9S", "KS", cards), "lead 9S", "answer KS")
    assert state.holder == 1
    assert play(state, third).winner == winner


def test_u9_draw_one_at_a_time_winner_first_then_clockwise() -> None:
    state = position(bura(3), "9S 6D 7D JC", "KS 8D 9D QC", "8S 10D JD KC",
                     stock="6C 7C 8C 9C", trump_card="JH")
    state = play(pass_window(state), "lead 9S", "answer KS", "throw 8S")
    assert state.winner == 1 and state.leader == 1
    assert hand(state, 1) == {"8D", "9D", "QC", "6C"}
    assert hand(state, 2) == {"10D", "JD", "KC", "7C"}
    assert hand(state, 0) == {"6D", "7D", "JC", "8C"}
    assert state.view(0).trump_card == "JH"


def test_u9_turned_trump_card_drawn_last_and_seen_by_all() -> None:
    state = position(bura(2), "9S 6D", "KS 7D", stock="6C", trump_card="JH")
    state = play(state, "lead 9S", "answer KS")
    assert hand(state, 1) == {"7D", "6C"} and hand(state, 0) == {"6D", "JH"}
    drawn = [e for e in state.events if e.kind == "draw" and e.note == "trump_card"]
    assert drawn and not drawn[0].private and drawn[0].player == 0
    assert state.view(1).trump_card is None and state.stock == ()


def test_u9_play_continues_until_all_cards_are_played() -> None:
    state = play(position(bura(2), "9S 6D", "KS 7D"), "lead 9S", "answer KS")
    assert not state.is_over and state.leader == 1
    state = play(state, "lead 7D", "answer 6D")
    assert state.is_over and state.winner == 1


# -- combinations ----------------------------------------------------------------------


@pytest.mark.parametrize(("cards", "found"), [
    ("6H 7H 8H 9H", {"bura"}),
    ("6S 7S 8S 9S", {"molodka"}),
    ("AS AH AD 6C", {"moscow"}),
    ("AS AD AC 6C", set()),             # no trump ace
    ("AH 10S 10D AC", {"four_ends"}),   # with the trump ace
    ("10H AS 10D 10C", {"four_ends"}),  # with the trump ten
    ("AS 10S AD 10D", set()),           # neither trump ace nor trump ten
    ("AH AS AD AC", {"moscow", "four_ends"}),
    ("6S 7S 8S 9H", set()),
])
def test_u10_combinations(cards: str, found: set[str]) -> None:
    state = position(bura(2), cards, "7C 8C 9D JC")
    assert {d.action.name for d in state.declarations(0)} == found


@pytest.mark.parametrize(("cards", "found"), [
    ("6H 7H 8H", {"bura"}), ("6S 7S 8S", {"molodka"}), ("AS AH AD", {"moscow"}),
    ("AH 10S 10D", set()),
])
def test_u11a_three_card_combinations(cards: str, found: set[str]) -> None:
    game = bura(2, hand_size=3)
    assert "four_ends" not in game.variant.play.combinations
    state = position(game, cards, "6C 7C 8C")
    assert {d.action.name for d in state.declarations(0)} == found


def test_u11_holders_asked_in_order_scheduled_leader_first() -> None:
    state = position(bura(3), "6C 7C 8C JD", "AS AH AD 6D", "6S 7S 8S 9S", leader=1)
    assert state.phase == DECLARE and state.current_player == 1
    assert legal(state) == {"declare moscow AS AH AD", "pass"}
    state = state.apply("pass")
    assert state.current_player == 2 and "declare molodka 9S 8S 7S 6S" in legal(state)
    state = state.apply("pass")
    assert state.current_player == 0 and legal(state) == {"pass"}  # holding nothing
    state = state.apply("pass")
    assert state.phase == LEAD and state.current_player == 1
    assert not any(a.startswith("declare") for a in legal(state))


def test_u11_everyone_is_asked_only_holders_may_declare() -> None:
    state = position(bura(3), "6C 7C 8C JD", "9C 10C QD 6D", "6S 7S 8S 9S")
    for player in (0, 1):  # asked too, so that being asked tells nothing: they can only pass
        assert state.phase == DECLARE and state.current_player == player
        assert legal(state) == {"pass"}
        state = state.apply("pass")
    assert state.phase == DECLARE and state.current_player == 2
    assert "declare molodka 9S 8S 7S 6S" in legal(state)


def test_u11_a_lone_leader_declares_instead_of_leading() -> None:
    state = position(bura(2), "AS AH AD 6C", "9C 10C QD 6D")
    assert state.phase == DECLARE and state.current_player == 0  # asked before leading
    assert "declare moscow AS AH AD" in legal(state)
    assert pass_window(state).phase == LEAD and "lead 6C" in legal(pass_window(state))
    state = state.apply("declare moscow AS AH AD")
    assert state.phase == ANSWER and state.leader == 0 and state.combo == "moscow"


def test_u11_combination_led_as_one_mixed_lead_answered_with_as_many() -> None:
    state = position(bura(3), "6C 7C 8C JD", "9C 10C QD 6D", "AS AH AD 6S")
    state = play(state, "pass", "pass", "declare moscow AD AS AH")
    assert state.phase == ANSWER and state.leader == 2 and state.combo == "moscow"
    assert state.current_player == 0
    assert all(len(a.split()) == 4 for a in legal(state))  # three cards
    state = play(state, "throw 6C 7C 8C", "answer 9C 10C QD")
    assert state.winner == 2


def test_u11_a_later_declarer_may_declare_again_before_the_next_lead() -> None:
    state = position(bura(3), "AS AH AD 6C 7C 8D 9S", "6D 7D 9D 10D JC QC KC",
                     "6H 7H 8H 9H JS QS KS")
    assert state.current_player == 0 and state.phase == DECLARE
    assert state.asking == (1, 2)
    state = play(state, "declare moscow AS AH AD", "throw JC QC KC", "throw JS QS KS")
    assert state.winner == 0
    state = state.apply("pass")  # the new leader, holding nothing, is asked first
    assert state.phase == DECLARE and state.current_player == 1 and state.asking == (2,)
    state = state.apply("pass")
    assert state.current_player == 2 and "declare bura 9H 8H 7H 6H" in legal(state)


def test_u11_no_declaration_larger_than_the_smallest_hand() -> None:
    state = position(bura(2), "6H 7H 8H 9H", "6C 7C")
    assert state.declarations(0) == () and state.phase == LEAD


def test_u11_win_deal_ends_the_deal_and_declarer_leads_next() -> None:
    game = bura(3, combination_effect="win_deal")
    state = position(game, "6C 7C 8C JD", "6H 7H 8H 9H", "9C 10C QD 6D",
                     won=["AS 10S AD 10D", "", "KS"], tricks=[2, 0, 1])
    state = state.apply("pass")  # the leader, holding nothing, is asked first
    assert state.current_player == 1
    state = state.apply("declare bura 6H 7H 8H 9H")
    assert state.is_over and state.result is not None
    assert state.result.scores == (2, 0, 4)  # 42 points but not the leader; 4 points
    assert dict(state.result.carry)["leader"] == 1


def test_u11_win_deal_only_for_bura() -> None:
    game = bura(2, combination_effect="win_deal")
    state = position(game, "AS AH AD 6C", "9C 10C QD 6D")
    state = state.apply("declare moscow AS AH AD")
    assert state.phase == ANSWER


# -- deal scoring -----------------------------------------------------------------------


def _last_trick(game: cardrules.Game, won: list[str], tricks: list[int]) -> TricksState:
    """Three players with one card each: P0 leads 6S, P1 takes it with 7S, P2 throws."""
    state = position(game, "6S", "7S", "8C", won=won, tricks=tricks)
    state = play(state, "lead 6S", "answer 7S", "throw 8C")
    assert state.is_over
    return state


@pytest.mark.parametrize(("won", "tricks", "options", "scores"), [
    (["AS AH 10S KS", "AD 10D", ""], [2, 1, 0], {}, (0, 4, 6)),        # most; <31; none
    (["AS AH 10S KS", "AD 10D 10C", ""], [2, 1, 0], {}, (0, 2, 6)),    # exactly 31
    (["AS AH 10S KS", "AD 10D 10C", ""], [2, 1, 0], {"exactly_31": 4}, (0, 4, 6)),
    (["AS AH 10S KS", "AD 10D 10C JD", ""], [2, 1, 0], {"exactly_31": 4}, (0, 2, 6)),
    (["AS AH 10S KS", "AD AC 10D KD", ""], [2, 1, 0], {}, (0, 0, 6)),  # tied leaders
    (["AS AH 10S KS", "", "6C 7C 8D"], [2, 0, 1], {}, (0, 4, 4)),      # a pointless trick
    (["AS AH 10S KS", "", "6C 7C 8D"], [2, 0, 1], {"zero_points_as_no_trick": "on"},
     (0, 6, 6)),
])
def test_u12_deal_scores(won: list[str], tricks: list[int], options: dict[str, object],
                         scores: tuple[int, ...]) -> None:
    """Interpretation (U12): 31 exactly scores 2 by default; `exactly_31: 4` reads the seed
    literally; `zero_points_as_no_trick` scores tricks worth nothing as no trick."""
    state = _last_trick(bura(3, **options), won, tricks)
    assert state.result is not None and state.result.scores == scores


def test_u13_match_ends_at_the_losing_total() -> None:
    deal = position(bura(3), "6S", "7S", "8C", won=["AS AH 10S KS", "AD", ""],
                    tricks=[2, 1, 0])
    match = match_from(bura(3), deal, dealer=0, totals=(2, 4, 6))
    match = play(match, "lead 6S", "answer 7S", "throw 8C")
    assert match.is_over and match.totals == (2, 8, 12)
    assert match.result is not None and match.result.winners == (0, 1)


def test_u13_losing_total_option() -> None:
    game = bura(3, losing_total=20)
    deal = position(game, "6S", "7S", "8C", won=["AS AH 10S KS", "AD", ""], tricks=[2, 1, 0])
    match = play(match_from(game, deal, dealer=0, totals=(2, 4, 6)),
                 "lead 6S", "answer 7S", "throw 8C")
    assert not match.is_over and match.totals == (2, 8, 12)


# -- the pot --------------------------------------------------------------------------


def _finished(game: cardrules.Game) -> TricksState:
    hands = ["6S", "7S", "8C", "9C"][:game.players]
    state = position(game, *hands)
    return play(state, "lead 6S", "answer 7S", *(f"throw {c}" for c in hands[2:]))


POT_ROWS = [
    # players, totals, payouts in units of a 100-per-player pot (U14)
    (2, (4, 12), (200, 0)),
    (2, (14, 10), (0, 200)),
    (3, (14, 4, 12), (0, 300, 0)),
    (3, (2, 14, 6), (240, 0, 60)),
    (3, (6, 6, 12), (150, 150, 0)),
    (4, (13, 12, 4, 14), (0, 0, 400, 0)),
    (4, (4, 12, 4, 14), (200, 0, 200, 0)),
    (4, (2, 12, 6, 13), (320, 0, 80, 0)),
    (4, (12, 2, 5, 9), (0, 240, 120, 40)),
    (4, (14, 10, 10, 3), (0, 80, 80, 240)),
    (4, (13, 5, 5, 9), (0, 160, 160, 80)),
    (4, (15, 4, 4, 4), (0, 134, 133, 133)),
]


@pytest.mark.parametrize(("players", "totals", "payouts"), POT_ROWS)
def test_u14_pot_split_table(players: int, totals: tuple[int, ...],
                             payouts: tuple[int, ...]) -> None:
    game = bura(players)
    match = match_from(game, _finished(game), dealer=0, totals=totals)
    assert match.result is not None
    assert match.result.payouts == payouts
    assert sum(payouts) + match.result.kept == 100 * players


@pytest.mark.parametrize(("options", "payouts", "kept"), [
    ({}, (0, 134, 133, 133), 0),
    ({"pot_remainder": "kept"}, (0, 133, 133, 133), 1),
    ({"stake": 7}, (0, 10, 9, 9), 0),
    ({"stake": 7, "pot_remainder": "kept"}, (0, 9, 9, 9), 1),
])
def test_u15_remainder_and_stake(options: dict[str, object], payouts: tuple[int, ...],
                                 kept: int) -> None:
    """Interpretation (U15): thirds are exact; the indivisible rest goes to the winner with
    the fewest points, ties by seat from the dealer's left, or stays in the pot."""
    game = bura(4, **options)
    match = match_from(game, _finished(game), dealer=0, totals=(15, 4, 4, 4))
    assert match.result is not None
    assert (match.result.payouts, match.result.kept) == (payouts, kept)
    assert all(isinstance(p, int) for p in payouts)


def test_u15_remainder_ties_by_seat_from_the_dealers_left() -> None:
    game = bura(4)
    match = match_from(game, _finished(game), dealer=2, totals=(4, 4, 15, 4))
    assert match.result is not None and match.result.payouts == (133, 133, 0, 134)


def test_house_rule_file_changes_split_and_bands_in_yaml(tmp_path: object) -> None:
    import pathlib

    assert isinstance(tmp_path, pathlib.Path)
    house = tmp_path / "kitchen.yaml"
    house.write_text(
        "extends: bura\n"
        "patch:\n"
        "  match: {pot: {split: {'1+1': [70, 30]}}}\n"
        "  scoring: {bands: {no_trick: {score: 8}}}\n")
    game = cardrules.load(house, players=3)
    match = match_from(game, _finished(game), dealer=0, totals=(2, 14, 6))
    assert match.result is not None and match.result.payouts == (210, 0, 90)
    state = _last_trick(game, ["AS AH 10S KS", "AD 10D", ""], [2, 1, 0])
    assert state.result is not None and state.result.scores == (0, 4, 8)
