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

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from cardrules.actions import Action, Kind
from cardrules.cards import Pack, bits, mask_of
from cardrules.engine.events import Event
from cardrules.engine.fields import Context
from cardrules.engine.fields import Kind as FieldKind
from cardrules.families.fishing.model import Build
from cardrules.families.fishing.tables import (
    BUILD,
    CAPTURE,
    MULTIPLE,
    VALUE,
    subsets_adding_to,
)

if TYPE_CHECKING:
    from cardrules.families.fishing.context import FishingContext
    from cardrules.families.fishing.tables import FishingTables

__all__ = ["Build", "Builds", "apply", "canonical", "legal", "multiple_value",
           "multiple_values", "nameable", "played_card",
           "refusal_reason"]


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


def _named(pack: Pack, word: str, card: int, mask: int) -> Action:
    """The action ``word`` of ``card`` with the table cards ``mask``: its cards in the
    pack's order (as the action space numbers sets), its label the played card first."""
    action = Action(kind=Kind.VERB, name=word, cards=pack.cards_of(mask | 1 << card))
    shown = Action(kind=Kind.VERB, name=word, cards=(card, *pack.cards_of(mask)))
    return attrs.evolve(action, label=shown.text(pack))


def canonical(pack: Pack, action: Action) -> Action:
    """``action`` with its cards in the pack's order (as legal actions name them).

    >>> from cardrules.cards import Pack
    >>> pack = Pack(ranks=("A", "2"), suits=("S",))
    >>> canonical(pack, Action(kind=Kind.VERB, name="capture", cards=(0, 1))).cards
    (1, 0)
    """
    if action.kind is not Kind.VERB or len(set(action.cards)) != len(action.cards):
        return action
    return Action(kind=Kind.VERB, name=action.name, cards=pack.cards_of(mask_of(action.cards)))


def _loose(state: FishingContext) -> int:
    built = 0
    for b in state._builds:
        built |= b.cards
    return state._table & ~built


def _held_values(state: FishingContext, card: int) -> set[int]:
    """The values of the cards the player to move holds besides ``card``."""
    values = state._tables.values
    return {values[c] for c in bits(state._hands[state._current] & ~(1 << card))
            if values[c] > 0}


def _disjoint_unions(groups: Sequence[int], cap: int) -> Iterator[int]:
    """The unions of every non-empty collection of pairwise disjoint ``groups`` (bit
    sets) of at most ``cap`` cards, each union once."""
    seen: set[int] = set()

    def walk(start: int, used: int) -> Iterator[int]:
        for i in range(start, len(groups)):
            g = groups[i]
            if not g & used and (g | used).bit_count() <= cap:
                union = g | used
                if union not in seen:
                    seen.add(union)
                    yield union
                yield from walk(i + 1, union)
    yield from walk(0, 0)


def _capture_groups(state: FishingContext, card: int) -> list[int]:
    """The sets ``card`` may take, each one unit or a group of loose cards."""
    tables = state._tables
    width, values, play = len(tables.pack.ranks), tables.values, tables.play
    loose, value = _loose(state), tables.values[card]
    groups: list[int] = []
    if play.capture.by_rank:
        groups = [1 << c for c in bits(loose) if c % width == card % width]
    if play.capture.by_sum and value > 0:
        for caught in subsets_adding_to(list(bits(loose)), values, value):
            mask = mask_of(caught)
            if mask not in groups:
                groups.append(mask)
    if value > 0:
        groups.extend(b.cards for b in state._builds if b.value == value)
    return groups


def _captures(state: FishingContext, card: int) -> list[int]:
    groups = _capture_groups(state, card)
    play = state._tables.play
    if not play.sets or (state._tables.values[card] == 0 and not play.zero_sets):
        return [g for g in groups if g.bit_count() < state._tables.most_named]
    return list(_disjoint_unions(groups, state._tables.most_named - 1))


def _units(state: FishingContext) -> list[tuple[int, int, Build | None]]:
    """The table's units: (cards, value, build or None)."""
    values = state._tables.values
    out: list[tuple[int, int, Build | None]] = [(1 << c, values[c], None)
                                                for c in bits(_loose(state))]
    out.extend((b.cards, b.value, b) for b in state._builds)
    return out


