"""UNO as RLCard plays it (``variants/uno.yaml``): a test for every rule of
``docs/rules/uno.md`` (U1-U16), each set up from an explicit position and citing its rule;
then the general shedding keys the game is made of (``upcard.wish: random``,
``redraw_shuffle``, ``lay_drawn.name``/``wild_acts``, ``draw.reshuffle_all``, the
``shuffle`` and ``random_suit`` hook points), the rules text and random games.
``tests/test_rlcard_uno.py`` plays RLCard's own games against these rules."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import Any

import pytest
from bank_support import legal
from rule_support import QUICK_LEAKS, play, refused
from shedding_support import hand, quick_bot, turned_up

import cardrules
from cardrules.families.shedding.hooks import RandomSuitInput
from cardrules.families.shedding.state import SheddingState
from cardrules.hooks import hook
from cardrules.tools.bots import QUICK_BOTS
from cardrules.tools.check import run_check
from cardrules.tools.describe import describe

STOCK = "2Y 4Y 6Y 8Y 1Y 0Y"
"""Yellow numbers to draw, the first listed first."""


@cache
def uno() -> cardrules.Game:
    """RLCard's UNO (two players)."""
    return cardrules.load("uno")


def deal(upcard: str, seed: int = 1) -> SheddingState:
    """A deal by P1 (P0 moves first) whose card turned up is ``upcard``, the rest in pack
    order, with the lots it draws seeded by ``seed``."""
    pack = uno().pack
    card = pack.parse(upcard)
    rest = [c for c in pack.cards if c != card]
    state = uno().new_deal(seed, dealer=1, order=[*rest[:-14], card, *rest[-14:]])
    assert isinstance(state, SheddingState)
    return state


def names(state: SheddingState, cards: Any) -> list[str]:
    """The names of ``cards`` (a zone's card sequence), in order."""
    return [state.game.pack.name(c) for c in cards]


# -- U1-U2: players and pack ---------------------------------------------------------------


def test_u1_two_players_only() -> None:
    """U1."""
    assert uno().players == 2
    with pytest.raises(cardrules.CardrulesError, match="players"):
        cardrules.load("uno", players=3)


def test_u2_108_cards_one_zero_two_of_the_rest_per_colour_and_eight_wild_cards() -> None:
    """U2."""
    pack = uno().pack
    assert pack.suits == ("R", "G", "B", "Y") and pack.count == 108
    count = Counter(pack.name(c) for c in pack.cards)
    assert count["0R"] == count["0Y"] == 1
    assert count["7G"] == count["SB"] == count["VY"] == count["DR"] == 2
    assert count["W"] == count["W4"] == 4
    assert len(count) == 4 * 13 + 2
    wild = pack.parse("W4")
    assert pack.suit(wild) < 0 and pack.rank(wild) < 0


# -- U3-U5: the deal -----------------------------------------------------------------------


def test_u3_seven_cards_each_and_the_player_left_of_the_dealer_first() -> None:
    """U3."""
    state = turned_up(uno(), "5R", dealer=1, hands={0: "W W4 0R 9G 9G/2 SB DY"})
    assert state.current_player == 0
    assert [h.bit_count() for h in state.hands] == [7, 7]
    assert hand(state, 0) == {"W", "W4", "0R", "9G", "SB", "DY"}
    assert names(state, state.pile) == ["5R"] and len(state.stock) == 108 - 15
    assert turned_up(uno(), "5R", dealer=0).current_player == 1


def test_u4_a_wild_draw_four_turned_up_is_shuffled_back_and_another_turned() -> None:
    """U4: it goes back into the stock, shuffled whole by the deal's lot (not under the
    stock), and the next card is turned."""
    turned = uno().pack.parse("W4")
    places = set()
    for seed in range(1, 9):
        state = deal("W4", seed=seed)
        assert len(state.pile) == 1 and names(state, state.pile) != ["W4"]
        assert len(state.stock) == 108 - 15 and turned in state.stock
        places.add(state.stock.index(turned))
        assert state.to_json() == deal("W4", seed=seed).to_json()  # the lot replays
    assert len(places) > 1  # shuffled back, not put under the stock

