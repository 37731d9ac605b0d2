"""The move heuristic of fishing games, for the greedy bot: capture as many cards and
as many points as possible, sweep when you can, and lay the cheapest card otherwise.

>>> from cardrules.actions import Action, Kind
>>> score = fishing_scorer({"table": ["4S", "3C", "AD"]})
>>> big = Action(kind=Kind.VERB, name="capture", cards=(0, 1, 2))
>>> score(big) > score(Action(kind=Kind.VERB, name="capture", cards=(0, 3)))
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardrules.actions import Action, Kind

__all__ = ["fishing_scorer"]

_SWEEP = 10.0
"""What clearing the table is worth, in cards."""


def fishing_scorer(view: dict[str, Any]) -> Callable[[Action], float]:
    """A score per action, from the acting player's view."""
    table = len(view.get("table", ()))
    width = max(len(view.get("pack", {}).get("ranks", ())), 1)

    def score(action: Action) -> float:
        if action.kind is Kind.PLAY:
            return -(action.cards[0] % width) / width  # lay a low card
        caught = len(action.cards) - 1
        return caught + 1 + (_SWEEP if caught == table else 0.0)

    return score
