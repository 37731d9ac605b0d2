"""The integer action index: every action any state offers has one stable index."""

from __future__ import annotations

import functools
import random
from math import comb
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import games

import cardrules
from cardrules.actions import Action, Kind
from cardrules.cards import Pack
from cardrules.engine.action_space import (
    MASK_LIMIT,
    ActionSpace,
    CardSets,
    Listed,
    set_rank,
    set_unrank,
)
from cardrules.engine.game import Game
from cardrules.engine.state import State
from cardrules.errors import ArgumentError, CardrulesError
from cardrules.loader.resources import builtin_variants
from cardrules.tools.conformance import ConformanceError, check_indices


@functools.cache
def _space(name: str) -> ActionSpace:
    return cardrules.load(name).action_space


MASKED = 100_000
"""A space of more actions than this (millions) has its legal mask built on one state in
``size // MASKED`` only (a space beyond ``MASK_LIMIT``, Casino's, refuses to build one);
the indices are checked on every state."""


def _check_state(space: ActionSpace, state: State, *, mask: bool = True) -> None:
    legal = state.legal_actions()
    indices = space.legal_indices(state)
    assert len(set(indices)) == len(legal)
    for action, index in zip(legal, indices):
        assert 0 <= index < space.size
        assert space.action(index) == action
    if mask and space.size > MASK_LIMIT:
        with pytest.raises(ArgumentError, match="dense legal mask"):
            space.legal_mask(state)
    elif mask:
        built = space.legal_mask(state)
        assert sum(built) == len(legal) and all(built[i] for i in indices)


def _play(game: Game, seed: int, *, match: bool = False) -> int:
    """Plays one random game checking every state; returns the number of states."""
    rng = random.Random(seed)
    state = game.new_match(seed) if match else game.new_deal(seed)
    seen, every = 0, max(1, game.action_space.size // MASKED)
    while not state.is_over:
        _check_state(game.action_space, state, mask=seen % every == 0)
        state = state.apply(rng.choice(state.legal_actions()))
        seen += 1
    return seen


@pytest.mark.parametrize("name", sorted(builtin_variants()))
def test_every_offered_action_has_its_own_index_in_every_variant(name: str) -> None:
    limits = cardrules.load(name).variant.players
    for players in range(limits.min, limits.max + 1):
        game = cardrules.load(name, players=players)
        assert sum(_play(game, seed) for seed in range(6)) > 0


def test_a_whole_match_keeps_to_the_space() -> None:
    assert _play(cardrules.load("bura", players=3), 5, match=True) > 0


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games(), seed=st.integers(0, 2**32))
def test_any_options_keep_to_the_space(game: tuple[str, dict[str, Any], int], seed: int) -> None:
    name, options, players = game
    _play(cardrules.load(name, players=players, options=options), seed)


@pytest.mark.parametrize("name", ["bank", "bura", "bura-classic"])
@settings(max_examples=200, deadline=None)
@given(fraction=st.floats(0, 1, exclude_max=True))
def test_index_and_action_are_inverse(name: str, fraction: float) -> None:
    space = _space(name)
    index = int(fraction * space.size)
    action = space.action(index)
    assert space.index(action) == index
    if action.kind is not Kind.PLAY:  # a shedding group's order is part of the action
        reordered = Action(kind=action.kind, name=action.name, cards=action.cards[::-1])
        assert space.index(reordered) == index


def test_sizes_and_first_indices_are_stable() -> None:
    # Changing these breaks trained policies: a change must be deliberate (and noted).
    bank = cardrules.load("bank", players=2)
    assert bank.action_space.size == 126
    assert bank.action_space.index(bank.parse_action("play 6S")) == 0
    assert bank.action_space.index(bank.parse_action("draw")) == 120
    assert cardrules.load("bank", players=4).action_space.size == 126
    bura = cardrules.load("bura", players=4)
    assert bura.action_space.size == 135_021
    assert bura.action_space.index(bura.parse_action("pass")) == 0
    assert bura.action_space.index(bura.parse_action("lead 6S")) == 1
    assert bura.action_space.index(bura.parse_action("declare moscow AS AH AD")) == 134_947
    assert cardrules.load("bura-classic").action_space.size == 16_805


