"""Helpers shared by the differential tests against OpenSpiel's bidding trick games."""

from __future__ import annotations

from collections.abc import Callable

from cardrules.actions import Action, Kind


def bid_or_card(action: Action, card_id: Callable[[int], int], bid_base: int) -> int:
    """OpenSpiel's id of ``action``: ``bid_base`` plus a bid, or ``card_id`` of the one
    card led or played."""
    if action.kind is Kind.VERB:
        assert action.name == "bid", action
        return bid_base + action.amount
    assert len(action.cards) == 1, action
    return card_id(action.cards[0])
