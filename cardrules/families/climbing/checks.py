"""Cross-field checks of the climbing procedure."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardrules.families.climbing.model import FIVE_CARD, ClimbingPlay, Combination, Ends, Shape
from cardrules.families.climbing.tables import space_size
from cardrules.phases import find as find_phase

__all__ = ["MAX_SPACE", "check_climbing"]

Found = tuple[tuple[str | int, ...], str]
"""A problem: JSON path and message."""

MAX_SPACE = 1_000_000
"""The most actions a climbing game's action space may number."""


def check_climbing(v: Any) -> Iterator[Found]:
    """Problems of a climbing game's ``play`` that the schema cannot see (the loader
    bounds the plays a hand may have at once through the procedure's ``action_bound``).

    >>> from cardrules.loader.load import load_variant
    >>> list(check_climbing(load_variant("president")[0]))
    []
    """
    play, pack = v.play, v.pack
    assert isinstance(play, ClimbingPlay)
    if pack.extra and not play.extra_above:
        yield ("pack", "extra"), ("a climbing combination is made of cards of a rank, which "
                                  "an extra card (a joker) lacks; remove pack.extra, or "
                                  "rank the extra cards above the others "
                                  "(play.extra_above: true)")
    ranks = [str(r) for r in pack.ranks]
    extra = [e.upper() for e in pack.extra_names] if play.extra_above else []
    for i, r in enumerate(play.chain_ranks):
        if str(r).upper() not in ranks:
            yield ("play", "chain_ranks", i), f"{r!r} is no rank of the pack ({', '.join(ranks)})"
    if len(set(play.chain_ranks)) != len(play.chain_ranks):
        yield ("play", "chain_ranks"), "a rank is listed twice"
    suits = len(pack.suits)
    names = [c.name for c in play.combinations]
    shapes = []
    chain = len(play.chain_ranks) or len(ranks)
    for i, kind in enumerate(play.combinations):
        where = ("play", "combinations", i)
        if names.index(kind.name) != i:
            yield (*where, "name"), f"combination {kind.name!r} is named twice"
        if kind.size > suits:
            yield (*where, "size"), f"{kind.size} cards of one rank, but the pack has " \
                                    f"{suits} of each"
        yield from _check_kind(kind, where, ranks, extra, [str(x) for x in pack.suits])
        if kind.shape is Shape.CHAIN:
            if kind.max_length < kind.min_length:
                yield (*where, "max_length"), "max_length is below min_length"
            if kind.max_length > chain:
                yield (*where, "max_length"), f"a chain of {kind.max_length} ranks, but " \
                                              f"chains run through {chain} ranks"
        elif kind.min_length != 1 or kind.max_length != 1:
            yield (*where, "min_length"), "only a chain has a length"
        shape = (kind.shape, kind.size, kind.min_length, kind.max_length,
                 kind.attach, tuple(kind.cards))
        if shape in shapes:
            yield where, (f"combination {kind.name!r} has the shape of one listed before "
                          "it, which every such play is taken for")
        shapes.append(shape)
    if v.scoring.against_declarer is not None:
        if play.ends is not Ends.FIRST_OUT:
            yield ("scoring", "against_declarer"), ("a game against the declarer is won "
                                                    "by the first out: set play.ends: "
                                                    "first_out")
        if not any(_makes_declarer(entry.name) for entry in v.phases):
            yield ("scoring", "against_declarer"), ("a game against the declarer needs a "
                                                    "phase that makes one (an auction) "
                                                    "listed in phases")
    yield from _check_suits_and_hands(v, ranks, [str(x) for x in pack.suits])
    space = space_size(play, len(ranks), suits, len(pack.extra_names))
    if space > MAX_SPACE:
        yield ("play", "combinations"), (
            f"the combinations number {space} plays in the action space, more than the "
            f"{MAX_SPACE} an action space may hold")


def _check_kind(kind: Combination, where: tuple[str | int, ...], ranks: list[str],
                extra: list[str], suit_names: list[str]) -> Iterator[Found]:
    """Problems of one combination's named cards, attachments, top and start."""
    if kind.shape is Shape.CARDS:
        if not kind.cards:
            yield (*where, "cards"), "a combination of shape cards names its cards"
        known = {f"{r}{s}".upper() for r in ranks for s in suit_names} | set(extra)
        for i, name in enumerate(kind.cards):
            if str(name).upper() not in known:
                yield (*where, "cards", i), f"{name!r} is no card of the pack " \
                                            "(an extra card needs play.extra_above)"
        if kind.attach is not None:
            yield (*where, "attach"), "a combination of named cards takes no attachments"
    elif kind.cards:
        yield (*where, "cards"), "only a combination of shape cards names its cards"
    if kind.attach is not None and kind.attach.size > len(suit_names):
        yield (*where, "attach", "size"), f"{kind.attach.size} cards of one rank, but " \
                                          f"the pack has {len(suit_names)} of each"
    if kind.top and not kind.bomb:
        yield (*where, "top"), "a top combination beats bombs: it is a bomb (bomb: true)"
    if kind.not_from_whole_rank and kind.shape is not Shape.CHAIN:
        yield (*where, "not_from_whole_rank"), "only a chain starts at a rank: remove " \
                                               "not_from_whole_rank, or make it a chain"



