"""What a card passes on to the next player, and the stock remade from the pile: forced
draws (``forced_draw``), the reverse (``after_turn: reverse``), the last-card
announcement (``last_card``), reshuffles (``draw.reshuffle``) and the lots drawn during
play (the ``shuffle`` and ``random_suit`` hooks, seeded from the deal's seed).

Functions of a shedding state, as :mod:`.shedding_rules` is: those that change one are
given a fresh clone (the procedure's own, made for the action being applied) and change
it in place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, TypeVar

from cardrules.actions import Action, Kind
from cardrules.engine import absences
from cardrules.engine.events import RawEvent, raw_event
from cardrules.engine.seeding import derive_seed
from cardrules.engine.table import with_seat
from cardrules.families.shedding.hooks import RandomSuitInput, ShuffleInput

if TYPE_CHECKING:
    from cardrules.families.shedding.context import SheddingContext
    from cardrules.families.shedding.tables import SheddingTables

__all__ = ["announcing", "draw_forced", "facing_draw", "lot_suit", "refill", "reverse",
           "shuffle", "take_cards"]

# Enum members read in functions, as module constants: compiled, each is a C static
# (on Python 3.11 an enum class's attribute costs a slow lookup: EnumType has a
# __getattr__).
_KIND_PLAY: Final = Kind.PLAY


S = TypeVar("S", bound="SheddingContext")


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
            a.kind is _KIND_PLAY and len(a.cards) == left for a in legal):
        return (*legal, announce)
    return legal


def draw_forced(state: S) -> S:
    """The player to move draws the forced total (what the stock, remade if the rules
    allow, holds of it); then their turn ends, or they play on."""
    new = state._clone()
    p = state._current
    events: list[RawEvent] = []
    new._pending = 0
    take_cards(new, p, state._pending, events, note="forced")
    new._events = tuple(events)
    if state._tables.forced_play_on:
        new._drawn = 0
        return new
    return new._pass_turn_from(p)


def take_cards(new: SheddingContext, player: int, count: int, events: list[RawEvent], *,
               note: str) -> None:
    """``player`` draws up to ``count`` cards, the stock remade from the pile when it
    runs out and the rules allow."""
    drawn: list[int] = []
    hand = new._hands[player]
    if len(new._stock) < count and new._tables.reshuffle_all \
            and new._refillable():  # remade before a draw that finds too few
        refill(new, events)
    for _ in range(count):
        if not new._stock:
            if not new._refillable():
                break
            refill(new, events)
        card = new._stock[-1]
        new._stock = new._stock[:-1]
        hand |= 1 << card
        drawn.append(card)
    new._hands = with_seat(new._hands, player, hand)
    absences.came_in(new, player, len(drawn))
    events.append(raw_event(kind="draw", player=player, cards=tuple(drawn), private=True,
                            note=note))


def refill(new: SheddingContext, events: list[RawEvent]) -> None:
    """Shuffle the pile but its top card into the empty stock, seeded by the deal's
    shuffle seed and the number of reshuffles so far; with ``draw.reshuffle_all`` the
    whole pile, top too, and the cards still in the stock (the top stays the card to
    match)."""
    whole = new._tables.reshuffle_all
    under = new._stock + new._pile if whole else new._pile[:-1]
    new._stock = shuffle(new, under, derive_seed(new._shuffle_seed, new._reshuffled),
                         "reshuffle")
    new._pile = () if whole else new._pile[-1:]
    new._reshuffled += 1
    events.append(raw_event(kind="reshuffle", amount=len(under)))


def shuffle(state: SheddingContext, cards: tuple[int, ...], seed: int,
            reason: str) -> tuple[int, ...]:
    """``cards`` in the order the game's ``shuffle`` hook gives them for ``seed``, checked
    to be the same cards."""
    game = state.game
    order = tuple(game.hook("shuffle")(ShuffleInput(pack=game.pack, cards=cards, seed=seed,
                                                    reason=reason)))
    if sorted(order) != sorted(cards):
        raise ValueError(f"the shuffle hook returned other cards than the {len(cards)} "
                         "it was given")
    return order


def lot_suit(state: SheddingContext, card: int, *labels: object) -> int:
    """The suit drawn by lot for the wild card ``card`` (the game's ``random_suit`` hook,
    seeded by the deal's shuffle seed and ``labels``), checked to be a suit."""
    game = state.game
    seed = derive_seed(state._shuffle_seed, "suit", *labels)
    if state._tables.seeded_suits:  # the default hook's suit, without its input record
        return seed % len(game.pack.suits)
    suit = game.hook("random_suit")(RandomSuitInput(pack=game.pack, card=card, seed=seed))
    if not isinstance(suit, int) or not 0 <= suit < len(game.pack.suits):
        raise ValueError(f"the random_suit hook returned {suit!r}, not a suit index from 0 "
                         f"to {len(game.pack.suits) - 1}")
    return suit


def reverse(new: SheddingContext, nxt: int, events: list[RawEvent]) -> int:
    """Turn the direction of play round; the player to move next.  With two players
    holding cards it acts as a skip unless the rules say ``two_player_reverse: plain``."""
    new._reversed = not new._reversed
    events.append(raw_event(kind="reverse", player=new._current))
    holders = len(new._hands) - new._hands.count(0)
    if holders == 2 and new._tables.reverse_skips:
        events.append(raw_event(kind="skip", player=nxt))
        return new._next_holder(nxt)
    return new._next_holder(new._current)
