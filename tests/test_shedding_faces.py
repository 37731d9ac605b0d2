"""Shedding keys for packs of coloured cards and custom faces (issue 26), as scenario
tests from explicit positions on a small pack: rules naming a face of ``pack.faces``
(``W``, ``W4``) as well as a rank (``wild``, ``forced_draw.ranks``, ``after_turn``,
``starter_redraw``, ``upcard.effects``), resolved when the variant loads with a clear
error for a name that is neither; a wild card laid only as a last resort
(``wild[].last_resort``); a card drawn laid at once when it matches (``draw.lay_drawn``);
what the card turned up to start the pile does (``upcard.effects``); and the
conformance checks over all of them."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml
from bank_support import legal
from rule_support import QUICK_LEAKS, play, refused

import cardrules
from cardrules.cards import mask_of
from cardrules.families.shedding.state import SheddingState
from cardrules.tools.check import run_check
from cardrules.tools.describe import describe

COLOURS: dict[str, Any] = {
    "name": "colours",
    "players": {"min": 2, "max": 4},
    "pack": {"ranks": ["1", "2", "S", "R", "D"], "suits": ["R", "G"],
             "faces": [{"name": "W", "count": 2}, {"name": "W4", "count": 2}]},
    "zones": {"stock": "hidden", "hand": "owner", "pile": "public", "taken": "public"},
    "deal": {"hand": 3, "starter": 1},
    "play": {"procedure": "shedding", "beats": ["same_suit", "same_rank"],
             "trumps": {"mode": "none"},
             "wild": [{"rank": "W", "then": "name_suit"},
                      {"rank": "W4", "then": "name_suit", "on_itself": False}],
             "draw": {"at_will": True, "max_per_turn": 1},
             "forced_draw": {"ranks": {"D": 2, "W4": 4}, "answer": "same_rank"},
             "after_turn": {"S": "skip", "R": "reverse"},
             "starter_redraw": ["W4"],
             "take_min": 100, "ends": "first_out"},
    "scoring": {"take_points": False,
                "hand_penalty": {"mode": "by_card", "ranks": {"S": 20}}},
    "match": {"goal": "lowest_total", "target": 100, "next_dealer": "clockwise"},
    "references": {"beating": "R2", "must_beat": "R3"},
}


def colours(players: int = 3, **play: Any) -> cardrules.Game:
    """The small coloured pack's game, with keys of ``play`` replaced."""
    variant = copy.deepcopy(COLOURS)
    variant["play"].update(play)
    return cardrules.load(variant, players=players)


def held(state: SheddingState, player: int) -> int:
    return state.hands[player].bit_count()


def test_a_wild_face_is_laid_on_anything_and_names_a_colour() -> None:
    state = colours().setup(hands=["W 1G", "2R 2G", "1R"], pile="SR", stock="RG DG")
    assert legal(state) == {"play W", "draw"}
    state = play(state, "play W")
    assert state.phase == "name_suit"
    state = play(state, "name G")
    assert state.current_player == 1 and legal(state) == {"play 2G", "draw"}


def test_a_face_forces_a_draw_and_only_the_same_face_passes_it_on() -> None:
    game = colours()
    state = game.setup(hands=["W4 1G", "W4/2 DR 2G", "1R"], pile="SR",
                       stock="2R SG RG RR DG W W/2")
    state = play(state, "play W4", "name G")
    assert state.current_player == 1 and state.pending == 4
    assert legal(state) == {"play W4", "draw"}  # a draw-two does not answer a W4
    state = play(state, "play W4", "name R")
    assert state.current_player == 2 and state.pending == 8
    state = play(state, "draw")
    assert held(state, 2) == 8 and state.pending == 0  # what the stock held


def test_a_rank_entry_and_a_face_entry_live_side_by_side() -> None:
    state = colours().setup(hands=["DR 1G", "2G RG", "1R"], pile="SR", stock="DG SG RR")
    state = play(state, "play DR")
    assert state.current_player == 1 and state.pending == 2


def test_any_forced_passes_a_draw_on_with_a_face_or_a_rank_that_forces_one() -> None:
    """``forced_draw.answer: any_forced``: a draw-two answers a W4 and a W4 a draw-two,
    the counts adding up."""
    game = colours(forced_draw={"ranks": {"D": 2, "W4": 4}, "answer": "any_forced"})
    state = game.setup(hands=["W4 1G", "DG 2G", "W4/2 1R"], pile="SR",
                       stock="2R SG RG RR DR W W/2")
    state = play(state, "play W4", "name G")
    assert legal(state) == {"play DG", "draw"}
    state = play(state, "play DG")
    assert state.current_player == 2 and state.pending == 6
    assert legal(state) == {"play W4", "draw"}
    with pytest.raises(cardrules.IllegalActionError,
                       match="lay a card that makes the next player draw"):
        state.apply("play 1R")


