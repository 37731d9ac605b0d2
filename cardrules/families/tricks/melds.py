"""Declarations compared between the sides (``play.melds``): sequences of one suit and
sets of one rank, which every player may declare in turn during the first trick, each on
their turn before laying their card (``declare tierce 9H 8H 7H``).  When the first trick
is taken the declarations are compared: the side holding the best single declaration
scores all of its declarations, the others none (:func:`compare`).

A hand's declarations are its longest sequences (a run of five holds no tierce of its
own) and its sets; a card may be in a sequence and a set at once.  What each seat
declared is recorded per seat, sequences and sets apart (:class:`MeldFields`); the
cards of the declarations :attr:`Melds.show` names are known to everyone from then on
(a field of known cards, which re-sampling for a search leaves in place), and the
points scored count in the seat's deal points, apart from the card points
(:meth:`~cardrules.families.tricks.state.TricksState.declared_points`), so that a
contract of points can count them for the side that failed it.

>>> import cardrules
>>> game = cardrules.load("belote", options={"match": "one_deal"})
>>> state = game.setup(hands=["7H 8H 9H AC", "JC JD JH JS", "7S 8S QD KD",
...                           "AH 10D 9S 10C"], trump="S")
>>> [a.label for a in state.legal_actions() if a.kind.value == "declare"]
['declare tierce 9H 8H 7H']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from cardrules.actions import Action, Kind
from cardrules.cards import Pack
from cardrules.engine.action_space import CardSets
from cardrules.engine.fields import HeldCards, KnownCards, Numbers, field
from cardrules.families.tricks.melds_model import MeldBest, Melds, MeldShow, MeldTies
from cardrules.families.tricks.model import Partners, RawEvent, TricksPlay

if TYPE_CHECKING:
    from collections.abc import Callable

    from cardrules.families.tricks.context import TricksContext

__all__ = ["Meld", "MeldAttributes", "MeldFields", "MeldTables", "compare", "declare",
           "offered", "uses_meld_fields"]

_CACHE_LIMIT = 50_000
"""Hands whose declarations a table keeps before it starts afresh (bounds memory)."""


class MeldAttributes:
    """The attributes :class:`MeldFields` declares, named for the type checker only (as
    :class:`~cardrules.families.tricks.announced.AnnouncedAttributes`)."""

    __slots__ = ()
    _meld_runs: tuple[int, ...]
    _meld_sets: tuple[int, ...]
    _meld_shown: tuple[int, ...]
    _melded: tuple[int, ...]


@attrs.define(slots=False)
class MeldFields:
    """The state fields of declarations compared between the sides, added to the tricks
    procedure's state class only in the games that have them."""

    _meld_runs: tuple[int, ...] = field(HeldCards())
    """Per seat, the cards of the sequences it declared (a record: its places are the
    hands')."""
    _meld_sets: tuple[int, ...] = field(HeldCards())
    """Per seat, the cards of the sets it declared."""
    _meld_shown: tuple[int, ...] = field(KnownCards())
    """Per seat (the same for every seat: everyone saw them), the declared cards shown."""
    _melded: tuple[int, ...] = field(Numbers())
    """Per seat, the points of its declarations that score (set when they are
    compared)."""


def uses_meld_fields(play: object) -> bool:
    """The variant's play has declarations compared between the sides (``play.melds``)."""
    return isinstance(play, TricksPlay) and play.melds is not None


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


def offered(state: TricksContext, player: int) -> tuple[Meld, ...]:
    """The declarations ``player`` may make now: on their turn in the first trick, those
    they hold and have not declared yet."""
    melds = state._tables.melds
    if melds is None or any(state._tricks):
        return ()
    runs, sets = state._meld_runs[player], state._meld_sets[player]
    return tuple(m for m in melds.find(state._hands[player], state._trump)
                 if m.mask & (runs if m.sequence else sets) != m.mask)


def declare(state: TricksContext, new: TricksContext, action: Action,
            mask: int) -> None:
    """``state``'s player to act declares the cards ``mask`` (``action``), held and not
    declared before: record it in ``new``, a fresh clone, with its event."""
    p, n = state._current, len(state._hands)
    melds = state._tables.melds
    assert melds is not None
    meld = next(m for m in offered(state, p) if m.mask == mask)
    if meld.sequence:
        new._meld_runs = _with(state._meld_runs, p, mask)
    else:
        new._meld_sets = _with(state._meld_sets, p, mask)
    shown = melds.rule.show is MeldShow.ALL
    if shown:
        new._meld_shown = (state._meld_shown[0] | mask,) * n
    new._events = (("declare", p, action.cards, 0, meld.name, not shown),)


def compare(state: TricksContext, events: list[RawEvent]) -> None:
    """The first trick is taken: compare the declarations, and count those of the side
    holding the best for its seats (changes ``state``, a fresh clone)."""
    melds = state._tables.melds
    assert melds is not None
    n, trump = len(state._hands), state._trump
    opposite = state._tables.scoring.partners is Partners.OPPOSITE
    side: Callable[[int], int] = (lambda p: p % (n // 2)) if opposite else (lambda p: p)
    made = [melds.declared(state._meld_runs[p], state._meld_sets[p], trump)
            for p in range(n)]
    best: tuple[int, ...] = ()
    winner, tied = -1, False
    for p in state._game.turns.rounds[state._leader]:  # in turn from the trick's leader
        for meld in made[p]:
            if meld.key > best:
                best, winner, tied = meld.key, p, False
            elif meld.key == best and side(p) != side(winner):
                tied = True
    if winner < 0 or (tied and melds.rule.ties is MeldTies.NOBODY):
        return
    scored, shown = list(state._melded), state._meld_shown[0]
    for p in range(n):
        if side(p) != side(winner):
            continue
        for meld in made[p]:
            scored[p] += meld.points
            shown |= meld.mask
            cards = tuple(c for c in range(meld.mask.bit_length()) if meld.mask >> c & 1)
            events.append(("meld", p, cards, meld.points, meld.name, False))
    state._melded = tuple(scored)
    state._meld_shown = (shown,) * n


def _with(masks: tuple[int, ...], p: int, mask: int) -> tuple[int, ...]:
    """``masks`` with the cards of ``mask`` added to entry ``p``."""
    return masks[:p] + (masks[p] | mask,) + masks[p + 1:]


def action_of(tables: Callable[[Kind, int, str], Action], meld: Meld) -> Action:
    """The ``declare`` action of ``meld``, made by ``tables`` (``TricksTables.action``)."""
    return tables(Kind.DECLARE, meld.mask, meld.name)
