"""A search bot for any variant and any phase: information-set Monte Carlo tree search.

The bot is single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012).  Each
iteration draws a *determinization* — a whole deal the acting seat cannot tell from the
true one, from :meth:`cardrules.engine.information.Information.sample` — and walks one tree
shared by all iterations: a node is the sequence of actions since the root, its children
are the actions taken from it.  Among the children legal in this determinization it
takes an untried one if there is any, else the best by UCB1 counting only the
iterations in which the child was available (its *availability*); where the play
procedure has a play-out policy, the opponents' moves in the tree are the policy's
instead (a model of how they play).  From the new leaf the
deal is played out to its end by the rollout policy (by default the play procedure's
cheap heuristic policy, :meth:`cardrules.engine.procedures.Procedure.rollout_policy`, or
uniformly random moves where it has none), and every node on the path is credited with
the utility of the player who chose there.  The move played is the root child visited
most.

Utility of a finished deal to a seat, in [-1, 1]: half for winning it (the deal result's
place 1), half for the margin of its partnership's deal score over the mean of the
others (sign turned when lower is better), squashed by ``tanh`` at the scale of the
margins seen so far in this search.  In a match the search stops at the end of the
current deal, but counts what the deal does to the match: a deal that ends it is worth
1 to the match's winners and -1 to the others, any other deal three quarters of its
own utility (so that near the end of a match, losing a deal by a band that still
leaves one in the game is told apart from losing the match).

Only the seat's information is used: the bot gets an :class:`Information`, never the
state, and re-sampling depends only on what the seat knows, so two true states the seat
cannot tell apart lead to the same move for the same seed.

>>> import random
>>> import cardrules
>>> from cardrules.engine.information import Information
>>> state = cardrules.load("bura", players=2).new_deal(seed=4)
>>> bot = SearchBot(iterations=60)
>>> move = bot.decide(Information.of(state), random.Random(1))
>>> move in state.legal_actions()
True
>>> bot.decide(Information.of(state), random.Random(1)) == move
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from cardrules.actions import Action
from cardrules.engine.match import MatchState, decide
from cardrules.engine.playouts import roll_out
from cardrules.engine.standings import lower_is_better
from cardrules.engine.state import DealResult
from cardrules.errors import CardrulesError

if TYPE_CHECKING:
    from cardrules.engine.information import Information
    from cardrules.engine.state import State
    from cardrules.engine.views import View

__all__ = ["DEFAULT_ITERATIONS", "SearchBot", "SearchReport", "rollout_random"]

DEFAULT_ITERATIONS = 600
"""Iterations per searched move when no budget is given."""

_GOING_ON = 0.75
"""In a match, a deal's utility is scaled by this unless the deal ends the match, which
is worth 1 to its winners and -1 to the others: a deal that loses the match is worse
than any deal lost while the match goes on."""

_Entry = list[Any]
"""A child's statistics: ``[visits, total utility, availability, grandchildren]``."""


@attrs.frozen(kw_only=True)
class SearchReport:
    """What one search found at the root."""

    action: Action
    """The move chosen (the root child visited most)."""
    visits: dict[Action, int]
    """Visits of each root child."""
    values: dict[Action, float]
    """Mean utility of each root child to the acting seat."""
    iterations: int
    """Iterations run."""
    seconds: float
    """Wall-clock time of the search."""


def rollout_random(state: State, rng: random.Random) -> Action:
    """The default rollout policy: a uniformly random legal action."""
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


