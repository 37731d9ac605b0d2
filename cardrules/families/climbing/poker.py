"""Five-card poker hands of the climbing family (Big Two's straights, flushes, full
houses, fours with a kicker and straight flushes): the runs a straight may make, every
such hand a set of cards allows, how two hands of one type compare, and how many there
are (for the action space and the bound on legal actions).

Each hand is found as ``(key, tie, cards)``: two hands of one type compare by ``key``,
then by ``tie`` (a suit's place in ``suit_order``); its cards are written in the order the
game lists the play (a straight along its run, a flush from its lowest card, a full
house's three cards before its pair, the four before the kicker).

>>> from cardrules.cards import Pack, bits, count
>>> from cardrules.families.climbing.model import ClimbingPlay, Combination, Shape
>>> pack = Pack(ranks=("3", "4", "5", "6", "7", "8"), suits=("D", "C", "H", "S"))
>>> rules = ClimbingPlay(procedure="climbing", suit_order=["D", "C", "H", "S"],
...                      combinations=[Combination(name="straight", shape=Shape.STRAIGHT)])
>>> poker = PokerTables.compile(rules, pack, tuple(pack.rank(c) for c in pack.cards),
...                             tuple(range(6)))
>>> poker.runs
((0, 1, 2, 3, 4), (1, 2, 3, 4, 5))
>>> hand = [tuple(c for c in pack.cards if pack.rank(c) == r) for r in range(6)]
>>> held = [cards[:1] for cards in hand[:5]] + [()]  # one diamond 3 to 7
>>> list(poker.hands(Shape.STRAIGHT, held)), len(list(poker.hands(Shape.STRAIGHT_FLUSH, held)))
([], 1)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, product
from math import comb
from typing import Final, Protocol

import attrs

from cardrules.actions import Action
from cardrules.cards import Pack, bits, count
from cardrules.families.climbing.model import ClimbingPlay, FlushOrder, Shape

__all__ = ["FLUSHES_KEPT", "SLOTS_MOST", "HandMaker", "PokerTables", "count_hands",
           "hands_bound", "runs_of", "shape_bit"]

# Enum members read in functions, as module constants: compiled, each is a C static (on
# Python 3.11 an enum class's attribute costs a slow lookup: EnumType has a __getattr__).
_STRAIGHT: Final = Shape.STRAIGHT
_STRAIGHT_FLUSH: Final = Shape.STRAIGHT_FLUSH
_FLUSH: Final = Shape.FLUSH
_FULL_HOUSE: Final = Shape.FULL_HOUSE
_FOUR_AND_ONE: Final = Shape.FOUR_AND_ONE

_STRAIGHT_BIT: Final = 1
_FLUSH_BIT: Final = 2
_FULL_HOUSE_BIT: Final = 4
_FOUR_AND_ONE_BIT: Final = 8
_STRAIGHT_FLUSH_BIT: Final = 16

FLUSHES_KEPT: Final = 50_000
"""The most sets of one suit's cards whose flushes :class:`PokerTables` keeps worked out
(emptied when full, so that a long simulation stays bounded)."""

SLOTS_MOST: Final = 1 << 17
"""The most slots (:meth:`PokerTables.slot_count`) one shape's hands are numbered into;
a shape of more is searched for by :meth:`PokerTables.hands` alone."""

Found = tuple[int, int, tuple[int, ...]]
"""A hand found: its key, its tie and its cards."""


class HandMaker(Protocol):
    """What makes the action of a five-card hand :meth:`PokerTables.add_hands` finds
    for the first time."""

    def five_card_made(self, index: int, key: int, tie: int,
                       cards: tuple[int, ...]) -> Action:
        """The action laying ``cards``, a hand of combination ``index`` of this key and
        tie."""


def runs_of(play: ClimbingPlay, ranks: Sequence[str],
            chain: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """The ladder places of each run a straight may make, lowest run first, each from its
    lowest rank to its top card: the rules' ``straights``, or every five consecutive chain
    ranks (``chain``: their ladder places).

    >>> from cardrules.families.climbing.model import Combination
    >>> rules = ClimbingPlay(procedure="climbing", straights=["A 2 3 4 5"],
    ...                      combinations=[Combination(name="s", shape=Shape.STRAIGHT)])
    >>> runs_of(rules, ("3", "4", "5", "A", "2"), ())
    ((3, 4, 0, 1, 2),)
    """
    if play.straights:
        upper = [str(r).upper() for r in ranks]
        return tuple(tuple(upper.index(r.upper()) for r in run.split())
                     for run in play.straights)
    return tuple(tuple(chain[top - 4: top + 1]) for top in range(4, len(chain)))


@attrs.frozen(kw_only=True)
class PokerTables:
    """What finding and comparing five-card hands looks up."""

    runs: tuple[tuple[int, ...], ...]
    """Each run of ranks a straight may make (ladder places, its top card last), lowest
    run first."""
    run_of: dict[frozenset[int], int]
    """A run's set of ranks -> its place among the runs."""
    suit_place: tuple[int, ...]
    """Per card, its suit's place in the suit order, lowest 0 (the pack's order when the
    rules give none)."""
    rank_of: tuple[int, ...]
    """Per card, its ladder place (-1: none)."""
    places: int
    """Ladder places (ranks)."""
    suit_first: bool
    """Flushes compare by suit first."""
    suits: int
    """Suits of the pack."""
    run_places: tuple[int, ...] = ()
    """Per run, its ladder places as a bit set."""
    suit_masks: tuple[int, ...] = ()
    """Per suit place, the pack's cards of that place (:attr:`suit_place`) that have a
    ladder place, as a bit set."""
    rank_masks: tuple[int, ...] = ()
    """Per ladder place (those of ``rank_of``), the pack's cards of that place as a bit
    set."""
    flushes_of: dict[int, tuple[Found, ...]] = attrs.Factory(dict)
    """Five cards or more of one suit (a bit set) -> every flush they make (filled on
    first use, at most :data:`FLUSHES_KEPT`)."""
    width: int = 0
    """Where each ladder place holds one card of each suit (a hand's cards then told by
    their ranks and their places within their ranks), the suits; 0 otherwise (no hand
    is numbered: :meth:`slot_count`)."""
    position: tuple[int, ...] = ()
    """Per card, its place among its rank's cards, lowest card first (-1: no rank)."""
    by_suit: tuple[tuple[int, ...], ...] = ()
    """Where :attr:`width` is set, per suit place, its cards by ladder place."""
    colex: tuple[tuple[int, ...], ...] = ()
    """``colex[i][n]``: the ways to choose ``i + 1`` of ``n`` (``comb(n, i + 1)``, for
    ``i`` up to 4): what the ``i``-th lowest of a set of places adds to the set's
    colexicographic rank."""
    run_codes: tuple[bool, ...] = ()
    """Per set of five ladder places (by its colexicographic rank), whether it is a
    run a straight may make."""

    @classmethod
    def compile(cls, play: ClimbingPlay, pack: Pack, rank_of: Sequence[int],
                chain: Sequence[int]) -> PokerTables:
        """The tables of ``play``'s rules for ``pack`` (``rank_of``: each card's ladder
        place; ``chain``: the chain ranks' places)."""
        runs = runs_of(play, pack.ranks, chain)
        order = [str(s).upper() for s in (play.suit_order or pack.suits)]
        names = [str(s).upper() for s in pack.suits]
        place = [order.index(names[pack.suit(c)]) if 0 <= pack.suit(c) < len(names) else 0
                 for c in range(pack.size)]
        masks = [0] * max(len(pack.suits), 1)
        ranked = [0] * (max(rank_of, default=-1) + 1)
        for c, p in enumerate(place):
            if rank_of[c] >= 0:
                masks[p] |= 1 << c
                ranked[rank_of[c]] |= 1 << c
        position = [-1] * len(place)
        for cards in ranked:
            for i, c in enumerate(bits(cards)):
                position[c] = i
        suits = len(pack.suits)
        grid = len(ranked) == len(pack.ranks) and all(
            sorted(place[c] for c in bits(cards)) == list(range(suits)) for cards in ranked)
        by_suit = tuple(tuple(c for cards in ranked for c in bits(cards) if place[c] == p)
                        for p in range(suits)) if grid else ()
        run_codes = [False] * comb(len(pack.ranks), 5)
        for run in runs:
            run_codes[_colex_code(run)] = True
        return cls(runs=runs, run_of={frozenset(r): i for i, r in enumerate(runs)},
                   suit_masks=tuple(masks), rank_masks=tuple(ranked),
                   run_places=tuple(_places(run) for run in runs),
                   suit_place=tuple(place), rank_of=tuple(rank_of), places=len(pack.ranks),
                   suit_first=play.flush_order is FlushOrder.SUIT_FIRST,
                   suits=suits, width=suits if grid else 0, position=tuple(position),
                   by_suit=by_suit,
                   colex=tuple(tuple(comb(n, i + 1) for n in range(max(len(ranked), suits) + 1))
                               for i in range(5)),
                   run_codes=tuple(run_codes))

    def makes(self, hand: int) -> int:
        """The shapes of hand the cards ``hand`` (a bit set) may make, as a bit set of
        their :func:`shape_bit`: a cheap test on the hand's counts of each rank and
        suit that leaves out, before any search, the shapes it cannot make (a straight
        flush passes when the hand makes both a straight's run and five of a suit)."""
        present = pairs = threes = fours = 0
        for place, cards in enumerate(self.rank_masks):
            part = hand & cards
            if part:
                present |= 1 << place
                part &= part - 1
                if part:
                    pairs |= 1 << place
                    part &= part - 1
                    if part:
                        threes |= 1 << place
                        if part & (part - 1):
                            fours |= 1 << place
        found = 0
        for needed in self.run_places:
            if present & needed == needed:
                found |= _STRAIGHT_BIT
                break
        for cards in self.suit_masks:
            if count(hand & cards) >= 5:
                found |= _FLUSH_BIT
                break
        if found & _STRAIGHT_BIT and found & _FLUSH_BIT and self._runs_of_one_suit(hand):
            found |= _STRAIGHT_FLUSH_BIT
        if threes and pairs & (pairs - 1):  # a rank of three and another of two
            found |= _FULL_HOUSE_BIT
        if fours and present & (present - 1):  # a rank of four and another card
            found |= _FOUR_AND_ONE_BIT
        return found

    def _runs_of_one_suit(self, hand: int) -> bool:
        """Whether the cards ``hand`` of some one suit go through every rank of a run a
        straight may make."""
        for suit_cards in self.suit_masks:
            cards = hand & suit_cards
            if count(cards) < 5:
                continue
            present = 0
            for place, ranked in enumerate(self.rank_masks):
                if cards & ranked:
                    present |= 1 << place
            for needed in self.run_places:
                if present & needed == needed:
                    return True
        return False

    def hands(self, shape: Shape, held: Sequence[tuple[int, ...]],
              above: int = -1, mask: int = -1) -> Iterator[tuple[int, int, tuple[int, ...]]]:
        """Every hand of ``shape`` that the cards ``held`` (per ladder place, the cards of
        that rank; ``mask``: the same cards as a bit set, when known) make, with a key
        above ``above``, as ``(key, tie, cards)``."""
        if shape is _STRAIGHT or shape is _STRAIGHT_FLUSH:
            yield from self._straights(held, above, shape is _STRAIGHT_FLUSH)
        elif shape is _FLUSH:
            if mask < 0:
                mask = sum(1 << c for cards in held for c in cards)
            yield from self._flushes(mask, above)
        elif shape is _FULL_HOUSE:
            yield from self._full_houses(held, above)
        elif shape is _FOUR_AND_ONE:
            yield from self._fours(held, above)

    def slot_count(self, shape: Shape) -> int:
        """How many slots the hands of ``shape`` are numbered into for
        :meth:`add_hands` (0: they are not numbered: no :attr:`width`, or too many)."""
        width, places = self.width, self.places
        if not width:
            return 0
        slots = 0
        if shape is _STRAIGHT or shape is _STRAIGHT_FLUSH:
            slots = len(self.runs) * width ** 5
        elif shape is _FLUSH:
            slots = width * comb(places, 5)
        elif shape is _FULL_HOUSE:
            slots = places * places * comb(width, 3) * comb(width, 2)
        elif shape is _FOUR_AND_ONE:
            slots = places * places * comb(width, 4) * width
        return slots if slots <= SLOTS_MOST else 0

    def add_hands(self, index: int, shape: Shape, held: Sequence[tuple[int, ...]],
                  hand: int, above: int, low_key: int, low_tie: int, card: int,
                  slots: list[Action | None], found: list[Action],
                  maker: HandMaker) -> None:
        """Append to ``found`` the action of every hand of ``shape`` (combination
        ``index``) that the cards ``hand`` make (``held``: per ladder place, its cards
        lowest first), in :meth:`hands`' order, of those with a key above ``above``
        only those above ``low_key``, or as high and of a tie above ``low_tie``, and
        only those laying ``card`` when given (-1: any). Each action is kept in
        ``slots`` (of :meth:`slot_count`) at its hand's number, told by its cards' ranks
        and places within their ranks, without a tuple or a look-up by key; ``maker``
        makes it the first time."""
        if shape is _STRAIGHT or shape is _STRAIGHT_FLUSH:
            self._add_straights(index, held, above, low_key, low_tie, card,
                                shape is _STRAIGHT_FLUSH, slots, found, maker)
        elif shape is _FLUSH:
            self._add_flushes(index, hand, above, low_key, low_tie, card, slots, found,
                              maker)
        elif shape is _FULL_HOUSE:
            self._add_full_houses(index, held, above, low_key, low_tie, card, slots,
                                  found, maker)
        elif shape is _FOUR_AND_ONE:
            self._add_fours(index, held, above, low_key, low_tie, card, slots, found,
                            maker)

    def _add_straights(self, index: int, held: Sequence[tuple[int, ...]], above: int,
                       low_key: int, low_tie: int, card: int, suited: bool,
                       slots: list[Action | None], found: list[Action],
                       maker: HandMaker) -> None:
        """:meth:`add_hands` of the straights (``suited``: the straight flushes), run by
        run, each choice of a card of each of its ranks in turn; a hand's number is its
        run's, then each card's place within its rank, a digit of :attr:`width`."""
        place, position, width = self.suit_place, self.position, self.width
        present = 0  # the ladder places held, as a bit set
        for r, cards in enumerate(held):
            if cards:
                present |= 1 << r
        w2 = width * width
        w3 = w2 * width
        w4 = w3 * width
        at = -1  # the ladder place of ``card``, as a bit set (-1: any place)
        if card >= 0:
            at = 1 << self.rank_of[card] if self.rank_of[card] >= 0 else 0
        for key, run in enumerate(self.runs):
            needed = self.run_places[key]
            if key <= above or key < low_key or present & needed != needed or \
                    not needed & at:
                continue
            base = key * w4 * width
            for a in held[run[0]]:
                sa = base + position[a] * w4
                for b in held[run[1]]:
                    sb = sa + position[b] * w3
                    for c in held[run[2]]:
                        sc = sb + position[c] * w2
                        for d in held[run[3]]:
                            sd = sc + position[d] * width
                            for e in held[run[4]]:
                                tie = place[e]
                                if (place[a] == tie and place[b] == tie and place[c] == tie
                                        and place[d] == tie) != suited or (
                                        key == low_key and tie <= low_tie) or (
                                        card >= 0 and card != a and card != b
                                        and card != c and card != d and card != e):
                                    continue
                                slot = sd + position[e]
                                action = slots[slot]
                                if action is None:
                                    action = slots[slot] = maker.five_card_made(
                                        index, key, tie, (a, b, c, d, e))
                                found.append(action)

    def _add_flushes(self, index: int, hand: int, above: int, low_key: int, low_tie: int,
                     card: int, slots: list[Action | None], found: list[Action],
                     maker: HandMaker) -> None:
        """:meth:`add_hands` of the flushes, suit by suit in the suit order, each choice
        of five of the suit's cards (by rank) in turn, straight flushes left out; a
        hand's number is its suit's place, then its ranks' colexicographic rank."""
        rank_of, run_codes = self.rank_of, self.run_codes
        c1, c2, c3, c4, c5 = self.colex
        codes = comb(self.places, 5)
        for suit, ordered in enumerate(self.by_suit):
            if count(hand & self.suit_masks[suit]) < 5 or (
                    card >= 0 and self.suit_place[card] != suit):
                continue
            cards = [c for c in ordered if hand >> c & 1]
            ranks = [rank_of[c] for c in cards]
            n = len(cards)
            base = suit * codes
            for i in range(n - 4):
                k1 = c1[ranks[i]]
                for j in range(i + 1, n - 3):
                    k2 = k1 + c2[ranks[j]]
                    for k in range(j + 1, n - 2):
                        k3 = k2 + c3[ranks[k]]
                        for m in range(k + 1, n - 1):
                            k4 = k3 + c4[ranks[m]]
                            for last in range(m + 1, n):
                                code = k4 + c5[ranks[last]]
                                if run_codes[code]:
                                    continue  # a straight flush
                                key, tie = (base + code, 0) if self.suit_first else (code, suit)
                                if key <= above or key < low_key or (
                                        key == low_key and tie <= low_tie) or (
                                        card >= 0 and card != cards[i] and card != cards[j]
                                        and card != cards[k] and card != cards[m]
                                        and card != cards[last]):
                                    continue
                                action = slots[base + code]
                                if action is None:
                                    action = slots[base + code] = maker.five_card_made(
                                        index, key, tie,
                                        (cards[i], cards[j], cards[k], cards[m], cards[last]))
                                found.append(action)

    def _add_full_houses(self, index: int, held: Sequence[tuple[int, ...]], above: int,
                         low_key: int, low_tie: int, card: int, slots: list[Action | None],
                         found: list[Action], maker: HandMaker) -> None:
        """:meth:`add_hands` of the full houses, by the rank of their three, each three of
        it, then each pair of another rank; a hand's number is its two ranks', then the
        colexicographic rank of its three's places within their rank, then its pair's."""
        position, places = self.position, self.places
        c1, c2, c3 = self.colex[0], self.colex[1], self.colex[2]
        threes_of, pairs_of = c3[self.width], c2[self.width]  # of a rank's cards
        for r, cards in enumerate(held):
            n = len(cards)
            if r <= above or r < low_key or (r == low_key and low_tie >= 0) or n < 3:
                continue  # (each full house's tie is 0)
            for i in range(n - 2):
                t1 = c1[position[cards[i]]]
                for j in range(i + 1, n - 1):
                    t2 = t1 + c2[position[cards[j]]]
                    for k in range(j + 1, n):
                        three = t2 + c3[position[cards[k]]]
                        for other, pairs in enumerate(held):
                            m = len(pairs)
                            if other == r or m < 2:
                                continue
                            base = ((r * places + other) * threes_of + three) * pairs_of
                            for x in range(m - 1):
                                u = base + c1[position[pairs[x]]]
                                for y in range(x + 1, m):
                                    if card >= 0 and card != cards[i] and card != cards[j] \
                                            and card != cards[k] and card != pairs[x] \
                                            and card != pairs[y]:
                                        continue
                                    slot = u + c2[position[pairs[y]]]
                                    action = slots[slot]
                                    if action is None:
                                        action = slots[slot] = maker.five_card_made(
                                            index, r, 0, (cards[i], cards[j], cards[k],
                                                          pairs[x], pairs[y]))
                                    found.append(action)

    def _add_fours(self, index: int, held: Sequence[tuple[int, ...]], above: int,
                   low_key: int, low_tie: int, card: int, slots: list[Action | None],
                   found: list[Action], maker: HandMaker) -> None:
        """:meth:`add_hands` of the fours with a kicker, by the rank of their four, each
        four of it, then each card of another rank; a hand's number is its two ranks',
        then the colexicographic rank of its four's places within their rank, then its
        kicker's place within its rank."""
        position, places, width = self.position, self.places, self.width
        c1, c2, c3, c4 = self.colex[0], self.colex[1], self.colex[2], self.colex[3]
        fours_of = c4[width]  # of a rank's cards
        for r, cards in enumerate(held):
            n = len(cards)
            if r <= above or r < low_key or (r == low_key and low_tie >= 0) or n < 4:
                continue  # (each four's tie is 0)
            for i in range(n - 3):
                f1 = c1[position[cards[i]]]
                for j in range(i + 1, n - 2):
                    f2 = f1 + c2[position[cards[j]]]
                    for k in range(j + 1, n - 1):
                        f3 = f2 + c3[position[cards[k]]]
                        for m in range(k + 1, n):
                            four = f3 + c4[position[cards[m]]]
                            for other, kickers in enumerate(held):
                                if other == r:
                                    continue
                                base = ((r * places + other) * fours_of + four) * width
                                for kicker in kickers:
                                    if card >= 0 and card != cards[i] and card != cards[j] \
                                            and card != cards[k] and card != cards[m] \
                                            and card != kicker:
                                        continue
                                    slot = base + position[kicker]
                                    action = slots[slot]
                                    if action is None:
                                        action = slots[slot] = maker.five_card_made(
                                            index, r, 0, (cards[i], cards[j], cards[k],
                                                          cards[m], kicker))
                                    found.append(action)

    def _straights(self, held: Sequence[tuple[int, ...]], above: int,
                   suited: bool) -> Iterator[tuple[int, int, tuple[int, ...]]]:
        place = self.suit_place
        present = 0  # the ladder places held, as a bit set
        for r, cards in enumerate(held):
            if cards:
                present |= 1 << r
        runs = self.run_places or tuple(_places(run) for run in self.runs)
        for key, run in enumerate(self.runs):
            needed = runs[key]
            if key <= above or present & needed != needed:
                continue
            for cards in product(*(held[r] for r in run)):
                if _one_suit(cards, place) == suited:
                    yield key, place[cards[-1]], cards

    def _flush_key(self, cards: Sequence[int]) -> tuple[int, int]:
        """A flush's key and tie: the place of its set of ranks in the order that compares
        the highest rank first, then the next... (their colexicographic rank), and its
        suit (before that, when flushes compare by suit first)."""
        ranks = sorted(self.rank_of[c] for c in cards)
        code = sum(comb(r, i + 1) for i, r in enumerate(ranks))
        suit = self.suit_place[cards[0]]
        if self.suit_first:
            return suit * comb(self.places, 5) + code, 0
        return code, suit

    def _flushes(self, mask: int, above: int) -> Iterator[tuple[int, int, tuple[int, ...]]]:
        """The flushes of the cards ``mask``, suit by suit in the suit order."""
        for suit_cards in self.suit_masks:
            part = mask & suit_cards
            if count(part) < 5:
                continue
            found = self.flushes_of.get(part)
            if found is None:
                rank_of = self.rank_of
                suited = tuple(sorted(bits(part), key=lambda c: (rank_of[c], c)))
                found = self._flushes_in(suited)
                if len(self.flushes_of) >= FLUSHES_KEPT:
                    self.flushes_of.clear()
                self.flushes_of[part] = found
            for key, tie, chosen in found:
                if key > above:
                    yield key, tie, chosen

    def _flushes_in(self, suited: tuple[int, ...]) -> tuple[Found, ...]:
        """Every flush of five of the cards ``suited`` (of one suit), straight flushes
        left out."""
        found = []
        for chosen in combinations(suited, 5):
            if frozenset(self.rank_of[c] for c in chosen) in self.run_of:
                continue  # a straight flush
            key, tie = self._flush_key(chosen)
            found.append((key, tie, chosen))
        return tuple(found)

    @staticmethod
    def _full_houses(held: Sequence[tuple[int, ...]],
                     above: int) -> Iterator[tuple[int, int, tuple[int, ...]]]:
        for r, cards in enumerate(held):
            if r <= above or len(cards) < 3:
                continue
            for three in combinations(cards, 3):
                for other, pairs in enumerate(held):
                    if other == r or len(pairs) < 2:
                        continue
                    for two in combinations(pairs, 2):
                        yield r, 0, three + two

    @staticmethod
    def _fours(held: Sequence[tuple[int, ...]],
               above: int) -> Iterator[tuple[int, int, tuple[int, ...]]]:
        for r, cards in enumerate(held):
            if r <= above or len(cards) < 4:
                continue
            for four in combinations(cards, 4):
                for other, kickers in enumerate(held):
                    if other != r:
                        for kicker in kickers:
                            yield r, 0, (*four, kicker)


