"""Wagers: the words of betting and the sizes a bet or raise may take, shared by the
betting family and the betting phase any family may list.

A round of betting is played with five words: ``fold``, ``check``, ``call``, ``bet`` and
``raise``; under pot and no limit a bet or raise names the player's whole stake in the
round after it (``raise 60``).  :func:`bet_range` says which sizes are allowed and
:func:`least_after` how a bet or raise moves the least next one.

>>> bet_range(Limit.NONE, top=10, mine=2, chips=98, least_to=18, pot=12)
(18, 100)
>>> bet_range(Limit.POT, top=10, mine=2, chips=98, least_to=18, pot=12)
(18, 30)
>>> least_after(18, stake=30, top=10)
50
"""

from __future__ import annotations

import enum
from typing import Final

from cardrules.actions import Action, Kind, register_verb

__all__ = ["BET_ACTION", "CALL", "CHECK", "FOLD", "LETTERS", "RAISE", "SIZES_KEPT", "WORDS",
           "Limit", "bet_range", "least_after", "sized", "sizes"]

WORDS = ("fold", "check", "call", "bet", "raise")
"""The action words of betting, in the order legal actions are listed."""
for _word in WORDS:  # a bet or raise names its amount under pot and no limit (bet 20)
    register_verb(_word, cards=False, number=_word in ("bet", "raise"),
                  optional=_word in ("bet", "raise"))
FOLD, CHECK, CALL, BET_ACTION, RAISE = (Action(kind=Kind.VERB, name=w, label=w) for w in WORDS)
"""The actions: give up the hand; stay in without adding chips; match the bet; make the
round's first bet (of a fixed size); raise it (by a fixed size)."""

LETTERS = {"fold": "f", "check": "k", "call": "c", "bet": "b", "raise": "r"}
"""Each action's letter in a betting line (rounds apart by ``/``); under pot and no
limit a bet or raise is followed by its amount (``b20``)."""


class Limit(enum.Enum):
    """How much a bet or a raise may be (the betting structure)."""

    FIXED = "fixed_limit"
    """Fixed limit: every bet and raise of a round is of the round's ``bet`` (``bet``,
    ``raise``)."""
    POT = "pot_limit"
    """Pot limit: a bet or raise names the player's whole stake in the round after it
    (``bet 20``, ``raise 60``); at least the round's ``bet`` (a raise: see
    :func:`least_after`), at most what the pot would hold after the player's call."""
    NONE = "no_limit"
    """No limit: as pot limit, up to all the player's chips."""


def sized(word: str, amount: int) -> Action:
    """The bet or raise to ``amount`` (``raise 60``).

    >>> sized("raise", 60).label
    'raise 60'
    """
    return Action(kind=Kind.VERB, name=word, amount=amount, label=f"{word} {amount}")


SIZES_KEPT: Final = 4096
"""Bets and raises to fewer chips are made once and kept (bigger ones are made when
asked: stacks may hold a million chips)."""

_SIZES: dict[str, tuple[Action, ...]] = {}
"""Per word, the bets or raises to 0, 1, 2... chips made so far (as many as the largest
asked for, below :data:`SIZES_KEPT`)."""


def sizes(word: str, low: int, high: int) -> tuple[Action, ...]:
    """The bets or raises to ``low`` .. ``high`` chips, in order: each amount's action
    made once and shared, so that a list of hundreds of sizes costs a slice.

    >>> [a.label for a in sizes("bet", 4, 6)]
    ['bet 4', 'bet 5', 'bet 6']
    >>> sizes("bet", 5, 5)[0] is sizes("bet", 2, 9)[3]
    True
    >>> sizes("raise", SIZES_KEPT - 1, SIZES_KEPT)[-1].label == f"raise {SIZES_KEPT}"
    True
    """
    if high >= SIZES_KEPT:
        return tuple([sized(word, n) for n in range(low, high + 1)])
    made = _SIZES.get(word, ())
    if len(made) <= high:
        made = _SIZES[word] = made + tuple([sized(word, n) for n in range(len(made), high + 1)])
    return made[low:high + 1]


_POT: Final = Limit.POT
"""Compiled, a C static (on Python 3.11 an enum class's attribute costs a slow lookup)."""


def bet_range(limit: Limit, *, top: int, mine: int, chips: int, least_to: int,
              pot: int) -> tuple[int, int]:
    """The least and the most a player may bet or raise to, as their whole stake in the
    round after it, under pot or no ``limit``: the round's highest stake is ``top``, the
    player's own ``mine`` with ``chips`` left, the least raise so far ``least_to``, and
    ``pot`` chips are in the pot.  The least is ``least_to``, or all the player's chips
    if they have fewer; the most is all their chips (pot limit: no more than the pot
    would hold after their call, and never below the least)."""
    every = mine + chips
    low = min(least_to, every)
    high = every
    if limit is _POT:
        high = max(low, min(every, top + pot + min(top - mine, chips)))
    return low, high


def least_after(least_to: int, *, stake: int, top: int) -> int:
    """The least raise after a bet or raise to ``stake`` over the highest stake ``top``:
    ``stake`` raised again by as much, or ``least_to`` if that is more (ACPC's rule: a
    raise all in for less never lowers it)."""
    return max(least_to, 2 * stake - top)
