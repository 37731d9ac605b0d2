"""Bots: players that choose an action from what their seat may know.

A bot sees only its player's view (:meth:`State.view`, whose class also carries the
public facts of the cards, ``view.card_facts``: ranks low to high, suits, points) and the
legal actions, never the state itself.  It draws any randomness from the generator it is
given, so a game played by bots from a seed replays exactly.

>>> import cardrules
>>> game = cardrules.load("bank", players=2)
>>> state, actions = play_game(game, [make_bot("greedy"), make_bot("random")], seed=5)
>>> state.is_over and len(actions) > 0
True
>>> play_game(game, [make_bot("greedy"), make_bot("random")], seed=5)[1] == actions
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from cardrules import phases
from cardrules.actions import Action
from cardrules.engine import procedures
from cardrules.engine.game import derive_seed
from cardrules.engine.information import Information
from cardrules.engine.playouts import Policy, play_from
from cardrules.engine.state import DealResult, State
from cardrules.errors import CardrulesError
from cardrules.tools.limits import MAX_ITERATIONS, MAX_SEARCH_SECONDS
from cardrules.tools.search import SearchBot, rollout_random

if TYPE_CHECKING:
    from cardrules.engine.game import Game
    from cardrules.engine.views import View

__all__ = ["BOTS", "QUICK_BOTS", "Bot", "GreedyBot", "RandomBot", "Searcher", "act",
           "bot_policy", "bot_view", "greedy_shortlist", "make_bot", "play_game", "rollout_greedy",
           "search_bot"]


@runtime_checkable
class Bot(Protocol):
    """Anything that picks one of the legal actions.

    ``view`` is the acting player's view (a :class:`~cardrules.engine.views.View`),
    ``legal`` the actions allowed now (never empty), ``rng`` the bot's own seeded
    generator.  The returned action must be one of ``legal``.
    """

    def choose(self, view: View, legal: Sequence[Action],
               rng: random.Random) -> Action:
        """The action to take."""
        ...


@runtime_checkable
class Searcher(Protocol):
    """A bot that searches: it decides from the seat's :class:`Information` (the view, the
    legal actions and states sampled from what the seat knows), never the state."""

    def decide(self, info: Information, rng: random.Random) -> Action:
        """The action to take."""
        ...


def act(bot: Bot, state: State, rng: random.Random) -> Action:
    """The action ``bot`` takes for the seat to act in ``state``: a :class:`Searcher` is
    given the seat's :class:`Information`, any other bot its view and legal actions.

    >>> import cardrules
    >>> state = cardrules.load("bura", players=2).new_deal(seed=1)
    >>> act(make_bot("ismcts:20"), state, random.Random(0)) in state.legal_actions()
    True
    """
    if isinstance(bot, Searcher):
        return bot.decide(Information.of(state), rng)
    player = state.current_player
    return bot.choose(bot_view(state, player), state.legal_actions(), rng)


class RandomBot:
    """Picks uniformly among the legal actions."""

    def choose(self, view: View, legal: Sequence[Action],
               rng: random.Random) -> Action:
        """A uniformly random legal action."""
        return legal[rng.randrange(len(legal))]


class GreedyBot:
    """A one-move-deep heuristic player: it asks the phase at work, or in play the
    game's procedure, for its move heuristic (``move_scorer``), which reads the view
    alone, and takes the best move; without a heuristic, a random one.  The view names
    the phase at work (``view.listed_phase``) and its class the procedure
    (``view.procedure``) and the public card facts (``view.card_facts``)."""

    def choose(self, view: View, legal: Sequence[Action],
               rng: random.Random) -> Action:
        """The best action by the heuristic (ties broken by ``rng``)."""
        score = self.scorer(view, legal)
        scored = [(score(a), a) for a in legal]
        best = max(s for s, _ in scored)
        top = [a for s, a in scored if s == best]
        return top[rng.randrange(len(top))]

    @staticmethod
    def scorer(view: View, legal: Sequence[Action]) -> Callable[[Action], float]:
        """The heuristic of the phase at work or the procedure (higher is better)."""
        found = None
        listed = view.listed_phase
        if listed is not None:
            found = phases.find(listed).move_scorer(view, view.phase_settings[listed], legal)
        elif view.procedure:
            found = procedures.find(view.procedure).move_scorer(view, legal)
        return found if found is not None else _alike


def _alike(action: Action) -> float:
    """Every move alike (a rule set without a heuristic)."""
    return 0.0


_GREEDY = GreedyBot()


def rollout_greedy(state: State, rng: random.Random) -> Action:
    """A rollout policy for :class:`SearchBot`: the greedy bot's move for the seat to act
    in a determinized state (dearer than random play-outs, but closer to real play)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return _GREEDY.choose(bot_view(state, state.current_player), legal, rng)


def greedy_shortlist(info: Information, size: int = 4) -> tuple[Action, ...]:
    """The greedy heuristic's ``size`` best moves (and any tied with the last), for
    :class:`SearchBot` to choose among."""
    score = _GREEDY.scorer(info.view, info.legal)
    scored = sorted(((score(a), i) for i, a in enumerate(info.legal)), reverse=True)
    if len(scored) <= size:
        return info.legal
    bar = scored[size - 1][0]
    return tuple(info.legal[i] for s, i in sorted(scored, key=lambda t: t[1]) if s >= bar)


