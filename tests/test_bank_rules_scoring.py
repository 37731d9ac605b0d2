"""Bank rules B22-B27: going out, the end of a deal, bonuses, four kings, penalties, the match.

Rule numbers refer to docs/rules/bank.md (the spec's B1-B27).
"""

from __future__ import annotations

from typing import Any

import pytest
from bank_support import bank, cards, events, hand, legal, match_from, play

# -- B22 ---------------------------------------------------------------------------


def test_b22_going_out_in_turn() -> None:
    """B22, B23, B24: places 1st, 2nd, 3rd score 20, 10, 10; the last holder ends the deal."""
    game = bank(4, trumps="none")
    state = game.setup(hands=["JH", "9H", "8S", "6C 7D"], pile="AH 10H KH QH", owner=3)
    state = state.apply("play JH")
    assert events(state) == [("play", 0, "JH", 0, ""), ("out", 0, "", 1, ""),
                             ("bonus", 0, "", 20, "")]
    assert state.hands[0] == 0 and state.current_player == 1
    state = state.apply("play 9H")
    assert events(state)[1:] == [("out", 1, "", 2, ""), ("bonus", 1, "", 10, "")]
    state = state.apply("play 8S")
    assert events(state) == [("play", 2, "8S", 0, ""), ("out", 2, "", 3, ""),
                             ("bonus", 2, "", 10, ""), ("deal_end", -1, "", 0, "")]
    assert state.is_over and state.phase == "over" and state.current_player == -1
    assert state.out == (0, 1, 2) and state.scores == (20, 10, 10, 0)
    assert state.pile == () and cards(state, state.zones()["discard"]) != []
    assert state.result is not None
    assert state.result.finish == (0, 1, 2, 3) and state.result.scores == (20, 10, 10, 0)
    assert state.legal_actions() == ()


def test_b22_a_player_who_went_out_still_takes_the_bank() -> None:
    """B22 with B18: player 0 goes out with JH; player 1 cannot beat it; player 0 takes."""
    game = bank(3, trumps="none")
    state = game.setup(hands=["JH", "9C", "6S 7S"], pile="KH QH", owner=2)
    state = play(state, "play JH", "pass")
    assert events(state) == [("pass", 1, "", 0, ""), ("take", 0, "KH QH JH", 9, "unbeaten")]
    assert state.scores == (29, 0, 0) and state.current_player == 2


def test_b22_hands_are_never_refilled() -> None:
    """B22 with B21 (draw_then_play): the forced draw goes to the next player still holding
    cards, never to one who went out."""
    game = bank(3, trumps="none", seven="draw_then_play")
    state = game.setup(hands=["7H 9S", "", "9C"], pile="QS 8H", stock="JD", owner=2, out=[1])
    state = state.apply("play 7H")
    assert events(state) == [("play", 0, "7H", 0, ""), ("draw", 2, "JD", 0, "forced")]
    assert state.hands[1] == 0 and state.current_player == 2


# -- B23 ---------------------------------------------------------------------------


def test_b23_the_deal_ends_when_every_holder_passes_with_an_empty_stock() -> None:
    """B23: with the stock empty, passes by every holder in a row end the deal; a card laid in
    between starts the count again."""
    game = bank(3, trumps="none")
    state = game.setup(hands=["9S", "9C", "6H 7S"], pile="10H", owner=2)
    state = play(state, "pass", "pass", "play 6H")
    assert not state.is_over
    state = play(state, "pass")                  # player 0 fails: player 2 takes 10H 6H
    assert state.scores == (0, 0, 10)
    state = play(state, "pass")
    assert not state.is_over and state.current_player == 2
    state = state.apply("pass")
    assert state.is_over
    assert events(state) == [("pass", 2, "", 0, ""), ("deal_end", -1, "", 0, "")]


@pytest.mark.parametrize(("leftover", "scores", "taken"), [
    ("discard", (20, 0), []),
    ("top_owner", (51, 0), ["AH", "10H", "KH", "QH", "JH"]),
])
def test_b23_leftover_bank(leftover: str, scores: tuple[int, int], taken: list[str]) -> None:
    """B23 (soft spot), leftover_bank: the bank left when the deal ends is discarded, or taken
    by the owner of its top card."""
    game = bank(2, trumps="none", leftover_bank=leftover)
    state = game.setup(hands=["JH", "9C 6S"], pile="AH 10H KH QH", owner=1)
    state = state.apply("play JH")
    assert state.is_over and state.scores == scores
    assert cards(state, state.taken[0]) == taken
    assert state.pile == ()
    discard = cards(state, state.zones()["discard"])
    assert ("AH" in discard) == (leftover == "discard")
    if leftover == "top_owner":
        assert ("take", 0, "AH 10H KH QH JH", 31, "leftover") in events(state)


