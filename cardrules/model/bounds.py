"""An upper bound on the legal actions of any state of a variant, checked at load.

Legal actions are listed in full at every decision (bots, learning agents and the
terminal all ask for the list), so a variant whose states may offer hundreds of
thousands of actions is unplayable: a hand of 20 cards that may lead any 8 of them
offers 263,949 leads.  The loader refuses a variant whose bound exceeds
:data:`MAX_LEGAL_ACTIONS`.  Each procedure bounds its own play
(:meth:`~cardrules.engine.procedures.Procedure.action_bound`).
"""

from __future__ import annotations

from cardrules.engine.procedures import find as find_procedure
from cardrules.model.variant import Variant
from cardrules.phases import find as find_phase

__all__ = ["MAX_LEGAL_ACTIONS", "largest_hand", "legal_action_bound"]

MAX_LEGAL_ACTIONS = 5_000
"""Most legal actions any state of a variant may offer, by :func:`legal_action_bound`."""


def legal_action_bound(variant: Variant) -> int:
    """An upper bound on how many legal actions any state of play of ``variant`` offers,
    from its procedure (a ``KeyError`` for a procedure nobody registered).  Each listed
    phase bounds its own states (:meth:`~cardrules.phases.Phase.action_bound`), checked
    at load apart from play, so that a problem is located in the phase's section.

    >>> from cardrules.loader.load import load_variant
    >>> legal_action_bound(load_variant("bura")[0])
    21
    >>> legal_action_bound(load_variant("bank")[0])
    122
    """
    return find_procedure(variant.play.procedure).action_bound(variant)


def largest_hand(variant: Variant) -> int:
    """The most cards a player may hold when play begins, over every number of players
    and every deal of a match: the largest hand dealt, plus every card the deal left
    undealt where a listed phase may hand them out to one player (a widow or kitty taken
    up, a turned card ordered up, the rest dealt after the bidding:
    :attr:`~cardrules.phases.Phase.hands_out_undealt`).  An upper bound, for bounding
    legal actions.

    >>> from cardrules.loader.load import load_variant
    >>> [largest_hand(load_variant(name)[0]) for name in ("hearts", "skat", "belote")]
    [13, 12, 17]
    """
    adds = any(_hands_out_undealt(entry.name) for entry in variant.phases)
    most = 0
    for players in range(variant.players.min, variant.players.max + 1):
        for hand in variant.deal.sizes(players):
            left = max(0, variant.pack.count(players) - players * hand)
            most = max(most, hand + (left if adds else 0))
    return most


def _hands_out_undealt(name: str) -> bool:
    """Whether the phase ``name`` may hand out undealt cards (False for a phase nobody
    registered: the loader refuses it elsewhere, naming it)."""
    try:
        return find_phase(name).hands_out_undealt
    except KeyError:
        return False
