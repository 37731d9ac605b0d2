"""The inner loop of uniformly random play, on the compiled hot path: a state played to its
end, each seat drawing its moves from its own generator, exactly as the one-step loop
``state = state.apply(rng.choice(state.legal_actions()))`` draws them.

A move is the legal action at ``rng._randbelow(len(legal))`` (what ``rng.choice`` and
``rng.randrange`` draw), stepped to with ``_step`` (what ``apply`` does with an action it
lists).  For a plain :class:`random.Random` the draw is made here from ``getrandbits``,
as ``_randbelow`` makes it, without its Python frame; any other generator is asked
through its own ``_randbelow``.  A family may play on from a state in a play-out kernel
of its own (its state class's ``_finish_random``, see :data:`Kernel`), which draws the
same moves from the same ``getrandbits`` and reaches the same state.

>>> import random, cardrules
>>> game = cardrules.load("crazy_eights", players=2)
>>> start = game.new_deal(seed=4)
>>> rngs = [random.Random(1), random.Random(2)]
>>> final, moves = play_random(start, rngs)
>>> one, again = start, [random.Random(1), random.Random(2)]
>>> while not one.is_over:
...     one = one.apply(again[one.current_player].choice(one.legal_actions()))
>>> final == one, moves == final.moves
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final, TypeAlias

from cardrules.engine.seeding import draw_below
from cardrules.engine.state import State

__all__ = ["Kernel", "draws_exactly", "play_random"]

Kernel: TypeAlias = Callable[[State, list[Callable[[int], int]]], tuple[State, int] | None]
"""A family's play-out kernel, a state class's ``_finish_random``: the state played on at
random by one or more moves (to its end, or to where the kernel leaves it to ``_step``),
each seat's move drawn from its ``getrandbits`` as here: the state reached, exactly the
one-step loop's after as many moves, and the moves made; None where the kernel makes no
move from that state."""

_RANDBELOW: Final = getattr(random.Random, "_randbelow_with_getrandbits", None)


def draws_exactly(rng: object) -> bool:
    """Whether a move for ``rng`` may be drawn here from ``getrandbits``: a plain
    :class:`random.Random` whose ``_randbelow`` is the one that draws from it.

    >>> import random
    >>> draws_exactly(random.Random(1)), draws_exactly(random.SystemRandom())
    (True, False)
    """
    return type(rng) is random.Random and _RANDBELOW is not None \
        and random.Random._randbelow is _RANDBELOW  # type: ignore[attr-defined]


def play_random(state: State, rngs: Sequence[random.Random]) -> tuple[State, int]:
    """``state`` played to its end, the seat to act drawing its move from
    ``rngs[seat]`` (the same generator may serve several seats): the final state and the
    number of moves made."""
    moves = 0
    if all(draws_exactly(r) for r in rngs):
        bits: list[Callable[[int], int]] = [r.getrandbits for r in rngs]
        kernel: Kernel | None = getattr(type(state), "_finish_random", None)
        while not state.is_over:
            if kernel is not None:
                done = kernel(state, bits)
                if done is not None:  # moves made by the kernel: on from where it left
                    state, made = done
                    moves += made
                    continue
            legal = state.legal_actions()
            state = state._step(legal[draw_below(bits[state.current_player], len(legal))])
            moves += 1
        return state, moves
    belows: list[Callable[[int], int]] = [
        getattr(r, "_randbelow", r.randrange) for r in rngs]
    while not state.is_over:
        legal = state.legal_actions()
        state = state._step(legal[belows[state.current_player](len(legal))])
        moves += 1
    return state, moves
