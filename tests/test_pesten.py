"""Pesten (``variants/pesten.yaml``): a test for every rule of ``docs/rules/pesten.md``
(D1-D4, G1-G12, S1-S2, numbered as the project's specification numbers them) and for
every checkable fact F1-F8 of that specification, each citing it; then the general
shedding keys the game is made of (``forced_draw.answer: any_forced``, ``again``,
``not_last``, ``any_on``), the rules text and random whole matches."""

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

STOCK = "6S 6D 5S 5D 3S 10C 6H"
"""Plain cards to draw, none of them special."""


@cache
def pesten(players: int = 3, **options: Any) -> cardrules.Game:
    """Pesten for ``players`` with ``options``."""
    return cardrules.load("pesten", players=players, options=options)


# -- players and pack ----------------------------------------------------------------------


def test_two_to_five_players_with_one_pack_of_54() -> None:
    """Players and pack: 2-5 players, 52 cards and 2 jokers of no suit and no rank."""
    for players in (2, 5):
        assert pesten(players).players == players
    with pytest.raises(cardrules.CardrulesError, match="players"):
        cardrules.load("pesten", players=9)
    assert "pesten" in builtin_variants()
    pack = pesten().pack
    assert pack.size == 54 and pack.suits == ("C", "S", "H", "D")
    joker = pack.parse("JOKER")
    assert pack.suit(joker) < 0 and pack.rank(joker) < 0


def test_six_to_eight_players_with_two_packs_of_54() -> None:
    """Players and pack: with more than five players, two such packs: 108 cards, four
    jokers, two of each card (``play 9S`` lays either copy); still seven cards each."""
    for players in (6, 8):
        game = pesten(players)
        assert game.pack.size == 108 and len(game.pack.names(range(108))) == 108
        assert sum(1 for c in range(108) if game.pack.name(c) == "JOKER") == 4
        assert sum(1 for c in range(108) if game.pack.name(c) == "9S") == 2
        view = game.new_deal(3).view(0)
        assert len(view.hands[0]) == 7 and view.stock == 108 - 7 * players - 1
    text = "\n".join(describe(pesten(6).variant))
    assert "two such packs (108 cards) with 6 to 8 players" in text


# -- D1-D4: the deal -----------------------------------------------------------------------


def test_d1_the_first_dealer_at_random_then_the_next_player_clockwise() -> None:
    """D1."""
    game = pesten(3)
    dealers = {game.new_match(seed).view(0).match["dealer"] for seed in range(12)}
    assert dealers == {0, 1, 2}
    deal = play(game.setup(hands=["9H", "QC", "KS"], pile="10H", stock=STOCK, dealer=1),
                "play 9H")
    assert game.setup_match(deal, totals=[0, 0, 0], dealer=1).view(0).match["dealer"] == 2


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_d2_seven_cards_each_and_the_stocks_top_card_turned_up(players: int) -> None:
    """D2."""
    game = pesten(players)
    state = turned_up(game, "9C", dealer=players - 1, hands={0: "AS KS QS JS 10S 9S 3S"})
    assert [state.hands[p].bit_count() for p in range(players)] == [7] * players
    assert hand(state, 0) == {"AS", "KS", "QS", "JS", "10S", "9S", "3S"}
    assert [game.pack.name(c) for c in state.pile] == ["9C"]
    assert len(state.stock) == 54 - 7 * players - 1


def test_d3_play_starts_with_the_player_to_the_dealers_left() -> None:
    """D3."""
    assert turned_up(pesten(4), "9C", dealer=1).current_player == 2
    assert turned_up(pesten(4), "9C", dealer=3).current_player == 0


