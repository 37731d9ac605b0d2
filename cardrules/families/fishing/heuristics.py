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
    """A score per action, from the acting player's view (with a pile, a card of the
    top card's rank takes it: the more cards the better, a lone card best).

    >>> pile = {"table": ["7C", "2S"], "top": "2S", "face_down": 1,
    ...         "pack": {"ranks": ["2", "7"]}}
    >>> [fishing_scorer(pile)(Action(kind=Kind.PLAY, cards=(c,))) for c in (2, 3)]
    [4.0, 0.0]
    """
    table = len(view.get("table", ()))
    ranks = view.get("pack", {}).get("ranks", ())
    width = max(len(ranks), 1)
    top = view.get("top")
    if top and ranks:
        pile = table + view.get("face_down", 0)
        top_rank = ranks.index(top[:-1]) if top[:-1] in ranks else -1
        sweep = _SWEEP if pile == 1 else 0.0

        def take(action: Action) -> float:
            return pile + 1 + sweep if action.cards[0] % width == top_rank else 0.0

        return take

    def score(action: Action) -> float:
        if action.kind is Kind.PLAY:
            return -(action.cards[0] % width) / width  # lay a low card
        caught = len(action.cards) - 1
        return caught + 1 + (_SWEEP if caught == table else 0.0)

    return score