def _one_suit(cards: tuple[int, ...], place: tuple[int, ...]) -> bool:
    """Whether ``cards`` are all of one suit (``place``: per card, its suit's place)."""
    suit = place[cards[0]]
    return all(place[card] == suit for card in cards)


def shape_bit(shape: Shape) -> int:
    """The bit standing for ``shape`` in :meth:`PokerTables.makes`' answer (0: not a
    five-card hand).

    >>> shape_bit(Shape.FLUSH), shape_bit(Shape.SAME_RANK)
    (2, 0)
    """
    if shape is _STRAIGHT:
        return _STRAIGHT_BIT
    if shape is _FLUSH:
        return _FLUSH_BIT
    if shape is _FULL_HOUSE:
        return _FULL_HOUSE_BIT
    if shape is _FOUR_AND_ONE:
        return _FOUR_AND_ONE_BIT
    if shape is _STRAIGHT_FLUSH:
        return _STRAIGHT_FLUSH_BIT
    return 0


def _colex_code(places: Sequence[int]) -> int:
    """The colexicographic rank of a set of ``places`` among the sets of as many: the
    flushes' order, the highest place first, then the next...

    >>> _colex_code((0, 1, 2, 3, 4)), _colex_code((5, 3, 2, 1, 0)), _colex_code((1, 2, 3, 4, 5))
    (0, 1, 5)
    """
    return sum(comb(r, i + 1) for i, r in enumerate(sorted(places)))


