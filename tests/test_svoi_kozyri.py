"""Svoi kozyri: every rule (D1-D3, G1-G8, S1-S4 of docs/rules/svoi-kozyri.md) and every
checkable fact of the specification (svoi_kozyri.md F1-F8), from explicit positions.

Seats run P0, P1, P2, P3 clockwise with own trump suits S, H, D, C (the spec's facts).
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from rule_support import play, refused

import cardrules
from cardrules.families.shedding.state import SheddingState
from cardrules.tools.bots import QUICK_BOTS, act, make_bot
from cardrules.tools.render import TextRenderer
from cardrules.tools.table import layout

SUITS = "SHDC"


@cache
def svoi(players: int = 4, **options: Any) -> cardrules.Game:
    """Svoi kozyri for ``players`` (loaded once per set of options)."""
    return cardrules.load("svoi-kozyri", players=players, options=options)


def position(hands: list[str], *, pile: str = "", current: int = 0, owner: int = -1,
             out: tuple[int, ...] = ()) -> SheddingState:
    """A position of len(hands) players, own suits by seat (P0 S, P1 H, P2 D, P3 C)."""
    n = len(hands)
    state = svoi(n).setup(hands=hands, pile=pile, current=current, owner=owner,
                          own_suits=SUITS[:n], out=out)
    assert isinstance(state, SheddingState)
    return state


def legal(state: cardrules.State) -> set[str]:
    """The legal actions in notation."""
    return {state.describe(a) for a in state.legal_actions()}


def hand(state: SheddingState, player: int) -> set[str]:
    """The names of the cards ``player`` holds."""
    pack = state.game.pack
    return set(pack.names(pack.cards_of(state.hands[player])))


def dealt(game: cardrules.Game, hands: list[str], *, dealer: int) -> SheddingState:
    """A deal whose hands (by seat, full size) are ``hands``, dealt one card at a time
    from the dealer's left."""
    pack, n = game.pack, game.players
    cards = [list(pack.parse_many(h)) for h in hands]
    seats = [(dealer + 1 + i) % n for i in range(n)]
    first = [cards[seat][k] for k in range(len(cards[0])) for seat in seats]
    state = game.new_deal(seed=1, dealer=dealer, order=list(reversed(first)))
    assert isinstance(state, SheddingState)
    return state


FOUR = ["6H 6S 7S 8S 9S 10S JS QS KS",          # P0: 6H and 6S, no other six
        "AS 7H 8H 9H 10H JH QH KH AH",          # P1: no six
        "6D 7D 8D 9D 10D JD QD KD AD",          # P2
        "6C 7C 8C 9C 10C JC QC KC AC"]          # P3


# -- D1-D3: the deal and the transfer of sixes ------------------------------------------


def test_d1_the_first_dealer_is_drawn_by_lot_and_the_loser_deals_next() -> None:
    """D1 and S2: any player deals first (by lot); the loser of a deal deals the next."""
    game = svoi(4)
    assert {game.new_deal(seed=s).dealer for s in range(40)} == {0, 1, 2, 3}
    deal = position(["", "KH", "", "9C 7C"], pile="8H", current=1, owner=0, out=(0, 2))
    match = play(game.setup_match(deal), "play KH")
    assert match.deal.dealer == 3                       # P3 lost the deal and deals


def test_d2_all_36_cards_dealt_nine_twelve_or_eighteen_each() -> None:
    """D2: all the cards are dealt: 9 each with 4 players, 12 with 3, 18 with 2 (before
    the sixes go to their owners)."""
    for n, size in ((4, 9), (3, 12), (2, 18)):
        state = svoi(n).new_deal(seed=5)
        assert isinstance(state, SheddingState)
        assert not state.stock and not state.pile
        assert sum(h.bit_count() for h in state.hands) == 36
        sizes = [h.bit_count() for h in state.hands]
        gives = [e for e in state.events if e.kind == "give"]
        for p in range(n):
            assert sizes[p] == size - sum(e.player == p for e in gives) \
                + sum(e.note == f"to P{p}" for e in gives)


