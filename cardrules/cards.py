"""Cards, packs and card sets.

A card is a small int: ``suit * len(ranks) + rank``, where ``rank`` is the card's
position on the pack's ladder (0 = lowest).  A pack may also hold *extra* cards outside
that grid (jokers): they are numbered after it, in the order the pack lists them, and
have no suit and no rank (:meth:`Pack.suit` and :meth:`Pack.rank` give :data:`NONE`).
A set of cards is an int bit set, bit ``c`` standing for card ``c``; this keeps hands
cheap to copy and compare.

>>> pack = Pack(ranks=("6", "7", "8", "9", "J", "Q", "K", "10", "A"), suits=("S", "H", "D", "C"))
>>> pack.size
36
>>> card = pack.parse("10H")
>>> pack.name(card), pack.rank(card), pack.suit(card)
('10H', 7, 1)
>>> pack.names(pack.cards_of(mask_of([card, pack.parse("AS")])))
('AS', '10H')
>>> jokers = Pack(ranks=("9", "A"), suits=("S", "H"), extra=("RJ", "BJ"))
>>> jokers.size, jokers.grid, jokers.parse("bj"), jokers.suit(5), jokers.rank(5)
(6, 4, 5, -1, -1)
>>> jokers.names(jokers.cards_of(jokers.full))
('AS', '9S', 'AH', '9H', 'RJ', 'BJ')

A pack may hold several *copies* of a face: ``copies=2`` deals every card of rank x suit
twice (two packs in one), and a :class:`Face` outside rank x suit declares its own name,
how many copies, and optionally a suit (colour) and a rank (symbol) from the pack's.
Copies are distinct card numbers, so bit sets still work, sharing one face: :meth:`Pack.name`
gives the face's name (``9S`` for each copy), :meth:`Pack.label` a name of the card's own
(``9S``, ``9S/2``...) that :meth:`Pack.parse` reads back exactly, and :meth:`Pack.canonical`
rewrites cards so that which copy is meant never matters (the i-th card of a face named
is that face's i-th copy): the engine offers and reads actions in that form.

>>> two = Pack(ranks=("9", "A"), suits=("S",), copies=2, custom=(Face(name="W", count=2),))
>>> two.size, two.names(range(two.size)), two.labels(range(two.size))
(6, ('9S', 'AS', '9S', 'AS', 'W', 'W'), ('9S', 'AS', '9S/2', 'AS/2', 'W', 'W/2'))
>>> two.parse("9s"), two.parse("9S/2"), two.canonical((3, 5, 1, 2))
(0, 2, (1, 4, 3, 0))
>>> bin(two.canonical_mask(0b101100)), two.suit_mask(0) == 0b1111
('0b10011', True)
"""

from __future__ import annotations

import array
import hashlib
import sys
from collections.abc import Callable, Iterable
from typing import Final, TypeVar

import attrs

from cardrules.engine.native import compiled, in_c
from cardrules.errors import NotationError

__all__ = ["COPY_MARK", "NONE", "Face", "Pack", "any_set", "at_cards", "bits", "by_keys",
           "count", "deal_round", "mask_of", "nth_card", "shuffled", "subsets"]

T = TypeVar("T")


NONE = -1
"""The suit and the rank of an extra card (one outside rank x suit, such as a joker)."""


COPY_MARK = "/"
"""What separates a face's name from a copy's number in a card's :meth:`Pack.label`
(``9S/2``: the second copy of ``9S``)."""


@attrs.frozen(kw_only=True)
class Face:
    """A card face outside rank x suit, declared with its own name (a wild card ``W``),
    how many copies the pack holds, and optionally a suit (a colour) and a rank (a symbol) of the
    pack's, by index, which suit- or rank-matching rules then see (:meth:`Pack.suit`,
    :meth:`Pack.rank`).

    >>> Face(name="W", count=4).suit == NONE
    True
    """

    name: str
    """The face's name in the notation (``play W``)."""
    count: int = 1
    """How many copies of it the pack holds."""
    suit: int = -1
    """Suit index (colour), or :data:`NONE`."""
    rank: int = -1
    """Rank index on the ladder (symbol), or :data:`NONE`."""


