"""``python -m cardrules.bench.bots``: whole matches between two bots, seats swapped.

Bot A (``--bots A,B``) takes each seat in turn and bot B every other seat; match ``k``
(from 0) seats A at ``k mod players`` and deals from the seed derived from ``--seed``
and ``k // players``, so each deal order is played once with A in every seat.  A *win*
is A's seat among the match winners; the win rate is printed with its Wilson 95%
interval, next to the share a bot of equal strength would get (1/players).  Besides the
registered bots, ``sighted[:N]`` is a search bot that sees every card: a ceiling on what
any bot could reach against the same opponents, for measurement only; ``sighted-hands[:N]``
sees every hand but not the stock's order, a ceiling on what inferring the hidden hands
could bring.

With ``--deals`` single deals are played instead of matches.  ``--workers`` spreads the
games over processes (the figures do not change with it).

    python -m cardrules.bench.bots bura --players 2 --bots ismcts,greedy --games 100
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, cast

import attrs

import cardrules
from cardrules.actions import Action
from cardrules.engine import state_codec
from cardrules.engine.game import derive_seed
from cardrules.engine.information import Information
from cardrules.engine.match import MatchState
from cardrules.engine.seeding import MAX_SEED
from cardrules.engine.state import State
from cardrules.engine.views import View
from cardrules.tools import limits
from cardrules.tools.bots import drive, make_bot, search_bot

__all__ = ["Duel", "duel", "main", "wilson"]


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default), as fractions.

    >>> low, high = wilson(65, 100)
    >>> round(low, 3), round(high, 3)
    (0.553, 0.736)
    """
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return (centre - spread) / scale, (centre + spread) / scale


@attrs.frozen(kw_only=True)
class Duel:
    """The outcome of :func:`duel`."""

    variant: str
    """The variant played."""
    players: int
    """Seats at the table."""
    bots: tuple[str, str]
    """Bot A (one seat) and bot B (the others)."""
    games: int
    """Matches (or deals) played."""
    wins: float
    """Games A won (a tie among the winners counts as a share)."""
    seconds_per_move: float
    """Mean CPU seconds A took per decision with two or more legal actions (CPU time, so
    that other work on the machine does not inflate it)."""
    match: bool
    """Whole matches (True) or single deals."""

    @property
    def rate(self) -> float:
        """A's win rate."""
        return self.wins / self.games if self.games else 0.0

    def line(self) -> str:
        """One line of text for a table."""
        low, high = wilson(self.wins, self.games)
        what = "matches" if self.match else "deals"
        return (f"{self.variant} {self.players}p {self.bots[0]} vs {self.bots[1]}: "
                f"{self.rate:.1%} [{low:.1%}, {high:.1%}] of {self.games} {what} "
                f"(equal strength {1 / self.players:.0%}); "
                f"{self.seconds_per_move * 1000:.0f} ms CPU per real decision")


class _Sighted:
    """A search bot that sees every card (its samples are the true state), or with
    ``hands`` every hand but not the order of the stock or other face-down places (only
    those are re-dealt): ceilings on what search can reach, for measurement only
    (``sighted[:N]``, ``sighted-hands[:N]``, with the search bot's options)."""

    def __init__(self, spec: str, *, hands: bool) -> None:
        self.bot = search_bot(spec)
        self.hands = hands

    def choose(self, view: View, legal: Sequence[Any], rng: Any) -> Any:
        return legal[0]

    def decide(self, info: Information, rng: random.Random) -> Action:
        seeing = _SeeHands if self.hands else _SeeAll
        return self.bot.decide(seeing(player=info.player, view=info.view, legal=info.legal,
                                      game=info.game, truth=info._truth), rng)


class _SeeAll(Information):
    """Information whose every sample is the true state."""

    def sample(self, rng: random.Random) -> State:
        return self._truth


class _SeeHands(Information):
    """Information whose samples keep every hand as it is: only the cards in other
    hidden places (the stock...) are re-dealt, and a match gets a new seed."""

    def sample(self, rng: random.Random) -> State:
        truth = self._truth
        deal = truth.deal if isinstance(truth, MatchState) else truth
        hands = 0
        for zone, mask in deal.zones().items():
            if zone.startswith("hand"):
                hands |= mask
        dealt: State = state_codec.resample(cast(Any, deal), self.player, rng, kept=hands)
        if not isinstance(truth, MatchState):
            return dealt
        return MatchState._make(
            truth.game, seed=rng.randint(0, MAX_SEED), index=truth.deal_index,
            dealer=truth._dealer, totals=truth.totals, history=truth._history,
            carry=truth._carry, deal=dealt, events=truth._events, result=truth._result)


