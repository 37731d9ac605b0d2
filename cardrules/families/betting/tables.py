"""Lookup tables of the betting procedure, compiled once per loaded variant: the
actions, who sees whose cards, and the strength of each hand at the showdown.

>>> import cardrules
>>> game = cardrules.load("leduc-poker")
>>> tables, pack = game.tables, game.pack
>>> pair = tables.strength(pack.parse_many("QS QH"))
>>> high = tables.strength(pack.parse_many("KS QH"))
>>> pair > high, tables.class_name(pair), tables.class_name(high)
(True, 'pair', 'high_card')
>>> [a.label for a in tables.action_families()[0].actions]
['fold', 'check', 'call', 'bet', 'raise']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Final

import attr

from cardrules.actions import Action
from cardrules.cards import Pack, bits
from cardrules.engine.action_space import Amounts, Family, Listed
from cardrules.engine.views import CardNames, seen_by, visibility
from cardrules.families.betting.model import BettingPlay, Limit, Opens, Showdown
from cardrules.model.common import Visibility
from cardrules.primitives.wagers import (
    BET_ACTION,
    CALL,
    CHECK,
    FOLD,
    RAISE,
    SIZES_KEPT,
    WORDS,
    sizes,
)

if TYPE_CHECKING:
    from cardrules.engine.state import GameContext

__all__ = ["BET_ACTION", "CALL", "CHECK", "FOLD", "RAISE", "WORDS", "BettingTables",
           "Strength", "hand_class", "most_chips", "move_limit", "picks", "straight_top"]


Strength = tuple[int, tuple[int, ...]]
"""A hand's strength: its class counted from the worst (higher is better), then its
ranks in the order they are compared."""


def hand_class(ranks: Sequence[int], showdown: Showdown, suits: Sequence[int] = (),
               width: int = 0, ladder: Sequence[str] = ()) -> Strength:
    """The strength of a hand of cards of ``ranks`` (places in the pack's ladder of
    ``width`` ranks, named by ``ladder``) and ``suits``: the first of
    ``showdown.classes`` whose groups the hand holds (and its straight and its flush, for
    a class that asks for them), then the ranks grouped, the larger groups first and the
    higher ranks first (a straight: its highest rank).  A class's ``top_ranks`` count
    above every other rank in that class, and with ``showdown.low_straight_best`` the low
    straight counts above every other straight: both need ``width`` and ``ladder``.

    >>> from cardrules.families.betting.model import HandClass
    >>> rules = Showdown(cards=2, classes=[HandClass(name="pair", groups=[2]),
    ...                                    HandClass(name="high_card")])
    >>> hand_class([1, 1], rules), hand_class([0, 2], rules)
    ((1, (1, 1)), (0, (2, 0)))
    >>> prial = HandClass(name="prial", groups=[3], top_ranks=["3"])
    >>> prials = Showdown(cards=3, classes=[prial, HandClass(name="high_card")])
    >>> threes = hand_class([1, 1, 1], prials, width=3, ladder=["2", "3", "4"])
    >>> fours = hand_class([2, 2, 2], prials, width=3, ladder=["2", "3", "4"])
    >>> threes > fours, threes, fours
    (True, (1, (4, 4, 4)), (1, (2, 2, 2)))
    """
    counts = Counter(ranks)
    order = sorted(counts, key=lambda r: (-counts[r], -r))
    sizes = [counts[r] for r in order]
    compared = tuple(r for r in order for _ in range(counts[r]))
    full = len(ranks) == showdown.cards
    top = straight_top(ranks, showdown.low_straight, width) if full else -1
    flush = full and len(set(suits)) == 1
    classes = showdown.classes
    for index, kind in enumerate(classes):
        needed = kind.groups
        if (kind.straight and top < 0) or (kind.flush and not flush):
            continue
        if len(needed) <= len(sizes) and all(s >= n for s, n in zip(sizes, needed)):
            if kind.straight:
                best = showdown.low_straight_best and top != max(ranks)
                return len(classes) - 1 - index, (width if best else top,)
            if kind.top_ranks:
                return len(classes) - 1 - index, _promoted(compared, kind.top_ranks,
                                                           width, ladder)
            return len(classes) - 1 - index, compared
    return -1, compared


def _promoted(compared: tuple[int, ...], top: Sequence[str], width: int,
              ladder: Sequence[str]) -> tuple[int, ...]:
    """``compared`` with the ranks named in ``top`` counted above the ladder's highest
    (the first of them highest)."""
    places = {ladder.index(name): width + len(top) - k for k, name in enumerate(top)
              if name in ladder}
    return tuple(places.get(r, r) for r in compared)


def straight_top(ranks: Sequence[int], low: bool, width: int) -> int:
    """The highest rank of a straight made of ``ranks`` (-1: they make none): distinct
    consecutive ranks; with ``low`` the ladder's highest rank (``width - 1``) may count
    below its lowest, and the straight's highest rank is then the next highest.

    >>> straight_top([3, 4, 2, 5, 6], False, 13), straight_top([12, 0, 1, 2, 3], True, 13)
    (6, 3)
    >>> straight_top([12, 0, 1, 2, 3], False, 13), straight_top([1, 1, 2, 3, 4], True, 13)
    (-1, -1)
    """
    distinct = sorted(set(ranks))
    if len(distinct) != len(ranks) or len(distinct) < 2:
        return -1
    if distinct[-1] - distinct[0] == len(distinct) - 1:
        return distinct[-1]
    rest = distinct[:-1]
    if low and distinct[-1] == width - 1 and rest[0] == 0 \
            and rest[-1] - rest[0] == len(rest) - 1:
        return rest[-1]
    return -1


_PICKS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}


def picks(count: int, size: int) -> tuple[tuple[int, ...], ...]:
    """Every choice of ``size`` of the places ``0 .. count-1``, as
    ``itertools.combinations`` gives them (made once).

    >>> picks(4, 3)
    ((0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3))
    """
    found = _PICKS.get((count, size))
    if found is None:
        found = _PICKS[(count, size)] = tuple(combinations(range(count), size))
    return found


_RAISE: Final = RAISE.name
"""The word of a raise, compiled a C static (``RAISE.name`` reads an attribute)."""

OFFERS_KEPT = 256
"""The most long lists of legal actions the tables remember (:meth:`BettingTables.offers`:
a few thousand actions each at most; the memory is emptied when full)."""

OFFERED_LONG = 16
"""A list of legal actions with this many sizes or more is kept once made
(:meth:`BettingTables.offers`); a shorter one costs less to make than to look up."""

STRENGTHS_KEPT = 200_000
"""The most hands' strengths the tables remember (Hold'em has 133 million sets of seven
cards: the memory is emptied when full, so a long simulation stays bounded)."""


@attr.s(auto_attribs=True, kw_only=True, frozen=True, slots=True, eq=False)
class BettingTables:
    """Everything a state of a betting game looks up instead of working out."""

    pack: Pack
    play: BettingPlay
    showdown: Showdown
    ranks: tuple[int, ...]
    """Per card, its rank's place in the pack's ladder."""
    hand: int
    """Cards dealt to each player."""
    names: CardNames
    hand_seen: tuple[tuple[bool, ...], ...]
    """Per viewer, whose hand they see (their own, unless hands are public)."""
    most: int
    """The most chips one player can put in the pot in a deal."""
    limit: Limit
    """The betting structure (``play.limit``, read natively)."""
    first_seat_opens: bool
    """Each round of betting is opened by seat 0 (``play.opens``), not the dealer's
    left."""
    caps: tuple[int, ...]
    """Per round of betting, the most bets (``max_bets``; -1: no cap), read natively."""
    strengths: dict[int, Strength] = attr.ib(factory=dict)
    """A hand's cards as a bit set -> its strength (filled on first use, at most
    :data:`STRENGTHS_KEPT` at a time)."""
    rank_bits: int = 4
    """Bits that hold a rank's place (:attr:`by_ranks`' keys)."""
    order_bits: int = 5
    """Bits that hold a compared rank (plus one) in :meth:`_order`'s numbers."""
    ordered: dict[int, int] = attr.ib(factory=dict)
    """:attr:`by_ranks`' keys -> the strength as a number that orders as the strengths
    do (:meth:`_order`): compared as machine numbers while the best hand is looked
    for."""
    by_ranks: dict[int, Strength] = attr.ib(factory=dict)
    """A hand's ranks (highest first) and whether it is a flush -> its strength: all its
    class depends on (a few thousand keys in a 52-card pack; filled on first use).  The
    key is one number: a leading 1, the ranks' places, ``rank_bits`` bits each, the
    first highest, then one bit, set for a flush."""
    unsuited: dict[tuple[int, ...], int] = attr.ib(factory=dict)
    """The ranks (highest first) of more cards than a hand's, of which no flush can be
    made -> the key (:attr:`by_ranks`') of their best hand: all it depends on (some tens
    of thousands of keys for seven cards of a 52-card pack, fewer for six; filled on
    first use, at most :data:`STRENGTHS_KEPT` at a time)."""

    @classmethod
    def compile(cls, game: GameContext) -> BettingTables:
        play, showdown, pack = game.variant.play, game.variant.scoring, game.pack
        assert isinstance(play, BettingPlay) and isinstance(showdown, Showdown)
        width = len(pack.ranks)
        hands = visibility(game.variant.zones, "hand", Visibility.OWNER)
        return cls(pack=pack, play=play, showdown=showdown,
                   ranks=tuple(c % width for c in range(pack.size)),
                   hand=game.variant.deal.largest(game.players), names=CardNames.of(pack),
                   hand_seen=seen_by(hands, game.players),
                   most=most_chips(play, game.players), limit=play.limit,
                   first_seat_opens=play.opens is Opens.FIRST_SEAT,
                   caps=tuple(-1 if r.max_bets is None else r.max_bets for r in play.rounds),
                   rank_bits=max(width - 1, 1).bit_length(),
                   order_bits=(width + max((len(c.top_ranks) for c in showdown.classes),
                                           default=0) + 1).bit_length())

    offered: dict[int, tuple[Action, ...]] = attr.ib(factory=dict)
    """:meth:`offers`' long lists of legal actions, by their key (at most
    :data:`OFFERS_KEPT` at a time)."""

    def offers(self, stay: tuple[Action, ...], word: str, low: int,
               high: int) -> tuple[Action, ...]:
        """The legal actions under pot or no limit: ``stay`` (check, or fold and call),
        then the bets or raises ``word`` to ``low`` .. ``high`` chips.  A long list (a
        no-limit player's first bet: hundreds of sizes) is made once and kept, by a key
        of the sizes, the word and the number of actions in ``stay``, which tells its
        two lists apart; copying it would cost more than the rest of a move."""
        if high - low < OFFERED_LONG or high >= SIZES_KEPT:
            return stay + sizes(word, low, high)
        key = ((high * SIZES_KEPT + low) * 2 + (word == _RAISE)) * 4 + len(stay)
        found = self.offered.get(key)
        if found is None:
            if len(self.offered) >= OFFERS_KEPT:  # bounded: a long run never grows
                self.offered.clear()
            found = self.offered[key] = stay + sizes(word, low, high)
        return found

    def strength(self, cards: Sequence[int]) -> Strength:
        """The strength of the best hand of ``showdown.cards`` cards among ``cards`` (all
        of them when there are fewer): the strongest, or the weakest when the lowest hand
        wins (``showdown.low``)."""
        mask = 0
        for card in cards:
            mask |= 1 << card
        return self.strength_of(mask)

    def strength_of(self, mask: int) -> Strength:
        """:meth:`strength` of the cards of the bit set ``mask``."""
        found = self.strengths.get(mask)
        if found is None:
            found = self._best(mask)
            if len(self.strengths) >= STRENGTHS_KEPT:  # bounded: a long run never grows
                self.strengths.clear()
            self.strengths[mask] = found
        return found

    def _best(self, mask: int) -> Strength:
        """:meth:`strength_of` worked out: a hand's class depends only on its ranks and
        whether it is a flush, so where no suit holds a whole hand's cards the best hand
        depends on the ranks of the cards alone (:meth:`_best_unsuited`); else each hand
        is looked at.  The cards are taken highest rank first, so that each hand's ranks
        come out in that order."""
        showdown, ranks = self.showdown, self.ranks
        cards = bits(mask)
        size = min(showdown.cards, len(cards))
        width = len(self.pack.ranks)
        flushes = False
        if size == showdown.cards:  # does a suit (a row of ``width`` cards) hold a hand?
            row = (1 << width) - 1
            rest = mask
            while rest:
                if (rest & row).bit_count() >= size:
                    flushes = True
                    break
                rest >>= width
        if not flushes:
            ladder = tuple(sorted([ranks[c] for c in cards], reverse=True))
            return self.by_ranks[self._best_unsuited(ladder, size)]
        order = sorted(cards, key=lambda c: ranks[c], reverse=True)
        return self.by_ranks[self._best_of(tuple([ranks[c] for c in order]),
                                           [c // width for c in order], size, True)]

    def _best_unsuited(self, ladder: tuple[int, ...], size: int) -> int:
        """The key (:attr:`by_ranks`') of the best hand of ``size`` of the cards of ranks
        ``ladder`` (highest first) of which no flush can be made: with more cards than
        ``size``, the best of the best hands of the cards but one, each set of ranks found
        once and kept (:attr:`unsuited`: the sets of one card fewer, far fewer, are soon
        all known, where a set of seven ranks is new for a long while)."""
        if len(ladder) <= size:
            return self._best_of(ladder, [], size, False)
        found = self.unsuited.get(ladder, -1)
        if found < 0:
            low, ordered = self.showdown.low, self.ordered
            best = -1
            for i in range(len(ladder)):
                if i and ladder[i] == ladder[i - 1]:
                    continue  # the same ranks left as without the card before
                key = self._best_unsuited(ladder[:i] + ladder[i + 1:], size)
                order = ordered[key]
                if best < 0 or (order < best if low else order > best):
                    best, found = order, key
            if len(self.unsuited) >= STRENGTHS_KEPT:
                self.unsuited.clear()
            self.unsuited[ladder] = found
        return found

    def _best_of(self, ladder: tuple[int, ...], suits: list[int], size: int,
                 flushes: bool) -> int:
        """The key (:attr:`by_ranks`') of the best hand of ``size`` of the cards of ranks
        ``ladder`` (highest first) and ``suits`` (read only with ``flushes``: a hand of
        one suit is then a flush).  Each choice of cards is looked up by its ranks and
        flush as one number (:attr:`by_ranks`)."""
        showdown, by_ranks, ordered, shift = self.showdown, self.by_ranks, self.ordered, \
            self.rank_bits
        low = showdown.low
        best = -1
        best_key = 0
        for chosen in picks(len(ladder), size):
            code = 1  # a leading bit: hands of fewer cards differ
            for i in chosen:
                code = code << shift | ladder[i]
            flush = False
            if flushes:
                suit = suits[chosen[0]]
                flush = True
                for i in chosen:
                    if suits[i] != suit:
                        flush = False
                        break
            key = code << 1 | flush
            order = ordered.get(key, -1)
            if order < 0:
                strength = by_ranks[key] = hand_class(
                    tuple([ladder[i] for i in chosen]), showdown, (0,) if flush else (0, 1),
                    len(self.pack.ranks), self.pack.ranks)
                order = ordered[key] = self._order(strength)
            if best < 0 or (order < best if low else order > best):
                best, best_key = order, key
        return best_key

    def _order(self, strength: Strength) -> int:
        """``strength`` as a number that orders as the strengths do: its class, then each
        compared rank (plus one: a missing rank, zero, orders first), ``order_bits``
        bits each."""
        bits = self.order_bits
        order = strength[0] + 1
        compared = strength[1]
        for k in range(self.showdown.cards):
            order = order << bits | (compared[k] + 1 if k < len(compared) else 0)
        return order

    def class_name(self, strength: Strength) -> str:
        """The name of the class of a hand of ``strength``."""
        classes = self.showdown.classes
        return classes[len(classes) - 1 - strength[0]].name

    def action_families(self) -> tuple[Family, ...]:
        """Every action of the game: fold, check, call, bet and raise (under pot and no
        limit, a bet or raise to each amount a player may have)."""
        if self.play.limit is Limit.FIXED:
            return (Listed(actions=(FOLD, CHECK, CALL, BET_ACTION, RAISE)),)
        return (Listed(actions=(FOLD, CHECK, CALL)),
                Amounts(name=BET_ACTION.name, low=1, high=self.most),
                Amounts(name=RAISE.name, low=1, high=self.most))


def most_chips(play: BettingPlay, players: int) -> int:
    """The most chips one of ``players`` can put in the pot in a deal of ``play``: the
    ante, the largest blind and every bet of every round, or all their chips if fewer
    (all the chips at the table, when chips carry from deal to deal).

    >>> from cardrules.families.betting.model import BettingRound
    >>> most_chips(BettingPlay(procedure="betting", rounds=[BettingRound(bet=2, max_bets=2),
    ...                                                     BettingRound(bet=4, max_bets=2)]), 2)
    13
    >>> from cardrules.families.betting.model import Limit
    >>> most_chips(BettingPlay(procedure="betting", limit=Limit.NONE, chips=200,
    ...                        rounds=[BettingRound(bet=2)]), 2)
    200
    """
    chips = play.chips * players if play.carry_chips else play.chips
    if play.limit is not Limit.FIXED or any(r.max_bets is None for r in play.rounds):
        return chips
    bets = sum(r.bet * (r.max_bets or 0) for r in play.rounds)
    return min(chips, play.ante + max(play.blinds, default=0) + bets)


def move_limit(tables: BettingTables, players: int) -> int:
    """The most actions a deal can take: per round, each player acts at most once after
    each bet and once before the first; a round without a cap has at most a bet for
    each ``bet`` of chips a player may stake (every bet or raise adds at least that much,
    or puts its maker all in)."""
    total = 1
    for r in tables.play.rounds:
        bets = r.max_bets if r.max_bets is not None else tables.most // r.bet + players
        total += players * (bets + 1)
    return total
