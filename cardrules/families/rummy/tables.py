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

import attrs

from cardrules.actions import Action, Kind, register_verb
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
    melds, by a search over the melds holding the hand's lowest card, remembered per hand.

    >>> finder = MeldFinder(meld_masks(4, 1), (1, 2, 3, 4))
    >>> finder.deadwood(0b1111), finder.deadwood(0b1011), finder.arrangement(0b1111)
    (0, 7, (0, (15,)))
    """

    __slots__ = ("_by_card", "_cache", "_values")

    def __init__(self, melds: Sequence[int], values: Sequence[int]) -> None:
        self._values = tuple(values)
        self._by_card = tuple(tuple(m for m in melds if (m >> c) & 1)
                              for c in range(len(values)))
        self._cache: dict[int, int] = {0: 0}

    def value(self, hand: int) -> int:
        """The total value of the cards of ``hand``."""
        values = self._values
        return sum(values[c] for c in bits(hand))

    def deadwood(self, hand: int) -> int:
        """The least deadwood of ``hand`` (a bit set) over all its arrangements."""
        found = self._cache.get(hand)
        if found is not None:
            return found
        low = hand & -hand
        card = low.bit_length() - 1
        rest = hand ^ low
        best = self._values[card] + self.deadwood(rest)
        for meld in self._by_card[card]:
            if meld & hand == meld and best:
                left = self.deadwood(hand ^ meld)
                if left < best:
                    best = left
        if len(self._cache) > _CACHE_LIMIT:
            self._cache = {0: 0}
        self._cache[hand] = best
        return best

    def arrangement(self, hand: int) -> tuple[int, tuple[int, ...]]:
        """The least deadwood of ``hand`` and melds (bit sets) that leave it."""
        total = self.deadwood(hand)
        melds: list[int] = []
        while hand:
            target = self.deadwood(hand)
            low = hand & -hand
            for meld in self._by_card[low.bit_length() - 1]:
                if meld & hand == meld and self.deadwood(hand ^ meld) == target:
                    melds.append(meld)
                    hand ^= meld
                    break
            else:
                hand ^= low
        return total, tuple(melds)

    def melds_in(self, hand: int) -> list[int]:
        """Every meld that ``hand`` holds."""
        seen: set[int] = set()
        for card in bits(hand):
            for meld in self._by_card[card]:
                if meld & hand == meld:
                    seen.add(meld)
        return sorted(seen)

    def best_discard(self, hand: int) -> int:
        """The least deadwood left after discarding one card of ``hand``."""
        return min(self.deadwood(hand & ~(1 << c)) for c in bits(hand))


def _named(pack: Pack, kind: Kind, name: str = "", cards: tuple[int, ...] = ()) -> Action:
    action = Action(kind=kind, name=name, cards=cards)
    return attrs.evolve(action, label=action.text(pack))


@attrs.frozen(kw_only=True)
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
            names=CardNames.of(pack), hand_seen=seen_by(hands, game.players), set_of=set_of)

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