def test_d3_f1_sixes_go_to_their_trump_owner() -> None:
    """svoi_kozyri.md F1 (D3): P0 is dealt 6H and 6S; P0 gives 6H to P1 and keeps 6S,
    holding 8 cards; P1, who had no six, holds 10."""
    state = dealt(svoi(4), FOUR, dealer=3)
    assert "6S" in hand(state, 0) and "6H" not in hand(state, 0)
    assert "6H" in hand(state, 1)
    assert [h.bit_count() for h in state.hands] == [8, 10, 9, 9]
    gives = [(e.player, state.game.pack.names(e.cards), e.note)
             for e in state.events if e.kind == "give"]
    assert gives == [(0, ("6H",), "to P1")]
    for p in range(4):                                  # each holds the six of their suit
        assert f"6{SUITS[p]}" in hand(state, p)


def test_d3_with_three_players_a_six_nobody_owns_stays() -> None:
    """D3: with 3 players nobody owns clubs, so 6C stays with whoever holds it."""
    three = ["6C 6D 7S 8S 9S 10S JS QS KS AS 7C 8C",
             "6S 7H 8H 9H 10H JH QH KH AH 9C 10C JC",
             "6H 7D 8D 9D 10D JD QD KD AD QC KC AC"]
    state = dealt(svoi(3), three, dealer=2)
    assert hand(state, 0) >= {"6C"} and "6D" not in hand(state, 0)
    assert {"6S"} <= hand(state, 0) and "6H" in hand(state, 1) and "6D" in hand(state, 2)
    assert [h.bit_count() for h in state.hands] == [12, 12, 12]   # one given, one got each
    assert sum(e.kind == "give" for e in state.events) == 3


# -- G1: beating ------------------------------------------------------------------------


def test_g1_f2_higher_of_the_suit_or_own_trump_beats() -> None:
    """svoi_kozyri.md F2 (G1): on QD, P1 (trumps H) may lay KD or 7H; 9C and 10S cannot
    beat; P1 may also take."""
    state = position(["AS", "KD 7H 9C 10S", "AD", "AC"], pile="QD", current=1, owner=0)
    assert legal(state) == {"play KD", "play 7H", "take"}
    refused(state, "play 9C", "G1")
    refused(state, "play 10S", "G1")


def test_g1_f3_own_trump_needs_a_higher_trump() -> None:
    """svoi_kozyri.md F3 (G1): on 9H, P1 (trumps H) with 10H AD 6H may beat only with
    10H; with 6H AD, P1 must take."""
    state = position(["AS", "10H AD 6H", "KD", "AC"], pile="9H", current=1, owner=0)
    assert legal(state) == {"play 10H", "take"}
    refused(state, "play 6H", "G1")
    refused(state, "play AD", "G1")
    stuck = position(["AS", "6H AD", "KD", "AC"], pile="9H", current=1, owner=0)
    assert legal(stuck) == {"take"}


def test_g1_f4_another_players_trump_is_plain() -> None:
    """svoi_kozyri.md F4 (G1): AS led by P0 (trumps S) faces P1 (trumps H) with 6H KS:
    only 6H beats; to P1 spades are plain and nothing outranks the ace."""
    state = position(["QS", "6H KS", "AD", "AC"], pile="AS", current=1, owner=0)
    assert legal(state) == {"play 6H", "take"}
    refused(state, "play KS", "G1")


def test_g1_f5_only_ones_own_trump_beats_as_trump() -> None:
    """svoi_kozyri.md F5 (G1): 10D faced by P2 (trumps D) with 6C JD: only JD beats; 6C
    cannot, because clubs are P3's trumps."""
    state = position(["AS", "AH", "6C JD", "AC"], pile="10D", current=2, owner=1)
    assert legal(state) == {"play JD", "take"}
    refused(state, "play 6C", "G1")


# -- G2: leading --------------------------------------------------------------------------


def test_g2_the_dealers_left_leads_any_card_onto_an_empty_pile() -> None:
    """G2: the first lead is the dealer's left's, and any card may be led."""
    state = dealt(svoi(4), FOUR, dealer=3)
    assert state.current_player == 0 and not state.pile
    assert legal(state) == {f"play {c}" for c in hand(state, 0)}
    state = state.apply("play 7S")
    assert state.current_player == 1 and state.top == state.game.pack.parse("7S")


