"""The search bot's cost: CPU seconds per searched move at each ``cardrules play`` level
and iterations per second (``python -m cardrules.bench --search``).

Positions are taken from random deals: every decision with two or more legal actions
within the first ``moves`` actions of ``deals`` deals, searched from the seat's
:class:`~cardrules.engine.information.Information`.  Times are CPU times of this process, so
other work on the machine does not inflate them.
"""

from __future__ import annotations

import random
import time
from typing import Any

import cardrules
from cardrules.engine.information import Information
from cardrules.engine.state import State
from cardrules.tools.bots import make_bot
from cardrules.tools.search import SearchBot

__all__ = ["positions", "search_costs"]


def positions(game: cardrules.Game, *, deals: int, moves: int, seed: int) -> list[State]:
    """Decisions with a real choice from the first ``moves`` actions of random deals."""
    rng = random.Random(seed)
    found = []
    for k in range(deals):
        state = game.new_deal(seed=seed + k)
        for _ in range(moves):
            if state.is_over:
                break
            legal = state.legal_actions()
            if len(legal) > 1:
                found.append(state)
            state = state.apply(legal[rng.randrange(len(legal))])
    return found


def search_costs(variant: str, players: int, levels: dict[str, str], *, deals: int = 2,
                 moves: int = 12, seed: int = 1) -> list[dict[str, Any]]:
    """Per level: CPU seconds per searched move and iterations per CPU second."""
    game = cardrules.load(variant, players=players)
    found = positions(game, deals=deals, moves=moves, seed=seed)
    rows = []
    for level, name in levels.items():
        bot = make_bot(name)
        if not isinstance(bot, SearchBot):
            continue
        rng = random.Random(seed)
        cpu, iterations = 0.0, 0
        for state in found:
            start = time.process_time()
            report = bot.search(Information.of(state), rng)
            cpu += time.process_time() - start
            iterations += report.iterations
        rows.append({"game": f"{variant} {players}p", "level": level, "bot": name,
                     "moves": len(found), "seconds_per_move": cpu / max(len(found), 1),
                     "iterations_per_s": iterations / cpu if cpu else 0.0})
    return rows