def test_u5_the_card_turned_up_acts_on_the_first_player() -> None:
    """U5: skip, P1 first; reverse, the dealer (P1) first; draw two, P0 draws two and
    plays; a wild card, a colour by lot; a number, nothing."""
    skip = deal("SR")
    assert skip.current_player == 1 and skip.hands[0].bit_count() == 7
    reverse = deal("VR")
    assert reverse.current_player == 1 and reverse.view(1).direction == "counterclockwise"
    two = deal("DR")
    assert two.current_player == 0 and two.hands[0].bit_count() == 9
    assert two.view(0).pending_draw == 0 and len(two.stock) == 108 - 17
    number = deal("5R")
    assert number.current_player == 0 and number.hands[0].bit_count() == 7
    colours = set()
    for seed in range(2, 14):
        wild = deal("W", seed=seed)
        assert wild.current_player == 0 and wild.phase == "turn"
        colours.add(wild.view(0).named_suit)
    assert colours == {"R", "G", "B", "Y"}


# -- U6-U11: a turn ------------------------------------------------------------------------


def test_u6_u7_colour_or_number_or_symbol_or_a_wild_card_naming_a_colour() -> None:
    """U6, U7."""
    game = uno()
    state = game.setup(hands=["7G 5R SR W W4 2B", "1R"], pile="5G", stock=STOCK)
    assert legal(state) == {"play 7G", "play 5R", "play W"}
    refused(state, "play SR", "U6-U8")
    named = play(state, "play W")
    assert legal(named) == {"name R", "name G", "name B", "name Y"}
    assert play(named, "name B").view(1).named_suit == "B"
    # after a wild card the colour alone: no number or symbol matches it
    wild = game.setup(hands=["7G 5R SR W W4 2B", "1R"], pile="5G W/2", named_suit="R",
                      stock=STOCK)
    assert legal(wild) == {"play 5R", "play SR", "play W"}
    symbol = game.setup(hands=["DR 3Y", "1R 2R"], pile="DG", stock=STOCK)
    assert legal(symbol) == {"play DR"}


def test_u8_a_wild_draw_four_only_when_nothing_else_may_be_laid() -> None:
    """U8: not with a card of the colour, nor of the number, nor a wild card."""
    game = uno()
    for held, allowed in (("W4 3Y", {"play W4"}), ("W4 W 3Y", {"play W"}),
                          ("W4 5R", {"play 5R"}), ("W4 9G", {"play 9G"})):
        state = game.setup(hands=[held, "1R"], pile="5G", stock=STOCK)
        assert legal(state) == allowed, held
    refused(game.setup(hands=["W4 W 3Y", "1R"], pile="5G", stock=STOCK), "play W4", "U6-U8")


def test_u9_a_player_draws_one_card_only_when_they_cannot_lay_one() -> None:
    """U9."""
    game = uno()
    stuck = game.setup(hands=["3Y 8B", "1R"], pile="5G", stock=STOCK)
    assert legal(stuck) == {"draw"}
    can = game.setup(hands=["3Y 8G", "1R"], pile="5G", stock=STOCK)
    assert legal(can) == {"play 8G"}
    refused(can, "draw", "U9")


def test_u10_a_card_drawn_of_the_colour_is_laid_at_once_else_kept() -> None:
    """U10: laid with its effect when of the colour to match; a card of the number but
    another colour is kept; either way the turn ends."""
    game = uno()
    laid = play(game.setup(hands=["3Y 8B", "1R"], pile="5G", stock="7G 2Y"), "draw")
    assert names(laid, laid.pile) == ["5G", "7G"] and hand(laid, 0) == {"3Y", "8B"}
    assert laid.current_player == 1
    kept = play(game.setup(hands=["3Y 8B", "1R"], pile="5G", stock="5B 2Y"), "draw")
    assert names(kept, kept.pile) == ["5G"] and hand(kept, 0) == {"3Y", "8B", "5B"}
    assert kept.current_player == 1
    named = play(game.setup(hands=["3Y 8B", "2G"], pile="5G W", named_suit="R",
                            stock="1R 2Y"), "draw")
    assert names(named, named.pile)[-1] == "1R" and named.view(1).named_suit is None
    skip = play(game.setup(hands=["3Y 8B", "1R"], pile="5G", stock="SG 2Y"), "draw")
    assert skip.current_player == 0 and names(skip, skip.pile)[-1] == "SG"
    two = play(game.setup(hands=["3Y 8B", "1R"], pile="5G", stock="DG 2Y 4Y"), "draw")
    assert two.current_player == 0 and hand(two, 1) == {"1R", "2Y", "4Y"}


