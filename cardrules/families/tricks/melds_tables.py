"""Declarations compared between the sides (``play.melds``) compiled for a pack: which
declarations a hand holds, how strong each is, and their ``declare`` actions' place in
the action space.  The jack of hearts below is in the cent and in the carré at once:

>>> import cardrules
>>> game = cardrules.load("belote")
>>> hand = game.pack.parse_many("7H 8H 9H 10H JC JD JH JS")
>>> [(m.name, m.points) for m in game.tables.melds.find(sum(1 << c for c in hand), 0)]
[('cent', 100), ('carre', 200)]
"""

from __future__ import annotations

import attrs

from cardrules.actions import Kind
from cardrules.cards import Pack
from cardrules.engine.action_space import CardSets
from cardrules.families.tricks.melds_model import MeldBest, Melds

__all__ = ["Meld", "MeldTables"]

_CACHE_LIMIT = 50_000
"""Hands whose declarations a table keeps before it starts afresh (bounds memory)."""


@attrs.frozen(kw_only=True, slots=True)
class Meld:
    """A declaration a hand holds."""

    name: str
    """Its name (``tierce``, ``carre``)."""
    mask: int
    """Its cards as a bit set."""
    points: int
    """What it scores."""
    key: tuple[int, ...]
    """Its strength: of two declarations, the one with the greater key is the better."""
    sequence: bool
    """A sequence (else a set)."""


@attrs.define(kw_only=True, eq=False)
class MeldTables:
    """``play.melds`` compiled for a pack: the cards of each suit in sequence order and
    of each rank that makes a set."""

    rule: Melds
    """The rules compiled."""
    runs: tuple[tuple[int, ...], ...]
    """Per suit, its cards in sequence order, lowest first (empty without sequences)."""
    lengths: tuple[tuple[str, int, int], ...]
    """Per sequence length, shortest first: (name, cards, points)."""
    sets: tuple[tuple[str, int, int, int], ...]
    """Per rank making a set, best first among equal points: (name, cards as a bit set,
    points, its place from the last listed, 0 for the last)."""
    suit_of: tuple[int, ...]
    """Per card, its suit index (-1: none)."""
    names: tuple[str, ...]
    """Every declaration's name, sequences' first."""
    _found: dict[tuple[int, int], tuple[Meld, ...]] = attrs.Factory(dict)

    @classmethod
    def compile(cls, pack: Pack, rule: Melds) -> MeldTables:
        """The tables of ``rule`` for ``pack`` (checked: its ranks are the pack's)."""
        runs: list[tuple[int, ...]] = []
        lengths: tuple[tuple[str, int, int], ...] = ()
        if rule.sequences is not None:
            order = rule.sequences.order or pack.ranks
            ranks = [pack.ranks.index(r) for r in order]
            runs = [tuple(pack.card(rank=r, suit=s) for r in ranks)
                    for s in range(len(pack.suits))]
            lengths = tuple((n.name, n.cards, n.points) for n in rule.sequences.lengths)
        sets: list[tuple[str, int, int, int]] = []
        if rule.sets is not None:
            listed = list(rule.sets.points.items())
            for i, (rank, points) in enumerate(listed):
                mask = pack.rank_mask(pack.ranks.index(rank))
                sets.append((rule.sets.name, mask, points, len(listed) - 1 - i))
        return cls(rule=rule, runs=tuple(runs), lengths=lengths, sets=tuple(sets),
                   suit_of=tuple(pack.suit(c) for c in range(pack.size)),
                   names=(*(n for n, _, _ in lengths),
                          *((rule.sets.name,) if rule.sets is not None else ())))

    def find(self, hand: int, trump: int) -> tuple[Meld, ...]:
        """The declarations ``hand`` holds, ``trump`` the trump suit (-1: none): its
        longest sequences, then its sets."""
        key = (hand, trump)
        found = self._found.get(key)
        if found is None:
            if len(self._found) > _CACHE_LIMIT:
                self._found.clear()
            found = self._found[key] = (*self._sequences(hand, trump), *self._sets(hand))
        return found

    def _sequences(self, hand: int, trump: int) -> list[Meld]:
        out: list[Meld] = []
        if not self.lengths:
            return out
        shortest = self.lengths[0][1]
        trump_first = self.rule.sequences is not None and self.rule.sequences.trump_first
        for suit, cards in enumerate(self.runs):
            run: list[int] = []
            for card in (*cards, -1):  # -1 ends the last run
                if card >= 0 and hand >> card & 1:
                    run.append(card)
                    continue
                if len(run) >= shortest:
                    name, _, points = [n for n in self.lengths if n[1] <= len(run)][-1]
                    top = cards.index(run[-1])
                    strength = (0, len(run), top, int(trump_first and suit == trump))
                    out.append(Meld(name=name, mask=sum(1 << c for c in run), points=points,
                                    key=self._keyed(points, strength), sequence=True))
                run = []
        return out

    def _sets(self, hand: int) -> list[Meld]:
        return [Meld(name=name, mask=mask, points=points, sequence=False,
                     key=self._keyed(points, (1, points, place, 0)))
                for name, mask, points, place in self.sets if hand & mask == mask]

    def _keyed(self, points: int, strength: tuple[int, ...]) -> tuple[int, ...]:
        """The key of a declaration worth ``points`` of ``strength`` (class, then
        within it), as ``best`` compares."""
        if self.rule.best is MeldBest.POINTS_FIRST:
            return (points, *strength)
        return strength

    def action_families(self) -> tuple[CardSets, ...]:
        """The ``declare`` actions of every declaration, for the action space: each
        sequence's within one suit (the longest of every longer size too), each set's
        of the ranks that make one."""
        out = []
        most = len(self.runs[0]) if self.runs else 0
        for i, (name, cards, _) in enumerate(self.lengths):
            last = i == len(self.lengths) - 1
            out.append(CardSets(kind=Kind.DECLARE, name=name,
                                sizes=tuple(range(cards, most + 1)) if last else (cards,),
                                pools=tuple(sum(1 << c for c in run) for run in self.runs)))
        if self.sets:
            out.append(CardSets(kind=Kind.DECLARE, name=self.sets[0][0],
                                sizes=(self.sets[0][1].bit_count(),),
                                pools=tuple(mask for _, mask, _, _ in self.sets)))
        return tuple(out)

    def declared(self, runs: int, sets: int, trump: int) -> tuple[Meld, ...]:
        """The declarations recorded as the cards ``runs`` (sequences) and ``sets``."""
        return (*(m for m in self.find(runs, trump) if m.sequence),
                *(m for m in self.find(sets, trump) if not m.sequence))
