"""Per-game hook modules: the only place where game-specific Python lives."""

from cardrules.games import bank as bank

__all__ = ["bank"]
