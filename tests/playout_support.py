"""What the play-out kernels' tests share: the one-step loop they are held to, and
positions part-way through a deal to play from."""

from __future__ import annotations

import random

import cardrules
from cardrules.engine.random_play import play_random
from cardrules.engine.state import State


def reference(state: State, rngs: list[random.Random]) -> tuple[State, int, bool]:
    """The one-step loop, each move the listed legal action at the generator's draw; and
    whether a kernel would play on from one of the states it passes (the state's
    ``_finish_random`` makes a move)."""
    moves, plain = 0, False
    while not state.is_over:
        kernel = getattr(state, "_finish_random", None)
        if not plain and kernel is not None:
            plain = kernel([random.Random(0).getrandbits] * len(rngs)) is not None
        legal = state.legal_actions()
        state = state.apply(legal[rngs[state.current_player].randrange(len(legal))])
        moves += 1
    return state, moves, plain


def position_at(game: cardrules.Game, seed: int, prefix: int) -> State:
    """A new deal, played on at random by up to ``prefix`` moves."""
    state = game.new_deal(seed=seed)
    rng = random.Random(-seed - 1)
    for _ in range(prefix):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def same_game(game: cardrules.Game, seed: int, prefix: int) -> bool:
    """Whether the kernel and the one-step loop play the same deal from the same
    position (asserted: the same final state, JSON, events, result and moves); True
    when a kernel played part of it."""
    position = position_at(game, seed, prefix)
    seeds = [seed * 31 + s for s in range(game.players)]
    kernel, made = play_random(position, [random.Random(s) for s in seeds])
    one, moves, plain = reference(position, [random.Random(s) for s in seeds])
    assert kernel == one and made == moves
    assert kernel.to_json() == one.to_json() and kernel.events == one.events
    assert kernel.result == one.result
    return plain


def engaged(game: cardrules.Game, seeds: range, prefixes: tuple[int, ...]) -> int:
    """How many of the positions a kernel played from (or from a later state), each
    played the same by the kernel and the one-step loop."""
    return sum(same_game(game, seed, prefix) for seed in seeds for prefix in prefixes)


def never_played(name: str, family: type) -> None:
    """Every state of a random deal of ``name`` is of ``family``'s state class, and its
    kernel makes no move from any of them: the game is left to the state."""
    game = cardrules.load(name)
    state = game.new_deal(seed=5)
    rng = random.Random(5)
    bits = [rng.getrandbits] * game.players
    while not state.is_over:
        assert isinstance(state, family)
        assert state._finish_random(bits) is None  # type: ignore[attr-defined]
        state = state.apply(rng.choice(state.legal_actions()))