def make_bot(name: str) -> Bot:
    """A new bot of the registered ``name``.  The search bot takes a budget and options:
    ``ismcts:2000`` searches 2000 iterations a move, ``ismcts:0.5s`` half a second;
    ``:wide`` searches every legal move at the root instead of the greedy heuristic's
    shortlist; play-outs follow the procedure's policy, or with ``:greedy`` the greedy
    bot, with ``:random`` uniformly random moves; ``:tree`` lets the opponents choose by
    the search's statistics rather than by the policy.

    >>> make_bot("ismcts:800")
    SearchBot(iterations=800)
    >>> make_bot("clever")
    Traceback (most recent call last):
    ...
    cardrules.errors.CardrulesError: unknown bot 'clever'; known bots: greedy, ismcts, random
    """
    base, _, spec = name.partition(":")
    factory = BOTS.get(base)
    if factory is None:
        raise CardrulesError(f"unknown bot {name!r}; known bots: {', '.join(sorted(BOTS))}")
    if not spec:
        return factory()
    if base != "ismcts":
        raise CardrulesError(f"bot {base!r} takes no budget; only ismcts does (ismcts:2000)")
    return search_bot(spec)


def search_bot(spec: str = "") -> SearchBot:
    """The search bot of a ``make_bot`` spelling after ``ismcts:`` (see there).

    >>> search_bot("0.25s:wide")
    SearchBot(iterations=1000000000, seconds=0.25)
    """
    budget, *flags = spec.split(":") if spec else [""]
    unknown = set(flags) - {"wide", "greedy", "random", "tree"}
    if unknown:
        raise CardrulesError(f"unknown search option(s) {sorted(unknown)}; known: greedy, "
                             f"random, tree, wide")
    rollout = rollout_greedy if "greedy" in flags else \
        rollout_random if "random" in flags else None
    shortlist = None if "wide" in flags else greedy_shortlist
    opponents = "tree" if "tree" in flags else "auto"
    if not budget:
        return SearchBot(rollout=rollout, shortlist=shortlist, opponents=opponents)
    try:
        if budget.endswith("s"):
            seconds = float(budget[:-1])
            if math.isfinite(seconds) and 0 < seconds <= MAX_SEARCH_SECONDS:
                return SearchBot(iterations=10**9, seconds=seconds, rollout=rollout,
                                 shortlist=shortlist, opponents=opponents)
        elif 1 <= int(budget) <= MAX_ITERATIONS:
            return SearchBot(iterations=int(budget), rollout=rollout, shortlist=shortlist,
                             opponents=opponents)
    except ValueError:
        pass
    raise CardrulesError(f"a search budget is a number of iterations from 1 to "
                         f"{MAX_ITERATIONS} (ismcts:2000) or of seconds above 0 and at most "
                         f"{MAX_SEARCH_SECONDS:g} (ismcts:0.5s), not {budget[:40]!r}")


BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot, "greedy": GreedyBot,
                                      "ismcts": search_bot}
"""Bot name -> factory."""

QUICK_BOTS: dict[str, str] = {"random": "random", "greedy": "greedy", "ismcts": "ismcts:8"}
"""Every bot at a small budget, as conformance checks and soaks run them."""


def bot_view(state: State, player: int) -> View:
    """``state.view(player)``: what a bot of ``player`` sees (its class carries the public
    card facts, the procedure and the listed phases bots read)."""
    return state.view(player)


def play_game(game: Game, bots: Sequence[Bot], seed: int, *,
              match: bool = False) -> tuple[State, list[Action]]:
    """Play a deal (or a whole match) from ``seed`` with one bot per seat.

    Each seat's bot draws from ``random.Random(derive_seed(seed, "bot", seat))``.
    Returns the final state and the actions taken, in order.
    """
    state, actions, _, _ = drive(game, bots, seed, match=match)
    return state, actions


def drive(game: Game, bots: Sequence[Bot], seed: int, *, match: bool = False,
          ) -> tuple[State, list[Action], list[DealResult], list[int]]:
    """:func:`play_game`, also returning each deal's result and its number of actions
    (played as one batched play-out, :func:`cardrules.engine.playouts.play_from`)."""
    if len(bots) != game.players:
        raise CardrulesError(f"give one bot per seat: {game.players} bots, not {len(bots)}")
    rngs = [random.Random(derive_seed(seed, "bot", seat)) for seat in range(game.players)]
    state = game.new_match(seed) if match else game.new_deal(seed)
    played = play_from(state, rngs=rngs, policy=[bot_policy(bot) for bot in bots],
                       seed=seed, keep_states=True, keep_actions=True)
    assert played.final is not None and played.actions is not None
    return played.final, list(played.actions), list(played.deals), list(played.lengths)


def bot_policy(bot: Bot) -> Policy:
    """``bot`` as a play-out policy (:mod:`cardrules.engine.playouts`): the random bot is
    the batch's ``"random"`` (the same draws, without the view it never reads); any other
    bot acts as :func:`act` asks it, and an illegal choice is refused naming its seat.

    >>> bot_policy(RandomBot())
    'random'
    """
    if type(bot) is RandomBot:
        return "random"

    def choose(state: State, rng: random.Random) -> Action:
        action = act(bot, state, rng)
        if action not in state.legal_actions():
            raise CardrulesError(f"bot of seat {state.current_player} chose an illegal "
                                 f"action: {action}")
        return action

    return choose


def deal_result(state: State) -> DealResult:
    """The result of a finished deal."""
    result = getattr(state, "result", None)
    if not isinstance(result, DealResult):
        raise CardrulesError(f"the deal is not over or has no result: {state!r}")
    return result
