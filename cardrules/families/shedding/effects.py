"""What a card passes on to the next player, and the stock remade from the pile: forced
draws (``forced_draw``), the reverse (``after_turn: reverse``), the last-card
announcement (``last_card``) and reshuffles (``draw.reshuffle``).

Functions of a shedding state, as :mod:`.shedding_rules` is: those that change one are
given a fresh clone (the procedure's own, made for the action being applied) and change
it in place.

>>> replaced((1, 2, 3), 1, 9)
(1, 9, 3)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from cardrules.actions import Action, Kind
from cardrules.cards import shuffled
from cardrules.engine import absences
from cardrules.engine.events import Event
from cardrules.engine.seeding import derive_seed

if TYPE_CHECKING:
    from cardrules.families.shedding.context import SheddingContext
    from cardrules.families.shedding.tables import SheddingTables

__all__ = ["announcing", "draw_forced", "facing_draw", "refill", "replaced", "reverse",
           "take_cards"]

S = TypeVar("S", bound="SheddingContext")


def replaced(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    """``values`` with the one at ``index`` replaced by ``value``."""
    return values[:index] + (value,) + values[index + 1:]


def facing_draw(state: SheddingContext, hand: int, tables: SheddingTables) -> tuple[Action, ...]:
    """The legal actions facing a forced draw: the cards that pass it on, then drawing
    the total (or, with nothing to draw, passing)."""
    mask = tables.forced_answers[state._top] & hand if tables.forced_answers else 0
    if tables.not_last and not hand & (hand - 1):  # never out on these (``not_last``)
        mask &= ~tables.not_last
    actions = tables.single_actions
    legal = []
    while mask:
        low = mask & -mask
        legal.append(actions[low.bit_length() - 1])
        mask ^= low
    legal.append(tables.draw if state._drawable() else tables.pass_)
    return tuple(legal)


def announcing(state: SheddingContext, legal: tuple[Action, ...],
               announce: Action) -> tuple[Action, ...]:
    """``legal`` with ``announce`` added when a play among them would leave the player
    to move one card and they have not announced this turn."""
    left = state._hands[state._current].bit_count() - 1
    if not state._announced and left >= 1 and any(
            a.kind is Kind.PLAY and len(a.cards) == left for a in legal):
        return (*legal, announce)
    return legal


def draw_forced(state: S) -> S:
    """The player to move draws the forced total (what the stock, remade if the rules
    allow, holds of it); then their turn ends, or they play on."""
    new = state._clone()
    p = state._current
    events: list[Event] = []
    new._pending = 0
    take_cards(new, p, state._pending, events, note="forced")
    new._events = tuple(events)
    if state._tables.forced_play_on:
        new._drawn = 0
        return new
    return new._pass_turn_from(p)


def take_cards(new: SheddingContext, player: int, count: int, events: list[Event], *,
               note: str) -> None:
    """``player`` draws up to ``count`` cards, the stock remade from the pile when it
    runs out and the rules allow."""
    drawn: list[int] = []
    hand = new._hands[player]
    for _ in range(count):
        if not new._stock:
            if not new._refillable():
                break
            refill(new, events)
        card = new._stock[-1]
        new._stock = new._stock[:-1]
        hand |= 1 << card
        drawn.append(card)
    new._hands = replaced(new._hands, player, hand)
    absences.came_in(new, player, len(drawn))
    events.append(Event(kind="draw", player=player, cards=tuple(drawn), private=True,
                        note=note))


def refill(new: SheddingContext, events: list[Event]) -> None:
    """Shuffle the pile but its top card into the empty stock, seeded by the deal's
    shuffle seed and the number of reshuffles so far."""
    under = new._pile[:-1]
    order = shuffled(derive_seed(new._shuffle_seed, new._reshuffled), len(under))
    new._stock = tuple(under[i] for i in order)
    new._pile = new._pile[-1:]
    new._reshuffled += 1
    events.append(Event(kind="reshuffle", amount=len(under)))


def reverse(new: SheddingContext, nxt: int, events: list[Event]) -> int:
    """Turn the direction of play round; the player to move next.  With two players
    holding cards it acts as a skip unless the rules say ``two_player_reverse: plain``."""
    new._reversed = not new._reversed
    events.append(Event(kind="reverse", player=new._current))
    holders = len(new._hands) - new._hands.count(0)
    if holders == 2 and new._tables.reverse_skips:
        events.append(Event(kind="skip", player=nxt))
        return new._next_holder(nxt)
    return new._next_holder(new._current)
