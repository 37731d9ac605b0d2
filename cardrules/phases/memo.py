"""Values a phase works out once per object it is given, found by identity.

A phase's hot path (its legal actions, listed at every step) often needs something made
from the game's pack or its own settings: the action giving each card, each game type's
card order.  ``functools.cache`` finds those by hash, and the hash of a frozen record
walks every field at every call (about 1.7 us for Hearts' pack, 4 us for Skat's game
types); a game keeps the same objects for all its deals, so they are found here by
identity instead.

>>> calls = []
>>> @by_identity
... def double(values: tuple[int, ...]) -> tuple[int, ...]:
...     calls.append(values)
...     return values * 2
>>> pair = (1, 2)
>>> double(pair), double(pair), len(calls)
((1, 2, 1, 2), (1, 2, 1, 2), 1)
>>> @by_identity
... def joined(first: str, second: str) -> str:
...     return first + second
>>> joined("a", "b")
'ab'
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from cardrules.actions import Action, Kind, labelled

if TYPE_CHECKING:
    from cardrules.cards import Pack

__all__ = ["by_identity", "card_actions"]

T = TypeVar("T")

_KEPT = 64
"""Sets of arguments a function remembers before it starts afresh (games loaded again
and again bring new objects: the memory stays bounded)."""


def by_identity(function: Callable[..., T]) -> Callable[..., T]:
    """``function`` (of positional arguments) remembering its value for each set of
    arguments, by their identity: the value must depend on the arguments alone.  The
    arguments are kept with the value, so an identity is never mistaken for another's."""
    memo: dict[tuple[int, ...], tuple[tuple[object, ...], T]] = {}
    if len(inspect.signature(function).parameters) == 1:
        return _by_identity_of_one(function)

    @functools.wraps(function)
    def remembered(*args: object) -> T:
        key = tuple([id(a) for a in args])
        found = memo.get(key)
        if found is not None:
            return found[1]
        if len(memo) >= _KEPT:
            memo.clear()
        value = function(*args)
        memo[key] = (args, value)
        return value

    return remembered


def _by_identity_of_one(function: Callable[[object], T]) -> Callable[..., T]:
    """:func:`by_identity` of a function of one argument: found by that argument's
    identity alone, with no tuple of identities made (the pack's actions are asked for
    at every step)."""
    memo: dict[int, tuple[object, T]] = {}

    @functools.wraps(function)
    def remembered(arg: object) -> T:
        found = memo.get(id(arg))
        if found is not None:
            return found[1]
        if len(memo) >= _KEPT:
            memo.clear()
        value = function(arg)
        memo[id(arg)] = (arg, value)
        return value

    return remembered


_CARD_ACTIONS: dict[tuple[int, str], tuple[object, tuple[Action, ...]]] = {}
""":func:`card_actions`' tables, by the identity of the pack and the word, with the pack."""


def card_actions(pack: Pack, word: str) -> tuple[Action, ...]:
    """The action ``word`` with each card of ``pack`` (``give 4C``, ``discard 7D``), by
    card number, labelled: made once per pack and word and found again by the pack's
    identity, as :func:`by_identity` would, in a compiled call of its own (a phase
    that lays one card at a time lists them at every step).

    >>> from cardrules.cards import Pack
    >>> [a.label for a in card_actions(Pack(ranks=("9", "A"), suits=("S",)), "give")]
    ['give 9S', 'give AS']
    """
    key = (id(pack), word)
    found = _CARD_ACTIONS.get(key)
    if found is not None and found[0] is pack:
        return found[1]
    if len(_CARD_ACTIONS) >= _KEPT:
        _CARD_ACTIONS.clear()
    actions = tuple(labelled(Kind.VERB, pack, cards=(card,), name=word)
                    for card in range(pack.size))
    _CARD_ACTIONS[key] = (pack, actions)
    return actions
