"""The meld finder's cost per call, for the benchmark's own section.

Gin Rummy's legality and scoring ask the meld finder (the ``finder`` of a rummy game's
tables) for the least deadwood of a hand; it remembers each hand's answer.
This measures, with process time, on random hands of the game's pack:

- ``unseen_us``: one call on a ten-card hand the finder has not seen;
- ``cached_us``: one call on a hand it has (the same hands again);
- ``best_discard_us``: the least deadwood after the best discard of an eleven-card hand
  not seen before (eleven searches).

Each measurement starts from an empty finder built like the game's (its type, melds and
values), reached through the loaded game, not by importing the family.

>>> costs = meld_costs(samples=20, seed=1)
>>> sorted(costs), costs["hands"]
(['best_discard_us', 'cached_us', 'game', 'hands', 'unseen_us'], 20)
>>> costs["cached_us"] < costs["unseen_us"]
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import cardrules

__all__ = ["meld_costs", "print_meld_costs"]


def _hands(size: int, cards: int, count: int, rng: random.Random) -> list[int]:
    """``count`` random hands of ``cards`` cards of a pack of ``size``, as bit sets."""
    return [sum(1 << c for c in rng.sample(range(size), cards)) for _ in range(count)]


def _per_call_us(call: Callable[[int], int], hands: Sequence[int]) -> float:
    """Microseconds of process time per ``call`` over ``hands``."""
    start = time.process_time()
    for hand in hands:
        call(hand)
    return round((time.process_time() - start) * 1e6 / len(hands), 2)


def meld_costs(*, variant: str = "gin-rummy", samples: int = 5000,
               seed: int = 7) -> dict[str, Any]:
    """The meld finder's cost per call on ``samples`` random hands of ``variant`` (a
    game of the rummy family): see the module's docstring."""
    game = cardrules.load(variant)
    tables = game.tables
    if not hasattr(tables, "finder"):
        raise TypeError(f"{variant} is not a game of the rummy family (it has no meld finder)")
    rng = random.Random(seed)
    size = game.pack.size
    ten, eleven = _hands(size, 10, samples, rng), _hands(size, 11, samples, rng)

    def fresh() -> Any:
        return type(tables.finder)(tables.melds, tables.values)

    finder = fresh()
    unseen = _per_call_us(finder.deadwood, ten)
    cached = _per_call_us(finder.deadwood, ten)
    discard = _per_call_us(fresh().best_discard, eleven)
    return {"game": variant, "hands": samples, "unseen_us": unseen, "cached_us": cached,
            "best_discard_us": discard}


def print_meld_costs(costs: dict[str, Any]) -> None:
    """Print :func:`meld_costs` as the benchmark's section."""
    print(f"meld finder ({costs['game']}, {costs['hands']} random hands, process time):")
    print(f"  unseen 10-card hand   {costs['unseen_us']:9.2f} µs/call")
    print(f"  cached 10-card hand   {costs['cached_us']:9.2f} µs/call")
    print(f"  best discard of 11    {costs['best_discard_us']:9.2f} µs/call")
