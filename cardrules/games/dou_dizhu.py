"""Dou Dizhu's hooks (rules DD1-DD12 are otherwise plain data in
``variants/dou-dizhu.yaml``)."""

from __future__ import annotations

from typing import Any, cast

from cardrules.actions import Kind
from cardrules.hooks import Refusal, RefusalInput, hook

__all__ = ["chain_base"]


@hook("refusal", "dou_dizhu.chain_base")
def chain_base(position: RefusalInput) -> Refusal | None:
    """As OpenSpiel has it, a straight, a chain of pairs or a chain of trios without
    attachments may not start at a rank of which the player holds all four cards
    (DD8)."""
    action = position.action
    if action.kind is not Kind.PLAY or len(action.cards) < 5:  # no chain is shorter
        return None
    state = cast(Any, position.state)  # a climbing state: its game's tables, its hands
    tables = state.game.tables
    play = tables.identify(action.cards, action.name)
    if play is None:
        return None
    kind = tables.combinations[play.combination]
    if kind.shape.value != "chain" or kind.attach is not None:
        return None
    low = tables.chain[play.key - play.length + 1]
    held = state.hands[state.current_player] & tables.of_rank[low]
    if held != tables.of_rank[low]:
        return None
    name = state.game.pack.ranks[low]
    return Refusal(reason=f"a {kind.name} may not start at {name}: the player holds every "
                          f"{name} (OpenSpiel's rule)", rule="DD8")
