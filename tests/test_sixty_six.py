"""Sixty-six (``variants/sixty-six.yaml``) from explicit positions, one or more scenarios
per rule of ``docs/rules/sixty-six.md`` (X1...X16) and per option value.

Positions are set up with trumps clubs (the turned card JC under the stock) unless a test
says otherwise; player 0 leads.  Cards not named in a position are out of play.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest
from rule_support import QUICK_LEAKS, play, refused

import cardrules
from cardrules.families.tricks.state import TricksState
from cardrules.tools.check import run_check
from cardrules.tools.conformance import check_counterfactual, check_playout, check_views
from cardrules.tools.describe import describe

STOCK = "9D 10D QD KD"
"""A stock of four cards drawn in this order, then the turned card."""


@cache
def game(**options: Any) -> cardrules.Game:
    return cardrules.load("sixty-six", options=options)


def position(*hands: str, options: dict[str, Any] | None = None, **kwargs: Any) -> TricksState:
    """Two hands, player 0 to lead; by default a stock of four cards over JC."""
    kwargs.setdefault("stock", STOCK)
    if kwargs["stock"]:
        kwargs.setdefault("trump_card", "JC")
    else:
        kwargs.setdefault("trump", "C")
    state = game(**(options or {})).setup(hands=list(hands), **kwargs)
    assert isinstance(state, TricksState)
    return state


def labels(state: cardrules.State) -> list[str]:
    return sorted(a.label for a in state.legal_actions())


def hand(state: cardrules.State, player: int) -> list[str]:
    shown = state.view(player).hands[player]
    assert isinstance(shown, list)
    return sorted(shown)


# X1, X2: the cards and the deal ---------------------------------------------------------

def test_x1_two_players_and_24_cards_worth_120() -> None:
    sixty = game()
    pack = sixty.pack
    assert pack.size == 24 and pack.ranks == ("9", "J", "Q", "K", "10", "A")
    assert sum(pack.value(c) for c in range(pack.size)) == 120
    assert [pack.value(pack.parse(c)) for c in ("AS", "10S", "KS", "QS", "JS", "9S")] == \
        [11, 10, 4, 3, 2, 0]
    with pytest.raises(cardrules.CardrulesError, match="2 to 2 players"):
        cardrules.load("sixty-six", players=3)


def test_x2_six_cards_each_and_the_turned_card_names_trumps_under_the_stock() -> None:
    for seed in range(5):
        state = game().new_deal(seed)
        assert isinstance(state, TricksState)
        assert [h.bit_count() for h in state.hands] == [6, 6]
        assert len(state.stock) == 12 and state.stock[0] == state.trump_card
        assert state.trump == game().pack.suit(state.trump_card)
        name = game().pack.name(state.trump_card)
        assert state.view(0).trump_card == state.view(1).trump_card == name
        assert state.view(0).stock == 12


# X3: who leads ----------------------------------------------------------------------------

def test_x3_the_non_dealer_leads_first_and_the_trick_winner_leads_next() -> None:
    assert game().new_deal(3, dealer=0).current_player == 1
    assert game().new_deal(3, dealer=1).current_player == 0
    state = play(position("AS 9H", "10S KH"), "lead 9H", "answer KH")
    assert state.current_player == 1 and state.view(0).leader == 1
    assert "a lead is at most 1 card" in refused(position("AS 10S", "9S KH"),
                                                 "lead AS 10S", "X3")


# X4: free answers while the stock is open; who wins a trick -------------------------------

def test_x4_answers_are_free_while_the_stock_is_open() -> None:
    state = play(position("AS 9H", "10S KH 9C"), "lead AS")
    assert labels(state) == ["answer 10S", "answer 9C", "answer KH"]


def test_x4_the_higher_card_of_the_led_suit_or_a_trump_wins() -> None:
    assert play(position("KS 9H", "AS KH"), "lead KS", "answer AS").view(0).tricks == [0, 1]
    assert play(position("KS 9H", "9S KH"), "lead KS", "answer 9S").view(0).tricks == [1, 0]
    assert play(position("AS 9H", "9C KH"), "lead AS", "answer 9C").view(0).tricks == [0, 1]
    assert play(position("AS 9H", "AH KH"), "lead AS", "answer AH").view(0).tricks == [1, 0]


# X5: drawing ------------------------------------------------------------------------------

def test_x5_the_trick_winner_draws_first_and_the_turned_card_comes_last() -> None:
    # Hands are drawn up towards six, one card at a time: winner, loser, winner...
    state = play(position("AS 9H", "10S KH"), "lead AS", "answer 10S")
    assert hand(state, 0) == ["9D", "9H", "JC", "QD"] and hand(state, 1) == ["10D", "KD", "KH"]
    state = play(position("AS 9H", "10S KH", stock="9D"), "lead AS", "answer 10S")
    assert hand(state, 0) == ["9D", "9H"] and hand(state, 1) == ["JC", "KH"]
    assert state.view(0).stock == 0 and state.view(0).trump_card is None


# X6: marriages ----------------------------------------------------------------------------

def test_x6_a_marriage_is_declared_on_lead_and_one_of_its_cards_is_led() -> None:
    state = position("KH QH AS 9C", "AH JH 10S 10C", tricks=[1, 0], won=["9S JS", ""])
    assert "declare marriage KH QH" in labels(state)
    state = state.apply("declare marriage KH QH")
    assert state.view(1).shown == ["KH", "QH"]
    assert state.view(1).declared == [20, 0] and state.view(1).points == [2 + 20, 0]
    assert labels(state) == ["announce", "lead KH", "lead QH"]
    assert "lead one of those cards" in refused(state, "lead AS", "X6")
    refused(state, "close", "X8")
    refused(state, "exchange 9C", "X7")
    refused(state, "declare marriage KH QH", "X6")
    state = state.apply("lead QH")
    assert state.view(1).shown == []


def test_x6_a_trump_marriage_scores_40() -> None:
    state = position("KC QC AS", "AH JH 10S", tricks=[1, 0], won=["9S JS", ""])
    state = state.apply("declare marriage KC QC")
    assert state.view(0).declared == [40, 0]
    assert state.events[0].amount == 40 and state.events[0].note == "marriage"


def test_x6_only_the_player_on_lead_declares() -> None:
    state = play(position("AS 9H", "KH QH 9C"), "lead AS")
    assert not any(a.startswith("declare") for a in labels(state))
    refused(state, "declare marriage KH QH", "X6")


def test_x6_after_a_trick_a_marriage_waits_for_the_declarers_first_trick() -> None:
    state = position("KH QH AS", "AH 9S 9C").apply("declare marriage KH QH")
    assert state.view(1).declared == [0, 0] and state.view(1).pending == [20, 0]
    assert state.view(1).points == [0, 0]
    state = play(state, "lead QH", "answer AH")          # player 1 takes it
    assert state.view(0).pending == [20, 0] and state.view(0).points == [0, 14]
    state = play(state, "lead 9S", "answer AS")          # now player 0 takes a trick
    assert state.view(0).pending == [0, 0] and state.view(0).declared == [20, 0]
    assert state.view(0).points == [31, 14]


def test_x6_option_at_once_counts_a_marriage_when_declared() -> None:
    state = position("KH QH AS", "AH 9S 9C", options={"marriage_counts": "at_once"})
    state = state.apply("declare marriage KH QH")
    assert state.view(1).declared == [20, 0] and state.view(1).pending == [0, 0]


def test_x6_marriages_may_be_declared_after_the_stock_is_closed() -> None:
    state = position("KH QH AS", "AH 9S 9C", closed=0)
    assert "declare marriage KH QH" in labels(state)


# X7: exchanging the trump nine ------------------------------------------------------------

def test_x7_the_trump_nine_is_exchanged_for_the_turned_card() -> None:
    state = position("9C AS", "10S KH", tricks=[1, 0], won=["9S JS", ""])
    assert "exchange 9C" in labels(state)
    state = state.apply("exchange 9C")
    assert hand(state, 0) == ["AS", "JC"] and state.view(1).trump_card == "9C"
    assert state.stock[0] == game().pack.parse("9C") and len(state.stock) == 5
    assert state.current_player == 0 and "lead AS" in labels(state)
    assert not any(a.startswith("exchange") for a in labels(state))


def test_x7_everyone_knows_where_the_exchanged_card_went() -> None:
    state = position("9C AS", "10S KH", tricks=[1, 0], won=["9S JS", ""]).apply("exchange 9C")
    jc = 1 << game().pack.parse("JC")
    assert not state.hidden_cards(1) & jc and state.to_json()["exchanged"] == "JC"
    rng = random.Random(2)
    for _ in range(5):
        assert state.resample(1, rng).hands[0] & jc
    check_counterfactual(state, rng)
    record = game().new_deal(14757440243249039087)   # found by cardrules check
    for action in ("lead KD", "answer 9C", "lead AS", "answer KH", "lead JH", "answer QH",
                   "exchange 9H"):
        record = record.apply(action)
        check_counterfactual(record, rng)


def test_x7_only_after_a_trick_and_while_the_stock_holds_three_cards() -> None:
    assert "no trick" in refused(position("9C AS", "10S KH"), "exchange 9C", "X7")
    short = position("9C AS", "10S KH", stock="9D", tricks=[1, 0], won=["9S 10D", ""])
    assert "at least 3 card(s)" in refused(short, "exchange 9C", "X7")
    three = position("9C AS", "10S KH", stock="9D KD", tricks=[1, 0], won=["9S 10D", ""])
    assert "exchange 9C" in labels(three)
    closed = position("9C AS", "10S KH", closed=1, tricks=[1, 0], won=["9S JS", ""])
    assert "closed" in refused(closed, "exchange 9C", "X7")


def test_x7_only_the_trump_nine_and_only_on_lead() -> None:
    state = position("9S 10C AS", "10S KH 9C", tricks=[1, 1], won=["9H", "JH"])
    assert "only 9C" in refused(state, "exchange 9S", "X7")
    refused(state, "exchange 10C", "X7")
    answering = state.apply("lead AS")
    assert "player on lead" in refused(answering, "exchange 9C", "X7")


# X8: closing the stock --------------------------------------------------------------------

def test_x8_closing_stops_the_drawing() -> None:
    state = position("AS 9H KS", "10S KH QS")
    assert "close" in labels(state)
    state = state.apply("close")
    assert state.view(1).closed == 0 and state.to_json()["closed"] == 0
    assert "close" not in labels(state)
    refused(state, "close", "X8")
    state = play(state, "lead AS", "answer 10S")
    assert hand(state, 0) == ["9H", "KS"] and hand(state, 1) == ["KH", "QS"]
    assert state.view(0).stock == 5


def test_x8_no_close_without_a_stock_nor_by_the_answerer() -> None:
    empty = position("AS 9H", "10S KH", stock="")
    assert "close" not in labels(empty)
    assert "at least 1 card" in refused(empty, "close", "X8")
    refused(position("AS 9H", "10S KH").apply("lead AS"), "close", "X8")


# X9: strict play once the stock is closed or empty ----------------------------------------

@pytest.mark.parametrize("how", ["closed", "empty"])
def test_x9_follow_suit_trump_when_void_and_head(how: str) -> None:
    kw: dict[str, Any] = {"closed": 1} if how == "closed" else {"stock": ""}
    follow = play(position("KS 9H", "AS 9S KH 9C", **kw), "lead KS")
    assert labels(follow) == ["answer AS"]                 # follow suit, and head: AS
    refused(follow, "answer 9S", "X9")
    refused(follow, "answer 9C", "X9")
    trump = play(position("KS 9H", "AH KH 9C", **kw), "lead KS")
    assert labels(trump) == ["answer 9C"]
    assert "must play trumps (C)" in refused(trump, "answer AH", "X9")
    low = play(position("AS 9H", "9S KS 9C", **kw), "lead AS")
    assert labels(low) == ["answer 9S", "answer KS"]       # cannot beat: any of the suit


# X10: the last trick ----------------------------------------------------------------------

def test_x10_the_last_trick_earns_10_when_the_stock_ran_out() -> None:
    state = play(position("AS", "9S", stock="", won=["KS", "QS"]), "lead AS", "answer 9S")
    assert state.is_over and state.points() == (4 + 11 + 10, 3)


def test_x10_no_last_trick_points_after_a_close() -> None:
    state = play(position("AS", "9S", closed=0, won=["KS", "QS"]), "lead AS", "answer 9S")
    assert state.is_over and state.points() == (4 + 11, 3)


# X11, X12: announcing 66 ------------------------------------------------------------------

WON_67 = "AS 10S AH 10H AD 10D KS"
"""67 card points."""
LOSER_33 = "AC 10C KC QC QS JH"
"""33 card points."""
LOSER_30 = "AC 10C KC QC JH"
"""30 card points."""


def test_x11_the_player_on_lead_announces_and_the_deal_ends() -> None:
    state = position("9H", "9S", stock="", won=[WON_67, "QS"], tricks=[4, 1])
    assert "announce" in labels(state)
    done = state.apply("announce")
    assert done.is_over and done.result is not None
    assert [e.kind for e in done.events] == ["announce", "deal_end"]
    answering = state.apply("lead 9H")
    assert "announce" not in labels(answering)
    assert "player on lead" in refused(answering, "announce", "X11")


def test_x11_a_marriage_that_reaches_66_is_announced_before_leading() -> None:
    state = position("KC QC 9H", "9S", stock="", won=["AS 10S AH KS", "QS"], tricks=[2, 1])
    state = state.apply("declare marriage KC QC").apply("announce")
    assert state.is_over and state.points()[0] == 36 + 40
    assert state.result is not None and state.result.scores == (2, 0)


@pytest.mark.parametrize(("other", "tricks", "score"), [
    (LOSER_33, 2, 1),                 # 33 points and a trick: 1
    (LOSER_30, 2, 2),                 # 30 points: schneider, 2
    ("", 0, 3),                       # no trick: schwarz, 3
])
def test_x12_a_correct_announcement_scores_by_the_losers_points(other: str, tricks: int,
                                                                score: int) -> None:
    state = position("9H", "9S", stock="", won=[WON_67, other], tricks=[4, tricks])
    state = state.apply("announce")
    assert state.result is not None and state.result.scores == (score, 0)
    assert state.result.winners == (0,)


def test_x12_the_losers_counted_marriages_count_for_their_points() -> None:
    state = position("9H", "9S", stock="", won=[WON_67, "AC 10C"], tricks=[4, 1],
                     declared=[0, 20])
    assert state.apply("announce").result.scores == (1, 0)


# X13: a wrong announcement ----------------------------------------------------------------

@pytest.mark.parametrize("penalty", [2, 3])
def test_x13_a_wrong_announcement_gives_the_opponent_the_points(penalty: int) -> None:
    state = position("9H", "9S", stock="", won=["AS 10S AH 10H AD 10D", "QS"], tricks=[3, 1],
                     options={"wrong_announcement": penalty})      # 63 points
    assert state.apply("announce").result.scores == (0, penalty)


def test_x13_pending_marriages_do_not_count_for_the_announcement() -> None:
    state = position("KH QH 9H", "9S", won=["", "QS"], tricks=[0, 1])
    state = state.apply("declare marriage KH QH")
    assert state.view(1).pending == [20, 0]
    assert state.apply("announce").result.scores == (0, 2)


# X14: a closer who fails ------------------------------------------------------------------

@pytest.mark.parametrize("penalty", [2, 3])
def test_x14_a_closer_short_of_66_at_the_end_gives_the_opponent_the_points(penalty: int) -> None:
    state = position("9S", "AS", closed=0, won=["AH 10H", "KS"],
                     options={"failed_close": penalty})
    state = play(state, "lead 9S", "answer AS")
    assert state.is_over and state.result.scores == (0, penalty)


def test_x14_a_closer_who_plays_out_with_66_wins_by_the_table() -> None:
    state = play(position("AS", "9S", stock="9D", closed=0, won=["10S AH 10H AD 10D KH", "QS"],
                          tricks=[3, 1]), "lead AS", "answer 9S")
    assert state.points()[0] == 11 + 56 and state.result.scores == (2, 0)


@pytest.mark.parametrize("floor", [2, 3])
def test_x14_the_opponent_of_a_closer_scores_at_least_the_failed_close(floor: int) -> None:
    state = position("9S", "9H", stock="9D", closed=0, leader=1, won=[LOSER_33, WON_67],
                     tricks=[2, 4], options={"failed_close": floor})
    assert state.apply("announce").result.scores == (0, floor)


def test_x14_a_closer_who_announces_correctly_scores_by_the_table() -> None:
    state = position("9S", "9H", stock="9D", closed=0, won=[WON_67, LOSER_33], tricks=[4, 2])
    assert state.apply("announce").result.scores == (1, 0)


# X15: a deal played out without an announcement -------------------------------------------

def test_x15_by_points_the_player_with_66_scores_as_if_announcing() -> None:
    state = play(position("AS", "9S", stock="", won=["10S AH 10H AD 10D", "KS"],
                          tricks=[3, 1]), "lead AS", "answer 9S")
    assert state.points() == (11 + 52 + 10, 4) and state.result.scores == (2, 0)


def test_x15_by_points_nobody_scores_when_nobody_reached_66() -> None:
    state = play(position("AS", "9S", stock="", won=["10S", "KS"], tricks=[1, 1]),
                 "lead AS", "answer 9S")
    assert state.result.scores == (0, 0)


def test_x15_option_last_trick_the_last_trick_wins() -> None:
    state = play(position("9S", "AS", stock="", won=["10S AH 10H AD 10D", "KS"], tricks=[3, 1],
                          options={"unannounced": "last_trick"}), "lead 9S", "answer AS")
    assert state.points() == (52, 4 + 11 + 10)
    assert state.result.scores == (0, 1)


# X16: the match ---------------------------------------------------------------------------

def test_x16_the_deal_alternates_and_7_game_points_win() -> None:
    rng = random.Random(1)
    match = game().new_match(seed=5, dealer=0)
    dealers = []
    while not match.is_over and len(dealers) < 3:
        info = match.view(0).match
        if not dealers or info["deal"] != dealers[-1][0]:
            dealers.append((info["deal"], match.view(0).dealer))
        match = match.apply(rng.choice(match.legal_actions()))
    assert [d for _, d in dealers] == [0, 1, 0][:len(dealers)] and len(dealers) >= 2
    deal = position("9H", "9S", stock="", won=[WON_67, LOSER_33], tricks=[4, 2])
    won = game().setup_match(deal, totals=(6, 5)).apply("announce")
    assert won.is_over and won.result.totals == (7, 5) and won.result.winners == (0,)
    going = game().setup_match(deal, totals=(5, 5)).apply("announce")
    assert not going.is_over


# The variant as a whole -------------------------------------------------------------------

def test_json_views_and_resampling_keep_a_declared_marriage() -> None:
    state = position("KH QH AS", "AH 9S 9C").apply("declare marriage KH QH")
    again = game().state_from_json(state.to_json())
    assert again.to_json() == state.to_json() and again.legal_actions() == state.legal_actions()
    rng = random.Random(3)
    for _ in range(10):
        other = state.resample(1, rng)
        assert isinstance(other, TricksState)
        assert other.hands[0] & state._shown[0] == state._shown[0]
        assert other.legal_actions() == state.legal_actions()
    check_views(state, rng)
    check_counterfactual(state, rng)


def test_playouts_keep_the_contract() -> None:
    for options in ({}, {"marriage_counts": "at_once", "unannounced": "last_trick"}):
        for seed in range(6):
            check_playout(game(**options), seed, leak_share=QUICK_LEAKS)


def test_cardrules_check_passes() -> None:
    report = run_check("sixty-six", games=16, seed=4, leak_share=QUICK_LEAKS)
    assert report.ok, report.failure


def test_the_rules_describe_sixty_six() -> None:
    text = "\n".join(describe(game().variant))
    for words in ("exchange it for the turned-up card (`exchange 9S`)",
                  "holds at least 3 cards", "close the stock (`close`)",
                  "Once the stock is closed or empty: a player who can must follow suit",
                  "It scores 20 points (40 in trumps)", "once they have taken a trick",
                  "announce that they have 66 points (`announce`)",
                  "at least 33 card points and at least 1 trick (`one`): 1",
                  "at least 1 trick (`schneider`): 2", "anyone else (`schwarz`): 3",
                  "every other player scores 2", "gives every other player 2",
                  "the player with the most points scores as if announcing",
                  "the stock is gone (or closed)", "or when a player announces"):
        assert words in text, words
    text = "\n".join(describe(game(unannounced="last_trick", wrong_announcement=3).variant))
    assert "the winner of the last trick scores as if announcing" in text
    assert "every other player scores 3" in text


def test_bura_has_none_of_the_new_actions() -> None:
    bura = cardrules.load("bura", players=3)
    assert not bura.tables.stock_actions and not bura.tables.scores
    assert bura.tables.stock_listed() == ()
    view = bura.new_deal(1).view(0)
    assert not {"closed", "declared", "pending", "shown"} & set(view.to_json())
    assert not hasattr(bura.new_deal(1), "_closed")         # no new fields to clone
    with pytest.raises(cardrules.IllegalActionError, match="not an action of this game"):
        bura.new_deal(1).apply("close")


# The keys' cross-field checks ------------------------------------------------------------

@pytest.mark.parametrize(("patch", "message"), [
    ({"play": {"combinations": {"aces": {"size": 4, "all": {"ranks": ["A"]}}}}},
     "combinations that score cannot be mixed"),
    ({"play": {"combinations": {"marriage": {"effect": "lead"}}}},
     "points, trump_points and counts belong to combinations of effect score"),
    ({"play": {"trump": {"source": "fixed", "suit": "S"}}},
     "an exchange takes the turned-up trump card"),
    ({"play": {"exchange": {"rank": "7"}}}, "unknown rank '7'"),
    ({"play": {"close": None}}, "stock_closed needs play.close"),
    ({"play": {"draw": "none"}}, "it needs draw: winner_first"),
    ({"scoring": {"most_points": 1}}, "a target scores the deal by itself"),
    ({"scoring": {"target": {"bands": {"schwarz": None}}}},
     "give a last band with no minimum"),
])
def test_the_new_keys_are_checked_at_load(patch: dict[str, Any], message: str) -> None:
    with pytest.raises(cardrules.VariantError, match=message):
        cardrules.load({"extends": "sixty-six", "patch": patch})


def test_the_schema_refuses_unknown_values_of_the_new_keys() -> None:
    for patch in ({"play": {"close": {"min_stock": 0}}},
                  {"play": {"duties": {"when": "stock_gone"}}},
                  {"scoring": {"target": {"unannounced": "never"}}},
                  {"play": {"combinations": {"marriage": {"counts": "later"}}}}):
        with pytest.raises(cardrules.VariantError):
            cardrules.load({"extends": "sixty-six", "patch": patch})


# The adapters --------------------------------------------------------------------------

def test_the_openspiel_adapter_plays_sixty_six() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import cardrules.adapters.openspiel  # noqa: F401  (registers python_cardrules)

    game = pyspiel.load_game("python_cardrules", {"variant": "sixty-six", "players": 2})
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


@pytest.mark.filterwarnings("ignore:Observation")
@pytest.mark.parametrize("match", [False, True])
def test_the_pettingzoo_adapter_plays_sixty_six(match: bool) -> None:
    pettingzoo_test = pytest.importorskip("pettingzoo.test")
    from cardrules.adapters.pettingzoo import CardrulesEnv

    pettingzoo_test.api_test(CardrulesEnv("sixty-six", players=2, match=match), num_cycles=200)
