"""One check of a state's consistency, for every state that does not come from play.

A state read from JSON (``game.state_from_json``), set up by hand (``game.setup``,
``game.position``, ``game.setup_match``) or, with ``CARDRULES_CHECK=1`` in the
environment, made by any action, is checked here after its procedure has read it back
(each procedure checks its own fields: ranges, cards that add up, a trick that agrees
with its step).  What every state of every procedure and phase must also satisfy:

- its ``stage`` names a listed phase, or none (-1), and a phase at work admits the state
  (:meth:`~cardrules.phases.Phase.inconsistency`);
- while a phase before the deal is at work, no hand holds a card yet;
- a state that is not over offers a legal action, every view can be built, and every
  legal action applies (a *probe*: whatever the procedures' own checks did not think of,
  a state that breaks the engine is refused here instead of failing later).

Any failure is a :class:`~cardrules.errors.StateError` naming what is wrong.

>>> import cardrules
>>> game = cardrules.load("hearts", players=4)
>>> data = game.new_deal(seed=1).to_json()
>>> data["stage"] = 7
>>> game.state_from_json(data)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardrules.errors.StateError: stage 7 names no listed phase: this game lists 1, so the ...
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from cardrules.engine.fields import Stage, declared
from cardrules.engine.phased import bind
from cardrules.engine.turns import When
from cardrules.errors import CardrulesError, StateError

if TYPE_CHECKING:
    from cardrules.actions import Action
    from cardrules.engine.flow import StagedGame
    from cardrules.engine.views import View


class Checked(Protocol):
    """What the checks read of a state (every :class:`~cardrules.engine.state.State` is
    one)."""

    @property
    def game(self) -> StagedGame: ...

    @property
    def current_player(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def result(self) -> object: ...

    def legal_actions(self) -> tuple[Action, ...]: ...

    def view(self, player: int) -> View: ...

    def zones(self) -> dict[str, int]: ...

    def describe(self, action: Action) -> str: ...

    def apply(self, action: Action) -> object: ...


S = TypeVar("S", bound=Checked)

__all__ = ["EVERY_STATE", "checked", "structure"]

EVERY_STATE = os.environ.get("CARDRULES_CHECK", "") == "1"
"""Check the structure of every state an action makes (``CARDRULES_CHECK=1``): slow,
for debugging a procedure or a phase.  Read when a game is loaded (its
``check_states``), so that a step asks the game, not this module."""


def checked(state: S) -> S:
    """``state`` itself once it passes every check above; a :class:`StateError` naming
    the first that fails."""
    structure(state)
    _probe(state)
    return state


def structure(state: Checked) -> None:
    """The checks of the stage, the phase at work and the hands before the deal (cheap:
    no action is applied); a :class:`StateError` naming the first that fails.  A match
    is checked through its current deal."""
    deal = getattr(state, "deal", None)
    if deal is not None and deal is not state:
        structure(deal)
        return
    stage = _stage(state)
    if stage is None:
        return
    game = state.game
    phases = game.phases
    if not -1 <= stage < len(phases):
        allowed = f"-1 (play has begun) or 0 to {len(phases) - 1}" if phases else "-1"
        raise StateError(f"stage {stage} names no listed phase: this game lists "
                         f"{len(phases)}, so the stage is {allowed}")
    if stage < 0:
        return
    phase, settings = phases[stage]
    wrong = phase.inconsistency(bind(state), settings)
    if wrong:
        raise StateError(f"the {phase.name.replace('_', ' ')} phase cannot be at work: {wrong}")
    if game.timings[stage] is When.BETWEEN_DEALS and not getattr(state, "deal_number", 0):
        raise StateError(f"the {phase.name.replace('_', ' ')} phase runs between deals, but "
                         f"this is the first deal of its match (or a single deal)")
    if stage < game.dealt_at:
        dealt = [name[len("hand"):] for name, mask in state.zones().items()
                 if name.startswith("hand") and name[len("hand"):].isdigit() and mask]
        if dealt:
            raise StateError(f"the {phase.name.replace('_', ' ')} phase runs before the "
                             f"deal, but player {dealt[0]}'s hand holds cards")


def _stage(state: Checked) -> int | None:
    """The value of the state's stage field, or None when its class declares none."""
    for item in declared(type(state)):
        if isinstance(item.kind, Stage):
            value: int = getattr(state, item.attribute)
            return value
    return None


def _probe(state: Checked) -> None:
    """Build every view and the result, and apply every legal action: a state that is
    not over with nothing to do, or one on which the engine fails, is refused."""
    what = "its views"
    try:
        for player in range(state.game.players):
            state.view(player)
        what = "its result"
        if state.is_over:
            _ = state.result
            return
        what = "its legal actions"
        legal = state.legal_actions()
        if not legal:
            who = state.current_player
            raise StateError(
                f"the state is not over but offers player {who} no legal action: give a "
                f"position where the player to act can move (check the hands, the stock "
                f"and whose turn it is)")
        for action in legal:
            what = f"the legal action {state.describe(action)!r}"
            state.apply(action)
    except StateError:
        raise
    except (CardrulesError, ArithmeticError, AttributeError, IndexError, KeyError,
            LookupError, TypeError, ValueError, AssertionError) as exc:
        raise StateError(f"the state does not hold together: {what} fail "
                         f"({type(exc).__name__}: {_first_line(exc)})") from None


def _first_line(exc: BaseException) -> Any:
    text = str(exc).strip().splitlines()
    return text[0][:120] if text else "no message"