def _check_suits_and_hands(v: Any, ranks: list[str], suits: list[str]) -> Iterator[Found]:
    """Problems of the suit order, the five-card hands, the type order, the first lead
    and the penalties for cards left."""
    play, scoring = v.play, v.scoring
    upper = [s.upper() for s in suits]
    if play.suit_order:
        order = [str(s).upper() for s in play.suit_order]
        for i, s in enumerate(order):
            if s not in upper:
                yield ("play", "suit_order", i), f"{s!r} is no suit of the pack " \
                                                  f"({', '.join(suits)})"
        if sorted(order) != sorted(upper):
            yield ("play", "suit_order"), f"list every suit of the pack once " \
                                          f"({', '.join(suits)})"
    five = [c for c in play.combinations if c.shape in FIVE_CARD]
    if (play.suit_order or five or play.first_lead) and play.by_rank:
        yield ("play", "by_rank"), ("suits matter here (a suit order, a five-card hand or "
                                    "a first-lead card): by_rank must be false")
    for i, kind in enumerate(play.combinations):
        if kind.shape not in FIVE_CARD:
            continue
        where = ("play", "combinations", i)
        if kind.bomb or kind.top or kind.attach is not None or kind.size != 1:
            yield where, (f"a {kind.shape.value} is five cards as poker has them: it takes "
                          "no size, attach, bomb or top")
    upper_ranks = [r.upper() for r in ranks]
    seen: list[frozenset[str]] = []
    for i, run in enumerate(play.straights):
        names = [r.upper() for r in run.split()]
        bad = [r for r in names if r not in upper_ranks]
        if bad:
            yield ("play", "straights", i), f"{bad[0]!r} is no rank of the pack " \
                                            f"({', '.join(ranks)})"
        elif len(set(names)) != 5:
            yield ("play", "straights", i), "a straight's five ranks are all different"
        elif frozenset(names) in seen:
            yield ("play", "straights", i), "this run is listed twice"
        seen.append(frozenset(names))
    runs = len(play.straights) or max((len(play.chain_ranks) or len(ranks)) - 4, 0)
    if not runs and any(c.shape in (Shape.STRAIGHT, Shape.STRAIGHT_FLUSH) for c in five):
        yield ("play", "straights"), "a straight needs a run of five ranks: list straights"
    names = [c.name for c in play.combinations]
    counts = set()
    for i, name in enumerate(play.type_order):
        if name not in names:
            yield ("play", "type_order", i), f"{name!r} is no combination of the game " \
                                             f"({', '.join(names)})"
            continue
        kind = play.combinations[names.index(name)]
        if kind.bomb:
            yield ("play", "type_order", i), f"{name!r} is a bomb, which beats by its own rule"
        counts.add(tuple(sorted({kind.card_count(n) for n in kind.lengths})))
    if len(counts) > 1:
        yield ("play", "type_order"), "the types ranked by type lay as many cards each"
    yield from _check_overrides(play, names, ranks)
    if play.first_lead is not None:
        known = {f"{r}{s}" for r in upper_ranks for s in upper}
        if play.first_lead.card.upper() not in known:
            yield ("play", "first_lead", "card"), f"{play.first_lead.card!r} is no card of " \
                                                  "the pack"
    if scoring.cards_left is not None:
        if play.ends is not Ends.FIRST_OUT:
            yield ("scoring", "cards_left"), ("penalties for cards left are paid to the first "
                                              "out: set play.ends: first_out")
        if scoring.against_declarer is not None:
            yield ("scoring", "cards_left"), ("a game against the declarer is scored by its "
                                              "stake: drop cards_left")


def _check_overrides(play: Any, names: list[str], ranks: list[str]) -> Iterator[Found]:
    """Problems of the plays of other types a combination may also beat: a name that is
    no other combination of the game, ranks that are not the pack's, or ranks given for
    a type that is not a set of one rank."""
    upper = [r.upper() for r in ranks]
    for i, kind in enumerate(play.combinations):
        for j, over in enumerate(kind.overrides):
            where = ("play", "combinations", i, "overrides", j)
            if over.combination not in names or over.combination == kind.name:
                yield (*where, "combination"), (
                    f"{over.combination!r} is no other combination of the game "
                    f"({', '.join(n for n in names if n != kind.name)})")
                continue
            target = play.combinations[names.index(over.combination)]
            if over.ranks and target.shape is not Shape.SAME_RANK:
                yield (*where, "ranks"), (f"{over.combination!r} is no set of one rank: "
                                          "ranks name the rank of a set of one rank")
            for k, rank in enumerate(over.ranks):
                if str(rank).upper() not in upper:
                    yield (*where, "ranks", k), f"{rank!r} is no rank of the pack " \
                                                f"({', '.join(ranks)})"


def _makes_declarer(name: str) -> bool:
    """Whether the phase registered as ``name`` makes a declarer (False if unknown)."""
    try:
        return find_phase(name).makes_declarer
    except KeyError:
        return False
