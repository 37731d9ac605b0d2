"""Bank rules B1-B7: pack, ladder, card points, dealers, trump choice, dealing, first mover.

Rule numbers refer to docs/rules/bank.md (the spec's B1-B27).
"""

from __future__ import annotations

import random

import attrs
import pytest
from bank_support import bank, events, hand, legal, match_from, play, refused

import cardrules
from cardrules.cards import mask_of
from cardrules.games.bank import first_mover
from cardrules.hooks import FirstMoverInput

# -- B1 ---------------------------------------------------------------------------


def test_b1_one_36_card_pack_for_2_to_4_players() -> None:
    """B1: ranks 6..A in four suits; 2-4 players."""
    game = bank(2)
    assert game.pack.size == 36
    assert set(game.pack.suits) == {"S", "H", "D", "C"}
    assert set(game.pack.ranks) == {"6", "7", "8", "9", "10", "J", "Q", "K", "A"}
    for players in (1, 5):
        with pytest.raises(cardrules.CardrulesError, match="2 to 4"):
            cardrules.load("bank", players=players)
    for players in (2, 3, 4):
        deal = bank(players, trumps="none").new_deal(5)
        zones = deal.zones()
        union = 0
        for mask in zones.values():
            assert not union & mask
            union |= mask
        assert union == deal.game.pack.full


# -- B2 ---------------------------------------------------------------------------


def test_b2_rank_ladder_order() -> None:
    """B2 (soft spot: rank order): the ladder is 6 7 8 9 J Q K 10 A."""
    assert bank(2).pack.ranks == ("6", "7", "8", "9", "J", "Q", "K", "10", "A")


@pytest.mark.parametrize(("top", "held", "beaters"), [
    ("AH", "10H KH QH", {"play 10H"}),
    ("10H", "KH 9H QH AH", {"play KH"}),
    ("KH", "QH 10H JH", {"play QH"}),
    ("JH", "9H QH 7H", {"play 9H"}),
    ("9H", "8H JH 7H", {"play 8H"}),
])
def test_b2_beating_chain_follows_the_ladder(top: str, held: str, beaters: set[str]) -> None:
    """B2 (soft spot: rank order) with B8: A, then 10 on it, then K, Q, J, 9... one rung down."""
    state = bank(2, trumps="none").setup(hands=[held, "7C"], pile=top, owner=1)
    assert legal(state) == beaters


# -- B3 ---------------------------------------------------------------------------


def test_b3_card_points() -> None:
    """B3: A 12, 10 10, K 5, Q 3, J 1, others 0; 31 a suit, 124 the pack."""
    pack = bank(2).pack
    assert {r: pack.value(pack.parse(f"{r}S")) for r in pack.ranks} == {
        "6": 0, "7": 0, "8": 0, "9": 0, "J": 1, "Q": 3, "K": 5, "10": 10, "A": 12}
    assert pack.value_of(pack.suit_mask(2)) == 31
    assert pack.value_of(pack.full) == 124


# -- B4 ---------------------------------------------------------------------------


def test_b4_first_dealer_by_seeded_lot() -> None:
    """B4: the first dealer is drawn by lot from the match seed."""
    game = bank(3, trumps="none")
    dealers = {seed: game.new_match(seed).deal.dealer for seed in range(40)}
    assert set(dealers.values()) == {0, 1, 2}
    assert all(game.first_dealer(seed) == d for seed, d in dealers.items())
    assert game.new_match(7).deal.dealer == game.new_match(7).deal.dealer


def _ending_deal(game: cardrules.Game, starter: int) -> cardrules.State:
    """4 players, dealer 0: players 0 and 3 are out; player 1 goes out 3rd with JH on QH."""
    return game.setup(hands=["", "JH", "6S 7S", ""], pile="QH", owner=2, current=1, dealer=0,
                      out=[0, 3], scores=[20, 0, 50, 15], starter=starter)


@pytest.mark.parametrize(("rule", "starter", "dealer"), [
    ("loser", 0, 1),           # deal results 20 10 50 15: player 1 scored least
    ("last_out", 0, 2),        # player 2 still holds cards: finished last
    ("deal_starter", 3, 3),
    ("score_leader", 0, 0),    # totals after the deal 120 10 60 -85
    ("score_trailer", 0, 3),
])
def test_b4_next_dealer(rule: str, starter: int, dealer: int) -> None:
    """B4: option next_dealer picks who deals the next deal."""
    game = bank(4, trumps="none", next_dealer=rule)
    deal = _ending_deal(game, starter=starter)
    match = match_from(game, deal, dealer=0, totals=(100, 0, 10, -100))
    after = match.apply("play JH")
    assert after.history == ((20, 10, 50, 15),)
    assert after.totals == (120, 10, 60, -85)
    assert after.deal_index == 1
    assert after.deal.dealer == dealer
    assert after.deal.phase == "turn"
    assert [h.bit_count() for h in after.deal.hands] == [4, 4, 4, 4]
    assert len(after.deal.stock) == 19


