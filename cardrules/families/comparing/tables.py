"""Lookup tables of the comparing procedure, compiled once per loaded variant: each card's
value (and higher value), the actions, and who sees the players' hands.

>>> import cardrules
>>> game = cardrules.load("blackjack")
>>> tables, pack = game.tables, game.pack
>>> tables.total(pack.parse_many("AS 6H"))
Total(value=17, soft=True)
>>> tables.total(pack.parse_many("AS 6H 9C"))
Total(value=16, soft=False)
>>> [a.label for a in tables.action_families()[0].actions]
['hit', 'stand']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

import attr

from cardrules.actions import Action, Kind, register_verb
from cardrules.cards import Pack, mask_of
from cardrules.engine.action_space import Family, Listed
from cardrules.engine.views import CardNames, seen_by, visibility
from cardrules.families.comparing.model import ComparingPlay, Payouts
from cardrules.model.common import Visibility

if TYPE_CHECKING:
    from cardrules.engine.state import GameContext

__all__ = ["DOUBLE", "HIT", "SPLIT", "STAND", "WORDS", "ComparingTables", "Total",
           "rank_values"]

WORDS = ("hit", "stand", "double", "split")
"""The action words of a player's turn, in the order legal actions are listed."""
for _word in WORDS:
    register_verb(_word, cards=False)
HIT, STAND, DOUBLE, SPLIT = (Action(kind=Kind.VERB, name=w, label=w) for w in WORDS)
"""The actions: take one more card; end the turn (of the hand played); double the
payout and take one card; split a pair into two hands."""


class Total(NamedTuple):
    """A hand's total: the best within the goal, counting cards high where that fits
    (else the lowest), and whether it counts a card high (soft)."""

    value: int
    soft: bool


def rank_values(ranks: Sequence[str], values: dict[str, int]) -> tuple[int, ...]:
    """Each rank's value in a hand's total: ``values``, else its place from 1.

    >>> rank_values(("A", "2", "K"), {"K": 10})
    (1, 2, 10)
    """
    return tuple(values.get(r, i + 1) for i, r in enumerate(ranks))


@attr.s(auto_attribs=True, kw_only=True, frozen=True, slots=True, eq=False)
class ComparingTables:
    """Everything a state of a comparing game looks up instead of working out (``attr.s``:
    a native class when compiled, as the other compiled families' tables)."""

    pack: Pack
    """The cards."""
    play: ComparingPlay
    """The play rules."""
    payouts: Payouts
    """What each outcome pays."""
    values: tuple[int, ...]
    """Per card, its value in a total."""
    extras: tuple[int, ...]
    """Per card, what counting it high adds (0: it has no higher value)."""
    high_cards: int
    """The cards that have a higher value (an extra above 0), as a bit set."""
    hand: int
    """Cards dealt to each player."""
    names: CardNames
    """Fast names of card sets, for views."""
    hand_seen: tuple[tuple[bool, ...], ...]
    """Per viewer, whose hand they see (every hand, when hands are public)."""
    goal: int
    """The best total (``play.goal``); above it a hand is bust.  This and the fields
    below copy the rules' numbers that play reads at every move, read natively."""
    stands: int
    """The house stands on this total or more (``play.house.stands``)."""
    hits_soft: bool
    """The house draws to a soft total it would otherwise stand on."""
    plays_alone: bool
    """The house draws even when every player's hand is bust."""
    house_cards: int
    """Cards the house is dealt (a natural is a goal in as many)."""
    house_hole: int
    """How many of those lie face down (``play.house.hole``)."""
    win: int
    """What a hand beating the house's pays (``scoring.win``)."""
    tie: int
    """What a hand tying the house's pays."""
    loss: int
    """What a hand losing to the house's pays."""
    natural: int | None
    """What a natural pays (None: naturals count as any other total)."""
    doubles_or_splits: bool
    """The rules allow doubling or splitting (``play.double``, ``play.split``)."""

    @classmethod
    def compile(cls, game: GameContext) -> ComparingTables:
        play, payouts, pack = game.variant.play, game.variant.scoring, game.pack
        assert isinstance(play, ComparingPlay) and isinstance(payouts, Payouts)
        width = len(pack.ranks)
        by_rank = rank_values(pack.ranks, play.values)
        extra = tuple(play.high[r] - by_rank[i] if r in play.high else 0
                      for i, r in enumerate(pack.ranks))
        hands = visibility(game.variant.zones, "hand", Visibility.PUBLIC)
        extras = tuple(max(extra[c % width], 0) for c in range(pack.size))
        return cls(pack=pack, play=play, payouts=payouts,
                   values=tuple(by_rank[c % width] for c in range(pack.size)),
                   extras=extras, high_cards=mask_of(c for c, e in enumerate(extras) if e),
                   hand=game.variant.deal.largest(game.players), names=CardNames.of(pack),
                   hand_seen=seen_by(hands, game.players), goal=play.goal,
                   stands=play.house.stands, hits_soft=play.house.hits_soft,
                   plays_alone=play.house.plays_alone, house_cards=play.house.cards,
                   house_hole=play.house.hole,
                   win=payouts.win, tie=payouts.tie, loss=payouts.loss,
                   natural=payouts.natural, doubles_or_splits=play.double or play.split)

    def total(self, cards: Sequence[int]) -> Total:
        """The total of a hand of ``cards``: the highest within the goal that counting
        some of them high makes, else the total counting none high."""
        value, soft = self.count(cards)
        return Total(value, soft)

    def count(self, cards: Sequence[int]) -> tuple[int, bool]:
        """:meth:`total` as a plain pair, value and soft (play reads totals several times
        a move: a compiled build makes this pair without building a record).

        >>> import cardrules
        >>> game = cardrules.load("blackjack")
        >>> game.tables.count(game.pack.parse_many("AS AH 9C"))
        (21, True)
        """
        mask = 0
        for c in cards:
            mask |= 1 << c
        return self.count_set(mask)

    def count_set(self, cards: int) -> tuple[int, bool]:
        """:meth:`count` of the cards of a bit set (how hands are kept).

        >>> import cardrules
        >>> game = cardrules.load("blackjack")
        >>> from cardrules.cards import mask_of
        >>> game.tables.count_set(mask_of(game.pack.parse_many("AS 6H 9C")))
        (16, False)
        """
        values, extras = self.values, self.extras
        hard = 0
        rest = cards
        while rest:  # a loop over the set bits: no list of cards made
            low = rest & -rest
            hard += values[low.bit_length() - 1]
            rest ^= low
        rest = cards & self.high_cards  # the cards that may count high: none, mostly
        if not rest:
            return hard, False
        room = self.goal - hard
        # Bit r of ``reach`` is set when the extras of some of the cards add up to r
        # without passing ``room``: the best is the highest bit set.
        within = (1 << (room + 1)) - 1 if room >= 0 else 0
        reach = 1
        while rest:
            low = rest & -rest
            extra = extras[low.bit_length() - 1]
            if extra:
                reach |= (reach << extra) & within
            rest ^= low
        best = reach.bit_length() - 1
        return hard + best, best > 0

    def action_families(self) -> tuple[Family, ...]:
        """Every action of the game: hit and stand, and double and split where the
        rules allow them."""
        return (Listed(actions=(HIT, STAND, *((DOUBLE,) if self.play.double else ()),
                                *((SPLIT,) if self.play.split else ()))),)

    def splits_one_card(self, card: int) -> bool:
        """Whether the hands of a split pair of ``card``'s rank take one card each and no
        more (``play.split_one_card``)."""
        return self.pack.ranks[card % len(self.pack.ranks)] in self.play.split_one_card