def test_d4_a_special_upcard_acts_as_if_the_dealer_had_played_it() -> None:
    """D4: 2 or joker a draw of 2 or 5; 8 a skip; A a reverse (the dealer's right
    starts); J the dealer names the suit; 7 nothing."""
    game = pesten(4)
    two = turned_up(game, "2C", dealer=0)
    assert two.current_player == 1 and two.view(1).pending_draw == 2
    joker = turned_up(game, "JOKER", dealer=0)
    assert joker.current_player == 1 and joker.view(1).pending_draw == 5
    eight = turned_up(game, "8C", dealer=0)
    assert eight.current_player == 2 and eight.view(2).pending_draw == 0
    ace = turned_up(game, "AC", dealer=0)
    assert ace.current_player == 3 and ace.view(3).direction == "counterclockwise"
    jack = turned_up(game, "JC", dealer=0, hands={1: "9H 9C QS 10D KD 3H 4H"})
    assert jack.current_player == 0 and jack.phase == "name_suit"
    jack = play(jack, "name H")
    assert jack.current_player == 1 and legal(jack) >= {"play 9H", "play 3H", "play 4H"}
    assert "play 9C" not in legal(jack)
    seven = turned_up(game, "7C", dealer=0)
    assert seven.current_player == 1 and seven.view(1).pending_draw == 0


def test_d4_with_two_players_an_upcard_ace_changes_nothing() -> None:
    """D4, G9."""
    state = turned_up(pesten(2), "AC", dealer=0)
    assert state.current_player == 1


# -- G1-G12: a turn ------------------------------------------------------------------------


def test_g1_the_top_card_its_suit_or_the_suit_named_and_anything_on_a_joker() -> None:
    """G1."""
    game = pesten()
    state = game.setup(hands=["9C 8H KH", "QS", "QD"], pile="8C 10H", stock=STOCK)
    assert legal(state) == {"play 8H", "play KH", "draw"}
    named = game.setup(hands=["9C 8H KH", "QS", "QD"], pile="8C JH", named_suit="C",
                       stock=STOCK)
    assert legal(named) == {"play 9C", "draw"}
    joker = game.setup(hands=["9C 8H KH", "QS", "QD"], pile="8C JOKER", stock=STOCK)
    assert legal(joker) == {"play 9C", "play 8H", "play KH", "draw"}


def test_f1_suit_rank_jack_joker_or_draw() -> None:
    """F1, G2."""
    state = pesten().setup(hands=["9D 4C KH JS JOKER", "QS", "QD"], pile="9C", stock=STOCK)
    assert legal(state) == {"play 9D", "play 4C", "play JS", "play JOKER", "draw"}
    assert "KH does not beat 9C" in refused(state, "play KH", "G1-G2")
    assert legal(play(state, "play JS")) == {"name C", "name S", "name H", "name D"}


def test_g2_one_card_by_suit_or_rank_or_a_jack_or_a_joker_and_a_jack_on_a_jack() -> None:
    """G2."""
    game = pesten()
    state = game.setup(hands=["QH JS JOKER", "QS", "QD"], pile="JC", stock=STOCK)
    assert legal(state) == {"play JS", "play JOKER", "draw"}
    refused(game.setup(hands=["QH QS", "9S", "9D"], pile="QC", stock=STOCK), "play QH QS",
            "G2")


def test_g3_draw_one_instead_and_play_it_if_it_fits_else_the_turn_ends() -> None:
    """G3: drawing is allowed even with a playable card; only the card drawn may then be
    played; a player with no playable card must draw."""
    game = pesten()
    state = game.setup(hands=["9H KC", "QS", "QD"], pile="9C", stock="QC 4S")
    assert "draw" in legal(state)
    drew = play(state, "draw")
    assert drew.current_player == 0 and legal(drew) == {"play QC", "pass"}
    assert "only a card you drew" in refused(drew, "play KC", "G1-G2")
    refused(drew, "draw", "G3, G6")
    unmatched = play(game.setup(hands=["9H KC", "QS", "QD"], pile="9C", stock="4D QC"),
                     "draw")
    assert legal(unmatched) == {"pass"}
    assert play(unmatched, "pass").current_player == 1
    stuck = game.setup(hands=["QD 8H", "KH", "QC"], pile="10S", stock=STOCK)
    assert legal(stuck) == {"draw"}
    refused(stuck, "pass", "G3, G6")


def test_g4_a_two_makes_the_next_player_draw_two_and_a_joker_five() -> None:
    """G4."""
    game = pesten()
    two = play(game.setup(hands=["2S 9C", "KH QD", "QC"], pile="10S", stock=STOCK),
               "play 2S")
    assert two.current_player == 1 and two.view(1).pending_draw == 2
    joker = play(game.setup(hands=["JOKER 9C", "KH QD", "QC"], pile="10S", stock=STOCK),
                 "play JOKER")
    assert joker.current_player == 1 and joker.view(1).pending_draw == 5