def test_b23_top_owner_takes_even_a_one_card_bank() -> None:
    """B23 (soft spot), leftover_bank top_owner: the lone card on the bank at the end goes to
    whoever laid it (B20 is about taking during play)."""
    game = bank(2, trumps="none", leftover_bank="top_owner")
    state = game.setup(hands=["9S", "9C"], pile="10H", owner=1, current=0)
    state = play(state, "pass", "pass")
    assert state.is_over and state.scores == (0, 10)


# -- B24 ---------------------------------------------------------------------------


@pytest.mark.parametrize(("out", "bonus"), [((), 50), ((3,), 30), ((3, 2), 20)])
def test_b24_going_out_with_a_king(out: tuple[int, ...], bonus: int) -> None:
    """B24: last card a king (not a trump): 1st +20+30, 2nd +10+20, 3rd +10+10."""
    game = bank(4, trumps="none")
    hands = ["KH", "7C 6C", "" if 2 in out else "9C", "" if 3 in out else "9S"]
    state = game.setup(hands=hands, pile="AH 10H", owner=1, out=list(out))
    state = state.apply("play KH")
    assert ("bonus", 0, "", bonus, "") in events(state)
    assert state.scores[0] == bonus
    assert "take" not in [e[0] for e in events(state)]


@pytest.mark.parametrize(("options", "own", "king", "takes"), [
    ({}, "HSD", "KH", True),                    # own: the player's own suit
    ({}, "SHD", "KH", False),                   # own: another player's suit is plain
    ({"trumps": "none"}, "", "KH", False),
    ({"trumps": "one"}, "", "KS", True),
    ({"trumps": "one"}, "", "KH", False),
    ({"trumps": "two"}, "", "KD", True),
    ({"trumps": "ranked"}, "", "KD", True),
    ({"trumps": "ranked"}, "", "KC", False),
])
def test_b24_going_out_with_a_trump_king_takes_the_bank(
        options: dict[str, Any], own: str, king: str, takes: bool) -> None:
    """B24: last card a king of a trump suit (own: the player's own trump) takes the bank."""
    game = bank(3, **options)
    suit = king[-1]
    state = game.setup(hands=[king, "7C 6C", "9C"], pile=f"A{suit} 10{suit}", owner=1,
                       own_suits=own)
    state = state.apply(f"play {king}")
    took = ("take", 0, f"A{suit} 10{suit} {king}", 27, "going out")
    assert (took in events(state)) == takes
    assert state.scores[0] == 50 + (27 if takes else 0)
    assert state.current_player == 1
    assert (state.pile == ()) == takes


def test_b24_four_of_a_kind_as_the_last_move() -> None:
    """B24: going out with four of a kind (not kings) scores +75 more; no extra move."""
    game = bank(3, trumps="none")
    state = game.setup(hands=["9S 9H 9D 9C", "7C", "6C"], pile="AH", owner=1)
    state = state.apply("play 9S 9H 9D 9C")
    assert events(state) == [("play", 0, "9S 9H 9D 9C", 0, ""), ("out", 0, "", 1, ""),
                             ("bonus", 0, "", 95, "")]
    assert state.current_player == 1


def test_b24_four_kings_as_the_last_move_score_as_a_king() -> None:
    """B24, B25: four kings are excluded from the +75; the last card is a king (+30); the
    kings wait to be covered."""
    game = bank(3, trumps="none")
    state = game.setup(hands=["KS KH KD KC", "QC 7D", "6C"], pile="AH", owner=1)
    state = state.apply("play KS KH KD KC")
    assert ("bonus", 0, "", 50, "") in events(state)
    assert state.current_player == 1
    state = state.apply("play QC")
    assert events(state) == [("play", 1, "QC", 0, ""),
                             ("take", 1, "AH KS KH KD KC QC", 35, "cover")]


@pytest.mark.parametrize(("out", "bonus"), [((), 50), ((3,), 35), ((3, 2), 30)])
def test_b24_going_out_with_a_run(out: tuple[int, ...], bonus: int) -> None:
    """B24: last move a run: 1st +20+30, 2nd +10+25, 3rd +10+20."""
    game = bank(4, trumps="none")
    hands = ["10H KH QH JH", "7C 6C", "" if 2 in out else "9C", "" if 3 in out else "9S"]
    state = game.setup(hands=hands, pile="AH", owner=1, out=list(out))
    assert "play 10H KH QH JH" in legal(state)
    state = state.apply("play 10H KH QH JH")
    assert ("bonus", 0, "", bonus, "") in events(state)


