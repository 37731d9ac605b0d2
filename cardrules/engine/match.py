"""A match: deals in sequence until the variant's goal, with dealer rotation and the pot.

A match state is a state like any other: its actions are the current deal's, and
when a deal ends the next one is dealt at once (its seed derived from the match seed).
The match decides its result here: the winners (whole partnerships in partnership
games), each seat's place by total, and the pot shares.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from cardrules.actions import Action
from cardrules.engine import match_check, standings
from cardrules.engine.events import Event
from cardrules.engine.seeding import MAX_SEED, check_seed, derive_seed
from cardrules.engine.standings import Partnerships
from cardrules.engine.state import (
    POT_KEY,
    DealContext,
    DealResult,
    GameContext,
    MatchResult,
    State,
)
from cardrules.engine.table import LastDeal
from cardrules.errors import HookError, StateError
from cardrules.hooks import CarryInput, NextDealerInput, is_default
from cardrules.model.match import FACTOR_COUNTER, Goal, MatchSpec, NextDealer
from cardrules.primitives.pot import split_pot

if TYPE_CHECKING:
    from cardrules.engine.views import View

__all__ = ["MatchResult", "MatchState", "decide", "last_deal", "scaled", "with_bonuses"]


@attrs.define(slots=True, eq=False, repr=False, kw_only=True)
class MatchState(State):
    """The state of a whole match."""

    _game: GameContext
    _seed: int
    _index: int
    _dealer: int
    _totals: tuple[int, ...]
    _history: tuple[tuple[int, ...], ...]
    _carry: tuple[tuple[str, Any], ...]
    _deal: State
    _events: tuple[Event, ...]
    _result: MatchResult | None

    @classmethod
    def _make(cls, game: GameContext, *, seed: int, index: int, dealer: int,
              totals: tuple[int, ...], history: tuple[tuple[int, ...], ...],
              carry: tuple[tuple[str, Any], ...], deal: State, events: tuple[Event, ...],
              result: MatchResult | None) -> MatchState:
        return cls(game=game, seed=seed, index=index, dealer=dealer, totals=totals,
                   history=history, carry=carry, deal=deal, events=events, result=result)

    @classmethod
    def new(cls, game: GameContext, seed: int, dealer: int | None = None) -> MatchState:
        """The first deal of a match played from ``seed``; the first dealer is drawn by lot
        from ``seed`` unless ``dealer`` names them."""
        check_seed(seed)
        if dealer is None:
            dealer = game.first_dealer(seed)
        deal = game.procedure.new_deal(
            game, DealContext(dealer=dealer, seed=derive_seed(seed, "deal", 0), index=0))
        return cls._make(game, seed=seed, index=0, dealer=dealer, totals=(0,) * game.players,
                         history=(), carry=(), deal=deal, events=deal.events, result=None)

    @classmethod
    def set_up(cls, game: GameContext, *, deal: State, seed: int, index: int, dealer: int,
               totals: tuple[int, ...], history: tuple[tuple[int, ...], ...] = (),
               carry: tuple[tuple[str, Any], ...] = ()) -> MatchState:
        """A match in progress whose current deal is ``deal`` and whose totals before it
        are ``totals`` (checked like :meth:`from_json`).  A deal that is already over is
        scored at once: the match then ends or deals the next deal."""
        match_check.check_fields(game, seed=seed, index=index, dealer=dealer, totals=totals,
                                 history=history)
        if deal.game is not game:
            raise StateError("deal: the deal belongs to another game (set it up with this "
                             "game's setup)")
        if isinstance(deal, MatchState):
            raise StateError("deal: give a deal, not a match")
        state = cls._make(game, seed=seed, index=index, dealer=dealer, totals=totals,
                          history=history, carry=carry, deal=deal, events=deal.events,
                          result=None)
        match_check.check_live(game, state, _unless_pot_left(game, carry, index, decide(
            game, totals=totals, deals=index, dealer=dealer, partnerships=game.partnerships)))
        return state._after_deal(deal) if deal.is_over else state

    # -- the State contract ------------------------------------------------------

    @property
    def game(self) -> GameContext:
        return self._game

    @property
    def deal(self) -> State:
        """The current (or last) deal."""
        return self._deal

    @property
    def totals(self) -> tuple[int, ...]:
        """Match totals after the deals finished so far."""
        return self._totals

    @property
    def deal_index(self) -> int:
        """Number of the current deal, from 0."""
        return self._index

    @property
    def history(self) -> tuple[tuple[int, ...], ...]:
        """Every finished deal's results."""
        return self._history

    @property
    def seed(self) -> int:
        """The match seed."""
        return self._seed

    @property
    def current_player(self) -> int:
        return -1 if self._result is not None else self._deal.current_player

    @property
    def is_over(self) -> bool:
        return self._result is not None

    @property
    def events(self) -> tuple[Event, ...]:
        return self._events

    @property
    def result(self) -> MatchResult | None:
        """The match result once it is over."""
        return self._result

    def legal_actions(self) -> tuple[Action, ...]:
        return () if self._result is not None else self._deal.legal_actions()

    def why_illegal(self, action: Action) -> str | None:
        if self._result is not None:
            return "the match is over"
        return self._deal.why_illegal(action)

    def zones(self) -> dict[str, int]:
        return self._deal.zones()

    def hidden_cards(self, player: int) -> int:
        return self._deal.hidden_cards(player)

    def shown_cards(self, player: int) -> int:
        return self._deal.shown_cards(player)

    def resample(self, player: object, rng: random.Random) -> MatchState:
        """A match ``player`` cannot tell from this one: the current deal's hidden cards
        re-dealt (see :meth:`State.resample`) and a new match seed drawn from ``rng``, so
        that the deals still to come are unknown too (with the real seed every sampled
        future would hold the real next deal).  The view does not change: it shows no seed.
        """
        return MatchState._make(
            self._game, seed=rng.randint(0, MAX_SEED), index=self._index,
            dealer=self._dealer, totals=self._totals, history=self._history,
            carry=self._carry, deal=self._deal.resample(player, rng), events=self._events,
            result=self._result)

    def redeal(self, *, seed: int = 0, order: Sequence[int] = ()) -> MatchState:
        """This match with its current deal dealt again, from the shuffle ``order`` (every
        card once, the last dealt first, as :meth:`~cardrules.engine.game.Game.new_deal` takes
        it) or else from ``seed``; dealer, deal number, totals and carried facts stay.
        For drivers that draw each deal's shuffle themselves (the OpenSpiel adapter's
        chance nodes), right after the match dealt it; whatever was played of the deal is
        dropped.  A deal that is over at once is scored at once; a finished match is
        refused.

        >>> import cardrules
        >>> game = cardrules.load("bura", players=2)
        >>> match = game.new_match(seed=3, dealer=1).redeal(order=range(36))
        >>> match.deal.to_json() == game.new_deal(0, dealer=1, order=range(36)).to_json()
        True
        """
        check_seed(seed)
        if self._result is not None:
            raise StateError("the match is over: it has no deal to deal again")
        fresh = self._deal.events
        kept = len(self._events) - len(fresh)
        if kept < 0 or self._events[kept:] != fresh:
            kept = 0  # the events of the previous deal's end are no longer the last
        game = self._game
        order = tuple(order)
        if order and sorted(order) != list(game.pack.cards):
            raise StateError(f"a deal order must hold each of the {game.pack.count} cards "
                             "of the pack once")
        deal = game.procedure.new_deal(game, DealContext(
            dealer=self._dealer, seed=seed, index=self._index, carry=self._carry,
            order=order, previous=last_deal(game, self._history, self._totals,
                                            self._carry)))
        state = MatchState._make(
            game, seed=self._seed, index=self._index, dealer=self._dealer,
            totals=self._totals, history=self._history, carry=self._carry, deal=deal,
            events=(*self._events[:kept], *deal.events), result=None)
        return state._after_deal(deal) if deal.is_over else state

    def _next(self, action: Action) -> MatchState:
        deal = self._deal._step(action)
        if not deal.is_over:
            return MatchState._make(
                self._game, seed=self._seed, index=self._index, dealer=self._dealer,
                totals=self._totals, history=self._history, carry=self._carry, deal=deal,
                events=deal.events, result=None)
        return self._after_deal(deal)

    # -- between deals -------------------------------------------------------------
    # The next deal is made here; the listed phases that run between deals run in it
    # (cardrules.engine.flow), before its cards are dealt, knowing the last deal's result.

    def _after_deal(self, deal: State) -> MatchState:
        game = self._game
        result = deal.result
        assert isinstance(result, DealResult), "a finished deal has a DealResult"
        scores, counters = self._carried(result, deal)
        totals = tuple(t + s for t, s in zip(self._totals, scores))
        history = (*self._history, scores)
        events = [*deal.events, Event(kind="deal_scored", amount=self._index + 1)]
        outcome = decide(game, totals=totals, deals=self._index + 1, dealer=self._dealer,
                         partnerships=result.partnerships, last=result)
        carry = tuple({**dict(self._carry), **dict(result.carry), **counters}.items())
        outcome = _unless_pot_left(game, result.carry, self._index + 1, outcome)
        if outcome is not None:
            bonused = with_bonuses(game.variant.match, history, totals, outcome.winners)
            if bonused != totals:  # the result is what the totals with the bonuses give
                totals = bonused
                outcome = decide(game, totals=totals, deals=self._index + 1,
                                 dealer=self._dealer, partnerships=result.partnerships,
                                 last=result) or outcome
            events.append(Event(kind="match_end", cards=(), amount=outcome.deals))
            return MatchState._make(
                game, seed=self._seed, index=self._index, dealer=self._dealer, totals=totals,
                history=history, carry=carry, deal=deal, events=tuple(events), result=outcome)
        dealer = self._next_dealer(result, totals)
        index = self._index + 1
        new_deal = game.procedure.new_deal(game, DealContext(
            dealer=dealer, seed=derive_seed(self._seed, "deal", index), index=index,
            carry=carry, previous=last_deal(game, history, totals, carry)))
        events.extend(new_deal.events)
        state = MatchState._make(
            game, seed=self._seed, index=index, dealer=dealer, totals=totals, history=history,
            carry=carry, deal=new_deal, events=tuple(events), result=None)
        return state._after_deal(new_deal) if new_deal.is_over else state  # not played

    @property
    def counters(self) -> dict[str, int]:
        """The counters a ``carry`` hook carries into this deal, by name."""
        return {k.removeprefix(_COUNTER): v for k, v in self._carry if k.startswith(_COUNTER)}

    def _carried(self, result: DealResult, deal: State,
                 ) -> tuple[tuple[int, ...], dict[str, int]]:
        """What the finished deal adds to the totals, and the carry entries of the
        counters: the deal's scores (times the factor a ``match.scoreless_deal`` left
        waiting), then through the ``carry`` hook."""
        game = self._game
        scores, counters = scaled(game.variant.match, result.scores, self.counters)
        carry = game.hook("carry")
        if is_default("carry", carry):
            return scores, {_COUNTER + k: v for k, v in counters.items()}
        given = carry(CarryInput(scores=scores, totals=self._totals,
                                 counters=counters, details=dict(result.details),
                                 dealer=self._dealer, deal=deal))
        scores = tuple(getattr(given, "scores", ()))
        counters = dict(getattr(given, "counters", {}))
        if len(scores) != game.players or not all(type(s) is int for s in scores) \
                or not all(type(k) is str and type(v) is int for k, v in counters.items()):
            raise HookError(f"the carry hook {game.variant.hooks['carry']!r} must give a "
                            f"Carried with one whole number per player and whole-number "
                            f"counters, not {given!r:.80}")
        return scores, {_COUNTER + k: v for k, v in counters.items()}

    def _next_dealer(self, result: DealResult, totals: tuple[int, ...]) -> int:
        """The next dealer by the rule file's ``match.next_dealer``, passed through the
        ``next_dealer`` hook."""
        ruled = self._ruled_dealer(result, totals)
        game = self._game
        choose = game.hook("next_dealer")
        if is_default("next_dealer", choose):
            return ruled
        dealer = choose(NextDealerInput(dealer=self._dealer, ruled=ruled, scores=result.scores,
                                        totals=totals, finish=result.finish))
        if type(dealer) is not int or not 0 <= dealer < game.players:
            raise HookError(f"the next_dealer hook {game.variant.hooks['next_dealer']!r} must "
                            f"name a seat (0 to {game.players - 1}), not {dealer!r:.40}")
        return dealer

    def _ruled_dealer(self, result: DealResult, totals: tuple[int, ...]) -> int:
        """The next dealer by ``match.next_dealer``: by default the seat after the dealer's
        in the game's turn order (the dealer's left clockwise, right counter-clockwise);
        ties go to the first in that order from there."""
        game = self._game
        rule = game.variant.match.next_dealer
        turns = game.turns
        order = turns.round_from(turns.first_after(self._dealer))
        if rule is NextDealer.LOSER:
            return min(order, key=lambda p: result.scores[p])
        if rule is NextDealer.LAST_OUT:
            return result.finish[-1]
        if rule is NextDealer.DEAL_STARTER:
            return result.starter
        if rule is NextDealer.SCORE_LEADER:
            return max(order, key=lambda p: (totals[p], -order.index(p)))
        if rule is NextDealer.SCORE_TRAILER:
            return min(order, key=lambda p: totals[p])
        return order[0]

    # -- views and JSON --------------------------------------------------------------

    def view(self, player: int) -> View:
        out = self._deal.view(player).to_json()
        out["match"] = self._match_json()
        out["events"] = [e.to_json(self._game.pack, viewer=player) for e in self._events]
        return self._game.view_type.of(out)

    def _match_json(self) -> dict[str, Any]:
        spec = self._game.variant.match
        info: dict[str, Any] = {
            "deal": self._index, "dealer": self._dealer, "totals": list(self._totals),
            "history": [list(h) for h in self._history], "goal": spec.goal.value,
        }
        if self.counters:
            info["counters"] = self.counters
        if spec.pot is not None:
            info["pot"] = spec.pot.stake * self._game.players
        if self._result is not None:
            info["winners"] = list(self._result.winners)
            info["places"] = list(self._result.places)
            if self._result.payouts:
                info["payouts"] = list(self._result.payouts)
                info["kept"] = self._result.kept
        return info

    def to_json(self) -> dict[str, Any]:
        """The whole match, JSON-ready; a finished match also writes its ``result`` (which
        :meth:`from_json` checks against the totals)."""
        out = {
            "procedure": "match", "seed": self._seed, "index": self._index,
            "dealer": self._dealer, "totals": list(self._totals),
            "history": [list(h) for h in self._history],
            "carry": [[k, _jsonable(v)] for k, v in self._carry],
            "deal": self._deal.to_json(),
            "events": [e.record(self._game.pack) for e in self._events],
        }
        if self._result is not None:
            out["result"] = match_check.result_json(self._result)
        return out

    @classmethod
    def from_json(cls, game: GameContext, data: dict[str, Any]) -> MatchState:
        """Read back :meth:`to_json`.  Contradictions are refused with a
        :class:`~cardrules.errors.StateError` naming the field: totals or history rows of
        the wrong length, a dealer or deal index out of range, a finished deal inside a
        match its totals do not end, totals that end the match while a deal goes on, or a
        ``result`` that is not what the totals give."""
        try:
            if not isinstance(data.get("deal"), dict) or data["deal"].get("procedure") == \
                    "match":
                raise StateError("deal: a match holds one deal, not a match or other data")
            deal = game.state_from_json(data["deal"])
            totals = tuple(int(t) for t in data["totals"])
            history = tuple(tuple(int(s) for s in h) for h in data["history"])
            carry = tuple((str(k), _from_jsonable(v)) for k, v in data["carry"])
            seed, index, dealer = int(data["seed"]), int(data["index"]), int(data["dealer"])
            events = tuple(Event.from_record(game.pack, e) for e in data["events"])
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise StateError(f"not a match state of this game: {exc}") from exc
        match_check.check_fields(game, seed=seed, index=index, dealer=dealer, totals=totals,
                                 history=history)
        state = cls._make(game, seed=seed, index=index, dealer=dealer, totals=totals,
                          history=history, carry=carry, deal=deal, events=events, result=None)
        if deal.is_over:
            result = deal.result
            assert isinstance(result, DealResult), "a finished deal has a DealResult"
            outcome = decide(game, totals=totals, deals=index + 1, dealer=dealer,
                             partnerships=result.partnerships, last=result)
            match_check.check_over(state, result, outcome)
            assert outcome is not None
            state._result = outcome
        else:
            match_check.check_live(game, state, _unless_pot_left(game, carry, index, decide(
                game, totals=totals, deals=index, dealer=dealer,
                partnerships=game.procedure.partnerships(game))))
        match_check.check_result(data.get("result"), state._result)
        return state

    def _key(self) -> tuple[Any, ...]:
        return (self._seed, self._index, self._dealer, self._totals, self._history,
                self._carry, self._deal, self._events, self._result)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MatchState):
            return NotImplemented
        return self._game == other._game and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key()[:5])

    def __repr__(self) -> str:
        return f"<MatchState {self._game.variant.name} deal={self._index} " \
               f"totals={self._totals}>"


