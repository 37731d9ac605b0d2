"""A phase that runs between tricks, as a third party would write it: a boasting window.

After each trick but the last, before the next lead, the players are asked in turn
(by default from the trick's winner, clockwise; the section's ``order`` names another
turn order) whether to ``boast`` or ``hush``.  A boast scores ``points`` when the deal
ends; a player may boast at most ``limit`` times a deal, and one who has used them up is
not asked.  The trick's winner then leads.

The package registers nothing on import: a test registers :data:`BOAST_WINDOW` (see
``tests/test_trick_window.py``) with :func:`cardrules.phases.register`, as an entry point
of the group ``cardrules.phases`` would.  Nothing under ``cardrules/`` names it.
"""

from __future__ import annotations

from pathlib import Path

from plugins.trick_window.phase import BOAST_WINDOW, BoastWindow

__all__ = ["BOAST_WINDOW", "GAME", "BoastWindow"]

GAME = Path(__file__).with_name("boasting.yaml")
"""The rule file of a trick game that lists the window."""