def test_the_same_rules_give_the_same_space() -> None:
    first = cardrules.load("bura", players=2).action_space
    again = cardrules.load("bura", players=4).action_space
    assert first is not again
    for index in range(0, first.size, 997):
        assert first.action(index) == again.action(index)


def test_actions_outside_the_space_are_refused() -> None:
    bank = cardrules.load("bank").action_space
    with pytest.raises(CardrulesError, match="not an action of this game"):
        bank.index(Action(kind=Kind.LEAD, cards=(0,)))
    with pytest.raises(CardrulesError, match=r"out of range 0\.\.125"):
        bank.action(126)
    bura = cardrules.load("bura").action_space
    for action in (Action(kind=Kind.LEAD, cards=(0, 9)),        # two suits (U5)
                   Action(kind=Kind.ANSWER, cards=(0, 0)),      # a card twice
                   Action(kind=Kind.ANSWER, cards=(0, 1, 2, 3, 4)),
                   Action(kind=Kind.DECLARE, name="moscow", cards=(0, 1, 2)),
                   Action(kind=Kind.ANSWER, cards=(99,))):
        with pytest.raises(CardrulesError, match="not an action of this game"):
            bura.index(action)
    with pytest.raises(CardrulesError, match="out of range"):
        bura.action(-1)


def test_overlapping_pools_are_merged_so_each_set_has_one_index() -> None:
    pack = Pack(ranks=("9", "10", "A"), suits=("S", "H"))
    space = ActionSpace(pack, (CardSets(kind=Kind.DECLARE, name="x", sizes=(2,),
                                        pools=(0b000111, 0b001110, 0b110000)),))
    assert space.size == 6 + 1  # pairs of {0, 1, 2, 3}, and the pair {4, 5}
    assert sorted(space.index(space.action(i)) for i in range(space.size)) == list(range(7))


def test_a_space_refuses_duplicate_parts() -> None:
    pack = Pack(ranks=("9",), suits=("S",))
    with pytest.raises(CardrulesError, match="listed twice"):
        ActionSpace(pack, (Listed(actions=(Action(kind=Kind.PASS),) * 2),))
    lead = CardSets(kind=Kind.LEAD, sizes=(1,))
    with pytest.raises(CardrulesError, match="declared twice"):
        ActionSpace(pack, (lead, lead))


@given(cards=st.sets(st.integers(0, 51), min_size=1, max_size=6))
def test_set_rank_counts_sets_in_colex_order(cards: set[int]) -> None:
    ordered = sorted(cards)
    rank = set_rank(ordered)
    assert set_unrank(rank, len(ordered)) == tuple(ordered)
    assert 0 <= rank < comb(ordered[-1] + 1, len(ordered))  # sets with a lower top card first


def test_the_conformance_check_catches_an_action_without_an_index() -> None:
    game = cardrules.load("bank-no-trumps", players=2)
    state = game.new_deal(seed=1)
    check_indices(state)
    game._action_space = ActionSpace(game.pack, (Listed(actions=(Action(kind=Kind.PASS),)),))
    with pytest.raises(ConformanceError, match="has no index"):
        check_indices(state)


def test_casino_numbers_every_capture_and_build_of_any_size() -> None:
    """Each of the three words (capture, build, multiple) numbers every set of 2 to 52
    cards, after the 52 cards laid, then the values 1 to 10 a multiple build may be named:
    52 + 3 * (2**52 - 53) + 10."""
    space = cardrules.load("casino").action_space
    assert space.size == 52 + 3 * (2**52 - 53) + 10
    assert space.action(space.size - 1).label == "value 10"
    whole = space.action(52 + 2**52 - 54)  # the last capture: all 52 cards
    assert (whole.name, len(whole.cards)) == ("capture", 52)
    assert space.index(whole) == 52 + 2**52 - 54