def mask_of(cards: Iterable[int]) -> int:
    """The bit set holding ``cards``.

    >>> bin(mask_of([0, 3]))
    '0b1001'
    """
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def shuffled(seed: int, size: int) -> list[int]:
    """The cards ``0 .. size-1`` in an order fixed by ``seed`` (a 64-bit int).

    Each card gets a 64-bit sort key from SHAKE-256 of the seed, and the cards are sorted
    by key (:func:`by_keys`): every order is equally likely unless two keys tie
    (probability below ``size**2 / 2**65``; a tie keeps the lower card first).  The same
    seed gives the same order on every platform and Python version, at about half the cost
    of seeding a ``random.Random`` and shuffling with it.

    >>> shuffled(7, 6) == shuffled(7, 6) != shuffled(8, 6)
    True
    >>> sorted(shuffled(7, 36)) == list(range(36))
    True
    """
    return by_keys(hashlib.shake_256(seed.to_bytes(8, "big")).digest(8 * size), size)


def by_keys(digest: bytes, size: int) -> list[int]:
    """The cards ``0 .. size-1`` sorted by their keys, card ``c``'s key the 64-bit
    little-endian number at bytes ``8c .. 8c+7`` of ``digest``, a tie keeping the lower
    card first: :func:`shuffled`'s order.  The compiled build sorts them in C
    (``cardrules/_keys.c``: a counting sort by the keys' top bits, then an insertion sort
    of the few cards sharing a bucket), the pure build with :func:`sorted`.

    >>> by_keys(bytes([0, 0, 0, 0, 0, 0, 0, 9] + [0, 0, 0, 0, 0, 0, 0, 2]), 2)
    [1, 0]
    """
    if _SORT_IN_C is not None:
        return _SORT_IN_C(digest, size)
    if not 0 <= 8 * size <= len(digest):
        raise ValueError(f"by_keys() needs 8 bytes of digest a card: {len(digest)} bytes "
                         f"for {size} cards")
    keys = array.array("Q", digest[:8 * size])
    if sys.byteorder == "big":  # read the keys as little-endian everywhere
        keys.byteswap()
    return sorted(range(size), key=keys.tolist().__getitem__)


def deal_round(stock: list[int], players: int, first: int, each: int, *,
               step: int = 1) -> list[int]:
    """Deal ``each`` cards to every player one at a time, ``first`` first then clockwise
    (``step=-1``: counter-clockwise), from the end of ``stock`` (which loses them); the
    hands as bit sets.

    >>> stock = [0, 1, 2, 3, 4, 5]
    >>> [bin(h) for h in deal_round(stock, 2, 1, 2)], stock
    (['0b10100', '0b101000'], [0, 1])
    >>> [bin(h) for h in deal_round([0, 1, 2, 3, 4, 5], 3, 0, 1, step=-1)]
    ['0b100000', '0b1000', '0b10000']
    """
    dealt = stock[len(stock) - players * each:][::-1]
    del stock[len(stock) - players * each:]
    hands = [0] * players
    for j in range(players):
        hand = 0
        for card in dealt[j::players]:
            hand |= 1 << card
        hands[(first + step * j) % players] = hand
    return hands


def bits(mask: int) -> list[int]:
    """The cards of a bit set, lowest card number first, as a new list (compiled, a loop
    over a list costs a fraction of one over a generator).

    >>> bits(0b1010)
    [1, 3]
    """
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def at_cards(table: tuple[T, ...], mask: int) -> list[T]:
    """The entries of ``table`` (one per card number) at the cards of the bit set
    ``mask``, lowest card first, as a new list: ``[table[c] for c in bits(mask)]`` in one
    compiled loop, with no list of card numbers made first (a phase's legal actions
    from a hand, at every step).

    >>> at_cards(("a", "b", "c", "d"), 0b1010)
    ['b', 'd']
    """
    out: list[T] = []
    while mask:
        low = mask & -mask
        out.append(table[low.bit_length() - 1])
        mask ^= low
    return out