def test_b4_loser_tie_goes_to_the_first_from_the_dealers_left() -> None:
    """B4 (loser, tie): equal lowest deal results -> the first of them from the dealer's left."""
    game = bank(4, trumps="none")
    deal = game.setup(hands=["", "JH", "6S 7S", ""], pile="QH", owner=2, current=1, dealer=2,
                      out=[0, 3], scores=[10, 0, 50, 10])
    after = match_from(game, deal, dealer=2, totals=(0, 0, 0, 0)).apply("play JH")
    assert after.history == ((10, 10, 50, 10),)
    assert after.deal.dealer == 3   # 3, 0, 1 tie at 10; 3 sits first from dealer 2's left


# -- B5 ---------------------------------------------------------------------------


def test_b5_own_trumps_chosen_in_turn_from_the_dealers_left() -> None:
    """B5 (trumps own, trump_assignment choose): free suits only, from the dealer's left."""
    game = bank(3)
    state = game.new_deal(11, dealer=1)
    assert state.phase == "deal" and state.view(2).phase == "choose_trump"
    assert state.current_player == 2
    assert legal(state) == {"trump S", "trump H", "trump D", "trump C"}
    assert state.hands == (0, 0, 0) and len(state.stock) == 36
    state = state.apply("trump H")
    assert events(state) == [("trump", 2, "", 0, "H")]
    assert state.current_player == 0
    assert legal(state) == {"trump S", "trump D", "trump C"}
    refused(state, "trump H", "B5")
    refused(state, "draw", "B5")
    state = play(state, "trump S", "trump C")
    assert state.phase == "turn"
    assert state.own_suits == (0, 3, 1)      # S, C, H by seat
    assert [h.bit_count() for h in state.hands] == [4, 4, 4]
    assert len(state.stock) == 23
    refused(state, "trump D", "B5")  # no longer the time to choose
    assert [e[0] for e in events(state)] == ["trump", "deal", "first_mover"]


def test_b5_the_last_of_four_players_gets_the_last_free_suit() -> None:
    """B5 (choose, 4 players): the fourth chooser has one suit left."""
    state = play(bank(4).new_deal(2, dealer=3), "trump D", "trump S", "trump C")
    assert state.current_player == 3
    assert legal(state) == {"trump H"}
    assert state.apply("trump H").own_suits == (2, 0, 3, 1)


def test_b5_seat_assignment() -> None:
    """B5 (trump_assignment seat): seat 0 spades, 1 hearts, 2 diamonds, 3 clubs, no choice."""
    state = bank(4, trump_assignment="seat").new_deal(3)
    assert state.phase == "turn"
    assert state.own_suits == (0, 1, 2, 3)
    assert bank(2, trump_assignment="seat").new_deal(3).own_suits == (0, 1)


@pytest.mark.parametrize("mode", ["none", "one", "two", "ranked"])
def test_b5_shared_trump_modes_need_no_choice(mode: str) -> None:
    """B5 (trumps none/one/two/ranked): nothing to choose; the deal starts at once."""
    state = bank(3, trumps=mode).new_deal(4)
    assert state.phase == "turn"
    assert state.own_suits == ()


def test_b5_own_trumps_are_fixed_for_the_whole_match() -> None:
    """B5: suits chosen before the first deal carry to every later deal (no new choice)."""
    game = bank(3)
    match = game.new_match(21)
    first = match.deal.current_player
    assert first == (match.deal.dealer + 1) % 3
    order = [first, (first + 1) % 3, (first + 2) % 3]
    match = play(match, "trump C", "trump D", "trump S")
    chosen = match.deal.own_suits
    assert chosen[order[0]] == 3 and chosen[order[1]] == 2 and chosen[order[2]] == 0
    rng = random.Random(0)
    while match.deal_index == 0:
        match = match.apply(rng.choice(match.legal_actions()))
    assert match.deal.phase == "turn"
    assert match.deal.own_suits == chosen


# -- B6 ---------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "left"), [(2, 27), (3, 23), (4, 19)])
def test_b6_four_cards_each_one_face_up_the_rest_is_the_stock(players: int, left: int) -> None:
    """B6: 4 cards each, one card face up starts the bank, 27/23/19 cards left in the stock."""
    state = bank(players, trump_assignment="seat").new_deal(8)
    assert [h.bit_count() for h in state.hands] == [4] * players
    assert len(state.pile) == 1
    assert state.top == state.pile[0]
    assert state.owner == -1
    assert len(state.stock) == left
    view = state.view(0)
    assert view.stock == left
    assert view.pile == [state.game.pack.name(state.top)]


# -- B7 ---------------------------------------------------------------------------


def _first(hands: list[str], top: str, dealer: int) -> int:
    pack = bank(len(hands)).pack
    return first_mover(FirstMoverInput(
        pack=pack, hands=tuple(mask_of(pack.parse_many(h)) for h in hands),
        top=pack.parse(top), dealer=dealer, trump_classes=()))


def test_b7_a_lower_card_of_the_centre_suit_moves_first() -> None:
    """B7 (soft spot): the first from the dealer's left holding a lower card of that suit."""
    # centre 10H: AH is higher, KH and 9H lower; player 2 is the first with a lower one.
    assert _first(["6S", "AH 7C", "KH", "9H"], "10H", dealer=0) == 2
    assert _first(["9H", "AH 7C", "KH", "6S"], "10H", dealer=2) == 0


