"""Cross-field checks of declarations compared between the sides (``play.melds``): ranks
of the pack, lengths that fit the order and the hand, names that tell the declarations
apart, and a pack and play they can be read in.

>>> from cardrules.loader.load import load_variant
>>> list(check_melds(load_variant("belote")[0]))
[]
"""

from __future__ import annotations

from collections.abc import Iterator

from cardrules.families.tricks.model import TricksPlay
from cardrules.model.problems import Found, unknown
from cardrules.model.variant import Variant

__all__ = ["check_melds"]


def check_melds(v: Variant) -> Iterator[Found]:
    """Every problem of ``play.melds``."""
    play = v.play
    if not isinstance(play, TricksPlay) or play.melds is None:
        return
    melds, ranks, at = play.melds, v.pack.ranks, ("play", "melds")
    if melds.sequences is None and melds.sets is None:
        yield at, "declarations need sequences, sets or both"
    if play.combinations:
        yield at, ("declarations compared between the sides cannot be mixed with "
                   "play.combinations (both are declared with 'declare')")
    if v.pack.copies != 1 or v.pack.extra:
        yield at, "declarations need a pack of one copy of each card and no extra cards"
    names: list[str] = []
    if (sequences := melds.sequences) is not None:
        order = sequences.order or ranks
        for i, rank in enumerate(sequences.order):
            if rank not in ranks:
                yield (*at, "sequences", "order", i), unknown("rank", rank, ranks)
        last = 0
        for i, length in enumerate(sequences.lengths):
            where = (*at, "sequences", "lengths", i)
            if length.cards <= last:
                yield (*where, "cards"), "list the lengths shortest first, each once"
            if length.cards > len(order):
                yield (*where, "cards"), (f"a sequence of {length.cards} cards cannot be "
                                          f"made of {len(order)} ranks")
            last = max(last, length.cards)
            names.append(length.name)
    if (sets := melds.sets) is not None:
        for rank in sets.points:
            if rank not in ranks:
                yield (*at, "sets", "points", rank), unknown("rank", rank, ranks)
        names.append(sets.name)
    if len(set(names)) != len(names):
        yield at, f"each declaration needs a name of its own: {', '.join(names)}"
