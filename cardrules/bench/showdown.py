"""The showdown evaluator's cost per hand, for the benchmark's own section.

A betting game's showdown asks its tables for the strength of each hand still in: the
best hand of ``scoring.cards`` cards among a player's own and the community cards, by
the showdown classes of the rule file; the tables remember each set of cards' answer.
This measures, with process time, on random sets of cards of the game's pack:

- ``unseen_us``: one strength of a set of cards not seen before, nor its ranks (seven
  cards in Hold'em: the best five of them, 21 choices);
- ``ranks_seen_us``: one strength of a set of cards not seen before whose ranks were
  (where no flush can be made of the cards, the tables find the answer by their ranks:
  a long run sees most of the few tens of thousands of sets of seven ranks);
- ``cached_us``: one strength of a set seen before (the same sets again).

Each measurement starts from the tables of a freshly loaded game, reached through the
loaded game, not by importing the family.

>>> costs = showdown_costs(samples=20, seed=1)
>>> sorted(costs), costs["game"], costs["cards"]
(['cached_us', 'cards', 'game', 'hands', 'ranks_seen_us', 'unseen_us'], 'limit-holdem', 7)
>>> costs["cached_us"] < costs["unseen_us"]
True
"""

from __future__ import annotations

import random
import time
from typing import Any

import cardrules

__all__ = ["print_showdown_costs", "showdown_costs"]


def showdown_costs(*, variant: str = "limit-holdem", samples: int = 5000,
                   seed: int = 7) -> dict[str, Any]:
    """The showdown evaluator's cost per hand on ``samples`` random sets of the cards a
    hand of ``variant`` (a game of the betting family) is made from: see the module's
    docstring."""
    game = cardrules.load(variant)
    tables = game.tables
    if not hasattr(tables, "strength"):
        raise TypeError(f"{variant} is not a game of the betting family (it has no "
                        "showdown evaluator)")
    cards = tables.hand + sum(r.deal for r in tables.play.rounds)
    rng = random.Random(seed)
    hands = [tuple(sorted(rng.sample(range(game.pack.size), cards))) for _ in range(samples)]
    fresh = cardrules.load(variant).tables
    fresh.strengths.clear()  # a game loaded before in this process shares its tables
    fresh.unsuited.clear()
    # (the table of a five-card hand's class by its ranks stays: it is a few thousand keys)

    def per_hand_us() -> float:
        start = time.process_time()
        for hand in hands:
            fresh.strength(hand)
        return round((time.process_time() - start) * 1e6 / samples, 2)

    unseen = per_hand_us()
    fresh.strengths.clear()
    ranks_seen = per_hand_us()
    cached = per_hand_us()
    return {"game": variant, "cards": cards, "hands": samples, "unseen_us": unseen,
            "ranks_seen_us": ranks_seen, "cached_us": cached}


def print_showdown_costs(costs: dict[str, Any]) -> None:
    """Print :func:`showdown_costs` as the benchmark's section."""
    print(f"showdown evaluator ({costs['game']}, {costs['hands']} random sets of "
          f"{costs['cards']} cards, process time):")
    print(f"  unseen set of cards   {costs['unseen_us']:9.2f} µs/hand")
    print(f"  unseen set, seen ranks{costs['ranks_seen_us']:9.2f} µs/hand")
    print(f"  cached set of cards   {costs['cached_us']:9.2f} µs/hand")
