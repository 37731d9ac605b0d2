"""Why a shedding action is refused: one place that knows the reasons (naming the rules)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardrules.actions import Action, Kind
from cardrules.model.shedding import CHOOSE, FOLLOW, OVER

if TYPE_CHECKING:
    from cardrules.procedures.shedding import SheddingState

__all__ = ["why_illegal"]


def why_illegal(state: SheddingState, action: Action) -> str:
    """Why ``action`` (not legal in ``state``) is refused, naming the rule."""
    pack, p, ref = state.game.pack, state._current, state.game.rule_ref
    if state._phase is OVER:
        return "the deal is over"
    if state._phase is CHOOSE:
        if action.kind is not Kind.TRUMP:
            return f"each player first chooses a free trump suit{ref('choose_trump')}"
        return f"suit {action.name} is taken; choose a free suit{ref('choose_trump')}"
    if action.kind is Kind.TRUMP:
        return f"trump suits are not chosen now{ref('choose_trump')}"
    if action.kind is Kind.DRAW:
        if state._phase is FOLLOW:
            return f"in a follow-up you may only play a card or end the turn{ref('follow_up')}"
        if not state._stock:
            return f"the stock is empty: pass instead{ref('must_beat')}"
        if state._drawn >= state._tables.play.stuck_draw:
            return f"you have drawn already this turn{ref('must_beat')}"
        return f"you hold a card that beats the top: play it, do not draw{ref('must_beat')}"
    if action.kind is Kind.PASS:
        return f"you must beat the top card when you can{ref('must_beat')}"
    if action.kind is not Kind.PLAY or not action.cards:
        return f"'{action.kind.value}' is not an action of this game"
    cards = action.cards
    held = state._hands[p]
    missing = [c for c in cards if not (held >> c) & 1]
    if missing:
        return (f"player {p} does not hold {' '.join(pack.names(missing))}; only the "
                f"player to move lays cards{ref('own_turn')}")
    top = pack.name(state._top) if state._top >= 0 else "nothing"
    if len(cards) == 1:
        if state._phase is FOLLOW:
            return f"{pack.name(cards[0])} does not beat {top}{ref('follow_up')}"
        return f"{pack.name(cards[0])} does not beat {top}{ref('beating')}"
    if state._phase is FOLLOW:
        return f"the follow-up is a single card{ref('follow_up')}"
    return f"{' '.join(pack.names(cards))} is not a group move allowed on {top}{ref('groups')}"
