"""Play's turn order is data (``play.order``): the families ask the game's laid-out order
(``Game.turns``) for the next seat instead of writing it out.  Counter-clockwise play,
as many folk games are played (Italian fishing games, Russian Durak in some homes), is a
test variant of a shipped game of each family: the deal goes round to the right, the
first move is the dealer's right, each next seat is the one on the right, in a match the
deal passes to the right, and the conformance suite passes.  The shipped games keep the
default order (the seat numbers go up clockwise) and play exactly as before."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest
from rule_support import play

import cardrules
from cardrules.engine.turns import DEALERS_LEFT, Turns
from cardrules.tools.check import run_check
from cardrules.tools.describe import describe

CCW = {"play": {"order": "counter_clockwise"}}
GAMES = {"shedding": "crazy-eights", "tricks": "whist", "bouts": "durak", "fishing": "scopa"}
"""A shipped game of each family, played counter-clockwise here (by four players, so that
right and left differ)."""


def ccw_source(name: str) -> dict[str, Any]:
    return {"extends": name, "patch": CCW}


@cache
def ccw(name: str, players: int) -> cardrules.Game:
    return cardrules.load(ccw_source(name), players=players)


@cache
def plain(name: str, players: int) -> cardrules.Game:
    return cardrules.load(name, players=players)


def test_the_shipped_games_keep_the_default_order() -> None:
    for name in GAMES.values():
        game = plain(name, 4)
        assert game.variant.play_order == DEALERS_LEFT
        assert game.turns == Turns.of(DEALERS_LEFT, game.players)
        assert game.turns.following == tuple((p + 1) % game.players
                                             for p in range(game.players))


@pytest.mark.parametrize("family", sorted(GAMES))
def test_the_deal_goes_round_to_the_right(family: str) -> None:
    """Dealt from the same shuffle, the hand the seat k places to the dealer's left gets
    clockwise is the one the seat k places to the dealer's right gets counter-clockwise
    (the dealer still gets the last card)."""
    name, n = GAMES[family], 4
    for seed in range(3):
        cw, turned = plain(name, n).new_deal(seed, dealer=1), ccw(name, n).new_deal(
            seed, dealer=1)
        for k in range(1, n + 1):
            assert turned.hand((1 - k) % n) == cw.hand((1 + k) % n)  # type: ignore[attr-defined]


@pytest.mark.parametrize("family", ["fishing", "shedding", "tricks"])
def test_each_next_seat_is_the_one_on_the_right(family: str) -> None:
    """In random play, whoever acts after a player of the same trick or turn who still
    holds cards is that player's right-hand neighbour, or further right past empty hands;
    the first to move is the dealer's right.  (Bouts: see the defender's test below.)"""
    name, n = GAMES[family], 4
    game = ccw(name, n)
    steps = 0
    for seed in range(2):
        state, rng = game.new_deal(seed, dealer=0), random.Random(seed)
        assert state.current_player == n - 1  # the dealer's right
        while not state.is_over:
            before, mover = state, state.current_player
            action = rng.choice(state.legal_actions())
            state = state.apply(action)
            nxt = state.current_player
            if state.is_over or nxt == mover:
                continue
            if family == "tricks" and action.kind.value != "lead" and nxt != (mover - 1) % n:
                continue  # a trick was taken: its winner leads
            if family == "shedding" and any(e.kind in ("skip", "reverse")
                                            for e in state.events):
                continue
            right = next(q for k in range(1, n + 1)
                         if before.hand(q := (mover - k) % n) or q == nxt)  # type: ignore[attr-defined]
            assert nxt == right, (seed, mover, nxt)
            steps += 1
    assert steps > 20


def test_the_defender_sits_on_the_attackers_right() -> None:
    game = ccw("durak", 4)
    for seed in range(6):
        state = game.new_deal(seed, dealer=0)
        attacker = state._attacker  # type: ignore[attr-defined]
        assert state._defender == (attacker - 1) % 4  # type: ignore[attr-defined]
        throwers = state.throwers()  # type: ignore[attr-defined]
        assert throwers == [q for q in ((attacker - k) % 4 for k in range(4))
                            if q != (attacker - 1) % 4]


def test_a_trick_is_answered_to_the_right_and_its_cards_listed_in_turn() -> None:
    game = ccw("whist", 4)
    state = game.new_deal(2, dealer=0)
    leader = state.current_player
    for k in range(3):
        state = state.apply(state.legal_actions()[0])
        assert state.current_player == (leader - k - 1) % 4
    trick = state.view(0).trick
    assert [t["player"] for t in trick] == [(leader - k) % 4 for k in range(3)]


def test_a_reverse_turns_counter_clockwise_play_clockwise() -> None:
    """Shedding's reverse is a flip of the game's order: in a game played to the right,
    a jack sends play to the left, and another sends it back."""
    game = cardrules.load({"extends": "switch", "patch": CCW}, players=4)
    state = game.setup(hands=["5H 7H", "JC 9D KD", "KC QC JD 4D", "3C 4C"], pile="9C",
                       stock="3S 4S 5S 6S", current=1)
    assert state.view(0).direction == "counterclockwise"
    state = play(state, "play JC")
    assert state.current_player == 2 and state.view(2).direction == "clockwise"
    state = play(state, "draw")
    assert state.current_player == 3
    state = play(state, "draw")
    assert state.current_player == 0


def test_the_rules_say_which_way_play_goes() -> None:
    text = "\n".join(describe(ccw("whist", 4).variant))
    assert "play passes to the right (counter-clockwise)." in text
    assert "the first player of the turn order (from the dealer's right, counter-clockwise)" \
        in text
    assert "Then each other player in turn, counter-clockwise, answers" in text
    usual = "\n".join(describe(plain("whist", 4).variant))
    assert "play passes to the left." in usual and "counter-clockwise" not in usual


def test_a_named_first_seat_starts_play() -> None:
    game = cardrules.load({"extends": "whist", "patch": {
        "play": {"order": {"from": 2, "direction": "counter_clockwise"}}}}, players=4)
    for dealer in range(4):
        assert game.new_deal(5, dealer=dealer).current_player == 2


def test_an_unknown_order_is_refused_where_it_is_written() -> None:
    with pytest.raises(cardrules.VariantError, match="order"):
        cardrules.load({"extends": "whist", "patch": {"play": {"order": "sideways"}}})


@pytest.mark.parametrize("family", sorted(GAMES))
def test_counter_clockwise_games_pass_the_conformance_suite(family: str) -> None:
    """One game (by four players) of each: legality, JSON, views, re-sampling, and leaks
    searched in a quarter of the states (every state in the longer run)."""
    report = run_check(ccw_source(GAMES[family]), games=1, seed=1, players=[4],
                       match_every=2, leak_share=0.25)
    assert report.ok, report.failure


@pytest.mark.slow
@pytest.mark.parametrize("family", sorted(GAMES))
def test_counter_clockwise_games_pass_a_longer_conformance_run(family: str) -> None:
    report = run_check(ccw_source(GAMES[family]), games=12, seed=3, match_every=4)
    assert report.ok, report.failure


def dealers(game: cardrules.Game, seed: int, deals: int) -> list[int]:
    """The dealers of a match's first ``deals`` deals, in random play."""
    state, rng = game.new_match(seed=seed, dealer=1), random.Random(seed)
    seen = [state.to_json()["dealer"]]
    while not state.is_over and len(seen) < deals:
        index = state.deal_index
        state = state.apply(rng.choice(state.legal_actions()))
        if state.deal_index != index:
            seen.append(state.to_json()["dealer"])
    return seen