def test_b24_bonuses_stack() -> None:
    """B24: a run ending on a trump king: place + king + run bonuses, and the bank."""
    game = bank(2, trumps="one")
    state = game.setup(hands=["9S JS QS KS", "7C"], pile="AH 9H", owner=1)
    state = state.apply("play 9S JS QS KS")
    assert events(state) == [
        ("play", 0, "9S JS QS KS", 0, ""), ("out", 0, "", 1, ""),
        ("take", 0, "AH 9H 9S JS QS KS", 21, "going out"), ("bonus", 0, "", 80, ""),
        ("deal_end", -1, "", 0, "")]
    assert state.scores == (101, 0) and state.is_over


# -- B25 ---------------------------------------------------------------------------


def test_b25_the_layer_covers_their_own_kings_in_the_extra_move() -> None:
    """B25 (soft spot: who covers), B13: the player who laid four kings covers them in the
    compulsory extra move and takes the bank; the turn then ends (B19)."""
    game = bank(3, trumps="none")
    state = game.setup(hands=["KS KH KD KC QC 7D", "9S", "6D"], pile="AH", owner=2)
    state = state.apply("play KS KH KD KC")
    assert state.current_player == 0 and legal(state) == {"play QC"}
    state = state.apply("play QC")
    assert events(state) == [("play", 0, "QC", 0, ""),
                             ("take", 0, "AH KS KH KD KC QC", 35, "cover")]
    assert state.scores == (35, 0, 0) and state.pile == ()
    assert state.current_player == 1 and state.top == game.pack.parse("QC")


def test_b25_the_next_player_covers() -> None:
    """B25 (soft spot): the layer fails the extra move (no take, B18); the next player lays a
    card on the kings and takes the bank."""
    game = bank(3, trumps="none")
    state = game.setup(hands=["KS KH KD KC 7D", "QC 9S", "6D"], pile="AH", owner=2)
    state = play(state, "play KS KH KD KC", "pass")
    assert state.scores == (0, 0, 0) and state.current_player == 1
    state = state.apply("play QC")
    assert events(state) == [("play", 1, "QC", 0, ""),
                             ("take", 1, "AH KS KH KD KC QC", 35, "cover")]
    assert state.current_player == 2


def test_b25_kings_nobody_covers_go_by_b18() -> None:
    """B25, B18: if the next player cannot cover, the layer takes the bank as usual."""
    game = bank(3, trumps="none")
    state = game.setup(hands=["KS KH KD KC 7D", "9S", "6D"], pile="AH", owner=2)
    state = play(state, "play KS KH KD KC", "pass", "pass")
    assert events(state) == [("pass", 1, "", 0, ""),
                             ("take", 0, "AH KS KH KD KC", 32, "unbeaten")]


def test_b25_only_kings_laid_in_one_move() -> None:
    """B25: four nines covered give nothing special."""
    game = bank(3, trumps="none")
    state = game.setup(hands=["9S 9H 9D 9C 7D", "8C 7H", "6D"], pile="AH", owner=2)
    state = play(state, "play 9S 9H 9D 9C", "pass", "play 8C")
    assert events(state) == [("play", 1, "8C", 0, "")]


# -- B26 ---------------------------------------------------------------------------


def _penalised(**options: Any) -> Any:
    """Player 0 goes out; player 1 keeps AS KD 7C (17 points, 3 cards), after 5 points."""
    game = bank(2, trumps="none", **options)
    state = game.setup(hands=["JH", "AS KD 7C"], pile="AH 10H KH QH", owner=1, scores=[0, 5])
    return state.apply("play JH")


@pytest.mark.parametrize(("options", "lost"), [
    ({"hand_penalty": "points"}, 17),
    *[({"hand_penalty": "points_plus_fixed", "hand_penalty_fixed": f}, 17 + f)
      for f in (15, 23, 31, 40, 48, 56)],
    ({"hand_penalty": "points_plus_fixed"}, 17 + 31),
    ({"hand_penalty": "points_plus_per_card"}, 17 + 3 * 3),
    ({"hand_penalty": "points_plus_per_card", "hand_penalty_per_card": 6}, 17 + 6 * 3),
    ({"hand_penalty": "points_plus_per_card", "hand_penalty_per_card": 3}, 17 + 3 * 3),
])
def test_b26_hand_penalty(options: dict[str, Any], lost: int) -> None:
    """B26 (soft spot), hand_penalty: players still holding cards lose their card points, plus
    a fixed amount or an amount per card; results may go below zero."""
    state = _penalised(**options)
    assert state.is_over
    assert ("penalty", 1, "", lost, "") in events(state)
    assert state.scores == (20, 5 - lost)
    assert state.result is not None and state.result.scores == (20, 5 - lost)


