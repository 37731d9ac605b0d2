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

from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import combinations, product
from math import comb
from typing import TYPE_CHECKING, Final

import attr
import attrs

from cardrules.actions import Action, Kind, labelled
from cardrules.cards import Pack, bits, count
from cardrules.engine.action_space import CardSets, Family, Listed
from cardrules.engine.views import CardNames, seen_by, visibility
from cardrules.families.climbing.model import (
    FIVE_CARD,
    Attach,
    ClimbingPlay,
    ClimbingScoring,
    Combination,
    Shape,
)
from cardrules.families.climbing.poker import (
    PokerTables,
    count_hands,
    hands_bound,
    runs_of,
    shape_bit,
)
from cardrules.model.common import Visibility

if TYPE_CHECKING:
    from cardrules.engine.state import GameContext

__all__ = ["PASS", "ClimbingTables", "Play", "chain_ranks", "most_plays", "space_size"]

# Enum members read in functions, as module constants: compiled, each is a C static
# (on Python 3.11 an enum class's attribute costs a slow lookup: EnumType has a
# __getattr__).
_KIND_PLAY: Final = Kind.PLAY
_SHAPE_CARDS: Final = Shape.CARDS
_SHAPE_CHAIN: Final = Shape.CHAIN
_SHAPE_SAME_RANK: Final = Shape.SAME_RANK
_VISIBILITY_OWNER: Final = Visibility.OWNER

PARTS_KEPT: Final = 200_000
"""The most parts' plays :class:`ClimbingTables` keeps worked out (emptied when full)."""

Part = tuple[tuple[Action, ...], tuple["Play", ...], int]
"""A rank part's plays of one combination, in the order of :meth:`ClimbingTables.plays`: their
actions, the plays, and the highest key among them (-1: none)."""


PASS = Action(kind=Kind.PASS, label="pass")
"""The pass."""


class Play:
    """A combination laid (or that may be): its type, length and key rank, and its
    cards; read-only, and equal to another of the same fields.

    A class written out, not an attrs record: a compiled build (mypyc) makes a native
    class of it whose ``__init__`` is compiled too (an attrs class keeps the ``__init__``
    attrs writes, in Python), a tenth of the cost (a lead in Big Two makes dozens). Its
    fields are properties over private slots, so assigning to one raises
    ``AttributeError`` in the pure build as in the compiled one.

    >>> play = Play(combination=1, length=1, key=4, cards=(9, 22))
    >>> play
    Play(combination=1, length=1, key=4, cards=(9, 22), tie=0)
    >>> play == Play(combination=1, length=1, key=4, cards=(9, 22), tie=0) != play.cards
    True
    """

    __slots__ = ("_cards", "_combination", "_key", "_length", "_tie")

    def __init__(self, *, combination: int, length: int, key: int, cards: tuple[int, ...],
                 tie: int = 0) -> None:
        self._combination: Final = combination
        self._length: Final = length
        self._key: Final = key
        self._cards: Final = cards
        self._tie: Final = tie

    @property
    def combination(self) -> int:
        """Index of its type in the rules' ``combinations``."""
        return self._combination

    @property
    def length(self) -> int:
        """Ranks its core spans (1 but for a chain)."""
        return self._length

    @property
    def key(self) -> int:
        """Its core's highest rank's place: in the ladder, or in the chain ranks for a
        chain (a five-card hand's key as :mod:`.poker` finds it: a straight's run's
        place, a flush's ranks, a full house's or four's rank)."""
        return self._key

    @property
    def cards(self) -> tuple[int, ...]:
        """Its cards: the core's by rank from the lowest (in pack order within a rank),
        then any attached cards likewise (a five-card hand's as :mod:`.poker` orders
        them)."""
        return self._cards

    @property
    def tie(self) -> int:
        """What breaks a tie between two plays of one type and key: a suit's place in
        the rules' ``suit_order`` (0 when suits never break ties)."""
        return self._tie

    def _fields(self) -> tuple[int, int, int, tuple[int, ...], int]:
        return (self._combination, self._length, self._key, self._cards, self._tie)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Play):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (f"Play(combination={self.combination}, length={self.length}, "
                f"key={self.key}, cards={self.cards}, tie={self.tie})")

    def __reduce__(self) -> tuple[Callable[..., Play], tuple[int, int, int, tuple[int, ...],
                                                               int]]:
        return _unpickled_play, self._fields()


def _unpickled_play(combination: int, length: int, key: int, cards: tuple[int, ...],
                    tie: int) -> Play:
    """A pickled :class:`Play` made again (a native class pickles by its fields)."""
    return Play(combination=combination, length=length, key=key, cards=cards, tie=tie)


Pattern = tuple[int, int, tuple[int, ...], tuple[tuple[int, int], ...]]
"""A play by ranks alone: its length, key, core ranks (ladder places), and attached
cards as (ladder place, how many)."""


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


def ladder_counts(play: ClimbingPlay, ranks: int, suits: int,
                  extra: int) -> tuple[int, ...]:
    """How many cards of each ladder place a whole pack holds: ``suits`` of each rank,
    then one of each extra card when the rules rank them (``extra_above``)."""
    return (suits,) * ranks + ((1,) * extra if play.extra_above else ())


