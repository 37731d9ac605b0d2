"""Many games played by bots, summarised: wins, scores, game length, first-mover edge.

Game ``i`` is played from ``derive_seed(seed, "game", i)``, so a summary depends only
on its arguments: any number of worker processes gives the same figures.

>>> summary = simulate("bank", players=2, games=20, seed=1, bots=("greedy", "random"))
>>> summary.games, sum(summary.wins) + summary.ties
(20, 20)
>>> summary == simulate("bank", players=2, games=20, seed=1, bots=("greedy", "random"))
True
"""

from __future__ import annotations

import concurrent.futures
import csv
import io
import math
import os
import statistics
import sys
import warnings
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from cardrules.engine import standings
from cardrules.engine.game import Game, check_seed
from cardrules.engine.match import MatchResult
from cardrules.engine.playouts import Playout, play_out
from cardrules.engine.state import State
from cardrules.errors import CardrulesError
from cardrules.loader.load import Source, load
from cardrules.model.match import Goal
from cardrules.tools.bots import GreedyBot, RandomBot, bot_policy, make_bot
from cardrules.tools.limits import MAX_GAMES, check_workers, workers_for
from cardrules.tools.sanitize import rewrite_line

__all__ = ["GameStats", "Summary", "play_games", "play_one", "simulate", "sole_loser",
           "wilson"]


@attrs.frozen(kw_only=True)
class GameStats:
    """The figures of one simulated game (a deal or a match)."""

    actions: tuple[int, ...]
    """Actions taken in each deal."""
    scores: tuple[int, ...]
    """Deal results (single deal) or match totals."""
    winners: tuple[int, ...]
    """The winners in first place, as the result gives them (see
    :attr:`~cardrules.engine.state.DealResult.leaders`): one seat, one partnership, or several
    on a tie; none when nobody won."""
    team: tuple[int, ...]
    """The partnership (one seat in games played alone) that won alone, or ``()`` on a
    tie or when nobody won."""
    starters: tuple[tuple[int, bool], ...]
    """Per deal: who moved first and whether their partnership won that deal alone."""
    payouts: tuple[int, ...] = ()
    """Pot shares (pot games only)."""
    loser: tuple[int, ...] = ()
    """The partnership (one seat in games played alone) that alone did not win while the
    others did: the loser of a game that names one (Durak's durak), or ``()``."""
    starter_lost: tuple[bool, ...] = ()
    """Per deal: whether the partnership of the player who moved first lost it alone."""


