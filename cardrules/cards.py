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
"""

from __future__ import annotations

import array
import hashlib
import sys
from collections.abc import Iterable, Iterator

import attrs

from cardrules.errors import NotationError

__all__ = ["NONE", "Pack", "bits", "count", "deal_round", "mask_of", "shuffled"]


NONE = -1
"""The suit and the rank of an extra card (one outside rank x suit, such as a joker)."""


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
    by key: every order is equally likely unless two keys tie (probability below
    ``size**2 / 2**65``; a tie keeps the lower card first).  The same seed gives the same
    order on every platform and Python version, at about half the cost of seeding a
    ``random.Random`` and shuffling with it.

    >>> shuffled(7, 6) == shuffled(7, 6) != shuffled(8, 6)
    True
    >>> sorted(shuffled(7, 36)) == list(range(36))
    True
    """
    keys = array.array("Q", hashlib.shake_256(seed.to_bytes(8, "big")).digest(8 * size))
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


def bits(mask: int) -> Iterator[int]:
    """The cards of a bit set, lowest card number first.

    >>> list(bits(0b1010))
    [1, 3]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def count(mask: int) -> int:
    """How many cards a bit set holds.

    >>> count(0b1011)
    3
    """
    return mask.bit_count()


@attrs.frozen(kw_only=True)
class Pack:
    """A pack: a ladder of ranks (low to high) crossed with suits, with card points, and
    any extra cards outside that grid (jokers), which have no suit and no rank."""

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
    _index: dict[str, int] = attrs.field(init=False, eq=False, repr=False)
    _names: tuple[str, ...] = attrs.field(init=False, eq=False, repr=False)
    _sort_keys: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """Per card, its place in a player's sort: by suit, then rank from high to low (extra
    cards last)."""
    _suit_of: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    _rank_of: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    _cards: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """:attr:`cards`, worked out once (every deal's shuffle reads it)."""

    def __attrs_post_init__(self) -> None:
        grid = tuple(f"{r}{s}" for s in self.suits for r in self.ranks)
        names = grid + self.extra
        n = len(self.ranks)
        index = {name.upper(): c for c, name in enumerate(names)}
        if len(index) < len(names):
            raise ValueError(f"card names that differ only in case, or repeat, make card "
                             f"names ambiguous: ranks {self.ranks}, suits {self.suits}, "
                             f"extra cards {self.extra}")
        object.__setattr__(self, "_index", index)
        object.__setattr__(self, "_names", names)
        object.__setattr__(self, "_sort_keys", tuple(
            c - c % n + n - 1 - c % n if c < len(grid) else c for c in range(len(names))))
        none = (NONE,) * len(self.extra)
        object.__setattr__(self, "_suit_of", tuple(c // n for c in range(len(grid))) + none)
        object.__setattr__(self, "_rank_of", tuple(c % n for c in range(len(grid))) + none)
        object.__setattr__(self, "_cards", tuple(bits(self.full)))

    @property
    def grid(self) -> int:
        """Number of cards of rank x suit (extra cards are numbered from here on)."""
        return len(self.ranks) * len(self.suits)

    @property
    def size(self) -> int:
        """Number of card numbers: every rank of every suit then the extra cards, cards
        left out included (cards are numbered 0 to ``size - 1``; see :attr:`count`)."""
        return len(self.ranks) * len(self.suits) + len(self.extra)

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
        """The card number of ``rank`` (ladder index) in ``suit`` (suit index)."""
        return suit * len(self.ranks) + rank

    def rank(self, card: int) -> int:
        """Ladder index of ``card``'s rank (:data:`NONE` for an extra card)."""
        return self._rank_of[card]

    def suit(self, card: int) -> int:
        """Suit index of ``card`` (:data:`NONE` for an extra card)."""
        return self._suit_of[card]

    def value(self, card: int) -> int:
        """Card points of ``card`` (an extra card's are 0 unless ``values`` gives them)."""
        if self.values:
            return self.values[card]
        rank = self._rank_of[card]
        return self.points[rank] if self.points and rank >= 0 else 0

    def value_of(self, mask: int) -> int:
        """Card points of every card in a bit set."""
        return sum(self.value(c) for c in bits(mask))

    def name(self, card: int) -> str:
        """Text of ``card``: rank then suit, for example ``10H``, or an extra card's name."""
        return self._names[card]

    def names(self, cards: Iterable[int]) -> tuple[str, ...]:
        """Texts of several cards, in the order given."""
        return tuple(map(self._names.__getitem__, cards))

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
            extra = f", or an extra card ({', '.join(self.extra)})" if self.extra else ""
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
        (a player's sort)."""
        return tuple(sorted(bits(mask), key=self._sort_keys.__getitem__))

    def suit_mask(self, suit: int) -> int:
        """Bit set of every card of ``suit`` (never an extra card; none for
        :data:`NONE`, an extra card's suit)."""
        n = len(self.ranks)
        return ((1 << n) - 1) << (suit * n) if suit >= 0 else 0

    def rank_mask(self, rank: int) -> int:
        """Bit set of every card of ``rank`` (ladder index; never an extra card; none
        for :data:`NONE`, an extra card's rank)."""
        if rank < 0:
            return 0
        return mask_of(self.card(rank=rank, suit=s) for s in range(len(self.suits)))
