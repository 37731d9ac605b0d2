"""The shedding family beyond Bank, on a Crazy-Eights-like test variant: matching by suit
or rank, wild eights naming the suit to match, drawing at will, a starter that may not be
an eight, the deal ending at the first player out and penalties per card held.

Rule numbers (E1...) are those of ``tests/fixtures/variants/crazy-eights-like.yaml``.
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from bank_support import legal
from rule_support import play, refused

import cardrules
from cardrules.actions import parse_action
from cardrules.families.shedding.state import SheddingState
from cardrules.loader.yamlsafe import parse_yaml
from cardrules.tools.describe import describe

FIXTURE = Path(__file__).parent / "fixtures" / "variants" / "crazy-eights-like.yaml"
SWITCH = Path(__file__).parent.parent / "variants" / "switch.yaml"


@cache
def eights(players: int = 3, **options: Any) -> cardrules.Game:
    """The fixture variant for ``players`` with ``options``."""
    return cardrules.load(FIXTURE, players=players, options=options)


def changed(players: int = 3, **changes: Any) -> cardrules.Game:
    """The fixture variant with top-level sections replaced or merged (``play={...}``)."""
    data = _data()
    for key, value in changes.items():
        data[key] = {**data[key], **value} if isinstance(value, dict) else value
    return cardrules.load(data, players=players)


def _data() -> dict[str, Any]:
    data: dict[str, Any] = parse_yaml(FIXTURE.read_text(), file=str(FIXTURE))[0]
    return data


# -- E3: matching ------------------------------------------------------------------


def test_e3_a_card_matching_the_top_by_suit_or_rank_may_be_laid() -> None:
    state = eights().setup(hands=["9C 9H 2C 5H 8D", "3S", "4S"], pile="9D 5C",
                           stock="KS QS")
    assert legal(state) == {"play 9C", "play 2C", "play 5H", "play 8D", "draw"}
    message = refused(state, "play 9H", "E3-E4")
    assert "9H does not beat 5C" in message


# -- E4: wild eights name a suit ---------------------------------------------------------


def test_e4_an_eight_is_laid_on_anything_then_its_player_names_a_suit() -> None:
    state = eights().setup(hands=["8D 9H 2C", "3S 9C 8S 4H", "4S"], pile="KC",
                           stock="KS QS")
    state = play(state, "play 8D")
    assert state.current_player == 0 and state.phase == "name_suit"
    assert legal(state) == {"name C", "name D", "name H", "name S"}
    assert "name the suit" in refused(state, "play 9H", "E4")
    refused(state, "draw", "E4")
    state = play(state, "name H")
    assert state.current_player == 1 and state.named_suit == 2
    assert state.view(1).named_suit == "H"
    # rank matching does not apply to a named suit: only hearts or another eight
    assert legal(state) == {"play 4H", "play 8S", "draw"}
    assert "neither of the named suit H nor a wild card" in refused(state, "play 9C", "E3-E4")
    assert "only right after" in refused(state, "name S", "E4")


def test_e4_a_card_laid_on_the_named_suit_ends_it() -> None:
    state = eights().setup(hands=["9C 2C", "4H 9S", "4S"], pile="8D", stock="KS QS",
                           named="H", current=1)
    state = play(state, "play 4H")
    assert state.named_suit == -1
    assert legal(state) == {"play 4S", "draw"}  # matching 4H by rank again


def test_e4_going_out_with_an_eight_names_nothing() -> None:
    state = eights(end="last_holder").setup(hands=["8D", "3S 4H", "4S 9S"], pile="KC",
                                            stock="KS QS")
    state = play(state, "play 8D")
    assert state.phase == "turn" and state.current_player == 1
    assert legal(state) == {"draw"}  # 8D is matched as an ordinary card


def test_e4_the_named_suit_survives_json_and_is_public() -> None:
    game = eights()
    state = game.setup(hands=["9C 2C", "4H 9S", "4S"], pile="8D", stock="KS QS",
                       named="H", current=1)
    again = game.state_from_json(state.to_json())
    assert isinstance(again, SheddingState) and again.named_suit == 2
    assert state.view(0).named_suit == "H"


def test_e4_name_is_no_action_where_no_wild_card_names_a_suit() -> None:
    state = cardrules.load("bank", players=2, options={"trumps": "none"}).setup(
        hands=["KH 7C", "9S"], pile="10H", stock="6D", owner=1)
    with pytest.raises(cardrules.IllegalActionError, match="not an action of this game"):
        state.apply("name H")


def test_e4_the_name_action_round_trips_and_has_an_index() -> None:
    game = eights()
    space = game.action_space
    for suit in game.pack.suits:
        action = parse_action(f"name {suit.lower()}", game.pack)
        assert action.text(game.pack) == f"name {suit}"
        assert space.action(space.index(action)) == action


# -- E5: drawing at will ------------------------------------------------------------------


def test_e5_a_player_may_draw_even_when_able_to_play_but_not_pass() -> None:
    state = eights().setup(hands=["9C 2C", "3S", "4S"], pile="5C", stock="KS QS JS 10S 9S 7S")
    assert legal(state) == {"play 9C", "play 2C", "draw"}
    assert "pass only after drawing 5 cards" in refused(state, "pass", "E5")


def test_e5_after_the_most_draws_play_or_pass() -> None:
    state = eights().setup(hands=["9C 2C", "3S", "4S"], pile="5C", stock="KS QS JS 10S 9S 7S")
    state = play(state, *["draw"] * 5)
    assert state.current_player == 0
    assert legal(state) == {"play 9C", "play 2C", "pass"}
    assert "drawn 5 cards this turn" in refused(state, "draw", "E5")
    state = play(state, "pass")
    assert state.current_player == 1 and legal(state) == {"draw"}


def test_e5_the_limit_is_an_option() -> None:
    state = eights(draw_limit=1).setup(hands=["9C", "3S", "4S"], pile="5H", stock="KS QS")
    state = play(state, "draw")
    assert legal(state) == {"pass"}


def test_e5_with_an_empty_stock_a_stuck_player_passes() -> None:
    state = eights().setup(hands=["9C 2C", "3S", "4S"], pile="5H")
    assert legal(state) == {"pass"}
    assert "stock is empty" in refused(state, "draw", "E5")


def test_e5_with_an_empty_stock_everyone_passing_ends_the_deal() -> None:
    state = eights().setup(hands=["9C", "3S", "4S"], pile="5H")
    state = play(state, "pass", "pass", "pass")
    assert state.is_over


def test_e5_extra_passes_may_be_needed_to_end_a_blocked_deal() -> None:
    game = changed(play={"blocked_extra_passes": 1})
    state = game.setup(hands=["9C", "3S", "4S"], pile="5H")
    state = play(state, "pass", "pass", "pass")
    assert not state.is_over and state.current_player == 0
    assert legal(state) == {"pass"}
    assert play(state, "pass").is_over


def test_e5_extra_passes_are_told_in_the_rules() -> None:
    text = "\n".join(describe(changed(play={"blocked_extra_passes": 2}).variant))
    assert "passed in a row and 2 more passes followed" in text


# -- E2: the starter card -----------------------------------------------------------------


def test_e2_an_eight_turned_as_starter_goes_under_the_stock() -> None:
    plain = changed(play={"starter_redraw": []})
    game = eights()
    redrawn = 0
    for seed in range(200):
        before, after = plain.new_deal(seed), game.new_deal(seed)
        assert game.pack.rank(after.pile[-1]) != game.pack.ranks.index("8")
        assert len(after.pile) == 1
        if before.pile != after.pile:
            redrawn += 1
            # put under the stock (with any further eight turned after it)
            assert before.pile[-1] in after.stock[:4]
            assert game.pack.rank(after.stock[0]) == game.pack.ranks.index("8")
            assert after.pile[-1] in before.stock[-4:]
    assert redrawn > 0


def test_e2_a_turned_trump_card_is_refused_in_a_shedding_game() -> None:
    with pytest.raises(cardrules.VariantError, match="does not use a turned trump card"):
        changed(deal={"trump_card": True})


# -- E6, E7: end of the deal and penalties --------------------------------------------------


def test_e6_the_deal_ends_at_the_first_player_out_and_e7_the_others_pay_per_card() -> None:
    state = eights().setup(hands=["9C", "8S KH 7D", "AS 10H QC JD"], pile="5C",
                           stock="2S")
    state = play(state, "play 9C")
    assert state.is_over
    result = state.result
    assert result is not None
    assert tuple(result.scores) == (0, -(50 + 10 + 7), -(1 + 10 + 10 + 10))


def test_e6_last_holder_plays_on_after_the_first_out() -> None:
    state = eights(end="last_holder").setup(hands=["9C", "8S KH", "AS 10H"], pile="5C",
                                            stock="2S")
    state = play(state, "play 9C")
    assert not state.is_over and state.current_player == 1


# -- load-time checks -----------------------------------------------------------------------


@pytest.mark.parametrize(("changes", "words"), [
    ({"play": {"groups": [{"kind": "same_rank", "size": 2}]}}, "cannot be combined"),
    ({"deal": {"hand": 5, "starter": 0}}, "deal.starter turns none"),
    ({"play": {"starter_redraw": ["Z"]}}, "unknown rank or face 'Z'"),
    ({"scoring": {"hand_penalty": {"mode": "points", "ranks": {"8": 50}}}},
     "read only by the by_card mode"),
    ({"scoring": {"hand_penalty": {"mode": "by_card", "cards": {"ZZ": 5}}}},
     "unknown card 'ZZ'"),
    ({"play": {"draw": {"at_will": True, "max_per_turn": 0}}}, "max_per_turn"),
    ({"play": {"blocked_extra_passes": -1}}, "blocked_extra_passes"),
])
def test_bad_shedding_data_is_refused_with_a_reason(changes: dict[str, Any],
                                                     words: str) -> None:
    with pytest.raises(cardrules.VariantError, match=words):
        changed(**changes)


def test_describe_says_what_the_new_keys_do() -> None:
    text = "\n".join(describe(eights().variant))
    assert "name a suit" in text and "up to 5 cards" in text
    assert "A starter card of rank 8 is put under the stock" in text
    assert "as soon as one player is out" in text and "8 50" in text


# -- randomised playouts ---------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("end", ["first_out", "last_holder"])
def test_random_playouts_keep_the_invariants(players: int, end: str) -> None:
    game = eights(players, end=end)
    rng = random.Random(players)
    size = game.pack.size
    for seed in range(25):
        state = game.new_deal(seed)
        moves = 0
        while not state.is_over:
            assert sum(state.hands[p].bit_count() for p in range(players)) + len(state.stock) \
                + len(state.pile) + state.discard.bit_count() \
                + sum(t.bit_count() for t in state.taken) == size
            action = rng.choice(state.legal_actions())
            state = state.apply(action)
            again = game.state_from_json(state.to_json())
            assert again.to_json() == state.to_json()
            moves += 1
            assert moves < game.move_limit
        result = state.result
        assert result is not None
        assert all(s <= 0 for s in result.scores)
        if end == "first_out" and state.out:
            assert len(state.out) == 1 and result.scores[state.out[0]] == 0


# -- hand penalties under a goal where the lowest total wins ------------------------------


def _lowest_wins(target: int = 50) -> cardrules.Game:
    data: dict[str, Any] = parse_yaml(SWITCH.read_text(), file=str(SWITCH))[0]
    data["match"] = {"goal": "lowest_total", "target": target, "next_dealer": "clockwise"}
    del data["options"]["deals"]
    return cardrules.load(data, players=3)


def test_hand_penalties_are_penalty_points_where_the_lowest_total_wins() -> None:
    state = _lowest_wins().setup(hands=["9C", "KH 2S", "AD"], pile="9D", stock="QS JS")
    state = play(state, "play 9C")
    assert state.is_over
    assert state.scores == (0, 12, 20)  # KH 10 + 2S 2; AD 20: added, not taken away
    assert state.result is not None and state.result.winners == (0,)


def test_hand_penalties_still_lower_a_score_where_the_highest_total_wins() -> None:
    state = cardrules.load("switch", players=3).setup(hands=["9C", "KH 2S", "AD"],
                                                      pile="9D", stock="QS JS")
    state = play(state, "play 9C")
    assert state.scores == (0, -12, -20)
    assert state.result is not None and state.result.winners == (0,)


def test_a_lowest_total_match_of_penalties_ends_at_its_target_won_by_the_least_penalised(
) -> None:
    game = _lowest_wins(target=40)
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_match(seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        result = state.result
        assert result is not None and max(result.totals) >= 40
        assert result.deals < 30  # not the 1,000-deal cap
        assert min(result.totals) >= 0
        assert all(result.totals[p] == min(result.totals) for p in result.winners)


def test_the_rules_say_hand_penalties_add_to_the_score_where_the_lowest_total_wins() -> None:
    lowest = "\n".join(describe(_lowest_wins().variant))
    assert "(penalty points, added to the holder's score)" in lowest
    assert "penalty points" not in "\n".join(describe(cardrules.load("switch").variant))


def test_setup_takes_the_named_suit_by_the_name_views_give_it() -> None:
    game = eights()
    state = game.setup(hands=["9C 2C", "4H 9S", "4S"], pile="8D", stock="KS QS",
                       named_suit="H", current=1)
    assert state.view(1).named_suit == "H" and state.named_suit == 2
    assert legal(state) == {"play 4H", "draw"}
    older = game.setup(hands=["9C 2C", "4H 9S", "4S"], pile="8D", stock="KS QS",
                       named="H", current=1)
    assert older.to_json() == state.to_json()  # the older name still works
    with pytest.raises(cardrules.StateError, match="disagree"):
        game.setup(hands=["9C 2C", "4H 9S", "4S"], pile="8D", named_suit="H", named="S")
    with pytest.raises(cardrules.StateError, match="no suit of the pack"):
        game.setup(hands=["9C 2C", "4H 9S", "4S"], pile="8D", named_suit="X")
