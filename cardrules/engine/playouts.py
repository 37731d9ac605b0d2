"""Batched play-outs: many games from new deals, or many roll-outs from one state, played
to the end by a fixed policy in one call.

Each game or roll-out is exactly what the one-step loop (``state.apply`` in a ``while
not state.is_over`` loop) gives for the same seeds: the same actions, the same final
state, the same result.  The batch only leaves out what that loop does and nobody
reads: a random move is drawn straight from the legal actions and stepped to (no view,
no parse, no search of the legal actions for the one chosen), and a match is played
deal by deal, its state made again only where a deal ends instead of around every
action.  A batch deals a run of games (up to 64) before it plays them: a deal reads its
seed alone, so each game is the same, and dealing many times in a row, then playing, is
faster than dealing and playing game by game.  Callers ask for a batch and never drive
the loop themselves, so that a compiled inner loop can replace this one without any
caller changing.

>>> import cardrules
>>> from cardrules.engine.playouts import play_out
>>> game = cardrules.load("bank", players=3)
>>> games = play_out(game, games=4, seed=7)
>>> [len(g.scores) for g in games], all(g.decisions > 0 for g in games)
([3, 3, 3, 3], True)
>>> play_out(game, games=4, seed=7) == games
True

A game's ``i``-th play-out is dealt from ``derive_seed(seed, "game", i)`` and each seat
draws from its own generator, ``random.Random(derive_seed(that seed, "bot", seat))``: the
seeding of ``cardrules simulate``, so a batch of random games is the simulation's games
with random bots.  Given one generator (``rng``), every seat of every game draws from it
instead, game after game, as a loop playing many games with one generator does (a
benchmark's, or a study that needs no game played again alone), with no generator made
for each game:

>>> import random
>>> batch = play_out(game, games=3, seed=7, rng=random.Random(2), keep_states=True)
>>> rng, finals = random.Random(2), []
>>> for i in range(3):
...     one = game.new_deal(derive_seed(7, "game", i))
...     while not one.is_over:
...         one = one.apply(rng.choice(one.legal_actions()))
...     finals.append(one)
>>> [g.final for g in batch] == finals
True

Play-outs from a position (the search's roll-outs) share one generator among the seats,
as a search does:

>>> from cardrules.engine.playouts import roll_out, roll_outs
>>> state = game.new_deal(seed=3)
>>> final = roll_out(state, random.Random(5))
>>> final.is_over
True
>>> one = state
>>> rng = random.Random(5)
>>> while not one.is_over:
...     legal = one.legal_actions()
...     one = one.apply(legal[rng.randrange(len(legal))])
>>> one == final
True
>>> [p.seed for p in roll_outs(state, count=2, seed=1)] == [
...     derive_seed(1, "rollout", 0), derive_seed(1, "rollout", 1)]
True

A policy is ``"random"`` (a uniformly random legal action), ``"policy"`` (the play
procedure's play-out policy, :meth:`~cardrules.engine.procedures.Procedure.rollout_policy`,
random where it has none), or any function of a state and a generator that returns one
of its legal actions; one policy for every seat, or a sequence of one per seat.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Literal, TypeAlias, cast

import attrs

from cardrules.actions import Action
from cardrules.engine.match import MatchState
from cardrules.engine.random_play import play_random
from cardrules.engine.seeding import check_seed, derive_seed
from cardrules.engine.slots import maker
from cardrules.engine.state import DealResult, GameContext, MatchResult, State
from cardrules.errors import CardrulesError

if TYPE_CHECKING:
    from cardrules.engine.procedures import Procedure

__all__ = ["MAX_BATCH", "Chooser", "Playout", "Policy", "check_policy", "play_from", "play_out",
           "roll_out", "roll_outs"]

Chooser: TypeAlias = Callable[[Any, random.Random], Action]
"""A function of a state and a generator that returns one of the state's legal actions."""

Policy: TypeAlias = Literal["random", "policy"] | Chooser
"""How the seats choose in a play-out: ``"random"``, ``"policy"`` or a :data:`Chooser`."""

MAX_BATCH = 1_000_000
"""The most games or roll-outs one call plays."""

_DEALT_AHEAD = 64
"""The games :func:`play_out` deals before it plays them (a bound on the deals held at
once)."""