def test_the_dealer_passes_to_the_right_in_a_counter_clockwise_match() -> None:
    """The next dealer is the seat after the dealer's in the game's turn order: the right
    in a counter-clockwise match, the left in the usual one; ``match.next_dealer`` still
    names another when the rules say so."""
    assert dealers(ccw("scopa", 4), 3, 3) == [1, 0, 3]
    assert dealers(plain("scopa", 4), 3, 2) == [1, 2]
    from_two = {"play": {"order": {"from": 2, "direction": "counter_clockwise"}}}
    assert dealers(cardrules.load({"extends": "scopa", "patch": from_two}, players=4),
                   3, 2) == [1, 0]
    starter = cardrules.load({"extends": "scopa", "patch": {
        **from_two, "match": {"next_dealer": "deal_starter"}}}, players=4)
    assert dealers(starter, 3, 2) == [1, 2]  # the deal's first mover: seat 2


def test_the_previous_deal_names_no_leader_in_a_first_deal_the_order_does() -> None:
    game = cardrules.load({"extends": "whist", "patch": {
        **CCW, "hooks": {"first_mover": "previous_deal_names"}}}, players=4)
    assert [game.new_deal(1, dealer=d).current_player for d in range(4)] == [3, 0, 1, 2]
    assert "the next dealer is the player on the dealer's right" in "\n".join(
        describe(ccw("scopa", 4).variant))