def last_deal(game: GameContext, history: tuple[tuple[int, ...], ...],
              totals: tuple[int, ...], carry: tuple[tuple[str, Any], ...] = (),
              ) -> LastDeal | None:
    """What the last finished deal of a match gave, read from the match's ``history`` and
    ``totals`` and the facts it ``carry``-es (None before the first deal is finished), for
    the listed phases that run
    between deals and the procedure (who leads, say): derived from the match's own
    fields, so that a deal dealt again, or a match read back, tells them the same."""
    if not history:
        return None
    scores = history[-1]
    low = standings.lower_is_better(game.variant.match.goal)
    teams = game.partnerships
    places = standings.places(scores, lower_is_better=low, partnerships=teams)
    return LastDeal(scores=scores, totals=totals, carry=carry,
                    winners=standings.firsts(places), places=places)


def _unless_pot_left(game: GameContext, carry: tuple[tuple[str, Any], ...], deals: int,
                     outcome: MatchResult | None) -> MatchResult | None:
    """``outcome``, unless the last deal left chips in the pot for the next (carried fact
    :data:`~cardrules.engine.state.POT_KEY`): the match then deals again, up to
    ``match.max_deals``."""
    if outcome is not None and dict(carry).get(POT_KEY, 0) \
            and deals < game.variant.match.max_deals:
        return None
    return outcome


