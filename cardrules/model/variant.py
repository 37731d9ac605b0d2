"""The root record of a loaded variant."""

from __future__ import annotations

from typing import Any, Protocol

import attrs

from cardrules.engine.turns import DEALERS_LEFT, TurnOrder
from cardrules.model.common import DealSpec, OptionSpec, PackSpec, PlayerRange, Visibility
from cardrules.model.match import MatchSpec

__all__ = ["PhaseEntry", "PlayRules", "ScoringRules", "Variant"]



class PlayRules(Protocol):
    """The play section of any procedure: the record its procedure reads ``play:`` into
    (:attr:`~cardrules.engine.procedures.Procedure.play_rules`), which names the
    procedure; what else it holds is the procedure's own business."""

    @property
    def procedure(self) -> str:
        """The registered procedure's name."""


class ScoringRules(Protocol):
    """The scoring section of any procedure: the record its procedure reads ``scoring:``
    into (:attr:`~cardrules.engine.procedures.Procedure.scoring_rules`); only the
    procedure reads it."""


@attrs.frozen(kw_only=True)
class PhaseEntry:
    """One entry of a variant's ``phases:`` list."""

    name: str
    """The registered phase's name."""
    section: dict[str, Any] = attrs.field(factory=dict)
    """Its section of the rule file (checked by the phase's own schema)."""


@attrs.frozen(kw_only=True)
class Variant:
    """A whole variant, options applied: everything the engine needs to play it."""

    name: str
    """Short name (file stem or ``name:``)."""
    title: str
    """Human title."""
    description: str
    """One paragraph on the game."""
    players: PlayerRange
    """Supported player counts."""
    pack: PackSpec
    """The cards."""
    zones: dict[str, Visibility]
    """Visibility of each zone: ``stock``, ``hand``, the pile, ``won``..."""
    deal: DealSpec
    """How cards are dealt."""
    play: PlayRules
    """The play procedure and its parameters."""
    scoring: ScoringRules
    """How a deal is scored."""
    match: MatchSpec
    """How deals add up to a match."""
    hooks: dict[str, str] = attrs.field(factory=dict)
    """Hook point -> registered hook name."""
    options: tuple[OptionSpec, ...] = ()
    """Declared options with the values in force."""
    phases: tuple[PhaseEntry, ...] = ()
    """Phases run in order before play: those that run before the deal first, then the
    rest after it (see :mod:`cardrules.engine.flow`)."""
    references: dict[str, str] = attrs.field(factory=dict)
    """Procedure rule key (``must_beat``...) -> the variant's own rule number, for messages."""
    play_order: TurnOrder = DEALERS_LEFT
    """Which way the turn passes in play and where the first move starts by default
    (``play.order``; the engine lays it out for the families as ``Game.turns``)."""
    returns_divisor: int = 0
    """The adapters' returns of a finished game are its scores divided by this
    (``returns.divide_scores_by``); 0: +1 for each winner, -1 for the others."""

    @property
    def chosen(self) -> dict[str, object]:
        """Option name -> value in force."""
        return {o.name: o.default for o in self.options}
