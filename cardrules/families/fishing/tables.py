"""Lookup tables of the fishing procedure, compiled once per loaded variant.

>>> import cardrules
>>> game = cardrules.load("scopa", players=2)
>>> tables, pack = game.tables, game.pack
>>> tables.values[pack.parse("KD")], tables.values[pack.parse("AS")]
(10, 1)
>>> tables.capture_action(pack.parse("7D"), pack.parse_many("3C 4S")).text(pack)
'capture 7D 3C 4S'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

import attr

from cardrules.actions import Action, Kind, labelled, register_verb
from cardrules.cards import Pack, mask_of
from cardrules.engine.action_space import CardSets, Family, Listed
from cardrules.engine.slots import maker
from cardrules.engine.views import CardNames, seen_by, visibility
from cardrules.families.fishing.model import FishingPlay, FishingScoring
from cardrules.model.common import Visibility

if TYPE_CHECKING:
    from cardrules.engine.state import GameContext

__all__ = ["BUILD", "BUILD_AT", "CAPTURE", "CAPTURE_AT", "MULTIPLE", "MULTIPLE_AT", "VALUE",
           "FishingTables", "new_action",
           "rank_values", "subset_masks", "subsets_adding_to"]

CAPTURE: Final = "capture"
"""The action word of a capture: ``capture 7D 3C 4S``, the played card first."""
register_verb(CAPTURE, cards=True)
BUILD: Final = "build"
"""The action word of a single build: ``build 3S 6D``, worth the sum of its cards."""
MULTIPLE: Final = "multiple"
"""The action word of a multiple build: ``multiple 3S 3C`` (a build of threes)."""
register_verb(BUILD, cards=True)
register_verb(MULTIPLE, cards=True)
CAPTURE_AT: Final = 0
BUILD_AT: Final = 1
MULTIPLE_AT: Final = 2
"""The words of units' actions by number (:meth:`FishingTables.unit`): ``UNIT_WORDS[n]``."""
UNIT_WORDS: Final = (CAPTURE, BUILD, MULTIPLE)
"""The words of units' actions, by number."""
VALUE: Final = "value"
"""The action word naming the value of a multiple build just made whose cards add up by
several values the player holds: ``value 4``."""
register_verb(VALUE, cards=False, number=True)


def rank_values(ranks: Sequence[str], values: dict[str, int],
                points: dict[str, int]) -> tuple[int, ...]:
    """Each rank's value for sums: ``values``, else ``points``, else its place from 1.

    >>> rank_values(("A", "2", "K"), {"K": 10}, {})
    (1, 2, 10)
    """
    return tuple(values.get(r, points.get(r, i + 1)) for i, r in enumerate(ranks))


def subsets_adding_to(cards: Sequence[int], values: Sequence[int], total: int,
                      ) -> list[tuple[int, ...]]:
    """Every set of ``cards`` (in their order) whose ``values`` (per card) add up to
    ``total``, in the order of a depth-first walk.

    >>> sorted(subsets_adding_to([0, 1, 2, 3], [1, 2, 3, 4, 5], 5))
    [(0, 3), (1, 2)]
    """
    found: list[tuple[int, ...]] = []
    _walk_sets(cards, values, 0, total, (), found)
    return found


def _walk_sets(cards: Sequence[int], values: Sequence[int], start: int, left: int,
               chosen: tuple[int, ...], found: list[tuple[int, ...]]) -> None:
    if left == 0 and chosen:
        found.append(chosen)
        return
    for i in range(start, len(cards)):
        value = values[cards[i]]
        if 0 < value <= left:
            _walk_sets(cards, values, i + 1, left - value, (*chosen, cards[i]), found)


def subset_masks(cards: Sequence[int], values: Sequence[int], total: int) -> list[int]:
    """:func:`subsets_adding_to` as bit sets, in the same order (the hot paths' form: no
    tuple is made per set).

    >>> subset_masks([0, 1, 2, 3], [1, 2, 3, 4, 5], 5)
    [9, 6]
    """
    found: list[int] = []
    if total > 0:
        _walk_masks(cards, values, 0, total, 0, found)
    return found


def _walk_masks(cards: Sequence[int], values: Sequence[int], start: int, left: int,
                chosen: int, found: list[int]) -> None:
    for i in range(start, len(cards)):
        card = cards[i]
        value = values[card]
        if 0 < value <= left:
            if value == left:
                found.append(chosen | 1 << card)
            else:
                _walk_masks(cards, values, i + 1, left - value, chosen | 1 << card, found)


_VERB: Final = Kind.VERB
"""Read in :meth:`FishingTables.unit_action`, as a module constant: compiled, a C static
(on Python 3.11 an enum class's attribute costs a slow lookup: EnumType has a
__getattr__)."""