def _single_builds(state: FishingContext, card: int) -> list[int]:
    """The single builds ``card`` may make: with loose cards, or increasing one single
    build, to a value held in another card."""
    tables = state._tables
    value = tables.values[card]
    held = _held_values(state, card)
    if value == 0 or not held:
        return []
    units = [u for u in _units(state)
             if u[2] is None or (tables.play.increase and not u[2].multiple)]
    found: list[int] = []

    def walk(start: int, mask: int, total: int, with_build: bool) -> None:
        for i in range(start, len(units)):
            cards, worth, build = units[i]
            if worth == 0 or (build is not None and with_build):
                continue
            if (mask | cards).bit_count() + 1 > tables.most_named:
                continue
            new_total = total + worth
            if new_total in held and (mask | cards) not in found:
                found.append(mask | cards)
            walk(i + 1, mask | cards, new_total, with_build or build is not None)
    walk(0, 0, value, False)
    return found


def _splits(values: Sequence[int], fixed_ok: bool, target: int) -> bool:
    """Whether ``values`` (the first being the played card's group's) split into groups
    each adding up to ``target``."""
    if not values:
        return fixed_ok
    first, rest = values[0], list(values[1:])
    if first > target:
        return False

    def pick(i: int, left: int, remaining: list[int]) -> bool:
        if left == 0:
            return _splits(remaining, fixed_ok, target)
        for j in range(i, len(remaining)):
            v = remaining[j]
            if 0 < v <= left and pick(j, left - v, remaining[:j] + remaining[j + 1:]):
                return True
        return False
    return pick(0, target - first, rest)


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
    tables = state._tables
    values = tables.values
    builds = [b for b in state._builds if b.cards & mask]
    if values[card] == 0 or any(b.cards & ~mask for b in builds):
        return []
    loose = [values[c] for c in bits(mask & _loose(state))]
    found: list[int] = []
    targets = _held_values(state, card) if held else {v for v in values if v > 0}
    for target in sorted(targets):
        raised = [b for b in builds if b.value != target]
        if len(raised) > 1 or (raised and (raised[0].multiple or not tables.play.increase)):
            continue
        own = values[card] + sum(b.value for b in raised)  # the card's group, fixed
        if target < max([own, *loose]):
            continue
        total = own + sum(loose)
        if total % target or total // target + len(builds) - len(raised) < 2:
            continue
        if _splits([own, *loose], True, target):
            found.append(target)
            if first:
                break
    return found


def _multiples(state: FishingContext, card: int) -> list[int]:
    """The multiple builds ``card`` may make."""
    tables = state._tables
    values = tables.values
    value = values[card]
    if value == 0:
        return []
    loose = list(bits(_loose(state)))
    found: list[int] = []
    raisable = [b for b in state._builds if not b.multiple] if tables.play.increase else []
    for target in sorted(_held_values(state, card)):
        if target < value:
            continue
        own = [0] if target == value else \
            [mask_of(s) for s in subsets_adding_to(loose, values, target - value)]
        for b in raisable:  # a single build raised by the card to the target, in its group
            short = target - value - b.value
            if short == 0:
                own.append(b.cards)
            elif short > 0:
                own.extend(b.cards | mask_of(s) for s in subsets_adding_to(loose, values, short))
        others = [mask_of(s) for s in subsets_adding_to(loose, values, target)]
        others.extend(b.cards for b in state._builds if b.value == target)
        for first in own:
            if (first.bit_count() + 1) >= tables.most_named:
                continue
            rest = [g for g in others if not g & first]
            for union in _disjoint_unions(rest, tables.most_named - 1 - first.bit_count()):
                mask = union | first
                if mask not in found and multiple_value(state, card, mask) is not None:
                    found.append(mask)
    return found


def legal(state: FishingContext) -> tuple[Action, ...]:
    """The legal actions of the player to move, with builds or captures of several
    sets."""
    tables = state._tables
    if state._announcing:  # a multiple build just made: the player names its value
        return tuple(tables.announcements[v] for v in nameable(state))
    pack, play = tables.pack, tables.play
    p = state._current
    out: list[Action] = []
    trails: list[Action] = []
    for card in bits(state._hands[p]):
        taking = _captures(state, card)
        out.extend(_named(pack, CAPTURE, card, m) for m in taking)
        if play.builds:
            out.extend(_named(pack, BUILD, card, m) for m in _single_builds(state, card))
            out.extend(_named(pack, MULTIPLE, card, m) for m in _multiples(state, card))
        if not taking or not play.must_capture:
            trails.append(tables.plays[card])
    if trails and out and not play.trail_with_build and \
            any(b.owner == p for b in state._builds):
        trails = []
    kept = [a for a in (*out, *trails) if not _abandons(state, a)]
    return tuple(kept) if kept else (*out, *trails)


