"""Cross-field checks of the climbing procedure."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardrules.families.climbing.model import ClimbingPlay, Shape
from cardrules.families.climbing.tables import space_size

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
    if pack.extra:
        yield ("pack", "extra"), ("a climbing combination is made of cards of a rank, which "
                                  "an extra card (a joker) lacks; remove pack.extra")
    ranks = [str(r) for r in pack.ranks]
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
        if kind.shape is Shape.CHAIN:
            if kind.max_length < kind.min_length:
                yield (*where, "max_length"), "max_length is below min_length"
            if kind.max_length > chain:
                yield (*where, "max_length"), f"a chain of {kind.max_length} ranks, but " \
                                              f"chains run through {chain} ranks"
        elif kind.min_length != 1 or kind.max_length != 1:
            yield (*where, "min_length"), "only a chain has a length"
        shape = (kind.shape, kind.size, kind.min_length, kind.max_length)
        if shape in shapes:
            yield where, (f"combination {kind.name!r} has the shape of one listed before "
                          "it, which every such play is taken for")
        shapes.append(shape)
    space = space_size(play, len(ranks), suits)
    if space > MAX_SPACE:
        yield ("play", "combinations"), (
            f"the combinations number {space} plays in the action space, more than the "
            f"{MAX_SPACE} an action space may hold")