@attrs.frozen(kw_only=True)
class Playout:
    """One game or roll-out played to its end."""

    seed: int | None
    """What it was played from: the deal's (or match's) seed of a new game, the seed of
    the roll-out's generator (``derive_seed(seed, "rollout", k)``) of a roll-out; what
    :func:`play_from` was given (None unless given)."""
    scores: tuple[int, ...]
    """Each seat's return: the deal's scores, or the match's totals."""
    decisions: int
    """Actions taken (every action is a player's decision)."""
    lengths: tuple[int, ...]
    """Actions taken in each deal, in order (one entry for a single deal)."""
    result: DealResult | MatchResult
    """The result of the deal or match."""
    deals: tuple[DealResult, ...]
    """The result of each deal finished by an action of the play-out, in order."""
    final: State | None = None
    """The final state, when asked for (``keep_states``)."""
    actions: tuple[Action, ...] | None = None
    """The actions taken in order, when asked for (``keep_actions``)."""

    @property
    def payouts(self) -> tuple[int, ...]:
        """Each seat's share of the pot of a match played for one (else ``()``)."""
        return self.result.payouts if isinstance(self.result, MatchResult) else ()


_MAKE_PLAYOUT = maker(Playout, ("seed", "scores", "decisions", "lengths", "result", "deals",
                                "final", "actions"))
"""Makes a :class:`Playout` whole from every field's value (its attrs ``__init__`` is a
Python function: ~1 µs of a batch's game of Blackjack, ~1.4 decisions)."""


def check_policy(policy: object) -> None:
    """Refuse what is not a policy (see the module), naming the ones there are."""
    if isinstance(policy, str):
        if policy not in ("random", "policy"):
            raise CardrulesError(f"unknown play-out policy {policy!r}; use 'random', "
                                 f"'policy' or a function of a state and a generator")
    elif not callable(policy):
        raise CardrulesError(f"a play-out policy is 'random', 'policy' or a function of a "
                             f"state and a generator, not {policy!r:.60}")


def _choosers(game: GameContext, policy: Policy | Sequence[Policy]) -> list[Chooser | None]:
    """One chooser per seat, None where the seat plays uniformly at random."""
    if isinstance(policy, str) or callable(policy) or not isinstance(policy, Sequence):
        check_policy(policy)
        given: list[Any] = [policy] * game.players
    else:
        given = list(policy)
    if len(given) != game.players:
        raise CardrulesError(f"give one play-out policy per seat: {game.players} seats, "
                             f"not {len(given)}")
    procedure_policy: Chooser | None = None
    made = False
    seats: list[Chooser | None] = []
    for one in given:
        check_policy(one)
        if one == "policy":
            if not made:
                found = cast("Procedure", game.procedure).rollout_policy(game)
                procedure_policy = _on_deal(found) if found is not None else None
                made = True
            seats.append(procedure_policy)
        else:
            seats.append(None if one == "random" else one)
    return seats


def _on_deal(policy: Chooser) -> Chooser:
    """The procedure's policy (which reads its own states) asked about a match's deal."""

    def choose(state: Any, rng: random.Random) -> Action:
        return policy(state.deal if isinstance(state, MatchState) else state, rng)

    return choose


def _count(what: str, value: int) -> None:
    if type(value) is not int or not 1 <= value <= MAX_BATCH:
        raise CardrulesError(f"{what}: a whole number from 1 to {MAX_BATCH}, not {value!r}")