def subsets(mask: int, size: int) -> list[int]:
    """Every set of ``size`` cards of the bit set ``mask``, as bit sets, in the order
    ``itertools.combinations`` gives them over its cards lowest first: compiled, loops
    over whole numbers, with no tuple made per set and none added up (the answers of
    several cards a hand may lay, asked at every step of a game that leads sets).

    >>> subsets(0b1011, 2), subsets(0b1011, 3), subsets(0b1011, 4), subsets(0b11, 0)
    ([3, 9, 10], [11], [], [0])
    """
    singles: list[int] = []
    while mask:
        low = mask & -mask
        singles.append(low)
        mask ^= low
    n = len(singles)
    if size == 0:
        return [0]
    out: list[int] = []
    if size < 0 or size > n:
        return out
    picks = list(range(size))
    while True:
        chosen = 0
        for i in picks:
            chosen |= singles[i]
        out.append(chosen)
        k = size - 1
        while k >= 0 and picks[k] == k + n - size:
            k -= 1
        if k < 0:
            return out
        picks[k] += 1
        for j in range(k + 1, size):
            picks[j] = picks[j - 1] + 1


def nth_card(mask: int, index: int) -> int:
    """The card number of the ``index``-th card (from 0, lowest card first) of the bit
    set ``mask``, which holds more than ``index`` cards.

    >>> nth_card(0b101100, 0), nth_card(0b101100, 2)
    (2, 5)
    """
    while index:
        mask &= mask - 1
        index -= 1
    return (mask & -mask).bit_length() - 1


def count(mask: int) -> int:
    """How many cards a bit set holds: ``mask.bit_count()``.  Compiled, that method
    call makes an object of the number first (mypyc has no primitive for it), so below
    2**62 the bits are added in place, in a few machine operations.

    >>> count(0b1011), count((1 << 61) - 1), count(1 << 70 | 1), count(0)
    (3, 61, 2, 0)
    """
    if not _NATIVE or mask >> 62:
        return mask.bit_count()
    mask -= mask >> 1 & 0x1555555555555555
    mask = (mask & 0x3333333333333333) + (mask >> 2 & 0x3333333333333333)
    mask = (mask + (mask >> 4)) & 0x0F0F0F0F0F0F0F0F
    mask += mask >> 8
    mask += mask >> 16
    mask += mask >> 32
    return mask & 0x7F


def any_set(values: tuple[int, ...]) -> bool:
    """True if any of ``values`` is not 0: ``any(values)``, which compiled code calls
    through the ``builtins`` module by name (a look-up, a call and an iterator), written
    as a loop the compiled build runs in place (the hands, the tricks taken...).

    >>> any_set((0, 0, 1 << 40)), any_set((0, 0)), any_set(())
    (True, False, False)
    """
    for value in values:  # noqa: SIM110 - any() over a generator makes the generator
        if value:
            return True
    return False


_NATIVE: Final = compiled(by_keys)
"""This module is compiled: :func:`count` adds the bits itself (interpreted, the
method is the fastest)."""


_SORT_IN_C: Final[Callable[[bytes, int], list[int]] | None] = in_c(
    "cardrules._keys", "by_keys", build_compiled=_NATIVE)
"""The C sort :func:`by_keys` calls, where the build has it."""