def test_g5_a_jack_names_one_of_the_four_suits() -> None:
    """G5, G1."""
    game = pesten()
    state = play(game.setup(hands=["JS 9C", "KH QD 4D", "QC"], pile="10S", stock=STOCK),
                 "play JS", "name D")
    assert state.current_player == 1 and state.view(1).named_suit == "D"
    assert legal(state) == {"play QD", "play 4D", "draw"}
    # its own suit may be named too
    own = play(game.setup(hands=["JS 9C", "KH QD 4S", "QC"], pile="10S", stock=STOCK),
               "play JS", "name S")
    assert legal(own) == {"play 4S", "draw"}


def test_g6_after_a_seven_the_same_player_plays_again_or_draws_one() -> None:
    """G6: after a 7 the player must play another card under G2 if they can; if they
    cannot they draw 1 and may play it if it fits; a further 7 repeats the rule."""
    game = pesten()
    state = play(game.setup(hands=["7D 7S 4S KC", "QH", "QC"], pile="9D", stock=STOCK),
                 "play 7D")
    assert state.current_player == 0 and legal(state) == {"play 7S"}
    state = play(state, "play 7S")  # a further 7: again
    assert state.current_player == 0 and legal(state) == {"play 4S"}
    assert play(state, "play 4S").current_player == 1
    fits = play(game.setup(hands=["7D KS 9C", "QH", "QC"], pile="9D", stock="5D 4C"),
                "play 7D")
    assert legal(fits) == {"draw"}
    drew = play(fits, "draw")  # 5D drawn: it fits on the 7D
    assert drew.current_player == 0 and legal(drew) == {"play 5D", "pass"}
    assert play(drew, "play 5D").current_player == 1
    assert play(drew, "pass").current_player == 1
    # a jack or a joker is a card that may be played on the 7 too
    wild = play(game.setup(hands=["7D JC JOKER 4H", "QH", "QC"], pile="9D", stock=STOCK),
                "play 7D")
    assert legal(wild) == {"play JC", "play JOKER"}


def test_f6_after_7d_3d_must_follow_and_ks_is_illegal_with_ks_alone_draw() -> None:
    """F6, G6."""
    game = pesten()
    state = play(game.setup(hands=["7D 3D KS", "QH", "QC"], pile="9D", stock=STOCK),
                 "play 7D")
    assert legal(state) == {"play 3D"}
    assert "KS does not beat 7D" in refused(state, "play KS", "G1-G2")
    assert "you draw only when you cannot" in refused(state, "draw", "G3, G6")
    alone = play(game.setup(hands=["7D KS", "QH", "QC"], pile="9D", stock=STOCK),
                 "play 7D")
    assert legal(alone) == {"draw"}


def test_g7_an_eight_skips_the_next_player() -> None:
    """G7."""
    two = play(pesten(2).setup(hands=["8H 9C", "KH"], pile="10H", stock=STOCK), "play 8H")
    assert two.current_player == 0


def test_f5_after_8s_p1_misses_the_turn_and_p2_plays_on_it() -> None:
    """F5, G7."""
    state = play(pesten(3).setup(hands=["8S 9C", "KS QS", "9S 8H JC QD"], pile="10S",
                                 stock=STOCK), "play 8S")
    assert state.current_player == 2
    assert legal(state) == {"play 9S", "play 8H", "play JC", "draw"}


def test_g8_facing_a_draw_pass_it_on_with_a_two_or_joker_or_draw_and_play_on() -> None:
    """G8: the totals add up across 2s and jokers; after drawing, a normal turn on the
    same top card; no other card while a draw is pending."""
    game = pesten(4)
    state = game.setup(hands=["2H 9C", "JOKER 9D", "2C 9S", "QS JD 4C"], pile="10H",
                       stock="3C 4H 5C 6C 3S 4S 5S 6S 3D 4D 5D 6D 7H 8D 9H 10C")
    state = play(state, "play 2H", "play JOKER", "play 2C")
    assert state.current_player == 3 and state.view(3).pending_draw == 9
    assert legal(state) == {"draw"}
    assert "you must draw 9 cards" in refused(state, "play JD", "G8")
    drew = play(state, "draw")
    assert drew.current_player == 3 and drew.hands[3].bit_count() == 12
    assert drew.view(3).pending_draw == 0
    assert {"play 4C", "play JD", "draw"} <= legal(drew)  # a normal turn on the 2C


