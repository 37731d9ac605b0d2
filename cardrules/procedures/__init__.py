"""Generic play procedures, registered by the name a rule file gives in ``play.procedure``."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    from cardrules.game import Game
    from cardrules.observation import Field
    from cardrules.state import DealContext, State

__all__ = ["PROCEDURES", "Procedure"]


@attrs.frozen(kw_only=True)
class Procedure:
    """How a procedure plugs into :class:`~cardrules.game.Game`."""

    name: str
    """The name rule files use."""
    compile: Callable[[Game], Any]
    """Build the lookup tables of a loaded variant."""
    new_deal: Callable[[Game, DealContext], State]
    """A freshly shuffled deal."""
    from_json: Callable[[Game, dict[str, Any]], State]
    """Read a state back from JSON."""
    setup: Callable[..., State]
    """A position given explicitly: ``setup(game, **position)``."""
    resample: Callable[[Any, int, random.Random], State]
    """A state the player cannot tell apart: hidden cards re-dealt at random."""
    observation_fields: Callable[[Game], tuple[Field, ...]]
    """The fields of a view that a learning agent's observation encodes."""


def _shedding() -> Procedure:
    from cardrules.procedures import shedding, shedding_io
    from cardrules.procedures.shedding_tables import SheddingTables

    return Procedure(
        name="shedding",
        compile=lambda game: SheddingTables.compile(game.pack, game.variant.play,
                                                    game.variant.scoring),
        new_deal=shedding.SheddingState.new,
        from_json=shedding_io.from_json,
        setup=shedding_io.setup,
        resample=shedding_io.resample,
        observation_fields=shedding_io.observation_fields,
    )


def _tricks() -> Procedure:
    from cardrules.model.tricks import TrickScoring, TricksPlay
    from cardrules.procedures import tricks, tricks_io
    from cardrules.procedures.tricks_tables import TricksTables

    def compile_tables(game: Game) -> TricksTables:
        play, scoring = game.variant.play, game.variant.scoring
        assert isinstance(play, TricksPlay) and isinstance(scoring, TrickScoring)
        return TricksTables.compile(game.pack, play, scoring, game.variant.deal.hand)

    return Procedure(
        name="tricks",
        compile=compile_tables,
        new_deal=tricks.TricksState.new,
        from_json=tricks_io.from_json,
        setup=tricks_io.setup,
        resample=tricks_io.resample,
        observation_fields=tricks_io.observation_fields,
    )


PROCEDURES: dict[str, Callable[[], Procedure]] = {
    "shedding": _shedding,
    "tricks": _tricks,
}
"""Procedure name -> factory (imported lazily)."""
