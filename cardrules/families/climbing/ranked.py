"""The legal plays of a climbing game whose suits never matter (``play.by_rank``),
looked up by ranks alone.

A hand is read as a few bit sets over the ladder places, the places it holds at least
one, two, three... cards of (its *levels*); each combination's plays then come from bit
operations on them (the ranks holding a pair, the chains of three trios in a row), and
each play's action from a table filled once per game.  The plays and their order are
those of :meth:`ClimbingTables.legal_on`'s search of every choice of cards
(``tests/test_climbing.py`` compares the two).

>>> import cardrules
>>> game = cardrules.load("dou-dizhu")
>>> tables = game.tables
>>> hand = sum(1 << c for c in game.pack.parse_many("3C 3D 4C 4D 5C 5D 6C 7C BJ RJ"))
>>> [bin(places) for places in tables.levels(hand)[1:3]]  # 3 to 7 and the jokers; 3 to 5
['0b110000000011111', '0b111']
>>> [a.label for a in tables.legal_on(hand, None)][-3:]
['play 3C 4C 5C 6C 7C', 'play 3C 3D 4C 4D 5C 5D', 'play BJ RJ']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

import attr
import attrs

from cardrules.actions import Action
from cardrules.families.climbing.model import Combination, Shape
from cardrules.families.climbing.tables import ClimbingTables, Play, _attachments

__all__ = ["RankedTables"]

# Enum members read in functions, as module constants: compiled, each is a C static
# (on Python 3.11 an enum class's attribute costs a slow lookup: EnumType has a
# __getattr__).
_SHAPE_CARDS: Final = Shape.CARDS
_SHAPE_SAME_RANK: Final = Shape.SAME_RANK


Lister = Callable[[int, tuple[int, ...], int, int, list[Action]], None]
"""Appends to a list the actions of one combination a hand's levels allow (only so many
ranks long, with a key above a place, when given)."""

DEEPEST = 8
"""The most cards of one rank a combination or an attachment may ask for (the schema's
``size`` bound): a hand's levels are kept at least this deep."""


