"""Lookup tables of the climbing procedure, compiled once per loaded variant: the cards
of each rank, the ranks a chain may run through, every play a hand may make and how
plays compare, and the action space.

>>> import cardrules
>>> game = cardrules.load("president", players=4)
>>> tables, pack = game.tables, game.pack
>>> plays = tables.plays(pack.parse_many("3C 3D 7S"))
>>> [(tables.combinations[p.combination].name, pack.names(p.cards)) for p in plays]
[('single', ('3C',)), ('single', ('3D',)), ('single', ('7S',)), ('pair', ('3C', '3D'))]
>>> tables.beats(plays[2], plays[0]), tables.beats(plays[3], plays[2])
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, product
from math import comb
from typing import TYPE_CHECKING

import attrs

from cardrules.actions import Action, Kind
from cardrules.cards import Pack, bits
from cardrules.engine.action_space import CardSets, Family, Listed
from cardrules.engine.views import CardNames, seen_by, visibility
from cardrules.families.climbing.model import ClimbingPlay, ClimbingScoring, Combination, Shape
from cardrules.model.common import Visibility

if TYPE_CHECKING:
    from cardrules.engine.state import GameContext

__all__ = ["PASS", "ClimbingTables", "Play", "chain_ranks", "most_plays", "space_size"]

PASS = Action(kind=Kind.PASS, label="pass")
"""The pass."""


@attrs.frozen(kw_only=True)
class Play:
    """A combination laid (or that may be): its type, length and key rank, and its
    cards."""

    combination: int
    """Index of its type in the rules' ``combinations``."""
    length: int
    """Ranks it spans (1 but for a chain)."""
    key: int
    """Its highest rank's place: in the pack's ladder, or in the chain ranks for a
    chain."""
    cards: tuple[int, ...]
    """Its cards, by rank from the lowest (in pack order within a rank)."""


def chain_ranks(play: ClimbingPlay, pack: Pack) -> tuple[int, ...]:
    """The ladder places of the ranks a chain may run through, lowest first.

    >>> from cardrules.families.climbing.model import Combination
    >>> pack = Pack(ranks=("3", "4", "5", "2"), suits=("S",))
    >>> rules = ClimbingPlay(procedure="climbing", chain_ranks=["3", "4", "5"],
    ...                      combinations=[Combination(name="single", shape=Shape.SAME_RANK)])
    >>> chain_ranks(rules, pack)
    (0, 1, 2)
    """
    if not play.chain_ranks:
        return tuple(range(len(pack.ranks)))
    return tuple(pack.ranks.index(str(r).upper()) for r in play.chain_ranks)


def space_size(play: ClimbingPlay, ranks: int, suits: int) -> int:
    """How many actions the plays of ``play`` number in the action space, with ``ranks``
    ranks of ``suits`` cards each (:meth:`ClimbingTables.action_families`): for each
    number of cards, the sets within one rank, or, where a chain has that many cards,
    every set within the chain ranks' cards.

    >>> from cardrules.families.climbing.model import Combination
    >>> rules = ClimbingPlay(procedure="climbing", combinations=[
    ...     Combination(name="single", shape=Shape.SAME_RANK),
    ...     Combination(name="pair", shape=Shape.SAME_RANK, size=2)])
    >>> space_size(rules, 13, 4)
    130
    """
    chain = len(play.chain_ranks) or ranks
    chained: set[int] = set()
    grouped: set[int] = set()
    for c in play.combinations:
        for length in c.lengths:
            (chained if c.shape is Shape.CHAIN else grouped).add(c.cards(length))
    total = 0
    for size in chained | grouped:
        if size in chained:
            total += comb((ranks if size in grouped else chain) * suits, size)
        else:
            total += ranks * comb(suits, size)
    return total


def most_plays(play: ClimbingPlay, ranks: int, suits: int) -> int:
    """The most plays one hand may have at once: every choice of cards of every
    combination at every key rank (a hand holding the whole pack).

    >>> from cardrules.families.climbing.model import Combination
    >>> rules = ClimbingPlay(procedure="climbing", combinations=[
    ...     Combination(name="pair", shape=Shape.SAME_RANK, size=2)])
    >>> most_plays(rules, 13, 4)
    78
    """
    chain = len(play.chain_ranks) or ranks
    total = 0
    for c in play.combinations:
        for length in c.lengths:
            keys = ranks if c.shape is Shape.SAME_RANK else max(chain - length + 1, 0)
            total += keys * comb(suits, c.size) ** length
    return total


