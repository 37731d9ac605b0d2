"""Durak (podkidnoy), rule by rule, from explicit positions.

Rule numbers (D1...) are those of ``docs/rules/durak.md``; every option value of
``variants/durak.yaml`` is played at least once.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Any

import pytest
from rule_support import QUICK_LEAKS, play, refused

import cardrules
from cardrules.cards import mask_of
from cardrules.errors import CardrulesError, StateError, VariantError
from cardrules.families.bouts import rules as bouts_rules
from cardrules.tools.bots import make_bot, play_game
from cardrules.tools.conformance import check_playout
from cardrules.tools.describe import describe


@cache
def durak(players: int = 3, **options: Any) -> cardrules.Game:
    """Durak for ``players`` with ``options``."""
    return cardrules.load("durak", players=players, options=options)


def mask(game: cardrules.Game, cards: str) -> int:
    """The bit set of the cards written in ``cards``."""
    return mask_of(game.pack.parse_many(cards))


def legal(state: cardrules.State) -> set[str]:
    """The legal actions in notation."""
    return {state.describe(a) for a in state.legal_actions()}


def order_for(game: cardrules.Game, hands: Sequence[str], turned: str, rest: str = "",
              dealer: int = 0) -> list[int]:
    """A deal order (``Game.new_deal(order=...)``) dealing ``hands`` (one card at a time
    from the dealer's left), then turning ``turned``, the stock ``rest`` to be drawn in
    the order written."""
    pack, n = game.pack, game.players
    cards = [pack.parse_many(h) for h in hands]
    dealt = [cards[(dealer + 1 + j) % n][i] for i in range(len(cards[0])) for j in range(n)]
    drawn = [*dealt, *pack.parse_many(turned), *pack.parse_many(rest)]
    others = [c for c in range(pack.size) if c not in drawn]
    return [*others, *reversed(drawn)]


# -- D1, D2: the cards and the deal -------------------------------------------------------


def test_d1_two_to_six_players_and_a_pack_of_36() -> None:
    for n in range(2, 7):
        assert durak(n).pack.size == 36
    assert durak().pack.ranks == ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
    for n in (1, 7):
        with pytest.raises(CardrulesError, match="2 to 6 players"):
            cardrules.load("durak", players=n)


def test_d2_six_cards_each_from_the_dealers_left_and_the_turned_card_under_the_stock() -> None:
    game = durak(2)
    order = order_for(game, ["6S 7S 8S 9S 10S JS", "6H 7H 8H 9H 10H JH"], "QD", "AC KC")
    state = game.new_deal(1, dealer=0, order=order)
    pack = game.pack
    assert state.hands == (mask(game, "6S 7S 8S 9S 10S JS"), mask(game, "6H 7H 8H 9H 10H JH"))
    assert state.trump_card == pack.parse("QD") and state.trump == pack.suits.index("D")
    assert state.stock[0] == pack.parse("QD")          # under the stock: drawn last
    assert state.stock[-1] == pack.parse("AC")          # the stock is drawn in order
    assert len(state.stock) == 36 - 12
    for seat in (0, 1):                                  # everybody sees the turned card
        assert state.view(seat).trump_card == "QD"


def test_d2_with_six_players_the_dealers_last_card_is_shown_and_kept() -> None:
    game = durak(6)
    state = game.new_deal(4, dealer=2)
    assert state.stock == ()
    dealer_hand = state.hands[2]
    assert (dealer_hand >> state.trump_card) & 1
    assert state.trump == game.pack.suit(state.trump_card)
    assert state.view(0).trump_card == game.pack.name(state.trump_card)


def test_d2_a_rule_file_may_not_turn_a_trump_card_of_the_deal() -> None:
    with pytest.raises(VariantError, match="turns its trump card itself"):
        cardrules.load({"extends": "durak", "patch": {"deal": {"trump_card": True}}})


@pytest.mark.parametrize(("patch", "message"), [
    ({"play": {"trump": {"source": "fixed"}}}, "trump source 'fixed' needs a suit"),
    ({"play": {"trump": {"source": "fixed", "suit": "X"}}}, "unknown suit 'X'"),
    ({"play": {"trump": {"suit": "S"}}}, "named only with source 'fixed'"),
    ({"deal": {"starter": 1}}, "turns no starter card"),
    ({"play": {"bout_limit": -1}}, r"\$\.play\.bout_limit: must be at least 0"),
    ({"play": {"throw_in": "all"}}, "throw_in"),
])
def test_d2_d8_rule_files_that_cannot_be_played_are_refused_with_the_reason(
        patch: dict[str, Any], message: str) -> None:
    with pytest.raises(VariantError, match=message):
        cardrules.load({"extends": "durak", "patch": patch})


# -- D3: beating --------------------------------------------------------------------


def test_d3_a_higher_card_of_the_suit_or_any_trump_beats_a_plain_card() -> None:
    state = durak(2).setup(hands=["8C", "KH 6S 9C 6H"], trump="S", table=["7H"])
    assert legal(state) == {"beat 7H KH", "beat 7H 6S", "take"}
    message = refused(state, "beat 7H 9C", "D3")
    assert "9C does not beat 7H" in message
    refused(state, "beat 7H 6H", "D3")


def test_d3_a_trump_is_beaten_only_by_a_higher_trump() -> None:
    state = durak(2).setup(hands=["8C", "AH 6S QS"], trump="S", table=["10S"])
    assert legal(state) == {"beat 10S QS", "take"}
    refused(state, "beat 10S AH", "D3")


# -- D4: the first attacker -----------------------------------------------------------


def test_d4_the_holder_of_the_lowest_trump_shows_it_and_attacks_first() -> None:
    game = durak(3)
    order = order_for(game, ["AS 7C 8C 9C 10C JC", "9D 6H 7H 8H 9H 10H",
                             "7D 6C 6S 7S 8S 9S"], "QD")
    state = game.new_deal(1, dealer=0, order=order)
    assert state.current_player == 2 and state.view(0).attacker == 2
    shown = [e for e in state.events if e.kind == "first_mover"]
    assert shown and shown[0].cards == (game.pack.parse("7D"),) and not shown[0].private
    assert state.view(1).events[-1]["cards"] == ["7D"]


def test_d4_with_no_trump_in_any_hand_the_dealers_left_attacks_first() -> None:
    game = durak(2)
    order = order_for(game, ["6S 7S 8S 9S 10S JS", "6H 7H 8H 9H 10H JH"], "QD", dealer=1)
    state = game.new_deal(1, dealer=1, order=order)
    assert state.current_player == 0


def test_d4_every_fresh_deal_starts_with_the_lowest_trump() -> None:
    game = durak(4)
    pack = game.pack
    for seed in range(30):
        state = game.new_deal(seed)
        trumps = [(c, p) for p, h in enumerate(state.hands) for c in pack.cards_of(h)
                  if pack.suit(c) == state.trump]
        if trumps:
            assert state.current_player == min(trumps)[1]


# -- D5, D6: a bout -------------------------------------------------------------------


def test_d5_the_attacker_opens_with_one_card_against_the_next_holder() -> None:
    game = durak(3)
    state = game.setup(hands=["7H 8C", "", "KH 9S"], trump="S", attacker=0, out=[1])
    assert legal(state) == {"attack 7H", "attack 8C"}
    state = play(state, "attack 7H")
    assert state.current_player == 2 and state.view(0).table == [["7H"]]
    refused(game.setup(hands=["7H 8C", "9H", "KH"], attacker=0), "beat 7H KH", "D5-D7")


def test_d6_the_defender_beats_in_any_order_or_takes_even_when_able_to_beat() -> None:
    game = durak(2)
    state = game.setup(hands=["JC", "KH QC 9S"], trump="S", table=["7H", "10C"])
    assert "take" in legal(state)
    state = play(state, "beat 10C QC")
    assert state.view(0).table == [["10C", "QC"], ["7H"]]
    taking = play(state, "take")
    assert taking.view(0).phase == "taking"
    refused(taking, "beat 7H KH", "D5-D7")


# -- D7: throwing in ------------------------------------------------------------------


def test_d7_throwers_are_asked_from_the_attacker_clockwise_passing_over_the_defender() -> None:
    game = durak(4)
    state = game.setup(hands=["7S 9C", "KH AS AC 6D", "7D 6C", "7C 8D"], trump="S",
                       attacker=0, table=["7H"])
    state = play(state, "beat 7H KH")
    assert state.view(0).phase == "throw_in" and state.current_player == 0
    assert legal(state) == {"throw 7S", "pass"}
    message = refused(state, "throw 9C", "D7")
    assert "only ranks already on the table" in message
    state = play(state, "pass")
    assert state.current_player == 2
    state = play(state, "pass", "throw 7C")             # player 3 throws in
    assert state.current_player == 1 and state.view(0).phase == "defend"
    state = play(state, "beat 7C AC")
    assert state.current_player == 0                    # everyone is asked again
    state = play(state, "throw 7S")
    state = play(state, "beat 7S AS", "pass", "pass", "pass")
    assert state.view(0).phase == "attack"          # all passed: the bout is over


def test_d7_after_a_take_the_others_may_still_throw_in() -> None:
    game = durak(3)
    state = game.setup(hands=["7S 9C", "KH 6D 6C", "7D"], trump="S", attacker=0,
                       table=["7H"])
    state = play(state, "take")
    assert state.current_player == 0 and legal(state) == {"throw 7S", "pass"}
    state = play(state, "throw 7S")
    assert state.current_player == 0                    # asked again, the attacker first
    state = play(state, "pass", "throw 7D")
    # Three unbeaten cards against a hand of three (D8): nobody is asked again, the
    # defender takes them all and the next player holding cards attacks.
    assert state.hands[1] == mask(game, "KH 6D 6C 7H 7S 7D")
    assert state.view(0).phase == "attack" and state.current_player == 0


# -- D7 with option throw_in = any_time: throwing in during the defence -------------------


def test_d7_option_throw_in_any_time_asks_the_throwers_after_the_attack() -> None:
    game = durak(3, throw_in="any_time")
    state = game.setup(hands=["7H 7C 9C", "KH AS AC 6D 8C", "7D 6C"], trump="S", attacker=0)
    state = play(state, "attack 7H")
    # The attacker is asked first, before the defender moves.
    assert state.view(0).phase == "throw_in" and state.current_player == 0
    assert legal(state) == {"throw 7C", "pass"}
    refused(state, "beat 7H KH", "D5-D7")
    assert "only ranks already on the table" in refused(state, "throw 9C", "D7")
    state = play(state, "throw 7C")
    assert state.current_player == 0 and legal(state) == {"pass"}   # asked again
    state = play(state, "pass")
    assert state.current_player == 2 and legal(state) == {"throw 7D", "pass"}
    state = play(state, "pass")
    # Everyone passed in a row: the defender faces two unbeaten cards at once.
    assert state.view(0).phase == "defend" and state.current_player == 1
    assert state.view(0).table == [["7H"], ["7C"]]
    assert legal(state) == {"beat 7H KH", "beat 7H AS", "beat 7C 8C", "beat 7C AC",
                            "beat 7C AS", "take"}


def test_d7_option_throw_in_any_time_asks_again_after_each_card_beaten() -> None:
    game = durak(3, throw_in="any_time")
    state = game.setup(hands=["9C", "KH AS AC 6D 8C", "7D 8H"], trump="S", attacker=0,
                       table=["7H", "7C"])
    state = play(state, "beat 7C 8C")
    # 7H is still unbeaten, yet the throwers are asked before the defender moves again,
    # and the rank of the beating card is now on the table too.
    assert state.view(0).phase == "throw_in" and state.current_player == 0
    assert legal(state) == {"pass"}
    state = play(state, "pass")
    assert state.current_player == 2 and legal(state) == {"throw 7D", "throw 8H", "pass"}
    state = play(state, "throw 7D", "pass", "pass")
    assert state.view(0).phase == "defend" and state.current_player == 1
    assert state.view(0).table == [["7C", "8C"], ["7H"], ["7D"]]
    state = play(state, "beat 7D AS", "pass", "throw 8H")   # 8H: the rank of a cover
    state = play(state, "pass")              # player 2 holds no more cards: not asked
    assert state.current_player == 1 and state.view(0).table == \
        [["7C", "8C"], ["7D", "AS"], ["7H"], ["8H"]]
    assert legal(state) == {"beat 7H KH", "beat 8H KH", "take"}


def test_d7_option_throw_in_any_time_the_bout_ends_in_a_discard() -> None:
    game = durak(3, throw_in="any_time")
    state = game.setup(hands=["9C 10S", "KH AS", "6D"], trump="S", attacker=0,
                       table=["7H"])
    state = play(state, "beat 7H KH")
    assert state.view(0).phase == "throw_in" and state.current_player == 0
    state = play(state, "pass", "pass")
    # Nothing unbeaten and everyone passed: a discard, and the defender attacks next.
    assert {"7H", "KH"} <= set(state.view(0).discard)
    assert state.view(0).phase == "attack" and state.current_player == 1
    assert "discard" in [e.kind for e in state.events]


def test_d7_option_throw_in_any_time_the_bout_ends_in_a_take() -> None:
    game = durak(3, throw_in="any_time")
    state = game.setup(hands=["7S 9C", "KH 6D 6C 8D", "7D"], trump="S", attacker=0,
                       table=["7H", "7C"])
    state = play(state, "take")
    assert state.view(0).phase == "taking" and state.current_player == 0
    state = play(state, "throw 7S", "pass", "pass")          # asked again after a card
    assert state.hands[1] == mask(game, "KH 6D 6C 8D 7H 7C 7S")
    assert state.view(0).phase == "attack" and state.current_player == 2
    assert "take" in [e.kind for e in state.events]


def test_d8_with_throw_in_any_time_the_defenders_hand_limits_the_unbeaten_cards() -> None:
    game = durak(3, throw_in="any_time")
    state = game.setup(hands=["7H 7C 7S", "KH AS", "7D"], trump="S", attacker=0)
    state = play(state, "attack 7H", "throw 7C")
    # Two unbeaten cards against a hand of two: nobody is asked, the defender answers.
    assert state.view(0).phase == "defend" and state.current_player == 1
    state = play(state, "beat 7H KH")
    # One unbeaten card, one card in hand: still no room, the defender goes on.
    assert state.view(0).phase == "defend" and state.current_player == 1
    state = play(state, "beat 7C AS")
    # The defender beat the last card with their last card: the bout ends at once (D12).
    assert 1 in state.view(0).out and state.view(0).phase == "attack"
    assert state.current_player == 2 and state.view(0).defender == 0


def test_d8_with_throw_in_any_time_the_bout_limit_holds_mid_defence() -> None:
    game = durak(2, throw_in="any_time")
    table = ["6H 10H", "6C 10C", "6D 10D", "7H"]
    state = game.setup(hands=["7S 7C 9D", "JH AS AC 9H 8D"], trump="S", attacker=0,
                       table=table, bouts=0)
    state = play(state, "beat 7H JH")
    assert state.current_player == 0 and legal(state) == {"throw 7S", "throw 7C", "pass"}
    state = play(state, "throw 7S")
    # Five attacking cards, the first bout's limit: nobody is asked, the defender answers.
    assert state.view(0).phase == "defend" and state.current_player == 1
    assert legal(state) == {"beat 7S AS", "take"}
    state = play(state, "take")          # the limit leaves no room to throw in after take
    assert state.hands[1].bit_count() == 4 + 9 and state.current_player == 0  # the table


def test_d7_with_throw_in_any_time_a_round_of_passes_always_ends() -> None:
    game = durak(4, throw_in="any_time")
    state = game.setup(hands=["8C", "KH AS", "9D", "10D"], trump="S", attacker=0,
                       table=["7H"], phase="throw_in")
    # Each thrower is asked once, the attacker first, passing over the defender; after
    # three passes in a row the defender answers, and after their beat and three more
    # passes the bout is over.
    for seat in (0, 2, 3):
        assert state.current_player == seat and legal(state) == {"pass"}
        state = play(state, "pass")
    assert state.view(0).phase == "defend" and state.current_player == 1
    state = play(state, "beat 7H KH", "pass", "pass", "pass")
    assert state.view(0).phase == "attack" and state.current_player == 1


def test_d11_with_throw_in_any_time_cards_thrown_in_are_transferred_together() -> None:
    game = durak(3, transfer="on", throw_in="any_time")
    state = game.setup(hands=["7H 9C", "7C KH QD", "7S 9D 10D QC JC"], trump="D",
                       attacker=0)
    state = play(state, "attack 7H", "pass", "throw 7S", "pass", "pass")
    assert state.current_player == 1 and state.view(0).table == [["7H"], ["7S"]]
    assert "transfer 7C" in legal(state)
    state = play(state, "transfer 7C")
    # The transfer is an attack on player 2: the throwers are asked, the new attacker
    # (player 1) first, then player 0, before the new defender moves.
    view = state.view(0)
    assert (view.attacker, view.defender, view.phase) == (1, 2, "throw_in")
    assert state.current_player == 1 and legal(state) == {"pass"}
    state = play(state, "pass")
    assert state.current_player == 0 and legal(state) == {"pass"}
    state = play(state, "pass")
    assert state.current_player == 2 and state.view(0).phase == "defend"
    # Three unbeaten cards; player 0 holds one card, so no transfer on to them.
    assert legal(state) == {"beat 7H 9D", "beat 7H 10D", "beat 7S 9D", "beat 7S 10D",
                            "beat 7C QC", "beat 7C JC", "beat 7C 9D", "beat 7C 10D",
                            "take"}
    state = play(state, "take", "pass", "pass")
    assert state.hands[2] == mask(game, "9D 10D QC JC 7H 7S 7C")
    assert state.view(0).phase == "attack" and state.current_player == 0


def test_d7_throw_in_any_time_positions_round_trip_and_the_default_refuses_them() -> None:
    game = durak(3, throw_in="any_time")
    state = game.setup(hands=["7S 9C", "KH AS", "7D"], trump="S", attacker=0,
                       table=["7H"], phase="throw_in")
    assert game.state_from_json(state.to_json()) == state
    with pytest.raises(StateError, match="unbeaten"):
        durak(3).state_from_json(state.to_json())


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("options", [{"throw_in": "any_time"},
                                     {"throw_in": "any_time", "transfer": "on",
                                      "throw_limit": 0, "first_bout": 6}])
def test_d7_with_throw_in_any_time_every_deal_ends_and_legality_is_in_one_place(
        players: int, options: dict[str, Any]) -> None:
    game = durak(players, **options)
    space = game.action_space
    everything = [space.action(i) for i in range(space.size)]
    rng = random.Random(players)
    for seed in range(2):
        assert check_playout(game, seed, match=seed == 1, leak_share=QUICK_LEAKS).actions > 0
        state, states = game.new_deal(seed), []
        while not state.is_over:
            states.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
        unbeaten = [s for s in states if s.view(0).phase == "throw_in"
                    and len(s.view(0).covers) < len(s.view(0).attacks)]
        assert unbeaten                  # thrown in while cards were unbeaten
        for s in rng.sample(states, 8) + unbeaten[:4]:
            allowed = set(s.legal_actions())
            for action in everything:
                why = s.why_illegal(action)
                assert (why is None) == (action in allowed), (s.describe(action), why)
                assert (bouts_rules.refusal(s, action) is None) == (action in allowed)


# -- D8: limits ------------------------------------------------------------------------


def test_d8_never_more_unbeaten_cards_than_the_defender_holds() -> None:
    game = durak(2)
    state = game.setup(hands=["7S 7C", "9D"], trump="S", attacker=0, table=["7H"])
    state = play(state, "take")         # one unbeaten card, one card in hand: no throw-in
    assert state.view(0).phase == "attack" and state.hands[1] == mask(game, "9D 7H")


def test_d8_a_bout_holds_at_most_six_cards() -> None:
    game = durak(2)
    table = ["6H 10H", "6C 10C", "6D 10D", "7H JH", "7C JC", "7D"]
    state = game.setup(hands=["7S 6S", "JD AS AH"], trump="S", attacker=0, table=table)
    state = play(state, "beat 7D JD")
    assert state.view(0).phase == "attack"         # nobody may throw a seventh card
    assert state.current_player == 1                   # a discard: the defender attacks


def test_d8_option_throw_limit_zero_leaves_only_the_defenders_hand() -> None:
    game = durak(2, throw_limit=0)
    table = ["6H 10H", "6C 10C", "6D 10D", "7H JH", "7C JC", "7D"]
    state = game.setup(hands=["7S 6S", "JD AS AH"], trump="S", attacker=0, table=table)
    state = play(state, "beat 7D JD")
    assert state.current_player == 0 and legal(state) == {"throw 7S", "throw 6S", "pass"}
    assert state.view(0).bout_limit == 0


@pytest.mark.parametrize(("first_bout", "asked"), [(5, False), (6, True)])
def test_d8_option_first_bout_limits_the_deals_first_bout(first_bout: int, asked: bool) -> None:
    game = durak(2, first_bout=first_bout)
    table = ["6H 10H", "6C 10C", "6D 10D", "7H JH", "7C"]
    state = game.setup(hands=["7S 6S", "JC AS AH"], trump="S", attacker=0, table=table,
                       bouts=0)
    state = play(state, "beat 7C JC")
    assert (state.view(0).phase == "throw_in") is asked
    later = game.setup(hands=["7S 6S", "JC AS AH"], trump="S", attacker=0, table=table,
                       bouts=1)
    assert play(later, "beat 7C JC").view(0).phase == "throw_in"


# -- D9: how a bout ends ----------------------------------------------------------------


def test_d9_a_bout_beaten_off_leaves_play_and_the_defender_attacks_next() -> None:
    game = durak(3)
    state = game.setup(hands=["7S 9C", "KH AD", "8D"], trump="S", attacker=0,
                       table=["7H"])
    state = play(state, "beat 7H KH", "pass", "pass")
    assert {"KH", "7H"} <= set(state.view(2).discard)
    assert not (state.hands[1] | state.hands[0]) & mask(game, "KH 7H")
    assert state.current_player == 1 and state.view(0).defender == 2
    assert "discard" in [e.kind for e in state.events]


def test_d9_a_bout_taken_goes_to_the_defender_and_the_next_player_attacks() -> None:
    game = durak(3)
    state = game.setup(hands=["7S 9C", "KH AD", "8D"], trump="S", attacker=0,
                       table=["7H"])
    state = play(state, "take", "pass", "pass")
    assert state.hands[1] == mask(game, "KH AD 7H")
    assert state.current_player == 2 and state.view(0).defender == 0
    # Everyone saw the table go into the defender's hand: views show it, and a player
    # re-sampling what they cannot see leaves it there.
    assert state.view(2).seen == [[], ["7H"], []] and state.view(2).hands[1] == 3
    for seed in range(5):
        other = state.resample(2, random.Random(seed))
        assert (other.hands[1] >> game.pack.parse("7H")) & 1
    state = play(state, "attack 8D", "take", "pass")
    assert state.view(1).seen == [["8D"], ["7H"], []] and state.current_player == 1
    state = play(state, "attack 7H")                  # a seen card played leaves the list
    assert state.view(0).seen == [["8D"], [], []]


# -- D10: refilling --------------------------------------------------------------------


def test_d10_the_opener_draws_first_then_clockwise_and_the_defender_last() -> None:
    game = durak(3)
    state = game.setup(hands=["7S 9C 10C 6C 8C", "KH 8S 8H", "AC KC QC JD 10D 9D"],
                       trump="S", attacker=0, table=["7H"], stock="6D 7D 8D", trump_card="AS")
    state = play(state, "beat 7H KH", "pass", "pass")
    pack = game.pack
    # The opener (0) draws 6D; player 2 needs nothing; the defender (1) draws the rest,
    # the turned trump card last.
    assert state.hands[0] == mask(game, "7S 9C 10C 6C 8C 6D")
    assert state.hands[2] == mask(game, "AC KC QC JD 10D 9D")
    assert state.hands[1] == mask(game, "8S 8H 7D 8D AS")
    assert state.stock == ()
    shown = [e for e in state.events if e.note == "trump_card"]
    assert shown and shown[0].cards == (pack.parse("AS"),) and not shown[0].private


def test_d10_the_stock_runs_out_in_the_order_of_drawing() -> None:
    game = durak(3)
    state = game.setup(hands=["7S", "KH", "AC"], trump="S", attacker=0, table=["7H"],
                       stock="6D 7D 8D")
    state = play(state, "take")         # nothing may be thrown at a hand of one (D8)
    assert state.hands[0] == mask(game, "7S 6D 7D 8D")   # the opener drew the whole stock
    assert state.hands[2] == mask(game, "AC") and state.hands[1] == mask(game, "KH 7H")


# -- D11: transferring ------------------------------------------------------------------


def test_d11_off_by_default_a_defender_may_not_transfer() -> None:
    state = durak(3).setup(hands=["8C", "7C KH", "9D 10D"], trump="S", table=["7H"])
    assert "transfer 7C" not in legal(state)
    refused(state, "transfer 7C", "D11")


def test_d11_option_transfer_passes_the_defence_on_with_a_card_of_the_rank() -> None:
    game = durak(3, transfer="on")
    state = game.setup(hands=["8C", "7C KH", "9D 10D QD"], trump="S", table=["7H"])
    assert legal(state) == {"beat 7H KH", "transfer 7C", "take"}
    state = play(state, "transfer 7C")
    view = state.view(0)
    assert (view.attacker, view.defender, state.current_player) == (1, 2, 2)
    assert view.table == [["7H"], ["7C"]]
    # The new defender may transfer again only to a player holding enough cards:
    # player 0 holds one card, and two would then attack it.
    assert legal(state) == {"take"}


def test_d11_no_transfer_once_a_card_is_beaten_or_beyond_the_next_hand() -> None:
    game = durak(3, transfer="on")
    state = game.setup(hands=["8C", "7C KH QC", "9D"], trump="S", table=["7H", "7S"])
    refused(state, "transfer 7C", "D11")             # player 2 holds one card, not three
    beaten = game.setup(hands=["8C", "7C KH AS", "9D 10D QD"], trump="S",
                        table=["7H", "7S"])
    beaten = play(beaten, "beat 7H KH")
    refused(beaten, "transfer 7C", "D11")


def test_d11_the_bout_limit_holds_for_transfers() -> None:
    hands = ["AS 9D 10D QD", "7C 8C 9C", "JH QH KH AH"]
    within = durak(3, transfer="on", throw_limit=3).setup(hands=hands, table=["7H", "7S"])
    assert "transfer 7C" in legal(within)
    beyond = durak(3, transfer="on", throw_limit=2).setup(hands=hands, table=["7H", "7S"])
    refused(beyond, "transfer 7C", "D11")


# -- D12, D13, D14: the end ------------------------------------------------------------


def test_d12_beating_the_last_card_with_the_last_card_ends_the_bout_and_the_defender_is_out(
        ) -> None:
    game = durak(3)
    state = game.setup(hands=["7S 9C", "KH", "8D 9D"], trump="S", attacker=0, table=["7H"])
    state = play(state, "beat 7H KH")
    assert 1 in state.view(0).out
    # The defender is out, so the next player holding cards attacks, against player 0.
    assert state.current_player == 2 and state.view(0).defender == 0


def test_d13_the_last_player_holding_cards_loses() -> None:
    game = durak(2)
    # Player 0 attacked with their last card; the stock is empty.
    state = game.setup(hands=["", "KH 9D"], trump="S", attacker=0, table=["7H"])
    state = play(state, "beat 7H KH")
    assert state.is_over
    assert state.result.details["loser"] == 1 and state.result.scores == (0, 1)
    assert state.result.winners == (0,) and state.result.finish == (0, 1)
    going_on = game.setup(hands=["8C", "KH 9D"], trump="S", attacker=0, table=["7H"])
    going_on = play(going_on, "beat 7H KH")
    assert legal(going_on) == {"pass"}                 # asked, though 8C cannot be thrown
    going_on = play(going_on, "pass")                  # both still hold cards
    assert not going_on.is_over and going_on.current_player == 1


def test_d13_when_the_last_cards_leave_together_the_deal_is_a_draw() -> None:
    game = durak(2)
    state = game.setup(hands=["", "KH"], trump="S", attacker=0, table=["7H"])
    state = play(state, "beat 7H KH")
    assert state.is_over and state.result.details["loser"] == -1
    assert state.result.scores == (0, 0) and set(state.result.winners) == {0, 1}


def test_d14_the_durak_scores_the_penalty_the_rule_file_gives() -> None:
    game = cardrules.load({"extends": "durak", "patch": {"scoring": {"loser": 3}}},
                          players=2)
    state = game.setup(hands=["", "KH 9D"], trump="S", attacker=0, table=["7H"])
    state = play(state, "beat 7H KH")
    assert state.is_over and state.result.scores == (0, 3)


# -- D15: the match ------------------------------------------------------------------


def test_d15_one_deal_decides_and_the_durak_deals_next() -> None:
    game = durak(2)
    deal = game.setup(hands=["", "KH 9D"], trump="S", attacker=0, table=["7H"])
    match = play(game.setup_match(deal), "beat 7H KH")
    assert match.is_over and match.result.winners == (0,) and match.result.totals == (0, 1)


def test_d15_a_drawn_deal_is_played_again_and_option_losing_total_lengthens_the_match(
        ) -> None:
    game = durak(2)
    deal = game.setup(hands=["", "KH"], trump="S", attacker=0, table=["7H"], dealer=0)
    match = play(game.setup_match(deal, seed=3), "beat 7H KH")
    assert not match.is_over and match.view(0).match["deal"] == 1
    longer = durak(2, losing_total=2)
    deal = longer.setup(hands=["", "KH 9D"], trump="S", attacker=0, table=["7H"],
                        dealer=0)
    match = play(longer.setup_match(deal, seed=3), "beat 7H KH")
    assert not match.is_over and match.view(0).match["totals"] == [0, 1]
    assert match.deal.dealer == 1                       # the durak deals


# -- D16: the safety net -------------------------------------------------------------------


def test_d16_thirty_takes_in_a_row_end_the_deal_drawn() -> None:
    game = durak(3)
    state = game.setup(hands=["9C 10D", "8D", "KH 10C"], trump="S", attacker=0,
                       table=["7H"], takes=29)
    state = play(state, "take")   # the 30th take in a row (8D: no room to throw in)
    assert state.is_over and state.result.details["loser"] == -1
    assert state.result.scores == (0, 0, 0)
    assert state.events[-1].kind == "deal_end" and state.events[-1].note == "stalled"


def test_d16_a_discard_starts_the_count_again() -> None:
    game = durak(3)
    state = game.setup(hands=["9C 10D", "8D 8H", "KH 10C"], trump="S", attacker=0,
                       table=["7H"], takes=29)
    state = play(state, "beat 7H 8H", "pass", "pass")   # all beaten: a discard
    assert not state.is_over and state.to_json()["takes"] == 0
    state = game.setup(hands=["9C 10D", "8D", "KH 10C"], trump="S", attacker=0,
                       table=["7H"], takes=28)
    state = play(state, "take")
    assert not state.is_over and state.to_json()["takes"] == 29


def test_d16_is_described_and_a_count_at_the_limit_is_refused_mid_deal() -> None:
    assert ("- A deal in which 30 bouts in a row end in a take (no card leaves play) ends "
            "drawn: nobody loses it.") in describe(durak(3).variant)
    with pytest.raises(StateError, match="takes_limit 30 ends it"):
        durak(3).setup(hands=["9C 10D", "8D", "KH 10C"], trump="S", attacker=0, takes=30)
    plain = cardrules.load({"extends": "durak", "patch": {"play": {"takes_limit": 0}}},
                           players=3)
    state = plain.setup(hands=["9C 10D", "8D", "KH 10C"], trump="S", attacker=0,
                        table=["7H"], takes=40)
    assert not play(state, "take").is_over


def test_d16_makes_the_move_limit_a_bound_every_deal_keeps() -> None:
    """With the safety net the move limit is derived: at most half the pack's discards,
    fewer than 30 takes in a row before each."""
    game = durak(6)
    assert game.move_limit == (36 // 2 + 1) * 30 * 37 * 8


# -- the engine's contract on Durak --------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("options", [{}, {"transfer": "on", "throw_limit": 0,
                                          "first_bout": 6}])
def test_playouts_keep_every_invariant(players: int, options: dict[str, Any]) -> None:
    game = durak(players, **options)
    for seed in range(2):
        report = check_playout(game, seed, match=seed == 1, leak_share=QUICK_LEAKS)
        assert report.actions > 0


def test_json_round_trip_and_resample_of_a_position() -> None:
    game = durak(3, transfer="on")
    state = game.setup(hands=["8C 9S", "7C KH", "9D 10D QD"], trump="S", table=["7H"],
                       stock="6D 7D", trump_card="AS")
    assert game.state_from_json(state.to_json()) == state
    other = state.resample(0, random.Random(1))
    assert other.view(0) == state.view(0)
    assert [h.bit_count() for h in other.hands] == [2, 2, 3]
    assert other.trump_card == state.trump_card and other.stock[0] == state.stock[0]


def test_bots_play_it_and_greedy_beats_random() -> None:
    game = durak(2)
    fools = 0
    for seed in range(40):
        bots = [make_bot("greedy"), make_bot("random")]
        state, _ = play_game(game, bots, seed=seed)
        fools += state.result.details["loser"] == 0
    assert fools < 10


def test_the_rules_in_english_follow_the_options() -> None:
    text = "\n".join(describe(durak(3).variant))
    assert "at most 6 attacking cards (5 in a deal's first bout)" in text
    assert "transfer" not in text.split("## Options")[0]
    text = "\n".join(describe(durak(3, transfer="on", throw_limit=0).variant))
    assert "`transfer` the bout" in text and "no fixed limit" in text


def test_the_rules_in_english_follow_option_throw_in() -> None:
    text = "\n".join(describe(durak(3).variant)).split("## Options")[0]
    assert "Once every attacking card is beaten, or the defender has said take" in text
    assert "even while the defender is beating" not in text
    text = "\n".join(describe(durak(3, throw_in="any_time").variant))
    assert "even while the defender is beating: after the attack, after each card " \
        "beaten" in text and "after a transfer" not in text
    assert "the defender answers the unbeaten cards, which may be several at once" in text
    assert "throw_in = any_time" in text.split("## Options")[1]
    text = "\n".join(describe(durak(3, throw_in="any_time", transfer="on").variant))
    assert "after the attack, after a transfer, after each card beaten" in text


def test_the_authoring_guide_example_of_a_transfer() -> None:
    """The snippet of docs/authoring.md, section "Bouts"."""
    game = cardrules.load("durak", players=3, options={"transfer": "on"})
    state = game.setup(hands=["8C", "7C KH", "9D 10D QD"], trump="S", table=["7H"])
    assert sorted(legal(state)) == ["beat 7H KH", "take", "transfer 7C"]
    state = state.apply("transfer 7C")
    assert (state.view(0).table, state.current_player) == ([["7H"], ["7C"]], 2)
    assert state.why_illegal(game.parse_action("beat 7H 9D")) == "9D does not beat 7H (D3)"


def test_the_action_index_is_pinned() -> None:
    """The action space's layout is part of the learning API (docs/learning.md)."""
    space = durak(2).action_space
    assert space.size == 1190 and durak(6).action_space.size == 1190
    assert durak(3, transfer="on").action_space.size == 1226
    assert durak(3, throw_in="any_time").action_space.size == 1190    # no new actions
    game = durak(2)
    assert space.index(game.parse_action("attack 6S")) == 0
    assert space.index(game.parse_action("throw 6S")) == 36
    assert space.action(space.size - 1).label == "pass"
    assert space.action(space.size - 2).label == "take"
    beat = game.parse_action("beat 7H KH")
    assert space.action(space.index(beat)) == beat
