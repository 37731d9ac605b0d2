"""Dealing and refilling hands in the bouts procedure (pure functions)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from cardrules.actions import NO_TRUMP
from cardrules.cards import deal_round
from cardrules.engine.events import RawEvent, raw_event
from cardrules.model.common import TrumpSource

if TYPE_CHECKING:
    from cardrules.engine.state import GameContext

__all__ = ["Dealt", "deal_hands", "refill", "set_up"]


@attrs.frozen(kw_only=True)
class Dealt:
    """A fresh deal's cards."""

    hands: tuple[int, ...]
    """Each hand as a bit set."""
    stock: tuple[int, ...]
    """The stock, drawn from the end; the turned-up card (if any) is first."""
    trump: int
    """Trump suit index (-1: none)."""
    trump_card: int
    """The card shown to fix trumps (-1: none)."""
    events: tuple[RawEvent, ...]
    """The deal and the card shown."""


def deal_hands(game: GameContext, stock: list[int], *, dealer: int,
               index: int) -> tuple[tuple[int, ...], int]:
    """Deal deal ``index``'s hand size from the shuffled ``stock`` (drawn from the end,
    which loses the cards) one card at a time from the dealer's left (in the game's turn
    order; D2): the hands, and the card the dealer was dealt last."""
    n, turns = game.players, game.turns
    size = game.variant.deal.hand_for(n, index)
    last = stock[len(stock) - n * size]
    return tuple(deal_round(stock, n, turns.first_after(dealer), size, step=turns.step)), last


def set_up(game: GameContext, stock: list[int], hands: tuple[int, ...], *,
           last: int, dealer: int) -> Dealt:
    """Once ``hands`` are dealt, fix trumps (D2): the next card of ``stock`` turned up goes
    under the stock; with no stock left, or with ``trump: {source: dealer_card}``, the
    dealer's ``last`` card is shown and stays in the dealer's hand (-1, when a listed
    phase dealt: none is shown)."""
    pack = game.pack
    rule = game.tables.play.trump
    turned = -1
    if rule.source is TrumpSource.TURNED_CARD and stock:
        turned = stock.pop()
        stock.insert(0, turned)
    elif rule.source in (TrumpSource.TURNED_CARD, TrumpSource.DEALER_CARD):
        turned = last
    if turned >= 0:
        trump = pack.suit(turned)
    elif rule.source is TrumpSource.FIXED and rule.suit:
        trump = pack.suits.index(rule.suit)
    else:
        trump = -1
    events = [raw_event(kind="deal", player=dealer)]
    if turned >= 0:
        events.append(raw_event(kind="trump", cards=(turned,),
                                note=pack.suits[trump] if trump >= 0 else NO_TRUMP))
    return Dealt(hands=hands, stock=tuple(stock), trump=trump, trump_card=turned,
                 events=tuple(events))


def refill(stock: tuple[int, ...], hands: tuple[int, ...], *, order: Sequence[int], size: int,
           turned: int, events: list[RawEvent]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The stock and hands once each player of ``order`` in turn has drawn up to ``size``
    cards, while the stock lasts (D10).  Appends a private draw event per player who
    draws, and a public one for the turned-up card ``turned`` (compact events,
    :func:`~cardrules.engine.events.raw_event`).

    >>> events = []
    >>> refill((5, 4, 3, 2, 1), (0b1, 0), order=(1, 0), size=2, turned=5, events=events)
    ((5, 4), (9, 6))
    >>> from cardrules.engine.events import records
    >>> [(e.player, e.cards, e.private) for e in records(events)]
    [(1, (1, 2), True), (0, (3,), True)]
    """
    out, left = list(hands), len(stock)
    for p in order:
        need = min(size - out[p].bit_count(), left)
        if need <= 0:
            continue
        drawn = stock[left - need:left][::-1]
        left -= need
        for c in drawn:
            out[p] |= 1 << c
        hidden = tuple(c for c in drawn if c != turned)
        if hidden:
            events.append(raw_event(kind="draw", player=p, cards=hidden, private=True))
        if len(hidden) < len(drawn):
            events.append(raw_event(kind="draw", player=p, cards=(turned,), note="trump_card"))
    return stock[:left], tuple(out)
