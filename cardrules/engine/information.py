"""What an acting seat knows, handed to bots that search: its view, its legal actions,
and a way to draw whole states it cannot tell from the true one.

A searching bot never receives the state itself.  :meth:`Information.sample` re-deals
every card the seat cannot see (:meth:`cardrules.engine.state.State.resample`), in keeping with
what play has shown the table (a player who could not beat the top holds no card that
beats it: :mod:`cardrules.engine.absences`), so what a bot reads from a sample is either what
the seat may know or made up; and because re-sampling depends only on the seat's
information and the generator, two true states the seat cannot tell apart give the same
samples.

>>> import random
>>> import cardrules
>>> state = cardrules.load("bura", players=2).new_deal(seed=3)
>>> info = Information.of(state)
>>> info.player == state.current_player and info.legal == state.legal_actions()
True
>>> sample = info.sample(random.Random(1))
>>> sample.view(info.player) == state.view(info.player)
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import attrs

from cardrules.actions import Action
from cardrules.errors import CardrulesError

if TYPE_CHECKING:
    from cardrules.engine.state import GameContext, State
    from cardrules.engine.views import View

__all__ = ["Information"]


@attrs.frozen(kw_only=True)
class Information:
    """The acting seat's knowledge of a state (make one with :meth:`of`)."""

    player: int
    """The seat to act."""
    view: View
    """``state.view(player)``: what the seat may know."""
    legal: tuple[Action, ...]
    """The legal actions (never empty)."""
    game: GameContext = attrs.field(repr=False)
    """The game played (rules, pack, procedure: public facts)."""
    _truth: State = attrs.field(alias="truth", repr=False, eq=False)
    """The true state, read only through :meth:`sample`."""

    @classmethod
    def of(cls, state: State) -> Information:
        """The information of the seat to act in ``state`` (a deal or a match)."""
        player = state.current_player
        if player < 0:
            raise CardrulesError("the game is over: nobody is to act")
        return cls(player=player, view=state.view(player), legal=state.legal_actions(),
                   game=state.game, truth=state)

    def sample(self, rng: random.Random) -> State:
        """A state the seat cannot tell from the true one, the cards it cannot see
        re-dealt at random from ``rng`` (a match also gets a new seed for the deals to
        come)."""
        return self._truth.resample(self.player, rng)
