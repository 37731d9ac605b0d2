"""Lookup tables of the rummy procedure, compiled once per loaded variant: every meld of
the pack as a bit set, each card's deadwood value, and the meld finder.

>>> import cardrules
>>> game = cardrules.load("gin-rummy", players=2)
>>> tables, pack = game.tables, game.pack
>>> len(tables.melds)
185
>>> hand = pack.parse_many("AS 2S 3S 7H 7C 7D KH QH 9D 4C")
>>> tables.finder.deadwood(sum(1 << c for c in hand))
33
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING

import attr

from cardrules.actions import Action, Kind, labelled, register_verb
from cardrules.cards import Pack, bits
from cardrules.engine.action_space import Family, Listed
from cardrules.engine.views import CardNames, seen_by, visibility
from cardrules.families.rummy.model import RummyPlay, RummyScoring
from cardrules.model.common import Visibility

if TYPE_CHECKING:
    from cardrules.engine.state import GameContext

__all__ = ["DISCARD", "KNOCK", "LAYOFF", "MELD", "TAKE", "MeldFinder", "RummyTables",
           "card_values", "meld_masks"]

DISCARD, TAKE, KNOCK, MELD, LAYOFF = "discard", "take", "knock", "meld", "layoff"
"""The procedure's action words: ``discard 7S``, ``take`` (the upcard), ``knock``,
``meld 3S 4S 5S``, ``layoff 6S``; drawing from the stock is ``draw``, and ``pass``
passes."""
for _word, _cards in ((DISCARD, True), (TAKE, False), (KNOCK, False), (MELD, True),
                      (LAYOFF, True)):
    register_verb(_word, cards=_cards)

_CACHE_LIMIT = 1 << 18
"""Hands whose deadwood a finder keeps before it forgets them all."""


def meld_masks(ranks: int, suits: int, *, set_min: int = 3, set_max: int = 4,
               run_min: int = 3, run_max: int = 0) -> tuple[int, ...]:
    """Every meld of a pack of ``ranks`` x ``suits`` cards (card = suit * ranks + rank) as
    a bit set: the sets of each rank (for each size, the sets lacking the lowest suit
    first), then the runs of each length, suit by suit, from the lowest rank.

    >>> len(meld_masks(13, 4)), len(meld_masks(13, 4, run_max=5))
    (329, 185)
    >>> [bin(m) for m in meld_masks(3, 1)]
    ['0b111']
    """
    out: list[int] = []
    for rank in range(ranks):
        for size in range(set_min, min(set_max, suits) + 1):
            for chosen in reversed(list(combinations(range(suits), size))):
                out.append(sum(1 << (s * ranks + rank) for s in chosen))
    longest = ranks if run_max <= 0 else min(run_max, ranks)
    for length in range(run_min, longest + 1):
        for suit in range(suits):
            for start in range(ranks - length + 1):
                out.append(sum(1 << (suit * ranks + start + k) for k in range(length)))
    return tuple(out)


def card_values(ranks: Sequence[str], suits: int, values: dict[str, int],
                points: dict[str, int]) -> tuple[int, ...]:
    """Each card's deadwood value: ``values``, else ``points``, else its rank's place from 1.

    >>> card_values(("A", "2", "K"), 1, {"K": 10}, {})
    (1, 2, 10)
    """
    by_rank = [values.get(r, points.get(r, i + 1)) for i, r in enumerate(ranks)]
    return tuple(by_rank) * suits


class MeldFinder:
    """The least deadwood of a hand over every arrangement of its cards into disjoint
    melds, remembered per hand.

    The search looks only at the melds the hand holds (found from each card's list of
    the melds it is the lowest card of), and covers the lowest card they share in every
    way: left out, or in one of its melds.

    >>> finder = MeldFinder(meld_masks(4, 1), (1, 2, 3, 4))
    >>> finder.deadwood(0b1111), finder.deadwood(0b1011), finder.arrangement(0b1111)
    (0, 7, (0, (15,)))
    >>> finder.best_discard(0b1111), finder.best_discard(0b1011)
    (0, 3)
    """

    __slots__ = ("_arranged", "_by_card", "_by_low", "_cache", "_values", "_worth")

    def __init__(self, melds: Sequence[int], values: Sequence[int]) -> None:
        self._values = tuple(values)
        self._by_card = tuple(tuple(m for m in melds if (m >> c) & 1)
                              for c in range(len(values)))
        self._by_low = tuple(tuple(m for m in melds if (m & -m) == 1 << c)
                             for c in range(len(values)))
        self._worth = {m: sum(self._values[c] for c in bits(m)) for m in melds}
        self._cache: dict[int, int] = {0: 0}
        self._arranged: dict[int, tuple[int, tuple[int, ...]]] = {}

    def value(self, hand: int) -> int:
        """The total value of the cards of ``hand``."""
        values = self._values
        total = 0
        for c in bits(hand):  # a loop, not sum() of a generator: compiled, no frames
            total += values[c]
        return total

    def deadwood(self, hand: int) -> int:
        """The least deadwood of ``hand`` (a bit set) over all its arrangements."""
        found = self._cache.get(hand)
        if found is not None:
            return found
        return self._remember(hand, self.value(hand) - self._cover(self._held(hand)))

    def best_discard(self, hand: int) -> int:
        """The least deadwood left after discarding one card of ``hand``."""
        if not hand:
            raise ValueError("an empty hand has no card to discard")
        held = self._held(hand)
        in_melds = 0
        for meld in held:
            in_melds |= meld
        whole = -1
        total, cache, values = self.value(hand), self._cache, self._values
        best = -1
        for card in bits(hand):
            rest = hand & ~(1 << card)
            found = cache.get(rest)
            if found is None:
                if (in_melds >> card) & 1:
                    cover = self._cover([m for m in held if not (m >> card) & 1])
                else:  # the card is in no meld: the melds left are the hand's own
                    if whole < 0:
                        whole = self._cover(held)
                    cover = whole
                found = self._remember(rest, total - values[card] - cover)
            if best < 0 or found < best:
                best = found
        return best

    def _held(self, hand: int) -> list[int]:
        """The melds ``hand`` holds, in order of their lowest cards (each card's in the
        order of the pack's melds): :meth:`_arrange` reads those of the lowest first."""
        by_low = self._by_low
        return [m for c in bits(hand) for m in by_low[c] if m & hand == m]

    def _cover(self, melds: list[int]) -> int:
        """The most value that disjoint melds among ``melds`` cover."""
        if not melds:
            return 0
        worth = self._worth
        union = size = total = 0
        for meld in melds:
            union |= meld
            size += meld.bit_count()
            total += worth[meld]
        if size == union.bit_count():  # no two overlap: all of them
            return total
        low = union & -union
        rest = [m for m in melds if not m & low]
        best = self._cover(rest)
        for meld in melds:
            if meld & low:
                got = worth[meld] + self._cover([m for m in rest if not m & meld])
                if got > best:
                    best = got
        return best

    def _remember(self, hand: int, deadwood: int) -> int:
        if len(self._cache) > _CACHE_LIMIT:
            self._cache = {0: 0}
        self._cache[hand] = deadwood
        return deadwood

    def arrangement(self, hand: int) -> tuple[int, tuple[int, ...]]:
        """The least deadwood of ``hand`` and melds (bit sets) that leave it (remembered:
        every view shows the arrangement of each hand its seat sees)."""
        found = self._arranged.get(hand)
        if found is None:
            if len(self._arranged) > _CACHE_LIMIT:
                self._arranged = {}
            found = self._arranged[hand] = self._arrange(hand)
        return found

    def _arrange(self, hand: int) -> tuple[int, tuple[int, ...]]:
        """From the lowest card of what is left, the first of its melds that an
        arrangement with the least deadwood holds (its worth and the most the rest covers
        make the most the whole covers), else none: the card is left out.  The melds held
        by what is left are those held before that share no card with what was taken."""
        worth, held, value = self._worth, self._held(hand), self.value(hand)
        total = self._cache.get(hand)  # as deadwood(hand), with the melds held kept
        if total is None:
            total = self._remember(hand, value - self._cover(held))
        cover = value - total  # the most what is left covers
        melds: list[int] = []
        while held:  # once no meld is left, neither is any card to take
            low = hand & -hand
            taken, rest = 0, held
            for meld in held:  # in order of their lowest cards: first those holding low
                if not meld & low:
                    break
                rest = [m for m in held if not m & meld]
                if worth[meld] + self._cover(rest) == cover:
                    taken = meld
                    break
            if taken:
                melds.append(taken)
                hand ^= taken
                held, cover = rest, cover - worth[taken]
            else:
                hand ^= low
                held = [m for m in held if not m & low]
        return total, tuple(melds)

    def melds_in(self, hand: int) -> list[int]:
        """Every meld that ``hand`` holds."""
        seen: set[int] = set()
        for card in bits(hand):
            for meld in self._by_card[card]:
                if meld & hand == meld:
                    seen.add(meld)
        return sorted(seen)


def _named(pack: Pack, kind: Kind, name: str = "", cards: tuple[int, ...] = ()) -> Action:
    return labelled(kind, pack, cards=cards, name=name)


@attr.s(auto_attribs=True, kw_only=True, frozen=True, slots=True, eq=False)
class RummyTables:
    """Everything a state of a rummy game looks up instead of working out."""

    pack: Pack
    play: RummyPlay
    scoring: RummyScoring
    values: tuple[int, ...]
    """Per card, its deadwood value."""
    melds: tuple[int, ...]
    """Every meld of the pack, as bit sets (an action's meld number is its place here)."""
    meld_index: dict[int, int]
    """Meld bit set -> its place in :attr:`melds`."""
    finder: MeldFinder
    discards: tuple[Action, ...]
    """``discard <card>``, by card."""
    layoffs: tuple[Action, ...]
    """``layoff <card>``, by card."""
    meld_actions: tuple[Action, ...]
    """``meld <cards>``, by meld number."""
    take: Action
    draw: Action
    pass_: Action
    knock: Action
    names: CardNames
    hand_seen: tuple[tuple[bool, ...], ...]
    """Per viewer, whose hand they see."""
    set_of: tuple[bool, ...]
    """Per meld number, whether it is a set (of one rank), else a run."""
    hand_sizes: tuple[int, ...]
    """The hand sizes of deals 0, 1, 2... in turn (``deal.sizes``, read on every view
    and knock: a look-up here, not a call of the interpreted model)."""

    @classmethod
    def compile(cls, game: GameContext) -> RummyTables:
        play, scoring, pack = game.variant.play, game.variant.scoring, game.pack
        assert isinstance(play, RummyPlay) and isinstance(scoring, RummyScoring)
        ranks, suits = len(pack.ranks), len(pack.suits)
        values = card_values(pack.ranks, suits, play.values, dict(game.variant.pack.points))
        melds = meld_masks(ranks, suits, set_min=play.set_min, set_max=play.set_max,
                           run_min=play.run_min, run_max=play.run_max)
        hands = visibility(game.variant.zones, "hand", Visibility.OWNER)
        width = ranks
        set_of = tuple(len({c % width for c in bits(m)}) == 1 for m in melds)
        return cls(
            pack=pack, play=play, scoring=scoring, values=values, melds=melds,
            meld_index={m: i for i, m in enumerate(melds)},
            finder=MeldFinder(melds, values),
            discards=tuple(_named(pack, Kind.VERB, DISCARD, (c,)) for c in range(pack.size)),
            layoffs=tuple(_named(pack, Kind.VERB, LAYOFF, (c,)) for c in range(pack.size)),
            meld_actions=tuple(_named(pack, Kind.VERB, MELD, tuple(bits(m))) for m in melds),
            take=_named(pack, Kind.VERB, TAKE), draw=_named(pack, Kind.DRAW),
            pass_=_named(pack, Kind.PASS), knock=_named(pack, Kind.VERB, KNOCK),
            names=CardNames.of(pack), hand_seen=seen_by(hands, game.players), set_of=set_of,
            hand_sizes=game.variant.deal.sizes(game.players))

    def hand_size(self, deal: int) -> int:
        """The cards of a hand in the match's deal number ``deal`` (from 0): ``deal.hand_for``."""
        sizes = self.hand_sizes
        return sizes[deal % len(sizes)]

    def value(self, hand: int) -> int:
        """The total value of the cards of ``hand``."""
        return self.finder.value(hand)

    def meld_of(self, action: Action) -> int:
        """The meld number an action ``meld <cards>`` lays (-1: its cards are no meld)."""
        return self.meld_index.get(sum(1 << c for c in set(action.cards)), -1)

    def layoff_cards(self, melds: Sequence[int], laid: int) -> int:
        """The cards that may be laid off on ``melds`` (bit sets) once the cards ``laid``
        have been: the rest of a set's rank, and the card next to each end of a run (with
        ``play.layoff_reach``, at most that many at each end)."""
        pack, reach = self.pack, self.play.layoff_reach
        width = len(pack.ranks)
        out = 0
        for meld in melds:
            cards = list(bits(meld))
            if len({c % width for c in cards}) == 1:
                if len(cards) < min(self.play.set_max, len(pack.suits)):
                    out |= pack.rank_mask(cards[0] % width) & ~meld & ~laid
                continue
            low, high = cards[0], cards[-1]
            for step, end in ((-1, low), (1, high)):
                nxt, used = end + step, 0
                while self._in_suit(nxt, end) and (laid >> nxt) & 1 \
                        and (not reach or used < reach):
                    used += 1
                    nxt += step
                if (not reach or used < reach) and self._in_suit(nxt, end):
                    out |= 1 << nxt
        return out & ~laid

    def _in_suit(self, card: int, of: int) -> bool:
        """Whether ``card`` is a card of the pack in the suit of card ``of``."""
        width = len(self.pack.ranks)
        return 0 <= card < self.pack.grid and card // width == of // width

    def action_families(self) -> tuple[Family, ...]:
        """Every action of the game: discards, take, draw, pass, knock, melds, layoffs."""
        return (Listed(actions=(*self.discards, self.take, self.draw, self.pass_, self.knock,
                                *self.meld_actions, *self.layoffs)),)
