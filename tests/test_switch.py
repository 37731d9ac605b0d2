"""Switch: a scenario test from an explicit position for every rule S1-S15 of
``docs/rules/switch.md`` (``variants/switch.yaml``), and the generic keys it is made of
(forced draws, reverse, drawing that ends the turn, reshuffles, the last card) through
JSON, views, the action index, ``cardrules rules`` and load-time checks."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from bank_support import legal
from rule_support import play, refused

import cardrules
from cardrules.cards import mask_of
from cardrules.families.shedding.state import SheddingState
from cardrules.loader.resources import builtin_variants
from cardrules.tools.describe import describe


@cache
def switch(players: int = 3, **options: Any) -> cardrules.Game:
    """Switch for ``players`` with ``options``."""
    return cardrules.load("switch", players=players, options=options)


def changed(players: int = 3, **play: Any) -> cardrules.Game:
    """Switch with keys of its ``play`` section replaced."""
    return cardrules.load({"extends": "switch", "patch": {"play": play}}, players=players)


def held(state: SheddingState, player: int) -> int:
    return state.hands[player].bit_count()


# -- S1, S2: the cards and the deal ------------------------------------------------------


def test_s1_one_pack_of_52_for_2_to_5_players() -> None:
    game = switch()
    assert game.pack.size == 52 and game.pack.suits == ("C", "D", "H", "S")
    assert game.pack.ranks[-1] == "A" and "switch" in builtin_variants()
    for players in (2, 5):
        assert switch(players).players == players
    with pytest.raises(cardrules.CardrulesError, match="players"):
        cardrules.load("switch", players=6)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_s2_seven_cards_each_and_the_rest_is_the_stock(players: int) -> None:
    state = switch(players).new_deal(seed=3, dealer=1)
    assert [held(state, p) for p in range(players)] == [7] * players
    assert len(state.pile) == 1 and len(state.stock) == 52 - 7 * players - 1
    assert state.view(0).stock == len(state.stock)  # face down


# -- S3: the starter card ------------------------------------------------------------------


def test_s3_a_special_starter_goes_under_the_stock() -> None:
    game = switch()
    plain = changed(starter_redraw=[])
    special = {game.pack.ranks.index(r) for r in ("2", "8", "J", "A")}
    redrawn = 0
    for seed in range(150):
        before, after = plain.new_deal(seed), game.new_deal(seed)
        assert game.pack.rank(after.pile[-1]) not in special
        if game.pack.rank(before.pile[-1]) in special:
            redrawn += 1
            assert game.pack.rank(after.stock[0]) in special  # under the stock
            assert after.current_player == before.current_player
    assert redrawn > 0


# -- S4: turn order, own hand --------------------------------------------------------------


def test_s4_the_dealers_left_moves_first_and_plays_from_their_own_hand() -> None:
    game = switch()
    state = game.new_deal(seed=5, dealer=2)
    assert state.current_player == 0
    state = game.setup(hands=["9C 4H", "9D 3S", "KD QD"], pile="9H", stock="3C 4C 5C")
    message = refused(state, "play 9D", "S4")
    assert "does not hold 9D" in message
    state = play(state, "play 9C")
    assert state.current_player == 1  # clockwise


# -- S5: matching --------------------------------------------------------------------------


def test_s5_a_card_matching_by_suit_or_rank() -> None:
    state = switch().setup(hands=["9C 9H 3C 5D KS", "3S", "4S"], pile="9D 5C",
                           stock="KH QH")
    assert legal(state) == {"play 9C", "play 3C", "play 5D", "draw"}
    assert "KS does not beat 5C" in refused(state, "play KS", "S5-S6")
    assert "not a group move" in refused(state, "play 9C 9H", "S5")


# -- S6: aces are wild and name a suit -----------------------------------------------------


def test_s6_an_ace_goes_on_anything_then_names_the_suit_to_match() -> None:
    state = switch().setup(hands=["AD 9H 2C", "3S 9C AS 4H", "4S"], pile="KC",
                           stock="KS QS")
    state = play(state, "play AD")
    assert state.phase == "name_suit" and state.current_player == 0
    assert "name the suit" in refused(state, "draw", "S6")
    state = play(state, "name H")
    assert state.current_player == 1
    assert legal(state) == {"play 4H", "play AS", "draw"}
    assert "neither of the named suit H" in refused(state, "play 9C", "S5-S6")


def test_s6_going_out_with_an_ace_names_nothing() -> None:
    state = switch().setup(hands=["AD", "3S 4H", "4S 9S"], pile="KC", stock="KS QS",
                           announced=True)
    state = play(state, "play AD")
    assert state.is_over and state.out == (0,)


# -- S7: drawing ---------------------------------------------------------------------------


def test_s7_a_player_may_draw_instead_of_playing_and_drawing_ends_the_turn() -> None:
    state = switch().setup(hands=["9C 2H 5D", "3S", "4S"], pile="5C", stock="KS QS")
    assert "draw" in legal(state)
    assert "play or draw" in refused(state, "pass", "S7")
    state = play(state, "draw")
    assert state.current_player == 1 and held(state, 0) == 4
    assert state.hands[0] >> state.game.pack.parse("KS") & 1  # the first card of the stock


def test_s7_with_nothing_to_draw_a_player_plays_or_passes() -> None:
    state = switch().setup(hands=["9C 2H 3H", "3S", "4S"], pile="5C")
    assert legal(state) == {"play 9C", "pass"}
    assert "stock is empty" in refused(state, "draw", "S7")
    state = play(state, "pass")
    assert state.current_player == 1 and not state.is_over


# -- S8: pick up two -----------------------------------------------------------------------


def test_s8_a_two_makes_the_next_player_pick_up_two_and_their_turn_ends() -> None:
    state = switch().setup(hands=["2C 5H 9D", "7C 7S KH", "KD QD 3D"], pile="9C",
                           stock="3S 4S 5S 6S 7D")
    state = play(state, "play 2C")
    assert state.current_player == 1 and state.view(1).pending_draw == 2
    assert legal(state) == {"draw"}
    assert "you must draw 2 cards or lay a 2" in refused(state, "play 7C", "S8")
    state = play(state, "draw")
    assert held(state, 1) == 5 and state.pending == 0
    assert state.current_player == 2  # their turn ended
    assert legal(state) == {"draw"}  # 2C on top is matched as usual: no club, no 2


def test_s8_twos_stack_four_then_six() -> None:
    state = switch(4).setup(hands=["2C 5H 9D", "2H 7S", "2S KD", "3H 4D 5D"],
                            pile="9C", stock="3S 4S 5S 6S 7D 8D 9S 10S")
    state = play(state, "play 2C")
    assert legal(state) == {"play 2H", "draw", "announce"}
    state = play(state, "announce", "play 2H")
    assert state.current_player == 2 and state.pending == 4
    state = play(state, "announce", "play 2S")
    assert state.current_player == 3 and state.view(0).pending_draw == 6
    state = play(state, "draw")
    assert held(state, 3) == 9 and state.pending == 0 and state.current_player == 0


def test_s8_only_a_two_answers_a_two_not_an_ace() -> None:
    state = switch().setup(hands=["2C 5H", "AS 9D KC", "KD QD"], pile="9C",
                           stock="3S 4S 5S", announced=True)
    state = play(state, "play 2C")
    assert legal(state) == {"draw"}
    assert "or lay a 2" in refused(state, "play AS", "S8")


def test_s8_a_short_stock_gives_what_there_is_and_nothing_to_draw_lapses() -> None:
    state = switch().setup(hands=["2C 5H 7H", "9D KC", "KD QD"], pile="9C", stock="3S",
                           reshuffled=10)
    state = play(state, "play 2C")
    state = play(state, "draw")  # one card, and the stock may not be remade: all there is
    assert held(state, 1) == 3 and state.pending == 0 and state.current_player == 2
    state = switch().setup(hands=["5H 7H", "9C KC", "KD QD"], pile="2C", current=1,
                           pending=2)
    assert legal(state) == {"pass"}
    assert "nothing to draw: pass" in refused(state, "draw", "S8")
    state = play(state, "pass")
    assert state.pending == 0 and state.current_player == 2 and held(state, 1) == 2


def test_s8_without_stacking_the_player_always_picks_up() -> None:
    state = switch(stacking="none").setup(hands=["2C 5H 7H", "2H 9D", "KD QD"],
                                          pile="9C", stock="3S 4S 5S")
    state = play(state, "play 2C")
    assert legal(state) == {"draw"}
    assert "it cannot be passed on" in refused(state, "play 2H", "S8")


def test_s8_play_on_lets_the_player_move_after_picking_up() -> None:
    game = changed(forced_draw={"ranks": {"2": 2}, "then": "play_on"})
    state = game.setup(hands=["2C 5H 7H", "9D KC", "KD QD"], pile="9C", stock="3C 4S 5S")
    state = play(state, "play 2C", "draw")
    assert state.current_player == 1 and state.pending == 0
    assert legal(state) == {"play 3C", "play KC", "draw"}


# -- S9: eights skip -----------------------------------------------------------------------


def test_s9_an_eight_skips_the_next_player() -> None:
    state = switch().setup(hands=["8C 5H 7H", "9D KC", "KD QC 3H"], pile="9C", stock="3S 4S")
    state = play(state, "play 8C")
    assert state.current_player == 2 and legal(state) == {"play QC", "draw"}
    assert any(e.kind == "skip" and e.player == 1 for e in state.events)


def test_s9_with_two_players_the_eight_layer_moves_again() -> None:
    state = switch(2).setup(hands=["8C 5H 7H", "9D KC"], pile="9C", stock="3S 4S")
    state = play(state, "play 8C")
    assert state.current_player == 0


# -- S10: jacks reverse --------------------------------------------------------------------


def test_s10_a_jack_turns_the_direction_of_play() -> None:
    state = switch(4).setup(hands=["5H 7H", "JC 9D KD", "KC QC", "3C 4C"], pile="9C",
                            stock="3S 4S 5S", current=1)
    assert state.view(0).direction == "clockwise"
    state = play(state, "play JC")
    assert state.current_player == 0 and state.view(2).direction == "counterclockwise"
    state = play(state, "draw")
    assert state.current_player == 3  # on round the other way
    state = play(state, "draw")
    assert state.current_player == 2


def test_s10_with_two_players_a_jack_acts_as_a_skip() -> None:
    state = switch(2).setup(hands=["JC 5H 7H", "9D KC"], pile="9C", stock="3S 4S")
    state = play(state, "play JC")
    assert state.current_player == 0
    assert {e.kind for e in state.events} >= {"reverse", "skip"}
    plain = changed(2, two_player_reverse="plain").setup(hands=["JC 5H 7H", "9D KC"],
                                                        pile="9C", stock="3S 4S")
    assert play(plain, "play JC").current_player == 1


def test_s10_two_players_left_of_three_also_count_as_two() -> None:
    """Two players holding cards is what counts (the deal goes on after someone is out
    when the end is changed to last_holder)."""
    game = changed(3, ends="last_holder")
    state = game.setup(hands=["JC 5H 7H", "", "9D KC"], pile="9C", stock="3S 4S",
                       out=[1])
    assert play(state, "play JC").current_player == 0


# -- S11: last card ------------------------------------------------------------------------


def test_s11_playing_down_to_one_card_unannounced_picks_up_two() -> None:
    state = switch().setup(hands=["9C 5H", "3S 4D", "KD QD"], pile="9D",
                           stock="3C 4C 5C 6C")
    state = play(state, "play 9C")
    assert held(state, 0) == 3 and state.current_player == 1
    assert any(e.kind == "draw" and e.note == "last card" for e in state.events)


def test_s11_announcing_first_saves_the_penalty() -> None:
    state = switch().setup(hands=["9C 5H", "3S 4D", "KD QD"], pile="9D",
                           stock="3C 4C 5C 6C")
    assert legal(state) == {"play 9C", "draw", "announce"}
    state = play(state, "announce")
    assert state.current_player == 0 and state.view(1).announced is True
    assert "already this turn" in refused(state, "announce", "S11")
    state = play(state, "play 9C")
    assert held(state, 0) == 1 and len(state.stock) == 4


def test_s11_an_announcement_lasts_one_turn_and_only_when_one_card_may_remain() -> None:
    state = switch().setup(hands=["9C 5H 6H", "3S 4D", "KD QD"], pile="9D",
                           stock="3C 4C 5C 6C")
    assert "announce only in a turn where a play you may make leaves you one card " \
           "(you hold 3)" in refused(state, "announce", "S11")
    state = switch().setup(hands=["9C 5H", "3S 4D", "KD QD"], pile="9D",
                           stock="3C 4C 5C 6C")
    state = play(state, "announce", "draw")  # wasted: the turn ended with a draw
    assert not state.announced
    state = switch().setup(hands=["7S 5H", "3S 4D", "KD QD"], pile="9D", stock="3C 4C")
    assert "announce" not in legal(state)  # no card to lay


# -- S12: reshuffle ------------------------------------------------------------------------


def test_s12_an_empty_stock_is_remade_from_the_pile_but_its_top() -> None:
    game = switch()
    pile = "3C 4C 5C 6C 7C"
    state = game.setup(hands=["9H 5H", "3S 4D", "KD QD"], pile=pile, shuffle_seed=11)
    state = play(state, "draw")
    assert state.pile == (game.pack.parse("7C"),) and len(state.stock) == 3
    assert held(state, 0) == 3 and state.reshuffled == 1
    assert state.view(2).reshuffles == 1
    again = play(game.setup(hands=["9H 5H", "3S 4D", "KD QD"], pile=pile, shuffle_seed=11),
                 "draw")
    assert again.stock == state.stock  # the seed fixes the order
    remade = state.hands[0] | (1 << game.pack.parse("7C"))
    for card in state.stock:
        remade |= 1 << card
    assert remade == mask_of(game.pack.parse_many(f"{pile} 9H 5H"))


def test_s12_at_most_ten_times_a_deal() -> None:
    state = switch().setup(hands=["9H 5H", "3S 4D", "KD QD"], pile="3C 4C 5C",
                           reshuffled=10)
    assert legal(state) == {"play 5H", "pass", "announce"}  # no draw
    assert "stock is empty" in refused(state, "draw", "S7")


# -- S13: end of the deal ------------------------------------------------------------------


def test_s13_the_first_player_out_ends_the_deal() -> None:
    state = switch().setup(hands=["9C", "3S 4D", "KD QD"], pile="9D", stock="3C")
    state = play(state, "play 9C")
    assert state.is_over and state.result is not None and state.result.winners == (0,)


def test_s13_going_out_with_a_two_ends_the_deal_and_nobody_picks_up() -> None:
    game = switch()
    state = game.setup(hands=["2C", "3S 4D", "KD QD"], pile="9C", stock="3C 4C",
                       announced=True)
    state = play(state, "play 2C")
    assert state.is_over and state.pending == 0 and held(state, 1) == 2
    assert game.state_from_json(state.to_json()).to_json() == state.to_json()


def test_s13_a_blocked_deal_ends_when_everyone_passes_with_nothing_to_draw() -> None:
    state = switch().setup(hands=["9C", "3S", "4S"], pile="5H")
    state = play(state, "pass", "pass")
    assert not state.is_over
    assert play(state, "pass").is_over


# -- S14: scoring --------------------------------------------------------------------------


def test_s14_the_others_lose_the_value_of_their_cards() -> None:
    state = switch().setup(hands=["9C", "AS KH 7D", "2S 10H QC JD"], pile="5C",
                           stock="3S", announced=True)
    result = play(state, "play 9C").result
    assert result is not None
    assert tuple(result.scores) == (0, -(20 + 10 + 7), -(2 + 10 + 10 + 10))


# -- S15: the match ------------------------------------------------------------------------


@pytest.mark.parametrize("deals", [1, 2])
def test_s15_a_game_is_one_deal_unless_the_option_says_more(deals: int) -> None:
    import random

    game = switch(deals=deals)
    state, rng = game.new_match(seed=2, dealer=0), random.Random(2)
    dealers = set()
    while not state.is_over:
        dealers.add(state.view(0).match["dealer"])
        state = state.apply(rng.choice(state.legal_actions()))
    result = state.result
    assert result is not None and result.deals == deals
    assert dealers == set(range(deals))  # the dealer moves clockwise
    best = max(result.totals)
    assert result.winners == tuple(p for p, t in enumerate(result.totals) if t == best)


# -- the keys through the engine -----------------------------------------------------------


def test_the_new_state_fields_round_trip_json_and_are_public() -> None:
    game = switch()
    state = game.setup(hands=["2C 5H", "3S 4D", "KD QD"], pile="2H", stock="3C 4C",
                       current=1, pending=4, counterclockwise=True, shuffle_seed=5,
                       reshuffled=2)
    again = game.state_from_json(state.to_json())
    assert again.to_json() == state.to_json()
    assert isinstance(again, SheddingState) and again.pending == 4 and again.reversed
    view = state.view(2)
    assert view.pending_draw == 4 and view.direction == "counterclockwise"
    assert view.reshuffles == 2 and "shuffle_seed" not in view.to_json()
    names = game.observation.labels
    assert {"pending_draw", "announced", "reshuffles"} <= set(names)


def test_state_json_written_before_the_new_fields_reads_back() -> None:
    bank = cardrules.load("bank", players=3)
    state = bank.new_deal(4)
    data = state.to_json()
    for key in ("pending", "reversed", "announced", "reshuffled", "shuffle_seed"):
        del data[key]
    assert bank.state_from_json(data).to_json() == state.to_json()
    entries = state.view(0).to_json()
    assert "pending_draw" not in entries and "direction" not in entries


def test_json_that_contradicts_the_rules_is_refused() -> None:
    bank = cardrules.load("bank", players=3)
    data = bank.new_deal(4).to_json()
    with pytest.raises(cardrules.StateError, match="no card of this game forces one"):
        bank.state_from_json({**data, "pending": 2})
    with pytest.raises(cardrules.StateError, match="has no announcement"):
        bank.state_from_json({**data, "announced": True})


def test_announce_has_an_index_and_parses_back() -> None:
    game = switch()
    action = game.parse_action("announce")
    assert game.action_space.action(game.action_space.index(action)) == action
    bank = cardrules.load("bank", players=3)
    with pytest.raises(cardrules.IllegalActionError, match="not an action of this game"):
        bank.new_deal(1).apply("announce")


def test_resampling_draws_a_new_shuffle_seed() -> None:
    import random

    state = switch().new_deal(seed=9)
    other = state.resample(0, random.Random(1))
    assert isinstance(other, SheddingState)
    assert other.shuffle_seed != state.shuffle_seed
    assert other.view(0) == state.view(0)


def test_the_rules_say_what_switch_does() -> None:
    text = "\n".join(describe(switch().variant))
    assert "An A may be laid on any top card" in text
    assert "the next player must draw 2 cards" in text
    assert "lay a card of the top card's rank" in text and "then their turn ends" in text
    assert "direction of play turns round" in text and "acts as a skip" in text
    assert "drawing ends your turn" in text
    assert "shuffled to make a new stock (at most 10 times" in text
    assert "'announce' first" in text and "you draw 2 cards" in text
    assert "nothing left to draw" in text


def test_cardrules_rules_switch_prints_them(capsys: pytest.CaptureFixture[str]) -> None:
    from cardrules.tools.cli import main

    assert main(["rules", "switch"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Switch") and "the next player must draw 2 cards" in out


@pytest.mark.parametrize(("play_keys", "words"), [
    ({"forced_draw": {"ranks": {"Z": 2}}}, "unknown rank or face 'Z'"),
    ({"forced_draw": {"ranks": {"8": 2}}}, "both forces a draw and has after_turn skip"),
    ({"forced_draw": {"ranks": {"A": 4}}, "wild": [{"rank": "A", "then": "compulsory"}]},
     "would move again facing their own draw"),
    ({"draw": {"at_will": True, "ends_turn": True, "max_per_turn": 3}},
     "max_per_turn 3 cannot be reached"),
    ({"draw": {"at_will": False, "ends_turn": True}, "stuck_draw": 2},
     "stuck_draw 2 cannot be reached"),
    ({"forced_draw": {"ranks": {"2": 0}}}, "forced_draw"),
    ({"last_card": {"penalty": 0}}, "penalty"),
    ({"after_turn": {"J": "backwards"}}, "after_turn"),
])
def test_bad_effect_keys_are_refused_with_a_reason(play_keys: dict[str, Any],
                                                   words: str) -> None:
    with pytest.raises(cardrules.VariantError, match=words):
        changed(**play_keys)


# -- the greedy bot's heuristic ------------------------------------------------------------


def test_greedy_announces_its_last_card_before_laying_it() -> None:
    """S11: the greedy bot announces when a play would leave it one card, then plays,
    so it never pays the penalty (without this, greedy games ran to the reshuffle limit)."""
    import random

    from cardrules.tools.bots import act, make_bot

    bot, rng = make_bot("greedy"), random.Random(0)
    state = switch().setup(hands=["9C 5H", "3S 4D", "KD QD"], pile="9D",
                           stock="3C 4C 5C 6C")
    assert state.describe(act(bot, state, rng)) == "announce"
    state = play(state, "announce")
    state = state.apply(act(bot, state, rng))
    assert held(state, 0) == 1 and len(state.stock) == 4


def test_greedy_names_the_suit_it_holds_most() -> None:
    """S6: after an ace, the greedy bot names the suit of most of its remaining cards."""
    import random

    from cardrules.tools.bots import act, make_bot

    state = switch().setup(hands=["AD 9H 2H 3C", "3S 9C AS 4H", "4S"], pile="KC",
                           stock="5C 6C 7C")
    state = play(state, "play AD")
    assert state.describe(act(make_bot("greedy"), state, random.Random(0))) == "name H"
