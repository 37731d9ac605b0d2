"""What public play shows about the cards a seat does not hold, and re-dealing hidden
cards in keeping with it.

When a rule obliges a play and a seat does not make it, everyone at the table learns
something about its hand: a player who draws or passes where any card beating the top
would have to be laid holds none of those cards; a player who answers off the led suit
where they would have to follow holds none of that suit.  A state that tracks this keeps
two public fields per seat (declared by the procedure, kinds
:class:`~cardrules.engine.fields.MissingCards` and :class:`~cardrules.engine.fields.SpareCounts`):

- ``missing``: the cards play has shown the seat not to hold;
- ``spare``: how many of its hidden cards came into the hand after that (drawn, taken)
  and so may be any card.  All its other hidden cards are none of ``missing``.

The procedure keeps them where it moves cards, from public facts only: :func:`show` when
an action shows what a hand lacks, :func:`came_in` when cards come into a hand (a card
drawn face down may be anything), :func:`laid` when a seat lays cards (one that play had
shown missing must have been a spare one).  Each is a few operations on the rare moves
that need it, so play costs no more for it.  :func:`respect` is the part of
:func:`cardrules.engine.state_codec.resample` that honours them, so the deals a search bot
imagines agree with what the table has seen; ``conformance.check_absences`` checks, on
every state of every checked play-out, that the true hands agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from cardrules.engine.table import with_seat

__all__ = ["Absences", "came_in", "drew", "laid", "respect", "show"]


class Absences(Protocol):
    """A state that keeps what play has shown each seat not to hold (its fields of kinds
    :class:`~cardrules.engine.fields.MissingCards` and
    :class:`~cardrules.engine.fields.SpareCounts`)."""

    _missing: tuple[int, ...]
    _spare: tuple[int, ...]


def show(state: Absences, seat: int, cards: int) -> None:
    """Play has shown ``seat``'s hand, as it is now, to hold none of ``cards`` (changes a
    fresh clone).  Its spare cards are bound too when all that was known before is among
    ``cards``; otherwise they stay spare, which never claims more than the table knows.

    >>> from types import SimpleNamespace
    >>> state = SimpleNamespace(_missing=(0b0011, 0), _spare=(1, 0))
    >>> show(state, 0, 0b0111)
    >>> state._missing, state._spare
    ((7, 0), (0, 0))
    """
    missing, spare = state._missing, state._spare
    old = missing[seat]
    if cards & ~old:
        state._missing = with_seat(missing, seat, old | cards)
    if spare[seat] and not old & ~cards:
        state._spare = with_seat(spare, seat, 0)


def came_in(state: Absences, seat: int, count: int) -> None:
    """``count`` cards came into ``seat``'s hand (drawn, exchanged): they may be any card
    (changes a fresh clone; nothing to do while nothing is known to be missing).

    >>> from types import SimpleNamespace
    >>> state = SimpleNamespace(_missing=(0b0011, 0), _spare=(0, 0))
    >>> came_in(state, 0, 2); came_in(state, 1, 1)
    >>> state._spare
    (2, 0)
    """
    if count and state._missing[seat]:
        spare = state._spare
        state._spare = with_seat(spare, seat, spare[seat] + count)


def drew(state: Absences, seat: int, shown: int) -> None:
    """``seat`` drew one card face down, its hand before the draw shown to hold none of
    ``shown`` (0: nothing shown): :func:`show` then :func:`came_in` of one card, at the
    cost of one (changes a fresh clone).

    >>> from types import SimpleNamespace
    >>> state = SimpleNamespace(_missing=(0b0011, 0), _spare=(1, 0))
    >>> drew(state, 0, 0b0111)
    >>> state._missing, state._spare
    ((7, 0), (1, 0))
    """
    missing, spare = state._missing, state._spare
    old = missing[seat]
    bound = old | shown
    if not bound:
        return
    if bound != old:
        state._missing = with_seat(missing, seat, bound)
    count = 1 if shown and not old & ~shown else spare[seat] + 1
    state._spare = with_seat(spare, seat, count)


def laid(state: Absences, seat: int, cards: int) -> None:
    """``seat`` laid ``cards`` face up: any of them play had shown missing must have been
    spare (changes a fresh clone).

    >>> from types import SimpleNamespace
    >>> state = SimpleNamespace(_missing=(0b0011, 0), _spare=(1, 0))
    >>> laid(state, 0, 0b0100); state._spare
    (1, 0)
    >>> laid(state, 0, 0b0001); state._spare
    (0, 0)
    """
    spare = state._spare
    if not spare[seat]:  # the usual case: nothing shown missing
        return
    shown = cards & state._missing[seat]
    if shown:
        left = max(spare[seat] - shown.bit_count(), 0)
        state._spare = with_seat(spare, seat, left)


def respect(cards: list[int], spans: Sequence[tuple[int, int, int, int]]) -> None:
    """Rearrange ``cards`` (a shuffle of hidden cards, one per place) in place so that
    each span ``(start, count, missing, spare)`` — a seat's hidden hand, the places
    ``start`` to ``start + count`` — holds at most ``spare`` cards of ``missing``.

    A shuffle that already agrees is left as it is.  Otherwise each span's bound places
    (all but ``spare``) are matched to distinct cards it may hold, taken in the
    shuffle's order (so a lone bound seat gets a uniformly drawn set of the cards it
    may hold), with augmenting paths where seats compete for the same cards; the rest of
    each span and every other place take the cards left, in the shuffle's order.  The
    true deal agrees with the spans, so a matching always exists; should none, the
    places it cannot bind take what is left.  The shuffle is the only chance used.

    >>> cards = [0, 1, 2, 3]
    >>> respect(cards, [(0, 2, 0b0011, 0)])
    >>> cards
    [2, 3, 0, 1]
    """
    if all(sum(missing >> cards[i] & 1 for i in range(start, start + count)) <= spare
           for start, count, missing, spare in spans):
        return
    if len(spans) == 1:  # one bound seat (two players, say): no competition
        start, count, missing, spare = spans[0]
        fitting = [c for c in cards if not missing >> c & 1][:count - spare]
        taken = set(fitting)
        others = [c for c in cards if c not in taken]
        cards[:] = others[:start] + fitting + others[start:]
        return
    allowed = [[c for c in cards if not missing >> c & 1] for _, _, missing, _ in spans]
    slots = [k for k, (_, count, _, spare) in enumerate(spans) for _ in range(count - spare)]
    holder: dict[int, int] = {}  # card -> slot

    def bind(slot: int, tried: set[int]) -> bool:
        for card in allowed[slots[slot]]:
            if card in tried:
                continue
            tried.add(card)
            other = holder.get(card)
            if other is None or bind(other, tried):
                holder[card] = slot
                return True
        return False

    for slot in range(len(slots)):
        bind(slot, set())
    chosen: list[list[int]] = [[] for _ in spans]
    for card in cards:
        bound = holder.get(card)
        if bound is not None:
            chosen[slots[bound]].append(card)
    rest = iter([c for c in cards if c not in holder])
    span_of = [-1] * len(cards)
    for k, (start, count, _, _) in enumerate(spans):
        for i in range(start, start + count):
            span_of[i] = k
    for i in range(len(cards)):
        k = span_of[i]
        cards[i] = chosen[k].pop() if k >= 0 and chosen[k] else next(rest)
