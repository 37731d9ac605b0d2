"""Mau-Mau (``variants/mau-mau.yaml``): a test for every rule of
``docs/rules/mau-mau.md`` (P1-P2, D1-D4, G1-G11, S1-S4, numbered as the project's
specification numbers them) and for every checkable fact F1-F10 of that specification,
each citing it; then the options, the rules text and random whole matches."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest
from bank_support import legal
from rule_support import QUICK_LEAKS, play, refused
from shedding_support import hand, quick_bot, turned_up

import cardrules
from cardrules.loader.resources import builtin_variants
from cardrules.tools.bots import QUICK_BOTS
from cardrules.tools.check import run_check
from cardrules.tools.describe import describe


@cache
def mau(players: int = 3, **options: Any) -> cardrules.Game:
    """Mau-Mau for ``players`` with ``options``."""
    return cardrules.load("mau-mau", players=players, options=options)


# -- P1, P2: players and pack ------------------------------------------------------------


def test_p1_two_to_five_players_each_for_themselves() -> None:
    for players in (2, 5):
        assert mau(players).players == players
        assert mau(players).partnerships == tuple((p,) for p in range(players))
    with pytest.raises(cardrules.CardrulesError, match="players"):
        cardrules.load("mau-mau", players=6)
    assert "mau-mau" in builtin_variants()


def test_p2_thirty_two_cards_and_no_rank_order() -> None:
    game = mau()
    assert game.pack.size == 32 and game.pack.ranks == ("7", "8", "9", "10", "J", "Q", "K",
                                                        "A")
    assert game.pack.suits == ("C", "S", "H", "D")
    # ranks only match: a low card is laid on a high one of its suit and the reverse
    assert legal(game.setup(hands=["7H", "9S", "8S"], pile="AH", stock="9D")) == {"play 7H", "draw"}
    assert legal(game.setup(hands=["AH", "9S", "8S"], pile="7H", stock="9D")) == {"play AH", "draw"}


# -- D1-D4: the deal ----------------------------------------------------------------------


def test_d1_the_first_dealer_by_lot_then_the_deal_passes_clockwise() -> None:
    game = mau(3)
    dealers = {game.new_match(seed).view(0).match["dealer"] for seed in range(12)}
    assert dealers == {0, 1, 2}
    assert game.variant.match.next_dealer.value == "clockwise"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_d2_five_cards_each_one_at_a_time_from_the_dealers_left(players: int) -> None:
    game = mau(players)
    state = turned_up(game, "9C", dealer=players - 1, hands={0: "AS KS QS JS 10S"})
    assert [state.hands[p].bit_count() for p in range(players)] == [5] * players
    assert hand(state, 0) == {"AS", "KS", "QS", "JS", "10S"}


def test_d3_the_rest_is_the_stock_its_top_card_turned_up_the_dealers_left_moves_first(
) -> None:
    state = turned_up(mau(3), "9C", dealer=1)
    assert [state.game.pack.name(c) for c in state.pile] == ["9C"]
    assert len(state.stock) == 32 - 15 - 1 and state.view(0).stock == len(state.stock)
    assert state.current_player == 2


def test_d4_the_upcard_counts_as_if_the_dealer_had_played_it() -> None:
    # mau_mau.md D4: a 7 makes the first player face a draw of 2 (F8 below), an 8 skips
    # them, a jack wishes nothing: its own suit counts and no jack may be laid on it
    skipped = turned_up(mau(3), "8C", dealer=0)
    assert skipped.current_player == 2 and skipped.view(2).pending_draw == 0
    jack = turned_up(mau(3), "JC", dealer=0, hands={1: "9C JH 9H 10D QS"})
    assert jack.current_player == 1 and jack.view(1).named_suit is None
    assert legal(jack) == {"play 9C", "draw"}
    assert "a J is never laid on a J" in refused(jack, "play JH", "G1-G2, G6")
    plain = turned_up(mau(3), "9C", dealer=0)
    assert plain.current_player == 1 and plain.view(1).pending_draw == 0


def test_f8_an_upcard_seven_makes_the_first_player_play_a_seven_or_draw_two() -> None:
    # mau_mau.md F8
    state = turned_up(mau(3), "7D", dealer=0, hands={1: "7S 9D KD AH QC"})
    assert state.current_player == 1 and state.view(1).pending_draw == 2
    assert legal(state) == {"play 7S", "draw"}
    refused(state, "play 9D", "G7")
    drew = play(state, "draw")
    assert drew.hands[1].bit_count() == 7 and drew.current_player == 2
    assert drew.view(2).pending_draw == 0


# -- G1-G11: a turn ------------------------------------------------------------------------


def test_g1_the_top_card_and_its_suit_or_the_suit_named_with_a_jack() -> None:
    game = mau()
    state = game.setup(hands=["9C 8H KH", "QS", "QD"], pile="8C 10H", stock="9D")
    assert legal(state) == {"play 8H", "play KH", "draw"}  # 10H on top: hearts
    named = game.setup(hands=["9C 8H KH", "QS", "QD"], pile="8C JH", named_suit="C",
                       stock="9D")
    assert legal(named) == {"play 9C", "draw"}  # clubs wished on the jack


def test_f1_suit_rank_or_jack_or_draw() -> None:
    # mau_mau.md F1
    state = mau().setup(hands=["9S KH 7C JD", "QS", "QD"], pile="9H", stock="9D")
    assert legal(state) == {"play 9S", "play KH", "play JD", "draw"}
    assert "7C does not beat 9H" in refused(state, "play 7C", "G1-G2, G6")
    after = play(state, "play JD")
    assert after.phase == "name_suit" and legal(after) == {"name C", "name S", "name H",
                                                           "name D"}


def test_g2_one_card_by_suit_rank_or_a_jack_never_a_jack_on_a_jack() -> None:
    game = mau()
    state = game.setup(hands=["QH JS JD", "QS", "QD"], pile="JC", stock="9D")
    assert legal(state) == {"draw"}  # QH: no match; no jack on a jack
    assert "a J is never laid on a J" in refused(state, "play JS", "G1-G2, G6")
    refused(game.setup(hands=["QH QS", "9S", "9D"], pile="QC"), "play QH QS", "G2")


def test_f2_the_wished_suit_only_and_no_jack_on_the_jack() -> None:
    # mau_mau.md F2
    state = mau().setup(hands=["8C 10D JH", "QS", "QD"], pile="JC", named_suit="D",
                        stock="9D")
    assert legal(state) == {"play 10D", "draw"}
    assert "neither of the named suit D" in refused(state, "play 8C", "G1-G2, G6")
    assert "a J is never laid on a J" in refused(state, "play JH", "G1-G2, G6")


def test_g3_draw_one_card_even_when_able_to_play_and_play_only_that_card() -> None:
    game = mau()
    state = game.setup(hands=["9H KC", "QS", "QD"], pile="9C", stock="QC 10D")
    assert "draw" in legal(state)  # though 9H and KC match
    drew = play(state, "draw")  # QC: it matches the top
    assert drew.current_player == 0 and legal(drew) == {"play QC", "pass"}
    assert "only a card you drew" in refused(drew, "play KC", "G1-G2, G6")
    refused(drew, "draw", "G3-G4")  # only one card is drawn
    kept = play(drew, "pass")
    assert kept.current_player == 1 and hand(kept, 0) == {"9H", "KC", "QC"}


def test_f6_a_drawn_card_that_matches_may_be_played_at_once_else_the_turn_ends() -> None:
    # mau_mau.md F6
    game = mau()
    matching = game.setup(hands=["QD", "KH", "QC"], pile="10S", stock="QS 9C", current=1)
    assert legal(matching) == {"draw"}
    drew = play(matching, "draw")
    assert drew.current_player == 1 and legal(drew) == {"play QS", "pass"}
    assert play(drew, "play QS").current_player == 2
    unmatched = game.setup(hands=["QD", "KH", "QC"], pile="10S", stock="8D 9C", current=1)
    drew = play(unmatched, "draw")
    assert legal(drew) == {"pass"}  # the turn ends (a pass that shows nothing of 8D)
    ended = play(drew, "pass")
    assert ended.current_player == 2 and hand(ended, 1) == {"KH", "8D"}


def test_g4_a_player_who_cannot_play_must_draw() -> None:
    state = mau().setup(hands=["QD 8C", "KH", "QC"], pile="10S", stock="9C 8D")
    assert legal(state) == {"draw"}
    refused(state, "pass", "G3-G4")


def test_g5_a_seven_puts_a_draw_of_two_on_the_next_player() -> None:
    state = play(mau().setup(hands=["7S 9C", "KH QD", "QC"], pile="10S", stock="9D 8D"),
                 "play 7S")
    assert state.current_player == 1 and state.view(1).pending_draw == 2


def test_g6_a_jack_names_any_suit_which_lasts_until_a_card_is_played_on_it() -> None:
    game = mau()
    state = game.setup(hands=["JS 9C", "KH QD", "8C 9H"], pile="10S", stock="9D 10C AC")
    state = play(state, "play JS", "name S")  # its own suit may be named
    assert state.view(1).named_suit == "S" and legal(state) == {"draw"}
    state = play(state, "draw", "pass")  # 9D drawn; the wish stays for the next player
    assert state.current_player == 2 and state.view(2).named_suit == "S"
    assert legal(state) == {"draw"}
    # a 7 or an 8 of the wished suit keeps its effect
    skip = play(game.setup(hands=["8S 9C", "KH QD", "9S 9H"], pile="JH", named_suit="S",
                           stock="9D 10C"), "play 8S")
    assert skip.current_player == 2 and skip.view(2).named_suit is None


def test_f3_a_seven_answers_a_seven_and_nothing_else_may_be_played() -> None:
    # mau_mau.md F3
    game = mau()
    state = play(game.setup(hands=["7S 9C", "7H AS", "QC 10D"], pile="10S",
                            stock="9D 8D 10C AC QH KD"), "play 7S")
    assert legal(state) == {"play 7H", "draw"}
    assert "you must draw 2 cards or lay a 7" in refused(state, "play AS", "G7")
    passed = play(state, "play 7H")
    assert passed.current_player == 2 and passed.view(2).pending_draw == 4
    drew = play(state, "draw")
    assert drew.current_player == 2 and drew.hands[1].bit_count() == 4
    assert drew.view(2).pending_draw == 0


def test_g7_a_pending_draw_adds_up_and_drawing_it_ends_the_turn() -> None:
    game = mau()
    state = play(game.setup(hands=["7S 9C", "7H AS", "KC QD"], pile="10S",
                            stock="9D 8D 10C AC QH KD"), "play 7S", "play 7H")
    assert legal(state) == {"draw"}  # P2 holds no 7 (and no jack counters it either)
    state = play(state, "draw")
    assert state.hands[2].bit_count() == 6 and state.current_player == 0
    assert state.view(0).pending_draw == 0 and legal(state) == {"draw"}  # on 7H: 9C no


def test_f4_three_sevens_in_a_row_make_six_and_a_fourth_passes_on_eight() -> None:
    # mau_mau.md F4
    game = mau(4)
    state = game.setup(hands=["7S 9C", "7H 9D", "7D QH", "7C 9S"], pile="10S",
                       stock="8C 8D 8H 8S 10C 10D 10H AC AD AH", current=0)
    state = play(state, "play 7S", "play 7H", "play 7D")
    assert state.current_player == 3 and state.view(3).pending_draw == 6
    assert legal(state) == {"play 7C", "draw"}
    four = play(state, "play 7C")
    assert four.current_player == 0 and four.view(0).pending_draw == 8
    drew = play(state, "draw")
    assert drew.hands[3].bit_count() == 8 and drew.current_player == 0


def test_g8_an_eight_skips_the_next_player_and_with_two_its_player_moves_again() -> None:
    two = play(mau(2).setup(hands=["8H 9C", "KH"], pile="10H", stock="9D"), "play 8H")
    assert two.current_player == 0 and legal(two) == {"draw"}  # 9C does not match 8H


def test_f5_after_an_eight_the_player_after_next_plays_on_it() -> None:
    # mau_mau.md F5
    state = play(mau(3).setup(hands=["8H 9C", "KH QH", "9H 8S JC QD"], pile="10H",
                              stock="9D"), "play 8H")
    assert state.current_player == 2
    assert legal(state) == {"play 9H", "play 8S", "play JC", "draw"}


def test_g9_an_empty_stock_is_remade_from_the_pile_but_its_top() -> None:
    game = mau()
    state = game.setup(hands=["9S KS", "KH", "QC"], pile="9D 10D", stock="")
    state = play(state, "draw")  # 9D is the only card under the top: it is drawn
    assert hand(state, 0) == {"9S", "KS", "9D"} and state.game.pack.name(state.top) == "10D"
    assert state.view(0).reshuffles == 1
    short = game.setup(hands=["QS 9C", "7H 9H", "KC"], pile="8D 7D", stock="AD",
                       current=2, pending=4)  # a 7 forced four: only AD and 8D are left
    drew = play(short, "draw")
    assert hand(drew, 2) == {"KC", "AD", "8D"}


def test_f9_the_cards_under_the_top_become_the_new_stock() -> None:
    # mau_mau.md F9
    state = mau().setup(hands=["9S KS", "KH", "QC"], pile="7C 8C 9C 10C AC QH", stock="")
    state = play(state, "draw")
    assert [state.game.pack.name(c) for c in state.pile] == ["QH"]
    assert len(state.stock) == 4 and state.hands[0].bit_count() == 3
    drawn = hand(state, 0) - {"9S", "KS"}
    assert drawn <= {"7C", "8C", "9C", "10C", "AC"}


def test_g10_the_deal_ends_when_a_player_plays_their_last_card() -> None:
    state = play(mau().setup(hands=["8H", "KH", "QC"], pile="10H", stock="9D"), "play 8H")
    assert state.is_over and state.current_player == -1


def test_f10_a_last_seven_ends_the_deal_and_its_draw_lapses() -> None:
    # mau_mau.md F10
    state = mau().setup(hands=["QS", "7C", "KH 9H"], pile="10C", stock="9D 8D", current=1)
    state = play(state, "play 7C")
    assert state.is_over and hand(state, 2) == {"KH", "9H"}


def test_g11_no_pass_without_playing_or_drawing() -> None:
    state = mau().setup(hands=["9S KH", "QH", "QC"], pile="9H", stock="9D")
    assert "pass" not in legal(state)
    refused(state, "pass", "G3-G4")


# -- S1-S4: scoring and the match ----------------------------------------------------------


def test_s1_s2_the_player_out_scores_0_the_others_their_cards_penalty_points() -> None:
    state = play(mau().setup(hands=["8H", "7C 8C 9C 10C", "JC QC KC AC"], pile="10H",
                             stock="9D"), "play 8H")
    assert state.scores == (0, 7 + 8 + 9 + 10, 20 + 3 + 4 + 11)


def test_f7_jack_ace_seven_left_cost_38() -> None:
    # mau_mau.md F7
    state = play(mau().setup(hands=["9H", "QC", "JS AH 7D"], pile="10H", stock="9D"),
                 "play 9H")
    assert state.scores[2] == 38 and state.scores[0] == 0


def test_s3_penalties_add_up_to_100_and_the_lowest_total_wins() -> None:
    game = mau(3)
    deal = play(game.setup(hands=["9H", "QC", "JS AH 7D"], pile="10H", stock="9D"),
                "play 9H")
    done = game.setup_match(deal, totals=[90, 62, 70])
    result = done.result
    assert result is not None and result.totals == (90, 65, 108)
    assert result.winners == (1,)
    goes_on = game.setup_match(deal, totals=[10, 20, 30])
    assert not goes_on.is_over  # 30 + 38 = 68: below 100
    tie = game.setup_match(deal, totals=[65, 62, 70]).result
    assert tie is not None and tie.winners == (0, 1)  # equal lowest totals share


def test_s4_the_next_deal_is_dealt_by_the_previous_dealers_left() -> None:
    game = mau(3)
    deal = play(game.setup(hands=["9H", "QC", "JS AH 7D"], pile="10H", stock="9D",
                           dealer=1), "play 9H")
    state = game.setup_match(deal, totals=[0, 0, 0], dealer=1)
    assert state.view(0).match["dealer"] == 2


# -- options ------------------------------------------------------------------------------


def test_option_stacking_none_a_seven_is_never_answered() -> None:
    state = play(mau(stacking="none").setup(hands=["7S 9C", "7H AS", "QC"], pile="10S",
                                            stock="9D 8D"), "play 7S")
    assert legal(state) == {"draw"}


def test_option_upcard_jack_dealer_names_a_suit_first() -> None:
    game = mau(3, upcard_jack="dealer_names")
    state = turned_up(game, "JC", dealer=0, hands={1: "9H 9C QS 10D KD"})
    assert state.current_player == 0 and state.phase == "name_suit"
    state = play(state, "name H")
    assert state.current_player == 1 and state.view(1).named_suit == "H"
    assert legal(state) == {"play 9H", "draw"}


def test_option_upcard_jack_first_player_names_a_suit_then_plays() -> None:
    game = mau(3, upcard_jack="first_player_names")
    state = turned_up(game, "JC", dealer=0, hands={1: "9H 9C QS 10D KD"})
    assert state.current_player == 1 and state.phase == "name_suit"
    state = play(state, "name D")
    assert state.current_player == 1 and state.phase == "turn"
    assert legal(state) == {"play 10D", "play KD", "draw"}


def test_option_upcard_jack_turned_again_buries_it() -> None:
    state = turned_up(mau(3, upcard_jack="turned_again"), "JC", dealer=0)
    assert state.game.pack.name(state.top) != "JC"
    assert state.game.pack.name(state.stock[0]) == "JC"  # under the stock, drawn last


def test_the_rules_text_says_the_mau_mau_rules() -> None:
    text = "\n".join(describe(mau().variant))
    for words in ("J", "7", "8", "penalty points", "as if the dealer had just played it",
                  "only a card drawn"):
        assert words in text, words


@pytest.mark.parametrize("options", [{}, {"stacking": "none"},
                                     {"upcard_jack": "dealer_names"},
                                     {"upcard_jack": "first_player_names"},
                                     {"upcard_jack": "turned_again"}])
@pytest.mark.parametrize("players", [2, 3, 5])
def test_whole_matches_between_random_bots_end(options: dict[str, str],
                                               players: int) -> None:
    game = mau(players, **options)
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new_match(seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        result = state.result
        assert result is not None and max(result.totals) >= 100 and result.deals < 40
        assert all(result.totals[p] == min(result.totals) for p in result.winners)


@pytest.mark.parametrize("options", [{}, {"stacking": "none"},
                                     {"upcard_jack": "dealer_names"},
                                     {"upcard_jack": "first_player_names"},
                                     {"upcard_jack": "turned_again"}],
                         ids=lambda o: "-".join(o.values()) or "default")
def test_every_option_value_passes_a_small_check(options: dict[str, str]) -> None:
    """The conformance checks (legality, JSON, views that leak no hidden card, re-sampling)
    on a few deals and a whole match, with the quick bots."""
    report = run_check({"extends": "mau-mau", "options": options}, games=3, seed=3,
                       match_every=3, leak_share=QUICK_LEAKS,
                       policies={name: quick_bot(name) for name in QUICK_BOTS})
    assert report.ok, report.failure


# -- the generic keys Mau-Mau is made of, refused where they make no sense ------------------


@pytest.mark.parametrize(("play", "message"), [
    ({"draw": {"at_will": True, "ends_turn": True, "play_drawn": True}},
     "play_drawn lets a player play the card they drew, but drawing ends the turn"),
    ({"wild": [], "upcard": {"wish": "dealer"}},
     "upcard wish dealer names a suit for a turned-up wild card, but no wild card names one"),
])
def test_upcard_and_drawn_card_keys_that_cannot_work_are_refused(play: dict[str, Any],
                                                                 message: str) -> None:
    with pytest.raises(cardrules.VariantError, match=message):
        cardrules.load({"extends": "mau-mau", "patch": {"play": play}}, players=3)


def test_without_as_played_the_upcard_does_nothing() -> None:
    game = cardrules.load({"extends": "mau-mau", "patch": {"play": {
        "upcard": {"as_played": False}}}}, players=3)
    state = turned_up(game, "7D", dealer=0)
    assert state.current_player == 1 and state.view(1).pending_draw == 0


def test_the_drawn_card_survives_json_and_a_tampered_one_is_refused() -> None:
    game = mau()
    drew = play(game.setup(hands=["9H KC", "QS", "QD"], pile="9C", stock="QC 10D"), "draw")
    again = game.state_from_json(drew.to_json())
    assert legal(again) == {"play QC", "pass"}
    data = drew.to_json()
    data["drawn_cards"] = [["QC"], ["QS"], []]  # player 1 drew nothing this turn
    with pytest.raises(cardrules.StateError, match="drawn cards"):
        game.state_from_json(data)


def test_passing_a_draw_with_nothing_to_draw_shows_only_that_no_seven_is_held() -> None:
    """G7, G9: facing a draw with nothing to draw, the player passes; that shows they
    hold no 7 (the only card that passes the draw on), not that they lack the top's suit."""
    game = mau()
    state = game.setup(hands=["KS QD", "9H", "9C"], pile="7S", stock="", pending=2)
    assert legal(state) == {"pass"}
    passed = play(state, "pass")
    shown = passed._missing[0]
    pack = game.pack
    assert not shown & (1 << pack.parse("KS")) and shown & (1 << pack.parse("7H"))
