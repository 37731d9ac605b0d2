"""Phases that are steps of the flow around the deal, as a third party would write them.

``packet_deal`` runs in place of the procedure's dealing of the hands
(``instead_of_deal``): the player on the dealer's right cuts the pack, then the dealer
deals in packets (3 then 2 cards by default) from their left, setting a widow aside
between the rounds, and turns the widow's top card face up for everyone to see.  The
procedure then sets the rest of the table up (the trump card, the first leader).

``raise_stakes`` runs between deals of a match (``between_deals``): once a deal is
scored, before the next one is dealt, the player who lost it says ``double`` (the next
deal scores double) or ``stay``.

The package registers nothing on import: a test registers :data:`PHASES` (see
``tests/test_deal_phases.py``) with :func:`cardrules.phases.register`, as an entry point
of the group ``cardrules.phases`` would.  Nothing under ``cardrules/`` names them.
"""

from __future__ import annotations

from pathlib import Path

from plugins.deal_steps.packets import PACKET_DEAL, PacketDeal
from plugins.deal_steps.stakes import RAISE_STAKES, RaiseStakes

__all__ = ["PACKETS", "PACKET_DEAL", "PHASES", "RAISE_STAKES", "STAKES", "PacketDeal",
           "RaiseStakes"]

PACKETS = Path(__file__).with_name("packets.yaml")
"""The rule file of a trick game dealt by ``packet_deal``."""
STAKES = Path(__file__).with_name("stakes.yaml")
"""The rule file of a trick game whose matches raise the stakes between deals."""
PHASES = (PACKET_DEAL, RAISE_STAKES)
"""The phases, to register."""