def _bot(name: str) -> Any:
    """A bot by name, or the measuring-only ``sighted[:N]`` and ``sighted-hands[:N]``."""
    base, _, spec = name.partition(":")
    if base in ("sighted", "sighted-hands"):
        return _Sighted(spec, hands=base == "sighted-hands")
    return make_bot(name)


def _one(task: tuple[str, int, str, str, int, int, bool]) -> tuple[float, float, int]:
    """Play game ``k``: (A's share of the win, A's search seconds, A's real decisions)."""
    variant, players, a, b, seed, k, match = task
    game = cardrules.load(variant, players=players)
    seat = k % players
    timed = _Timed(_bot(a))
    bots = [timed if s == seat else _bot(b) for s in range(players)]
    state, _, results, _ = drive(game, bots, derive_seed(seed, "duel", k // players),
                                 match=match)
    result = state.result if match else results[-1]
    assert result is not None
    winners = result.winners
    share = 1 / len(winners) if seat in winners else 0.0
    return share, timed.seconds, timed.decisions


class _Timed:
    """A bot wrapper that times the decisions with a real choice."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.seconds, self.decisions = bot, 0.0, 0
        if hasattr(bot, "decide"):
            self.decide = self._decide

    def choose(self, view: View, legal: Sequence[Any], rng: Any) -> Any:
        start = time.process_time()
        out = self.bot.choose(view, legal, rng)
        self._count(len(legal), start)
        return out

    def _decide(self, info: Any, rng: Any) -> Any:
        start = time.process_time()
        out = self.bot.decide(info, rng)
        self._count(len(info.legal), start)
        return out

    def _count(self, options: int, start: float) -> None:
        if options > 1:
            self.seconds += time.process_time() - start
            self.decisions += 1


def duel(variant: str, *, players: int, bots: tuple[str, str], games: int, seed: int = 1,
         match: bool = True, workers: int = 1, progress: bool = False) -> Duel:
    """Play ``games`` matches (or deals) of bot A against bot B, A in each seat in turn
    (with ``progress``, one worker: a running tally on standard error after each)."""
    tasks = [(variant, players, bots[0], bots[1], seed, k, match) for k in range(games)]
    if workers > 1:
        with ProcessPoolExecutor(limits.workers_for(workers, tasks=len(tasks))) as pool:
            outcomes = list(pool.map(_one, tasks, chunksize=1))
    else:
        outcomes = []
        for task in tasks:
            outcomes.append(_one(task))
            if progress:
                won = sum(o[0] for o in outcomes)
                low, high = wilson(won, len(outcomes))
                print(f"{len(outcomes)}/{games}: {won:g} won, {won / len(outcomes):.1%} "
                      f"[{low:.1%}, {high:.1%}]", file=sys.stderr, flush=True)
    decisions = sum(o[2] for o in outcomes)
    return Duel(variant=variant, players=players, bots=bots, games=games,
                wins=sum(o[0] for o in outcomes),
                seconds_per_move=sum(o[1] for o in outcomes) / max(decisions, 1), match=match)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardrules.bench.bots", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("variant")
    parser.add_argument("--players", type=limits.players, default=2)
    parser.add_argument("--bots", default="ismcts,greedy", help="bot A, bot B")
    parser.add_argument("--games", type=limits.games, default=20, help="matches (or deals)")
    parser.add_argument("--seed", type=limits.seed, default=1,
                        help=f"seed (0 to {limits.MAX_SEED})")
    parser.add_argument("--deals", action="store_true", help="single deals, not matches")
    parser.add_argument("--workers", type=limits.workers, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--progress", action="store_true",
                        help="a running tally on standard error after each game (one worker)")
    args = parser.parse_args(argv)
    a, _, b = args.bots.partition(",")
    outcome = duel(args.variant, players=args.players, bots=(a, b or "greedy"),
                   games=args.games, seed=args.seed, match=not args.deals,
                   workers=args.workers, progress=args.progress)
    if args.json:
        low, high = wilson(outcome.wins, outcome.games)
        print(json.dumps({**attrs.asdict(outcome), "rate": outcome.rate,
                          "interval": [low, high]}))
    else:
        print(outcome.line())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
