"""Cross-field checks of the shedding keys for effects a card passes on, drawing and
announcing the last card (the older shedding checks live in :mod:`.checks`).

>>> from cardrules.loader.load import load_variant
>>> list(effect_problems(load_variant("bank")[0]))
[]
"""

from __future__ import annotations

from collections.abc import Iterator

from cardrules.families.shedding.model import SheddingPlay, Then
from cardrules.model.variant import Variant

__all__ = ["effect_problems"]

Found = tuple[tuple[str | int, ...], str]
"""A problem: JSON path and message."""


def effect_problems(v: Variant) -> Iterator[Found]:
    """Forced draws naming ranks that exist and no other effect, and drawing that ends
    the turn with no further draws in it."""
    play = v.play
    if not isinstance(play, SheddingPlay):
        return
    ranks = v.pack.ranks
    then_of = {w.rank: w.then for w in play.wild}
    for rank in play.forced_draw.ranks:
        path: tuple[str | int, ...] = ("play", "forced_draw", "ranks", rank)
        if rank not in ranks:
            yield path, f"unknown rank {rank!r}; the pack has {', '.join(ranks)}"
        elif play.after_turn.get(rank) is not None:
            yield path, (
                f"rank {rank} both forces a draw and has after_turn "
                f"{play.after_turn[rank].value}; give a rank one effect")
        elif then_of.get(rank) in (Then.OPTIONAL, Then.COMPULSORY):
            yield path, (
                f"rank {rank} forces a draw but is a wild card with then "
                f"{then_of[rank].value}: its player would move again facing their own "
                "draw; use then: none or name_suit")
    draw = play.draw
    if draw.ends_turn and draw.at_will and draw.max_per_turn > 1:
        yield ("play", "draw", "max_per_turn"), (
            f"drawing ends the turn, so no second card is drawn in it: max_per_turn "
            f"{draw.max_per_turn} cannot be reached; set it to 1 or drop ends_turn")
    if draw.ends_turn and not draw.at_will and play.stuck_draw > 1:
        yield ("play", "stuck_draw"), (
            f"drawing ends the turn, so no second card is drawn in it: stuck_draw "
            f"{play.stuck_draw} cannot be reached; set it to 1 or drop draw.ends_turn")