def test_b26_no_hand_penalty_by_default() -> None:
    """B26 (hand_penalty none): leftover cards neither count nor cost."""
    state = _penalised()
    assert state.scores == (20, 5)
    assert "penalty" not in [e[0] for e in events(state)]
    assert hand(state, 1) == {"AS", "KD", "7C"}


# -- B27 ---------------------------------------------------------------------------


def _last_move(game: Any, scores: tuple[int, int, int]) -> Any:
    """3 players, player 1 out; player 0 goes out 2nd (+10) with JH and the deal ends."""
    return game.setup(hands=["JH", "", "6S 7S"], pile="QH", owner=2, out=[1],
                      scores=list(scores))


def test_b27_the_match_goes_on_below_the_target() -> None:
    """B27: no total at 248 yet: the next deal is dealt."""
    game = bank(3, trumps="none")
    match = match_from(game, _last_move(game, (0, 20, 0)), dealer=2, totals=(200, 10, 0))
    match = match.apply("play JH")
    assert not match.is_over and match.totals == (210, 30, 0)
    assert match.deal_index == 1 and match.deal.phase == "turn"
    assert [e.kind for e in match.events][-4:] == ["deal_end", "deal_scored", "deal",
                                                   "first_mover"]


def test_b27_reaching_the_target_the_highest_total_wins() -> None:
    """B27: two totals pass 248; the higher wins."""
    game = bank(3, trumps="none")
    match = match_from(game, _last_move(game, (10, 20, 0)), dealer=2, totals=(240, 230, 0))
    match = match.apply("play JH")
    assert match.is_over and match.current_player == -1
    assert match.totals == (260, 250, 0)
    assert match.result is not None and match.result.winners == (0,)
    assert match.result.deals == 1
    assert match.events[-1].kind == "match_end"
    assert match.legal_actions() == ()
    assert match.view(0).match["winners"] == [0]


def test_b27_a_tie_at_the_top_plays_one_more_deal_for_everyone() -> None:
    """B27: the highest totals tie: one more deal, all players dealt in, then the winner."""
    game = bank(3, trumps="none")
    match = match_from(game, _last_move(game, (10, 30, 0)), dealer=2, totals=(240, 230, 5))
    match = match.apply("play JH")
    assert match.totals == (260, 260, 5)
    assert not match.is_over and match.deal_index == 1
    assert [h.bit_count() for h in match.deal.hands] == [4, 4, 4]
    # the tie-break deal ends with player 0 ahead
    again = match_from(game, _last_move(game, (0, 20, 0)), dealer=2, totals=match.totals,
                       history=match.history)
    again = again.apply("play JH")
    assert again.totals == (270, 280, 5)
    assert again.result is not None and again.result.winners == (1,)
    assert again.result.deals == 2
    # ... or ties again and the match goes on
    tied = match_from(game, _last_move(game, (10, 10, 0)), dealer=2, totals=match.totals,
                      history=match.history).apply("play JH")
    assert tied.totals == (280, 270, 5) and tied.is_over
    level = match_from(game, _last_move(game, (0, 10, 0)), dealer=2, totals=match.totals,
                       history=match.history).apply("play JH")
    assert level.totals == (270, 270, 5) and not level.is_over and level.deal_index == 2


def test_b27_target_option() -> None:
    """B27 (target): the match ends at the chosen total."""
    game = bank(3, trumps="none", target=50)
    match = match_from(game, _last_move(game, (0, 0, 0)), dealer=2, totals=(40, 0, 0))
    assert match.apply("play JH").result.winners == (0,)
    game = bank(3, trumps="none", target=300)
    match = match_from(game, _last_move(game, (0, 0, 0)), dealer=2, totals=(280, 0, 0))
    assert not match.apply("play JH").is_over


def test_b27_max_deals_ends_a_match_nobody_can_win_and_the_highest_total_wins() -> None:
    """B27 (cardrules' safety net): with heavy hand penalties totals can stay below the
    target for ever; after max_deals deals the highest total wins."""
    import random

    import cardrules

    game = cardrules.load("bank", players=4, options={"hand_penalty": "points_plus_fixed",
                                                     "max_deals": 3, "target": 100000})
    rng = random.Random(2)
    state = game.new_match(2)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    result = state.result
    assert result is not None and result.deals == 3
    best = max(result.totals)
    leaders = [p for p, t in enumerate(result.totals) if t == best]
    assert list(result.winners) == (leaders if len(leaders) == 1 else [])