def play_out(game: GameContext, *, games: int, seed: int,
             policy: Policy | Sequence[Policy] = "random", match: bool = False,
             first: int = 0, keep_states: bool = False, keep_actions: bool = False,
             rng: random.Random | None = None) -> tuple[Playout, ...]:
    """Play ``games`` new games of ``game`` to the end: game ``i`` (from ``first``) is a
    deal, or with ``match`` a whole match, dealt from ``derive_seed(seed, "game", i)``,
    each seat choosing by its ``policy`` with its own generator,
    ``random.Random(derive_seed(game_seed, "bot", seat))``, or with ``rng`` every seat
    of every game drawing from that one generator, game after game (the loop
    ``state = state.apply(rng.choice(state.legal_actions()))`` over the games, which
    makes no generator per game).  ``keep_states`` and ``keep_actions`` keep each
    game's final state and its actions.

    >>> import cardrules
    >>> game = cardrules.load("crazy_eights", players=2)
    >>> [g.decisions for g in play_out(game, games=3, seed=1, policy="policy")] == [
    ...     g.decisions for g in play_out(game, games=3, seed=1, policy="policy")]
    True
    """
    _count("games", games)
    check_seed(seed)
    if type(first) is not int or first < 0:
        raise CardrulesError(f"first: a game number from 0, not {first!r}")
    if rng is not None and not isinstance(rng, random.Random):
        raise CardrulesError(f"rng: a random.Random to draw every move from, not {rng!r:.60}")
    seats = _choosers(game, policy)
    shared = [rng] * game.players if rng is not None else None
    out = []
    end = first + games
    for start in range(first, end, _DEALT_AHEAD):
        # A run of games is dealt before any is played: a game's deal reads its seed
        # alone, so each game is the same, and dealing and play each run many times in
        # a row (a Hearts batch is about a sixth faster than one dealt game by game).
        seeds = [derive_seed(seed, "game", index)
                 for index in range(start, min(start + _DEALT_AHEAD, end))]
        dealt = [game.new_match(s) if match else game.new_deal(s) for s in seeds]
        for game_seed, state in zip(seeds, dealt):
            rngs = shared or [random.Random(derive_seed(game_seed, "bot", seat))
                              for seat in range(game.players)]
            out.append(_play(state, seats, rngs, game_seed, keep_states, keep_actions))
    return tuple(out)


def roll_out(state: State, rng: random.Random, policy: Policy = "random") -> State:
    """``state`` played to the end by ``policy``, every seat drawing from ``rng``: the
    final state, as the one-step loop ``state = state.apply(choose(state, rng))`` ends
    (a random move is ``legal[rng.randrange(len(legal))]``)."""
    check_policy(policy)
    chooser = _choosers(state.game, policy)[0] if policy == "policy" \
        else None if policy == "random" else policy
    if chooser is None:
        return _finish_random(state, rng)
    assert callable(chooser)
    while not state.is_over:
        state = state.apply(chooser(state, rng))
    return state


def roll_outs(state: State, *, count: int, seed: int, policy: Policy = "random",
              keep_states: bool = False, keep_actions: bool = False) -> tuple[Playout, ...]:
    """``count`` play-outs of ``state`` to the end by ``policy``: roll-out ``k`` draws
    from one generator shared by the seats,
    ``random.Random(derive_seed(seed, "rollout", k))`` (what :func:`roll_out` gives)."""
    _count("count", count)
    check_seed(seed)
    check_policy(policy)
    seats = _choosers(state.game, policy)
    out = []
    for k in range(count):
        rollout_seed = derive_seed(seed, "rollout", k)
        rng = random.Random(rollout_seed)
        out.append(_play(state, seats, [rng] * state.game.players, rollout_seed,
                         keep_states, keep_actions))
    return tuple(out)


def play_from(state: State, *, rngs: Sequence[random.Random],
              policy: Policy | Sequence[Policy] = "random", seed: int | None = None,
              keep_states: bool = False, keep_actions: bool = False) -> Playout:
    """One play-out of ``state`` (a deal or a match) to the end, seat ``s`` choosing by its
    policy with the generator ``rngs[s]`` (the same generator may serve several seats);
    ``seed`` is only noted in the :class:`Playout`.  For drivers that deal and seed their
    games themselves.

    >>> import random, cardrules
    >>> game = cardrules.load("bura", players=2)
    >>> rngs = [random.Random(1), random.Random(2)]
    >>> played = play_from(game.new_match(seed=4), rngs=rngs, keep_actions=True)
    >>> played.decisions == len(played.actions) == sum(played.lengths)
    True
    """
    if len(rngs) != state.game.players:
        raise CardrulesError(f"give one generator per seat: {state.game.players} seats, "
                             f"not {len(rngs)}")
    return _play(state, _choosers(state.game, policy), rngs, seed, keep_states, keep_actions)