class SearchBot:
    """Information-set Monte Carlo tree search (see the module's docstring).

    ``iterations`` bounds the iterations per move; ``seconds``, when given, bounds the
    time as well (then a search is only reproducible if the iterations run out first).
    ``exploration`` is the UCB1 constant; ``rollout`` picks the actions of play-outs
    (a function of a determinized state and a generator; None: the game's procedure's
    policy, else :func:`rollout_random`); ``shortlist``, when given,
    narrows the moves searched at the root to those it returns from the seat's
    information (a heuristic's best few, say).  ``opponents``: ``"policy"`` lets the seats
    of the other partnerships play the play-out policy's moves inside the tree as well
    (a model of how they play; only the acting seat's partnership chooses by the
    statistics), ``"tree"`` lets every seat choose by UCB1, and ``"auto"`` (the default)
    models the opponents by the policy when it is the procedure's own and by the tree
    otherwise (random play-outs are no model of anyone).
    """

    def __init__(self, *, iterations: int = DEFAULT_ITERATIONS, seconds: float | None = None,
                 exploration: float = 0.7, rollout: Any = None,
                 shortlist: Any = None, opponents: str = "auto") -> None:
        if iterations < 1:
            raise CardrulesError(f"a search needs at least one iteration, not {iterations}")
        if seconds is not None and seconds <= 0:
            raise CardrulesError(f"a search needs a positive time budget, not {seconds}")
        if opponents not in ("auto", "tree", "policy"):
            raise CardrulesError(f"opponents are modelled by 'tree', 'policy' or 'auto', "
                                 f"not {opponents!r}")
        self.iterations = iterations
        self.opponents = opponents
        self.seconds = seconds
        self.exploration = exploration
        self.rollout = rollout
        self.shortlist = shortlist
        self._scale = 0.0
        self._margins = 0
        self._policy: tuple[Any, Any] = (None, rollout_random)
        self._match: tuple[tuple[int, ...], int] | None = None
        self._game: Any = None
        self._others: frozenset[int] = frozenset()
        self._play_out: Any = rollout_random

    def __repr__(self) -> str:
        budget = f", seconds={self.seconds}" if self.seconds is not None else ""
        return f"SearchBot(iterations={self.iterations}{budget})"

    def choose(self, view: View, legal: Sequence[Action],
               rng: random.Random) -> Action:
        """A view alone is not enough to search: use :func:`cardrules.tools.bots.act`."""
        if len(legal) == 1:
            return legal[0]
        raise CardrulesError("the search bot needs the seat's Information, not only its "
                             "view: let cardrules.tools.bots.act(bot, state, rng) ask it")

    def decide(self, info: Information, rng: random.Random) -> Action:
        """The move to play: the legal action the search visits most."""
        if len(info.legal) == 1:
            return info.legal[0]
        return self.search(info, rng).action

    def search(self, info: Information, rng: random.Random) -> SearchReport:
        """Run the search from the seat's information and report the root's children."""
        start = time.perf_counter()
        deadline = start + self.seconds if self.seconds is not None else math.inf
        self._scale, self._margins = 0.0, 0
        self._play_out = self._rollout_for(info.game)
        self._game = info.game
        modelled = self.opponents == "policy" or (
            self.opponents == "auto" and self.rollout is None
            and self._play_out is not rollout_random)
        team = next(t for t in info.game.partnerships if info.player in t)
        self._others = frozenset(range(info.game.players)) - set(team) if modelled \
            else frozenset()
        low = lower_is_better(info.game.variant.match.goal)
        root: dict[Action, _Entry] = {}
        allowed = tuple(self.shortlist(info)) if self.shortlist is not None else info.legal
        if len(allowed) == 1:
            return SearchReport(action=allowed[0], visits={}, values={}, iterations=0,
                                seconds=time.perf_counter() - start)
        done = 0
        self._match = None
        while done < self.iterations:
            world = info.sample(rng)
            if isinstance(world, MatchState):
                self._match = (world.totals, world.deal_index + 1)
                world = world.deal
            self._iterate(root, world, rng, low, allowed)
            done += 1
            if done & 15 == 0 and time.perf_counter() >= deadline:
                break
        legal = [a for a in allowed if a in root]
        best = max(legal, key=lambda a: (root[a][0], root[a][1] / max(root[a][0], 1)))
        return SearchReport(action=best, visits={a: root[a][0] for a in legal},
                            values={a: root[a][1] / max(root[a][0], 1) for a in legal},
                            iterations=done, seconds=time.perf_counter() - start)

    def _rollout_for(self, game: Any) -> Any:
        """The play-out policy for ``game``: the one given, else the game's procedure's
        (:meth:`cardrules.engine.procedures.Procedure.rollout_policy`), else random moves."""
        if self.rollout is not None:
            return self.rollout
        if self._policy[0] is not game:
            self._policy = (game, game.procedure.rollout_policy(game) or rollout_random)
        return self._policy[1]

    def _iterate(self, root: dict[Action, _Entry], state: State, rng: random.Random,
                 low: bool, allowed: tuple[Action, ...]) -> None:
        """One iteration: select and expand in ``root``'s tree, play out, back up."""
        node = root
        path: list[tuple[_Entry, int]] = []
        c = self.exploration
        others, rollout = self._others, self._play_out
        while not state.is_over:
            player = state.current_player
            if player in others and node is not root:
                # An opponent modelled by the play-out policy: its move is the policy's,
                # a child like any other, but it is not chosen by the statistics.
                action = rollout(state, rng)
                entry = node.get(action)
                if entry is None:
                    entry = node[action] = [0, 0.0, 1, {}]
                state = state.apply(action)
                node = entry[3]
                continue
            legal = allowed if node is root else state.legal_actions()
            # Untried: never taken here by a seat choosing by the statistics (a modelled
            # opponent's move leaves an entry without visits, and who acts at a node may
            # depend on hidden cards, as a first mover found from the hands does).
            untried = [a for a in legal if a not in node or not node[a][0]]
            for action in legal:
                entry = node.get(action)
                if entry is not None:
                    entry[2] += 1
            if untried:
                action = untried[rng.randrange(len(untried))]
                entry = node.get(action) or node.setdefault(action, [0, 0.0, 1, {}])
                path.append((entry, player))
                state = state.apply(action)
                break
            best, chosen = -math.inf, legal[0]
            for action in legal:
                entry = node[action]
                score = entry[1] / entry[0] + c * math.sqrt(math.log(entry[2]) / entry[0])
                if score > best:
                    best, chosen = score, action
            entry = node[chosen]
            path.append((entry, player))
            state = state.apply(chosen)
            node = entry[3]
        state = roll_out(state, rng, "random" if rollout is rollout_random else rollout)
        result = state.result
        assert isinstance(result, DealResult)
        utility = self._utility(result, low)
        for entry, player in path:
            entry[0] += 1
            entry[1] += utility[player]

    def _utility(self, result: DealResult, low: bool) -> list[float]:
        """Each seat's utility of a finished deal (see the module's docstring)."""
        scores = result.scores
        team_of = {seat: team for team in result.partnerships for seat in team}
        totals = {team: sum(scores[s] for s in team) for team in result.partnerships}
        teams = len(totals)
        margins = []
        for seat in range(len(scores)):
            own = totals[team_of[seat]]
            others = (sum(totals.values()) - own) / max(teams - 1, 1)
            margins.append(others - own if low else own - others)
        self._margins += 1
        self._scale += (sum(abs(m) for m in margins) / len(margins) - self._scale) / self._margins
        scale = max(self._scale, 1e-9)
        deal = [(0.5 if result.places[seat] == 1 else -0.5) + 0.5 * math.tanh(m / scale)
                for seat, m in enumerate(margins)]
        if self._match is None:
            return deal
        before, deals = self._match
        # (the dealer only orders a shared pot's remainder, not who wins)
        ended = decide(self._game, totals=tuple(map(int.__add__, before, scores)),
                       deals=deals, dealer=0, partnerships=result.partnerships,
                       last=result)
        if ended is None:
            return [_GOING_ON * u for u in deal]
        return [1.0 if seat in ended.winners else -1.0 for seat in range(len(deal))]