def _places(run: Sequence[int]) -> int:
    """The ladder places ``run`` goes through, as a bit set."""
    found = 0
    for r in run:
        found |= 1 << r
    return found


def count_hands(shape: Shape, runs: int, run_sets: int, ranks: int, suits: int) -> int:
    """How many hands of ``shape`` a whole pack of ``ranks`` ranks of ``suits`` suits
    holds, with ``runs`` runs a straight may make (``run_sets`` of them distinct as
    sets of ranks).

    >>> [count_hands(s, 9, 9, 13, 4) for s in (Shape.STRAIGHT, Shape.FLUSH,
    ...  Shape.FULL_HOUSE, Shape.FOUR_AND_ONE, Shape.STRAIGHT_FLUSH)]
    [9180, 5112, 3744, 624, 36]
    """
    if shape is Shape.STRAIGHT:
        return runs * (suits ** 5 - suits)
    if shape is Shape.STRAIGHT_FLUSH:
        return runs * suits
    if shape is Shape.FLUSH:
        return suits * (comb(ranks, 5) - run_sets)
    if shape is Shape.FULL_HOUSE:
        return ranks * comb(suits, 3) * (ranks - 1) * comb(suits, 2)
    if shape is Shape.FOUR_AND_ONE:
        return ranks * comb(suits, 4) * (ranks - 1) * suits
    return 0


