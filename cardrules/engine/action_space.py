"""A stable integer index for every action a game can offer, for learning agents.

A game's :class:`ActionSpace` numbers every action any state of the game may offer
from ``0`` to ``size - 1``.  The numbering depends only on the rules in force (variant,
options and number of players — what the game's fingerprint and ``players`` name), never
on a deal, so a policy trained on indices keeps its meaning across deals and processes.

The space is laid out from *families* each procedure declares: a :class:`Listed` family
names its actions one by one (plays of a shedding game, ``draw``, ``pass``...), and a
:class:`CardSets` family stands for every set of ``k`` cards of the pack laid with one
kind of action (leads, answers, declarations of a trick game), numbered arithmetically
so that even large spaces cost nothing to build; an :class:`Amounts` family stands for
one action word with each whole number of a range (a no-limit bet's sizes), numbered
likewise.

>>> from cardrules.actions import Action, Kind
>>> from cardrules.cards import Pack, bits
>>> pack = Pack(ranks=("9", "10", "A"), suits=("S", "H"))
>>> space = ActionSpace(pack, (Listed(actions=(Action(kind=Kind.PASS),)),
...                            CardSets(kind=Kind.LEAD, sizes=(1, 2))))
>>> space.size  # pass, 6 single cards, 15 pairs
22
>>> space.index(Action(kind=Kind.LEAD, cards=(5, 0)))
17
>>> space.action(17).cards  # the cards in a player's sort
(0, 5)
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from math import comb
from typing import TYPE_CHECKING

import attrs

from cardrules.actions import Action, Kind, labelled
from cardrules.cards import Pack, bits
from cardrules.engine.arguments import as_index
from cardrules.errors import ArgumentError, CardrulesError

if TYPE_CHECKING:
    from cardrules.engine.context import Acting

__all__ = ["MASK_LIMIT", "ActionSpace", "Amounts", "CardSets", "Family", "Listed", "as_index",
           "family_words", "first_word", "set_rank", "set_unrank"]

MASK_LIMIT = 1 << 24
"""The largest space a dense legal mask (one byte per action) is built for: a game whose
actions name sets of any size (Casino's captures of any number of cards) numbers far more
and offers its legal actions by index only (:meth:`ActionSpace.legal_indices`)."""


def set_rank(cards: Sequence[int]) -> int:
    """The colexicographic rank of a set of distinct cards among the sets of its size.

    >>> [set_rank(s) for s in ((0, 1), (0, 2), (1, 2), (0, 3))]
    [0, 1, 2, 3]
    """
    return sum(comb(card, i + 1) for i, card in enumerate(sorted(cards)))


def set_unrank(rank: int, size: int) -> tuple[int, ...]:
    """The set of ``size`` cards whose :func:`set_rank` is ``rank``, lowest card first.

    >>> set_unrank(3, 2)
    (0, 3)
    """
    cards = []
    for i in range(size, 0, -1):
        card = i - 1
        while comb(card + 1, i) <= rank:
            card += 1
        rank -= comb(card, i)
        cards.append(card)
    return tuple(reversed(cards))


@attrs.frozen(kw_only=True)
class Listed:
    """Actions named one by one; their index is their place in ``actions``."""

    actions: tuple[Action, ...]


@attrs.frozen(kw_only=True)
class CardSets:
    """Every set of ``k`` cards (for each ``k`` in ``sizes``) lying within one of ``pools``
    (bit sets; empty: the whole pack), laid as one action of ``kind`` (and combination
    ``name``), whatever the order the cards are written in.  Overlapping pools are
    merged, so every set has one index."""

    kind: Kind
    name: str = ""
    sizes: tuple[int, ...]
    pools: tuple[int, ...] = ()


@attrs.frozen(kw_only=True)
class Amounts:
    """The action word ``name`` (of kind :attr:`Kind.VERB`) with each whole number from
    ``low`` to ``high`` (``raise 20``), numbered in that order.

    >>> from cardrules.cards import Pack
    >>> space = ActionSpace(Pack(ranks=("9",), suits=("S",)), (Amounts(name="raise", low=2,
    ...                                                                high=200),))
    >>> space.size, space.index(Action(kind=Kind.VERB, name="raise", amount=20))
    (199, 18)
    >>> space.action(18).amount
    20
    """

    name: str
    low: int
    high: int


Family = Listed | CardSets | Amounts
"""A part of an action space."""


@attrs.frozen(kw_only=True)
class _Block:
    """A run of consecutive indices: a listed family, or a family's sets of one size."""

    start: int
    family: Family
    size: int = 0
    """Cards per set (sets only)."""
    pools: tuple[tuple[int, ...], ...] = ()
    """Each pool's cards, lowest first (sets only)."""
    offsets: tuple[int, ...] = ()
    """Each pool's first index within the block (sets only)."""


def _merged(pools: Sequence[int]) -> list[int]:
    """The pools with overlapping ones merged, in order of their lowest card."""
    merged: list[int] = []
    for pool in pools:
        for other in [m for m in merged if m & pool]:
            merged.remove(other)
            pool |= other
        merged.append(pool)
    return sorted((m for m in merged if m), key=lambda m: m & -m)


def first_word(action: Action) -> str:
    """The first word of ``action``'s notation (``play``, ``bid``, a verb's own word).

    >>> first_word(Action(kind=Kind.VERB, name="raise"))
    'raise'
    """
    return action.name if action.kind is Kind.VERB else action.kind.value


def family_words(family: Family) -> frozenset[str]:
    """The first words of the actions of ``family``."""
    if isinstance(family, Listed):
        return frozenset(map(first_word, family.actions))
    if isinstance(family, Amounts):
        return frozenset((family.name,))
    return frozenset((first_word(Action(kind=family.kind, name=family.name)),))


class ActionSpace:
    """Every action of a game, numbered ``0 .. size - 1`` (see the module's docstring).

    Get a game's space from :attr:`cardrules.engine.game.Game.action_space`.
    """

    __slots__ = ("_amounts", "_blocks", "_by_key", "_firsts", "_known", "_listed", "families",
                 "pack", "size", "words")

    def __init__(self, pack: Pack, families: Sequence[Family]) -> None:
        self.pack = pack
        """The game's pack."""
        self.families: tuple[Family, ...] = tuple(families)
        """The parts of the space, in index order."""
        self._listed: dict[Action, int] = {}
        self._by_key: dict[tuple[Kind, str, int], _Block] = {}
        self._amounts: dict[str, _Block] = {}
        blocks: list[_Block] = []
        index = 0
        for family in self.families:
            if isinstance(family, Amounts):
                if family.name in self._amounts or family.high < family.low:
                    raise CardrulesError(f"the amounts of {family.name!r} are declared twice "
                                         "or run backwards")
                block = _Block(start=index, family=family)
                blocks.append(block)
                self._amounts[family.name] = block
                index += family.high - family.low + 1
                continue
            if isinstance(family, Listed):
                blocks.append(_Block(start=index, family=family))
                for action in family.actions:
                    if action in self._listed:
                        raise CardrulesError(f"action {action} is listed twice")
                    self._listed[action] = index
                    index += 1
                continue
            pools = tuple(tuple(bits(m)) for m in _merged(  # cards left out never play
                [pool & pack.full for pool in family.pools] or [pack.full]))
            for size in family.sizes:
                key = (family.kind, family.name, size)
                if key in self._by_key:
                    raise CardrulesError(f"sets of {size} for {family.kind.value} "
                                         f"{family.name!r} are declared twice")
                offsets, count = [], 0
                for cards in pools:
                    offsets.append(count)
                    count += comb(len(cards), size)
                block = _Block(start=index, family=family, size=size, pools=pools,
                               offsets=tuple(offsets))
                blocks.append(block)
                self._by_key[key] = block
                index += count
        self._blocks = tuple(blocks)
        self._firsts = [block.start for block in blocks]
        self.size: int = index
        """How many actions the space numbers."""
        self._known: dict[Action, int] = {}
        self.words: frozenset[str] = frozenset(
            word for family in self.families for word in family_words(family))
        """The first word of every action of the space (``play``, ``bid``, ``raise``)."""

    def __repr__(self) -> str:
        return f"<ActionSpace size={self.size}>"

    def index(self, action: Action) -> int:
        """The index of ``action``; a :class:`CardrulesError` if the game never offers it."""
        found = self._known.get(action)
        if found is None:
            found = self._listed.get(action)
            if found is None:
                found = self._set_index(action)
            if len(self._known) >= 100_000:
                self._known.clear()
            self._known[action] = found
        return found

    def indices(self, actions: Sequence[Action]) -> list[int]:
        """The index of each of ``actions`` (as :meth:`index`, in one call: the legal
        actions of a state, for adapters that offer indices)."""
        get = self._known.get
        found = [get(action) for action in actions]
        if None in found:
            return [self.index(action) for action in actions]
        return found  # type: ignore[return-value]  # no None left

    def _set_index(self, action: Action) -> int:
        numbered = self._amounts.get(action.name) if action.kind is Kind.VERB else None
        if numbered is not None and not action.cards:
            family = numbered.family
            assert isinstance(family, Amounts)
            if family.low <= action.amount <= family.high:
                return numbered.start + action.amount - family.low
        cards = set(action.cards)
        block = self._by_key.get((action.kind, action.name, len(action.cards)))
        if block is not None and len(cards) == len(action.cards):
            for pool, offset in zip(block.pools, block.offsets):
                if cards.issubset(pool):
                    return block.start + offset + set_rank([pool.index(c) for c in cards])
        raise CardrulesError(f"{action} is not an action of this game")

    def action(self, index: int) -> Action:
        """The action numbered ``index`` (equal to the one a state offers); an
        :class:`~cardrules.errors.ArgumentError` if ``index`` is not an integer in
        ``0 .. size - 1``."""
        index = as_index(index, "an action index")
        if not 0 <= index < self.size:
            raise ArgumentError(f"action index {index} is out of range 0..{self.size - 1}")
        block = self._blocks[bisect_right(self._firsts, index) - 1]
        family, index = block.family, index - block.start
        if isinstance(family, Listed):
            return family.actions[index]
        if isinstance(family, Amounts):
            amount = family.low + index
            return Action(kind=Kind.VERB, name=family.name, amount=amount,
                          label=f"{family.name} {amount}")
        j = bisect_right(block.offsets, index) - 1
        pool = block.pools[j]
        mask = 0
        for position in set_unrank(index - block.offsets[j], block.size):
            mask |= 1 << pool[position]
        return labelled(family.kind, self.pack, cards=self.pack.cards_of(mask),
                        name=family.name)

    def parts(self) -> list[tuple[int, int, str]]:
        """The layout: ``(first index, count, what)`` for each run of indices.

        >>> from cardrules.cards import Pack
        >>> pack = Pack(ranks=("9", "10"), suits=("S", "H"))
        >>> space = ActionSpace(pack, (CardSets(kind=Kind.LEAD, sizes=(1, 2), pools=(3, 12)),))
        >>> space.parts()[1]
        (4, 2, 'lead: 2 cards within one of 2 groups')
        """
        out = []
        ends = [*self._firsts[1:], self.size]
        for block, end in zip(self._blocks, ends):
            family = block.family
            if isinstance(family, Listed):
                for offset, action in enumerate(family.actions):
                    out.append((block.start + offset, 1, action.text(self.pack)))
                continue
            if isinstance(family, Amounts):
                out.append((block.start, end - block.start,
                            f"{family.name} {family.low} to {family.high}"))
                continue
            what = " ".join(filter(None, (family.kind.value, family.name)))
            cards = f"{block.size} card{'s' if block.size != 1 else ''}"
            if len(block.pools) == 1 and family.pools:
                cards = f"{block.size} of {len(block.pools[0])} cards"
            within = f" within one of {len(block.pools)} groups" if len(block.pools) > 1 else ""
            out.append((block.start, end - block.start, f"{what}: {cards}{within}"))
        return out

    def legal_indices(self, state: Acting) -> tuple[int, ...]:
        """The indices of ``state``'s legal actions, in the state's order."""
        return tuple(self.indices(state.legal_actions()))

    def require_at_most(self, limit: int, what: str) -> None:
        """Raise an :class:`~cardrules.errors.ArgumentError` naming ``what`` (which needs
        no more than ``limit`` actions) if the space is larger.

        >>> from cardrules.cards import Pack
        >>> space = ActionSpace(Pack(ranks=("9",), suits=("S", "H")), (CardSets(
        ...     kind=Kind.LEAD, sizes=(1, 2)),))
        >>> space.require_at_most(2, "a tiny learner")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        cardrules.errors.ArgumentError: a tiny learner takes at most 2 actions, and this ...
        """
        if self.size > limit:
            raise ArgumentError(f"{what} takes at most {limit:,} actions, and this game "
                                f"numbers {self.size:,}: bound the cards an action may name "
                                "in the rule file, or use legal_indices")

    def legal_mask(self, state: Acting) -> bytearray:
        """One byte per index: 1 where the action is legal in ``state``, else 0 (for a
        space of at most :data:`MASK_LIMIT` actions; an
        :class:`~cardrules.errors.ArgumentError` for a larger one)."""
        self.require_at_most(MASK_LIMIT, "a dense legal mask")
        mask = bytearray(self.size)
        for index in self.legal_indices(state):
            mask[index] = 1
        return mask