def test_u11_a_wild_card_drawn_is_laid_its_colour_by_lot_and_no_effect() -> None:
    """U11: no colour named by the player; a wild draw four drawn makes nobody draw."""
    game = uno()
    colours = set()
    for seed in range(12):
        state = game.setup(hands=["3Y 8B", "1R"], pile="5G", stock="W 2Y",
                           shuffle_seed=seed + 1)
        wild = play(state, "draw")
        assert wild.phase == "turn" and wild.current_player == 1
        assert names(wild, wild.pile) == ["5G", "W"] and hand(wild, 0) == {"3Y", "8B"}
        colour = wild.view(1).named_suit
        assert colour in {"R", "G", "B", "Y"}
        assert play(state, "draw").view(1).named_suit == colour  # the lot replays
        colours.add(colour)
    assert colours == {"R", "G", "B", "Y"}
    four = play(game.setup(hands=["3Y 8B", "1R"], pile="5G", stock="W4 2Y 4Y 6Y 8Y"),
                "draw")
    assert four.current_player == 1 and hand(four, 1) == {"1R"}
    assert names(four, four.pile) == ["5G", "W4"] and four.view(1).named_suit is not None


# -- U12-U15: what cards do ----------------------------------------------------------------


def test_u12_after_a_skip_whoever_laid_it_moves_again() -> None:
    """U12."""
    state = play(uno().setup(hands=["SG 3Y", "1R"], pile="5G", stock=STOCK), "play SG")
    assert state.current_player == 0 and legal(state) == {"draw"}  # 3Y is not on SG


def test_u13_a_reverse_turns_the_direction_and_the_other_player_moves() -> None:
    """U13: no skip between two players."""
    state = play(uno().setup(hands=["VG 3Y", "1R"], pile="5G", stock=STOCK), "play VG")
    assert state.current_player == 1 and state.view(1).direction == "counterclockwise"


def test_u14_draw_two_and_wild_draw_four_draw_at_once_and_skip_no_stacking() -> None:
    """U14."""
    game = uno()
    two = play(game.setup(hands=["DG 3Y", "1R DR"], pile="5G", stock=STOCK), "play DG")
    assert two.current_player == 0 and hand(two, 1) == {"1R", "DR", "2Y", "4Y"}
    assert two.view(0).pending_draw == 0
    four = play(game.setup(hands=["W4 3Y", "1R W4/2"], pile="5G", stock=STOCK),
                "play W4", "name B")
    assert four.current_player == 0 and four.hands[1].bit_count() == 6
    assert four.view(0).named_suit == "B" and legal(four) == {"draw"}


