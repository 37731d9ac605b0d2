"""A match: deals in sequence until the variant's goal, with dealer rotation and the pot.

A match state is a state like any other: its actions are the current deal's, and
when a deal ends the next one is dealt at once (its seed derived from the match seed).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from cardrules.actions import Action
from cardrules.errors import StateError
from cardrules.events import Event
from cardrules.model.match import Goal, NextDealer
from cardrules.pot import split_pot
from cardrules.seeding import check_seed, derive_seed
from cardrules.state import DealContext, DealResult, MatchResult, State

if TYPE_CHECKING:
    from cardrules.game import Game

__all__ = ["MatchResult", "MatchState"]


class MatchState(State):
    """The state of a whole match."""

    __slots__ = ("_carry", "_deal", "_dealer", "_events", "_game", "_history", "_index",
                 "_result", "_seed", "_totals")

    _game: Game
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
    def _make(cls, game: Game, *, seed: int, index: int, dealer: int, totals: tuple[int, ...],
              history: tuple[tuple[int, ...], ...], carry: tuple[tuple[str, Any], ...],
              deal: State, events: tuple[Event, ...],
              result: MatchResult | None) -> MatchState:
        state = object.__new__(cls)
        state._game, state._seed, state._index, state._dealer = game, seed, index, dealer
        state._totals, state._history, state._carry = totals, history, carry
        state._deal, state._events, state._result = deal, events, result
        return state

    @classmethod
    def new(cls, game: Game, seed: int) -> MatchState:
        """The first deal of a match played from ``seed``."""
        dealer = game.first_dealer(check_seed(seed))
        deal = game.procedure.new_deal(
            game, DealContext(dealer=dealer, seed=derive_seed(seed, "deal", 0), index=0))
        return cls._make(game, seed=seed, index=0, dealer=dealer, totals=(0,) * game.players,
                         history=(), carry=(), deal=deal, events=deal.events, result=None)

    # -- the State contract ------------------------------------------------------

    @property
    def game(self) -> Game:
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

    def resample(self, player: int, rng: random.Random) -> MatchState:
        return MatchState._make(
            self._game, seed=self._seed, index=self._index, dealer=self._dealer,
            totals=self._totals, history=self._history, carry=self._carry,
            deal=self._deal.resample(player, rng), events=self._events, result=self._result)

    def _next(self, action: Action) -> MatchState:
        deal = self._deal._step(action)
        if not deal.is_over:
            return MatchState._make(
                self._game, seed=self._seed, index=self._index, dealer=self._dealer,
                totals=self._totals, history=self._history, carry=self._carry, deal=deal,
                events=deal.events, result=None)
        return self._after_deal(deal)

    # -- between deals -------------------------------------------------------------

    def _after_deal(self, deal: State) -> MatchState:
        game = self._game
        result = deal.result
        assert isinstance(result, DealResult), "a finished deal has a DealResult"
        totals = tuple(t + s for t, s in zip(self._totals, result.scores))
        history = (*self._history, result.scores)
        events = [*deal.events, Event(kind="deal_scored", amount=self._index + 1)]
        outcome = self._outcome(totals, len(history))
        carry = tuple({**dict(self._carry), **dict(result.carry)}.items())
        if outcome is not None:
            events.append(Event(kind="match_end", cards=(), amount=len(history)))
            return MatchState._make(
                game, seed=self._seed, index=self._index, dealer=self._dealer, totals=totals,
                history=history, carry=carry, deal=deal, events=tuple(events), result=outcome)
        dealer = self._next_dealer(result, totals)
        index = self._index + 1
        new_deal = game.procedure.new_deal(game, DealContext(
            dealer=dealer, seed=derive_seed(self._seed, "deal", index), index=index,
            carry=carry))
        events.extend(new_deal.events)
        return MatchState._make(
            game, seed=self._seed, index=index, dealer=dealer, totals=totals, history=history,
            carry=carry, deal=new_deal, events=tuple(events), result=None)

    def _outcome(self, totals: tuple[int, ...], deals: int) -> MatchResult | None:
        spec = self._game.variant.match
        n = self._game.players
        if spec.goal is Goal.REACH_TARGET:
            # The highest total wins once a total reaches the target, or at the latest
            # after max_deals deals; a tie for the highest total plays on (until then).
            best = max(totals)
            last_deal = deals >= spec.max_deals
            if best < spec.target and not last_deal:
                return None
            leaders = tuple(p for p in range(n) if totals[p] == best)
            if len(leaders) > 1 and not last_deal:
                return None
            return MatchResult(totals=totals, winners=leaders if len(leaders) == 1 else (),
                               deals=deals)
        losers = [p for p in range(n) if totals[p] >= spec.losing_total]
        if not losers:
            return None if deals < spec.max_deals else MatchResult(
                totals=totals, winners=(), deals=deals)
        winners = tuple(p for p in range(n) if p not in losers)
        payouts: tuple[int, ...] = ()
        kept = 0
        if spec.pot is not None and winners:
            pot = spec.pot.stake * n
            seat_order = tuple((self._dealer + k) % n for k in range(1, n + 1))
            paid, kept = split_pot(
                pot=pot, table=spec.pot.split, totals={p: totals[p] for p in winners},
                lower_is_better=True, remainder=spec.pot.remainder.value,
                seat_order=seat_order)
            payouts = tuple(paid.get(p, 0) for p in range(n))
        return MatchResult(totals=totals, winners=winners, deals=deals, payouts=payouts,
                           kept=kept)

    def _next_dealer(self, result: DealResult, totals: tuple[int, ...]) -> int:
        rule = self._game.variant.match.next_dealer
        n = self._game.players
        order = [(self._dealer + k) % n for k in range(1, n + 1)]
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

    def view(self, player: int) -> dict[str, Any]:
        out = self._deal.view(player)
        out["match"] = self._match_json()
        out["events"] = [e.to_json(self._game.pack, viewer=player) for e in self._events]
        return out

    def _match_json(self) -> dict[str, Any]:
        spec = self._game.variant.match
        info: dict[str, Any] = {
            "deal": self._index, "dealer": self._dealer, "totals": list(self._totals),
            "history": [list(h) for h in self._history], "goal": spec.goal.value,
        }
        if spec.pot is not None:
            info["pot"] = spec.pot.stake * self._game.players
        if self._result is not None:
            info["winners"] = list(self._result.winners)
            if self._result.payouts:
                info["payouts"] = list(self._result.payouts)
                info["kept"] = self._result.kept
        return info

    def to_json(self) -> dict[str, Any]:
        return {
            "procedure": "match", "seed": self._seed, "index": self._index,
            "dealer": self._dealer, "totals": list(self._totals),
            "history": [list(h) for h in self._history],
            "carry": [[k, _jsonable(v)] for k, v in self._carry],
            "deal": self._deal.to_json(),
            "events": [e.record(self._game.pack) for e in self._events],
        }

    @classmethod
    def from_json(cls, game: Game, data: dict[str, Any]) -> MatchState:
        """Read back :meth:`to_json`."""
        try:
            deal = game.state_from_json(data["deal"])
            totals = tuple(int(t) for t in data["totals"])
            history = tuple(tuple(int(s) for s in h) for h in data["history"])
            carry = tuple((str(k), _from_jsonable(v)) for k, v in data["carry"])
            state = cls._make(
                game, seed=int(data["seed"]), index=int(data["index"]),
                dealer=int(data["dealer"]), totals=totals, history=history, carry=carry,
                deal=deal, events=tuple(Event.from_record(game.pack, e) for e in data["events"]),
                result=None)
        except (KeyError, TypeError, ValueError) as exc:
            raise StateError(f"not a match state of this game: {exc}") from exc
        if len(totals) != game.players:
            raise StateError("match totals do not match the number of players")
        if deal.is_over:
            state._result = state._outcome(totals, len(history))
        return state

    def _key(self) -> tuple[Any, ...]:
        return (self._seed, self._index, self._dealer, self._totals, self._history,
                self._carry, self._deal, self._events, self._result)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MatchState):
            return NotImplemented
        return self._game is other._game and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key()[:5])

    def __repr__(self) -> str:
        return f"<MatchState {self._game.variant.name} deal={self._index} " \
               f"totals={self._totals}>"


def _jsonable(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _from_jsonable(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value
