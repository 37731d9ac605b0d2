"""Euchre (``variants/euchre.yaml``): scenario tests, one or more per rule of
``docs/rules/euchre.md`` (E1-E11); ``tests/test_openspiel_euchre.py`` plays it against
OpenSpiel's ``euchre``."""

from __future__ import annotations

import random
from functools import cache

import pytest
from rule_support import QUICK_LEAKS, play, refused

import cardrules
from cardrules.tools.bots import GreedyBot
from cardrules.tools.check import run_check
from cardrules.tools.describe import describe

DEALER = 3
"""The dealer of the scenarios: seat 0, on the dealer's left, speaks and leads first."""
HANDS = ["9C 10C JC QH AH", "9D 10D QD KD AD", "9S 10S QS KS AS", "JD JH JS KC AC"]
"""The hands of :func:`dealt`: seat 3, the dealer, holds three jacks."""
UPCARD = "KH"


@cache
def euchre() -> cardrules.Game:
    return cardrules.load("euchre")


def dealt(hands: list[str] = HANDS, upcard: str = UPCARD,
          game: cardrules.Game | None = None) -> cardrules.State:
    """A deal by seat 3 giving ``hands`` (seat 0's first) and turning up ``upcard``."""
    game = game or euchre()
    pack = game.pack
    cards = [list(pack.parse_many(h)) for h in hands]
    drawn = [cards[(DEALER + 1 + i) % 4][i // 4] for i in range(20)]
    drawn.append(pack.parse(upcard))
    drawn += [c for c in range(pack.size) if c not in drawn]
    state = game.new_deal(0, dealer=DEALER, order=list(reversed(drawn)))
    assert [set(pack.cards_of(h)) for h in state.hands] == [set(h) for h in cards]
    return state


def labels(state: cardrules.State) -> set[str]:
    return {a.label or a.text(euchre().pack) for a in state.legal_actions()}


def finish(state: cardrules.State, seed: int = 0) -> cardrules.State:
    rng = random.Random(seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def position(*hands: str, trump: str = "H", leader: int = 0) -> cardrules.State:
    """A position at the start of a trick, ``trump`` trumps."""
    return euchre().setup(hands=list(hands), trump=trump, leader=leader)


# E1, E2: the pack, the partnerships, the deal ------------------------------------------------


def test_e1_twenty_four_cards_and_partners_sitting_opposite() -> None:
    game = euchre()
    assert game.pack.size == 24 and game.pack.suits == ("C", "D", "H", "S")
    assert game.pack.ranks == ("9", "10", "J", "Q", "K", "A")
    assert game.players == 4 and game.partnerships == ((0, 2), (1, 3))


def test_e2_five_cards_each_and_four_left_face_down_but_the_upcard() -> None:
    state = euchre().new_deal(5, dealer=1)
    assert [h.bit_count() for h in state.hands] == [5, 5, 5, 5]
    view = state.view(0)
    assert view.stock == 3 and view.upcard is not None
    assert state.current_player == 2  # E3: the dealer's left speaks first


# E3-E5: making trumps ------------------------------------------------------------------------


def test_e3_the_first_round_passes_or_orders_the_upcard_up() -> None:
    state = dealt()
    assert labels(state) == {"pass", "trump H"}
    refused(state, "trump S", "E3-E5")
    state = play(state, "pass", "trump H")  # seat 1 orders it up
    assert state.trump == euchre().pack.suits.index("H")
    assert state.current_player == DEALER and state.view(0).maker == 1
    assert euchre().pack.parse("KH") in euchre().pack.cards_of(state.hands[DEALER])


def test_e3_the_dealer_discards_another_card_face_down() -> None:
    state = play(dealt(), "trump H")
    assert labels(state) == {"discard JD", "discard JH", "discard JS", "discard KC",
                             "discard AC"}
    refused(state, "discard KH", "E3-E5")
    state = state.apply("discard KC")
    assert state.hands[DEALER].bit_count() == 5
    assert state.view(DEALER).discarded[DEALER] == ["KC"]
    assert state.view(0).discarded[DEALER] == 1  # the others see a card, not which
    assert state.current_player == 0 and labels(state) == {"alone", "partner"}


def test_e4_the_second_round_names_another_suit_and_sticks_the_dealer() -> None:
    state = play(dealt(), "pass", "pass", "pass", "pass")
    assert state.view(0).upcard == "KH"  # turned down, still seen
    assert labels(state) == {"pass", "trump C", "trump D", "trump S"}
    refused(state, "trump H", "E3-E5")
    state = play(state, "pass", "pass", "pass")
    assert state.current_player == DEALER
    assert labels(state) == {"trump C", "trump D", "trump S"}
    assert "stick the dealer" in refused(state, "pass", "E3-E5")
    state = state.apply("trump S")
    assert state.hands[DEALER].bit_count() == 5  # nobody picks the upcard up
    assert state.current_player == DEALER and labels(state) == {"alone", "partner"}


def test_e5_a_maker_going_alone_leaves_the_partner_out_of_every_trick() -> None:
    state = play(dealt(), "trump H", "discard KC", "alone")  # seat 0 makes, seat 2 sits out
    assert state.current_player == 0  # the maker, on the dealer's left, leads (E6)
    for seed in range(20):
        end = state
        rng = random.Random(seed)
        while not end.is_over:
            assert end.current_player != 2
            end = end.apply(rng.choice(end.legal_actions()))
        assert end.hands[2].bit_count() == 5 and sum(end.tricks) == 5 and not end.tricks[2]
        assert sum(len(w) for w in end.view(0).won) == 15  # five tricks of three cards


def test_e5_the_seats_sitting_out_are_kept_in_json_and_older_json_reads_as_none() -> None:
    state = play(dealt(), "trump H", "discard KC", "alone")
    data = state.to_json()
    assert data["out"] == [2]
    assert euchre().state_from_json(data) == state
    whist = cardrules.load("whist", players=4)
    older = whist.new_deal(3).to_json()
    del older["out"]  # written before seats could sit a deal out
    assert whist.state_from_json(older) == whist.new_deal(3)


def test_e5_playing_with_the_partner_keeps_four_cards_a_trick() -> None:
    end = finish(play(dealt(), "trump H", "discard KC", "partner"))
    assert all(h == 0 for h in end.hands) and sum(end.tricks) == 5


# E6: the first lead ---------------------------------------------------------------------------


def test_e6_the_dealers_left_leads_unless_sitting_out() -> None:
    state = play(dealt(), "trump H", "discard KC", "partner")
    assert state.current_player == 0 and state.view(0).leader == 0
    state = play(dealt(), "pass", "pass", "trump H", "discard KC", "alone")  # seat 2 makes
    assert state.current_player == 1  # seat 0, its partner, sits out


# E7-E9: following suit, the bowers, who takes the trick ----------------------------------------


def test_e7_follow_suit_else_any_card() -> None:
    state = position("AC 9S", "9C KD", "KH 10S", "QD JS").apply("lead AC")
    assert labels(state) == {"answer 9C"}
    refused(state, "answer KD", "E7")
    state = state.apply("answer 9C")
    assert labels(state) == {"answer KH", "answer 10S"}


def test_e8_the_left_bower_is_a_trump_not_a_card_of_its_suit() -> None:
    state = position("AD 9S", "JD 9D", "KH 10S", "QC JS").apply("lead AD")
    assert labels(state) == {"answer 9D"}  # JD is a heart with hearts trumps
    state = position("JD 9S", "AD 9H", "KS 10S", "QC JS").apply("lead JD")
    assert labels(state) == {"answer 9H"}  # JD led asks for a trump


def test_e8_right_bower_left_bower_then_the_ace_of_trumps() -> None:
    state = play(position("JD 9S", "AH 9C", "JH 10S", "KH JS"),
                 "lead JD", "answer AH", "answer JH", "answer KH")
    assert state.current_player == 2
    state = play(position("AH 9S", "JD 9C", "KH 10S", "QH JS"),
                 "lead AH", "answer JD", "answer KH", "answer QH")
    assert state.current_player == 1


def test_e8_every_view_lists_the_trumps_highest_first_and_the_observation_encodes_them() -> None:
    """The bowers' places are public rules: every seat's view lists the cards counting as
    trumps once a suit is made (none before), and a learning agent's observation has
    them."""
    state = position("AD 9S", "JD 9D", "KH 10S", "QC JS")
    hearts = ["JH", "JD", "AH", "KH", "QH", "10H", "9H"]
    assert [state.view(p).trump_order for p in range(4)] == [hearts] * 4
    assert position("AD 9S", "JD 9D", "KH 10S", "QC JS", trump="C").view(0).trump_order == [
        "JC", "JS", "AC", "KC", "QC", "10C", "9C"]
    assert dealt().view(0).trump_order == []  # nothing made yet
    observation = euchre().observation
    values = observation.encode(state, 0)
    flagged = {label for label, v in zip(observation.labels, values)
               if v and label.startswith("trump_order:") and label != "trump_order:count"}
    assert flagged == {f"trump_order:{card}" for card in hearts}


def _greedy(state: cardrules.State) -> str:
    """The greedy bot's move for the seat to act."""
    player = state.current_player
    action = GreedyBot().choose(state.view(player), state.legal_actions(), random.Random(0))
    return action.label or action.text(euchre().pack)


def test_e8_the_greedy_bot_knows_the_left_bower_for_a_trump() -> None:
    """Read as a jack of diamonds, JD would lose to AD and lead like a low card; as the
    left bower with hearts trumps it takes AD (held by seat 0 after seat 1's 9D) and is
    kept back when leading."""
    state = play(position("AD 9S", "9D 10C", "JD 9C", "QC JS"), "lead AD", "answer 9D")
    assert labels(state) == {"answer JD", "answer 9C"}  # void in diamonds
    assert _greedy(state) == "answer JD"
    assert _greedy(position("JD 10S", "9D 10C", "AD 9C", "QC JS")) == "lead 10S"


def test_e9_the_highest_trump_else_the_highest_card_of_the_suit_led() -> None:
    state = play(position("KC 9S", "AC 9D", "9H 10S", "QC JS"),
                 "lead KC", "answer AC", "answer 9H", "answer QC")
    assert state.current_player == 2
    state = play(position("KC 9S", "AC 9D", "AS 10S", "QC JS"),
                 "lead KC", "answer AC", "answer AS", "answer QC")
    assert state.current_player == 1


# E10, E11: scoring and the match ---------------------------------------------------------------


def _expected(tricks: tuple[int, ...], maker: int, alone: bool) -> list[int]:
    """E10 in a few lines, for the playouts below."""
    taken = tricks[maker] + tricks[(maker + 2) % 4]
    makers = -2 if taken < 3 else 1 if taken < 5 else 4 if alone else 2
    return [makers if p % 2 == maker % 2 else -makers for p in range(4)]


def test_e10_the_makers_score_by_their_tricks_and_the_defenders_the_opposite() -> None:
    seen = set()
    for seed in range(300):
        end = finish(euchre().new_deal(seed), seed)
        view = end.view(0)
        assert end.result is not None
        assert list(end.result.scores) == _expected(end.tricks, view.maker, view.alone)
        seen.add(end.result.scores[view.maker])
    assert {1, 2, -2} <= seen


def test_e10_a_lone_march_scores_four() -> None:
    """The dealer, holding the three top trumps and picking up a fourth, goes alone."""
    hands = ["9C 10C QC 9H 10H", "9D 10D QD KD AD", "9S 10S QS KS AS", "JD JH AH QH AC"]
    state = play(dealt(hands, upcard="KH"), "pass", "pass", "pass", "trump H",
                 "discard AC", "alone")
    rng = random.Random(1)
    while not state.is_over:  # seat 3's trumps take every trick whatever is played
        legal = state.legal_actions()
        best = [a for a in legal if state.current_player == 3 and a.cards
                and euchre().pack.name(a.cards[0]) in ("JH", "JD", "AH", "KH", "QH")]
        state = state.apply(best[0] if best else rng.choice(legal))
    assert state.result is not None and list(state.result.scores) == [-4, 4, -4, 4]


def test_e11_a_match_ends_when_a_partnership_reaches_ten() -> None:
    game = euchre()
    state = game.new_match(seed=2)
    state = finish(state, 2)
    result = state.result
    assert result is not None
    totals = result.totals
    assert max(totals[0], totals[1]) >= 10 and totals[0] == totals[2]


# E12: the option of lone defenders ------------------------------------------------------------


@cache
def lone_defenders() -> cardrules.Game:
    return cardrules.load("euchre", options={"lone_defender": "defenders_too"})


def test_e12_each_defender_in_turn_may_go_alone_after_the_maker() -> None:
    state = play(dealt(game=lone_defenders()), "pass", "trump H", "discard KC",
                 "partner")  # seat 1 makes
    assert state.current_player == 0 and labels(state) == {"alone", "partner"}
    declined = play(state, "partner")
    assert declined.current_player == 2  # the other defender
    assert play(declined, "partner").current_player == 0  # play: the dealer's left leads
    lone = play(state, "alone")  # seat 0 goes alone: seat 2 sits out, nobody else asked
    assert lone.view(0).lone_defender == 0 and lone.current_player == 0
    end = finish(lone, 3)
    assert end.hands[2].bit_count() == 5 and not end.tricks[2]


def test_e12_makers_euchred_by_a_lone_defender_score_minus_four() -> None:
    seen = 0
    for seed in range(300):
        end = finish(lone_defenders().new_deal(seed), seed)
        view = end.view(0)
        assert end.result is not None
        expected = _expected(end.tricks, view.maker, view.alone)
        if view.lone_defender is not None and expected[view.maker] == -2:
            expected = [2 * e for e in expected]
            seen += 1
        assert list(end.result.scores) == expected
    assert seen > 0


# The rules text and the whole game -------------------------------------------------------------


def test_the_rules_text_says_how_trumps_are_made_and_ranked() -> None:
    text = "\n".join(describe(euchre().variant))
    assert "orders it up: its suit becomes trumps, and the dealer takes it" in text
    assert "the dealer may not pass then (stick the dealer)" in text
    assert ("Above the trump suit's own cards rank, from high to low, the J of trumps, "
            "the J of the other suit of the trump suit's colour") in text
    assert "Trumps are the suit made before play" in text


NO_STICK = {"extends": "euchre", "patch": {"phases": [{"order_up": {"stick_the_dealer": False}}]}}
"""E13's house rule."""


def test_e13_without_stick_the_dealer_a_deal_everyone_passes_is_thrown_in() -> None:
    game = cardrules.load(NO_STICK)
    state = play(dealt(game=game), *["pass"] * 7)
    assert labels(state) == {"pass", "trump C", "trump D", "trump S"}  # the dealer may pass
    end = state.apply("pass")
    assert end.is_over and end.result is not None and list(end.result.scores) == [0] * 4
    assert [h.bit_count() for h in end.hands] == [5] * 4 and not any(end.tricks)
    assert "if all pass again, the deal is thrown in and nobody scores" in "\n".join(
        describe(game.variant))
    match = play(game.new_match(seed=1, dealer=DEALER), *["pass"] * 8)
    assert match.deal.dealer == 0 and match.deal.current_player == 1  # the next deal


def test_e13_a_thrown_in_deal_reads_back_shows_its_views_and_resamples() -> None:
    game = cardrules.load(NO_STICK)
    end = play(dealt(game=game), *["pass"] * 8)
    assert game.state_from_json(end.to_json()) == end
    assert [end.view(p).upcard for p in range(4)] == ["KH"] * 4
    assert end.view(0).hands[1:] == [5, 5, 5]  # the hands stay hidden, unplayed
    rng = random.Random(0)
    for player in range(4):
        other = end.resample(player, rng)
        assert other.is_over and sum(other.zones().values()) == game.pack.full
        assert other.hands[player] == end.hands[player]


def test_cardrules_check_passes() -> None:
    report = run_check("euchre", games=4, seed=3, match_every=2, leak_share=QUICK_LEAKS)
    assert report.failure is None, report.failure


def test_incoherent_files_are_refused_at_load() -> None:
    """The order_up phase names trumps (E3, E4): it needs trumps from the bidder; it sits
    a partner out (E5): four players; lone defenders answer a maker's going alone (E12)."""
    fixed = {"extends": "euchre", "patch": {"play": {"trump": {"source": "fixed",
                                                               "suit": "H"}}}}
    with pytest.raises(cardrules.VariantError, match=r"play\.trump\.source: bidder"):
        cardrules.load(fixed)
    lone = {"extends": "euchre", "patch": {"phases": [{"order_up": {
        "alone": False, "lone_defender": True}}]}}
    with pytest.raises(cardrules.VariantError, match=r"lone_defender .* needs alone"):
        cardrules.load(lone)


def test_the_rules_say_the_deal_ends_when_the_players_still_in_it_are_out_of_cards() -> None:
    """E6 with going alone: the partner sitting out keeps a hand, so the deal ends when a
    player still in it has no cards left (not "a player")."""
    text = "\n".join(describe(euchre().variant))
    assert "The deal ends when a player still in the deal has no cards left." in text
    hearts = "\n".join(describe(cardrules.load("hearts").variant))
    assert "The deal ends when a player has no cards left." in hearts


def test_a_tampered_making_is_refused() -> None:
    """A state read back whose making cannot be (the maker's partner asked to go alone
    as a defender, the dealer's step given to another) is refused, not played."""
    game = cardrules.load("euchre", options={"lone_defender": "defenders_too"})
    rng = random.Random(1)
    for seed in range(50):
        state = game.new_deal(seed)
        while not state.is_over and state.to_json().get("making") != "alone":
            state = state.apply(rng.choice(state.legal_actions()))
        if not state.is_over:
            break
    data = state.to_json()
    maker = data["maker"]
    for making, current in (("defend", (maker + 2) % 4), ("alone", (maker + 1) % 4),
                            ("discard", (data["dealer"] + 1) % 4)):
        with pytest.raises(cardrules.StateError):
            game.state_from_json({**data, "making": making, "current": current})
    assert game.state_from_json(data) == state