def test_u15_the_whole_pile_top_too_is_shuffled_with_what_is_left_of_the_stock() -> None:
    """U15: remade when a card is to be drawn from an empty stock, or a draw two finds
    fewer than two; the top card stays the card to match though it lies in the stock.
    With nothing to draw (cardrules' limit reached) a player passes, and two passes in a
    row end the game with no winner (U16)."""
    game = uno()
    again = set()
    for seed in range(1, 13):
        empty = play(game.setup(hands=["3Y 8B", "1R"], pile="3R 9B 5G", stock="",
                                shuffle_seed=seed), "draw")
        assert empty.view(0).reshuffles == 1 and len(empty.stock) == 2
        (drawn,) = {"3R", "9B", "5G"} - set(names(empty, empty.stock))
        again.add(drawn == "5G")
        if drawn == "5G":  # the card to match itself, drawn again: green, so laid at once
            assert names(empty, empty.pile) == ["5G"] and hand(empty, 0) == {"3Y", "8B"}
        else:  # kept; the pile is empty and 5G, in the stock, is still the card to match
            assert empty.pile == () and hand(empty, 0) == {"3Y", "8B", drawn}
        assert empty.view(1).top == "5G" and empty.current_player == 1
    assert again == {True, False}
    short = play(game.setup(hands=["DG 3Y", "1R"], pile="3R 9B 5G", stock="8Y"),
                 "play DG")
    assert short.view(0).reshuffles == 1 and short.pile == ()
    assert short.view(0).top == "DG" and short.hands[1].bit_count() == 3
    # 8Y, still in the stock, and the pile 3R 9B 5G DG were shuffled together; two drawn
    assert sorted(names(short, short.stock) + [*hand(short, 1) - {"1R"}]) == \
        sorted(["8Y", "3R", "9B", "5G", "DG"])
    assert short.current_player == 0
    nothing = game.setup(hands=["3Y 8B", "1R"], pile="5G", stock="", reshuffled=100)
    assert legal(nothing) == {"pass"}
    assert play(nothing, "pass").current_player == 1
    blocked = play(nothing, "pass", "pass")  # both pass with nothing to draw: U16
    assert blocked.is_over and blocked.result is not None
    assert blocked.result.scores == (-1, -1)


def test_u15_the_card_to_match_back_in_a_hand_matches_itself() -> None:
    """U15: once the top card lies in the stock it may be drawn and held; RLCard then lets
    it be laid on itself (it is of the colour to match), and lays it at once when drawn
    (U10).  A saved state sets such a position: the card to match, 0R (one copy) or 5G,
    held by P0, the pile empty."""
    game = uno()
    for top, other in (("0R", "3Y"), ("5G", "3Y")):
        saved = game.setup(hands=[f"{top} {other}", "1R"], pile="", stock="2Y").to_json()
        state = game.state_from_json({**saved, "top": top})
        assert state.view(0).top == top and legal(state) == {f"play {top}"}
    drawn = game.setup(hands=["3Y", "1B"], pile="", stock="0R 2Y").to_json()
    drew = play(game.state_from_json({**drawn, "top": "0R"}), "draw")  # 0R itself
    assert hand(drew, 0) == {"3Y"} and names(drew, drew.pile) == ["0R"]


def test_u16_the_first_player_out_wins_plus_one_and_the_other_minus_one() -> None:
    """U16: at once, a last wild card naming nothing."""
    game = uno()
    out = play(game.setup(hands=["7G", "1R 2R"], pile="5G", stock=STOCK), "play 7G")
    assert out.is_over and out.result is not None and out.result.scores == (1, -1)
    wild = play(game.setup(hands=["2R", "W"], pile="5G", stock=STOCK, current=1),
                "play W")
    assert wild.is_over and wild.result is not None and wild.result.scores == (-1, 1)
    last_four = play(game.setup(hands=["W4", "1R 2R"], pile="5G", stock=STOCK), "play W4")
    assert last_four.is_over and last_four.result is not None
    assert last_four.result.scores == (1, -1)
    assert game.variant.match.deals == 1  # a match is one game


# -- the general keys, the hooks and the rules text -----------------------------------------


@hook("random_suit", "test.always_blue")
def always_blue(position: RandomSuitInput) -> int:
    """Blue, whatever the lot."""
    return position.pack.suits.index("B")


def test_the_random_suit_hook_draws_the_lot() -> None:
    """U5, U11: the lots come through the ``random_suit`` hook point."""
    game = cardrules.load({"extends": "uno", "patch": {"hooks": {
        "random_suit": "test.always_blue"}}})
    for seed in range(4):
        drawn = play(game.setup(hands=["3Y 8B", "1R"], pile="5G", stock="W 2Y",
                                shuffle_seed=seed + 1), "draw")
        assert drawn.view(1).named_suit == "B"


