"""Helpers shared by the differential tests against OpenSpiel's bidding trick games."""

from __future__ import annotations

from collections.abc import Callable

from cardrules.actions import Action, Kind
from cardrules.cards import Pack


def bid_or_card(action: Action, card_id: Callable[[int], int], bid_base: int) -> int:
    """OpenSpiel's id of ``action``: ``bid_base`` plus a bid, or ``card_id`` of the one
    card led or played."""
    if action.kind is Kind.VERB:
        assert action.name == "bid", action
        return bid_base + action.amount
    assert len(action.cards) == 1, action
    return card_id(action.cards[0])


def acpc_card(pack: Pack, card: int) -> int:
    """OpenSpiel's (ACPC's) id of our ``card`` in a 52-card poker pack: rank * 4 + suit
    (ranks 2 ... A, suits c d h s), where ours is suit * 13 + rank."""
    return pack.rank(card) * 4 + pack.suit(card)


def from_acpc(pack: Pack, spiel: int) -> int:
    """Our card of OpenSpiel's (ACPC's) id ``spiel``."""
    return pack.cards[(spiel % 4) * len(pack.ranks) + spiel // 4]
