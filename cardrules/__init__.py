"""cardrules: play card games from declarative YAML rule files.

>>> import cardrules
>>> game = cardrules.load("bank", players=2)
>>> state = game.new_deal(seed=7)
>>> state.current_player in (0, 1)
True
"""

from cardrules.actions import Action, Kind
from cardrules.engine.events import Event
from cardrules.engine.game import Game
from cardrules.engine.record import GameRecord, replay
from cardrules.engine.state import DealResult, State
from cardrules.errors import (
    CardrulesError,
    IllegalActionError,
    NotationError,
    Problem,
    RecordError,
    StateError,
    VariantError,
)
from cardrules.loader.load import load, load_variant

__all__ = [
    "Action",
    "CardrulesError",
    "DealResult",
    "Event",
    "Game",
    "GameRecord",
    "IllegalActionError",
    "Kind",
    "NotationError",
    "Problem",
    "RecordError",
    "State",
    "StateError",
    "VariantError",
    "load",
    "load_variant",
    "replay",
]

__version__ = "0.1.0"