@attrs.frozen(kw_only=True)
class ClimbingTables:
    """Everything a state of a climbing game looks up instead of working out."""

    pack: Pack
    play: ClimbingPlay
    scoring: ClimbingScoring
    combinations: tuple[Combination, ...]
    of_rank: tuple[int, ...]
    """Per ladder place, the pack's cards of that rank as a bit set."""
    chain: tuple[int, ...]
    """The ladder places of the chain ranks, lowest first."""
    names: CardNames
    hand_seen: tuple[tuple[bool, ...], ...]
    """Per viewer, whose hand they see."""
    known: dict[tuple[int, ...], Play | None] = attrs.field(factory=dict, eq=False)
    """Cards laid (lowest first) -> the play they make (filled on first use)."""
    actions: dict[tuple[int, ...], Action] = attrs.field(factory=dict, eq=False)
    """Cards laid (lowest first) -> the labelled action laying them (filled on first
    use)."""

    @classmethod
    def compile(cls, game: GameContext) -> ClimbingTables:
        play, scoring, pack = game.variant.play, game.variant.scoring, game.pack
        assert isinstance(play, ClimbingPlay) and isinstance(scoring, ClimbingScoring)
        of_rank = [0] * len(pack.ranks)
        for card in pack.cards:
            of_rank[pack.rank(card)] |= 1 << card
        hands = visibility(game.variant.zones, "hand", Visibility.OWNER)
        return cls(pack=pack, play=play, scoring=scoring,
                   combinations=tuple(play.combinations), of_rank=tuple(of_rank),
                   chain=chain_ranks(play, pack), names=CardNames.of(pack),
                   hand_seen=seen_by(hands, game.players))

    def plays(self, hand: Sequence[int] | int) -> list[Play]:
        """Every play ``hand`` (cards, or a bit set) may make, combination by
        combination in the rules' order, then by length and key rank, lowest first."""
        mask = hand if isinstance(hand, int) else sum(1 << c for c in hand)
        found: list[Play] = []
        for index, kind in enumerate(self.combinations):
            found.extend(self._plays_of(index, kind, mask))
        return found

    def _plays_of(self, index: int, kind: Combination, mask: int) -> Iterator[Play]:
        held = [tuple(bits(mask & m)) for m in self.of_rank]
        if kind.shape is Shape.SAME_RANK:
            for rank, cards in enumerate(held):
                for chosen in combinations(cards, kind.size):
                    yield Play(combination=index, length=1, key=rank, cards=chosen)
            return
        for length in kind.lengths:
            for top in range(length - 1, len(self.chain)):
                ranks = self.chain[top - length + 1: top + 1]
                if any(len(held[r]) < kind.size for r in ranks):
                    continue
                for parts in product(*(combinations(held[r], kind.size) for r in ranks)):
                    yield Play(combination=index, length=length, key=top,
                               cards=tuple(c for part in parts for c in part))

    def identify(self, cards: Sequence[int]) -> Play | None:
        """The play ``cards`` make (the first combination of the rules they fit), or
        None when they make none."""
        wanted = tuple(sorted(cards))
        if wanted in self.known:
            return self.known[wanted]
        found = None
        if len(set(wanted)) == len(wanted):
            found = next((p for p in self.plays(wanted) if tuple(sorted(p.cards)) == wanted),
                         None)
        if len(self.known) >= 100_000:
            self.known.clear()
        self.known[wanted] = found
        return found

    def action_of(self, cards: tuple[int, ...]) -> Action:
        """The labelled action laying ``cards`` (lowest first), made once."""
        found = self.actions.get(cards)
        if found is None:
            made = Action(kind=Kind.PLAY, cards=cards)
            found = self.actions[cards] = attrs.evolve(made, label=made.text(self.pack))
        return found

    def beats(self, play: Play, table: Play | None) -> bool:
        """Whether ``play`` may be laid on ``table`` (None: the table is clear, and any
        play may lead): a higher one of the same type and length, or a bomb on a
        combination that is not a bomb, or a bomb of more cards, or as many and
        higher."""
        if table is None:
            return True
        kind, under = self.combinations[play.combination], self.combinations[table.combination]
        if kind.bomb and not under.bomb:
            return True
        if kind.bomb and under.bomb and len(play.cards) != len(table.cards):
            return len(play.cards) > len(table.cards)
        if kind.bomb and under.bomb and play.combination != table.combination:
            return play.key > table.key
        return play.combination == table.combination and play.length == table.length \
            and play.key > table.key

    def action_families(self) -> tuple[Family, ...]:
        """Every action of the game: the pass, then each size of play as the sets of
        that many cards within one rank (for sets of one rank) or within the cards of
        the chain ranks (when a chain may have that size)."""
        pools: dict[int, set[int]] = {}
        chained = 0
        for r in self.chain:
            chained |= self.of_rank[r]
        for kind in self.combinations:
            for length in kind.lengths:
                within = pools.setdefault(kind.cards(length), set())
                within.update([chained] if kind.shape is Shape.CHAIN else self.of_rank)
        return (Listed(actions=(PASS,)),
                *(CardSets(kind=Kind.PLAY, sizes=(size,), pools=tuple(sorted(within)))
                  for size, within in sorted(pools.items())))

    def points(self, place: int, players: int) -> int:
        """What the player finishing in ``place`` (0 for the first out) scores."""
        return self.scoring.each_behind * (players - 1 - place)
