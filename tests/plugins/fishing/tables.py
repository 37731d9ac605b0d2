"""What a state of a fishing game looks up instead of working out."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from cardrules.actions import Action, Kind
from cardrules.engine.action_space import Family, Listed
from cardrules.engine.views import CardNames, seen_by, visibility
from cardrules.model.common import Visibility
from plugins.fishing.model import FishingPlay, FishingScoring

if TYPE_CHECKING:
    from cardrules.engine.game import Game

__all__ = ["FishingTables"]


@attrs.frozen(kw_only=True)
class FishingTables:
    """The compiled rules of a fishing game."""

    play: FishingPlay
    scoring: FishingScoring
    plays: tuple[Action, ...]
    """``play <card>`` for every card, by card."""
    names: CardNames
    hand_seen: tuple[tuple[bool, ...], ...]
    """Per viewer, whose hand they see."""

    @classmethod
    def compile(cls, game: Game) -> FishingTables:
        play, scoring, pack = game.variant.play, game.variant.scoring, game.pack
        assert isinstance(play, FishingPlay) and isinstance(scoring, FishingScoring)
        plays = []
        for card in range(pack.size):
            action = Action(kind=Kind.PLAY, cards=(card,))
            plays.append(attrs.evolve(action, label=action.text(pack)))
        hands = visibility(game.variant.zones, "hand", Visibility.OWNER)
        return cls(play=play, scoring=scoring, plays=tuple(plays), names=CardNames.of(pack),
                   hand_seen=seen_by(hands, game.players))

    def action_families(self) -> tuple[Family, ...]:
        """Every action of the game: one card played."""
        return (Listed(actions=self.plays),)
