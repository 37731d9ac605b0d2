"""Duties of answering, lead and first-trick restrictions and the dealer's trump card,
from explicit positions in the test-only variant ``fixtures/tricks/duties.yaml`` (rule
numbers D1... are its own)."""

from __future__ import annotations

import copy
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from rule_support import QUICK_LEAKS, play, refused

import cardrules
from cardrules.families.tricks.state import TricksState
from cardrules.tools.check import run_check
from cardrules.tools.conformance import check_counterfactual, check_playout, check_views
from cardrules.tools.describe import describe

FIXTURE = Path(__file__).parent / "fixtures" / "tricks" / "duties.yaml"
BASE: dict[str, Any] = yaml.safe_load(FIXTURE.read_text(encoding="utf-8"))
ALWAYS = {"follow": "suit", "trump_when_void": True, "head": True, "when": "always"}


def _game(players: int = 3, **play_changes: Any) -> cardrules.Game:
    data = copy.deepcopy(BASE)
    data["play"].update(play_changes)
    return cardrules.load(data, players=players)


@cache
def always(players: int = 3) -> cardrules.Game:
    """The fixture with its duties binding from the first trick."""
    return _game(players, duties=ALWAYS)


def position(game: cardrules.Game, *hands: str, first: bool = False,
             **kwargs: Any) -> TricksState:
    """A position with trumps clubs, player 0 to lead a trick after the first (unless
    ``first``)."""
    kwargs.setdefault("trump", "C")
    if not first:
        kwargs.setdefault("tricks", [1] + [0] * (len(hands) - 1))
    state = game.setup(hands=list(hands), **kwargs)
    assert isinstance(state, TricksState)
    return state


def labels(state: cardrules.State) -> list[str]:
    return [a.label for a in state.legal_actions()]


# D4: follow suit ---------------------------------------------------------------------

def test_follow_suit_when_able() -> None:
    state = play(position(always(), "AS 7H", "8S KH", "9D 7D"), "lead AS")
    assert labels(state) == ["answer 8S"]
    message = refused(state, "answer KH", "D4")
    assert "must follow suit" in message and "(S)" in message


def test_a_player_void_in_the_led_suit_answers_freely_without_trumps() -> None:
    state = play(position(always(), "AS 7H", "8H KH", "9D 7D"), "lead AS")
    assert sorted(labels(state)) == ["answer 8H", "answer KH"]


# D5: trump when void -----------------------------------------------------------------

def test_trump_when_void() -> None:
    state = play(position(always(), "AS 7H", "KH 7C", "9D 7D"), "lead AS")
    assert labels(state) == ["answer 7C"]
    message = refused(state, "answer KH", "D5")
    assert "must play trumps (C)" in message


# D6: head the trick ------------------------------------------------------------------

def test_head_the_trick_when_able() -> None:
    state = play(position(always(), "8S 7H", "9S 7S KH", "9D 7D 8D"), "lead 8S")
    assert labels(state) == ["answer 9S"]
    message = refused(state, "answer 7S", "D6")
    assert "must beat the cards holding the trick (player 0's)" in message


def test_head_means_overtrumping_a_trump() -> None:
    state = play(position(always(), "AS 7H", "KH 9C", "8C 10C 9D"), "lead AS", "answer 9C")
    assert labels(state) == ["answer 10C"]
    refused(state, "answer 8C", "D6")


def test_unable_to_beat_any_card_of_the_led_suit_will_do() -> None:
    state = play(position(always(), "AS 7H", "9S 7S KH", "9D 7D 8D"), "lead AS")
    assert sorted(labels(state)) == ["answer 7S", "answer 9S"]


def test_duties_wait_for_an_empty_stock() -> None:
    game = _game()  # the fixture: duties once the stock is empty
    state = play(position(game, "AS 7H", "8S KH", "9D 7D", stock="10D JD QD"), "lead AS")
    assert sorted(labels(state)) == ["answer 8S", "answer KH"]
    state = play(position(game, "AS 7H", "8S KH", "9D 7D"), "lead AS")
    assert labels(state) == ["answer 8S"]


def test_several_cards_follow_with_as_many_of_the_led_suit_as_held() -> None:
    game = _game(lead={"max_cards": 3}, duties={"follow": "suit"})
    state = play(position(game, "AS KS 7H", "7S 8H 9H", "9D 7D 8D"), "lead AS KS")
    assert sorted(labels(state)) == ["answer 7S 8H", "answer 7S 9H"]
    refused(state, "answer 9H 8H", "D4")


# What an answer under the duties shows the table (cardrules.engine.absences) ----------------

