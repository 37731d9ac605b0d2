"""Embed a cardrules game in your own program: set it up, play it with a small
custom bot, print the result.

Run:  python examples/embed.py [SEED]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import cardrules
from cardrules import Action, Kind


def cautious_bot(view: dict[str, object], legal: tuple[Action, ...], rng: random.Random) -> Action:
    """Play the cheapest card that works; draw or pass only when nothing else is legal."""
    plays = [a for a in legal if a.kind is Kind.PLAY]
    if plays:
        return min(plays, key=lambda a: (len(a.cards), a.cards))
    return rng.choice(legal)


def main(seed: int = 7) -> dict[str, object]:
    house = Path(__file__).with_name("house-rules.yaml")
    game = cardrules.load(house, players=3)
    state = game.new_deal(seed=seed)
    rngs = [random.Random(seed * 10 + p) for p in range(game.players)]
    moves = 0
    while not state.is_over:
        player = state.current_player
        action = cautious_bot(state.view(player), state.legal_actions(), rngs[player])
        state = state.apply(action)
        moves += 1
    result = state.result  # type: ignore[attr-defined]
    summary = {"variant": game.variant.title, "moves": moves, "scores": list(result.scores),
               "finish": list(result.finish)}
    print(f"{summary['variant']}: {moves} moves; scores {summary['scores']}; "
          f"finishing order {summary['finish']}")
    return summary


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