def test_g2_nothing_to_take_when_leading() -> None:
    """G2: with an empty pile the player leads; there is nothing to take or pass."""
    state = position(["AS 7D", "AH", "AD", "AC"])
    refused(state, "take", "G3-G4")
    refused(state, "pass", "G3-G4")


# -- G3: beat then attack, or take --------------------------------------------------------


def test_g3a_after_beating_one_more_card_of_choice_goes_on_top() -> None:
    """G3(a): after beating, the player lays any card of theirs on top; then the next
    player holding cards moves."""
    state = position(["AS", "KD 9C 7S", "AD", "AC"], pile="QD", current=1, owner=0)
    state = state.apply("play KD")
    assert state.current_player == 1 and state.phase.value == "attack"
    assert legal(state) == {"play 9C", "play 7S"}      # any card, beating or not
    refused(state, "take", "G3, G5")
    state = state.apply("play 7S")
    assert state.current_player == 2
    assert list(state.game.pack.names(state.pile)) == ["QD", "KD", "7S"]


def test_g3b_taking_is_allowed_even_when_one_could_beat() -> None:
    """G3(b): the player may take the whole pile although they could beat; the pile is
    then empty and the next player holding cards leads."""
    state = position(["AS", "KD 7H", "AD 9D", "AC"], pile="JD QD", current=1, owner=0)
    state = state.apply("take")
    assert hand(state, 1) == {"KD", "7H", "JD", "QD"}
    assert not state.pile and state.top == -1 and state.current_player == 2
    assert legal(state) == {"play AD", "play 9D"}


# -- G4: must take ----------------------------------------------------------------------


def test_g4_f7_no_beating_card_means_take() -> None:
    """svoi_kozyri.md F7 (G4): the pile holds 5 cards with 7C on top; P2 (trumps D)
    holds 6C QS, cannot beat and must take: 7 cards, the pile empty, P3 leads any card."""
    state = position(["AS", "AH", "6C QS", "KC AC"], pile="9S 10S JS QH 7C",
                     current=2, owner=1)
    assert legal(state) == {"take"}
    refused(state, "play 6C", "G1")
    refused(state, "pass", "G3-G4")
    state = state.apply("take")
    assert state.hands[2].bit_count() == 7 and not state.pile
    assert state.current_player == 3 and legal(state) == {"play KC", "play AC"}


# -- G5: the card to beat -----------------------------------------------------------------


def test_g5_f6_the_attack_card_is_the_card_to_beat() -> None:
    """svoi_kozyri.md F6 (G5): P1 beats QD with KD, leaving 9C 7S; P1 must put 9C or 7S on
    top, and P2 must beat that card, not KD."""
    state = position(["AS", "KD 9C 7S", "8C 8S 7D", "AC"], pile="QD", current=1, owner=0)
    state = state.apply("play KD")
    assert hand(state, 1) == {"9C", "7S"} and legal(state) == {"play 9C", "play 7S"}
    state = state.apply("play 7S")
    assert state.current_player == 2
    assert legal(state) == {"play 8S", "play 7D", "take"}   # beats 7S; KD is covered


def test_g5_beating_with_the_last_card_leaves_it_on_top() -> None:
    """G5: a player who beats with their last card does not attack; the beating card
    stays on top and the next player must beat it or take."""
    state = position(["AS 6S", "KD", "AD 8D", "AC"], pile="QD", current=1, owner=0)
    state = state.apply("play KD")
    assert state.current_player == 2 and state.top == state.game.pack.parse("KD")
    assert legal(state) == {"play AD", "take"}          # 8D is no higher diamond


# -- G6: out and skipped --------------------------------------------------------------------


def test_g6_a_player_out_of_cards_is_skipped() -> None:
    """G6: a player who leads, attacks or beats with their last card is out, and play
    skips them from then on."""
    state = position(["7S", "KH 9C 8C", "", "AC 10C"], current=0, out=(2,))
    state = state.apply("play 7S")                      # led the last card: out
    assert state.out == (2, 0) and state.current_player == 1
    state = play(state, "play KH", "play 8C")           # beat with a trump, attack
    assert state.current_player == 3                    # P2 is skipped
    state = play(state, "play 10C", "play AC")          # P3 attacks with their last card
    assert state.out == (2, 0, 3) and state.is_over     # P1 alone holds cards


