"""Actions of the player on lead besides leading: exchanging a trump for the turned-up
card (``play.exchange``), closing the stock (``play.close``) and announcing the target
(``scoring.target``).

Legality lives here once: :func:`refusal` says why one of these actions is refused (or
None), and :func:`legal` lists the candidates it does not refuse, so the legal actions
and the reasons cannot disagree.  Each check is a few comparisons: the player on lead is
asked once per trick.

>>> import cardrules
>>> game = cardrules.load("sixty-six")
>>> state = game.setup(hands=["9C AS", "10S KH"], stock="9D 10D", trump_card="JC",
...                    won=["9S JS", ""])
>>> [a.label for a in legal(state)]
['exchange 9C', 'close', 'announce']
>>> refusal(state.apply("close"), game.parse_action("exchange 9C"))
'the stock is closed (by player 0)'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from cardrules.actions import Action, Kind
from cardrules.engine.fields import Card, KnownCards, Numbers, Seat, field
from cardrules.families.tricks.attributes import StockAttributes
from cardrules.families.tricks.model import LEAD, Effect, TrickScoring, TricksPlay
from cardrules.model.variant import Variant

if TYPE_CHECKING:
    from cardrules.families.tricks.context import TricksContext

__all__ = ["KINDS", "StockAttributes", "StockFields", "legal", "refusal", "uses_stock_fields"]


@attrs.define(slots=False)
class StockFields:
    """The state fields of these actions and of combinations that score, added to the
    tricks procedure's state class only in the games that use them (so that the others
    clone no more fields than before)."""

    _closed: int = field(Seat())
    """Who closed the stock (-1: nobody; ``play.close``)."""
    _declared: tuple[int, ...] = field(Numbers())
    """Points of the combinations each player declared that count (effect ``score``)."""
    _pending: tuple[int, ...] = field(Numbers())
    """Points declared that count once the player takes a trick."""
    _shown: tuple[int, ...] = field(KnownCards())
    """Per seat, the cards of a combination that scores which the player on lead has
    declared and not yet led from (the same for every seat: everyone saw them)."""
    _announcer: int = field(Seat())
    """Who announced the target and so ended the deal (-1: nobody)."""
    _exchanged: int = field(Card(), label="exchanged card")
    """The turned-up card a player took in exchange (-1: none): everyone saw it go to
    their hand, so it is hidden from nobody and re-sampling leaves it there."""


def uses_stock_fields(variant: Variant) -> bool:
    """The variant has combinations that score, an exchange, closing or a target."""
    play, scoring = variant.play, variant.scoring
    assert isinstance(play, TricksPlay) and isinstance(scoring, TrickScoring)
    return bool(play.exchange or play.close or scoring.target
                or any(c.effect is Effect.SCORE for c in play.combinations.values()))

KINDS: tuple[Kind, ...] = (Kind.EXCHANGE, Kind.CLOSE, Kind.ANNOUNCE)
"""The kinds of action this module rules on (annotated: mypy meets it inside an import
cycle, where it cannot always infer it first)."""


def legal(state: TricksContext) -> tuple[Action, ...]:
    """The exchanges, ``close`` and ``announce`` the player on lead may make now."""
    tables = state._tables
    out: list[Action] = []
    if tables.exchanges and state._trump >= 0:
        exchange = tables.exchanges[state._trump]
        if refusal(state, exchange) is None:
            out.append(exchange)
    for action in (tables.close, tables.announce):
        if action is not None and refusal(state, action) is None:
            out.append(action)
    return tuple(out)


def refusal(state: TricksContext, action: Action) -> str | None:
    """Why ``action`` (an exchange, ``close`` or ``announce``) is refused now, or None.
    The caller has checked that the game has the action and that an exchange names one
    card."""
    p = state._current
    if state._phase is not LEAD:
        return f"'{action.kind.value}' is made by the player on lead, before leading"
    if action.kind is Kind.ANNOUNCE:
        return None
    if state._shown[0]:
        return f"player {p} has declared a combination and now leads one of its cards"
    tables, stock = state._tables, state._stock
    play = tables.play
    if state._closed >= 0:
        return f"the stock is closed (by player {state._closed})"
    if action.kind is Kind.CLOSE:
        assert play.close is not None
        if len(stock) < play.close.min_stock:
            return f"the stock may be closed only while it holds at least " \
                   f"{play.close.min_stock} card(s) (it holds {len(stock)})"
        return None
    rule = play.exchange
    assert rule is not None
    pack = state.game.pack
    if not stock or stock[0] != state._trump_card or state._trump_card < 0:
        return "the turned-up trump card is no longer in the stock"
    wanted = tables.exchanges[state._trump]
    if action.cards != wanted.cards:
        return f"only {pack.name(wanted.cards[0])} may be exchanged for the turned-up " \
               f"card ({pack.name(state._trump_card)})"
    if not (state._hands[p] >> action.cards[0]) & 1:
        return f"player {p} does not hold {pack.name(action.cards[0])}"
    if len(stock) < rule.min_stock:
        return f"the turned-up card may be exchanged only while the stock holds at least " \
               f"{rule.min_stock} card(s) (it holds {len(stock)})"
    if rule.after_a_trick and not state._tricks[p]:
        return f"player {p} has taken no trick yet and may not exchange"
    return None
