"""Bots: players that choose an action from what their seat may know.

A bot sees only its player's view (:meth:`State.view`, plus a ``pack`` entry with the
public facts of the cards: ranks low to high, suits, points) and the legal actions, never
the state itself.  It draws any randomness from the generator it is given, so a game
played by bots from a seed replays exactly.

>>> import cardrules
>>> game = cardrules.load("bank", players=2)
>>> state, actions = play_game(game, [make_bot("greedy"), make_bot("random")], seed=5)
>>> state.is_over and len(actions) > 0
True
>>> play_game(game, [make_bot("greedy"), make_bot("random")], seed=5)[1] == actions
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from cardrules.actions import Action, Kind
from cardrules.cards import Pack
from cardrules.errors import CardrulesError
from cardrules.game import derive_seed
from cardrules.information import Information
from cardrules.match import MatchState
from cardrules.search import SearchBot, rollout_random
from cardrules.state import DealResult, State

if TYPE_CHECKING:
    from cardrules.game import Game

__all__ = ["BOTS", "QUICK_BOTS", "Bot", "GreedyBot", "RandomBot", "Searcher", "act",
           "bot_view", "greedy_shortlist", "make_bot", "play_game", "rollout_greedy",
           "search_bot"]


@runtime_checkable
class Bot(Protocol):
    """Anything that picks one of the legal actions.

    ``view`` is the acting player's view (JSON-ready, with a ``pack`` entry), ``legal``
    the actions allowed now (never empty), ``rng`` the bot's own seeded generator.
    The returned action must be one of ``legal``.
    """

    def choose(self, view: dict[str, Any], legal: Sequence[Action],
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

    def choose(self, view: dict[str, Any], legal: Sequence[Action],
               rng: random.Random) -> Action:
        """A uniformly random legal action."""
        return legal[rng.randrange(len(legal))]


class _Cards:
    """Card facts read from a view's ``pack`` entry (ranks low to high, suits, points)."""

    def __init__(self, info: Mapping[str, Any]) -> None:
        self.ranks: list[str] = [str(r) for r in info.get("ranks", ())]
        self.suits: list[str] = [str(s) for s in info.get("suits", ())]
        points: Mapping[str, int] = info.get("points", {})
        self.points = [int(points.get(r, 0)) for r in self.ranks]

    def rank(self, card: int) -> int:
        return card % len(self.ranks) if self.ranks else 0

    def suit(self, card: int) -> str:
        return self.suits[card // len(self.ranks)] if self.ranks else ""

    def value(self, card: int) -> int:
        return self.points[self.rank(card)] if self.ranks else 0

    def parse(self, name: str) -> tuple[int, str]:
        """(rank index, suit letter) of a card name such as ``10H``."""
        for suit in self.suits:
            if name.endswith(suit) and name[:-len(suit)] in self.ranks:
                return self.ranks.index(name[:-len(suit)]), suit
        return -1, ""


class GreedyBot:
    """A one-move-deep heuristic player, chosen by game family from the view.

    Shedding games (the view has a ``pile``): go out when possible; play rather than
    draw or pass; lay big groups and high-point cards first; keep wild and trump cards
    while a plain beat exists.  Trick games (the view has a ``trick``): declare
    combinations; win a trick worth points with the cheapest winning answer; otherwise
    throw the lowest cards face down; lead strong side-suit cards.
    """

    def choose(self, view: dict[str, Any], legal: Sequence[Action],
               rng: random.Random) -> Action:
        """The best action by the family's heuristic (ties broken by ``rng``)."""
        score = self.scorer(view, legal)
        scored = [(score(a), a) for a in legal]
        best = max(s for s, _ in scored)
        top = [a for s, a in scored if s == best]
        return top[rng.randrange(len(top))]

    @staticmethod
    def scorer(view: dict[str, Any], legal: Sequence[Action]) -> Callable[[Action], float]:
        """The heuristic's score of each action (higher is better)."""
        cards = _Cards(view.get("pack", {}))
        if "trick" in view:
            return _trick_scorer(view, cards)
        return _shedding_scorer(view, legal, cards)


def _shedding_scorer(view: dict[str, Any], legal: Sequence[Action],
                     cards: _Cards) -> Callable[[Action], float]:
    """Score plays by the chance that the next player cannot beat the new top.

    Risk is estimated from public facts only: unseen cards of the same rank or suit as
    the top, and the next player's trump suits (a card outside them falls to any of them).
    """
    me = int(view.get("player", 0))
    hands = view.get("hands", [])
    counts = [len(h) if isinstance(h, list) else int(h) for h in hands]
    held = counts[me] if me < len(counts) else 0
    mine_names = hands[me] if me < len(hands) and isinstance(hands[me], list) else []
    seen = {*mine_names, *_named_cards(view.get("pile")), *_named_cards(view.get("taken"))}
    unseen = [cards.parse(f"{r}{s}") for s in cards.suits for r in cards.ranks
              if f"{r}{s}" not in seen]
    classes: list[dict[str, int]] = view.get("trumps", {}).get("classes", [])
    nxt = next((q for k in range(1, len(counts) + 1)
                if counts[q := (me + k) % len(counts)] > 0 and q != me), me) if counts else me
    theirs = classes[nxt] if nxt < len(classes) else {}
    mine = classes[me] if me < len(classes) else {}
    top_rank, top_suit = cards.parse(str(view.get("top") or ""))
    pile_value = sum(cards.points[r] for r, _ in map(cards.parse, _named_cards(view.get("pile")))
                     if r >= 0)
    reply = counts[nxt] + 1 if nxt < len(counts) else 1

    def safe(rank: int, suit: str) -> float:
        """Chance the next player holds nothing that beats a top of ``rank``/``suit``."""
        risk = 0.0
        for r, s in unseen:
            if (r, s) == (rank, suit):
                continue
            if r == rank or (theirs.get(s, 0) > theirs.get(suit, 0)):
                risk += 1.0
            elif s == suit:
                risk += 0.35
        share = risk / max(len(unseen), 1)
        return float((1.0 - min(share, 1.0)) ** reply)

    def special(card: int) -> bool:
        """A card worth keeping: our trump, or a wild that matches the top in nothing."""
        if mine.get(cards.suit(card), 0) > 0:
            return True
        return top_rank >= 0 and cards.suit(card) != top_suit and cards.rank(card) != top_rank

    def score(action: Action) -> float:
        if action.kind is Kind.TRUMP:
            return 0.0
        if action.kind is Kind.PASS:
            return _W_PASS if top_rank >= 0 else -100.0
        if action.kind is not Kind.PLAY:
            return -100.0
        played = action.cards
        if len(played) >= held:
            return 1000.0 + len(played)
        last = played[-1]
        value = (_W_SPECIAL * sum(1 for c in played if special(c))
                 + _W_POINTS * sum(cards.value(c) for c in played)
                 + _W_RANK * cards.rank(last) + _W_GROUP * len(played))
        return value + _W_SAFE * safe(cards.rank(last), cards.suit(last)) * pile_value

    return score


_W_SPECIAL, _W_POINTS, _W_RANK, _W_GROUP, _W_SAFE, _W_PASS = -1.0, 0.1, 0.1, 0.0, 0.1, 0.5
"""Weights of the shedding heuristic (tuned against random play)."""


def _trick_scorer(view: dict[str, Any], cards: _Cards) -> Callable[[Action], float]:
    """Win tricks worth points cheaply; otherwise throw the cheapest cards face down."""
    trump = view.get("trump")
    trump_suit = str(trump.get("suit", "")) if isinstance(trump, dict) else str(trump or "")
    led = [cards.parse(n) for n in _named_cards(view.get("trick"))]
    at_stake = sum(cards.points[r] for r, _ in led if 0 <= r < len(cards.points))

    def cost(card: int) -> float:
        trump_cost = 15.0 if cards.suit(card) == trump_suit else 0.0
        return cards.value(card) + cards.rank(card) * 0.5 + trump_cost

    def beats(card: int, target: tuple[int, str]) -> bool:
        rank, suit = target
        if cards.suit(card) == suit:
            return cards.rank(card) > rank
        return cards.suit(card) == trump_suit

    def wins(played: Sequence[int]) -> bool:
        """Each played card beats a different led card."""
        return len(played) == len(led) > 0 and _can_match(list(played), led, beats)

    def score(action: Action) -> float:
        played = action.cards
        spent = sum(cost(c) for c in played)
        if action.kind is Kind.DECLARE:
            return 500.0 + len(played)
        if action.kind is Kind.ANSWER:
            if wins(played):
                return 45.0 + at_stake + sum(cards.value(c) for c in played) - 0.3 * spent
            return 30.0 - spent
        if action.kind is Kind.THROW:
            return 40.0 - spent
        if action.kind is Kind.LEAD:
            strength = sum(cards.rank(c) + cards.value(c) for c in played)
            trumps = sum(1 for c in played if cards.suit(c) == trump_suit)
            return 20.0 + 5.0 * len(played) + strength - 10.0 * trumps
        if action.kind is Kind.PLAY:
            return 10.0 + len(played)
        return 0.0

    return score


_GREEDY = GreedyBot()


def _can_match(mine: Sequence[int], targets: Sequence[tuple[int, str]],
               beats: Callable[[int, tuple[int, str]], bool]) -> bool:
    """True if every target can be beaten by a different card of ``mine``."""
    if not targets:
        return True
    first, rest = targets[0], targets[1:]
    return any(beats(c, first) and _can_match([*mine[:i], *mine[i + 1:]], rest, beats)
               for i, c in enumerate(mine))


def _named_cards(node: Any) -> list[str]:
    """Every card name (a string) found anywhere in a view entry."""
    if isinstance(node, str):
        return [node]
    if isinstance(node, Mapping):
        return [n for v in node.values() for n in _named_cards(v)]
    if isinstance(node, (list, tuple)):
        return [n for v in node for n in _named_cards(v)]
    return []


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
    view = dict(info.view)
    view.setdefault("pack", pack_info(info.game.pack))
    score = _GREEDY.scorer(view, info.legal)
    scored = sorted(((score(a), i) for i, a in enumerate(info.legal)), reverse=True)
    if len(scored) <= size:
        return info.legal
    bar = scored[size - 1][0]
    return tuple(info.legal[i] for s, i in sorted(scored, key=lambda t: t[1]) if s >= bar)


def make_bot(name: str) -> Bot:
    """A new bot of the registered ``name``.  The search bot takes a budget and options:
    ``ismcts:2000`` searches 2000 iterations a move, ``ismcts:0.5s`` half a second;
    ``:wide`` searches every legal move at the root instead of the greedy heuristic's
    shortlist, ``:greedy`` plays out with the greedy bot instead of at random.

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
    unknown = set(flags) - {"wide", "greedy"}
    if unknown:
        raise CardrulesError(f"unknown search option(s) {sorted(unknown)}; known: greedy, wide")
    rollout = rollout_greedy if "greedy" in flags else rollout_random
    shortlist = None if "wide" in flags else greedy_shortlist
    try:
        if not budget:
            return SearchBot(rollout=rollout, shortlist=shortlist)
        if budget.endswith("s"):
            return SearchBot(iterations=10**9, seconds=float(budget[:-1]), rollout=rollout,
                             shortlist=shortlist)
        return SearchBot(iterations=int(budget), rollout=rollout, shortlist=shortlist)
    except ValueError:
        raise CardrulesError(f"a search budget is a number of iterations (ismcts:2000) or "
                             f"of seconds (ismcts:0.5s), not {budget!r}") from None


BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot, "greedy": GreedyBot,
                                      "ismcts": search_bot}
"""Bot name -> factory."""

QUICK_BOTS: dict[str, str] = {"random": "random", "greedy": "greedy", "ismcts": "ismcts:8"}
"""Every bot at a small budget, as conformance checks and soaks run them."""


def pack_info(pack: Pack) -> dict[str, Any]:
    """The public facts of a pack, as bots read them from a view's ``pack`` entry."""
    return {"ranks": list(pack.ranks), "suits": list(pack.suits),
            "points": {r: p for r, p in zip(pack.ranks, pack.points) if p}}


def bot_view(state: State, player: int) -> dict[str, Any]:
    """``state.view(player)`` with a ``pack`` entry added when the view has none."""
    view = state.view(player)
    view.setdefault("pack", pack_info(state.game.pack))
    return view


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
    """:func:`play_game`, also returning each deal's result and its number of actions."""
    if len(bots) != game.players:
        raise CardrulesError(f"give one bot per seat: {game.players} bots, not {len(bots)}")
    rngs = [random.Random(derive_seed(seed, "bot", seat)) for seat in range(game.players)]
    state = game.new_match(seed) if match else game.new_deal(seed)
    actions: list[Action] = []
    results: list[DealResult] = []
    lengths: list[int] = []
    since = 0
    while not state.is_over:
        seat = state.current_player
        legal = state.legal_actions()
        action = act(bots[seat], state, rngs[seat])
        if action not in legal:
            raise CardrulesError(f"bot of seat {seat} chose an illegal action: {action}")
        after = state.apply(action)
        actions.append(action)
        since += 1
        if isinstance(state, MatchState) and isinstance(after, MatchState) and (
                after.is_over or after.deal_index != state.deal_index):
            results.append(deal_result(state.deal.apply(action)))
            lengths.append(since)
            since = 0
        state = after
    if not isinstance(state, MatchState):
        results.append(deal_result(state))
        lengths.append(since)
    return state, actions, results, lengths


def deal_result(state: State) -> DealResult:
    """The result of a finished deal."""
    result = getattr(state, "result", None)
    if not isinstance(result, DealResult):
        raise CardrulesError(f"the deal is not over or has no result: {state!r}")
    return result