@attr.s(auto_attribs=True, kw_only=True, eq=False, slots=True)
class RankedTables(ClimbingTables):
    """The tables of a climbing game whose suits never matter, which find the legal
    plays by ranks alone (:meth:`legal_on`); ``attr.s`` like its base (a native class
    when compiled)."""

    slices: tuple[tuple[int, int], ...] = attrs.field(init=False, eq=False)
    """The pack's cards grouped so that each group, shifted right, lies on the ladder
    places of its cards: (cards as a bit set, shift)."""
    whole_at: tuple[tuple[int, int], ...] = attrs.field(init=False, eq=False)
    """Per number of cards a rank has in the pack, the ladder places with that many:
    (cards, places as a bit set)."""
    depth: int = attrs.field(init=False, eq=False)
    """How deep a hand's levels go: the most cards of one ladder place, or
    :data:`DEEPEST`."""
    quick: bool = attrs.field(init=False, eq=False)
    """Four groups of cards or fewer, each shifted right (as a pack of four suits is):
    a hand's levels are worked out in one unrolled pass."""
    chain_mask: int = attrs.field(init=False, eq=False)
    """The chain ranks' ladder places, as a bit set."""
    listers: tuple[Lister, ...] = attrs.field(init=False, eq=False)
    """Per combination, what lists its plays."""
    leads: tuple[tuple[int, Lister], ...] = attrs.field(init=False, eq=False)
    """Per combination, the level a hand must reach for it to have one (its size: a
    hand without a pair has no pair chain either), and what lists its plays."""
    answers: tuple[tuple[tuple[int, bool], ...], ...] = attrs.field(init=False, eq=False)
    """Per combination on the table, the combinations that may answer it, in the rules'
    order, each with whether each of its plays must be judged by :meth:`beats` (a bomb
    on a bomb, a combination of named cards) rather than by length and key (the same
    combination) or not at all (a bomb on anything else)."""
    levels_of: dict[int, tuple[int, ...]] = attrs.Factory(dict)
    """A hand (a bit set) -> its levels (filled on first use)."""
    rows: dict[tuple[int, int, int], list[Action | None]] = attrs.Factory(dict)
    """(combination, length, key of the core or -1) -> per key, or per ladder place of a
    single attachment, the action laying it (filled on first use)."""
    parts: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = attrs.Factory(dict)
    """Cards a play is written with -> per rank, the pack's cards of that rank (a bit
    set) and how many of them it lays (filled on first use)."""

    def __attrs_post_init__(self) -> None:
        deltas: dict[int, int] = {}
        for card, place in enumerate(self.rank_of):
            if place >= 0:
                deltas[card - place] = deltas.get(card - place, 0) | 1 << card
        counted: dict[int, int] = {}
        for place, cards in enumerate(self.firsts):
            counted[len(cards)] = counted.get(len(cards), 0) | 1 << place
        chain = 0
        for place in self.chain:
            chain |= 1 << place
        slices = tuple((mask, shift) for shift, mask in sorted(deltas.items()))
        self.slices = slices
        self.depth = max(DEEPEST, *map(len, self.firsts))
        self.quick = len(slices) <= 4 and all(shift >= 0 for _, shift in slices)
        self.whole_at = tuple(sorted(counted.items()))
        self.chain_mask = chain
        self.listers = tuple(self._lister(i, k) for i, k in enumerate(self.combinations))
        self.leads = tuple((1 if k.shape is _SHAPE_CARDS else k.size, lister)
                           for k, lister in zip(self.combinations, self.listers, strict=True))
        answers = []
        for j, under in enumerate(self.combinations):
            answers.append(tuple((i, (kind.shape is _SHAPE_CARDS and i == j)
                                     or (under.bomb and i != j))
                                 for i, kind in enumerate(self.combinations)
                                 if i == j or kind.bomb))
        self.answers = tuple(answers)

    # -- a hand's levels ------------------------------------------------------------

    def levels(self, hand: int) -> tuple[int, ...]:
        """The ladder places ``hand`` holds at least ``k`` cards of, as a bit set, for
        ``k`` from 0 (every place) to :attr:`depth`."""
        found = self.levels_of.get(hand)
        if found is not None:
            return found
        if self.quick:
            one = two = three = four = 0
            for mask, shift in self.slices:
                x = (hand & mask) >> shift
                four |= three & x
                three |= two & x
                two |= one & x
                one |= x
            found = (-1, one, two, three, four, 0, 0, 0, 0)
        else:
            at = [-1] + [0] * self.depth
            for mask, shift in self.slices:
                x = (hand & mask) >> shift if shift >= 0 else (hand & mask) << -shift
                for k in range(self.depth, 0, -1):
                    at[k] |= at[k - 1] & x
            found = tuple(at)
        if len(self.levels_of) >= 100_000:
            self.levels_of.clear()
        self.levels_of[hand] = found
        return found

    def _whole(self, levels: tuple[int, ...]) -> int:
        """The ladder places of which the hand holds every card of the pack."""
        whole = 0
        for cards, places in self.whole_at:
            whole |= levels[cards] & places
        return whole

    def _chained(self, places: int) -> int:
        """Ladder places as chain places (the i-th chain rank's bit i)."""
        found = 0
        for i, place in enumerate(self.chain):
            if places >> place & 1:
                found |= 1 << i
        return found

    def laid(self, hand: int, cards: Sequence[int]) -> int:
        """The cards of ``hand`` that a legal play written as ``cards`` lays: of each
        rank, as many of the hand's lowest cards as it names (:meth:`held`), as a bit
        set."""
        parts = self.parts.get(tuple(cards))
        if parts is None:
            named: dict[int, int] = {}
            for card in cards:
                named[self.rank_of[card]] = named.get(self.rank_of[card], 0) + 1
            if len(self.parts) >= 100_000:
                self.parts.clear()
            parts = self.parts[tuple(cards)] = tuple((self.of_rank[place], count)
                                                     for place, count in named.items())
        mask = 0
        for cards_of_rank, count in parts:
            held = hand & cards_of_rank
            for _ in range(count):
                low = held & -held
                mask |= low
                held ^= low
        return mask

    # -- the legal plays --------------------------------------------------------------

    def legal_on(self, hand: int, table: Play | None, card: int = -1) -> list[Action]:
        """The labelled actions laying each play of ``hand`` that may be laid on
        ``table`` (None: on a clear table), in the order of :meth:`plays_on`; only those
        laying ``card`` when given."""
        if card >= 0:
            return [a for a in RankedTables.legal_on(self, hand, table) if card in a.cards]
        levels = self.levels(hand)
        found: list[Action] = []
        listers = self.listers
        if table is None:
            for level, lister in self.leads:
                if levels[level]:
                    lister(hand, levels, 0, -1, found)
            return found
        same = table.combination
        for index, judged in self.answers[same]:
            if judged:
                some: list[Action] = []
                listers[index](hand, levels, 0, -1, some)
                found.extend(a for a in some if self.beats(self._play(a), table))
            elif index == same:
                listers[index](hand, levels, table.length, table.key, found)
            else:
                listers[index](hand, levels, 0, -1, found)
        return found

    def _play(self, action: Action) -> Play:
        play = self.identify(action.cards, action.name)
        assert play is not None  # an action the tables made
        return play

    def _action(self, index: int, span: int, key: int,
                extra: tuple[tuple[int, int], ...]) -> Action:
        made = self.shaped.get((index, span, key, extra))
        if made is None:
            made = self._shape((index, span, key, extra))
        return made[0]

    def _row(self, index: int, span: int, key: int) -> list[Action | None]:
        row = self.rows.get((index, span, key))
        if row is None:
            row = self.rows[(index, span, key)] = [None] * len(self.of_rank)
        return row

    def _lister(self, index: int, kind: Combination) -> Lister:
        """What lists the plays of combination ``index``."""
        if kind.shape is _SHAPE_CARDS:
            return self._cards_lister(index)
        if kind.shape is _SHAPE_SAME_RANK:
            if kind.attach is None:
                return self._group_lister(index, kind)
            return self._attached_lister(index, kind)
        return self._chain_lister(index, kind)

    def _fits(self, size: int) -> int:
        """The ladder places an attachment of ``size`` cards may come from (it holds no
        bomb), as a bit set (worked out once per lister: a closure must not capture a
        variable assigned again, which mypyc refuses)."""
        fits = 0
        for place, limit in enumerate(self.limits):
            if limit > size and not any(set(n) <= {place} for n in self.named_bombs):
                fits |= 1 << place
        return fits

    def _cards_lister(self, index: int) -> Lister:
        places = self.named[index]
        wanted = tuple((place, places.count(place)) for place in sorted(set(places)))

        def lister(hand: int, levels: tuple[int, ...], length: int, above: int,
                   found: list[Action]) -> None:
            for place, count in wanted:
                if not levels[count] >> place & 1:
                    return
            found.append(self._action(index, 1, 0, ()))

        return lister

    def _group_lister(self, index: int, kind: Combination) -> Lister:
        size = kind.size
        row = self._row(index, 1, -1)

        def lister(hand: int, levels: tuple[int, ...], length: int, above: int,
                   found: list[Action]) -> None:
            cores = levels[size] & (-1 << (above + 1))
            while cores:
                low = cores & -cores
                cores ^= low
                key = low.bit_length() - 1
                action = row[key]
                if action is None:
                    action = row[key] = self._action(index, 1, key, ())
                found.append(action)

        return lister

    def _attached_lister(self, index: int, kind: Combination) -> Lister:
        size, attach = kind.size, kind.attach
        assert attach is not None
        single = attach.count(1) == 1
        fits = self._fits(attach.size)
        wide = attach.size

        def lister(hand: int, levels: tuple[int, ...], length: int, above: int,
                   found: list[Action]) -> None:
            cores = levels[size] & (-1 << (above + 1))
            if not cores:
                return
            singles = levels[wide] & fits
            while cores:
                low = cores & -cores
                cores ^= low
                key = low.bit_length() - 1
                if not single:
                    self._attach_all(index, kind, 1, key, (key,), hand, found)
                    continue
                row = self._row(index, 1, key)
                rest = singles & ~low
                while rest:
                    bit = rest & -rest
                    rest ^= bit
                    place = bit.bit_length() - 1
                    action = row[place]
                    if action is None:
                        action = row[place] = self._action(index, 1, key,
                                                           ((place, wide),))
                    found.append(action)

        return lister

    def _attach_all(self, index: int, kind: Combination, span: int, key: int,
                    core: tuple[int, ...], hand: int, found: list[Action]) -> None:
        """Append the actions of every choice of attachments to one core (the general
        search of :func:`~cardrules.families.climbing.tables._attachments`)."""
        assert kind.attach is not None
        counts = [(hand & m).bit_count() for m in self.of_rank]
        for extra in _attachments(kind.attach, span, counts, core, self.limits,
                                  self.named_bombs):
            found.append(self._action(index, span, key, extra))

    def _chain_lister(self, index: int, kind: Combination) -> Lister:
        size, attach, barred = kind.size, kind.attach, kind.not_from_whole_rank
        low_length, high_length = kind.min_length, kind.max_length
        chain, mask = self.chain, self.chain_mask
        first = chain[0] if chain else 0
        straight = chain == tuple(range(first, first + len(chain)))
        fits = self._fits(attach.size) if attach is not None else 0

        alike = {len(self.firsts[place]) for place in chain}
        whole_level = alike.pop() if len(alike) == 1 else 0  # every chain rank's cards

        def lister(hand: int, levels: tuple[int, ...], length: int, above: int,
                   found: list[Action]) -> None:
            held = levels[size] & mask
            if not held:
                return
            held = held >> first if straight else self._chained(held)
            run = held  # the chain places a run of ``span`` ranks starts at
            for span in range(2, low_length + 1):
                run &= held >> (span - 1)
                if not run:
                    return
            starts_ok = -1  # the chain places a chain may start at
            if barred:
                whole = (levels[whole_level] if whole_level else self._whole(levels)) & mask
                if whole:
                    starts_ok = ~(whole >> first if straight else self._chained(whole))
            for span in range(low_length, high_length + 1):
                if span > low_length:
                    run &= held >> (span - 1)
                    if not run:
                        return
                if length and span != length:
                    continue
                starts = run & starts_ok & (-1 << max(above - span + 2, 0))
                while starts:
                    bit = starts & -starts
                    starts ^= bit
                    start = bit.bit_length() - 1
                    key = start + span - 1
                    if attach is None:
                        row = self._row(index, span, -1)
                        action = row[key]
                        if action is None:
                            action = row[key] = self._action(index, span, key, ())
                        found.append(action)
                        continue
                    core = chain[start: key + 1]
                    if attach.count(span) != 1:
                        self._attach_all(index, kind, span, key, core, hand, found)
                        continue
                    rest = levels[attach.size] & fits
                    for place in core:
                        rest &= ~(1 << place)
                    while rest:
                        one = rest & -rest
                        rest ^= one
                        place = one.bit_length() - 1
                        found.append(self._action(index, span, key,
                                                  ((place, attach.size),)))

        return lister

