"""What a play procedure keeps while play waits at a pause point for listed phases.

A procedure that hands control to the flow (:func:`cardrules.engine.flow.between`) at a
point where its own fields do not say who moves next (a shedding game between turns, a
fishing game between rounds of dealing: a phase at work moves the turn about with
``turn_to``) keeps that seat in :class:`ResumeFields`, a field mixin added to the
state class only in the games that list a phase there (:func:`lists_phases_at`), so
the others clone and write no more fields than before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import attrs

from cardrules.engine.fields import Seat, field
from cardrules.phases import find as find_phase

if TYPE_CHECKING:
    from cardrules.engine.turns import When
    from cardrules.model.variant import Variant

__all__ = ["ResumeFields", "lists_phases_at", "resume_fields"]


@attrs.define(slots=False)
class ResumeFields:
    """The state field of a game that lists phases at a pause of play."""

    _resume: int = field(Seat())
    """The seat to move once the phases listed at the pause play is at are done (-1:
    play is not paused)."""


def resume_fields(state: object) -> ResumeFields:
    """``state`` as the :class:`ResumeFields` its class includes (a game listing phases
    at a pause point; the caller knows it does)."""
    return cast("ResumeFields", state)


def lists_phases_at(variant: Variant, when: When) -> bool:
    """True if ``variant`` lists a phase that runs at ``when``.

    >>> import cardrules
    >>> from cardrules.engine.turns import When
    >>> lists_phases_at(cardrules.load("hearts").variant, When.BETWEEN_TURNS)
    False
    """
    for entry in variant.phases:
        phase = find_phase(entry.name)
        if phase.timing(phase.settings(entry.section)) is when:
            return True
    return False
