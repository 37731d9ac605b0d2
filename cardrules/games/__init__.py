"""Per-game hook modules: the only place where game-specific Python lives."""

from cardrules.games import bank as bank
from cardrules.games import gin_rummy as gin_rummy
from cardrules.games import tysyacha as tysyacha

__all__ = ["bank", "gin_rummy", "tysyacha"]