def test_a_face_is_never_laid_on_itself_when_the_wild_says_so() -> None:
    state = colours().setup(hands=["W4/2 1G", "2G RG", "1R"], pile="W4", named="R",
                            stock="DG SG")
    assert legal(state) == {"draw"}


def test_a_face_may_have_an_effect_on_the_next_player() -> None:
    game = colours(after_turn={"W": "skip", "S": "skip"})
    state = game.setup(hands=["W 1G", "2G RG", "SR 2R"], pile="1R", stock="DG SG")
    state = play(state, "play W", "name R")
    assert state.current_player == 2


def test_a_face_named_to_be_redrawn_never_starts_the_pile() -> None:
    game = colours()
    copies = mask_of(c for c in range(game.pack.size) if game.pack.name(c) == "W4")
    assert game.tables.redraw == copies
    for seed in range(40):
        state = game.new_deal(seed)
        assert isinstance(state, SheddingState) and game.pack.name(state.top) != "W4"


@pytest.mark.parametrize(("play_keys", "path"), [
    ({"wild": [{"rank": "W9"}]}, "play.wild[0].rank"),
    ({"after_turn": {"W9": "skip"}}, "play.after_turn"),
    ({"forced_draw": {"ranks": {"W9": 4}}}, "play.forced_draw.ranks"),
    ({"starter_redraw": ["W9"]}, "play.starter_redraw[0]"),
])
def test_an_unknown_face_is_refused_with_the_names_there_are(play_keys: dict[str, Any],
                                                            path: str) -> None:
    with pytest.raises(cardrules.VariantError) as caught:
        colours(**play_keys)
    message = str(caught.value)
    assert "unknown rank or face 'W9'; write a rank (1, 2, S, R, D), or a face (W, W4)" \
        in message and path in message


def test_the_rules_text_names_the_faces() -> None:
    text = "\n".join(describe(colours().variant))
    assert "W4 may be laid on any top card" in text
    assert "with a W4 on top, the next player must draw 4 cards" in text
    assert "A starter card of rank or face W4 is put under the stock" in text


# -- a wild card laid only as a last resort -------------------------------------------------


def last_resort() -> cardrules.Game:
    return colours(wild=[{"rank": "W", "then": "name_suit"},
                         {"rank": "W4", "then": "name_suit", "last_resort": True}])


def test_a_last_resort_wild_waits_while_another_card_may_be_laid() -> None:
    game = last_resort()
    state = game.setup(hands=["W4 1R 2G", "2R RG", "SR"], pile="1G", stock="DG SG")
    assert legal(state) == {"play 1R", "play 2G", "draw"}
    assert "W4 may be laid only when no other card you hold may be" \
        in refused(state, "play W4", "R2")


def test_another_wild_card_counts_as_a_card_that_may_be_laid() -> None:
    state = last_resort().setup(hands=["W4 W 2R", "1R RG", "SR"], pile="1G",
                                stock="DG SG")
    assert legal(state) == {"play W", "draw"}


def test_a_last_resort_wild_is_laid_when_nothing_else_may_be() -> None:
    state = last_resort().setup(hands=["W4 2R", "RG DG", "SR"], pile="1G", stock="SG")
    assert legal(state) == {"play W4", "draw"}
    state = play(state, "play W4", "name G")
    assert state.current_player == 1 and state.pending == 4


def test_the_rules_text_says_when_a_last_resort_is_laid() -> None:
    text = "\n".join(describe(last_resort().variant))
    assert "A W4 may be laid on any top card, but only when no other card you hold may " \
        "be laid" in text


def test_a_last_resort_wild_cannot_go_with_group_moves() -> None:
    with pytest.raises(cardrules.VariantError, match="last_resort wild card"):
        cardrules.load({"extends": "crazy_eights", "patch": {"play": {
            "wild": [{"rank": "8", "last_resort": True}],
            "groups": [{"kind": "same_rank", "size": 2}]}}}, players=3)


# -- a card drawn that matches is laid at once ------------------------------------------------


def lay_drawn(**lay: Any) -> cardrules.Game:
    return colours(draw={"lay_drawn": lay})


def test_only_a_player_who_cannot_lay_a_card_draws() -> None:
    state = lay_drawn().setup(hands=["1R SG", "2G RG", "1G"], pile="2R", stock="DG SR")
    assert legal(state) == {"play 1R"}
    assert "play it, do not draw" in refused(state, "draw", "R3")


