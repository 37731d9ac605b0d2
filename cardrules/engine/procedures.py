"""Play procedures: plug-ins registered by the name a rule file gives in ``play.procedure``.

A procedure is a :class:`Procedure` object whose methods build the compiled tables of a
variant, deal, read states back, set up explicit positions, re-sample hidden cards and
list the observation fields.  The built-in procedures are imported on first use;
third-party ones register through the entry-point group ``cardrules.procedures`` (each
entry point names a :class:`Procedure` object) or by calling :func:`register`.

>>> sorted(known())[:3]
['bouts', 'shedding', 'tricks']
>>> find("nope")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
KeyError: "unknown procedure 'nope'; known procedures: bouts, shedding, tricks..."
"""

from __future__ import annotations

import abc
import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardrules.engine.fields import declared
from cardrules.engine.registry import Registry
from cardrules.engine.standings import Partnerships, alone
from cardrules.engine.state_codec import declarable_zones, spelled_out

if TYPE_CHECKING:
    from cardrules.actions import Action
    from cardrules.engine.game import Game
    from cardrules.engine.observation import Field
    from cardrules.engine.state import DealContext, State
    from cardrules.model.common import Visibility

__all__ = ["Procedure", "find", "known", "register"]


class Procedure(abc.ABC):
    """How a play procedure plugs into :class:`~cardrules.engine.game.Game`.  Subclasses are
    plain module-level classes (so games and states pickle)."""

    name: str = ""
    """The name rule files use."""
    state_class: type
    """The class of its deal states (a game adds its listed phases' fields to it)."""
    play_rules: type
    """The record its ``play:`` section is read into."""
    scoring_rules: type
    """The record its ``scoring:`` section is read into."""
    deals_after_phases: bool = False
    """Its deal states can run listed phases before the cards are dealt (they deal on
    ``_deal_cards()``, see :mod:`cardrules.engine.flow`); a game of a procedure without it may
    list only phases that run after the deal."""
    play_schema: Mapping[str, Any] | None = None
    """The JSON Schema of its ``play:`` section (``procedure`` included), checked when a
    rule file loads, with each problem located in the file; None for the shipped
    procedures, whose sections the shipped ``schemas/`` check."""

    @abc.abstractmethod
    def compile(self, game: Game) -> Any:
        """Build the lookup tables of a loaded variant."""

    @abc.abstractmethod
    def new_deal(self, game: Game, context: DealContext) -> State:
        """A freshly shuffled deal."""

    @abc.abstractmethod
    def from_json(self, game: Game, data: dict[str, Any]) -> State:
        """Read a state back from JSON."""

    @abc.abstractmethod
    def arrange(self, game: Game, **position: Any) -> State:
        """A position given explicitly by the procedure's own keywords, not yet checked."""

    def setup(self, game: Game, **position: Any) -> State:
        """A position given explicitly (:meth:`arrange`), checked as a state read from
        JSON is (seats, steps, lengths, cards that add up, a player to move who holds
        cards).  Fields the listed phases declare (``bids``, say) may be given too, in
        their JSON form."""
        own = {d.name for phase, _ in game.phases if phase.fields is not None
               for d in declared(phase.fields)}
        extra = {k: v for k, v in position.items() if k in own}
        data = self.arrange(game, **{k: v for k, v in position.items()
                                     if k not in own}).to_json()
        data.update(spelled_out(game.state_class, extra))
        return self.from_json(game, data)

    def refusals(self, game: Game) -> tuple[Callable[[Any, Action], str | None], ...]:
        """Checks built from the family's own legality hooks (its hook points that refuse
        actions, such as whether a player may go out), each giving why an action the
        rules allow is refused (or None); none when the game names none of them."""
        return ()

    def field_mixins(self, variant: Any) -> tuple[type, ...]:
        """Field mixins (like a phase's) that the state class of a game of ``variant``
        adds to :attr:`state_class`: fields only some games need; none by default."""
        return ()

    def move_scorer(self, view: dict[str, Any],
                    legal: Sequence[Action]) -> Callable[[Action], float] | None:
        """The procedure's move heuristic for play, read from the acting seat's ``view``
        (with a ``pack`` entry of public card facts, see :mod:`cardrules.engine.heuristics`):
        a score per legal action, higher is better.  None (the default): no heuristic,
        every move alike."""
        return None

    def rollout_policy(self, game: Game) -> Callable[[Any, random.Random], Action] | None:
        """A cheap play-out policy for the search bot in ``game``: a function of a
        (determinized) state of play and a generator that returns one of its legal
        actions, closer to real play than a uniformly random one.  None (the default):
        the search plays out at random."""
        return None

    @abc.abstractmethod
    def resample(self, state: Any, player: int, rng: random.Random) -> State:
        """A state the player cannot tell apart: hidden cards re-dealt at random."""

    @abc.abstractmethod
    def observation_fields(self, game: Game) -> tuple[Field, ...]:
        """The fields of a view that a learning agent's observation encodes."""

    def zones(self) -> dict[str, tuple[Visibility, ...]]:
        """Zone name -> the visibilities a rule file may declare for it (each honoured by
        views, events, legal actions and re-sampling), from the state class's
        declarations."""
        return declarable_zones(self.state_class)

    @abc.abstractmethod
    def move_limit(self, game: Game) -> int:
        """The most actions a deal of ``game`` can take under its rules: a bound derived
        from the pack, the players and the rules, past which a deal is stuck in a loop."""

    def partnerships(self, game: Game) -> Partnerships:
        """Who plays together, each partnership a tuple of seats; by default everyone
        plays alone."""
        return alone(game.players)


REGISTRY: Registry[Procedure] = Registry(
    what="procedure", kind=Procedure, group="cardrules.procedures",
    built_in=("cardrules.families.shedding.procedure", "cardrules.families.tricks.procedure",
              "cardrules.families.bouts.procedure"))
"""The procedures by name (the built-in ones are imported on first use)."""
register = REGISTRY.register
known = REGISTRY.known
find = REGISTRY.find