_MAKE_ACTION: Final = maker(Action, ("kind", "cards", "name", "amount", "label",
                                      "_attrs_cached_hash"))
"""Makes an action whole from every slot's value (:func:`new_action`)."""


def new_action(name: str, cards: tuple[int, ...], label: str) -> Action:
    """``Action(kind=Kind.VERB, name=name, cards=cards, label=label)``, made whole from its
    slots' values (:func:`~cardrules.engine.slots.maker`): the attrs record's ``__init__``
    stays Python even compiled, and an action of units is made at most decisions of
    Casino (their sets are many).  The tests hold it to the record's own (equal, hashed alike,
    every slot the same).

    >>> new_action("capture", (3, 1), "capture 4C 2C") == Action(kind=Kind.VERB,
    ...     name="capture", cards=(3, 1))
    True
    """
    action: Action = _MAKE_ACTION(_VERB, cards, name, 0, label, None)  # no hash cached yet
    return action


def _named(pack: Pack, kind: Kind, cards: tuple[int, ...], name: str = "") -> Action:
    return labelled(kind, pack, cards=cards, name=name)


FAST_VALUES: Final = 60
"""The highest value of a card with which the legal actions of units are read from the
loose cards' sets by worth (:func:`~cardrules.families.fishing.builds.legal_of`)."""