def test_f2_a_two_is_answered_by_a_two_or_the_joker_or_two_cards_drawn() -> None:
    """F2, G8."""
    game = pesten()
    state = play(game.setup(hands=["2H 9C", "2S 5H JOKER", "QC KD"], pile="9H",
                            stock=STOCK), "play 2H")
    assert legal(state) == {"play 2S", "play JOKER", "draw"}
    assert play(state, "play 2S").view(2).pending_draw == 4
    assert play(state, "play JOKER").view(2).pending_draw == 7
    assert "lay a card that makes the next player draw" in refused(state, "play 5H", "G8")
    drew = play(state, "draw")
    assert drew.current_player == 1 and drew.hands[1].bit_count() == 5
    assert "play 5H" in legal(drew)
    assert play(drew, "play 5H").current_player == 2


def test_f3_after_a_joker_draw_five_then_any_card_or_draw_one() -> None:
    """F3, G1, G8."""
    game = pesten()
    state = play(game.setup(hands=["JOKER 9C", "4H KS QD", "QC KD"], pile="9H",
                            stock=STOCK), "play JOKER")
    assert legal(state) == {"draw"}
    drew = play(state, "draw")
    assert drew.current_player == 1 and drew.hands[1].bit_count() == 8
    assert legal(drew) == {*(f"play {c}" for c in hand(drew, 1)), "draw"}
    assert play(drew, "draw").current_player == 1


def test_g9_an_ace_reverses_the_direction_and_with_two_the_opponent_moves_next() -> None:
    """G9."""
    state = play(pesten(3).setup(hands=["AH 9C", "KH", "QH 9S"], pile="10H", stock=STOCK),
                 "play AH")
    assert state.current_player == 2 and state.view(2).direction == "counterclockwise"
    two = play(pesten(2).setup(hands=["AH 9C", "KH 9S"], pile="10H", stock=STOCK),
               "play AH")
    assert two.current_player == 1


def test_f4_four_players_p1_plays_ah_and_p0_moves_next() -> None:
    """F4, G9, G12."""
    state = pesten(4).setup(hands=["QH 9C", "AH 9D", "QS", "QD"], pile="10H", stock=STOCK,
                            current=1)
    state = play(state, "play AH")
    assert state.current_player == 0 and state.view(0).direction == "counterclockwise"
    state = play(state, "play QH")
    assert state.current_player == 3  # on round the other way


def test_g10_no_going_out_on_a_special_card() -> None:
    """G10: a player whose only card is a 2, 7, 8, J, A or joker may not play it and
    must draw; facing a draw, a last 2 or joker does not pass it on either."""
    game = pesten()
    for card, top in (("2H", "9H"), ("7H", "9H"), ("8H", "9H"), ("JH", "9C"),
                      ("AH", "9H"), ("JOKER", "9H")):
        state = game.setup(hands=[card, "QS", "QD"], pile=top, stock=STOCK)
        assert legal(state) == {"draw"}, card
        assert "nobody goes out on 2 7 8 J A JOKER" in refused(state, f"play {card}", "G10")
    facing = game.setup(hands=["QS 9C", "2S", "QD"], pile="2H", stock=STOCK, current=1,
                        pending=2)
    assert legal(facing) == {"draw"}
    refused(facing, "play 2S", "G10")
    plain = play(game.setup(hands=["9H", "QS", "QD"], pile="10H", stock=STOCK), "play 9H")
    assert plain.is_over


def test_f7_a_last_8h_on_8c_may_not_be_played() -> None:
    """F7, G10."""
    state = pesten().setup(hands=["8H", "QS", "QD"], pile="8C", stock=STOCK)
    assert legal(state) == {"draw"}
    refused(state, "play 8H", "G10")
    drew = play(state, "draw")  # 3C: no match
    assert hand(drew, 0) == {"8H", "6S"} and legal(drew) == {"pass"}


