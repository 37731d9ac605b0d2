"""The move heuristic of comparing games, for the greedy bot: hit a total the next card
cannot bust, stand on one a good card would likely bust, and between them draw against a
strong face-up house card.

>>> from cardrules.actions import Action, Kind
>>> hit, stand = (Action(kind=Kind.VERB, name=w) for w in ("hit", "stand"))
>>> low, high = comparing_scorer(9, 10, 21), comparing_scorer(19, 10, 21)
>>> low(hit) > low(stand), high(stand) > high(hit)
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable

from cardrules.actions import Action

__all__ = ["comparing_scorer"]


def comparing_scorer(total: int, showing: int, goal: int) -> Callable[[Action], float]:
    """A score per action from the player's ``total`` and the house's face-up total
    ``showing``: drawing is worth more the further the total is from the goal, and
    more against a house showing a strong card."""
    room = goal - total
    urge = (room - 6.5) / 10 + (0.2 if showing >= 7 else -0.1)
    if room >= 10:
        urge = 1.0

    def score(action: Action) -> float:
        return urge if action.name == "hit" else 0.0

    return score