def with_bonuses(spec: MatchSpec, history: tuple[tuple[int, ...], ...],
                 totals: tuple[int, ...], winners: tuple[int, ...]) -> tuple[int, ...]:
    """The ``totals`` of a finished match with ``spec``'s bonuses: ``box_bonus`` for
    each deal of ``history`` a player won (scored more than anyone else, above 0), and
    ``game_bonus`` for each of the match's ``winners``.

    >>> spec = MatchSpec(goal=Goal.REACH_TARGET, target=100, box_bonus=25, game_bonus=100)
    >>> with_bonuses(spec, ((30, 0), (0, 0), (0, 12), (75, 0)), (105, 12), (0,))
    (255, 37)
    """
    if not spec.box_bonus and not spec.game_bonus:
        return totals
    won = [0] * len(totals)
    for scores in history:
        best = max(scores)
        if best > 0 and scores.count(best) == 1:
            won[scores.index(best)] += 1
    return tuple(t + spec.box_bonus * w + (spec.game_bonus if p in winners else 0)
                 for p, (t, w) in enumerate(zip(totals, won)))


def scaled(spec: MatchSpec, scores: tuple[int, ...], counters: dict[str, int],
           ) -> tuple[tuple[int, ...], dict[str, int]]:
    """A finished deal's ``scores`` and the match ``counters`` after it, by
    ``spec.scoreless_deal``: a deal that scores nothing sets the factor of the next
    (counter :data:`~cardrules.model.match.FACTOR_COUNTER`); a deal that scores counts
    that many times and resets it to 1.  Without the rule, both as they are.

    >>> from cardrules.model.match import ScorelessDeal
    >>> spec = MatchSpec(goal=Goal.AVOID_LOSING_TOTAL, losing_total=12,
    ...                  scoreless_deal=ScorelessDeal(next_factor=2))
    >>> scaled(spec, (0, 0), {})
    ((0, 0), {'deal_factor': 2})
    >>> scaled(spec, (0, 0), {'deal_factor': 2})
    ((0, 0), {'deal_factor': 2})
    >>> scaled(spec, (0, 4), {'deal_factor': 2})
    ((0, 8), {'deal_factor': 1})
    """
    rule = spec.scoreless_deal
    if rule is None:
        return scores, counters
    factor = counters.get(FACTOR_COUNTER, 1)
    if not any(scores):
        return scores, {**counters, FACTOR_COUNTER: rule.factor_after(factor)}
    return tuple(s * factor for s in scores), {**counters, FACTOR_COUNTER: 1}


