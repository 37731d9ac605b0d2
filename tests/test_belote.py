"""Belote (``variants/belote.yaml``): scenario tests from explicit positions, one or more
per rule of ``docs/rules/belote.md`` (BE1-BE16), each citing its number."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest
from rule_support import play, refused

import cardrules
from cardrules.cards import mask_of
from cardrules.phases.order_up.points import ByPoints, side_scores
from cardrules.tools.bots import GreedyBot
from cardrules.tools.render import TextRenderer

DEALER = 3
"""The dealer of the scenarios: seat 0, on the dealer's left, speaks and leads first."""
FIRST = ["7C 8C 9C AH 10H", "7D 8D 9D KD AD", "7S 8S 9S 10S AS", "JC QC KC 10C AC"]
"""The five cards each seat is dealt first (seat 0's first)."""
UPCARD = "JH"
"""The card turned up."""
PACKETS = ["QH KH JD", "QD 10D JS", "QS KS 7H", "8H 9H"]
"""The rest of the pack, in the order it is dealt after the bidding: a packet of three
to each seat from the dealer's left, the last packet two cards (the taker's)."""


@cache
def belote(**options: str) -> cardrules.Game:
    return cardrules.load("belote", options=options)


def dealt(first: list[str] = FIRST, upcard: str = UPCARD,
          packets: list[str] = PACKETS, game: cardrules.Game | None = None,
          ) -> cardrules.State:
    """A deal by seat 3 giving ``first`` (seat 0's first), turning ``upcard`` up; the
    cards after it are ``packets`` in the order they are dealt."""
    game = game or belote(match="one_deal")
    pack = game.pack
    cards = [list(pack.parse_many(h)) for h in first]
    drawn = [cards[(DEALER + 1 + i) % 4][i // 4] for i in range(20)]
    drawn.append(pack.parse(upcard))
    for packet in packets:
        drawn += pack.parse_many(packet)
    assert sorted(drawn) == list(range(pack.size))
    state = game.new_deal(0, dealer=DEALER, order=list(reversed(drawn)))
    assert [set(pack.cards_of(h)) for h in state.hands] == [set(h) for h in cards]
    return state


def labels(state: cardrules.State) -> set[str]:
    return {a.label or state.describe(a) for a in state.legal_actions()}


def hand(state: cardrules.State, seat: int) -> set[str]:
    pack = state.game.pack
    return set(pack.names(pack.cards_of(state.hands[seat])))


def position(*hands: str, trump: str = "H", leader: int = 0,
             won: list[str] | None = None) -> cardrules.State:
    """A position at the start of a trick, ``trump`` trumps."""
    return belote(match="one_deal").setup(hands=list(hands), trump=trump, leader=leader,
                                          won=won)


def calls(state: cardrules.State) -> list[tuple[int, str, int]]:
    return [(e.player, e.note, e.amount) for e in state.events if e.kind == "call"]


# BE1-BE3: players, cards, the deal ------------------------------------------------------------


def test_be1_four_players_in_two_partnerships() -> None:
    game = belote()
    assert game.players == 4 and game.partnerships == ((0, 2), (1, 3))


def test_be2_thirty_two_cards_and_their_values_in_plain_suits_and_trumps() -> None:
    game = belote()
    assert game.pack.size == 32 and game.pack.ranks == ("7", "8", "9", "J", "Q", "K",
                                                        "10", "A")
    # BE2: hearts trumps; seat 0 took every heart (62) and every spade (30)
    state = position("7C", "8C", "9C", "10C", trump="H",
                     won=["7H 8H 9H JH QH KH 10H AH 7S 8S 9S JS QS KS 10S AS", "", "", ""])
    assert state.deal_points()[0] == 20 + 14 + 11 + 10 + 4 + 3 + 30
    # the trump jack and nine are worth 2 and 0 in a plain suit
    assert position("7C", "8C", "9C", "10C", trump="S",
                    won=["JH 9H", "", "", ""]).deal_points()[0] == 2


def test_be3_five_cards_each_and_a_card_turned_up() -> None:
    state = dealt()
    assert [h.bit_count() for h in state.hands] == [5, 5, 5, 5]
    view = state.view(0)
    assert view.upcard == "JH" and view.stock == 11
    assert state.current_player == 0  # the dealer's left speaks first (BE4)


# BE4-BE6: the bidding ------------------------------------------------------------------------


def test_be4_the_first_round_takes_the_turned_suit_or_passes() -> None:
    state = dealt()
    assert labels(state) == {"pass", "trump H"}
    refused(state, "trump S", "BE4-BE6")
    state = play(state, "pass", "trump H")  # seat 1 takes
    assert state.trump == belote().pack.suits.index("H")
    assert state.view(0).maker == 1


def test_be5_the_second_round_names_another_suit() -> None:
    state = play(dealt(), "pass", "pass", "pass", "pass")
    assert labels(state) == {"pass", "trump C", "trump D", "trump S"}
    refused(state, "trump H", "BE4-BE6")
    assert state.view(0).bidding_round == 2
    state = state.apply("trump S")  # seat 0 names spades
    assert state.trump == belote().pack.suits.index("S") and state.view(1).maker == 0


def test_be5_a_deal_everyone_passes_twice_is_thrown_in() -> None:
    state = play(dealt(), *["pass"] * 8)
    assert state.is_over and state.result.scores == (0, 0, 0, 0)
    assert not any(state.won)  # no card was played


def test_be6_the_taker_gets_the_turned_card_and_the_rest_is_dealt() -> None:
    state = play(dealt(), "pass", "pass", "trump H")  # seat 2 takes
    assert [h.bit_count() for h in state.hands] == [8, 8, 8, 8]
    # packets from the dealer's left: seat 0, seat 1, the taker (2 cards), the dealer
    assert hand(state, 0) >= {"QH", "KH", "JD"}
    assert hand(state, 1) >= {"QD", "10D", "JS"}
    assert hand(state, 2) >= {"JH", "QS", "KS"} and "7H" not in hand(state, 2)
    assert hand(state, 3) >= {"7H", "8H", "9H"}


def test_be6_in_the_second_round_too_the_taker_gets_the_turned_card() -> None:
    state = play(dealt(), *["pass"] * 5, "trump D")  # seat 1 names diamonds
    assert "JH" in hand(state, 1) and state.hands[1].bit_count() == 8
    assert state.view(0).upcard == "JH"


# BE7-BE10: the play --------------------------------------------------------------------------


def test_be7_the_dealers_left_leads_and_the_winner_leads_next() -> None:
    state = play(dealt(), "trump H")
    assert state.current_player == 0 and state.phase == "lead"
    # seat 0 took: JH and the taker's two cards, QH KH (BE6)
    state = play(state, "lead 7C", "answer 7D", "answer 9S", "answer AC")
    assert state.tricks == (0, 0, 0, 1)
    assert state.current_player == 3 and state.phase == "lead"


def test_be8_trumps_rank_j_9_a_10_k_q_8_7_and_beat_plain_cards() -> None:
    state = position("9H", "AH", "JH", "10H", trump="H")
    state = play(state, "lead 9H", "answer AH", "answer JH", "answer 10H")
    assert state.tricks == (0, 0, 1, 0)
    state = position("10S", "AS", "7H", "KS", trump="H")
    state = play(state, "lead 10S", "answer AS", "answer 7H", "answer KS")
    assert state.tricks == (0, 0, 1, 0)  # the 7 of trumps takes the plain ace
    state = position("JS 7C", "10S 8C", "AS 9C", "KS 10C", trump="H")
    state = play(state, "lead JS", "answer 10S", "answer AS", "answer KS")
    assert state.tricks == (0, 0, 1, 0)  # plain suits: A 10 K Q J 9 8 7


def test_be9_follow_suit_and_over_a_trump_lead_beat_even_the_partner() -> None:
    state = position("9S 7C", "8S 8C", "AS 7H", "JS 10S", trump="S")
    state = play(state, "lead 9S", "answer 8S")
    assert labels(state) == {"answer AS"}  # the only trump, though it cannot beat 9S
    state = position("8S 7C", "9S 8C", "JS 7S", "10S AH", trump="S")
    state = play(state, "lead 8S", "answer 9S")
    assert labels(state) == {"answer JS"}  # must beat the opponent's 9S
    refused(state, "answer 7S", "BE9-BE10")
    state = position("8S 7C", "7S 8C", "JS 10S", "AD AH", trump="S")
    state = play(state, "lead 8S", "answer 7S")
    assert labels(state) == {"answer JS", "answer 10S"}  # the partner's 8S holds: beat it
    state = position("8D 7C", "AD 8C", "9D 10C", "KD AH", trump="S")
    state = play(state, "lead 8D", "answer AD")
    assert labels(state) == {"answer 9D"}  # a plain suit: follow, no need to beat
    refused(state, "answer 10C", "BE9")


def test_be10_void_must_trump_when_an_opponent_holds_the_trick() -> None:
    state = position("AD 7C", "8C JS", "9C 7S", "10C AH", trump="S")
    state = play(state, "lead AD")
    assert labels(state) == {"answer JS"}
    refused(state, "answer 8C", "BE10")


def test_be10_void_must_overtrump_or_else_undertrump() -> None:
    state = position("AD 7C 8D", "9S 8C 9C", "JS 7S 7H", "10C AH 8H", trump="S")
    state = play(state, "lead AD", "answer 9S")  # seat 1, void, must trump
    assert labels(state) == {"answer JS"}  # beat the opponent's 9S
    refused(state, "answer 7S", "BE9-BE10")
    refused(state, "answer 7H", "BE10")
    state = position("AD 7C 8D", "9S 8C 9C", "8S 7S 7H", "10C AH 8H", trump="S")
    state = play(state, "lead AD", "answer 9S")
    assert labels(state) == {"answer 8S", "answer 7S"}  # cannot beat it: a lower trump
    refused(state, "answer 7H", "BE10")


def test_be10_void_with_the_partner_holding_the_trick_may_play_any_card() -> None:
    state = position("AD 7C 9C", "8D 8C 10C", "7S 9S 7H", "10D AH 8H", trump="S")
    state = play(state, "lead AD", "answer 8D")
    assert labels(state) == {"answer 7S", "answer 9S", "answer 7H"}
    # the partner holds it with a trump: no need to trump, nor to overtrump
    state = position("JS 7S 7H", "AD 8C 9C", "9S 10C AC", "8D 10D KC", trump="S",
                     leader=1)
    state = play(state, "lead AD", "answer 9S", "answer 8D")
    assert labels(state) == {"answer JS", "answer 7S", "answer 7H"}


def test_be10_void_of_trumps_too_plays_any_card() -> None:
    state = position("AD 7C", "8C 7H", "9C 7D", "10C AH", trump="S")
    state = play(state, "lead AD")
    assert labels(state) == {"answer 8C", "answer 7H"}


# BE11: belote-rebelote ------------------------------------------------------------------------


def test_be11_the_king_and_queen_of_trumps_are_announced_as_played() -> None:
    state = position("KH QH 7C", "AS 8C 7S", "AD 9C 7D", "10C AC 8D", trump="H")
    state = state.apply("lead KH")
    assert calls(state) == [(0, "belote", 0)]
    assert state.view(1).called == ["QH"]  # everyone now knows seat 0 holds QH
    state = play(state, "answer 8C", "answer 9C", "answer 8D", "lead QH")
    assert calls(state) == [(0, "rebelote", 20)]
    assert state.view(2).announced == [20, 0, 0, 0] and state.view(2).called == []
    assert state.deal_points()[0] == 4 + 20  # KH and 20, QH not yet taken


def test_be11_also_when_the_cards_are_played_to_others_leads() -> None:
    state = position("AS 7C", "QH KH", "AD 9C", "10C 8D", trump="H")
    state = play(state, "lead AS", "answer KH")
    assert calls(state) == [(1, "belote", 0)]


def test_be11_a_player_holding_only_one_of_them_announces_nothing() -> None:
    state = position("KH 7C", "QH 8C", "AD 9C", "10C 8D", trump="H")
    state = play(state, "lead KH", "answer QH")
    assert calls(state) == [] and state.view(0).announced == [0, 0, 0, 0]


def test_be11_the_king_and_queen_of_a_plain_suit_are_nothing() -> None:
    state = position("KS QS 7C", "AS 8C 7S", "AD 9C 7D", "10C AC 8D", trump="H")
    assert calls(state.apply("lead KS")) == []


# BE12-BE14: counting and the contract --------------------------------------------------------


def test_be12_card_points_add_up_to_162_with_the_last_trick() -> None:
    for seed in range(6):
        state = play(dealt(), "trump H")
        rng = random.Random(seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        belote_points = sum(e for _, _, e in calls(state))
        assert sum(state.deal_points()) - sum(state.kept_points()) \
            - sum(state.declared_points()) == 162
        assert sum(state.kept_points()) in (0, 20) and belote_points in (0, 20)


def _made_or_dedans(state: cardrules.State) -> tuple[int, ...]:
    """The scores BE13 and BE14 give a finished deal, worked out anew."""
    maker = state.view(0).maker
    makers = {maker, (maker + 2) % 4}
    points, kept, tricks = state.deal_points(), state.kept_points(), state.tricks
    melds = state.declared_points()
    side = [sum(points[p] for p in range(4) if (p in makers) == mine) for mine in (True, False)]
    keep = [sum(kept[p] for p in range(4) if (p in makers) == mine) for mine in (True, False)]
    took = [sum(tricks[p] for p in range(4) if (p in makers) == mine) for mine in (True, False)]
    meld = [sum(melds[p] for p in range(4) if (p in makers) == mine) for mine in (True, False)]
    cards = [side[0] - keep[0] - meld[0], side[1] - keep[1] - meld[1]]
    if not took[1]:
        cards = [250, 0]
    elif not took[0]:
        cards = [0, 250]
    if cards[0] + keep[0] + meld[0] > cards[1] + keep[1] + meld[1]:
        made, defended = cards[0] + keep[0] + meld[0], cards[1] + keep[1] + meld[1]
    else:
        made, defended = keep[0], cards[0] + cards[1] + keep[1] + meld[0] + meld[1]
    return tuple(made if p in makers else defended for p in range(4))


def test_be13_the_takers_need_more_points_than_the_defenders_else_dedans() -> None:
    assert side_scores(ByPoints(all_tricks=250), cards=(92, 70), kept=(0, 0),
                       tricks=(5, 3)) == (92, 70)
    assert side_scores(ByPoints(all_tricks=250), cards=(70, 92), kept=(0, 0),
                       tricks=(3, 5)) == (0, 162)
    # a tie is not enough (BE13)
    assert side_scores(ByPoints(all_tricks=250), cards=(81, 81), kept=(0, 0),
                       tricks=(4, 4)) == (0, 162)
    # belote counts toward the contract and stays with its holder when dedans (BE11)
    assert side_scores(ByPoints(all_tricks=250), cards=(72, 90), kept=(20, 0),
                       tricks=(4, 4)) == (92, 90)
    assert side_scores(ByPoints(all_tricks=250), cards=(62, 100), kept=(20, 0),
                       tricks=(4, 4)) == (20, 162)
    assert side_scores(ByPoints(all_tricks=250), cards=(100, 62), kept=(0, 20),
                       tricks=(4, 4)) == (100, 82)
    outcomes = set()
    for seed in range(30):
        state = play(dealt(), "pass", "trump H")
        rng = random.Random(seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        assert state.result.scores == _made_or_dedans(state)
        outcomes.add(state.result.scores[1] > state.result.scores[0])
    assert outcomes == {True, False}  # both made and dedans were seen


def test_be14_capot_counts_250() -> None:
    assert side_scores(ByPoints(all_tricks=250), cards=(162, 0), kept=(20, 0),
                       tricks=(8, 0)) == (270, 0)
    assert side_scores(ByPoints(all_tricks=250), cards=(0, 162), kept=(20, 0),
                       tricks=(0, 8)) == (20, 250)


def test_be14_the_rounding_option_rounds_each_score_to_tens() -> None:
    game = belote(match="one_deal", rounding="tens")
    for seed in range(10):
        state = play(dealt(game=game), "trump H")
        rng = random.Random(seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        assert all(score % 10 == 0 for score in state.result.scores)
        exact = _made_or_dedans(state)
        assert state.result.scores == tuple((2 * s + 10) // 20 * 10 for s in exact)


# BE15, BE16: the match; what is left out -----------------------------------------------------


def test_be15_a_match_is_played_to_1000_or_one_deal() -> None:
    assert belote().variant.match.target == 1000
    one = belote(match="one_deal").variant.match
    assert one.deals == 1
    match = belote().new_match(seed=3)
    rng = random.Random(3)
    while not match.is_over:
        match = match.apply(rng.choice(match.legal_actions()))
    assert max(match.result.totals) >= 1000


# BE16-BE20: declarations -----------------------------------------------------------------------

HANDS = ("10S KS QS JS 9S 7C 8C 7D", "AC AD AH AS 8S 9C 10D 8D",
         "7H 8H 9H 10C JD QD 7S KD", "JC QC KC 10H JH QH KH 9D")
"""A first trick, hearts trumps: seat 0 holds a cent in spades, seat 1 four aces, seat 2
(seat 0's partner) tierces in trumps and diamonds, seat 3 a tierce in clubs and a
cinquante in trumps."""


def declares(state: cardrules.State) -> set[str]:
    return {a.label for a in state.legal_actions() if a.kind.value == "declare"}


def melds(state: cardrules.State) -> list[tuple[int, str, int]]:
    return [(e.player, e.note, e.amount) for e in state.events if e.kind == "meld"]


def test_be16_the_longest_sequences_in_the_order_a_k_q_j_10_9_8_7() -> None:
    state = position("7H 8H 9H 10H JH 9C 10C JC", "7S", "8S", "9S")
    assert declares(state) == {"declare cent 10H JH 9H 8H 7H", "declare tierce 10C JC 9C"}
    message = refused(state, "declare tierce 9H 8H 7H", "BE16-BE19")
    assert "part of a longer sequence" in message
    refused(state, "declare cinquante 10H JH 9H 8H", "BE16-BE19")
    # 9 J Q is no sequence (the ten lies between 9 and J), a run of six is one cent
    assert declares(position("9D JD QD 7C", "7S", "8S", "9S")) == set()
    assert declares(position("7D 8D 9D 10D JD QD", "7S", "8S", "9S")) == \
        {"declare cent 10D QD JD 9D 8D 7D"}
    found = {m.name: m.points for m in belote().tables.melds.find(
        mask_of(belote().pack.parse_many("7C 8C 9C JD QD KD AD 7S 8S 9S 10S")), 0)}
    assert found == {"tierce": 20, "cinquante": 50}


def test_be17_carres_of_jacks_nines_aces_tens_kings_and_queens() -> None:
    state = position("JC JD JH JS 9H 10H 7C 8C", "7S", "8S", "9S")
    assert declares(state) == {"declare carre JC JD JH JS", "declare tierce 10H JH 9H"}
    assert declares(position("8C 8D 8H 8S", "7S", "9S", "10S")) == set()
    points = {m.mask: m.points for m in belote().tables.melds.find(belote().pack.full, 0)
              if m.name == "carre"}
    pack = belote().pack
    assert sorted(points.values()) == [100, 100, 100, 100, 150, 200]
    assert points[pack.rank_mask(pack.ranks.index("J"))] == 200
    assert points[pack.rank_mask(pack.ranks.index("9"))] == 150


def test_be18_each_declares_on_their_turn_in_the_first_trick_once() -> None:
    state = position(*HANDS)
    assert declares(state) == {"declare cent 10S KS QS JS 9S"}
    state = state.apply("declare cent 10S KS QS JS 9S")
    assert declares(state) == set()  # once
    refused(state, "declare cent 10S KS QS JS 9S", "BE16-BE19")
    # heard by name, shown only once compared (BE19)
    view = state.view(1)
    assert view.meld_cards == [] and view.events == [{"kind": "declare", "player": 0,
                                                      "cards": 5, "note": "cent"}]
    assert state.view(0).events[0]["cards"] == ["10S", "KS", "QS", "JS", "9S"]
    state = state.apply("lead 7C")
    assert declares(state) == {"declare carre AC AD AH AS"}
    state = play(state, "answer 9C", "answer 10C", "answer JC")  # nobody else declares
    assert state.tricks == (0, 0, 1, 0)
    assert declares(state) == set()
    refused(state.apply("lead KD"), "declare cinquante 10H KH QH JH", "BE16-BE19")


def test_be19_the_side_with_the_best_declaration_scores_all_of_its_own() -> None:
    state = play(position(*HANDS), "declare cent 10S KS QS JS 9S", "lead 7C",
                 "declare carre AC AD AH AS", "answer 9C",
                 "declare tierce 9H 8H 7H", "declare tierce KD QD JD", "answer 10C",
                 "declare tierce KC QC JC", "declare cinquante 10H KH QH JH", "answer JC")
    # a carre beats a cent: seats 1 and 3 score 100 and 20 + 50, seats 0 and 2 nothing
    assert melds(state) == [(1, "carre", 100), (3, "tierce", 20), (3, "cinquante", 50)]
    assert state.view(0).melded == [0, 100, 0, 70]
    assert state.declared_points() == (0, 100, 0, 70)
    assert set(state.view(0).meld_cards) == {"AC", "AD", "AH", "AS", "KC", "QC", "JC",
                                             "KH", "QH", "JH", "10H"}
    # without the carre, the cent is best: seats 0 and 2 score 100 + 20 + 20
    state = play(position(*HANDS), "declare cent 10S KS QS JS 9S", "lead 7C", "answer 9C",
                 "declare tierce 9H 8H 7H", "declare tierce KD QD JD", "answer 10C",
                 "declare cinquante 10H KH QH JH", "answer JC")
    assert state.declared_points() == (100, 0, 40, 0)


def test_be19_how_declarations_compare() -> None:
    game = belote()
    pack, tables = game.pack, game.tables.melds
    hearts = pack.parse_suit("H")

    def key(cards: str, trump: int = hearts) -> tuple[int, ...]:
        return tables.find(mask_of(pack.parse_many(cards)), trump)[0].key

    assert key("QC QD QH QS") > key("AS KS QS JS 10S")      # a carre beats any sequence
    assert key("JC JD JH JS") > key("9C 9D 9H 9S") > key("AC AD AH AS")
    assert key("AC AD AH AS") > key("10C 10D 10H 10S") > key("QC QD QH QS")
    assert key("7S 8S 9S 10S") > key("QC KC AC")             # longer beats shorter
    assert key("QC KC AC") > key("JD QD KD")                 # then the higher top card
    assert key("JH QH KH") > key("JD QD KD")                 # then trumps
    assert key("JD QD KD") == key("JS QS KS")                # two plain ones are equal


def test_be19_of_equal_best_declarations_the_first_declared_wins(tmp_path: Path) -> None:
    hands = ("7C 8C 9C QS", "7D 8D 9D KS", "JC AS", "JD 10S")
    moves = ("declare tierce 9C 8C 7C", "lead QS", "declare tierce 9D 8D 7D", "answer KS",
             "answer AS", "answer 10S")
    state = play(position(*hands), *moves)
    assert state.declared_points() == (20, 0, 0, 0)
    # with ties: nobody (a rule any game may use), neither side scores
    house = tmp_path / "belote-ties.yaml"
    house.write_text("extends: belote\nname: belote-ties\n"
                     "patch: {play: {melds: {ties: nobody}}}\n")
    game = cardrules.load(house, options={"match": "one_deal"})
    state = play(game.setup(hands=list(hands), trump="H"), *moves)
    assert state.declared_points() == (0, 0, 0, 0) and state.tricks == (0, 0, 1, 0)


def test_be20_declarations_count_for_the_contract_and_go_to_the_defenders_if_dedans(
        ) -> None:
    rule = ByPoints(all_tricks=250)
    # the takers' cinquante makes their 70 card points enough
    assert side_scores(rule, cards=(70, 92), kept=(0, 0), tricks=(4, 4),
                       declared=(50, 0)) == (120, 92)
    # dedans: the defenders score 162 and every declaration that scored
    assert side_scores(rule, cards=(60, 102), kept=(0, 0), tricks=(4, 4),
                       declared=(20, 0)) == (0, 182)
    # capot: 250 and the declarations besides
    assert side_scores(rule, cards=(162, 0), kept=(0, 0), tricks=(8, 0),
                       declared=(100, 0)) == (350, 0)


def test_be20_the_option_declarations_none_leaves_them_out() -> None:
    state = play(dealt(game=belote(match="one_deal", declarations="none")), "trump H")
    assert all(a.kind.value in ("lead",) for a in state.legal_actions())
    assert belote(declarations="none").variant.play.melds is None


# the table -----------------------------------------------------------------------------------


def test_the_table_shows_the_turned_card_the_taker_and_the_calls() -> None:
    table = TextRenderer.of(belote(), ascii=True)
    state = dealt()
    assert "Upcard JH: nobody has made trumps yet" in table.view(state.view(0), me=0)
    state = play(state, *["pass"] * 4)
    assert "second round" in " ".join(table.view(state.view(0), me=0))
    state = state.apply("trump S")
    assert "P0 made S trumps (took the upcard JH)" in table.view(state.view(1), me=1)
    assert table.event({"kind": "call", "player": 0, "note": "rebelote", "amount": 20}) \
        == "P0 says rebelote (20 points)"


def test_the_greedy_bot_plays_a_deal() -> None:
    state = belote(match="one_deal").new_deal(seed=1)
    bot, rng = GreedyBot(), random.Random(1)
    while not state.is_over:
        player = state.current_player
        state = state.apply(bot.choose(state.view(player), state.legal_actions(), rng))
    assert state.result is not None


# BE11 as data: any ranks, any suits, one word -------------------------------------------------

PLAIN_PAIRS = {"extends": "belote", "options": {"match": "one_deal"}, "patch": {"play": {
    "announced": {"pair": {"ranks": ["Q", "J"], "trump": False, "points": 10,
                           "words": ["pair"]}}}}}
"""A house rule: the queen and jack of a plain suit, announced as played, score 10."""


def test_be11_announced_sets_are_data_any_ranks_any_suit() -> None:
    game = cardrules.load(PLAIN_PAIRS)
    state = game.setup(hands=["QS JS 7C", "AS 8C 7S", "AD 9C 7D", "10C AC 8D"], trump="H")
    state = state.apply("lead QS")
    assert calls(state) == [(0, "pair", 0)]
    state = play(state, "answer 7S", "answer 7D", "answer 8D", "lead JS")
    assert calls(state) == [(0, "pair", 10)]  # one word, said on both cards
    state = game.setup(hands=["JH QH 7C", "AS 8C 7S", "AD 9C 7D", "10C AC 8D"], trump="H")
    assert calls(state.apply("lead QH")) == []  # trump: false leaves the trump suit out


def test_be11_an_announcement_reads_back_and_survives_resampling() -> None:
    state = position("KH QH 7C", "AS 8C 7S", "AD 9C 7D", "10C AC 8D", trump="H")
    state = state.apply("lead KH")
    game = belote(match="one_deal")
    assert game.state_from_json(state.to_json()) == state
    queen = game.pack.parse("QH")
    rng = random.Random(0)
    for viewer in (1, 2, 3):
        sampled = state.resample(viewer, rng)
        assert sampled.hands[0] >> queen & 1  # everyone heard "belote": QH stays with 0


# BE16-BE19 as data: what is shown, how declarations compare, what the loader refuses --------


def _house(**melds: object) -> cardrules.Game:
    """Belote with ``play.melds`` patched by ``melds``."""
    return cardrules.load({"extends": "belote", "options": {"match": "one_deal"},
                           "patch": {"play": {"melds": melds}}})


def test_be18_with_show_all_the_cards_are_shown_as_declared_and_stay_known() -> None:
    game = _house(show="all")
    state = game.setup(hands=list(HANDS), trump="H")
    state = state.apply("declare cent 10S KS QS JS 9S")
    view = state.view(1)
    assert set(view.meld_cards) == {"KS", "QS", "JS", "10S", "9S"}
    assert view.events[0]["cards"] == ["10S", "KS", "QS", "JS", "9S"]
    assert game.state_from_json(state.to_json()) == state
    cent = mask_of(game.pack.parse_many("KS QS JS 10S 9S"))
    rng = random.Random(0)
    for viewer in (1, 2, 3):
        assert state.resample(viewer, rng).hands[0] & cent == cent


def test_be18_the_scoring_sides_cards_are_known_once_compared() -> None:
    state = play(position(*HANDS), "declare cent 10S KS QS JS 9S", "lead 7C",
                 "declare carre AC AD AH AS", "answer 9C", "answer 10C", "answer JC")
    aces = mask_of(belote().pack.parse_many("AD AH AS"))  # AC was played
    rng = random.Random(0)
    for viewer in (0, 2, 3):
        assert state.resample(viewer, rng).hands[1] & aces == aces
    # the losing side's cent was heard, not shown: its cards are re-dealt like any other
    assert not set(state.view(1).meld_cards) & {"KS", "QS", "JS", "10S", "9S"}
    assert belote(match="one_deal").state_from_json(state.to_json()) == state


def test_be19_points_first_compares_by_points_before_sets_and_sequences() -> None:
    game = _house(sets={"name": "carre", "points": {"Q": 40}}, best="points_first")
    pack, tables = game.pack, game.tables.melds

    def key(cards: str) -> tuple[int, ...]:
        return tables.find(mask_of(pack.parse_many(cards)), 0)[0].key

    assert key("AS KS QS JS 10S") > key("QC QD QH QS") > key("QC KC AC")
    sets_first = _house(sets={"name": "carre", "points": {"Q": 40}}).tables.melds
    assert sets_first.find(mask_of(pack.parse_many("QC QD QH QS")), 0)[0].key > \
        sets_first.find(mask_of(pack.parse_many("AS KS QS JS 10S")), 0)[0].key


def test_be16_the_loader_refuses_declarations_it_cannot_read() -> None:
    cases = {
        "order": ({"sequences": {"order": ["7", "8", "X"],
                                 "lengths": [{"name": "tierce", "cards": 3, "points": 20}]}},
                  "rank"),
        "shortest first": ({"sequences": {"lengths": [
            {"name": "cinquante", "cards": 4, "points": 50},
            {"name": "tierce", "cards": 3, "points": 20}]}}, "shortest first"),
        "names": ({"sequences": {"lengths": [{"name": "carre", "cards": 3, "points": 20}]},
                   "sets": {"name": "carre", "points": {"J": 200}}}, "name of its own"),
        "empty": ({"sequences": None, "sets": None}, "sequences, sets or both"),
        "set rank": ({"sets": {"name": "carre", "points": {"Z": 200}}}, "rank"),
    }
    for name, (patch, words) in cases.items():
        with pytest.raises(cardrules.VariantError) as info:
            cardrules.load({"extends": "belote", "patch": {"play": {"melds": patch}}})
        assert words in str(info.value), (name, str(info.value))
    with pytest.raises(cardrules.VariantError, match=r"mixed with play\.combinations"):
        cardrules.load({"extends": "belote", "patch": {"play": {"combinations": {
            "tierce": {"size": 3, "same_suit": True, "effect": "score", "points": 20}}}}})
