"""A fishing game as a foreign family: a play procedure that lives outside ``cardrules``.

Each turn a player plays one card from hand: if a card of the same rank lies face up on
the table, the player captures it (both cards go to their won pile), else the card is
laid on the table.  When every hand is empty the players are dealt again from the stock
(``play.refill``); the deal ends when the hands and the stock are empty.  A captured card
scores ``scoring.per_card``, and the players with the most captured cards score
``scoring.most_cards`` more.

The package registers nothing on import: a test registers :data:`FISHING` (see
``tests/test_foreign_family.py``) with :func:`cardrules.engine.procedures.register`.
"""

from __future__ import annotations

from pathlib import Path

from plugins.fishing.procedure import FISHING, Fishing

__all__ = ["FISHING", "GAME", "Fishing"]

GAME = Path(__file__).with_name("fishing.yaml")
"""The rule file of a fishing game."""