def test_a_card_drawn_of_the_tops_colour_is_laid_at_once_with_its_effect() -> None:
    state = lay_drawn().setup(hands=["1G SG", "2G RG", "DG"], pile="2R", stock="RR SR")
    assert legal(state) == {"draw"}
    state = play(state, "draw")
    assert state.game.pack.name(state.top) == "RR" and held(state, 0) == 2
    assert state.current_player == 2  # the reverse turned the direction round


def test_a_draw_two_drawn_and_laid_makes_the_next_player_draw() -> None:
    state = lay_drawn().setup(hands=["1G SG", "2G RG", "DG"], pile="2R", stock="DR SR 1R")
    state = play(state, "draw")
    assert state.current_player == 1 and state.pending == 2


def test_a_card_drawn_that_matches_only_by_rank_is_kept_and_the_turn_ends() -> None:
    state = lay_drawn().setup(hands=["1G SG", "RG DG", "SR"], pile="2R", stock="2G RR")
    state = play(state, "draw")
    assert state.game.pack.name(state.top) == "2R" and held(state, 0) == 3
    assert state.current_player == 1


def test_matching_by_rank_too_is_data() -> None:
    state = lay_drawn(matches=["same_suit", "same_rank"]).setup(
        hands=["1G SG", "RG DG", "SR"], pile="2R", stock="2G RR")
    state = play(state, "draw")
    assert state.game.pack.name(state.top) == "2G" and state.current_player == 1


def test_a_wild_card_drawn_is_laid_and_its_player_names_a_colour() -> None:
    state = lay_drawn().setup(hands=["1G SG", "RG DG", "SR"], pile="2R", stock="W RR")
    state = play(state, "draw")
    assert state.phase == "name_suit" and state.current_player == 0
    state = play(state, "name G")
    assert state.current_player == 1 and legal(state) == {"play RG", "play DG"}


def test_a_wild_card_drawn_is_kept_when_the_data_says_so() -> None:
    state = lay_drawn(wild=False).setup(hands=["1G SG", "RG DG", "SR"], pile="2R",
                                        stock="W RR")
    state = play(state, "draw")
    assert held(state, 0) == 3 and state.current_player == 1


def test_after_a_named_colour_only_that_colour_is_laid_at_once() -> None:
    state = lay_drawn().setup(hands=["1R SR", "RG DG", "SG"], pile="W", named="G",
                              stock="2G RR")
    state = play(state, "draw")
    assert state.game.pack.name(state.top) == "2G" and state.current_player == 1


def test_the_rules_text_says_what_a_card_drawn_does() -> None:
    text = "\n".join(describe(lay_drawn().variant))
    assert "If you cannot lay a card, draw one (you may not draw while you can lay one); " \
        "the card drawn is laid at once, without a choice, if it is any card of the same " \
        "suit; or a wild card" in text


@pytest.mark.parametrize(("draw", "words"), [
    ({"lay_drawn": {}, "play_drawn": True}, "drop draw.play_drawn and draw.ends_turn"),
    ({"lay_drawn": {}, "at_will": True, "max_per_turn": 2}, "set max_per_turn to 1"),
    ({"lay_drawn": {"matches": [{"rank": "Z"}]}}, "unknown rank 'Z'"),
])
def test_bad_lay_drawn_keys_are_refused(draw: dict[str, Any], words: str) -> None:
    with pytest.raises(cardrules.VariantError, match=words):
        colours(draw=draw)



# -- a forced draw drawn at once ---------------------------------------------------------------


def at_once(then: str = "turn_ends") -> cardrules.Game:
    return colours(forced_draw={"ranks": {"D": 2, "W4": 4}, "answer": "none",
                                "at_once": True, "then": then})


def test_a_forced_draw_at_once_is_drawn_with_no_move_and_the_turn_is_lost() -> None:
    state = at_once().setup(hands=["DR 1G", "2G RG", "SR 2R"], pile="1R",
                            stock="DG SG RR")
    state = play(state, "play DR")
    assert held(state, 1) == 4 and state.pending == 0 and state.current_player == 2


def test_a_forced_draw_at_once_may_let_the_player_play_on() -> None:
    state = at_once("play_on").setup(hands=["DR 1G", "2G RG", "SR 2R"], pile="1R",
                                     stock="DG SG RR")
    state = play(state, "play DR")
    assert held(state, 1) == 4 and state.current_player == 1
    assert legal(state) == {"play DG", "draw"}


def test_a_wild_draw_four_at_once_is_drawn_after_the_colour_is_named() -> None:
    state = at_once().setup(hands=["W4 1G", "2G RG", "SR 2R"], pile="1R",
                            stock="DG SG RR W")
    state = play(state, "play W4")
    assert held(state, 1) == 2
    state = play(state, "name G")
    assert held(state, 1) == 6 and state.current_player == 2