def _most_product(total: int, parts: int, most: int) -> int:
    """The largest product of ``parts`` whole numbers, each at most ``most``, adding up to
    at most ``total``."""
    total = min(total, parts * most)
    low, extra = divmod(total, parts)
    product: int = (low + 1) ** extra * low ** (parts - extra)
    return product


def hands_bound(shapes: Sequence[Shape], runs: Sequence[Sequence[int]], ranks: int,
                suits: int, held: int) -> int:
    """An upper bound on the hands of ``shapes`` that ``held`` cards make at once (each
    set of five cards makes one hand at most).

    >>> shapes = [Shape.STRAIGHT, Shape.FLUSH, Shape.FULL_HOUSE, Shape.FOUR_AND_ONE,
    ...           Shape.STRAIGHT_FLUSH]
    >>> runs = [tuple(range(top - 4, top + 1)) for top in range(4, 13)]
    >>> hands_bound(shapes, runs, 13, 4, 13), hands_bound(shapes, runs, 13, 4, 18)
    (1287, 4710)
    """
    total = 0
    if Shape.STRAIGHT in shapes or Shape.STRAIGHT_FLUSH in shapes:
        # A run's cards number at most its five ranks' cards multiplied; each rank lies in
        # at most ``most`` runs, so the runs' cards together number at most most * held;
        # a run's product grows faster than its cards, so it is largest at the cap.
        most = max((sum(1 for run in runs if r in run) for r in range(ranks)), default=0)
        cap = min(held, 5 * suits)
        if cap and most:
            best = _most_product(cap, 5, suits)
            total += min(len(runs) * best, most * held * best // cap)
    if Shape.FLUSH in shapes:
        whole, rest = divmod(held, ranks)
        total += min(whole, suits) * comb(ranks, 5) + (comb(rest, 5) if whole < suits else 0)
    if Shape.FULL_HOUSE in shapes:
        total += (held * comb(suits, 3) // suits) * (held * comb(suits, 2) // suits)
    if Shape.FOUR_AND_ONE in shapes:
        total += (held * comb(suits, 4) // suits) * max(held - 4, 0)
    return min(total, comb(held, 5))