def test_g11_an_empty_stock_is_remade_from_the_pile_but_its_top() -> None:
    """G11."""
    state = pesten().setup(hands=["9S KS", "KH", "QC"], pile="4D 5D 10D", stock="")
    state = play(state, "draw")
    assert state.game.pack.name(state.top) == "10D" and state.view(0).reshuffles == 1
    assert hand(state, 0) - {"9S", "KS"} <= {"4D", "5D"}


def test_g12_play_follows_the_direction() -> None:
    """G12."""
    game = pesten(4)
    state = game.setup(hands=["QH 9C", "KH 9D", "4H", "7C 9H"], pile="10H", stock=STOCK)
    assert play(state, "play QH").current_player == 1
    back = game.setup(hands=["QH 9C", "KH 9D", "4H", "7C 9H"], pile="10H", stock=STOCK,
                      counterclockwise=True)
    assert play(back, "play QH").current_player == 3


def test_f8_on_jd_with_spades_named_jc_and_4s_not_4d() -> None:
    """F8, G1, G2."""
    state = pesten().setup(hands=["JC 4S 4D", "QS", "QD"], pile="JD", named_suit="S",
                           stock=STOCK)
    assert legal(state) == {"play JC", "play 4S", "draw"}
    assert "neither of the named suit S" in refused(state, "play 4D", "G1-G2")


# -- S1-S2: the result ---------------------------------------------------------------------


def test_s1_the_first_player_out_wins_the_deal_no_points_score() -> None:
    """S1."""
    state = play(pesten().setup(hands=["9H", "QC 2C", "JS AH 7D"], pile="10H",
                                stock=STOCK), "play 9H")
    assert state.is_over and state.scores == (1, 0, 0)


def test_s2_wins_are_counted_over_a_number_of_deals() -> None:
    """S2."""
    game = pesten(3)
    assert game.variant.match.deals == 5
    assert pesten(3, deals=9).variant.match.deals == 9
    deal = play(game.setup(hands=["9H", "QC", "JS"], pile="10H", stock=STOCK), "play 9H")
    assert not game.setup_match(deal, totals=[1, 2, 0]).is_over
    done = game.setup_match(deal, totals=[1, 2, 1], index=4).result
    assert done is not None and done.totals == (2, 2, 1) and done.winners == (0, 1)


# -- the general keys ------------------------------------------------------------------------


def test_the_rules_text_says_the_pesten_rules() -> None:
    text = "\n".join(describe(pesten().variant))
    for words in ("After laying a 7", "Any card may be laid on a JOKER",
                  "You may not go out on 2 7 8 J A JOKER",
                  "any card that makes a player draw (2 JOKER)"):
        assert words in text, words


@pytest.mark.parametrize(("patch", "message"), [
    ({"again": {"Z": "compulsory"}}, "unknown rank or face 'Z'"),
    ({"not_last": ["Z"]}, "unknown rank or face 'Z'"),
    ({"any_on": ["Z"]}, "unknown rank or face 'Z'"),
    ({"again": {"J": "optional"}}, "J is a wild card"),
    ({"again": {"2": "compulsory"}}, "would move again facing their own draw"),
])
def test_general_keys_that_cannot_work_are_refused(patch: dict[str, Any],
                                                   message: str) -> None:
    with pytest.raises(cardrules.VariantError, match=message):
        cardrules.load({"extends": "pesten", "patch": {"play": patch}}, players=3)


def test_again_optional_is_a_follow_up_that_may_end_the_turn() -> None:
    """``again: {K: optional}``: after a king, one more card that beats it, or pass."""
    game = cardrules.load({"extends": "pesten", "patch": {"play": {
        "again": {"7": "compulsory", "K": "optional"}}}}, players=3)
    state = play(game.setup(hands=["KH QH 4S", "QS", "QD"], pile="9H", stock=STOCK),
                 "play KH")
    assert state.current_player == 0 and legal(state) == {"play QH", "pass"}
    assert play(state, "pass").current_player == 1


