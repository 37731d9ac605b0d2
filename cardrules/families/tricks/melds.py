"""Declarations compared between the sides (``play.melds``): sequences of one suit and
sets of one rank, which every player may declare in turn during the first trick, each on
their turn before laying their card (``declare tierce 9H 8H 7H``).  When the first trick
is taken the declarations are compared: the side holding the best single declaration
scores all of its declarations, the others none (:func:`compare`).

A hand's declarations are its longest sequences (a run of five holds no tierce of its
own) and its sets; a card may be in a sequence and a set at once.  What each seat
declared is recorded per seat, sequences and sets apart (:class:`MeldFields`); the
cards of the declarations :attr:`Melds.show` names are known to everyone from then on
(a field of known cards, which re-sampling for a search leaves in place), and the
points scored count in the seat's deal points, apart from the card points
(:meth:`~cardrules.families.tricks.state.TricksState.declared_points`), so that a
contract of points can count them for the side that failed it.  What a hand holds, and
how declarations compare, is compiled once (:mod:`.melds_tables`).

>>> import cardrules
>>> game = cardrules.load("belote", options={"match": "one_deal"})
>>> state = game.setup(hands=["7H 8H 9H AC", "JC JD JH JS", "7S 8S QD KD",
...                           "AH 10D 9S 10C"], trump="S")
>>> [a.label for a in state.legal_actions() if a.kind.value == "declare"]
['declare tierce 9H 8H 7H']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from cardrules.engine.fields import HeldCards, KnownCards, Numbers, field
from cardrules.engine.table import with_seat
from cardrules.families.tricks.attributes import MeldAttributes
from cardrules.families.tricks.melds_model import MeldShow, MeldTies
from cardrules.families.tricks.model import Partners, RawEvent, TricksPlay

if TYPE_CHECKING:
    from collections.abc import Callable

    from cardrules.actions import Action
    from cardrules.families.tricks.context import TricksContext
    from cardrules.families.tricks.melds_tables import Meld

__all__ = ["MeldAttributes", "MeldFields", "compare", "declare", "offered",
           "uses_meld_fields"]


@attrs.define(slots=False)
class MeldFields:
    """The state fields of declarations compared between the sides, added to the tricks
    procedure's state class only in the games that have them."""

    _meld_runs: tuple[int, ...] = field(HeldCards())
    """Per seat, the cards of the sequences it declared (a record: its places are the
    hands')."""
    _meld_sets: tuple[int, ...] = field(HeldCards())
    """Per seat, the cards of the sets it declared."""
    _meld_shown: tuple[int, ...] = field(KnownCards())
    """Per seat (the same for every seat: everyone saw them), the declared cards shown."""
    _melded: tuple[int, ...] = field(Numbers())
    """Per seat, the points of its declarations that score (set when they are
    compared)."""


def uses_meld_fields(play: object) -> bool:
    """The variant's play has declarations compared between the sides (``play.melds``)."""
    return isinstance(play, TricksPlay) and play.melds is not None


def offered(state: TricksContext, player: int) -> tuple[Meld, ...]:
    """The declarations ``player`` may make now: on their turn in the first trick, those
    they hold and have not declared yet."""
    melds = state._tables.melds
    if melds is None or any(state._tricks):
        return ()
    runs, sets = state._meld_runs[player], state._meld_sets[player]
    return tuple(m for m in melds.find(state._hands[player], state._trump)
                 if m.mask & (runs if m.sequence else sets) != m.mask)


def declare(state: TricksContext, new: TricksContext, action: Action,
            mask: int) -> None:
    """``state``'s player to act declares the cards ``mask`` (``action``), held and not
    declared before: record it in ``new``, a fresh clone, with its event."""
    p, n = state._current, len(state._hands)
    melds = state._tables.melds
    assert melds is not None
    meld = next(m for m in offered(state, p) if m.mask == mask)
    if meld.sequence:
        new._meld_runs = _with(state._meld_runs, p, mask)
    else:
        new._meld_sets = _with(state._meld_sets, p, mask)
    shown = melds.rule.show is MeldShow.ALL
    if shown:
        new._meld_shown = (state._meld_shown[0] | mask,) * n
    new._events = (("declare", p, action.cards, 0, meld.name, not shown),)


def compare(state: TricksContext, events: list[RawEvent]) -> None:
    """The first trick is taken: compare the declarations, and count those of the side
    holding the best for its seats (changes ``state``, a fresh clone)."""
    melds = state._tables.melds
    assert melds is not None
    n, trump = len(state._hands), state._trump
    opposite = state._tables.scoring.partners is Partners.OPPOSITE
    side: Callable[[int], int] = (lambda p: p % (n // 2)) if opposite else (lambda p: p)
    made = [melds.declared(state._meld_runs[p], state._meld_sets[p], trump)
            for p in range(n)]
    best: tuple[int, ...] = ()
    winner, tied = -1, False
    for p in state._game.turns.rounds[state._leader]:  # in turn from the trick's leader
        for meld in made[p]:
            if meld.key > best:
                best, winner, tied = meld.key, p, False
            elif meld.key == best and side(p) != side(winner):
                tied = True
    if winner < 0 or (tied and melds.rule.ties is MeldTies.NOBODY):
        return
    scored, shown = list(state._melded), state._meld_shown[0]
    for p in range(n):
        if side(p) != side(winner):
            continue
        for meld in made[p]:
            scored[p] += meld.points
            shown |= meld.mask
            cards = tuple(c for c in range(meld.mask.bit_length()) if meld.mask >> c & 1)
            events.append(("meld", p, cards, meld.points, meld.name, False))
    state._melded = tuple(scored)
    state._meld_shown = (shown,) * n


def _with(masks: tuple[int, ...], p: int, mask: int) -> tuple[int, ...]:
    """``masks`` with the cards of ``mask`` added to entry ``p``."""
    return with_seat(masks, p, masks[p] | mask)

