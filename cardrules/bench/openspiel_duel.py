"""``python -m cardrules.bench.openspiel_duel``: the search bot against OpenSpiel's ISMCTS.

Both play single deals of the ``python_cardrules`` OpenSpiel game with the same number
of iterations per move: cardrules' :class:`~cardrules.tools.search.SearchBot` (``--bot``,
default ``ismcts:N``) on the deal the adapter holds, through
:class:`~cardrules.engine.information.Information`; OpenSpiel's Python ``ISMCTSBot`` (UCT
constant 2, unlimited worlds, the most visited move) through the adapter, drawing its
worlds with ``resample_from_infostate`` and evaluating leaves with
:class:`~cardrules.adapters.openspiel_search.PlayoutEvaluator`.  Deal ``k`` seats the
cardrules bot at ``k mod players``; deals ``k`` of one round share the shuffle.  Prints
the cardrules bot's win rate (OpenSpiel's returns: a share of the win on a tie) with a
Wilson 95% interval, and each bot's CPU time per iteration.

    python -m cardrules.bench.openspiel_duel bura --iterations 300 --deals 40
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

import cardrules.adapters.openspiel  # noqa: F401  (registers python_cardrules)
from cardrules.adapters.openspiel_search import PlayoutEvaluator, seeded_resampler
from cardrules.bench.bots import wilson
from cardrules.engine.game import derive_seed
from cardrules.engine.information import Information
from cardrules.tools import limits
from cardrules.tools.bots import make_bot
from cardrules.tools.search import SearchBot

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardrules.bench.openspiel_duel",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("variant")
    parser.add_argument("--players", type=limits.players, default=2)
    parser.add_argument("--iterations", type=limits.whole(1, limits.MAX_ITERATIONS), default=300)
    parser.add_argument("--bot", help="the cardrules bot (default ismcts:ITERATIONS)")
    parser.add_argument("--deals", type=limits.games, default=20)
    parser.add_argument("--seed", type=limits.seed, default=1,
                        help=f"seed (0 to {limits.MAX_SEED})")
    args = parser.parse_args(argv)
    game = pyspiel.load_game("python_cardrules", {"variant": args.variant,
                                                  "players": args.players})
    wins = 0.0
    ours_cpu = theirs_cpu = 0.0
    ours_iterations = theirs_iterations = 0
    for k in range(args.deals):
        seat = k % args.players
        deal_seed = derive_seed(args.seed, "openspiel-duel", k // args.players)
        chance = random.Random(deal_seed)
        state = game.new_initial_state()
        while state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            state.apply_action(outcomes[chance.randrange(len(outcomes))])
        bot = make_bot(args.bot or f"ismcts:{args.iterations}")
        assert isinstance(bot, SearchBot)
        rng = random.Random(derive_seed(deal_seed, "ours", seat))
        theirs = ismcts.ISMCTSBot(game, PlayoutEvaluator(seed=k), 2.0, args.iterations,
                                  random_state=np.random.RandomState(k))
        theirs.set_resampler(seeded_resampler(k))
        space = game.rules.action_space
        while not state.is_terminal():
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply_action(legal[0])
                continue
            start = time.process_time()
            if state.current_player() == seat:
                report = bot.search(Information.of(state.deal), rng)
                action = space.index(report.action)
                ours_cpu += time.process_time() - start
                ours_iterations += report.iterations
            else:
                action = int(theirs.step(state))
                theirs_cpu += time.process_time() - start
                theirs_iterations += args.iterations
            state.apply_action(action)
        returns = state.returns()
        best = max(returns)
        if returns[seat] == best and best > min(returns):
            wins += 1 / sum(1 for r in returns if r == best)
        elif best == min(returns):
            wins += 1 / args.players
        print(f"{k + 1}/{args.deals}: {wins:g} won; CPU per iteration: cardrules "
              f"{ours_cpu / max(ours_iterations, 1) * 1e6:.0f} us, OpenSpiel "
              f"{theirs_cpu / max(theirs_iterations, 1) * 1e6:.0f} us", file=sys.stderr,
              flush=True)
    low, high = wilson(wins, args.deals)
    print(f"{args.variant} {args.players}p, {args.iterations} iterations a move: cardrules "
          f"{args.bot or 'ismcts'} wins {wins / args.deals:.1%} [{low:.1%}, {high:.1%}] of "
          f"{args.deals} deals against OpenSpiel ISMCTS; CPU per iteration: cardrules "
          f"{ours_cpu / max(ours_iterations, 1) * 1e6:.0f} us, OpenSpiel "
          f"{theirs_cpu / max(theirs_iterations, 1) * 1e6:.0f} us")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