def test_a_seven_may_be_followed_by_a_draw_when_nothing_fits_with_an_empty_stock() -> None:
    """G6, G11: with nothing to draw (the stock remade 20 times already) a player who
    cannot follow the 7 passes."""
    state = play(pesten().setup(hands=["7D KS", "QH", "QC"], pile="7C", stock="",
                                reshuffled=20),
                 "play 7D")
    assert legal(state) == {"pass"}
    assert play(state, "pass").current_player == 1


def test_a_seven_with_an_empty_stock_must_be_followed_when_a_card_fits() -> None:
    """G6, G11: with nothing to draw, a player who can follow the 7 must: no pass (the
    legality sweep over more player counts found the rule letting it through)."""
    state = play(pesten().setup(hands=["7D 5D KS", "QH", "QC"], pile="7C", stock="",
                                reshuffled=20),
                 "play 7D")
    assert legal(state) == {"play 5D"}
    assert "you pass only when you cannot" in refused(state, "pass", "G3, G6")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_whole_matches_between_random_bots_end(players: int) -> None:
    game = pesten(players)
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new_match(seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        result = state.result
        assert result is not None and result.deals == 5
        assert sum(result.totals) <= 5
        assert all(result.totals[p] == max(result.totals) for p in result.winners)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_hundred_random_deals_end_with_one_winner_or_blocked(players: int) -> None:
    """S1, G10, G11: every deal ends, won by playing a last card that is not special, or
    blocked once the stock may be remade no more."""
    game = pesten(players)
    special = {"2", "7", "8", "J", "A"}
    for seed in range(100):
        rng = random.Random(seed)
        state = game.new_deal(seed)
        while not state.is_over:
            last = state.apply(rng.choice(state.legal_actions()))
            if last.is_over and last.scores != (0,) * players:
                winner = last.scores.index(1)
                card = game.pack.name(last.events[0].cards[-1])
                assert last.events[0].player == winner and card != "JOKER"
                assert card[:-1] not in special, card
            state = last
        assert sum(state.scores) <= 1


@pytest.mark.parametrize(("players", "games"), [(2, 5), (3, 5), (4, 5), (5, 5), (6, 2),
                                                (8, 2)])
def test_random_games_pass_the_conformance_checks(players: int, games: int) -> None:
    """The conformance checks (legality against the rules, JSON, views that leak no
    hidden card, re-sampling) over random games per player count (a deal of random play
    is long: about a thousand moves, more with two packs)."""
    report = run_check("pesten", players=[players], games=games, seed=players,
                       options={"deals": 1}, match_every=5, leak_share=QUICK_LEAKS)
    assert report.ok, report.failure


@pytest.mark.slow
@pytest.mark.parametrize(("players", "games"), [(2, 20), (3, 20), (4, 20), (5, 20), (6, 5),
                                                (7, 5), (8, 5)])
def test_more_random_games_pass_the_conformance_checks(players: int, games: int) -> None:
    """As above, over 20 one-deal games per player count with one pack and 5 with two
    (about 20,000 checked moves: most of a minute each; the soak and `cardrules check
    pesten` run longer)."""
    report = run_check("pesten", players=[players], games=games, seed=100 + players,
                       options={"deals": 1}, match_every=games, leak_share=QUICK_LEAKS)
    assert report.ok, report.failure


def test_the_quick_bots_pass_a_small_check() -> None:
    report = run_check("pesten", games=3, seed=3, match_every=3, leak_share=QUICK_LEAKS,
                       policies={name: quick_bot(name) for name in QUICK_BOTS})
    assert report.ok, report.failure


@pytest.mark.parametrize(("packs", "message"), [
    ({"9": 2}, "packs for 9 players, but the game is for 2 to 8"),
    ({"6": 4}, "at most 8"),
])
def test_packs_by_players_that_cannot_hold_are_refused(packs: dict[str, int],
                                                       message: str) -> None:
    """Players and pack: ``pack.packs_by_players`` names player counts the game allows,
    and at most eight copies of a card."""
    patch: dict[str, Any] = {"pack": {"packs_by_players": packs}}
    if "6" in packs:
        patch["pack"]["copies"] = 3
    with pytest.raises(cardrules.VariantError, match=message):
        cardrules.load({"extends": "pesten", "patch": patch}, players=6)
