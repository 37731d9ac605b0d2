"""Skat as OpenSpiel plays it (variants/skat.yaml), rule by rule (docs/rules/skat.md):
each test sets up the position its rule is about and cites the rule number."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from rule_support import QUICK_LEAKS, play, refused

import cardrules
from cardrules.tools.check import run_check
from cardrules.tools.describe import describe

GAME = cardrules.load("skat")
PACK = GAME.pack
TYPES = ("diamonds", "hearts", "spades", "clubs", "grand", "null")


def _labels(state: cardrules.State) -> list[str]:
    return sorted(a.text(PACK) for a in state.legal_actions())


def _trick(kind: str, hands: Sequence[str], *, declarer: int = 0, leader: int = 0,
           discard: str = "9C 8C") -> cardrules.State:
    """A position in play of game type ``kind`` declared by ``declarer``, with
    ``hands``, ``discard`` the declarer's discard, every other card taken in earlier
    tricks by the declarer (by the next seat in a null game, which the declarer's first
    trick ends)."""
    used = " ".join([*hands, discard]).split()
    rest = [n for n in PACK.names(range(PACK.size)) if n not in used]
    taker = (declarer + 1) % 3 if kind == "null" else declarer
    won = ["", "", ""]
    won[taker] = " ".join(rest)
    tricks = [0, 0, 0]
    tricks[taker] = len(rest) // 3
    trump = {"diamonds": "D", "hearts": "H", "spades": "S", "clubs": "C"}.get(kind, "")
    discards: list[list[str]] = [[], [], []]
    discards[declarer] = discard.split()
    return GAME.position(hands=list(hands), dealer=2, stage=-1, leader=leader,
                         current=leader, game_type=TYPES.index(kind) + 1,
                         game_declarer=declarer, trump=trump or None, widow_discard=discards,
                         won=won, tricks=tricks)


def test_sk1_three_players_and_a_pack_of_32() -> None:
    assert GAME.players == 3 and PACK.size == 32
    assert sorted(PACK.suits) == ["C", "D", "H", "S"]
    assert sorted(PACK.ranks) == sorted(["7", "8", "9", "10", "J", "Q", "K", "A"])


def test_sk2_ten_cards_each_and_two_in_the_skat() -> None:
    deal = GAME.new_deal(5, dealer=2)
    assert [h.bit_count() for h in deal.hands] == [10, 10, 10]
    assert deal.zones()["stock"].bit_count() == 2
    assert deal.view(0).to_json()["stock"] == 2  # unseen


def test_sk3_the_first_to_name_a_game_type_declares_it() -> None:
    deal = GAME.new_deal(5, dealer=2)
    assert deal.current_player == 0  # the dealer's left
    assert _labels(deal) == sorted(["pass", *TYPES])
    assert "passes or names a game type" in refused(deal, "lead 7D", "SK3")
    state = play(deal, "pass")
    assert state.current_player == 1
    state = state.apply("spades")
    assert state.view(2).game_type == "spades" and state.view(2).game_declarer == 1
    assert state.current_player == 1 and _labels(state)[0].startswith("discard ")
    end = play(deal, "pass", "pass", "pass")
    assert end.is_over and end.result is not None and list(end.result.scores) == [0, 0, 0]


def test_sk4_the_declarer_takes_the_skat_and_discards_two_face_down() -> None:
    deal = GAME.new_deal(5, dealer=2)
    skat = deal.zones()["stock"]
    state = deal.apply("grand")
    assert state.hands[0].bit_count() == 12 and state.hands[0] & skat == skat
    assert state.view(1).widow == 2  # a count: the others do not see the skat
    assert "discards 2 more card(s)" in refused(state, "pass", "SK4")
    first, second = state.legal_actions()[:2]
    state = play(state, first.text(PACK), second.text(PACK))
    assert state.view(1).widow_discard == [2, [], 0]
    assert state.hands[0].bit_count() == 10 and state.current_player == 0


def test_sk5_follow_suit_the_jacks_belonging_to_the_trumps() -> None:
    hands = ["JD 7D AH", "JH 8D KS", "9D QS JC"]
    state = _trick("hearts", hands).apply("lead JD")
    assert _labels(state) == ["answer JH"]  # a jack led calls for trumps
    state = _trick("hearts", hands).apply("lead 7D")
    assert _labels(state) == ["answer 8D"]  # JH is a trump, not a diamond
    assert refused(state, "answer JH", "SK5")
    state = play(_trick("grand", ["7H AH 7D", "8D JD KS", "9D QS JC"]), "lead 7H")
    assert _labels(state) == ["answer 8D", "answer JD", "answer KS"]  # void: any card
    state = _trick("null", ["JD 7D AH", "JH 8D KS", "9D QS 7C"], leader=1).apply("lead 8D")
    assert _labels(state) == ["answer 9D"]
    state = _trick("null", ["JD 7H AH", "JH 8D KS", "9D QS 7C"], leader=1)
    state = play(state, "lead 8D", "answer 9D")
    assert _labels(state) == ["answer JD"]  # in null a jack is a card of its suit


def _winner(kind: str, hands: Sequence[str], *cards: str, declarer: int = 0,
            discard: str = "9C 8C") -> int:
    state = _trick(kind, hands, declarer=declarer, discard=discard)
    state = play(state, f"lead {cards[0]}", *(f"answer {c}" for c in cards[1:]))
    return int(state.current_player)


def test_sk6_a_suit_game_the_jacks_then_the_trump_suit() -> None:
    hands = ["JS AH KD", "JC 10H 7D", "JH 7H AD"]
    assert _winner("hearts", hands, "JS", "JC", "JH") == 1  # clubs jack highest
    assert _winner("hearts", hands, "AH", "10H", "7H") == 0  # A above 10 in trumps
    assert _winner("hearts", hands, "KD", "7D", "AD") == 2
    hands = ["JS AH KD", "JC 10H 7D", "JH 7H 9S"]
    assert _winner("hearts", hands, "KD", "7D", "7H") == 2  # any trump beats a plain card
    hands = ["10D KS 8C", "KD 7S 9C", "QD AS AC"]
    assert _winner("clubs", hands, "10D", "KD", "QD", discard="7C 8H") == 0  # 10 above K


def test_sk7_a_grand_the_four_jacks_alone_are_trumps() -> None:
    hands = ["AH JD 8S", "10H 7H KS", "JS KC 9S"]
    assert _winner("grand", hands, "AH", "10H", "JS") == 2
    assert _winner("grand", hands, "JD", "7H", "JS") == 2  # spades above diamonds
    hands = ["AH 8H 9S", "10H 7H KS", "QH KH 7S"]
    assert _winner("grand", hands, "8H", "10H", "KH") == 1  # hearts are no trumps


def test_sk8_a_null_game_has_no_trumps_and_ends_at_the_declarer_s_first_trick() -> None:
    hands = ["JD 7H AH", "10D 8H KS", "9D QS 7C"]
    assert _winner("null", hands, "JD", "10D", "9D", declarer=1) == 0  # J above 10
    state = _trick("null", ["JD 7H AH", "10D 8H KS", "9D QS 7C"])
    state = play(state, "lead JD", "answer 10D", "answer 9D")
    assert state.is_over and state.result is not None  # lost at once, cards left
    assert list(state.result.scores) == [-60, 30, 30]
    assert all(h.bit_count() == 2 for h in state.hands)
    state = play(_trick("null", ["7D 7H AH", "10D 8H KS", "9D QS 7C"]),
                 "lead 7D", "answer 10D", "answer 9D")
    assert not state.is_over and state.current_player == 1


def test_sk9_card_points_add_up_to_120() -> None:
    assert [PACK.value(PACK.parse(n)) for n in ("AS", "10S", "KS", "QS", "JS", "9S")] == \
        [11, 10, 4, 3, 2, 0]
    assert sum(PACK.value(c) for c in range(PACK.size)) == 120


def test_sk10_a_suit_game_or_grand_scores_the_declarer_s_points_against_60() -> None:
    """The last trick: the declarer (seat 1) has the discard (AS 10S, 21 points) and
    takes the trick; the defenders took every other card."""
    hands = ["7D", "AD", "8D"]
    used = {"7D", "AD", "8D", "AS", "10S"}
    rest = " ".join(n for n in PACK.names(range(PACK.size)) if n not in used)
    state = GAME.position(hands=hands, dealer=2, stage=-1, leader=0, current=0,
                          game_type=5, game_declarer=1, widow_discard=[[], ["AS", "10S"], []],
                          won=[rest, "", ""], tricks=[9, 0, 0])
    end = play(state, "lead 7D", "answer AD", "answer 8D")
    assert end.is_over and end.result is not None
    declarer = 11 + 11 + 10  # AD, and the discard AS 10S
    assert list(end.result.scores) == [120 - declarer - 60, 2 * (declarer - 60),
                                       120 - declarer - 60]


def test_sk11_a_null_game_made_when_the_declarer_takes_no_trick() -> None:
    hands = ["8D", "7D", "9D"]
    used = {"7D", "8D", "9D", "7S", "8S"}
    rest = " ".join(n for n in PACK.names(range(PACK.size)) if n not in used)
    state = GAME.position(hands=hands, dealer=2, stage=-1, leader=0, current=0,
                          game_type=6, game_declarer=1, widow_discard=[[], ["7S", "8S"], []],
                          won=[rest, "", ""], tricks=[9, 0, 0])
    end = play(state, "lead 8D", "answer 7D", "answer 9D")
    assert end.is_over and end.result is not None
    assert list(end.result.scores) == [-30, 60, -30]


def test_sk12_a_match_is_three_deals_each_player_dealing_once() -> None:
    match = GAME.new_match(seed=3, dealer=2)
    dealers = []
    while not match.is_over:
        if match.deal.dealer not in dealers:
            dealers.append(match.deal.dealer)
        match = match.apply(match.legal_actions()[0])
    assert dealers == [2, 0, 1]


def test_the_rules_text_names_every_game_type() -> None:
    text = " ".join(describe(GAME.variant))
    assert "names a game type (diamonds, hearts, spades, clubs, grand or null)" in text
    assert "diamonds, hearts, spades, clubs: JC JS JH JD above the trump suit" in text
    assert "null: no trumps, ranks from high to low A K Q J 10 9 8 7" in text
    assert "discards 2 cards face down" in text


@pytest.mark.parametrize("seed", [1])
def test_cardrules_check_passes(seed: int) -> None:
    report = run_check("skat", games=3, seed=seed, match_every=3, leak_share=QUICK_LEAKS)
    assert report.failure is None, report.failure