def decide(game: GameContext, *, totals: tuple[int, ...], deals: int, dealer: int,
           partnerships: Partnerships, last: DealResult | None = None) -> MatchResult | None:
    """The match result once ``deals`` deals have brought the totals to ``totals``, or None
    while the match goes on.

    ``reach_target``: once a partnership's total reaches the target (or, with a
    ``mercy``, falls to it below another's), the partnership with the highest total wins
    (a tie plays another deal).  A partnership's total is its seats' (partners score
    alike), compared as their sum.
    ``lowest_total``: once a total reaches the target, the partnership(s) with the lowest
    total win (tied partnerships share the win).  ``fixed_deals``: after ``deals`` deals (or
one pass through the hand-size schedule),
    the partnership(s) with the highest total win (tied partnerships share the win);
    ``lowest_after_deals`` likewise, the lowest total winning.
    ``avoid_losing_total``: once a total reaches the losing total, that seat's whole
    partnership loses and everyone else wins and shares the pot (lower totals, larger
    shares; ties by seat in turn from the seat after ``dealer``'s in the game's turn
    order).  At ``max_deals`` the match ends anyway, undecided on a tie or when nobody
    lost.  Places rank the seats by total.  A ``fixed_deals`` match of one deal is won as
    its deal, ``last``, was (winners and places): a procedure that plays a whole game to
    a target in one deal decides who won it.
    """
    spec = game.variant.match
    n = game.players
    low = standings.lower_is_better(spec.goal)
    places = standings.places(totals, lower_is_better=low, partnerships=partnerships)
    last_deal = deals >= spec.max_deals
    payouts: tuple[int, ...] = ()
    kept = 0
    if spec.goal is Goal.REACH_TARGET:
        if not _target_reached(spec, totals, partnerships) and not last_deal:
            return None
        leaders = standings.best(totals, lower_is_better=False, partnerships=partnerships)
        if leaders not in partnerships and not last_deal:
            return None
        winners = leaders if leaders in partnerships else ()
    elif spec.goal in (Goal.LOWEST_TOTAL, Goal.FIXED_DEALS, Goal.LOWEST_AFTER_DEALS):
        if spec.goal is Goal.LOWEST_TOTAL:
            ended = max(totals) >= spec.target
        else:
            ended = deals >= spec.deal_count(game.variant.deal.sizes(n))
        if not ended and not last_deal:
            return None
        winners = standings.firsts(places)  # the places of these totals, found above
        if last is not None and spec.goal is Goal.FIXED_DEALS \
                and spec.deal_count(game.variant.deal.sizes(n)) == 1:
            winners, places = last.winners, last.places
    else:
        losers = {p for team in partnerships for p in team
                  if any(totals[q] >= spec.losing_total for q in team)}
        if not losers and not last_deal:
            return None
        winners = tuple(p for p in range(n) if p not in losers) if losers else ()
        if spec.pot is not None and winners:
            seat_order = game.turns.round_from(game.turns.first_after(dealer))
            paid, kept = split_pot(
                pot=spec.pot.stake * n, table=spec.pot.split,
                totals={p: totals[p] for p in winners}, lower_is_better=True,
                remainder=spec.pot.remainder, seat_order=seat_order)
            payouts = tuple(paid.get(p, 0) for p in range(n))
    return MatchResult(totals=totals, winners=winners, places=places,
                       partnerships=partnerships, deals=deals, payouts=payouts, kept=kept)


def _target_reached(spec: MatchSpec, totals: tuple[int, ...],
                    partnerships: Partnerships) -> bool:
    """Whether a ``reach_target`` match ends at ``totals``: a partnership reached the
    target, or fell to the ``mercy`` total below another."""
    sides = [(sum(totals[p] for p in team), len(team)) for team in partnerships]
    if any(total >= spec.target * size for total, size in sides):
        return True
    if spec.mercy is None:
        return False
    return any(total <= spec.mercy * size and total * other < total_other * size
               for total, size in sides for total_other, other in sides)


_COUNTER = "counter."
"""The carry key prefix of a counter a ``carry`` hook carries."""


def _jsonable(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _from_jsonable(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value