def _abandons(state: FishingContext, action: Action) -> bool:
    """Whether ``action`` plays the last card the player to move holds of the value of
    a build they own, without capturing that build."""
    p, values = state._current, state._tables.values
    card = action.cards[0] if action.kind is Kind.PLAY else played_card(state, action)
    value = values[card]
    owned = [b for b in state._builds if b.owner == p and b.value == value]
    if not owned or value in _held_values(state, card):
        return False
    taken = mask_of(action.cards) if action.kind is Kind.VERB and action.name == CAPTURE \
        else 0
    return any(b.cards & ~taken for b in owned)


def nameable(state: FishingContext) -> list[int]:
    """The values the player to move may name for the multiple build just made: those
    its cards add up by that the player holds a card of."""
    held = {state._tables.values[c] for c in bits(state._hands[state._current])}
    return [v for v in state._announcing if v in held]


def played_card(state: FishingContext, action: Action) -> int:
    """The card of ``action`` in the player's hand (-1: none or several)."""
    held = [c for c in action.cards if (state._hands[state._current] >> c) & 1]
    return held[0] if len(held) == 1 else -1


def refusal_reason(state: FishingContext, action: Action) -> str | None:
    """Why a well-formed action of the player to move is illegal (None: legal)."""
    tables = state._tables
    if canonical(tables.pack, action) in legal(state):
        return None
    pack, values = tables.pack, tables.values
    bound = f" (at most {tables.most_named} cards named)" if tables.play.most_named else ""
    if action.kind is Kind.PLAY and not any(b.owner == state._current
                                            for b in state._builds):
        return f"{pack.name(action.cards[0])} can capture, so it must"
    card = action.cards[0] if action.kind is Kind.PLAY else played_card(state, action)
    name, value = pack.name(card), values[card]
    if _abandons(state, action):
        return (f"{name} is player {state._current}'s last card worth {value}, the value "
                "of a build they own: they keep it to capture that build")
    if action.kind is Kind.PLAY:
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


def apply(state: Any, action: Action) -> Any:
    """Apply a legal ``action`` to a fresh clone ``state`` of the position it was legal
    in, up to the next player (a :class:`FishingState`)."""
    p = state._current
    tables: FishingTables = state._tables
    if action.name == VALUE:  # the value named for the multiple build just made
        *kept_builds, made = state._builds
        state._builds = (*kept_builds, attrs.evolve(made, value=action.amount))
        state._announcing = ()
        state._events = (Event(kind="value", player=p, amount=action.amount),)
        return state._next_player()
    if action.kind is Kind.PLAY:
        card = action.cards[0]
        state._hands = _with(state._hands, p, state._hands[p] & ~(1 << card))
        state._table |= 1 << card
        state._events = (Event(kind="play", player=p, cards=(card,)),)
        return state._next_player()
    card = played_card(state, action)
    mask = mask_of(action.cards) & ~(1 << card)
    state._hands = _with(state._hands, p, state._hands[p] & ~(1 << card))
    kept = tuple(b for b in state._builds if not b.cards & mask)
    if action.name == CAPTURE:
        state._builds = kept
        state._capture(card, mask, 0)
        return state._next_player()
    named: list[int] = []
    if action.name == BUILD:
        value = tables.values[card] + sum(b.value for b in state._builds if b.cards & mask) \
            + sum(tables.values[c] for c in bits(mask & _loose(state)))
        build = Build(cards=mask | 1 << card, value=value, owner=p)
    else:  # until a value is named, the lowest the cards add up by (not one held)
        named = multiple_values(state, card, mask, held=False)
        assert named
        build = Build(cards=mask | 1 << card, value=named[0], owner=p, multiple=True)
    state._builds = (*kept, build)
    state._table |= 1 << card
    state._events = (Event(kind="build", player=p, cards=(card, *bits(mask))),)
    if len(named) > 1:  # the value is named next, by the same player
        state._announcing = tuple(named)
        return state
    return state._next_player()


def _with(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return values[:index] + (value,) + values[index + 1:]
