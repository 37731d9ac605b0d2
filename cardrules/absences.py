"""What public play shows about the cards a seat does not hold, and re-dealing hidden
cards in keeping with it.

When a rule obliges a play and a seat does not make it, everyone at the table learns
something about its hand: a player who draws or passes where any card beating the top
would have to be laid holds none of those cards; a player who answers off the led suit
where they would have to follow holds none of that suit.  A state that tracks this keeps
two public fields per seat (declared by the procedure, kinds
:class:`~cardrules.fields.MissingCards` and :class:`~cardrules.fields.SpareCounts`):

- ``missing``: the cards play has shown the seat not to hold;
- ``spare``: how many of its hidden cards came into the hand after that (drawn, taken)
  and so may be any card.  All its other hidden cards are none of ``missing``.

The procedure says what an action shows (``_absence_shown``: the cards the acting seat's
hand, before the action, is shown not to hold); :func:`noted` keeps the fields up to
date after every action, from that and from how the hands changed, using public facts
only.  :func:`respect` is the part of :func:`cardrules.state_codec.resample` that honours
them, so the deals a search bot imagines agree with what the table has seen.

>>> noted((0, 0), (0, 0), (0b0111, 0b1000), (0b1111, 0b1000), player=0, shown=0b1000)
((8, 0), (1, 0))
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["noted", "respect"]


def noted(missing: tuple[int, ...], spare: tuple[int, ...], before: tuple[int, ...],
          after: tuple[int, ...], *, player: int,
          shown: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The ``missing`` and ``spare`` fields after an action by ``player`` that showed
    their hand (``before`` the action) to hold none of the cards ``shown``, the hands
    going from ``before`` to ``after``.

    Cards that come into a hand are spare; a card a seat lays that play had shown it
    not to hold must have been a spare one.  Only public facts are used: which cards
    came in is never read, only how many (a hand's size is public), and a card laid is
    public.  (A spare card may be shown missing later only if no card of the old
    knowledge is dropped by it: otherwise the new cards join ``missing`` and the spare
    count stays, which never claims more than the table knows.)

    >>> noted((0b0011, 0), (0, 0), (0b0100, 0b1), (0b0100, 0b1), player=0, shown=0b1000)
    ((11, 0), (0, 0))
    >>> noted((0b0011, 0), (0, 0), (0b0100, 0b1), (0b1100, 0b1), player=1, shown=0)
    ((3, 0), (1, 0))
    """
    missing_now, spare_now = missing, spare
    if shown:
        old = missing[player]
        missing_now = (*missing[:player], old | shown, *missing[player + 1:])
        if spare[player] and not old & ~shown:
            spare_now = (*spare[:player], 0, *spare[player + 1:])
    for seat, was in enumerate(before):
        now = after[seat]
        bound = missing_now[seat]
        if was == now or not bound:
            continue
        count = spare_now[seat] + (now & ~was).bit_count() - (was & ~now & bound).bit_count()
        count = min(max(count, 0), now.bit_count())
        if count != spare_now[seat]:
            spare_now = (*spare_now[:seat], count, *spare_now[seat + 1:])
    return missing_now, spare_now


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
    [3, 2, 0, 1]
    """
    if all(sum(missing >> cards[i] & 1 for i in range(start, start + count)) <= spare
           for start, count, missing, spare in spans):
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
