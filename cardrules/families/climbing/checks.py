"""Cross-field checks of the climbing procedure."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardrules.families.climbing.model import ClimbingPlay, Combination, Ends, Shape
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



def _makes_declarer(name: str) -> bool:
    """Whether the phase registered as ``name`` makes a declarer (False if unknown)."""
    try:
        return find_phase(name).makes_declarer
    except KeyError:
        return False