def test_the_shedding_heuristic_guesses_the_next_player_in_turn() -> None:
    """The move heuristic reads who plays next from the view: the game's turn order (a
    public fact of its rules), past empty hands."""
    from cardrules.families.shedding.heuristics import next_holder

    turned, usual = ccw("crazy-eights", 4), plain("crazy-eights", 4)
    view = turned.new_deal(2, dealer=0).view(3)
    assert view.turn_after == turned.turns.following == (3, 0, 1, 2)
    assert usual.new_deal(2, dealer=0).view(1).turn_after == (1, 2, 3, 0)
    assert next_holder(3, [5, 5, 5, 5], view.turn_after) == 2
    assert next_holder(3, [5, 5, 0, 5], view.turn_after) == 1
    assert next_holder(3, [5, 5, 0, 5], ()) == 0


def test_a_phase_that_names_no_order_goes_the_play_s_way() -> None:
    """A listed phase asking the players in turn (``bidding`` here) follows ``play.order``
    when its own section names none: counter-clockwise play bids from the dealer's right,
    and the dealer, bidding last, may still not make the total."""
    game = cardrules.load(ccw_source("oh-hell"), players=4)
    (_, settings), = [(p, s) for p, s in game.phases if p.name == "bidding"]
    assert settings.order == game.variant.play_order != DEALERS_LEFT
    state = game.new_deal(3, dealer=1)
    seen = []
    while state.legal_actions()[0].name == "bid":
        seen.append(state.current_player)
        state = state.apply(sorted(state.legal_actions(), key=lambda a: a.amount)[0])
    assert seen == [0, 3, 2, 1]
    text = "\n".join(describe(game.variant))
    assert "counter-clockwise" in text and "the dealer may not bid" in text
    usual = cardrules.load("oh-hell", players=4)
    (_, settings), = [(p, s) for p, s in usual.phases if p.name == "bidding"]
    assert settings.order == DEALERS_LEFT


def test_a_phase_s_own_order_wins_over_the_play_s() -> None:
    game = cardrules.load({"extends": "oh-hell", "patch": {
        **CCW, "phases": [{"bidding": {"order": "clockwise",
                                       "contract": {"exact": 10, "per_trick": 1}}}]}},
                          players=4)
    (_, settings), = [(p, s) for p, s in game.phases if p.name == "bidding"]
    assert settings.order == DEALERS_LEFT


def test_the_shedding_heuristic_follows_a_reverse() -> None:
    """After a reverse the heuristic's next player is the one play now goes to (the
    view's ``direction``), not the next in the game's usual order."""
    from cardrules.families.shedding.heuristics import turn_after_now

    game = plain("switch", 4)
    state = game.new_deal(4, dealer=0)
    view = state.view(state.current_player)
    assert view.direction == "clockwise"
    assert turn_after_now(view, 4) == (1, 2, 3, 0) == view.turn_after
    rng = random.Random(2)
    for _ in range(400):
        if state.is_over or getattr(state.view(0), "direction", "") == "counterclockwise":
            break
        state = state.apply(rng.choice(state.legal_actions()))
    view = state.view(state.current_player)
    assert view.direction == "counterclockwise"
    assert turn_after_now(view, 4) == (3, 0, 1, 2)


@pytest.mark.parametrize("name", ["crazy-eights", "whist", "euchre", "durak"])
@pytest.mark.parametrize("order", ["clockwise", "counter_clockwise"])
def test_the_default_first_mover_is_the_first_seat_of_the_order(name: str, order: str) -> None:
    """With the ``first_mover`` hook left at its default (``Game.plain_first_mover``) the
    procedures take the first seat of the play order (``turns.opening``) without building
    the hook's input: the seat the hook itself names for every dealer."""
    from cardrules.hooks import FirstMoverInput

    game = cardrules.load({"extends": name, "patch": {"play": {"order": order}}}, players=4)
    assert game.plain_first_mover
    hook = game.hook("first_mover")
    for dealer in range(4):
        position = FirstMoverInput(pack=game.pack, hands=(0,) * 4, top=-1, dealer=dealer,
                                   trump_classes=(), order=game.turns.deal_order(dealer))
        assert hook(position) == game.turns.opening(dealer)
    assert not plain("bank", 4).plain_first_mover  # its own hook (B7) is asked