@attr.s(auto_attribs=True, kw_only=True, frozen=True, slots=True, eq=False)
class FishingTables:
    """Everything a state of a fishing game looks up instead of working out (``attr.s``: a
    native class when compiled, as the other compiled families' tables)."""

    pack: Pack
    """The cards."""
    play: FishingPlay
    """The play rules."""
    scoring: FishingScoring
    """The scoring rules."""
    values: tuple[int, ...]
    """Per card, its value for sums."""
    plays: tuple[Action, ...]
    """``play <card>`` (laid on the table), by card."""
    captures: dict[tuple[int, int], Action]
    """(played card, captured cards as a bit set) -> its ``capture`` action, made on first
    use (:meth:`capture`): a game of captures by sum offers thousands (Scopa some 16,000),
    most of which a game never meets."""
    names: CardNames
    """Fast names of card sets, for views."""
    hand_seen: tuple[tuple[bool, ...], ...]
    """Per viewer, whose hand they see."""
    own_seen: tuple[tuple[bool, ...], ...]
    """Per viewer, whose face-down captured cards they see: their own."""
    primiera: tuple[int, ...]
    """Per card, its primiera points."""
    named: tuple[tuple[int, int], ...]
    """(card, points) of the cards that score for whoever captures them: the named
    cards and the cards of ranks with points, each card once."""
    takes_all: int
    """With a pile, the cards that take it whatever its top, as a bit set."""
    sweep_points: tuple[int, ...]
    """Per card, the points of a sweep it makes."""
    suit: int
    """The suit whose majority scores (-1: none)."""
    units: bool = False
    """The table is a layout of units, loose cards and builds (``play.builds`` or
    ``play.sets``): actions name sets of cards (see :mod:`.builds`)."""
    announcements: tuple[Action, ...] = ()
    """With builds, ``value N`` for each value a card has, by value (index 0 unused)."""
    most_named: int = 0
    """With units, the most cards one capture or build names, the played card included
    (``play.most_named``, else every card of the pack: the action space numbers every
    set up to this size)."""
    width: int = 0
    """The ranks of a suit: two cards are of one rank when their numbers agree modulo
    this."""
    pile: bool = False
    """``play.capture.pile``: the table is a pile taken whole (read on every move: a
    look-up here, not a property of the interpreted rule model)."""
    by_rank: bool = False
    """``play.capture.by_rank``: a card captures a card of its rank."""
    by_sum: bool = False
    """``play.capture.by_sum``: a card captures cards adding up to its value."""
    rank_masks: tuple[int, ...] = ()
    """Per card, the cards of its rank (numbers equal modulo :attr:`width`), as a bit set."""
    plain: bool = False
    """The legal actions of units are searched for plainly
    (:func:`~cardrules.families.fishing.builds.legal_enumerated`): some card's value is
    below 0 (from ``pack.points``: a larger set of cards may be worth less) or above
    :data:`FAST_VALUES` (the values held make a bit set of one machine word)."""
    card_names: tuple[str, ...] = ()
    """Per card, its name (for the labels of units' actions)."""
    shift: int = 0
    """The bits of a card's number: a unit action's key is its table cards shifted by
    this past the played card's number (:meth:`unit`)."""
    places: tuple[int, ...] = ()
    """Per card, its place in the pack's order (as :meth:`Pack.cards_of` sorts)."""
    in_order: tuple[int, ...] = ()
    """The pack's cards in the pack's order (by place)."""
    size: int = 0
    """The pack's card numbers (:attr:`Pack.size`, a property: read here by number)."""
    valued: int = 0
    """The cards worth above 0 (those sets adding up to a value are made of), as a bit
    set."""
    sets: bool = False
    """``play.sets``: a card captures several sets at once (the play rules' flags read
    on every decision are copied here: a look-up in a native record, not an attribute
    of the interpreted rule model)."""
    zero_sets: bool = False
    """``play.zero_sets``: a card worth 0 captures several sets too."""
    builds: bool = False
    """``play.builds``: cards are built."""
    increase: bool = False
    """``play.increase``: a single build may be increased."""
    must_capture: bool = False
    """``play.must_capture``: a card that can capture may not be trailed."""
    trail_with_build: bool = False
    """``play.trail_with_build``: the owner of a build may trail."""
    unit_pairs: list[Action | None] = attr.ib(factory=list)
    """The actions of units with one table card, at ``(word * size + played card) * size
    + table card`` (None: not made yet): a list read by number, as most actions of
    units name one table card."""

    @classmethod
    def compile(cls, game: GameContext) -> FishingTables:
        play, scoring, pack = game.variant.play, game.variant.scoring, game.pack
        assert isinstance(play, FishingPlay) and isinstance(scoring, FishingScoring)
        width = len(pack.ranks)
        by_rank = rank_values(pack.ranks, play.values, dict(game.variant.pack.points))
        values = tuple(by_rank[c % width] for c in range(pack.size))
        plays = tuple(_named(pack, Kind.PLAY, (c,)) for c in range(pack.size))
        units = play.builds or play.sets
        hands = visibility(game.variant.zones, "hand", Visibility.OWNER)
        primiera = tuple(scoring.primiera.get(pack.ranks[c % width], 0)
                         for c in range(pack.size))
        named: dict[int, int] = {}
        for name, points in scoring.cards.items():
            card = pack.parse(name)
            named[card] = named.get(card, 0) + points
        for card in range(pack.size):
            points = scoring.rank_points.get(pack.ranks[card % width], 0)
            if points:
                named[card] = named.get(card, 0) + points
        takes_all = 0
        for rank in play.takes_all:
            takes_all |= pack.rank_mask(pack.ranks.index(rank))
        sweep_points = tuple(scoring.sweep_points.get(pack.ranks[c % width], scoring.sweep)
                             for c in range(pack.size))
        in_order = pack.cards_of(pack.full)
        return cls(pack=pack, play=play, scoring=scoring, values=values, plays=plays,
                   captures={}, names=CardNames.of(pack),
                   hand_seen=seen_by(hands, game.players),
                   own_seen=seen_by(Visibility.OWNER, game.players), primiera=primiera,
                   named=tuple(named.items()), takes_all=takes_all,
                   sweep_points=sweep_points, units=units,
                   most_named=min(play.most_named or pack.size, pack.size),
                   announcements=tuple(
                       Action(kind=Kind.VERB, name=VALUE, amount=v, label=f"{VALUE} {v}")
                       for v in range(max(values) + 1)) if play.builds else (),
                   suit=pack.suits.index(scoring.suit) if scoring.suit else -1,
                   width=width, pile=play.capture.pile, by_rank=play.capture.by_rank,
                   by_sum=play.capture.by_sum,
                   rank_masks=tuple(sum(1 << d for d in range(pack.size) if d % width == c % width)
                                    for c in range(pack.size)),
                   plain=min(values) < 0 or max(values) > FAST_VALUES,
                   card_names=tuple(pack.name(c) for c in range(pack.size)),
                   shift=pack.size.bit_length(),
                   places=tuple(in_order.index(c) for c in range(pack.size)),
                   in_order=in_order, size=pack.size,
                   valued=mask_of([c for c in range(pack.size) if values[c] > 0]),
                   sets=play.sets, zero_sets=play.zero_sets, builds=play.builds,
                   increase=play.increase, must_capture=play.must_capture,
                   trail_with_build=play.trail_with_build,
                   unit_pairs=[None] * (len(UNIT_WORDS) * pack.size * pack.size) if units
                   else [])

    def takes_pile(self, card: int, top: int) -> bool:
        """Whether ``card`` played on a pile whose top card is ``top`` (-1: no pile)
        takes it: a card of the top card's rank, or one that takes any pile."""
        if top < 0:
            return False
        width = self.width
        return card % width == top % width or bool((self.takes_all >> card) & 1)

    def capture_action(self, card: int, caught: Sequence[int]) -> Action:
        """The action that plays ``card`` and captures ``caught``."""
        return self.capture(card, mask_of(caught))

    def capture(self, card: int, mask: int) -> Action:
        """The ``capture`` action of ``card`` taking the table cards ``mask`` (a bit set),
        without units: its cards the played card, then the others in the pack's order;
        made once and kept (:attr:`captures`).

        >>> import cardrules
        >>> game = cardrules.load("scopa", players=2)
        >>> seven, three, four = game.pack.parse_many("7D 3C 4S")
        >>> action = game.tables.capture(seven, 1 << three | 1 << four)
        >>> action.label, action is game.tables.capture_action(seven, (four, three))
        ('capture 7D 3C 4S', True)
        """
        key = (card, mask)
        found = self.captures.get(key)
        if found is None:
            found = self.captures[key] = _named(self.pack, Kind.VERB,
                                                (card, *self.pack.cards_of(mask)), CAPTURE)
        return found

    def every_capture(self) -> list[Action]:
        """Every capture a state may offer without units, by played card in the pack's
        order, then captures by rank before captures by sum (each set in the order of a
        depth-first walk): the action space's order.

        >>> import cardrules
        >>> len(cardrules.load("scopa", players=2).tables.every_capture())
        16160
        """
        width, size = self.width, self.size
        made: list[Action] = []
        for card in range(size):
            others = [c for c in range(size) if c != card]
            sets: list[tuple[int, ...]] = []
            if self.by_rank:
                sets.extend((c,) for c in others if c % width == card % width)
            if self.by_sum:
                sets.extend(subsets_adding_to(others, self.values, self.values[card]))
            masks: set[int] = set()
            for caught in sets:
                mask = mask_of(caught)
                if mask not in masks:
                    masks.add(mask)
                    made.append(self.capture(card, mask))
        return made

    def unit_action(self, word: str, card: int, mask: int) -> Action:
        """The action ``word`` of ``card`` with the table cards ``mask``, with units: its
        cards in the pack's order (as the action space numbers sets), its label the played
        card first; with one table card made once and kept (:attr:`unit_pairs`), with
        several made anew (see :meth:`unit`).

        >>> import cardrules
        >>> game = cardrules.load("casino", players=2)
        >>> three, six = game.pack.parse_many("3S 6D")
        >>> action = game.tables.unit_action("build", three, 1 << six)
        >>> action.label, action is game.tables.unit_action("build", three, 1 << six)
        ('build 3S 6D', True)
        """
        return self.unit(UNIT_WORDS.index(word), card, mask)

    def unit(self, word: int, card: int, mask: int) -> Action:
        """:meth:`unit_action` of the word ``UNIT_WORDS[word]`` (:data:`CAPTURE_AT`,
        :data:`BUILD_AT`, :data:`MULTIPLE_AT`).  An action naming several table cards is
        made anew at each call (~0.3 µs compiled): random Casino games offer one in about
        two of their decisions that none before offered, so that a memory of those made
        (once a dict emptied at 100,000) mostly missed, and, growing, cost collections of
        the garbage collector: Casino played ~20% faster without it.

        >>> import cardrules
        >>> game = cardrules.load("casino", players=2)
        >>> three, six = game.pack.parse_many("3S 6D")
        >>> game.tables.unit(CAPTURE_AT, three, 1 << six).label
        'capture 3S 6D'
        """
        if not mask & (mask - 1):  # one table card (or none)
            size = self.size
            at = (word * size + card) * size + mask.bit_length() - 1
            pairs = self.unit_pairs
            if mask and at < len(pairs):
                made = pairs[at]
                if made is None:
                    made = pairs[at] = self._made(word, card, mask)
                return made
        return self._made(word, card, mask)

    def _made(self, word: int, card: int, mask: int) -> Action:
        """A new action of units (:meth:`unit`): its cards in the pack's order, its label
        the word, the played card, then the table cards in that order."""
        places = self.places
        at = 1 << places[card]
        rest = mask
        while rest:
            low = rest & -rest
            at |= 1 << places[low.bit_length() - 1]
            rest ^= low
        in_order, names = self.in_order, self.card_names
        name = UNIT_WORDS[word]
        cards: list[int] = []
        label = [name, names[card]]
        while at:
            low = at & -at
            c = in_order[low.bit_length() - 1]
            cards.append(c)
            if c != card:
                label.append(names[c])
            at ^= low
        return new_action(name, tuple(cards), " ".join(label))

    def action_families(self) -> tuple[Family, ...]:
        """Every action of the game: a card laid, then every capture (with units, every
        set of cards up to the most an action names)."""
        if self.units:
            words = [CAPTURE, *((BUILD, MULTIPLE) if self.play.builds else ())]
            sizes = tuple(range(2, self.most_named + 1))
            return (Listed(actions=self.plays),
                    *(CardSets(kind=Kind.VERB, name=w, sizes=sizes) for w in words),
                    *((Listed(actions=self.announcements[1:]),) if self.play.builds else ()))
        return (Listed(actions=self.plays), Listed(actions=tuple(self.every_capture())))