@attrs.frozen(kw_only=True)
class Summary:
    """What :func:`simulate` found."""

    variant: str
    """The variant's name or file."""
    players: int
    """Players per game."""
    seed: int
    """The seed of the whole run."""
    bots: tuple[str, ...]
    """The bot of each seat."""
    options: Mapping[str, Any]
    """Every option's value in force."""
    match: bool
    """Whole matches (True) or single deals."""
    games: int
    """Games played."""
    deals: int
    """Deals played in all."""
    total_actions: int
    """Actions taken in all."""
    mean_actions: float
    """Mean actions per deal."""
    median_actions: float
    """Median actions per deal."""
    deals_per_match: float | None
    """Mean deals per match (matches only)."""
    wins: tuple[int, ...]
    """Games each seat won, alone or with its partners as the one winning partnership:
    the best deal result (the lowest when the goal is to avoid a losing total or the
    lowest total wins), or the match's winner (of several winners, the one with the best
    total).  The engine decides
    (``result.winning_team``); partners share each win, so in a partnership game the
    seats of one partnership have equal wins."""
    ties: int
    """Games without a sole winning seat or partnership."""
    losses: tuple[int, ...]
    """Games each seat lost as the one partnership that did not win while the others did
    (partners share each loss): what to read in a game whose goal names a loser, where
    several players win together and nobody wins alone."""
    names_loser: bool
    """The match goal designates a loser (``avoid_losing_total``): the table shows the
    losses."""
    no_sole_loser: int
    """Games without a sole losing seat or partnership."""
    loss_interval: tuple[tuple[float, float], ...] = ()
    """95% Wilson confidence interval of each seat's loss rate (``losses / games``)."""
    starter_loss_rate: float = 0.0
    """How often the player who moved first in a deal lost it alone."""
    starter_loss_interval: tuple[float, float] = (0.0, 1.0)
    """95% Wilson interval of ``starter_loss_rate``."""
    partnerships: tuple[tuple[int, ...], ...]
    """Who plays together (one partnership per seat when everyone plays alone)."""
    win_rate: tuple[float, ...]
    """``wins / games`` per seat."""
    win_interval: tuple[tuple[float, float], ...]
    """95% Wilson confidence interval of each seat's win rate."""
    mean_score: tuple[float, ...]
    """Mean deal result (or match total) per seat."""
    starter_win_rate: float
    """How often the player who moved first in a deal won it (their partnership alone
    had the best result)."""
    starter_interval: tuple[float, float]
    """95% Wilson interval of ``starter_win_rate`` (compare with one in the number of
    partnerships: ``1 / players`` when everyone plays alone)."""
    mean_payout: tuple[float, ...] | None
    """Mean pot share per seat (pot games only)."""

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form (no timings: equal runs give equal output)."""
        out = attrs.asdict(self, recurse=False)
        out["options"] = dict(self.options)
        for key, value in out.items():
            if isinstance(value, tuple):
                out[key] = [list(v) if isinstance(v, tuple) else v for v in value]
        out["first_mover_edge"] = round(self.starter_win_rate - 1 / len(self.partnerships), 6)
        return out

    def to_csv(self) -> str:
        """One row per seat: bot, wins, win rate with interval, mean score (and payout)."""
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(["seat", "bot", "games", "wins", "ties", "win_rate", "win_low",
                         "win_high", "mean_score", "mean_payout", "losses"])
        for seat in range(self.players):
            low, high = self.win_interval[seat]
            payout = "" if self.mean_payout is None else self.mean_payout[seat]
            writer.writerow([seat, self.bots[seat], self.games, self.wins[seat], self.ties,
                             self.win_rate[seat], low, high, self.mean_score[seat], payout,
                             self.losses[seat]])
        return buffer.getvalue()


def wilson(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson score interval of a proportion (95% by default).

    >>> wilson(0, 0)
    (0.0, 1.0)
    >>> low, high = wilson(50, 100)
    >>> round(low, 3), round(high, 3)
    (0.404, 0.596)
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def play_one(game: Game, bots: Sequence[str], seed: int, index: int, match: bool) -> GameStats:
    """Play game ``index`` of a run from ``seed`` and keep its figures (game ``index`` of
    a batch of play-outs, :func:`cardrules.engine.playouts.play_out`, each seat choosing
    as its bot does)."""
    return play_games(game, bots, seed, range(index, index + 1), match)[0]


def play_games(game: Game, bots: Sequence[str], seed: int, games: range,
               match: bool) -> list[GameStats]:
    """Play games ``games`` (consecutive numbers) of a run from ``seed`` and keep their
    figures: one batch of play-outs (:func:`cardrules.engine.playouts.play_out`) when
    every bot keeps nothing from one move to the next (random and greedy), else one
    play-out per game with new bots.

    >>> import cardrules
    >>> game = cardrules.load("bank", players=2)
    >>> batch = play_games(game, ("greedy", "random"), 3, range(4, 7), False)
    >>> batch == [play_one(game, ("greedy", "random"), 3, i, False) for i in range(4, 7)]
    True
    """
    if len(bots) != game.players:
        raise CardrulesError(f"give one bot per seat: {game.players} bots, not {len(bots)}")
    if games.step != 1:
        raise CardrulesError(f"play consecutive games, not every {games.step}th")
    if not games:
        return []
    made = [make_bot(b) for b in bots]
    if all(type(bot) in (RandomBot, GreedyBot) for bot in made):
        played = play_out(game, games=len(games), seed=seed, first=games.start, match=match,
                          policy=[bot_policy(bot) for bot in made])
    else:
        played = tuple(play_out(game, games=1, seed=seed, first=index, match=match,
                                policy=[bot_policy(make_bot(b)) for b in bots])[0]
                       for index in games)
    return [_stats(one) for one in played]


def _stats(played: Playout) -> GameStats:
    """The figures of one game played out."""
    results, lengths = played.deals, played.lengths
    starters = tuple((r.starter, r.starter in r.winning_team) for r in results)
    lost = tuple(r.starter in sole_loser(r.winners, r.partnerships) for r in results)
    outcome = played.result
    if isinstance(outcome, MatchResult):
        return GameStats(actions=tuple(lengths), scores=outcome.totals,
                         winners=outcome.leaders, team=outcome.winning_team,
                         starters=starters, payouts=outcome.payouts,
                         loser=sole_loser(outcome.winners, outcome.partnerships),
                         starter_lost=lost)
    return GameStats(actions=tuple(lengths), scores=outcome.scores, winners=outcome.leaders,
                     team=outcome.winning_team, starters=starters,
                     loser=sole_loser(outcome.winners, outcome.partnerships),
                     starter_lost=lost)


def sole_loser(winners: Sequence[int], partnerships: Sequence[tuple[int, ...]],
               ) -> tuple[int, ...]:
    """The one partnership that has no winner while another has, or ``()``.

    >>> sole_loser((1, 2), ((0,), (1,), (2,)))
    (0,)
    >>> sole_loser((0,), ((0,), (1,), (2,))), sole_loser((), ((0,), (1,)))
    ((), ())
    """
    if not winners:
        return ()
    losing = [team for team in partnerships if not set(team) & set(winners)]
    return losing[0] if len(losing) == 1 else ()


def winners_of(game: Game, state: State) -> tuple[int, ...]:
    """Deprecated: read ``state.result.leaders`` (the engine decides who won).

    The winners in first place of a finished deal or match, as its result gives them;
    none for a state not over.
    """
    warnings.warn("winners_of is deprecated: read state.result.leaders", DeprecationWarning,
                  stacklevel=2)
    outcome = state.result
    return outcome.leaders if outcome is not None else ()


def lower_is_better(game: Game) -> bool:
    """True when the variant's goal makes low deal results good (a losing total, or the
    lowest total winning)."""
    return standings.lower_is_better(game.variant.match.goal)


def _chunk(source: Source, players: int, options: Mapping[str, object] | None,
           bots: Sequence[str], seed: int, match: bool, indices: range) -> list[GameStats]:
    game = load(source, players=players, options=options)
    return play_games(game, bots, seed, indices, match)


def simulate(source: Source, *, players: int, games: int, seed: int,
             options: Mapping[str, object] | None = None,
             bots: Sequence[str] | None = None, match: bool = False, workers: int = 1,
             progress: bool | None = None) -> Summary:
    """Play ``games`` games of ``source`` with the named bots (one per seat; default random).

    ``workers`` > 1 plays chunks of games in a process pool (of at most
    :data:`~cardrules.tools.limits.MAX_WORKERS` processes, and no more than there are
    chunks); the summary is the same.
    ``progress``: draw a progress bar on stderr (None: when stderr is a terminal and the
    run is long).
    """
    bot_names = tuple(bots) if bots is not None else ("random",) * players
    if len(bot_names) != players:
        raise CardrulesError(f"give one bot per seat: {players} bots, not {len(bot_names)}")
    for name in bot_names:
        make_bot(name)
    if not 1 <= games <= MAX_GAMES:
        raise CardrulesError(f"games: a whole number from 1 to {MAX_GAMES}, not {games}")
    check_workers(workers)
    check_seed(seed)
    game = load(source, players=players, options=options)
    if progress is None:
        progress = games >= 200 and sys.stderr.isatty()
    bar = ProgressBar(games) if progress else None
    stats: list[GameStats] = []
    if workers <= 1:
        for start in range(0, games, 10):  # batches of ten, the progress shown after each
            stats.extend(play_games(game, bot_names, seed, range(start, min(start + 10, games)),
                                    match))
            if bar is not None:
                bar.show(len(stats))
    else:
        source_arg: Source = dict(source) if isinstance(source, Mapping) else source
        size = max(1, min(250, math.ceil(games / (workers * 4))))
        chunks = [range(start, min(start + size, games)) for start in range(0, games, size)]
        with concurrent.futures.ProcessPoolExecutor(
                max_workers=workers_for(workers, tasks=len(chunks))) as pool:
            futures = [pool.submit(_chunk, source_arg, players, options, bot_names, seed, match,
                                   chunk) for chunk in chunks]
            done = 0
            for future in concurrent.futures.as_completed(futures):
                done += len(chunks[futures.index(future)])
                if bar is not None:
                    bar.show(done)
            for future in futures:
                stats.extend(future.result())
    if bar is not None:
        bar.close()
    return summarise(game, stats, seed=seed, bots=bot_names, match=match)


def summarise(game: Game, stats: Sequence[GameStats], *, seed: int, bots: tuple[str, ...],
              match: bool) -> Summary:
    """A :class:`Summary` of games played in ``game`` (in game order)."""
    n, count = game.players, len(stats)
    lengths = [k for s in stats for k in s.actions]
    wins, losses = [0] * n, [0] * n
    ties = unlost = 0
    for s in stats:
        for seat in s.team:
            wins[seat] += 1
        if not s.team:
            ties += 1
        for seat in s.loser:
            losses[seat] += 1
        if not s.loser:
            unlost += 1
    starters = [won for s in stats for _, won in s.starters]
    starters_lost = [lost for s in stats for lost in s.starter_lost]
    paid = [s.payouts for s in stats if s.payouts]
    return Summary(
        variant=game.source, players=n, seed=seed, bots=bots, options=dict(game.options),
        match=match, games=count, deals=len(lengths), total_actions=sum(lengths),
        mean_actions=_round(sum(lengths) / len(lengths)),
        median_actions=float(statistics.median(lengths)),
        deals_per_match=_round(len(lengths) / count) if match else None,
        wins=tuple(wins), ties=ties, losses=tuple(losses),
        names_loser=game.variant.match.goal is Goal.AVOID_LOSING_TOTAL, no_sole_loser=unlost,
        loss_interval=tuple(_interval(k, count) for k in losses),
        starter_loss_rate=_round(sum(starters_lost) / max(1, len(starters_lost))),
        starter_loss_interval=_interval(sum(starters_lost), len(starters_lost)),
        partnerships=game.partnerships,
        win_rate=tuple(_round(w / count) for w in wins),
        win_interval=tuple(_interval(w, count) for w in wins),
        mean_score=tuple(_round(sum(s.scores[p] for s in stats) / count) for p in range(n)),
        starter_win_rate=_round(sum(starters) / len(starters)),
        starter_interval=_interval(sum(starters), len(starters)),
        mean_payout=tuple(_round(sum(p[seat] for p in paid) / count) for seat in range(n))
        if paid else None)


def _round(value: float) -> float:
    return round(value, 6)


def _interval(successes: int, trials: int) -> tuple[float, float]:
    low, high = wilson(successes, trials)
    return _round(low), _round(high)


class ProgressBar:
    """A one-line progress bar of games on stderr."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.width = 30

    def show(self, done: int) -> None:
        filled = self.width * done // self.total
        rewrite_line(sys.stderr, f"[{'#' * filled}{'.' * (self.width - filled)}] "
                     f"{done}/{self.total} games")

    def close(self) -> None:
        sys.stderr.write("\n")
        sys.stderr.flush()


def default_workers() -> int:
    """A sensible number of worker processes for this machine."""
    return max(1, min(8, (os.cpu_count() or 1)))