def test_b7_failing_a_lower_card_a_higher_one() -> None:
    """B7 (soft spot): nobody holds a lower card of the suit -> the first holding a higher."""
    assert _first(["6S", "7C", "AH", "KS"], "10H", dealer=0) == 2
    assert _first(["6S", "7C", "QH", "KH"], "JH", dealer=1) == 2


def test_b7_failing_both_the_dealers_left() -> None:
    """B7 (soft spot): nobody holds the centre card's suit -> the player on the dealer's left."""
    assert _first(["6S", "7C", "AD", "KS"], "10H", dealer=3) == 0
    assert _first(["6S", "7C", "AD"], "10H", dealer=1) == 2


def test_b7_new_deals_use_the_hook() -> None:
    """B7: a dealt deal starts with the player the rule names (checked on several seeds)."""
    game = bank(4, trumps="none")
    for seed in range(12):
        state = game.new_deal(seed)
        hands = [" ".join(sorted(hand(state, p))) for p in range(4)]
        expected = _first(hands, game.pack.name(state.top), state.dealer)
        assert state.current_player == state.starter == expected
        assert ("first_mover", expected, "", 0, "") in events(state)


def test_b7_goes_round_in_the_game_s_turn_order() -> None:
    """B7 in a counter-clockwise house rule (``play.order``): the search for a lower card
    of the centre suit goes round from the dealer's right, the way the turn passes."""
    lower_left_and_right = ["6S", "9H", "KS", "8H"]     # seats 1 and 3 hold a lower heart
    pack = bank(4).pack
    hands = tuple(mask_of(pack.parse_many(h)) for h in lower_left_and_right)
    position = FirstMoverInput(pack=pack, hands=hands, top=pack.parse("10H"), dealer=0,
                               trump_classes=())
    assert first_mover(position) == 1                     # clockwise: the dealer's left
    ccw = cardrules.load({"extends": "bank", "patch": {"play": {"order": "counter_clockwise"}}},
                         players=4, options={"trumps": "none"})
    assert ccw.turns.deal_order(0) == (3, 2, 1, 0)
    assert first_mover(attrs.evolve(position, order=ccw.turns.deal_order(0))) == 3
    for seed in range(8):
        state = ccw.new_deal(seed)
        held = [" ".join(sorted(hand(state, p))) for p in range(4)]
        expected = first_mover(FirstMoverInput(
            pack=ccw.pack, hands=tuple(mask_of(ccw.pack.parse_many(h)) for h in held),
            top=state.top, dealer=state.dealer, trump_classes=(),
            order=ccw.turns.deal_order(state.dealer)))
        assert state.current_player == expected


def test_b7_being_first_does_not_guarantee_a_legal_play() -> None:
    """B7 with B17/B20: the first mover holds a lower heart that does not beat the centre AH;
    they draw, still cannot beat, and pass; the centre card belongs to nobody."""
    game = bank(3, trumps="none")
    state = game.setup(hands=["9H 7C", "QS", "JD"], pile="AH", stock="JC 6D", current=0,
                       dealer=2)
    assert legal(state) == {"draw"}
    state = state.apply("draw")
    assert hand(state, 0) == {"9H", "7C", "JC"}
    assert legal(state) == {"pass"}
    state = state.apply("pass")
    assert events(state) == [("pass", 0, "", 0, "")]
    assert state.current_player == 1
    assert state.pile == (game.pack.parse("AH"),)
    assert state.scores == (0, 0, 0)


def test_setup_rejects_positions_that_do_not_add_up() -> None:
    """Explicit positions (used by every rule test): one hand and one own suit per player,
    each card once."""
    game = bank(3)
    with pytest.raises(cardrules.StateError, match="one per player"):
        game.setup(hands=["9H", "7S"])
    with pytest.raises(cardrules.StateError, match="twice"):
        game.setup(hands=["9H", "9H", "7S"])
    with pytest.raises(cardrules.StateError, match="own trump suits"):
        game.setup(hands=["9H", "8H", "7S"], own_suits="SH")
    state = game.setup(hands=["9H", "8H", "7S"], pile="AS KS", stock="6D 6C", own_suits="SHD")
    data = state.to_json()
    assert game.state_from_json(data) == state
    data["own_suits"] = ["S", "H"]
    with pytest.raises(cardrules.StateError, match="own trump suits"):
        game.state_from_json(data)


def test_b5_state_json_written_with_the_choice_as_a_step_reads_back() -> None:
    """B5: state JSON from before the choice became the listed ``choose_trump`` phase
    (its step named ``choose_trump``, no phase at work) reads back at that phase."""
    game = bank(3)
    state = game.new_deal(11, dealer=1).apply("trump H")
    old = {**state.to_json(), "phase": "choose_trump", "stage": -1}
    back = game.state_from_json(old)
    assert back == state
    assert back.view(0).phase == "choose_trump"
    assert legal(back) == {"trump S", "trump D", "trump C"}