def test_the_rules_text_says_a_draw_is_made_at_once() -> None:
    text = "\n".join(describe(at_once().variant))
    assert "The player made to draw draws at once, as the turn ends, and then loses " \
        "their turn." in text


def test_a_draw_at_once_cannot_be_answered() -> None:
    with pytest.raises(cardrules.VariantError, match="leaves no time to answer it"):
        colours(forced_draw={"ranks": {"D": 2}, "at_once": True})

# -- what a card turned up to start the pile does --------------------------------------------


def started(game: cardrules.Game, upcard: str, *, dealer: int = 2) -> SheddingState:
    """A deal by ``dealer`` whose card turned up to start the pile is ``upcard``, the
    other cards in pack order (three each from the end of it)."""
    up = game.pack.parse(upcard)
    others = [c for c in game.pack.cards if c != up]
    dealt = 3 * game.players
    state = game.new_deal(seed=1, dealer=dealer,
                          order=[*others[:-dealt], up, *others[-dealt:]])
    assert isinstance(state, SheddingState) and game.pack.name(state.top) == upcard
    return state


EFFECTS = {"S": {"skip": True}, "R": {"reverse": True}, "D": {"draw": 2},
           "2": {"draw": 2, "skip": True}, "W": {"skip": True}}


def upcards(players: int = 3) -> cardrules.Game:
    return colours(players, upcard={"effects": EFFECTS})


def test_an_upcard_skip_makes_the_next_player_move_first() -> None:
    state = started(upcards(), "SR")
    assert state.current_player == 1 and all(held(state, p) == 3 for p in range(3))


def test_an_upcard_reverse_turns_the_direction_and_the_dealer_moves_first() -> None:
    state = started(upcards(), "RG")
    assert state.current_player == 2 and state.view(0).direction != \
        started(upcards(), "1G").view(0).direction
    assert legal(state) == {"play SG", "play W", "draw"}
    assert play(state, "play W", "name G").current_player == 1  # play goes the other way


def test_an_upcard_reverse_with_two_players_gives_the_dealer_the_first_move() -> None:
    state = started(upcards(2), "RG", dealer=1)
    assert state.current_player == 1


def test_an_upcard_draw_makes_the_first_player_draw_and_then_play() -> None:
    state = started(upcards(), "DR")
    assert state.current_player == 0 and held(state, 0) == 5 and state.pending == 0


def test_an_upcard_draw_and_skip_make_the_first_player_draw_and_lose_the_turn() -> None:
    state = started(upcards(), "2G")
    assert state.current_player == 1 and held(state, 0) == 5


def test_an_upcard_effect_may_name_a_face() -> None:
    state = started(upcards(), "W")
    assert state.current_player == 1


def test_a_card_with_no_upcard_effect_does_nothing_when_turned_up() -> None:
    state = started(upcards(), "1G")
    assert state.current_player == 0 and held(state, 0) == 3


def test_the_rules_text_says_what_each_upcard_does() -> None:
    text = "\n".join(describe(upcards().variant))
    assert "When a R is turned up to start the pile, the direction of play turns round " \
        "and the dealer moves first." in text
    assert "When a 2 is turned up to start the pile, the first player draws 2 cards, then " \
        "the first player loses that turn and the next player moves first." in text


def test_an_upcard_effect_of_an_unknown_face_is_refused() -> None:
    with pytest.raises(cardrules.VariantError, match="unknown rank or face 'W9'"):
        colours(upcard={"effects": {"W9": {"skip": True}}})


def test_faces_last_resorts_cards_laid_when_drawn_and_upcards_pass_a_small_check(
        tmp_path: Path) -> None:
    """The conformance checks (legal lists against the rules, leaks, deals that end) on
    the small coloured pack with every key of this file."""
    variant = copy.deepcopy(COLOURS)
    variant["play"].update(
        wild=[{"rank": "W", "then": "name_suit"},
              {"rank": "W4", "then": "name_suit", "last_resort": True}],
        draw={"lay_drawn": {}, "reshuffle": True, "max_reshuffles": 3},
        upcard={"effects": EFFECTS},
        forced_draw={"ranks": {"D": 2, "W4": 4}, "answer": "none", "at_once": True})
    path = tmp_path / "colours.yaml"
    path.write_text(yaml.safe_dump(variant))
    report = run_check(path, games=4, seed=6, leak_share=QUICK_LEAKS)
    assert report.ok, report.failure



def test_a_pile_of_a_pack_over_a_hundred_cards_may_be_never_taken() -> None:
    game = colours(take_min=1000)
    assert "The pile is never taken." in "\n".join(describe(game.variant))