@attrs.frozen(kw_only=True)
class Pack:
    """A pack: a ladder of ranks (low to high) crossed with suits, with card points, any
    extra cards outside that grid (jokers), which have no suit and no rank, further copies
    of the grid, and custom faces (:class:`Face`).

    Cards are numbered: rank x suit (:attr:`grid` cards), the extra cards, the grid's
    further copies (``copies - 1`` of them, each in the grid's order), then each custom
    face's copies in turn; a pack without copies or custom faces numbers its cards as it
    always has."""

    ranks: tuple[str, ...]
    """Rank names in ladder order, lowest first."""
    suits: tuple[str, ...]
    """Suit letters, in the order used for seats and sorting."""
    # Plain defaults, not attrs.field(default=...): a compiled build (mypyc) checks the
    # value of such a call, which attrs types as the default, against the annotation.
    points: tuple[int, ...] = ()
    """Card points per rank index (empty: every card is worth 0)."""
    values: tuple[int, ...] = ()
    """Card points per card, where they are not the rank's alone (empty: by rank, from
    ``points``); see the ``card_points`` hook."""
    left_out: int = 0
    """Cards that are not in the pack, as a bit set (see the ``pack`` hook): they keep
    their numbers but are never dealt."""
    extra: tuple[str, ...] = ()
    """Names of the extra cards (jokers), numbered after rank x suit in this order: each
    name is one card, with no suit and no rank."""
    copies: int = 1
    """How many copies of each card of rank x suit the pack holds (2: two packs in one)."""
    custom: tuple[Face, ...] = ()
    """Faces outside rank x suit with a count, a suit and a rank of their own, numbered
    last."""
    _index: dict[str, int] = attrs.field(init=False, eq=False, repr=False)
    _names: tuple[str, ...] = attrs.field(init=False, eq=False, repr=False)
    _labels: tuple[str, ...] = attrs.field(init=False, eq=False, repr=False)
    _sort_keys: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """Per card, its place in a player's sort: by suit, then rank from high to low (extra
    cards last)."""
    _sorted: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """The cards in a player's sort (the card at each place of :attr:`_sort_keys`)."""
    _suit_of: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    _rank_of: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    _face_of: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """Per card, its face's number (the face's first copy)."""
    _copies_of: dict[int, tuple[int, ...]] = attrs.field(init=False, eq=False, repr=False)
    """Per face with more than one copy (by its first copy), every copy, lowest first."""
    _cards: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """:attr:`cards`, worked out once (every deal's shuffle reads it)."""

    def __attrs_post_init__(self) -> None:
        if not 1 <= self.copies <= 8:
            raise ValueError(f"a pack holds 1 to 8 copies of rank x suit, not {self.copies}")
        n, grid = len(self.ranks), tuple(f"{r}{s}" for s in self.suits for r in self.ranks)
        faces: list[tuple[str, int, int]] = [
            (name, c // n, c % n) for c, name in enumerate(grid)]
        faces += [(name, NONE, NONE) for name in self.extra]
        first = list(range(len(faces)))
        copy = [1] * len(faces)
        for k in range(2, self.copies + 1):
            first += range(len(grid))
            copy += [k] * len(grid)
            faces += faces[:len(grid)]
        for face in self.custom:
            if face.count < 1 or not -1 <= face.suit < len(self.suits) \
                    or not -1 <= face.rank < n:
                raise ValueError(f"face {face.name!r}: a count from 1, a suit and a rank "
                                 f"of the pack's or {NONE}, not {face}")
            first += [len(faces)] * face.count
            copy += range(1, face.count + 1)
            faces += [(face.name, face.suit, face.rank)] * face.count
        names = tuple(f[0] for f in faces)
        labels = tuple(name if k == 1 else f"{name}{COPY_MARK}{k}"
                       for name, k in zip(names, copy))
        index = {label.upper(): c for c, label in enumerate(labels)}
        if len(index) < len(labels) or len({names[c].upper() for c in set(first)}) \
                < len(set(first)):
            raise ValueError(f"card names that differ only in case, or repeat, make card "
                             f"names ambiguous: ranks {self.ranks}, suits {self.suits}, "
                             f"extra cards {self.extra}, custom faces "
                             f"{tuple(f.name for f in self.custom)}")
        object.__setattr__(self, "_index", index)
        object.__setattr__(self, "_names", names)
        object.__setattr__(self, "_labels", labels)
        object.__setattr__(self, "_suit_of", tuple(f[1] for f in faces))
        object.__setattr__(self, "_rank_of", tuple(f[2] for f in faces))
        object.__setattr__(self, "_face_of", tuple(first))
        copies: dict[int, list[int]] = {}
        for c, f in enumerate(first):
            copies.setdefault(f, []).append(c)
        object.__setattr__(self, "_copies_of", {
            f: tuple(cs) for f, cs in copies.items() if len(cs) > 1})
        # a player's sort: suited cards by suit, then rank high to low (a suited face of
        # no rank after the ranked ones), then the cards of no suit by number; copies
        # together
        # (keys listed, not a lambda: mypyc cannot close over the reassigned ``faces``)
        sort_by = [(suit if suit >= 0 else len(self.suits),
                    (n - 1 - rank if rank >= 0 else n) if suit >= 0 else 0, first[c], c)
                   for c, (_, suit, rank) in enumerate(faces)]
        order = sorted(range(len(faces)), key=sort_by.__getitem__)
        keys = [0] * len(faces)
        for place, c in enumerate(order):
            keys[c] = place
        object.__setattr__(self, "_sort_keys", tuple(keys))
        object.__setattr__(self, "_sorted", tuple(order))
        object.__setattr__(self, "_cards", tuple(bits(self.full)))

    @property
    def grid(self) -> int:
        """Number of cards of rank x suit (extra cards are numbered from here on)."""
        return len(self.ranks) * len(self.suits)

    @property
    def size(self) -> int:
        """Number of card numbers: every rank of every suit then the extra cards, further
        copies and custom faces, cards left out included (cards are numbered 0 to
        ``size - 1``; see :attr:`count`)."""
        return len(self._names)

    @property
    def card_names(self) -> tuple[str, ...]:
        """Every card's name (:meth:`name`), by card number: a view that names many cards
        reads them from here.

        >>> Pack(ranks=("9", "10"), suits=("S", "H")).card_names
        ('9S', '10S', '9H', '10H')
        """
        return self._names

    @property
    def has_copies(self) -> bool:
        """True if some face has more than one copy (two cards of one name).

        >>> Pack(ranks=("A",), suits=("S",)).has_copies, Pack(ranks=("A",), suits=("S",),
        ...                                                     copies=2).has_copies
        (False, True)
        """
        return bool(self._copies_of)

    @property
    def extra_cards(self) -> int:
        """Bit set of the extra cards (those left out included).

        >>> bin(Pack(ranks=("A",), suits=("S", "H"), extra=("JK",)).extra_cards)
        '0b100'
        """
        return ((1 << len(self.extra)) - 1) << self.grid

    @property
    def count(self) -> int:
        """Number of cards in the pack (those left out not counted).

        >>> Pack(ranks=("2", "3"), suits=("C", "D"), left_out=0b1).count
        3
        """
        return self.size - self.left_out.bit_count()

    @property
    def full(self) -> int:
        """Bit set of every card of the pack (those left out not included)."""
        return ((1 << self.size) - 1) & ~self.left_out

    @property
    def cards(self) -> tuple[int, ...]:
        """Every card of the pack, in number order (those left out not included)."""
        return self._cards

    def card(self, *, rank: int, suit: int) -> int:
        """The card number of ``rank`` (ladder index) in ``suit`` (suit index): its first
        copy (see :meth:`copies_mask` for every copy)."""
        return suit * len(self.ranks) + rank

    def rank(self, card: int) -> int:
        """Ladder index of ``card``'s rank (:data:`NONE` for an extra card or a custom
        face of no rank)."""
        return self._rank_of[card]

    def suit(self, card: int) -> int:
        """Suit index of ``card`` (:data:`NONE` for an extra card or a custom face of no
        suit)."""
        return self._suit_of[card]

    def value(self, card: int) -> int:
        """Card points of ``card`` (an extra card's are 0 unless ``values`` gives them)."""
        if self.values:
            return self.values[card]
        rank = self._rank_of[card]
        return self.points[rank] if self.points and rank >= 0 else 0

    def value_of(self, mask: int) -> int:
        """Card points of every card in a bit set (:meth:`value` of each, the pack's tables
        read once).

        >>> pack = Pack(ranks=("9", "10", "A"), suits=("S", "H"), points=(0, 10, 11))
        >>> pack.value_of(0b100110), pack.value_of(0)
        (32, 0)
        """
        total = 0
        values = self.values
        if values:
            for c in bits(mask):
                total += values[c]
            return total
        ranks, points = self._rank_of, self.points
        if points:
            for c in bits(mask):
                rank = ranks[c]
                if rank >= 0:
                    total += points[rank]
        return total

    def name(self, card: int) -> str:
        """Text of ``card``'s face: rank then suit, for example ``10H``, or an extra card's
        or a custom face's name (every copy of a face has the same name)."""
        return self._names[card]

    def names(self, cards: Iterable[int]) -> tuple[str, ...]:
        """Texts of several cards, in the order given."""
        return tuple(map(self._names.__getitem__, cards))

    def label(self, card: int) -> str:
        """A name of ``card``'s own, which :meth:`parse` reads back as this very card: its
        face's name for the face's first copy, then ``9S/2``, ``9S/3``... (the saved form
        of a state).

        >>> pack = Pack(ranks=("9",), suits=("S",), copies=2)
        >>> pack.label(1), pack.parse(pack.label(1)), pack.parse(pack.name(1))
        ('9S/2', 1, 0)
        """
        return self._labels[card]

    def labels(self, cards: Iterable[int]) -> tuple[str, ...]:
        """The :meth:`label` of several cards, in the order given."""
        return tuple(map(self._labels.__getitem__, cards))

    def face(self, card: int) -> int:
        """The first copy of ``card``'s face (``card`` itself for a face of one copy)."""
        return self._face_of[card]

    @property
    def faces(self) -> tuple[int, ...]:
        """:meth:`face` of every card, by card number (what compares many cards by face
        reads here).

        >>> Pack(ranks=("9",), suits=("S", "H"), copies=2).faces
        (0, 1, 0, 1)
        """
        return self._face_of

    def copies_mask(self, card: int) -> int:
        """Bit set of every copy of ``card``'s face (``card`` alone for a face of one copy).

        >>> bin(Pack(ranks=("9", "A"), suits=("S",), copies=2).copies_mask(3))
        '0b1010'
        """
        found = self._copies_of.get(self._face_of[card])
        return mask_of(found) if found else 1 << card

    def spread(self, mask: int) -> int:
        """``mask`` with every card of the same suit and rank as one of its cards of rank x
        suit (its copies, and custom faces of that suit and rank) and every copy of its
        other cards: what a table worked out on one copy of each face needs for all.

        >>> pack = Pack(ranks=("9",), suits=("S",), copies=2,
        ...             custom=(Face(name="X", suit=0, rank=0), Face(name="W", count=2)))
        >>> bin(pack.spread(0b1)), bin(pack.spread(0b1000))
        ('0b111', '0b11000')
        """
        if self.copies == 1 and not self.custom:
            return mask
        out = mask
        for c in range(self.size):
            suit, rank = self._suit_of[c], self._rank_of[c]
            twin = self.card(rank=rank, suit=suit) if suit >= 0 and rank >= 0 \
                else self._face_of[c]
            if mask >> twin & 1 or mask >> self._face_of[c] & 1:
                out |= 1 << c
        return out

    def twin(self, card: int) -> int:
        """The first card of rank x suit with ``card``'s suit and rank (``card`` itself for
        a card of the grid's first copy), or :data:`NONE` for a card of no suit or no rank.

        >>> Pack(ranks=("9", "A"), suits=("S",), copies=2).twin(3)
        1
        """
        suit, rank = self._suit_of[card], self._rank_of[card]
        return self.card(rank=rank, suit=suit) if suit >= 0 and rank >= 0 else NONE

    def canonical(self, cards: Iterable[int]) -> tuple[int, ...]:
        """``cards`` with copies chosen by face alone: the i-th card of a face (in the order
        given) becomes that face's i-th copy, so two writings of the same faces are equal.
        The engine offers and reads actions in this form; a card past a face's last copy
        stays as it is.

        >>> Pack(ranks=("9",), suits=("S",), copies=3).canonical((2, 0, 2))
        (0, 1, 2)
        """
        if not self._copies_of:
            return tuple(cards)
        seen: dict[int, int] = {}
        out = []
        for card in cards:
            face = self._face_of[card]
            copies = self._copies_of.get(face)
            k = seen.get(face, 0)
            seen[face] = k + 1
            out.append(copies[k] if copies is not None and k < len(copies) else card)
        return tuple(out)

    def canonical_mask(self, mask: int) -> int:
        """A bit set holding as many copies of each face as ``mask``, its lowest-numbered
        copies: sets that differ only in which copies they hold become equal (what a
        player may know of a hand).

        >>> bin(Pack(ranks=("9",), suits=("S",), copies=3).canonical_mask(0b110))
        '0b11'
        """
        if not self._copies_of:
            return mask
        return mask_of(self.canonical(bits(mask)))

    def parse(self, text: str) -> int:
        """The card written as ``text`` (case-insensitive), for example ``"10h"``.

        Case never matters, in the text or in the pack's names: a pack with a rank ``j``
        reads ``jS``, ``JS`` and ``js`` alike.  That is unambiguous because a pack never
        has two rank (or suit) names that differ only in case: the constructor refuses
        them, and the loader refuses such a rule file with the line to fix.

        >>> Pack(ranks=("9", "j"), suits=("S", "H")).parse("JH")
        3
        >>> Pack(ranks=("9", "10"), suits=("S",)).parse("x")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        cardrules.errors.NotationError: unknown card 'x': write a rank (9, 10) then a suit (S)...
        """
        card = self._index.get(text.strip().upper())
        if card is None:
            others = self.extra + tuple(f.name for f in self.custom)
            extra = f", or an extra card ({', '.join(others)})" if others else ""
            raise NotationError(
                f"unknown card {text!r}: write a rank ({', '.join(self.ranks)}) "
                f"then a suit ({', '.join(self.suits)}), e.g. {self.ranks[-1]}{self.suits[0]}"
                f"{extra}"
            )
        return card

    def parse_suit(self, text: str) -> int:
        """The suit written as ``text`` (case-insensitive), as its index.

        >>> Pack(ranks=("9",), suits=("S", "H")).parse_suit("h")
        1
        >>> Pack(ranks=("9",), suits=("S", "H")).parse_suit("X")
        Traceback (most recent call last):
        ...
        cardrules.errors.NotationError: unknown suit 'X': the suits are S, H
        """
        wanted = text.strip().upper()
        for index, suit in enumerate(self.suits):
            if suit.upper() == wanted:
                return index
        raise NotationError(f"unknown suit {text!r}: the suits are {', '.join(self.suits)}")

    def parse_many(self, text: str) -> tuple[int, ...]:
        """Cards written in one string separated by spaces or commas."""
        return tuple(self.parse(t) for t in text.replace(",", " ").split())

    def cards_of(self, mask: int) -> tuple[int, ...]:
        """Cards of a bit set sorted by suit, then rank from high to low, extra cards last
        (a player's sort).

        >>> pack = Pack(ranks=("9", "10", "A"), suits=("S", "H"))
        >>> pack.names(pack.cards_of(0b110011))
        ('10S', '9S', 'AH', '10H')
        """
        order = self._sorted
        places = at_cards(self._sort_keys, mask)  # sorting places compares small ints
        places.sort()
        return tuple([order[k] for k in places])

    def suit_mask(self, suit: int) -> int:
        """Bit set of every card of ``suit``, every copy and custom face of that suit
        included (never an extra card; none for :data:`NONE`, an extra card's suit)."""
        if suit < 0:
            return 0
        if self.copies == 1 and not self.custom:
            n = len(self.ranks)
            return ((1 << n) - 1) << (suit * n)
        return mask_of(c for c, s in enumerate(self._suit_of) if s == suit)

    def rank_mask(self, rank: int) -> int:
        """Bit set of every card of ``rank`` (ladder index), every copy and custom face
        of that rank included (never an extra card; none for :data:`NONE`, an extra
        card's rank)."""
        if rank < 0:
            return 0
        if self.copies == 1 and not self.custom:
            return mask_of(self.card(rank=rank, suit=s) for s in range(len(self.suits)))
        return mask_of(c for c, r in enumerate(self._rank_of) if r == rank)
