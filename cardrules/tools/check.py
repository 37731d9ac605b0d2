"""``cardrules check``: the conformance suite for any variant or house-rule file.

Plays seeded games for every supported number of players with every given policy
(bot), checking every invariant of :mod:`cardrules.tools.conformance` after every action.
On the first failure it shrinks the game's action list to the smallest one it can
find that still fails, ready for ``cardrules replay``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence

import attrs

import cardrules
from cardrules.engine.game import Game, check_seed, derive_seed
from cardrules.engine.record import GameRecord
from cardrules.engine.state import State
from cardrules.errors import CardrulesError
from cardrules.loader.load import Source
from cardrules.tools.conformance import (
    ConformanceError,
    PlayoutFailure,
    Policy,
    check_playout,
    check_state,
    random_policy,
)

__all__ = ["CheckFailure", "CheckReport", "failure_of", "run_check", "shrink"]


@attrs.frozen(kw_only=True)
class CheckFailure:
    """The first failure found."""

    message: str
    """What broke."""
    record: GameRecord
    """The smallest failing game found."""
    original_actions: int
    """Length of the game before shrinking."""


@attrs.frozen(kw_only=True)
class CheckReport:
    """Figures of a conformance run."""

    variant: str
    """What was checked."""
    games: int
    """Games played to the end (or to the failure)."""
    matches: int
    """How many of them were whole matches."""
    actions: int
    """Actions applied and checked."""
    deals: int
    """Deals finished."""
    longest_game: int
    """Most actions in one game."""
    bound: int
    """Actions after which a deal counts as never ending (matches are bounded by their
    rules' ``max_deals``)."""
    players: tuple[int, ...]
    """Player counts played."""
    policies: tuple[str, ...]
    """Policies (bots) used."""
    leak_share: float = 1.0
    """Share of the states searched for leaks (every other check runs on every state)."""
    seconds: float
    """Wall-clock time."""
    failure: CheckFailure | None = None
    """The first failure, shrunk; None when everything passed."""

    @property
    def ok(self) -> bool:
        """True when no check failed."""
        return self.failure is None


def failure_of(game: Game, record: GameRecord, *, views: bool = True,
               bound: int = 0) -> str | None:
    """Replay ``record`` checking every state: the failure message, or None if every
    state passes.  A record with an action that is not legal counts as passing; with a
    ``bound``, a game still running after that many actions fails."""
    import random

    rng = random.Random(derive_seed(record.seed, "check-probes"))
    try:
        state: State = game.new_match(record.seed) if record.match else \
            game.new_deal(record.seed, dealer=record.dealer)
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"
    previous: State | None = None
    for text in (None, *record.actions):
        try:
            if text is not None:
                action = game.parse_action(text)
                if action not in state.legal_actions():
                    return None
                previous, state = state, state.apply(action)
            check_state(state, rng, previous, views=views)
        except ConformanceError as exc:
            return str(exc)
        except CardrulesError:
            return None
        except Exception as exc:
            return f"{type(exc).__name__}: {exc}"
    if bound and len(record.actions) >= bound and not state.is_over:
        return f"a deal did not end within {bound} actions"
    return None


def shrink(game: Game, record: GameRecord, *, seconds: float = 20.0,
           views: bool = True, bound: int = 0) -> GameRecord:
    """The shortest record found (deleting chunks of actions, then single ones) that
    still fails; the failing prefix is kept when nothing shorter fails."""
    deadline = time.monotonic() + seconds
    actions = list(record.actions)
    chunk = max(1, len(actions) // 2)
    while chunk >= 1 and time.monotonic() < deadline:
        start, changed = 0, False
        while start < len(actions) and time.monotonic() < deadline:
            candidate = actions[:start] + actions[start + chunk:]
            smaller = record.with_actions(candidate)
            if failure_of(game, smaller, views=views, bound=bound) is not None:
                actions, changed = candidate, True
            else:
                start += chunk
        if not changed:
            chunk //= 2
    return record.with_actions(actions)


def run_check(source: Source, *, games: int = 200, seed: int = 0,
              options: Mapping[str, object] | None = None,
              policies: Mapping[str, Policy] | None = None, players: Sequence[int] = (),
              match_every: int = 10, bound: int = 20000, views: bool = True,
              leak_share: float = 1.0,
              progress: Callable[[int], None] | None = None) -> CheckReport:
    """Check ``games`` seeded games of ``source``; every ``match_every``-th is a whole match.

    Games cycle through the player counts (``players``, or every count the variant
    allows), then through the policies.  ``leak_share`` below 1 searches that share of
    the states for leaking views, drawn by lot, for long runs (see
    :func:`cardrules.tools.conformance.check_playout`); a failure found is shrunk with every
    state searched.  At least one game must be played: a check of nothing would pass.
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise CardrulesError(f"a check plays at least 1 game, not {games!r}")
    if isinstance(bound, bool) or not isinstance(bound, int) or bound < 1:
        raise CardrulesError(f"the bound on a game's length must be at least 1, not {bound!r}")
    check_seed(seed)
    if isinstance(leak_share, bool) or not isinstance(leak_share, (int, float)) \
            or not 0.0 < leak_share <= 1.0:
        raise CardrulesError(f"the share of states searched for leaks is above 0 and at "
                             f"most 1, not {leak_share!r}")
    policies = dict(policies or {"random": random_policy})
    probe = cardrules.load(source, options=options)
    counts = tuple(players) or tuple(range(probe.variant.players.min,
                                           probe.variant.players.max + 1))
    loaded = {n: cardrules.load(source, players=n, options=options) for n in counts}
    names = list(policies)
    start = time.monotonic()
    totals = {"games": 0, "matches": 0, "actions": 0, "deals": 0, "longest": 0}
    failure: CheckFailure | None = None
    for index in range(games):
        game = loaded[counts[index % len(counts)]]
        policy = policies[names[(index // len(counts)) % len(names)]]
        match = match_every > 0 and index % match_every == match_every - 1
        game_seed = derive_seed(seed, "check-game", index)
        try:
            report = check_playout(game, game_seed, match=match, max_actions=bound,
                                   views=views, policy=policy,
                                   leak_share=leak_share)
        except PlayoutFailure as exc:
            totals["games"] += 1
            totals["actions"] += len(exc.record.actions)
            small = exc.record
            never_ends = len(exc.record.actions) >= bound  # nothing shorter can fail so
            if not never_ends and failure_of(game, exc.record, views=views) is not None:
                small = shrink(game, exc.record, views=views)
            failure = CheckFailure(message=str(exc), record=small,
                                   original_actions=len(exc.record.actions))
            break
        totals["games"] += 1
        totals["matches"] += int(match)
        totals["actions"] += report.actions
        totals["deals"] += report.deals
        totals["longest"] = max(totals["longest"], report.actions)
        if progress is not None:
            progress(index + 1)
    return CheckReport(
        variant=str(source), games=totals["games"], matches=totals["matches"],
        actions=totals["actions"], deals=totals["deals"], longest_game=totals["longest"],
        bound=bound, players=counts, policies=tuple(names), leak_share=leak_share,
        seconds=time.monotonic() - start, failure=failure)
