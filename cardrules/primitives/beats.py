"""Beat relations composed from declared clauses and compiled to lookup tables.

A table maps each top card to the bit set of cards that may be laid on it.  An extra
card (a joker: no suit, no rank) beats nothing and nothing beats it by any clause (a
trump may beat it: it is of no trump class).

>>> from cardrules.cards import Pack
>>> pack = Pack(ranks=("6", "7", "8", "9"), suits=("S", "H"))
>>> table = clause_table(pack, [BeatClause.STEP_DOWN, BeatClause.SAME_RANK])
>>> pack.names(pack.cards_of(table[pack.parse("8S")]))
('7S', '8H')
>>> describe_clause(BeatClause.STEP_DOWN)
'a card of the same suit exactly one rung lower'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardrules.cards import Pack, mask_of
from cardrules.model.common import BeatClause, RankBeat, RankClause, TrumpBeat

__all__ = ["CLAUSES", "class_table", "clause_table", "describe_clause", "self_matching",
           "suit_classes"]

CLAUSES: dict[BeatClause, str] = {
    BeatClause.STEP_DOWN: "a card of the same suit exactly one rung lower",
    BeatClause.STEP_UP: "a card of the same suit exactly one rung higher",
    BeatClause.SAME_RANK: "a card of the same rank in any suit",
    BeatClause.HIGHER_SAME_SUIT: "any higher card of the same suit",
    BeatClause.LOWER_SAME_SUIT: "any lower card of the same suit",
    BeatClause.SAME_SUIT: "any card of the same suit",
}
"""Named clauses and what each allows, in words."""


def describe_clause(clause: BeatClause | RankClause) -> str:
    """One sentence on what a clause allows."""
    if isinstance(clause, RankClause):
        return f"a {clause.rank} of the same suit" if clause.beats is RankBeat.SAME_SUIT \
            else f"any {clause.rank}"
    return CLAUSES[clause]


def _clause_mask(pack: Pack, clause: BeatClause | RankClause, top: int,
                 itself: bool = False) -> int:
    """The cards of rank x suit's first copy that beat ``top`` (one of them) by
    ``clause``; ``itself``: ``top`` too where the clause lets a card of its face beat it
    (same suit, same rank: a copy of the same card)."""
    rank, suit, n = pack.rank(top), pack.suit(top), len(pack.ranks)
    keep = ~0 if itself else ~(1 << top)
    if isinstance(clause, RankClause):
        r = pack.ranks.index(clause.rank)
        if clause.beats is RankBeat.SAME_SUIT:
            return (1 << pack.card(rank=r, suit=suit)) & keep
        return pack.rank_mask(r) & keep
    if clause is BeatClause.STEP_DOWN:
        return 1 << (top - 1) if rank > 0 else 0
    if clause is BeatClause.STEP_UP:
        return 1 << (top + 1) if rank < n - 1 else 0
    if clause is BeatClause.SAME_RANK:
        return pack.rank_mask(rank) & keep
    if clause is BeatClause.HIGHER_SAME_SUIT:
        return mask_of(pack.card(rank=r, suit=suit) for r in range(rank + 1, n))
    if clause is BeatClause.LOWER_SAME_SUIT:
        return mask_of(pack.card(rank=r, suit=suit) for r in range(rank))
    if clause is BeatClause.SAME_SUIT:
        return pack.suit_mask(suit) & keep
    raise ValueError(f"unknown beat clause {clause!r}")


def clause_table(pack: Pack, clauses: Iterable[BeatClause | RankClause]) -> tuple[int, ...]:
    """Per top card, the cards that beat it by any of ``clauses`` (trumps aside)."""
    clauses = tuple(clauses)
    table = []
    if pack.copies > 1 or pack.custom:  # every card, worked out on its grid twin
        for top in range(pack.size):
            twin = pack.twin(top)
            mask = 0
            for clause in () if twin < 0 else clauses:
                mask |= _clause_mask(pack, clause, twin, itself=True)
            table.append(pack.spread(mask) & ~(1 << top))
        return tuple(table)
    for top in range(pack.grid):
        mask = 0
        for clause in clauses:
            mask |= _clause_mask(pack, clause, top)
        table.append(mask)
    return (*table, *(0,) * len(pack.extra))


def self_matching(pack: Pack, clauses: Iterable[BeatClause | RankClause]) -> int:
    """Bit set of the cards that beat a card of their own face by ``clauses`` (same
    suit, same rank...): those a player may lay on the card to match when they hold that
    very card, as a game that shuffles the top card into the stock allows
    (``draw.reshuffle_all``).  A card never beats itself in :func:`clause_table`.

    >>> from cardrules.cards import Pack
    >>> pack = Pack(ranks=("9", "10"), suits=("S", "H"))
    >>> bin(self_matching(pack, [BeatClause.SAME_SUIT])), self_matching(pack, [BeatClause.STEP_UP])
    ('0b1111', 0)
    """
    clauses = tuple(clauses)
    mask = 0
    for card in range(pack.size):
        twin = pack.twin(card)
        if twin >= 0 and any(_clause_mask(pack, clause, twin, itself=True) >> twin & 1
                             for clause in clauses):
            mask |= 1 << card
    return mask


def suit_classes(pack: Pack, ranked: Sequence[Sequence[str]]) -> tuple[int, ...]:
    """Class of each suit: 0 plain, then 1, 2... for the groups in ``ranked`` (lowest first).

    >>> from cardrules.cards import Pack
    >>> suit_classes(Pack(ranks=("A",), suits=("S", "H", "D", "C")), [["D"], ["S"]])
    (2, 0, 1, 0)
    """
    classes = [0] * len(pack.suits)
    for level, group in enumerate(ranked, start=1):
        for suit in group:
            classes[pack.suits.index(suit)] = level
    return tuple(classes)


def class_table(pack: Pack, classes: Sequence[int], beat: TrumpBeat) -> tuple[int, ...]:
    """Per top card, the cards of a higher trump class that beat it (an extra card, of no
    suit, is plain: any trump beats it when ``beat`` is ``any_rank``)."""
    table = []
    for top in range(pack.size):
        own = pack.suit(top)
        top_class, rank = classes[own] if own >= 0 else 0, pack.rank(top)
        mask = 0
        for suit, cls in enumerate(classes):
            if cls <= top_class:
                continue
            if beat is TrumpBeat.ANY_RANK:
                mask |= pack.suit_mask(suit)
            elif rank > 0:
                mask |= pack.spread(1 << pack.card(rank=rank - 1, suit=suit))
        table.append(mask)
    return tuple(table)
