"""The trick family's play-out kernel (:mod:`cardrules.families.tricks.playout`) plays
every deal exactly as the one-step loop does: the same moves from the same generators,
the same final state (fields, JSON, events, moves made), for every shipped trick-taking
game whose play is plain and for house rules turning on each duty the kernel reads; and
it leaves every other game to the state."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from playout_support import engaged, never_played, position_at, reference, same_game

import cardrules
from cardrules.actions import Action
from cardrules.engine import flow
from cardrules.engine.playouts import roll_out
from cardrules.engine.state import State
from cardrules.families.tricks.state import TricksState
from cardrules.hooks import LegalFilterInput, hook

PLAIN = ("hearts", "black-maria", "bridge", "kozel", "spades", "whist", "euchre", "oh-hell")
"""Shipped games whose play the kernel plays (Euchre's when nobody goes alone)."""
NOT_PLAIN = ("belote", "bura", "bura-classic", "german-whist", "sixty-six", "skat",
             "tysyacha")
"""Shipped games with something in play the kernel does not play (declarations, a stock
drawn from, tricks that do not count, listed phases that end a deal)."""


def _whist(name: str, **duties: Any) -> dict[str, Any]:
    return {"extends": "whist", "name": name, "patch": {"play": {"duties": duties}}}


HOUSE: dict[str, Any] = {
    "trump when void": _whist("whist-trump", follow="suit", trump_when_void=True),
    "head": _whist("whist-head", follow="suit", head=True),
    "overtrump, partner frees": _whist("whist-over", follow="suit", trump_when_void=True,
                                       overtrump=True, partner_frees=True),
    "head without following": _whist("whist-free-head", follow="none", head=True),
    "no duties": _whist("whist-free", follow="none"),
    "opening suit": {"extends": "hearts", "name": "hearts-suit",
                     "patch": {"play": {"opening": {"any_of_suit": True}}}},
}
"""House rules turning on the duties and opening rules no shipped plain game has."""


@pytest.mark.parametrize("name", PLAIN)
@pytest.mark.parametrize("fewest", [True, False], ids=["fewest", "most"])
def test_kernel_plays_shipped_games_as_the_one_step_loop(name: str, fewest: bool) -> None:
    variant = cardrules.load(name).variant
    players = variant.players.min if fewest else variant.players.max
    game = cardrules.load(name, players=players)
    assert engaged(game, range(12), (0, 3, 9)) > 0


@pytest.mark.parametrize("rules", HOUSE.values(), ids=HOUSE.keys())
def test_kernel_plays_every_duty_as_the_one_step_loop(rules: dict[str, Any]) -> None:
    game = cardrules.load(rules)
    assert engaged(game, range(15), (0, 5)) > 0


@pytest.mark.parametrize("name", NOT_PLAIN)
def test_kernel_leaves_other_play_to_the_state(name: str) -> None:
    never_played(name, TricksState)


def test_kernel_waits_for_listed_phases() -> None:
    """Hearts' passing is a listed phase: during it the state makes only the phase's
    own moves (every give left, the last passing the cards and beginning play), and the
    trick play is played from the first lead on."""
    game = cardrules.load("hearts")
    state = game.new_deal(seed=1)
    rng = random.Random(1)
    bits = [rng.getrandbits] * 4
    while isinstance(state, TricksState) and state._stage >= 0:
        done = state._finish_random(bits)
        assert done is None or (not done[0].is_over and done[0].moves <= 12
                                and not done[0]._plays and not any(done[0]._tricks))
        state = state.apply(rng.choice(state.legal_actions()))
    assert isinstance(state, TricksState)
    done = state._finish_random(bits)
    assert done is not None and done[0].is_over


def test_kernel_serves_roll_outs_with_one_generator() -> None:
    """The search's roll-outs share one generator among the seats."""
    game = cardrules.load("spades")
    for seed in range(6):
        start = position_at(game, seed, 8)
        final = roll_out(start, random.Random(seed))
        one, _, _ = reference(start, [random.Random(seed)] * 4)
        assert final == one


def test_batched_play_outs_unchanged_by_the_kernel() -> None:
    """A batch of Hearts games is the games the one-step loop plays from its seeds."""
    game = cardrules.load("hearts")
    batch = game.play_out(3, seed=11, keep_states=True)
    for index, played in enumerate(batch):
        seed = played.seed
        assert seed is not None
        state = game.new_deal(seed)
        rngs = [random.Random(cardrules.engine.game.derive_seed(seed, "bot", s))
                for s in range(4)]
        one, moves, _ = reference(state, rngs)
        assert played.final == one and played.decisions == moves, index


def _passing(name: str, **section: Any) -> dict[str, Any]:
    return {"extends": "hearts", "name": name,
            "patch": {"phases": [{"pass_cards": section}]}}


PASSING: dict[str, Any] = {
    "hearts": "hearts",
    "black-maria": "black-maria",
    "one card across": _passing("hearts-one", count=1, direction="across"),
    "counter-clockwise": _passing("hearts-ccw", count=3, direction="right",
                                  order="counter_clockwise"),
    "from the third seat": _passing("hearts-from", count=2, direction="left",
                                    order={"from": 2}),
    "half the hand": _passing("hearts-half", count=6, direction="left"),
}
"""Shipped passing phases and house rules: counts, directions and orders of choosing."""


@pytest.mark.parametrize("rules", PASSING.values(), ids=PASSING.keys())
def test_passing_phase_makes_the_one_step_loops_moves(rules: Any) -> None:
    """The passing phase gives its cards itself (``PassCards.random_moves_ending``),
    each seat's at once, the last give passing the cards as ``apply`` passes them: the
    state it reaches (play begun, no card led) is the one-step loop's after as many
    moves, its events the last give's."""
    game = cardrules.load(rules)
    for seed in range(10):
        start = position_at(game, seed, seed % 3)  # some gives made already
        assert isinstance(start, TricksState) and start._stage >= 0
        seeds = [seed * 7 + s for s in range(game.players)]
        rngs = [random.Random(s) for s in seeds]
        done = flow.random_moves(start, [r.getrandbits for r in rngs])
        assert done is not None
        reached, made = done
        one: State = start
        again = [random.Random(s) for s in seeds]
        before_last = one
        for _ in range(made):
            before_last = one
            legal = one.legal_actions()
            one = one.apply(legal[again[one.current_player].randrange(len(legal))])
        assert isinstance(one, TricksState) and isinstance(before_last, TricksState)
        assert reached == one and reached.to_json() == one.to_json()
        assert reached.events == one.events and reached.moves == one.moves
        assert one._stage < 0 and not one._plays  # every card passed, play begun
        assert before_last._stage >= 0  # the last of the moves passed the cards
        assert [r.getstate() for r in rngs] == [r.getstate() for r in again]


@hook("legal_filter", "test.highest_card_only")
def highest_card_only(position: LegalFilterInput) -> tuple[Action, ...]:
    """Keeps the last legal action alone (a house rule only a hook can write)."""
    return position.actions[-1:]


def test_passing_phase_leaves_hooked_legality_to_the_one_step_loop() -> None:
    """Where a hook narrows the legal actions, the phase's own gives (drawn among every
    card of the hand) would not be the one-step loop's: none are made, and a batch plays
    the one-step loop's games."""
    game = cardrules.load({"extends": "hearts", "name": "hearts-hooked",
                           "patch": {"hooks": {"legal_filter": "test.highest_card_only"}}})
    start = game.new_deal(seed=3)
    assert isinstance(start, TricksState) and start._stage >= 0
    assert flow.random_moves(start, [random.Random(1).getrandbits] * 4) is None
    played = game.play_out(2, seed=5, keep_states=True)
    for one in played:
        assert one.seed is not None
        rngs = [random.Random(cardrules.engine.game.derive_seed(one.seed, "bot", s))
                for s in range(4)]
        final, moves, _ = reference(game.new_deal(one.seed), rngs)
        assert one.final == final and one.decisions == moves


def test_passing_phase_leaves_a_seat_that_gave_its_cards() -> None:
    """A position the turns never reach in play (the seat to act has passed its three
    cards already) is left to the one-step loop: no move is made for it."""
    game = cardrules.load("hearts")
    hands = game.new_deal(seed=1).to_json()["hands"]
    start = game.position(hands=[hands[0], hands[1][3:], hands[2], hands[3]],
                          passing=[[], hands[1][:3], [], []], current=1, stage=0)
    rng = random.Random(1)
    assert flow.random_moves(start, [rng.getrandbits] * 4) is None
    assert rng.getstate() == random.Random(1).getstate()  # nothing drawn
    assert len(start.legal_actions()) == 10


@settings(max_examples=30, deadline=None)
@given(name=st.sampled_from(("hearts", "spades", "bridge", "black-maria")),
       seed=st.integers(0, 2**32), prefix=st.integers(0, 60))
def test_kernel_agrees_from_any_position(name: str, seed: int, prefix: int) -> None:
    same_game(cardrules.load(name), seed, prefix)