def _attachments(attach: Attach, length: int, held: Sequence[int], core: Sequence[int],
                 limits: Sequence[int], named: Sequence[tuple[int, ...]],
                 ) -> Iterator[tuple[tuple[int, int], ...]]:
    """Every choice of ``attach`` for a core on ranks ``core``: (ladder place, cards)
    lowest first, from ranks outside the core, none holding ``limits[r]`` cards of a
    rank or more (a bomb of that rank), nor every card of a bomb of ``named`` cards
    (ladder places)."""
    wanted = attach.count(length)
    places = [r for r in range(len(held)) if r not in core and held[r] >= attach.size]

    def pick(i: int, left: int, chosen: list[tuple[int, int]]) -> Iterator[
            tuple[tuple[int, int], ...]]:
        if not left:
            taken = {r for r, _ in chosen}
            if not any(set(n) <= taken for n in named):
                yield tuple(chosen)
            return
        for j in range(i, len(places)):
            r = places[j]
            most = min(left, held[r] // attach.size, (limits[r] - 1) // attach.size)
            for k in range(most, 0, -1):
                chosen.append((r, k * attach.size))
                yield from pick(j + 1, left - k, chosen)
                chosen.pop()

    yield from pick(0, wanted, [])


def patterns(kind: Combination, held: Sequence[int], chain: Sequence[int],
             limits: Sequence[int], named: Sequence[tuple[int, ...]],
             places: Sequence[int] = (), length: int = 0,
             above: int = -1) -> Iterator[Pattern]:
    """Every play of ``kind`` by ranks alone that ``held`` cards per ladder place allow
    (``places``: the ladder places of a ``cards`` combination's cards), only ``length``
    ranks long if given, and with a key above ``above``."""
    if kind.shape is _SHAPE_CARDS:
        if places and all(held[r] >= places.count(r) for r in set(places)):
            yield 1, 0, tuple(sorted(places)), ()
        return
    cores: list[tuple[int, int, tuple[int, ...]]] = []
    if kind.shape is _SHAPE_SAME_RANK:
        cores = [(1, r, (r,)) for r in range(above + 1, len(held)) if held[r] >= kind.size]
    else:
        lengths = (length,) if length else kind.lengths
        low, high = lengths[0], lengths[-1]
        run = 0
        for top, place in enumerate(chain):
            run = run + 1 if held[place] >= kind.size else 0
            if top <= above or run < low:
                continue
            for n in range(low, min(run, high) + 1):
                cores.append((n, top, tuple(chain[top - n + 1: top + 1])))
        cores.sort(key=lambda core: core[0])
    for length, key, ranks in cores:
        if kind.attach is None:
            yield length, key, ranks, ()
            continue
        for extra in _attachments(kind.attach, length, held, ranks, limits, named):
            yield length, key, ranks, extra


def _bomb_limits(kinds: Sequence[Combination], places: int,
                 named: dict[int, tuple[int, ...]]) -> tuple[tuple[int, ...],
                                                             tuple[tuple[int, ...], ...]]:
    """Per ladder place, the fewest cards of one rank that make a bomb (more than any
    rank holds when none does), and the ladder places of each bomb of named cards."""
    limits = [99] * places
    for kind in kinds:
        if kind.bomb and kind.shape is _SHAPE_SAME_RANK:
            limits = [min(m, kind.size) for m in limits]
    bombs = tuple(named[i] for i, k in enumerate(kinds) if k.bomb and i in named)
    return tuple(limits), bombs


def space_size(play: ClimbingPlay, ranks: int, suits: int, extra: int = 0) -> int:
    """How many actions the plays of ``play`` number in the action space, with ``ranks``
    ranks of ``suits`` cards each (:meth:`ClimbingTables.action_families`): for each
    number of cards, the sets within one rank, or, where a chain has that many cards,
    every set within the chain ranks' cards; every play by ranks alone (and its readings)
    when suits do not matter or cards are attached.

    >>> from cardrules.families.climbing.model import Combination
    >>> rules = ClimbingPlay(procedure="climbing", combinations=[
    ...     Combination(name="single", shape=Shape.SAME_RANK),
    ...     Combination(name="pair", shape=Shape.SAME_RANK, size=2)])
    >>> space_size(rules, 13, 4)
    130
    """
    if _listed(play):
        return _all_plays(play, ranks, suits, extra)
    chain = len(play.chain_ranks) or ranks
    chained: set[int] = set()
    grouped: set[int] = set()
    for c in play.combinations:
        if c.shape in FIVE_CARD:
            continue
        for length in c.lengths:
            (chained if c.shape is _SHAPE_CHAIN else grouped).add(c.card_count(length))
    total = 0
    for size in chained | grouped:
        if size in chained:
            total += comb((ranks if size in grouped else chain) * suits, size)
        else:
            total += ranks * comb(suits, size)
    return total + _five_card_count(play, ranks, suits)


def _five_card_count(play: ClimbingPlay, ranks: int, suits: int) -> int:
    """The five-card poker hands of ``play``'s combinations that a whole pack holds."""
    kinds = [c.shape for c in play.combinations if c.shape in FIVE_CARD]
    if not kinds:
        return 0
    runs = _runs_by_count(play, ranks)
    distinct = len({frozenset(r) for r in runs})
    return sum(count_hands(shape, len(runs), distinct, ranks, suits) for shape in kinds)


def _runs_by_count(play: ClimbingPlay, ranks: int) -> tuple[tuple[int, ...], ...]:
    """The runs a straight may make, as places among ``ranks`` ranks (before the pack is
    known: a listed run's ranks are told apart by name alone)."""
    if not play.straights:
        chain = tuple(range(len(play.chain_ranks) or ranks))
        return runs_of(play, (), chain)
    names: list[str] = []
    for run in play.straights:
        names.extend(r.upper() for r in run.split() if r.upper() not in names)
    return runs_of(play, names, ())


def _all_plays(play: ClimbingPlay, ranks: int, suits: int, extra: int) -> int:
    """Every play of a hand holding the whole pack (the actions listed one by one)."""
    key = (repr(play), ranks, suits, extra)
    if key not in _COUNTED:
        _COUNTED[key] = _count_plays(play, ranks, suits, extra)
    return _COUNTED[key]


_COUNTED: dict[tuple[str, int, int, int], int] = {}
"""The plays counted per rules (a rule file is checked each time it is loaded)."""


def _count_plays(play: ClimbingPlay, ranks: int, suits: int, extra: int) -> int:
    held = ladder_counts(play, ranks, suits, extra)
    chain = tuple(range(len(play.chain_ranks) or ranks))
    limits, _ = _bomb_limits(play.combinations, len(held), {})
    total = _five_card_count(play, ranks, suits)
    for c in play.combinations:
        if c.shape is _SHAPE_CARDS:
            total += 1
            continue
        if c.shape in FIVE_CARD:
            continue
        for _length, _key, core, attached in patterns(c, held, chain, limits, ()):
            ways = 1 if play.by_rank else comb(suits, c.size) ** len(core)
            for r, k in attached:
                ways *= 1 if play.by_rank else comb(held[r], k)
            total += ways
    return total


def _listed(play: ClimbingPlay) -> bool:
    """The action space lists each play one by one (suits do not matter, or cards are
    attached, or named), rather than as sets of cards of a size."""
    return play.by_rank or any(c.attach is not None or c.shape is _SHAPE_CARDS
                               for c in play.combinations)


def most_plays(play: ClimbingPlay, ranks: int, suits: int, extra: int = 0,
               held: int = 0) -> int:
    """The most plays one hand may have at once: every choice of cards of every
    combination at every key rank (a hand holding the whole pack); where plays are
    listed one by one (:func:`space_size`), a bound for a hand of at most ``held``
    cards: each core at every key, times the choices of its attachments among the
    hand's other cards.

    >>> from cardrules.families.climbing.model import Attach, Combination
    >>> rules = ClimbingPlay(procedure="climbing", combinations=[
    ...     Combination(name="pair", shape=Shape.SAME_RANK, size=2)])
    >>> most_plays(rules, 13, 4)
    78
    >>> rules = ClimbingPlay(procedure="climbing", by_rank=True, combinations=[
    ...     Combination(name="trio_solo", shape=Shape.SAME_RANK, size=3,
    ...                 attach=Attach(size=1))])
    >>> most_plays(rules, 13, 4, held=20)
    221
    """
    chain = len(play.chain_ranks) or ranks
    shapes = [c.shape for c in play.combinations if c.shape in FIVE_CARD]
    five = _five_card_count(play, ranks, suits)
    if shapes and held:
        five = min(five, hands_bound(shapes, _runs_by_count(play, ranks), ranks, suits, held))
    if _listed(play):
        places = ranks + (extra if play.extra_above else 0)
        total = five
        for c in play.combinations:
            if c.shape is _SHAPE_CARDS:
                total += 1
                continue
            if c.shape in FIVE_CARD:
                continue
            for length in c.lengths:
                core = c.size * length
                if held and core > held:
                    continue
                keys = places if c.shape is _SHAPE_SAME_RANK else max(chain - length + 1, 0)
                ways = keys * (1 if play.by_rank else comb(suits, c.size) ** length)
                if c.attach is not None:
                    rest = max((held or places * suits) - core, 0)
                    count = c.attach.count(length)
                    ways *= comb(rest // c.attach.size, count) if play.by_rank else \
                        comb(rest, count * c.attach.size)
                total += ways
        return total
    total = five
    for c in play.combinations:
        if c.shape in FIVE_CARD:
            continue
        for length in c.lengths:
            keys = ranks if c.shape is _SHAPE_SAME_RANK else max(chain - length + 1, 0)
            total += keys * comb(suits, c.size) ** length
    return total


def _rank_parts(play: ClimbingPlay, of_rank: tuple[int, ...],
                ) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """Per combination of ``play``, its rank parts (``ClimbingTables.rank_parts``): for
    the sets of one rank with no card attached, where suits matter, one part a ladder
    place; none for the others."""
    planned: list[tuple[tuple[int, int, int], ...]] = []
    number = 0
    for kind in play.combinations:
        if kind.shape is not _SHAPE_SAME_RANK or kind.attach is not None or play.by_rank:
            planned.append(())
            continue
        planned.append(tuple((number + r, cards, kind.size)
                             for r, cards in enumerate(of_rank)))
        number += len(of_rank)
    return tuple(planned)


@attr.s(auto_attribs=True, kw_only=True, eq=False, slots=True)
class ClimbingTables:
    """Everything a state of a climbing game looks up instead of working out.

    ``attr.s``, not ``attrs.frozen``: a compiled build (mypyc) makes a native class of it
    (its fields read directly by the compiled state); nothing changes them once made but
    the look-up caches below."""

    pack: Pack
    play: ClimbingPlay
    scoring: ClimbingScoring
    combinations: tuple[Combination, ...]
    of_rank: tuple[int, ...]
    """Per ladder place, the pack's cards of that rank as a bit set (then each extra
    card, when the rules rank them)."""
    rank_of: tuple[int, ...]
    """Per card, its ladder place (-1: none)."""
    chain: tuple[int, ...]
    """The ladder places of the chain ranks, lowest first."""
    named: dict[int, tuple[int, ...]]
    """Per combination of named cards (by index), their ladder places."""
    limits: tuple[int, ...]
    """Per ladder place, the fewest cards of it that make a bomb."""
    named_bombs: tuple[tuple[int, ...], ...]
    """The ladder places of each bomb of named cards (attached cards never hold one)."""
    names: CardNames
    hand_seen: tuple[tuple[bool, ...], ...]
    """Per viewer, whose hand they see."""
    _sizes: tuple[frozenset[int], ...] = attrs.field(alias="sizes")
    firsts: tuple[tuple[int, ...], ...] = ()
    """Per ladder place, the pack's cards of that rank, lowest first (the cards a play
    is written with where suits do not matter)."""
    poker: PokerTables | None = None
    """The five-card hands' tables (None: the rules have none)."""
    ranked: dict[int, int] = attrs.Factory(dict)
    """Per combination of the rules' ``type_order`` (by index), its place there."""
    lead: int = -1
    """The rules' first-lead card (-1: no ``first_lead`` rule)."""
    overrides: dict[int, dict[int, int]] = attrs.Factory(dict)
    """Per combination with ``overrides`` (by index): the other combinations it may also
    beat (by index), each with the ladder places of the plays it beats as a bit set (-1:
    a play of any rank)."""
    suit_place: tuple[int, ...] = ()
    """Per card, its suit's place in the rules' ``suit_order`` (empty: suits never break
    a tie)."""
    known: dict[tuple[int, ...], tuple[Play, ...]] = attrs.Factory(dict)
    """Cards laid (lowest first) -> every play they make (filled on first use)."""
    actions: dict[tuple[tuple[int, ...], int], Action] = attrs.Factory(dict)
    """Cards laid (in the play's order) and combination -> the labelled action laying
    them (filled on first use)."""
    shaped: dict[tuple[int, int, int, tuple[tuple[int, int], ...]], tuple[Action, Play]] = \
        attrs.Factory(dict)
    """Where suits do not matter, a play by ranks alone (combination, length, key and
    attached cards) -> the labelled action laying it and its play (filled on first
    use)."""
    tabled: dict[tuple[int, tuple[int, ...]], Play | None] = attrs.Factory(dict)
    """Cards on the table (a bit set) and their reading -> :meth:`on_table`'s answer
    (filled on first use)."""
    identified: dict[tuple[tuple[int, ...], str], Play | None] = attrs.Factory(dict)
    """Cards laid (in the order given) and combination name -> :meth:`identify`'s
    answer (filled on first use: a play is identified on every apply and by the rules
    judging it)."""
    shown: dict[int, tuple[int, ...]] = attrs.Factory(dict)
    """Cards laid (a bit set) -> :meth:`sorted_cards`'s answer (filled on first use)."""
    cards_in: dict[int, tuple[int, ...]] = attrs.Factory(dict)
    """The cards of one rank a hand holds (a bit set) -> those cards, lowest first
    (filled on first use: at most every set of each rank's cards)."""
    contenders: dict[int, tuple[int, ...]] = attrs.Factory(dict)
    """A combination (by index) -> the combinations that may be laid on its plays
    (:meth:`_contenders`; filled on first use)."""
    rank_parts: tuple[tuple[tuple[int, int, int], ...], ...] = ()
    """Per combination (by index), where its plays are listed rank by rank
    (:meth:`legal_on`: each rank's plays depend on the hand's cards of that rank alone,
    and are looked up by them), each rank as (its part's number, its cards as a bit set,
    the fewest of them a hand holds to make a play); empty: the plays are searched for
    in the whole hand."""
    part_count: int = 0
    """How many rank parts are numbered."""
    five_card: tuple[bool, ...] = ()
    """Per combination (by index), whether it is a five-card poker hand whose cards as a
    set tell its play (each run of a straight its own set of ranks)."""
    shape_bits: tuple[int, ...] = ()
    """Per combination (by index), the bit of its five-card shape in
    :meth:`PokerTables.makes`' answer (0: not a five-card hand; empty: the rules have
    none), so that :meth:`legal_on` searches only for the shapes a hand may make."""
    five_card_actions: dict[int, Action] = attrs.Factory(dict)
    """A five-card hand's cards as a bit set and its combination (as one number) -> its
    action (:meth:`_five_card_action`; filled on first use, at most
    :data:`PARTS_KEPT`)."""
    five_slots: tuple[list[Action | None], ...] = ()
    """Per combination (by index), where its five-card hands are numbered
    (:meth:`PokerTables.add_hands`), each hand's action at its number once found (None:
    not yet); an empty list where they are not."""
    parted: dict[int, Part] = attrs.Factory(dict)
    """A rank part's cards a hand holds (a bit set) and the part's number (as one
    number) -> its plays (filled on first use, at most :data:`PARTS_KEPT`)."""

    @classmethod
    def compile(cls, game: GameContext) -> ClimbingTables:
        play, scoring, pack = game.variant.play, game.variant.scoring, game.pack
        assert isinstance(play, ClimbingPlay) and isinstance(scoring, ClimbingScoring)
        places = len(pack.ranks) + (len(pack.extra) if play.extra_above else 0)
        of_rank = [0] * places
        rank_of = [-1] * pack.size
        for card in pack.cards:
            r = pack.rank(card)
            if r < 0 and play.extra_above and pack.grid <= card < pack.grid + len(pack.extra):
                r = len(pack.ranks) + card - pack.grid
            if r >= 0:
                of_rank[r] |= 1 << card
                rank_of[card] = r
        named = {i: tuple(sorted(rank_of[pack.parse(n)] for n in c.cards))
                 for i, c in enumerate(play.combinations) if c.shape is _SHAPE_CARDS}
        limits, bombs = _bomb_limits(play.combinations, places, named)
        hands = visibility(game.variant.zones, "hand", _VISIBILITY_OWNER)
        chain = chain_ranks(play, pack)
        poker = PokerTables.compile(play, pack, rank_of, chain) \
            if any(c.shape in FIVE_CARD for c in play.combinations) else None
        names = [c.name for c in play.combinations]
        ranked = {names.index(n): i for i, n in enumerate(play.type_order)}
        overrides = {i: {names.index(o.combination): sum(
            1 << pack.ranks.index(str(r).upper()) for r in o.ranks) or -1
            for o in c.overrides} for i, c in enumerate(play.combinations) if c.overrides}
        suited = () if not play.suit_order else \
            (poker or PokerTables.compile(play, pack, rank_of, chain)).suit_place
        parts = _rank_parts(play, tuple(of_rank))
        five = tuple(poker is not None and c.shape in FIVE_CARD
                     and len(poker.run_of) == len(poker.runs) for c in play.combinations)
        slots: list[Action | None] = [None]
        return cls(pack=pack, play=play, scoring=scoring, poker=poker, ranked=ranked,
                   rank_parts=parts, part_count=sum(len(p) for p in parts),
                   five_card=five,
                   five_slots=tuple(slots * poker.slot_count(c.shape)
                                    if poker is not None and five[i] else []
                                    for i, c in enumerate(play.combinations)),
                   shape_bits=tuple(shape_bit(c.shape) for c in play.combinations)
                   if poker is not None else (),
                   overrides=overrides, suit_place=suited,
                   lead=pack.parse(play.first_lead.card) if play.first_lead else -1,
                   combinations=tuple(play.combinations), of_rank=tuple(of_rank),
                   rank_of=tuple(rank_of), chain=chain, named=named,
                   limits=limits, named_bombs=bombs, names=CardNames.of(pack),
                   hand_seen=seen_by(hands, game.players),
                   sizes=tuple(frozenset(c.card_count(n) for n in c.lengths)
                               for c in play.combinations),
                   firsts=tuple(tuple(bits(m)) for m in of_rank))

    def rank(self, card: int) -> int:
        """``card``'s ladder place (-1: none)."""
        return self.rank_of[card]

    def plays(self, hand: Sequence[int] | int, size: int = 0) -> list[Play]:
        """Every play ``hand`` (cards, or a bit set) may make (only of ``size`` cards if
        given), combination by combination in the rules' order, then by length and key
        rank, lowest first."""
        mask = hand if isinstance(hand, int) else sum(1 << c for c in hand)
        held = self._held(mask)
        found: list[Play] = []
        for index, kind in enumerate(self.combinations):
            if size and size not in self.sizes[index]:
                continue
            found.extend(self._plays_of(index, kind, held, mask))
        return found

    def _held(self, mask: int) -> list[tuple[int, ...]]:
        """Per ladder place, the cards of ``mask`` of that rank (the pack's first ones,
        where suits do not matter: only their number counts), each tuple made once."""
        if self.play.by_rank:
            return list(self.firsts)
        made = self.cards_in
        held = []
        for m in self.of_rank:
            part = mask & m
            cards = made.get(part)
            if cards is None:
                cards = made[part] = tuple(bits(part))
            held.append(cards)
        return held

    def plays_on(self, hand: int, table: Play | None) -> list[Play]:
        """The plays of ``hand`` that may be laid on ``table`` (None: on a clear table,
        every play), in the order of :meth:`plays`."""
        if table is None:
            return self.plays(hand)
        held = self._held(hand)
        found: list[Play] = []
        for index in self._contenders(table.combination):
            found.extend(self._plays_on(index, held, hand, table))
        return found

    def _plays_on(self, index: int, held: list[tuple[int, ...]], hand: int,
                  table: Play) -> Iterator[Play]:
        """The plays of combination ``index`` of ``hand`` (``held``: per ladder place, as
        :meth:`_held` gives them) that may be laid on ``table``, in :meth:`plays`'
        order, and, of ``table``'s own combination, any play not left out at once (the
        plays of another length, or of a key too low)."""
        kind = self.combinations[index]
        if index == table.combination:
            above = table.key - 1 if self.suit_place else table.key  # a suit may break a tie
            yield from self._plays_of(index, kind, held, hand, table.length, above)
        elif kind.bomb or self._ranked_above(index, table.combination) or \
                self._overrides(index, table):
            yield from (p for p in self._plays_of(index, kind, held, hand)
                        if self.beats(p, table))

    def _contenders(self, under: int) -> tuple[int, ...]:
        """The combinations whose plays may be laid on a play of combination ``under``
        (by index, in the rules' order): itself, the bombs, those ranked above it, and
        those whose ``overrides`` name it (kept once worked out)."""
        found = self.contenders.get(under)
        if found is None:
            found = self.contenders[under] = tuple(
                i for i, kind in enumerate(self.combinations)
                if i == under or kind.bomb or self._ranked_above(i, under)
                or under in self.overrides.get(i, {}))
        return found

    def _ranked_above(self, index: int, under: int) -> bool:
        """Whether combination ``index`` comes after combination ``under`` in the rules'
        ``type_order`` (its plays beat every play of that one)."""
        ranked = self.ranked
        return index in ranked and under in ranked and ranked[index] > ranked[under]

    def _overrides(self, index: int, table: Play) -> bool:
        """Whether combination ``index`` may be laid on ``table``, a play of another
        type, by its ``overrides`` (a set of one rank: by the rank of ``table``)."""
        ranks = self.overrides.get(index, {}).get(table.combination, 0)
        return ranks == -1 or bool(ranks >> table.key & 1)

    def legal_on(self, hand: int, table: Play | None, card: int = -1) -> list[Action]:
        """The labelled actions laying each play of ``hand`` that may be laid on
        ``table`` (None: on a clear table), in the order of :meth:`plays_on`, each set of
        cards of a combination and key once (where suits do not matter,
        :class:`~cardrules.families.climbing.ranked.RankedTables` looks them up); only
        those laying ``card`` when given (a deal's first lead), the others not made."""
        seen: set[tuple[frozenset[int], int, int]] = set()
        found: list[Action] = []
        kinds = self.combinations
        by_rank = self.play.by_rank
        held: list[tuple[int, ...]] | None = None
        indices = range(len(kinds)) if table is None else \
            ClimbingTables._contenders(self, table.combination)
        ranked = self.rank_parts
        five = self.five_card or (False,) * len(kinds)
        shapes = () if by_rank else self.shape_bits
        made = -1  # the five-card shapes the hand may make (-1: not yet worked out)
        for index in indices:
            parts = ranked[index] if ranked else ()
            if parts:
                # On a play of its own combination, a rank part below it holds no play
                # that beats it (:meth:`_add_part`): the parts are by ladder place.
                low = table.key if table is not None and index == table.combination \
                    and not kinds[index].top else 0
                for r in range(low, len(parts)):
                    number, mask, fewest = parts[r]
                    part = hand & mask  # counted only past one card, then past two
                    if part and (fewest <= 1 or (part & (part - 1) and (
                            fewest == 2 or count(part) >= fewest))) and (
                            card < 0 or part >> card & 1):
                        ClimbingTables._add_part(self, index, number, part, table, found,
                                                 card)
                continue
            shape = shapes[index] if shapes else 0
            if shape:
                if made < 0:
                    made = ClimbingTables._makes(self, hand)
                if not made & shape:
                    continue
            if held is None:
                held = self._held(hand)
            kind = kinds[index]
            if five[index] and not by_rank and kind.attach is None \
                    and not kind.not_from_whole_rank and (table is None or (
                        not kind.top and not kind.bomb and (
                            index == table.combination
                            or self._ranked_above(index, table.combination)))):
                ClimbingTables._add_five_cards(self, index, kind, held, hand, table, found,
                                               card)
                continue
            plays = self._plays_of(index, kind, held, hand) if table is None else \
                self._plays_on(index, held, hand, table)
            for play in plays:
                if (table is not None and not self.beats(play, table)) or (
                        kind.not_from_whole_rank and self.barred(play, hand)) or (
                        card >= 0 and card not in play.cards):
                    continue
                if by_rank or kind.attach is not None or kind.shape is _SHAPE_CARDS:
                    cards = (frozenset(play.cards), play.combination, play.key)
                    if cards in seen:  # found by ranks first: a set may come twice
                        continue
                    seen.add(cards)
                if five[index]:
                    found.append(ClimbingTables._five_card_action(self, index, play))
                else:
                    found.append(self.action_of(play))
        return found

    def _makes(self, hand: int) -> int:
        """The five-card shapes ``hand`` may make (:meth:`PokerTables.makes`; -1: any,
        when the rules have none)."""
        return -1 if self.poker is None else self.poker.makes(hand)

    def _add_five_cards(self, index: int, kind: Combination, held: list[tuple[int, ...]],
                        hand: int, table: Play | None, found: list[Action],
                        card: int = -1) -> None:
        """Append to ``found`` the actions of the five-card hands of combination
        ``index`` that ``hand`` (``held``: per ladder place, as :meth:`_held` gives
        them) makes, in :meth:`plays`' order: on a clear table every one; on a play of a
        combination it comes after in the ``type_order`` (and neither a bomb nor a top
        combination) every one too; on a play of its own combination those that beat it
        (:meth:`beats`: a higher key, or as high and a higher tie); only those laying
        ``card`` when given. Each is found at its number in :attr:`five_slots`
        (:meth:`PokerTables.add_hands`), or, where hands are not numbered, looked up by
        its cards as a bit set, a play made only for an action not yet known
        (:meth:`_five_card_action`)."""
        poker = self.poker
        assert poker is not None
        known = self.five_card_actions
        number = len(self.combinations)
        above = low_key = low_tie = -1  # a hand must beat key and tie (-1: any does)
        if table is not None and index == table.combination:
            if table.length != 1:
                return  # a five-card hand is one rank long: none is of its length
            low_key, low_tie = table.key, table.tie
            above = low_key - 1 if self.suit_place else low_key  # as :meth:`_plays_on`
        slots = self.five_slots[index] if self.five_slots else []
        if slots:
            poker.add_hands(index, kind.shape, held, hand, above, low_key, low_tie, card,
                            slots, found, self)
            return
        for key, tie, cards in poker.hands(kind.shape, held, above, hand):
            if key < low_key or (key == low_key and tie <= low_tie) or (
                    card >= 0 and card not in cards):
                continue
            mask = 0
            for c in cards:
                mask |= 1 << c
            action = known.get(mask * number + index)
            if action is None:
                action = ClimbingTables._five_card_action(self, index, Play(
                    combination=index, length=1, key=key, cards=cards, tie=tie))
            found.append(action)

    def five_card_made(self, index: int, key: int, tie: int,
                       cards: tuple[int, ...]) -> Action:
        """The action laying ``cards``, a five-card hand of combination ``index`` of this
        key and tie (:class:`~cardrules.families.climbing.poker.HandMaker`)."""
        return self.action_of(Play(combination=index, length=1, key=key, cards=cards,
                                   tie=tie))

    def _five_card_action(self, index: int, play: Play) -> Action:
        """:meth:`action_of` a five-card hand of combination ``index``, looked up by its
        cards as a bit set (its cards' order follows from them)."""
        mask = 0
        for card in play.cards:
            mask |= 1 << card
        key = mask * len(self.combinations) + index
        found = self.five_card_actions.get(key)
        if found is None:
            found = self.action_of(play)
            if len(self.five_card_actions) >= PARTS_KEPT:
                self.five_card_actions.clear()
            self.five_card_actions[key] = found
        return found

    def _add_part(self, index: int, number: int, part: int, table: Play | None,
                  found: list[Action], card: int = -1) -> None:
        """Append to ``found`` the actions of the plays of combination ``index`` (of one
        rank) that the cards ``part`` of rank part ``number`` make and that may be laid
        on ``table`` (None: a clear table); only those laying ``card`` when given."""
        key = part * self.part_count + number
        made = self.parted.get(key)
        if made is None:
            kind = self.combinations[index]
            plays = tuple(self._plays_of(index, kind, self._held(part), part))
            made = (tuple([self.action_of(p) for p in plays]), plays,
                    max([p.key for p in plays], default=-1))
            if len(self.parted) >= PARTS_KEPT:
                self.parted.clear()
            self.parted[key] = made
        actions, plays, top = made
        if card >= 0:
            for action, play in zip(actions, plays):
                if card in play.cards and (table is None or self.beats(play, table)):
                    found.append(action)
            return
        if table is None:
            found.extend(actions)
            return
        kind = self.combinations[index]
        if index == table.combination and not kind.top:
            if top < table.key:
                return  # none of the part's plays beats one of its own combination
            if not kind.bomb:  # :meth:`beats` on a play of its own type and length
                key, tie, length = table.key, table.tie, table.length
                for action, play in zip(actions, plays):
                    if play.length == length and (
                            play.key > key or (play.key == key and play.tie > tie)):
                        found.append(action)
                return
        for action, play in zip(actions, plays):
            if self.beats(play, table):
                found.append(action)

    def barred(self, play: Play, hand: int) -> bool:
        """Whether ``play`` is a chain that may not start at its lowest rank because
        ``hand`` holds every card of it (``not_from_whole_rank``)."""
        kind = self.combinations[play.combination]
        if not kind.not_from_whole_rank or kind.shape is not _SHAPE_CHAIN:
            return False
        low = self.of_rank[self.chain[play.key - play.length + 1]]
        return hand & low == low

    def _shape(self, shape: tuple[int, int, int, tuple[tuple[int, int], ...]],
               ) -> tuple[Action, Play]:
        """The action laying a play by ranks alone, and its play (made once)."""
        index, span, key, extra = shape
        kind = self.combinations[index]
        if kind.shape is _SHAPE_CARDS:
            play = Play(combination=index, length=1, key=0,
                        cards=tuple(sorted(self.pack.parse(n) for n in kind.cards)))
            made = self.shaped[shape] = (self.action_of(play), play)
            return made
        core = (key,) if kind.shape is _SHAPE_SAME_RANK else \
            self.chain[key - span + 1: key + 1]
        cards = tuple(c for r in core for c in self.firsts[r][:kind.size]) + \
            tuple(c for r, k in extra for c in self.firsts[r][:k])
        play = Play(combination=index, length=span, key=key, cards=cards)
        made = self.shaped[shape] = (self.action_of(play), play)
        return made

    @property
    def sizes(self) -> tuple[frozenset[int], ...]:
        """Per combination, the numbers of cards it may have."""
        return self._sizes

    def _plays_of(self, index: int, kind: Combination, held: list[tuple[int, ...]],
                  mask: int, length: int = 0, above: int = -1) -> Iterator[Play]:
        """The plays of combination ``index`` the cards ``mask`` (``held``: per ladder
        place, as :meth:`_held` gives them) make, in :meth:`plays`' order: only those of
        ``length`` (0: any) whose key is above ``above``, where the search by ranks or
        of five-card hands can leave the others out."""
        if self.poker is not None and kind.shape in FIVE_CARD:
            for key, tie, cards in self.poker.hands(kind.shape, held, above,
                                                    -1 if self.play.by_rank else mask):
                yield Play(combination=index, length=1, key=key, cards=cards, tie=tie)
            return
        if kind.shape is not _SHAPE_CARDS and kind.attach is None and not self.play.by_rank:
            yield from self._card_plays(index, kind, held, length, above)
            return
        counts = [(mask & m).bit_count() for m in self.of_rank]
        if self.suit_place and kind.shape is not _SHAPE_CARDS:
            yield from (self._suited(p) for p in self._plays_of_ranks(
                index, kind, held, counts, length, above))
            return
        yield from self._plays_of_ranks(index, kind, held, counts, length, above)

    def _suited(self, play: Play) -> Play:
        """``play`` with the suit that breaks its ties: the highest suit among its cards
        of its key rank (a single's suit, a pair's higher suit)."""
        place, rank_of = self.suit_place, self.rank_of
        top = self.chain[play.key] if self.combinations[play.combination].shape \
            is _SHAPE_CHAIN else play.key
        tie = max(place[c] for c in play.cards if rank_of[c] == top)
        return Play(combination=play.combination, length=play.length, key=play.key,
                    cards=play.cards, tie=tie)

    def _plays_of_ranks(self, index: int, kind: Combination, held: list[tuple[int, ...]],
                        counts: list[int], length: int = 0,
                        above: int = -1) -> Iterator[Play]:
        """The plays of combination ``index`` found by ranks first (:func:`patterns`:
        named cards, attached cards, or suits that do not matter), then each way to
        choose the cards ``held`` of each rank."""
        for span, key, core, attached in patterns(
                kind, counts, self.chain, self.limits, self.named_bombs,
                self.named.get(index, ()), length, above):
            if kind.shape is _SHAPE_CARDS:
                yield Play(combination=index, length=1, key=0,
                           cards=tuple(sorted(self.pack.parse(n) for n in kind.cards)))
                continue
            parts = [(held[r], kind.size) for r in core] + [(held[r], k) for r, k in attached]
            for chosen in self._choices(parts):
                yield Play(combination=index, length=span, key=key, cards=chosen)

    def _choices(self, parts: Iterable[tuple[tuple[int, ...], int]],
                 ) -> Iterator[tuple[int, ...]]:
        """Every way to take so many cards of each of ``parts`` (the first cards alone
        when suits do not matter: ``parts`` are then the pack's)."""
        if self.play.by_rank:
            yield tuple(c for cards, k in parts for c in cards[:k])
            return
        for picked in product(*(combinations(cards, k) for cards, k in parts)):
            yield tuple(c for part in picked for c in part)

    def _card_plays(self, index: int, kind: Combination, held: list[tuple[int, ...]],
                    length: int = 0, above: int = -1) -> Iterator[Play]:
        """The plays of combination ``index`` (a set of one rank, or a chain, with no
        cards attached) from the cards ``held`` of each rank, each way to choose its
        cards, in :meth:`plays`' order: only those of ``length`` (0: any) whose key is
        above ``above`` (the plays a play on the table leaves to look at), the others
        never made.  Where suits break ties, each play's tie is its highest suit among
        its cards of its key rank (as :meth:`_suited` finds it)."""
        place = self.suit_place
        if kind.shape is _SHAPE_SAME_RANK:
            if length > 1:
                return
            for rank in range(above + 1, len(held)):
                for chosen in combinations(held[rank], kind.size):
                    yield Play(combination=index, length=1, key=rank, cards=chosen,
                               tie=max(place[c] for c in chosen) if place else 0)
            return
        for span in kind.lengths:
            if length and span != length:
                continue
            for top in range(max(span - 1, above + 1), len(self.chain)):
                ranks = self.chain[top - span + 1: top + 1]
                if any(len(held[r]) < kind.size for r in ranks):
                    continue
                for parts in product(*(combinations(held[r], kind.size) for r in ranks)):
                    yield Play(combination=index, length=span, key=top,
                               cards=tuple(c for part in parts for c in part),
                               tie=max(place[c] for c in parts[-1]) if place else 0)

    def readings(self, cards: Sequence[int]) -> tuple[Play, ...]:
        """Every play that lays exactly ``cards`` (most sets of cards make one play or
        none; a few may be read as several: a chain of four triples, or three with the
        fourth triple attached)."""
        found = self.known.get(tuple(sorted(cards)))
        if found is not None:
            return found
        wanted = tuple(sorted(self.canonical(cards)))
        found = self.known.get(wanted)
        if found is None:
            found = ()
            if len(set(wanted)) == len(wanted):
                found = tuple(p for p in self.plays(wanted, len(wanted))
                              if tuple(sorted(p.cards)) == wanted)
            if len(self.known) >= 100_000:
                self.known.clear()
            self.known[wanted] = found
        return found

    def on_table(self, mask: int, reading: tuple[int, ...]) -> Play | None:
        """The play the cards ``mask`` on the table make, read as ``reading`` (its
        combination, length and key; empty: the only way they may be read)."""
        key = (mask, reading)
        try:
            return self.tabled[key]
        except KeyError:
            pass
        cards = self.pack.cards_of(mask)
        found = next((play for play in self.readings(cards) if reading and
                      (play.combination, play.length, play.key) == reading), None)
        if found is None:
            found = self.identify(cards)
        if len(self.tabled) >= 100_000:
            self.tabled.clear()
        self.tabled[key] = found
        return found

    def identify(self, cards: Sequence[int], name: str = "") -> Play | None:
        """The play ``cards`` make: the one of combination ``name`` (if given) laying
        them in this order, else the first combination of the rules they fit; None when
        they make none."""
        key = (tuple(cards), name)
        try:
            return self.identified[key]
        except KeyError:
            pass
        found = self._identify(key[0], name)
        if len(self.identified) >= 100_000:
            self.identified.clear()
        self.identified[key] = found
        return found

    def _identify(self, cards: tuple[int, ...], name: str) -> Play | None:
        plays = self.readings(cards)
        if name:
            plays = tuple(p for p in plays if self.combinations[p.combination].name == name)
        exact = tuple(cards)
        for p in plays:
            if p.cards == exact:
                return p
        exact = self.canonical(cards)
        return next((p for p in plays if p.cards == exact), plays[0] if plays else None)

    def ambiguous(self, cards: Sequence[int]) -> bool:
        """Whether ``cards`` may be read as more than one play (an action laying them
        then names its combination)."""
        return len(self.readings(cards)) > 1

    def action_of(self, play: Play) -> Action:
        """The labelled action laying ``play`` (named by its combination when its cards
        may be read otherwise), made once."""
        found = self.actions.get((play.cards, play.combination))
        if found is None:
            name = self.combinations[play.combination].name \
                if self.ambiguous(play.cards) else ""
            if len(self.actions) >= 100_000:
                self.actions.clear()
            found = self.actions[(play.cards, play.combination)] = labelled(
                _KIND_PLAY, self.pack, cards=play.cards, name=name)
        return found

    def canonical(self, cards: Sequence[int]) -> tuple[int, ...]:
        """Where suits do not matter, ``cards`` as the game writes them: each the next
        card of its rank in the pack's order (the first two fives for any two fives), in
        the order given; ``cards`` itself otherwise."""
        if not self.play.by_rank:
            return tuple(cards)
        used = [0] * len(self.firsts)
        out = []
        for c in cards:
            r = self.rank_of[c] if 0 <= c < len(self.rank_of) else -1
            if r < 0 or used[r] >= len(self.firsts[r]):
                return tuple(cards)
            out.append(self.firsts[r][used[r]])
            used[r] += 1
        return tuple(out)

    def laid(self, hand: int, cards: Sequence[int]) -> int:
        """The cards of ``hand`` that a legal play written as ``cards`` lays
        (:meth:`held`), as a bit set."""
        laid = self.held(hand, cards)
        assert laid is not None  # the rules allowed the play
        return sum(1 << c for c in laid)

    def sorted_cards(self, mask: int) -> tuple[int, ...]:
        """The cards of ``mask`` in a player's sort (``pack.cards_of``), as an event
        shows a play (kept once worked out)."""
        found = self.shown.get(mask)
        if found is None:
            if len(self.shown) >= 100_000:
                self.shown.clear()
            found = self.shown[mask] = self.pack.cards_of(mask)
        return found

    def held(self, hand: int, cards: Sequence[int]) -> tuple[int, ...] | None:
        """Where suits do not matter, the cards of ``hand`` that a play written as
        ``cards`` lays: for each card, the next card of its rank the hand holds (None
        when it holds too few); ``cards`` itself otherwise (if the hand holds them)."""
        if not self.play.by_rank:
            return tuple(cards) if all(hand >> c & 1 for c in cards) else None
        taken = 0
        out = []
        for c in cards:
            r = self.rank_of[c] if 0 <= c < len(self.rank_of) else -1
            left = hand & self.of_rank[r] & ~taken if r >= 0 else 0
            if not left:
                return None
            card = (left & -left).bit_length() - 1
            taken |= 1 << card
            out.append(card)
        return tuple(out)

    def beats(self, play: Play, table: Play | None) -> bool:
        """Whether ``play`` may be laid on ``table`` (None: the table is clear, and any
        play may lead): a higher one of the same type and length, or a bomb on a
        combination that is not a bomb, or a bomb of more cards, or as many and
        higher; a top combination beats any other (and is beaten as a bomb: by a bomb
        of more cards)."""
        if table is None:
            return True
        kind, under = self.combinations[play.combination], self.combinations[table.combination]
        if kind.top:
            return True
        if kind.bomb and not under.bomb:
            return True
        if kind.bomb and under.bomb and len(play.cards) != len(table.cards):
            return len(play.cards) > len(table.cards)
        if kind.bomb and under.bomb and play.combination != table.combination:
            return play.key > table.key
        if play.combination != table.combination and self.overrides and \
                self._overrides(play.combination, table):
            return True
        if play.combination != table.combination and self.ranked:
            return self._ranked_above(play.combination, table.combination)
        return play.combination == table.combination and play.length == table.length \
            and (play.key > table.key or (play.key == table.key and play.tie > table.tie))

    def action_families(self) -> tuple[Family, ...]:
        """Every action of the game: the pass, then each size of play as the sets of
        that many cards within one rank (for sets of one rank) or within the cards of
        the chain ranks (when a chain may have that size); or, where suits do not matter
        or cards are attached or named, every play of a hand holding the whole pack, one
        by one."""
        if _listed(self.play):
            every = self.plays(self.pack.full)
            self._know_readings(every)
            return (Listed(actions=(PASS, *(self.action_of(p) for p in every))),)
        pools: dict[int, set[int]] = {}
        chained = 0
        for r in self.chain:
            chained |= self.of_rank[r]
        for kind in self.combinations:
            if kind.shape in FIVE_CARD:
                continue
            for length in kind.lengths:
                within = pools.setdefault(kind.card_count(length), set())
                within.update([chained] if kind.shape is _SHAPE_CHAIN else self.of_rank)
        return (Listed(actions=(PASS, *self._five_card_actions(5 in pools))),
                *(CardSets(kind=_KIND_PLAY, sizes=(size,), pools=tuple(sorted(within)))
                  for size, within in sorted(pools.items())))

    def lead_card(self, mask: int) -> int:
        """Of the cards ``mask``, the one a first play must include under the rules'
        ``first_lead``: its card when among them, else their lowest (by rank, then by
        ``suit_order``); -1 when there is no such rule or no card."""
        card = self.lead
        if card < 0 or not mask:
            return -1
        if mask >> card & 1:
            return card
        place = self.suit_place or (0,) * self.pack.size
        return min(bits(mask), key=lambda c: (self.rank_of[c], place[c]))

    def _five_card_actions(self, shared: bool) -> list[Action]:
        """Every five-card poker hand of the pack, one by one (``shared``: another
        combination may lay five cards too, so a set's readings are not all known)."""
        full = self.pack.full
        held = self._held(full)
        every = [p for i, kind in enumerate(self.combinations) if kind.shape in FIVE_CARD
                 for p in self._plays_of(i, kind, held, full)]
        if not shared:
            self._know_readings(every)
        return [self.action_of(p) for p in every]

    def _know_readings(self, every: list[Play]) -> None:
        """Remember each set of cards' readings among ``every`` play (all a set has: no
        other combination lays as many cards), so that they are known at once."""
        sets: dict[tuple[int, ...], list[Play]] = {}
        for p in every:
            sets.setdefault(tuple(sorted(p.cards)), []).append(p)
        for cards, plays in sets.items():
            if len(self.known) < 100_000:
                self.known[cards] = tuple(plays)

    def points(self, place: int, players: int) -> int:
        """What the player finishing in ``place`` (0 for the first out) scores."""
        return self.scoring.each_behind * (players - 1 - place)