def test_the_default_random_suit_is_the_seeded_hooks_without_calling_it() -> None:
    """U5, U11: with the default hook the lot is worked out in place (no input record,
    no call): the suit the ``seeded`` hook gives for the same derived seed; a game that
    names another hook is asked through it."""
    from cardrules.engine.seeding import derive_seed
    from cardrules.families.shedding.effects import lot_suit
    from cardrules.families.shedding.hooks import seeded_suit

    game = uno()
    assert game.tables.seeded_suits
    hooked = cardrules.load({"extends": "uno", "patch": {"hooks": {
        "random_suit": "test.always_blue"}}})
    assert not hooked.tables.seeded_suits
    for seed in range(12):
        state = game.setup(hands=["3Y 8B", "1R"], pile="5G", stock="W 2Y",
                           shuffle_seed=seed + 1)
        assert isinstance(state, SheddingState)
        wild = game.pack.parse("W")
        expected = seeded_suit(RandomSuitInput(
            pack=game.pack, card=wild, seed=derive_seed(seed + 1, "suit", 7)))
        assert lot_suit(state, wild, 7) == expected
        assert play(state, "draw").view(1).named_suit == game.pack.suits[
            seeded_suit(RandomSuitInput(pack=game.pack, card=wild, seed=derive_seed(
                seed + 1, "suit", state.moves)))]


@pytest.mark.parametrize(("patch", "message"), [
    ({"draw": {"reshuffle": False}}, "reshuffle_all says how the stock is remade"),
    ({"starter_redraw": []}, "redraw_shuffle shuffles back a starter card"),
    ({"draw": {"lay_drawn": {"wild": False}}}, "but wild is false"),
    ({"wild": [{"rank": "W"}, {"rank": "W4", "last_resort": True}]},
     "no wild card names one"),
])
def test_general_keys_that_cannot_work_are_refused(patch: dict[str, Any],
                                                   message: str) -> None:
    with pytest.raises(cardrules.VariantError, match=message):
        cardrules.load({"extends": "uno", "patch": {"play": patch}})


def test_the_rules_text_says_the_rlcard_rules() -> None:
    text = "\n".join(describe(uno().variant))
    for words in ("only when no other card you hold may be laid",
                  "A wild card laid so has its suit drawn by lot and no effect on the next "
                  "player", "the whole pile, its top card too",
                  "W4 is shuffled back into the stock",
                  "a suit is drawn by lot, then the first player takes their turn",
                  "with two players holding cards the other player simply moves next"):
        assert words in text, words


def test_random_games_end_with_one_winner() -> None:
    """U16: every game ends, one player out, +1 and -1."""
    game = uno()
    for seed in range(60):
        state = game.new_deal(seed)
        rng = random.Random(seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        assert state.result is not None and sorted(state.result.scores) == [-1, 1]


def test_random_games_pass_the_conformance_checks() -> None:
    """The conformance checks (legality against the rules, JSON, views that leak no
    hidden card, re-sampling) over random games."""
    report = run_check("uno", games=20, seed=5, match_every=5, leak_share=QUICK_LEAKS)
    assert report.ok, report.failure


@pytest.mark.slow
def test_more_random_games_pass_the_conformance_checks() -> None:
    """As above, over 60 more games, every state searched for leaks (about 20 s)."""
    report = run_check("uno", games=60, seed=105, match_every=20)
    assert report.ok, report.failure


def test_the_quick_bots_pass_a_small_check() -> None:
    report = run_check("uno", games=3, seed=3, match_every=3, leak_share=QUICK_LEAKS,
                       policies={name: quick_bot(name) for name in QUICK_BOTS})
    assert report.ok, report.failure


RESHUFFLING = {"extends": "uno", "patch": {"deal": {"hand": 20},
                                           "pack": {"copies": 1, "left_out": ["0R"]}}}
"""UNO with one copy of each card and 20 cards each: a stock of 18 cards, remade often."""


def test_a_stock_remade_from_the_whole_pile_passes_the_conformance_checks() -> None:
    """U15 (``draw.reshuffle_all``): states whose card to match lies in the stock or in a
    hand after a reshuffle keep the checks (JSON, views, re-sampling) green."""
    game = cardrules.load(RESHUFFLING)
    remade = 0
    for seed in range(5):
        state = game.new_deal(seed)
        rng = random.Random(seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
            remade += sum(e.kind == "reshuffle" for e in state.events)
    assert remade >= 3
    report = run_check(RESHUFFLING, games=6, seed=1, match_every=3)
    assert report.ok, report.failure
