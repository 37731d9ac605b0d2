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

__all__ = ["MAX_LEGAL_ACTIONS", "legal_action_bound"]

MAX_LEGAL_ACTIONS = 5_000
"""Most legal actions any state of a variant may offer, by :func:`legal_action_bound`."""


def legal_action_bound(variant: Variant) -> int:
    """An upper bound on how many legal actions any state of ``variant`` offers, from its
    procedure (a ``KeyError`` for a procedure nobody registered).

    >>> from cardrules.loader.load import load_variant
    >>> legal_action_bound(load_variant("bura")[0])
    21
    >>> legal_action_bound(load_variant("bank")[0])
    122
    """
    return find_procedure(variant.play.procedure).action_bound(variant)
