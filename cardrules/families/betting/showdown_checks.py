"""Cross-field checks of a showdown's ranking of hands (``scoring:``), shared by the
procedures that compare hands with it (betting, vying)."""

from __future__ import annotations

from collections.abc import Iterator

from cardrules.cards import Pack
from cardrules.families.betting.model import Showdown

__all__ = ["check_showdown"]

Found = tuple[tuple[str | int, ...], str]
"""A problem: JSON path and message."""


def check_showdown(showdown: Showdown, pack: Pack) -> Iterator[Found]:
    """Problems of ``showdown``'s classes of hands that the schema cannot see.

    >>> from cardrules.families.betting.model import HandClass
    >>> pack = Pack(ranks=("2", "3", "A"), suits=("S", "H"))
    >>> rules = Showdown(cards=3, classes=[HandClass(name="prial", groups=[3],
    ...                                              top_ranks=["4"]),
    ...                                    HandClass(name="high_card")])
    >>> [message for _, message in check_showdown(rules, pack)]
    ["class 'prial' names rank '4' in top_ranks, which the pack lacks (2 3 A)"]
    """
    classes = showdown.classes
    last = classes[-1]
    if last.groups or last.straight or last.flush:
        yield ("scoring", "classes", len(classes) - 1), (
            "the last class of hands must hold every hand: give it no groups, straight "
            "or flush")
    names = [c.name for c in classes]
    for i, kind in enumerate(classes):
        if names.index(kind.name) != i:
            yield ("scoring", "classes", i, "name"), f"class {kind.name!r} is named twice"
        if sum(kind.groups) > showdown.cards:
            yield ("scoring", "classes", i, "groups"), (
                f"class {kind.name!r} needs {sum(kind.groups)} cards; a hand has "
                f"{showdown.cards}")
        if (kind.straight or kind.flush) and showdown.cards < 2:
            yield ("scoring", "classes", i), (
                f"class {kind.name!r} is a straight or a flush, which needs hands of 2 "
                f"cards or more; a hand has {showdown.cards}")
        if list(kind.groups) != sorted(kind.groups, reverse=True):
            yield ("scoring", "classes", i, "groups"), "list the groups largest first"
        for rank in kind.top_ranks:
            if rank not in pack.ranks:
                yield ("scoring", "classes", i, "top_ranks"), (
                    f"class {kind.name!r} names rank {rank!r} in top_ranks, which the pack "
                    f"lacks ({' '.join(pack.ranks)})")
        if kind.top_ranks and kind.straight:
            yield ("scoring", "classes", i, "top_ranks"), (
                f"class {kind.name!r} is a straight, ranked by its highest card: top_ranks "
                "apply to grouped ranks only")
        if len(set(kind.top_ranks)) != len(kind.top_ranks):
            yield ("scoring", "classes", i, "top_ranks"), "a rank is named twice"
    if showdown.low_straight_best and not showdown.low_straight:
        yield ("scoring", "low_straight_best"), (
            "low_straight_best ranks the low straight first, which needs low_straight: true")