def _missing(state: TricksState, seat: int) -> str:
    return " ".join(state.game.pack.names(state.game.pack.cards_of(state.missing[seat])))


def test_an_answer_off_the_led_suit_shows_the_suit_missing() -> None:
    """D4/D5: void in spades with no trump, player 1 is shown to hold neither."""
    state = play(position(always(), "AS 7H", "8H KH", "9D 7D"), "lead AS", "answer 8H")
    assert _missing(state, 1) == "AS KS QS JS 10S 9S 8S 7S AC KC QC JC 10C 9C 8C 7C"
    assert state.missing[0] == state.missing[2] == 0 and state.spare == (0, 0, 0)


def test_a_trump_answer_shows_only_the_led_suit_missing() -> None:
    """D5: trumping shows a void in the led suit, not in trumps."""
    state = play(position(always(), "AS 7H", "KH 7C", "9D 7D"), "lead AS", "answer 7C")
    assert _missing(state, 1) == "AS KS QS JS 10S 9S 8S 7S"


def test_an_answer_that_does_not_head_shows_the_higher_cards_missing() -> None:
    """D6: following without beating shows no higher card of the suit led."""
    state = play(position(always(), "9S 7H", "7S KH", "9D 7D 8D"), "lead 9S", "answer 7S")
    assert _missing(state, 1) == "AS KS QS JS 10S"


def test_a_free_answer_shows_nothing() -> None:
    """D4 while the stock lasts: answers are free, so they show nothing."""
    game = _game()  # the fixture: duties once the stock is empty
    state = play(position(game, "AS 7H", "8S KH", "9D 7D", stock="10D JD QD"), "lead AS",
                 "answer KH")
    assert state.missing == (0, 0, 0)


def test_several_cards_short_of_the_led_suit_show_the_rest_of_it_missing() -> None:
    """D4 with several cards: answering with one spade to two shows no other spade."""
    game = _game(lead={"max_cards": 3}, duties={"follow": "suit"})
    state = play(position(game, "AS KS 7H", "7S 8H 9H", "9D 7D 8D"), "lead AS KS",
                 "answer 7S 8H")
    assert _missing(state, 1) == "AS KS QS JS 10S 9S 8S"


def test_re_dealing_for_a_search_never_gives_a_seat_a_card_it_was_shown_to_lack() -> None:
    state = play(position(always(), "AS 7H 8D", "8H KH QD", "9D 7D 10H"), "lead AS",
                 "answer 8H")
    rng = random.Random(5)
    for _ in range(200):
        other = state.resample(2, rng)
        assert not other.hands[1] & state.missing[1]
        assert other.view(2) == state.view(2)


# D7: the opening card ----------------------------------------------------------------

def test_the_holder_of_the_opening_card_leads_it() -> None:
    state = position(always(), "8C AH", "7C 9S", "9D 7D", leader=1, first=True)
    assert labels(state) == ["lead 7C"]
    message = refused(state, "lead 9S", "D7")
    assert "holds 7C, which opens the deal: lead it" in message


def test_the_opening_card_may_allow_any_card_of_its_suit() -> None:
    game = _game(opening={"card": "7C", "any_of_suit": True})
    state = position(game, "7C 9C AH", "8C 9S", "9D 7D", first=True)
    assert sorted(labels(state)) == ["lead 7C", "lead 9C"]
    assert "opening card's suit (C)" in refused(state, "lead AH", "D7")


def test_the_holder_of_the_opening_card_leads_a_new_deal() -> None:
    game = always(4)
    for seed in range(20):
        state = game.new_deal(seed)
        assert isinstance(state, TricksState)
        holders = [p for p, hand in enumerate(state.hands) if hand >> game.pack.parse("7C") & 1]
        if holders:
            assert state.current_player == holders[0]
            assert labels(state) == ["lead 7C"]


def test_after_the_first_trick_the_opening_card_is_free() -> None:
    state = position(always(), "7C AS", "8C 9S", "9D 7D")
    assert sorted(labels(state)) == ["lead 7C", "lead AS"]


# D8: unbroken suits ------------------------------------------------------------------

def test_hearts_may_not_be_led_until_broken() -> None:
    state = position(always(), "AH 7S", "8S KH", "9D 7D")
    assert labels(state) == ["lead 7S"]
    message = refused(state, "lead AH", "D8")
    assert "H may not be led until broken (by a card of H or QS played)" in message


def test_a_hand_of_nothing_but_hearts_may_lead_them() -> None:
    state = position(always(), "AH KH", "8S 9H", "9D 7D")
    assert sorted(labels(state)) == ["lead AH", "lead KH"]


