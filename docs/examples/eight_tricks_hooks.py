"""The tutorial's hook (docs/tutorial.md, step 9): ten points off for taking no trick.

The rule file's ``scoring:`` cannot say "a player who takes no trick loses 10", so a
``deal_scoring`` hook says it.  It sees the scores the rule file gives and the deal's
figures (``details["tricks"]``: the tricks each player took) and returns new scores.

>>> from cardrules.hooks import DealScoringInput
>>> figures = {"tricks": [5, 3, 0], "points": [70, 50, 0]}
>>> no_trick_penalty(DealScoringInput(scores=(70, 50, 0), finish=(0, 1, 2),
...                                   details=figures, dealer=0))
(70, 50, -10)
"""

from __future__ import annotations

from cardrules.hooks import DealScoringInput, hook

PENALTY = 10
"""What a player who took no trick loses."""


@hook("deal_scoring", "eight_tricks.no_trick_penalty")
def no_trick_penalty(position: DealScoringInput) -> tuple[int, ...]:
    """Each player's score, less :data:`PENALTY` for a player who took no trick."""
    tricks = position.details["tricks"]
    return tuple(score - PENALTY if tricks[seat] == 0 else score
                 for seat, score in enumerate(position.scores))