def _finish_random(state: State, rng: random.Random) -> State:
    """The inner loop of uniformly random play with one generator: what ``apply`` does
    with a listed legal action (its ``_step``), without searching the legal actions for
    the one chosen (:func:`~cardrules.engine.random_play.play_random`)."""
    return play_random(state, [rng] * state.game.players)[0]


def _play(state: State, seats: Sequence[Chooser | None], rngs: Sequence[random.Random],
          seed: int | None, keep_states: bool, keep_actions: bool) -> Playout:
    """One play-out of ``state`` (a deal or a match), seat ``s`` choosing by
    ``seats[s]`` (None: at random) from ``rngs[s]``."""
    if not keep_actions and not isinstance(state, MatchState) and not _chooses(seats):
        return _random_deal(state, rngs, seed, keep_states)
    taken: list[Action] | None = [] if keep_actions else None
    belows: list[Callable[[int], int]] = [] if taken is None and not _chooses(seats) \
        else [getattr(r, "_randbelow", r.randrange) for r in rngs]  # read by choosers only
    deals: list[DealResult] = []
    lengths: list[int] = []
    final: State
    if isinstance(state, MatchState):
        # A match is played deal by deal: its state is only made again where a deal
        # ends (as its own apply makes it then), or where a chooser is to look at it.
        match = state
        while not match.is_over:
            deal, since = _play_deal(match.deal, seats, rngs, belows, taken, match)
            if since:
                deals.append(_deal_result(deal))
                lengths.append(since)
            match = match._after_deal(deal)
        final = match
        result: DealResult | MatchResult | None = match.result
    else:
        final, since = _play_deal(state, seats, rngs, belows, taken, None)
        result = final.result  # worked out on each reading: read once
        if not isinstance(result, DealResult):
            raise CardrulesError(f"the deal is over but has no result: {final!r}")
        deals.append(result)
        lengths.append(since)
    assert isinstance(result, (DealResult, MatchResult))
    return Playout(seed=seed, scores=result.totals if isinstance(result, MatchResult)
                   else result.scores, decisions=sum(lengths), lengths=tuple(lengths),
                   result=result, deals=tuple(deals),
                   final=final if keep_states else None,
                   actions=tuple(taken) if taken is not None else None)


def _random_deal(state: State, rngs: Sequence[random.Random], seed: int | None,
                 keep_states: bool) -> Playout:
    """:func:`_play` of a deal, every seat at random, no action kept: the batches' usual
    game, played and recorded in few calls."""
    final, since = play_random(state, rngs)
    result = _deal_result(final)
    made: Playout = _MAKE_PLAYOUT(seed, result.scores, since, (since,), result, (result,),
                                  final if keep_states else None, None)
    return made


def _play_deal(deal: State, seats: Sequence[Chooser | None], rngs: Sequence[random.Random],
               belows: Sequence[Callable[[int], int]], taken: list[Action] | None,
               match: MatchState | None) -> tuple[State, int]:
    """``deal`` played to its end: the finished deal and the number of actions taken.
    A random move is the listed action ``_step`` is given (what ``apply`` does with an
    action it lists); a chooser's move is applied as ``apply`` applies any action, and a
    chooser of a ``match`` is shown the match with the deal as it stands."""
    if taken is None and not _chooses(seats):  # the hot loop: every seat at random
        return play_random(deal, rngs)
    since = 0
    while not deal.is_over:
        seat = deal.current_player
        choose = seats[seat]
        if choose is None:
            legal = deal.legal_actions()
            action = legal[belows[seat](len(legal))]
            deal = deal._step(action)
        else:
            shown: State = deal if match is None else match if match.deal is deal \
                else attrs.evolve(match, deal=deal, events=deal.events)
            action = choose(shown, rngs[seat])
            deal = deal.apply(action)
        if taken is not None:
            taken.append(action)
        since += 1
    return deal, since


def _chooses(seats: Sequence[Chooser | None]) -> bool:
    """Whether a seat chooses by a chooser (not at random): a loop, no generator made."""
    for seat in seats:  # noqa: SIM110 - any() over a generator is slower
        if seat is not None:
            return True
    return False


def _deal_result(state: State) -> DealResult:
    result = state.result
    if not isinstance(result, DealResult):
        raise CardrulesError(f"the deal is not over or has no result: {state!r}")
    return result