def test_a_named_card_breaks_the_suit_and_the_state_remembers_it() -> None:
    game = always()
    state = play(position(game, "AS 7H", "KS QS", "9D 7D", trump="D"), "lead AS")
    assert state.view(0).broken is False
    state = play(state, "answer QS", "answer 9D")
    assert isinstance(state, TricksState)
    assert state.view(1).broken is True and state.to_json()["broken"] is True
    again = game.state_from_json(state.to_json())
    assert again.to_json() == state.to_json()
    assert "lead 7H" in labels(position(game, "7H AS", "KS", "9D", broken=True))


def test_breaking_is_in_setup_and_json() -> None:
    game = always()
    state = position(game, "AH 7S", "8S KH", "9D 7D", broken=True)
    assert sorted(labels(state)) == ["lead 7S", "lead AH"]
    data = state.to_json()
    data["broken"] = "yes"
    with pytest.raises(cardrules.CardrulesError):
        game.state_from_json(data)


# D9: the first trick -----------------------------------------------------------------

def test_no_hearts_or_queen_of_spades_on_the_first_trick() -> None:
    state = play(position(always(), "8C 7S", "AH QS 9S", "9D 7D", trump="D", first=True),
                 "lead 8C")
    assert labels(state) == ["answer 9S"]
    message = refused(state, "answer QS", "D9")
    assert "H/QS may not be played to the first trick" in message


def test_on_the_first_trick_restricted_cards_are_allowed_when_nothing_else_is() -> None:
    state = play(position(always(), "8C 7S", "AH QS", "9D 7D", trump="D", first=True),
                 "lead 8C")
    assert sorted(labels(state)) == ["answer AH", "answer QS"]


def test_a_player_who_can_follow_may_play_a_restricted_card_on_the_first_trick() -> None:
    game = _game(duties={"follow": "suit"})
    state = play(position(game, "8S 10C", "QS 9H", "9D 7D", trump="D", first=True), "lead 8S")
    assert labels(state) == ["answer QS"]


# D3: the dealer's card names trumps --------------------------------------------------

def test_the_dealers_last_card_names_trumps_and_stays_in_the_dealers_hand() -> None:
    game = always(4)
    rng = random.Random(5)
    for seed in range(10):
        state = game.new_deal(seed)
        assert isinstance(state, TricksState)
        card, dealer = state.trump_card, state.dealer
        assert card >= 0 and state.trump == game.pack.suit(card)
        assert state.hands[dealer] >> card & 1
        name = game.pack.name(card)
        for player in range(4):
            assert state.view(player).trump_card == name
            other = state.resample(player, rng)
            assert isinstance(other, TricksState) and other.hands[dealer] >> card & 1
        check_views(state, rng)
        check_counterfactual(state, rng)


def test_the_dealers_trump_card_is_no_longer_shown_once_played() -> None:
    game = always()
    state = position(game, "AD 7S", "8S KH", "9D 7D", trump_card="7D", dealer=2)
    assert state.view(0).trump_card == "7D"
    state = play(state, "lead 7S", "answer 8S", "answer 7D")
    assert state.view(0).trump_card is None
    with pytest.raises(cardrules.CardrulesError, match="dealer"):
        position(game, "AD 7S", "8S KH", "9D 7D", trump_card="7D", dealer=1)


# The variant as a whole ---------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4])
def test_playouts_keep_the_contract(players: int) -> None:
    for game in (_game(players), always(players)):
        for seed in range(8):
            check_playout(game, seed, leak_share=QUICK_LEAKS)


def test_cardrules_check_passes_on_the_fixture() -> None:
    report = run_check(FIXTURE, games=24, seed=4, leak_share=QUICK_LEAKS)
    assert report.ok, report.failure


def test_the_rules_describe_every_new_key() -> None:
    text = "\n".join(describe(cardrules.load(FIXTURE).variant))
    for words in ("must lead 7C", "H may not be led until broken", "Once the stock is empty",
                  "must follow suit", "must answer with trumps", "must beat the cards",
                  "to the first trick", "the dealer's last dealt card"):
        assert words in text, words


def test_bura_is_unchanged_by_the_new_keys() -> None:
    bura = cardrules.load("bura", players=3)
    tables = bura.tables
    assert not tables.answer_rules and not tables.lead_rules and not tables.breakers
    assert "broken" not in bura.new_deal(1).view(0)


def test_a_state_written_before_the_broken_field_reads_back() -> None:
    bura = cardrules.load("bura", players=3)
    state = bura.new_deal(2)
    data = state.to_json()
    del data["broken"]
    assert bura.state_from_json(data).to_json() == state.to_json()
