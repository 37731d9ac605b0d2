"""Builds and captures of several sets at once (``play.builds``, ``play.sets``).

With either, the table is a layout of *units*: loose cards and builds.  A build is one
unit: a card from hand laid onto table cards, announced at a value its player holds in
another card, and captured whole, later, by a card of that value.  A single build's
value is the sum of its cards; a multiple build is made of several groups each adding up
to its value.  Actions name sets of cards (whatever their order; the played card is the
one of them in the player's hand):

- ``capture`` the played card and every card it takes;
- ``build`` the played card and the units it joins: a single build worth their sum;
- ``multiple`` the played card and the units it joins: a multiple build, worth the
  lowest value its cards split into groups adding up to that the player holds.

A capture or build names any number of cards, or at most ``play.most_named`` (the action
space numbers every such set).  The owner of a build (its last builder) keeps a card of its
value until they capture it, and may not trail unless ``play.trail_with_build``.

>>> import cardrules
>>> game = cardrules.load("casino", players=2)
>>> state = game.setup(hands=["3S 9H", "KC"], table="6D 9C AS")
>>> sorted(state.describe(a) for a in state.legal_actions())
['build 3S 6D', 'capture 9H 9C', 'multiple 3S 9C 6D', 'play 3S', 'play 9H']
>>> after = state.apply("build 3S 6D")
>>> [(b["value"], b["owner"]) for b in after.view(1).builds]
[(9, 0)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardrules.actions import Action, Kind
from cardrules.cards import Pack, bits, count, mask_of
from cardrules.engine.fields import Context
from cardrules.engine.fields import Kind as FieldKind
from cardrules.engine.native import mypyc_attr
from cardrules.families.fishing.model import Build
from cardrules.families.fishing.tables import (
    BUILD,
    BUILD_AT,
    CAPTURE,
    CAPTURE_AT,
    MULTIPLE,
    MULTIPLE_AT,
    FishingTables,
    subset_masks,
)

if TYPE_CHECKING:
    from cardrules.families.fishing.context import FishingContext

__all__ = ["Build", "Builds", "canonical", "card_played", "legal", "legal_enumerated",
           "legal_of", "loose_cards",
           "multiple_value", "multiple_values", "nameable", "played_card", "refusal_reason",
           "values_of_multiple"]

# Enum members read in functions, as module constants: compiled, each is a C static (on
# Python 3.11 an enum class's attribute costs a slow lookup: EnumType has a __getattr__).
_PLAY: Final = Kind.PLAY
_VERB: Final = Kind.VERB


@mypyc_attr(native_class=False)  # a subclass of the interpreted field kind
@attrs.frozen(kw_only=True)
class Builds(FieldKind):
    """The builds on the table (their cards are held by the table's field).

    >>> from cardrules.cards import Pack
    >>> pack = Pack(ranks=("A", "2"), suits=("S",))
    >>> Builds().write((Build(cards=3, value=3, owner=0),), pack)
    [{'cards': ['2S', 'AS'], 'value': 3, 'owner': 0, 'multiple': False}]
    """

    optional = True

    def initial(self, players: int) -> tuple[Build, ...]:
        return ()

    def write(self, value: tuple[Build, ...], pack: Pack) -> list[dict[str, Any]]:
        return [{"cards": list(pack.names(pack.cards_of(b.cards))), "value": b.value,
                 "owner": b.owner, "multiple": b.multiple} for b in value]

    def read(self, raw: Any, context: Context) -> tuple[Build, ...]:
        if not isinstance(raw, list):
            raise ValueError("expected a list of builds")
        out = []
        for entry in raw:
            if not isinstance(entry, dict) or set(entry) != {"cards", "value", "owner",
                                                             "multiple"}:
                raise ValueError("a build has cards, value, owner and multiple")
            value, owner, multiple = entry["value"], entry["owner"], entry["multiple"]
            if type(value) is not int or type(owner) is not int or \
                    not 0 <= owner < context.players or type(multiple) is not bool:
                raise ValueError("a build's value is a whole number, its owner a seat")
            if not isinstance(entry["cards"], list) or len(entry["cards"]) < 2:
                raise ValueError("a build has two cards or more")
            cards = mask_of([context.pack.parse(str(c)) for c in entry["cards"]])
            out.append(Build(cards=cards, value=value, owner=owner, multiple=multiple))
        return tuple(out)

    def remap(self, value: tuple[Build, ...],
              move: Callable[[int], int]) -> tuple[Build, ...]:
        return tuple(attrs.evolve(b, cards=mask_of([move(c) for c in bits(b.cards)]))
                     for b in value)


def canonical(pack: Pack, action: Action) -> Action:
    """``action`` with its cards in the pack's order (as legal actions name them).

    >>> from cardrules.cards import Pack
    >>> pack = Pack(ranks=("A", "2"), suits=("S",))
    >>> canonical(pack, Action(kind=Kind.VERB, name="capture", cards=(0, 1))).cards
    (1, 0)
    """
    if action.kind is not _VERB or len(set(action.cards)) != len(action.cards):
        return action
    return Action(kind=_VERB, name=action.name, cards=pack.cards_of(mask_of(action.cards)))


def loose_cards(table: int, made: Sequence[Build]) -> int:
    """The cards of ``table`` in none of the builds ``made``.

    >>> loose_cards(0b1111, (Build(cards=0b0110, value=5, owner=0),))
    9
    """
    built = 0
    for b in made:
        built |= b.cards
    return table & ~built


def _loose(state: FishingContext) -> int:
    return loose_cards(state._table, state._builds)


def _held(values: tuple[int, ...], hand: int, card: int) -> set[int]:
    """The values of the cards of ``hand`` besides ``card`` (those above 0)."""
    out: set[int] = set()
    for c in bits(hand & ~(1 << card)):
        value = values[c]
        if value > 0:
            out.add(value)
    return out


def _disjoint_unions(groups: Sequence[int], cap: int) -> list[int]:
    """The unions of every non-empty collection of pairwise disjoint ``groups`` (bit
    sets) of at most ``cap`` cards, each union once."""
    every = 0
    for g in groups:
        every |= g
    if count(every) <= cap:  # no union is too large: none is counted
        cap = -1
    if len(groups) == 1:
        return [groups[0]] if cap < 0 else []
    found: list[int] = []
    _walk_unions(groups, cap, 0, 0, set(), found)
    return found


def _walk_unions(groups: Sequence[int], cap: int, start: int, used: int, seen: set[int],
                 found: list[int]) -> None:
    """The walk of :func:`_disjoint_unions` from ``groups[start]`` on, joined to ``used``
    (a cap below 0 counts no cards: every union is small enough)."""
    for i in range(start, len(groups)):
        g = groups[i]
        if not g & used:
            union = g | used
            if cap < 0 or count(union) <= cap:
                if union not in seen:
                    seen.add(union)
                    found.append(union)
                _walk_unions(groups, cap, i + 1, union, seen, found)


def _capture_groups(tables: FishingTables, loose: int, made: Sequence[Build],
                    card: int) -> list[int]:
    """The sets ``card`` may take, each one unit or a group of loose cards."""
    width, values = tables.width, tables.values
    value = values[card]
    groups: list[int] = []
    if tables.by_rank:
        rank = card % width
        for c in bits(loose):
            if c % width == rank:
                groups.append(1 << c)
    if tables.by_sum and value > 0:
        for mask in subset_masks(list(bits(loose)), values, value):
            if mask not in groups:
                groups.append(mask)
    if value > 0:
        for b in made:
            if b.value == value:
                groups.append(b.cards)
    return groups


def _captures(tables: FishingTables, loose: int, made: Sequence[Build],
              card: int) -> list[int]:
    groups = _capture_groups(tables, loose, made, card)
    play = tables.play
    most = tables.most_named
    if not play.sets or (tables.values[card] == 0 and not play.zero_sets):
        return [g for g in groups if g.bit_count() < most]
    return _disjoint_unions(groups, most - 1)


def _single_builds(tables: FishingTables, loose: int, made: Sequence[Build], hand: int,
                   card: int) -> list[int]:
    """The single builds ``card`` may make: with loose cards, or increasing one single
    build, to a value held in another card (of ``hand``)."""
    values = tables.values
    value = values[card]
    if value == 0:
        return []
    held = _held(values, hand, card)
    if not held:
        return []
    # the table's units (cards, value, is a build): the loose cards, then the builds
    units: list[tuple[int, int, bool]] = [(1 << c, values[c], False) for c in bits(loose)]
    increase = tables.play.increase
    for b in made:
        if increase and not b.multiple:
            units.append((b.cards, b.value, True))
    found: list[int] = []
    top = max(held)
    for _, worth, _ in units:
        if worth < 0:  # a value below 0 (from pack.points): a larger set may be worth less
            top = _total_of(units) + value
            break
    _walk_builds(units, held, top, tables.most_named, 0, 0, value, False, found)
    return found


def _total_of(units: list[tuple[int, int, bool]]) -> int:
    """The most the ``units`` may add up to: their worths above 0."""
    total = 0
    for _, worth, _ in units:
        if worth > 0:
            total += worth
    return total


def _walk_builds(units: list[tuple[int, int, bool]], held: set[int], top: int, most: int,
                 start: int, mask: int, total: int, with_build: bool,
                 found: list[int]) -> None:
    """Add to ``found`` each set of ``units`` from ``start`` on that, joined to ``mask``
    (worth ``total``), is worth a value ``held`` in at most ``most`` cards with the
    played card; a set worth more than ``top`` is never joined by more (``top``: the
    highest value held, where no unit is worth less than 0)."""
    for i in range(start, len(units)):
        cards, worth, build = units[i]
        if worth == 0 or (build and with_build):
            continue
        new_total = total + worth
        if new_total > top:
            continue
        joined = mask | cards
        if joined.bit_count() + 1 > most:
            continue
        if new_total in held and joined not in found:
            found.append(joined)
        _walk_builds(units, held, top, most, i + 1, joined, new_total, with_build or build,
                     found)


def _splits(values: list[int], fixed_ok: bool, target: int) -> bool:
    """Whether ``values`` (the first being the played card's group's) split into groups
    each adding up to ``target``."""
    if not values:
        return fixed_ok
    first, rest = values[0], values[1:]
    if first > target:
        return False
    return _pick(0, target - first, rest, fixed_ok, target)


def _pick(i: int, left: int, remaining: list[int], fixed_ok: bool, target: int) -> bool:
    if left == 0:
        return _splits(remaining, fixed_ok, target)
    for j in range(i, len(remaining)):
        v = remaining[j]
        if 0 < v <= left and _pick(j, left - v, remaining[:j] + remaining[j + 1:],
                                   fixed_ok, target):
            return True
    return False


def multiple_value(state: FishingContext, card: int, mask: int) -> int | None:
    """The lowest of :func:`multiple_values` (None: no multiple build)."""
    found = multiple_values(state, card, mask, first=True)
    return found[0] if found else None


def multiple_values(state: FishingContext, card: int, mask: int, *,
                    first: bool = False, held: bool = True) -> list[int]:
    """The values of the multiple build ``card`` may make with the table's units in
    ``mask``, lowest first (only the lowest with ``first``): each value held in another
    card (any value a card has, without ``held``) that they split into two groups or
    more adding up to (builds of it whole; with ``play.increase``, one single build of a
    lower value raised by ``card``, in ``card``'s group).  When the cards add up by
    several values (held or not: whether there is a choice must not tell what the
    player holds), the player names one they hold (``value 4``)."""
    made = state._builds
    return values_of_multiple(state._tables, loose_cards(state._table, made), made,
                              state._hands[state._current], card, mask, first, held)


def values_of_multiple(tables: FishingTables, loose: int, made: Sequence[Build], hand: int,
                       card: int, mask: int, first: bool, held: bool) -> list[int]:
    """:func:`multiple_values` of a layout: the ``loose`` cards, the builds ``made``, the
    ``hand`` of the player to move."""
    values = tables.values
    value = values[card]
    if value == 0:
        return []
    builds: list[Build] = []
    for b in made:
        if b.cards & mask:
            if b.cards & ~mask:
                return []
            builds.append(b)
    loose_values = [values[c] for c in bits(mask & loose)]
    found: list[int] = []
    targets = _held(values, hand, card) if held else {v for v in values if v > 0}
    top = max(loose_values) if loose_values else 0
    increase = tables.play.increase
    for target in sorted(targets):
        raised = [b for b in builds if b.value != target]
        if len(raised) > 1 or (raised and (raised[0].multiple or not increase)):
            continue
        own = value  # the card's group, fixed
        for b in raised:
            own += b.value
        if target < own or target < top:
            continue
        total = own + sum(loose_values)
        if total % target or total // target + len(builds) - len(raised) < 2:
            continue
        if _splits([own, *loose_values], True, target):
            found.append(target)
            if first:
                break
    return found


def _multiples(tables: FishingTables, loose: int, made: Sequence[Build], hand: int,
               card: int) -> list[int]:
    """The multiple builds ``card`` may make."""
    values = tables.values
    value = values[card]
    if value == 0:
        return []
    loose_list = list(bits(loose))
    found: list[int] = []
    raisable = [b for b in made if not b.multiple] if tables.play.increase else []
    most = tables.most_named
    for target in sorted(_held(values, hand, card)):
        if target < value:
            continue
        own = [0] if target == value else subset_masks(loose_list, values, target - value)
        for b in raisable:  # a single build raised by the card to the target, in its group
            short = target - value - b.value
            if short == 0:
                own.append(b.cards)
            elif short > 0:
                for m in subset_masks(loose_list, values, short):
                    own.append(b.cards | m)
        others = subset_masks(loose_list, values, target)
        for b in made:
            if b.value == target:
                others.append(b.cards)
        for first in own:
            size = first.bit_count()
            if size + 1 >= most:
                continue
            rest = [g for g in others if not g & first]
            for union in _disjoint_unions(rest, most - 1 - size):
                mask = union | first
                if mask not in found and values_of_multiple(tables, loose, made, hand, card,
                                                            mask, True, True):
                    found.append(mask)
    return found


def legal(state: FishingContext) -> tuple[Action, ...]:
    """The legal actions of the player to move, with builds or captures of several
    sets."""
    tables = state._tables
    if state._announcing:  # a multiple build just made: the player names its value
        return tuple(tables.announcements[v] for v in nameable(state))
    p = state._current
    return legal_of(tables, state._table, state._builds, state._hands[p], p)


def legal_of(tables: FishingTables, table: int, made: tuple[Build, ...], hand: int,
             p: int) -> tuple[Action, ...]:
    """:func:`legal` of a layout (the ``table``, the builds ``made`` on it) and the
    ``hand`` of the player ``p`` to move, no value waiting to be named.

    The loose cards' sets worth at most the highest value in hand are listed once (in
    the order of a depth-first walk, :func:`_sets_of`), and every card's captures and
    builds are read from that list rather than searched for card by card: the same
    actions in the same order as :func:`legal_enumerated` (which answers where
    :attr:`~cardrules.families.fishing.tables.FishingTables.plain`: a value below 0 or
    above 60)."""
    if tables.plain:
        return legal_enumerated(tables, table, made, hand, p)
    values = tables.values
    loose = loose_cards(table, made) if made else table
    bound, held_all, twice = _hand_values(values, hand)
    sets: list[int] = []
    sums: list[int] = []
    ends: list[int] = []
    if bound > 0:
        _sets_of(values, loose & tables.valued, 0, 0, bound, sets, sums, ends)
    grouped, starts, present = _by_worth(sets, sums, bound)
    owns = False
    for b in made:
        if b.owner == p:
            owns = True
            break
    raisable: list[Build] = []
    if tables.increase:
        for b in made:
            if not b.multiple:
                raisable.append(b)
    out: list[Action] = []
    # with a build of the player's own, what each action plays and takes (_abandoning)
    out_moves: list[tuple[int, int]] = []
    builds, must = tables.builds, tables.must_capture
    fits = count(table) < tables.most_named  # any set of table cards may be named
    trailed = 0  # the cards that may be trailed, as a bit set
    rest = hand
    while rest:  # each card of the hand, lowest first
        low = rest & -rest
        rest ^= low
        card = low.bit_length() - 1
        taking = _captures_from(tables, loose, made, card, grouped, starts, fits)
        for m in taking:
            out.append(tables.unit(CAPTURE_AT, card, m))
            if owns:
                out_moves.append((card, m | low))
        value = values[card]
        if builds and value > 0:
            # the values of the hand's other cards, as a bit set
            held = held_all if (twice >> value) & 1 else held_all & ~(1 << value)
            if held:
                if raisable:
                    for m in _singles_from(tables, card, held, raisable, sets, sums, ends,
                                           fits):
                        out.append(tables.unit(BUILD_AT, card, m))
                        if owns:
                            out_moves.append((card, 0))
                elif (held >> value) & present:
                    _add_singles(tables, card, held >> value, sets, sums, fits, out, owns,
                                 out_moves)
                for m in _multiples_from(tables, made, card, held, raisable, grouped,
                                         starts, fits):
                    out.append(tables.unit(MULTIPLE_AT, card, m))
                    if owns:
                        out_moves.append((card, 0))
        if not taking or not must:
            trailed |= low
    plays = tables.plays
    if not owns:  # only the owner of a build may abandon it
        while trailed:
            low = trailed & -trailed
            trailed ^= low
            out.append(plays[low.bit_length() - 1])
        return tuple(out)
    trails = [plays[c] for c in bits(trailed)]
    if trails and out and not tables.trail_with_build:
        trails = []
    kept: list[Action] = []
    for i, action in enumerate(out):
        card, taken = out_moves[i]
        if not _abandoning(values, made, hand, p, card, taken):
            kept.append(action)
    for action in trails:
        if not _abandoning(values, made, hand, p, action.cards[0], 0):
            kept.append(action)
    return tuple(kept) if kept else tuple(out + trails)


def _hand_values(values: tuple[int, ...], hand: int) -> tuple[int, int, int]:
    """The highest value above 0 of a card of ``hand`` (0: none), the values above 0 its
    cards have, as a bit set, and those two cards or more have, as a bit set."""
    bound = held = twice = 0
    while hand:
        low = hand & -hand
        hand ^= low
        value = values[low.bit_length() - 1]
        if value > 0:
            if (held >> value) & 1:
                twice |= 1 << value
            held |= 1 << value
            if value > bound:
                bound = value
    return bound, held, twice


def _by_worth(sets: list[int], sums: list[int], bound: int,
              ) -> tuple[list[int], list[int], int]:
    """The ``sets`` (their worths ``sums``, each at most ``bound``) grouped by worth, in
    the walk's order each: those worth ``w`` are ``grouped[starts[w]:starts[w + 1]]``;
    with the worths some set has, as a bit set."""
    starts = [0] * (bound + 2)
    present = 0
    for w in sums:  # first the sets worth w or less, where those worth w end
        starts[w] += 1
        present |= 1 << w
    for w in range(1, bound + 2):
        starts[w] += starts[w - 1]
    grouped = [0] * len(sets)
    for i in range(len(sets) - 1, -1, -1):  # last first, each worth's end moved to its start
        w = sums[i]
        starts[w] -= 1
        grouped[starts[w]] = sets[i]
    return grouped, starts, present


def _add_singles(tables: FishingTables, card: int, wanted: int, sets: list[int],
                 sums: list[int], fits: bool, out: list[Action], owns: bool,
                 moves: list[tuple[int, int]]) -> None:
    """Add to ``out`` the single builds of ``card`` with loose cards, no build being
    raised (:func:`_singles_from` without one): the sets of :func:`_sets_of` worth a
    ``w`` with bit ``w`` of ``wanted`` set (the values held less the card's), in the
    walk's order; with ``owns``, what each plays and takes to ``moves``."""
    most = tables.most_named
    for i in range(len(sets)):
        if (wanted >> sums[i]) & 1 and (fits or count(sets[i]) < most):
            out.append(tables.unit(BUILD_AT, card, sets[i]))
            if owns:
                moves.append((card, 0))


def _sets_of(values: tuple[int, ...], rest: int, total: int, chosen: int, bound: int,
             sets: list[int], sums: list[int], ends: list[int]) -> None:
    """Add to ``sets`` each set (a bit set, joined to ``chosen``, worth ``total``) of the
    cards ``rest`` (a bit set, each worth above 0) worth at most ``bound``, lowest card
    first, in the order of a depth-first walk, with its worth in ``sums`` and in ``ends``
    where the sets that hold it and later cards end (the walk below it)."""
    while rest:
        low = rest & -rest
        rest ^= low
        worth = total + values[low.bit_length() - 1]
        if worth <= bound:
            joined = chosen | low
            at = len(sets)
            sets.append(joined)
            sums.append(worth)
            ends.append(0)
            if worth < bound:
                _sets_of(values, rest, worth, joined, bound, sets, sums, ends)
            ends[at] = len(sets)


def _captures_from(tables: FishingTables, loose: int, made: Sequence[Build], card: int,
                   grouped: list[int], starts: list[int], fits: bool) -> list[int]:
    """:func:`_captures` with the loose cards' sets by worth (those worth ``w`` are
    ``grouped[starts[w]:starts[w + 1]]``); ``fits``: every set of table cards may be
    named with the played card (none is left out for its size)."""
    value = tables.values[card]
    groups: list[int] = []
    same = loose & tables.rank_masks[card] if tables.by_rank else 0
    rest = same
    while rest:  # the cards of its rank, each a set
        low = rest & -rest
        groups.append(low)
        rest ^= low
    if tables.by_sum and value > 0:
        for i in range(starts[value], starts[value + 1]):
            m = grouped[i]
            if not m & same or m & (m - 1):  # not a card of its rank, listed first
                groups.append(m)
    if value > 0:
        for b in made:
            if b.value == value:
                groups.append(b.cards)
    most = tables.most_named
    if len(groups) < 2 or not tables.sets or (value == 0 and not tables.zero_sets):
        return groups if fits else [g for g in groups if g.bit_count() < most]
    return _disjoint_unions(groups, most - 1)


def _singles_from(tables: FishingTables, card: int, held: int, raisable: list[Build],
                  sets: list[int], sums: list[int], ends: list[int],
                  fits: bool) -> list[int]:
    """:func:`_single_builds` of ``card`` from the loose cards' sets (:func:`_sets_of`),
    the values of the hand's other cards being ``held`` (a bit set); ``fits``: as
    :func:`_captures_from` takes it."""
    value = tables.values[card]
    most = tables.most_named
    top = held.bit_length() - 1
    found: list[int] = []
    if not raisable:
        for i in range(len(sets)):
            worth = value + sums[i]
            if worth <= top and (held >> worth) & 1 and (fits or count(sets[i]) < most):
                found.append(sets[i])
        return found
    _walk_sets(0, len(sets), sets, sums, ends, raisable, value, held, top, most, fits,
               found)
    for b in raisable:  # a build increased by the card alone
        _raise(b, 0, value, held, top, most, fits, found)
    return found


def _walk_sets(start: int, end: int, sets: list[int], sums: list[int], ends: list[int],
               raisable: list[Build], value: int, held: int, top: int, most: int,
               fits: bool, found: list[int]) -> None:
    """The single builds of :func:`_walk_builds` with the sets ``start`` to ``end`` of
    :func:`_sets_of` and the single builds ``raisable``: each set, then the sets that
    hold it and later cards, then it with each build."""
    i = start
    while i < end:
        worth = value + sums[i]
        joined = sets[i]
        if worth <= top and (fits or count(joined) < most):
            if (held >> worth) & 1:
                found.append(joined)
            _walk_sets(i + 1, ends[i], sets, sums, ends, raisable, value, held, top, most,
                       fits, found)
            for b in raisable:
                _raise(b, joined, worth, held, top, most, fits, found)
        i = ends[i]


def _raise(build: Build, joined: int, worth: int, held: int, top: int, most: int,
           fits: bool, found: list[int]) -> None:
    """Add the single build ``build`` joined to the cards ``joined`` (worth ``worth``,
    the played card's value included) to ``found`` if that makes a value ``held``."""
    if build.value == 0:
        return
    total = worth + build.value
    if total <= top:
        cards = joined | build.cards
        if (fits or count(cards) < most) and (held >> total) & 1:
            found.append(cards)


def _multiples_from(tables: FishingTables, made: Sequence[Build], card: int, held: int,
                    raisable: list[Build], grouped: list[int], starts: list[int],
                    fits: bool) -> list[int]:
    """:func:`_multiples` with the loose cards' sets by worth (as
    :func:`_captures_from` reads them), the values of
    the hand's other cards being ``held`` (a bit set).  Each set it finds splits into
    groups of its target by construction, so :func:`values_of_multiple` is not asked
    again; ``fits``: as :func:`_captures_from` takes it."""
    value = tables.values[card]
    most = tables.most_named
    found: list[int] = []
    for target in range(value, held.bit_length()):
        if not (held >> target) & 1:
            continue
        if starts[target] == starts[target + 1] and not _valued(made, target):
            continue  # no other group of the target
        others = grouped[starts[target]:starts[target + 1]]
        for b in made:
            if b.value == target:
                others.append(b.cards)
        # the card's own group: the card alone, with loose cards, then raising a build
        if target == value:
            _join_groups(0, others, most, fits, found)
        else:
            for i in range(starts[target - value], starts[target - value + 1]):
                _join_groups(grouped[i], others, most, fits, found)
        for b in raisable:  # a single build raised by the card to the target, in its group
            short = target - value - b.value
            if short == 0:
                _join_groups(b.cards, others, most, fits, found)
            elif short > 0:
                for i in range(starts[short], starts[short + 1]):
                    _join_groups(b.cards | grouped[i], others, most, fits, found)
    return found


def _valued(made: Sequence[Build], value: int) -> bool:
    """Whether one of the builds ``made`` is worth ``value``."""
    return any(b.value == value for b in made)  # compiled, a loop (no generator)


def _join_groups(first: int, others: list[int], most: int, fits: bool,
                 found: list[int]) -> None:
    """Add to ``found`` (each set once) every multiple build of the played card's group
    ``first`` (the table cards in it) with one or more of the disjoint groups ``others``,
    named in at most ``most`` cards with the played card (``fits``: as
    :func:`_captures_from` takes it)."""
    size = 0 if fits else count(first)
    if size + 1 >= most:
        return
    rest = others if not first else [g for g in others if not g & first]
    if not rest:
        return
    for union in _disjoint_unions(rest, most - 1 - size):
        mask = union | first
        if mask not in found:
            found.append(mask)


def legal_enumerated(tables: FishingTables, table: int, made: tuple[Build, ...], hand: int,
                     p: int) -> tuple[Action, ...]:
    """:func:`legal_of` worked out plainly: each card's captures and builds searched for
    on their own, each multiple build checked by :func:`values_of_multiple` (the
    reference the tests hold :func:`legal_of` to, and its way where
    :attr:`~cardrules.families.fishing.tables.FishingTables.plain`)."""
    play = tables.play
    loose = loose_cards(table, made)
    values = tables.values
    out: list[Action] = []
    trails: list[Action] = []
    # what each action plays and takes, for _abandons: (card, cards taken)
    out_moves: list[tuple[int, int]] = []
    trail_moves: list[int] = []
    builds, must = play.builds, play.must_capture
    for card in bits(hand):
        taking = _captures(tables, loose, made, card)
        for m in taking:
            out.append(tables.unit_action(CAPTURE, card, m))
            out_moves.append((card, m | 1 << card))
        if builds:
            for m in _single_builds(tables, loose, made, hand, card):
                out.append(tables.unit_action(BUILD, card, m))
                out_moves.append((card, 0))
            for m in _multiples(tables, loose, made, hand, card):
                out.append(tables.unit_action(MULTIPLE, card, m))
                out_moves.append((card, 0))
        if not taking or not must:
            trails.append(tables.plays[card])
            trail_moves.append(card)
    owns = False
    for b in made:
        if b.owner == p:
            owns = True
            break
    if trails and out and not play.trail_with_build and owns:
        trails = []
        trail_moves = []
    if not owns:  # only the owner of a build may abandon it
        return (*out, *trails)
    kept: list[Action] = []
    for i, action in enumerate(out):
        card, taken = out_moves[i]
        if not _abandoning(values, made, hand, p, card, taken):
            kept.append(action)
    for i, action in enumerate(trails):
        if not _abandoning(values, made, hand, p, trail_moves[i], 0):
            kept.append(action)
    return tuple(kept) if kept else (*out, *trails)


def _abandoning(values: tuple[int, ...], made: Sequence[Build], hand: int, p: int,
                card: int, taken: int) -> bool:
    """Whether playing ``card`` (of ``hand``, the hand of ``p``) and taking the table cards
    ``taken`` plays the last card ``p`` holds of the value of a build they own, without
    capturing that build."""
    value = values[card]
    owned = [b for b in made if b.owner == p and b.value == value]
    if not owned or value in _held(values, hand, card):
        return False
    return any(b.cards & ~taken for b in owned)


def _abandons(state: FishingContext, action: Action) -> bool:
    """Whether ``action`` plays the last card the player to move holds of the value of
    a build they own, without capturing that build."""
    p = state._current
    card = action.cards[0] if action.kind is _PLAY else played_card(state, action)
    taken = mask_of(action.cards) if action.kind is _VERB and action.name == CAPTURE \
        else 0
    return _abandoning(state._tables.values, state._builds, state._hands[p], p, card, taken)


def nameable(state: FishingContext) -> list[int]:
    """The values the player to move may name for the multiple build just made: those
    its cards add up by that the player holds a card of."""
    held = {state._tables.values[c] for c in bits(state._hands[state._current])}
    return [v for v in state._announcing if v in held]


def played_card(state: FishingContext, action: Action) -> int:
    """The card of ``action`` in the player's hand (-1: none or several)."""
    return card_played(state._hands[state._current], action)


def card_played(hand: int, action: Action) -> int:
    """The card of ``action`` in ``hand`` (-1: none or several)."""
    held = [c for c in action.cards if (hand >> c) & 1]
    return held[0] if len(held) == 1 else -1


def refusal_reason(state: FishingContext, action: Action) -> str | None:
    """Why a well-formed action of the player to move is illegal (None: legal)."""
    tables = state._tables
    if canonical(tables.pack, action) in legal(state):
        return None
    pack, values = tables.pack, tables.values
    bound = f" (at most {tables.most_named} cards named)" if tables.play.most_named else ""
    if action.kind is _PLAY and not any(b.owner == state._current for b in state._builds):
        return f"{pack.name(action.cards[0])} can capture, so it must"
    card = action.cards[0] if action.kind is _PLAY else played_card(state, action)
    name, value = pack.name(card), values[card]
    if _abandons(state, action):
        return (f"{name} is player {state._current}'s last card worth {value}, the value "
                "of a build they own: they keep it to capture that build")
    if action.kind is _PLAY:
        return (f"player {state._current} owns a build: capture, build or increase a build "
                "rather than trail")
    if action.name == CAPTURE:
        sets = "sets" if tables.play.sets else "one set"
        return (f"{name} captures {sets}: a card of its rank"
                + (f", cards adding up to {value} or a build of {value}" if value else "")
                + bound)
    if action.name == BUILD:
        return (f"a build adds {name} to loose cards or to one single build"
                f"{'' if tables.play.increase else ' (builds are not increased)'}, and "
                f"you hold another card of its new value{bound}")
    return (f"a multiple build joins {name} with groups of cards or builds, each adding "
            f"up to a value you hold in another card{bound}")