# -- G7: nothing leaves play --------------------------------------------------------------


def test_g7_cards_never_leave_play_except_into_a_hand() -> None:
    """G7: there is no discard: through a whole deal every card is in a hand or the
    pile, and a take moves the pile into a hand."""
    state = svoi(4).new_deal(seed=11)
    rng = random.Random(2)
    while not state.is_over:
        assert isinstance(state, SheddingState)
        assert sum(h.bit_count() for h in state.hands) + len(state.pile) == 36
        assert not state.taken or not any(state.taken)
        actions = state.legal_actions()
        state = state.apply(actions[rng.randrange(len(actions))])


# -- G8, S1: the end and the loser ----------------------------------------------------------


def test_g8_s1_f8_the_last_holder_loses_and_deals_next() -> None:
    """svoi_kozyri.md F8 (G8, S1, S2): P0 and P2 are out; P1 beats P3's attack with the
    last card and is out; P3 alone holds cards, loses the deal and deals next."""
    deal = position(["", "KH", "", "9C 7C"], pile="8H", current=1, owner=3, out=(0, 2))
    state = deal.apply("play KH")
    assert state.is_over and state.out == (0, 2, 1)
    assert state.result is not None
    assert state.result.scores == (0, 0, 0, 1)          # S1: only the loser is named
    assert state.result.details["loser"] == 3
    match = play(svoi(4).setup_match(deal), "play KH")
    assert match.deal.dealer == 3                       # S2


# -- S3: the match ---------------------------------------------------------------------------


def test_s3_a_match_of_agreed_deals_counts_losses_fewest_best() -> None:
    """S3: the match lasts the agreed number of deals (option deals); each loss counts
    one, and the fewest losses win."""
    game = cardrules.load("svoi-kozyri", players=3, options={"deals": 2})
    deal = game.setup(hands=["", "KH", "9D 7C"], pile="8H", current=1, owner=2, out=(0,),
                      own_suits="SHD")
    match = play(game.setup_match(deal), "play KH")
    assert not match.is_over and match.view(0).match["totals"] == [0, 0, 1]
    deal2 = game.setup(hands=["AS", "", "KS"], pile="QS", current=0, owner=2,
                       own_suits="SHD", out=(1,), dealer=2)
    match = play(game.setup_match(deal2, totals=[0, 0, 1], index=1, dealer=2),
                 "play AS")
    assert match.is_over
    assert match.result.totals == (0, 0, 2) and set(match.result.winners) == {0, 1}


# -- S4: the safety net --------------------------------------------------------------------


def test_s4_a_hundred_pick_ups_end_the_deal_drawn() -> None:
    """S4 (cardrules' safety net): a deal whose pile has been picked up 100 times ends
    with no loser."""
    state = svoi(2).setup(hands=["AS KS", "7H"], pile="AH", current=0, owner=1,
                          own_suits="SH")
    data = state.to_json()
    data["pickups"] = 99                                # the position before the limit
    state = state.game.state_from_json(data).apply("take")
    assert state.is_over and state.result is not None
    assert state.result.scores == (0, 0) and state.result.details["loser"] == -1


# -- the table and the bots ---------------------------------------------------------------


def test_the_table_shows_each_players_own_trump_suit() -> None:
    """D1-D3: the view and the terminal table name each player's own trump suit."""
    state = svoi(4).new_deal(seed=3)
    assert state.view(0).trumps["classes"] == [{"S": 1}, {"H": 1}, {"D": 1}, {"C": 1}]
    text = "\n".join(layout(TextRenderer.of(state.game, ascii=True), state.view(0), 0))
    assert "P0 S  P1 H  P2 D  P3 C" in text


def test_greedy_and_search_bots_play_a_deal() -> None:
    """The greedy and search bots play Svoi kozyri to the end of a deal."""
    game = svoi(2)
    for name in ("greedy", "ismcts"):
        bot = make_bot(QUICK_BOTS[name])
        rng = random.Random(4)
        state = game.new_deal(seed=8)
        moves = 0
        while not state.is_over and moves < 30:
            state = state.apply(act(bot, state, rng))
            moves += 1
        assert moves
