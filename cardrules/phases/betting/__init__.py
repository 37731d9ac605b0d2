"""The ``betting`` phase: the players stake chips on the deal in a round of betting, and
when the deal ends its pot goes to the best deal result among those still in.

Any game may list it, after the deal (the default) or at a point its play pauses at
(``when: between_tricks``: a round of betting after each trick, like the streets of a
poker hand): ``phases: [{betting: {chips: 100, ante: 1, bet: 2}}]``.  Each player has
``chips`` at the start of the match; the first round of a deal takes an ``ante`` from
each.  In turn from the dealer's left (``order``) the players check or bet, then call,
raise or fold, with the words and structures of the betting family (``limit``:
fixed, pot or no limit; ``bet``, ``max_bets``), all-ins included.  A player who folds
sits the rest of the deal out (the procedure must offer ``sitting_out``), and when all
but one have folded the deal is thrown in (``thrown_in``); with ``fold: false`` nobody
may fold, and any family may list the phase.

When the deal ends the procedure's scores rank the players still in (``best: highest``,
or ``lowest`` for a game of penalty points): each pot (a side pot above a player all in
for less) goes to the best among those who staked that much, tied players sharing it,
split as a match's money pot is (:func:`cardrules.primitives.pot.split_pot`).  The
deal's scores become each player's chips won or lost, so the match totals are chips, and
each player's chips at a deal's start are ``chips`` plus their total: a freeze-out is
``match: {goal: reach_target, target: C}`` with C the chips of all the others.

>>> phase = Betting()
>>> print(phase.describe(phase.settings({"chips": 50, "ante": 1, "bet": 2})))
... # doctest: +NORMALIZE_WHITESPACE
After the deal the players bet (an ante of 1; fixed limit, bets of 2, at most 3 a round);
those who fold sit the deal out, and the highest deal result among those still in takes
the pot.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, Protocol

import attrs

from cardrules.actions import Action, Kind
from cardrules.engine.action_space import Amounts, Family, Listed
from cardrules.engine.context import GameRules
from cardrules.engine.events import raw_event
from cardrules.engine.fields import Count, Label, Numbers, field
from cardrules.engine.observation import Field, NumbersBySeat
from cardrules.engine.procedures import find as find_procedure
from cardrules.engine.table import LastDeal, SitsOut, ThrowsIn, with_seat
from cardrules.engine.turns import DEALERS_LEFT, ORDER_SCHEMA, TurnOrder, When, read_order
from cardrules.engine.views import View
from cardrules.model.match import Remainder
from cardrules.model.variant import Variant
from cardrules.phases import Phase, register
from cardrules.primitives.pot import even_shares, side_pots, split_pot
from cardrules.primitives.wagers import (
    BET_ACTION,
    CALL,
    CHECK,
    FOLD,
    LETTERS,
    RAISE,
    WORDS,
    Limit,
    bet_range,
    least_after,
    sizes,
)

__all__ = ["Betting", "BettingTable", "WagerFields", "WagerSettings"]

_TIMINGS = {w.value: w for w in (When.AFTER_DEAL, When.BETWEEN_TRICKS, When.BETWEEN_BOUTS,
                                 When.BETWEEN_TURNS, When.BETWEEN_ROUNDS)}


@attrs.frozen(kw_only=True)
class WagerSettings:
    """The phase's section of a rule file."""

    bet: int
    """The size of a bet and of each raise (fixed limit); the least bet under pot and no
    limit."""
    chips: int = 100
    """Each player's chips at the start of the match."""
    ante: int = 0
    """Chips each player puts in the pot at the deal's first round of betting."""
    max_bets: int | None = 3
    """The most bets of a round: the opening bet and the raises (None: no cap)."""
    limit: Limit = Limit.FIXED
    """How much a bet or raise may be."""
    fold: bool = True
    """A player may fold, sitting the deal out (the procedure must offer it)."""
    best: str = "highest"
    """Which deal result takes the pot: the ``highest`` or the ``lowest``."""
    when: When = When.AFTER_DEAL
    """Where the rounds of betting come: after the deal, or at each pause of play."""
    order: TurnOrder = DEALERS_LEFT
    """Who acts first in each round, and the order after them."""


@attrs.define(slots=False)
class WagerFields:
    """The phase's state fields (all public: every bet is)."""

    _wager_chips: tuple[int, ...] = field(Numbers(minimum=0))
    """Each player's chips not in the pot."""
    _wager_staked: tuple[int, ...] = field(Numbers(minimum=0))
    """Each player's chips in the pot this deal."""
    _wager_round: tuple[int, ...] = field(Numbers(minimum=0))
    """Each player's chips put in during this round of betting."""
    _wager_folded: tuple[int, ...] = field(Numbers(minimum=0))
    """Per player, 1 once they have folded."""
    _wager_acted: tuple[int, ...] = field(Numbers(minimum=0))
    """Per player, 1 once they have acted since the round's last bet."""
    _wager_bets: int = field(Count())
    """Bets made in this round (the opening bet and the raises)."""
    _wager_least: int = field(Count())
    """Under pot and no limit, the least stake in this round a bet or raise may go to."""
    _wager_line: str = field(Label())
    """Every betting action of the deal by its letter, rounds apart by ``/``."""


class BettingTable(SitsOut, ThrowsIn, Protocol):
    """The table the betting works at: with its own fields, and a procedure that lets a
    seat sit out and a deal be thrown in."""

    _wager_chips: tuple[int, ...]
    _wager_staked: tuple[int, ...]
    _wager_round: tuple[int, ...]
    _wager_folded: tuple[int, ...]
    _wager_acted: tuple[int, ...]
    _wager_bets: int
    _wager_least: int
    _wager_line: str


def _to_call(state: BettingTable, seat: int) -> int:
    return min(max(state._wager_round) - state._wager_round[seat], state._wager_chips[seat])


def _acting(state: BettingTable, seat: int) -> bool:
    return not state._wager_folded[seat] and state._wager_chips[seat] > 0


def _pot(state: BettingTable) -> int:
    return sum(state._wager_staked)


def _may_raise(state: BettingTable, settings: WagerSettings, seat: int) -> bool:
    if settings.max_bets is not None and state._wager_bets >= settings.max_bets:
        return False
    if state._wager_chips[seat] <= _to_call(state, seat):
        return False
    return any(_acting(state, s) for s in range(state.game.players) if s != seat)


def _range(state: BettingTable, settings: WagerSettings, seat: int) -> tuple[int, int]:
    return bet_range(settings.limit, top=max(state._wager_round),
                     mine=state._wager_round[seat], chips=state._wager_chips[seat],
                     least_to=state._wager_least, pot=_pot(state))


def _put(state: BettingTable, seat: int, amount: int, note: str) -> None:
    amount = min(amount, state._wager_chips[seat])
    if not amount:
        return
    state._wager_chips = with_seat(state._wager_chips, seat, state._wager_chips[seat] - amount)
    state._wager_staked = with_seat(state._wager_staked, seat, state._wager_staked[seat] + amount)
    if note != "ante":
        state._wager_round = with_seat(state._wager_round, seat, state._wager_round[seat] + amount)
    state.record(raw_event(kind="stake", player=seat, amount=amount, note=note))


class Betting(Phase[BettingTable]):
    """A round of betting on the deal, its pot to the best result among those still in."""

    name = "betting"
    view_from_fields = True  # chips, stakes and folds: its fields
    fields = WagerFields
    schema: ClassVar[Mapping[str, Any]] = {
        "type": "object", "additionalProperties": False, "required": ["bet"],
        "properties": {
            "bet": {"type": "integer", "minimum": 1, "maximum": 1000000,
                    "description": "The size of a bet and of each raise (fixed limit); "
                                   "the least bet under pot and no limit."},
            "chips": {"type": "integer", "minimum": 1, "maximum": 1000000,
                      "description": "Each player's chips at the start of the match "
                                     "(default 100)."},
            "ante": {"type": "integer", "minimum": 0, "maximum": 1000000,
                     "description": "Chips each player puts in the pot at the deal's "
                                    "first round of betting (default 0)."},
            "max_bets": {"type": ["integer", "null"], "minimum": 1, "maximum": 20,
                         "description": "The most bets of a round, the opening bet and "
                                        "the raises (default 3; null: no cap)."},
            "limit": {"enum": [lim.value for lim in Limit],
                      "description": "fixed_limit (the default), pot_limit or no_limit: "
                                     "under the last two a bet or raise names its amount."},
            "fold": {"type": "boolean",
                     "description": "A player may fold and sit the deal out (default "
                                    "true; the procedure must offer it)."},
            "best": {"enum": ["highest", "lowest"],
                     "description": "Which deal result takes the pot (default highest)."},
            "when": {"enum": list(_TIMINGS),
                     "description": "Where the rounds of betting come: after the deal "
                                    "(the default) or at each pause of play."},
            "order": {**ORDER_SCHEMA, "description": "Who acts first in each round and "
                      "the order after them (default: from the dealer's left)."}}}

    def settings(self, section: Mapping[str, Any]) -> WagerSettings:
        return WagerSettings(bet=int(section["bet"]), chips=int(section.get("chips", 100)),
                             ante=int(section.get("ante", 0)),
                             max_bets=section.get("max_bets", 3),
                             limit=Limit(section.get("limit", Limit.FIXED.value)),
                             fold=bool(section.get("fold", True)),
                             best=str(section.get("best", "highest")),
                             when=_TIMINGS[section.get("when", When.AFTER_DEAL.value)],
                             order=read_order(section.get("order")))

    def timing(self, settings: WagerSettings) -> When:
        return settings.when

    def replaces_scores(self, settings: WagerSettings) -> bool:
        return True

    def check(self, settings: WagerSettings, variant: Variant) -> Iterator[str]:
        procedure = find_procedure(variant.play.procedure)
        if settings.fold:
            for need in ("sitting_out", "thrown_in"):
                for lack in procedure.lacks(need, variant):
                    yield (f"a player who folds sits the deal out, and a deal all but one "
                           f"fold is thrown in: it needs {lack} (or fold: false)")
        if settings.fold and settings.when is not When.AFTER_DEAL:
            yield ("a player who folds sits the rest of the deal out, which a game allows "
                   "before play only: betting at each pause of play needs fold: false")
        if settings.ante > settings.chips:
            yield f"an ante of {settings.ante} chips, but each player has {settings.chips}"
        if settings.limit is not Limit.FIXED and settings.chips * variant.players.max \
                > 999_999:
            yield "under pot and no limit a bet names its amount, at most 999,999 chips"

    def describe(self, settings: WagerSettings) -> str:
        when = "After the deal" if settings.when is When.AFTER_DEAL else \
            f"At each pause of play ({settings.when.value.replace('_', ' ')})"
        ante = f"an ante of {settings.ante}; " if settings.ante else ""
        cap = "no cap" if settings.max_bets is None else f"at most {settings.max_bets} a round"
        structure = f"fixed limit, bets of {settings.bet}" if settings.limit is Limit.FIXED \
            else f"{settings.limit.value.replace('_', ' ')}, bets of {settings.bet} at least"
        fold = "those who fold sit the deal out, and " if settings.fold else "nobody folds; "
        return (f"{when} the players bet ({ante}{structure}, {cap}); {fold}the "
                f"{settings.best} deal result among those still in takes the pot.")

    def draw(self, state: BettingTable, settings: WagerSettings, seed: int) -> None:
        n = state.game.players
        state._wager_chips = (settings.chips,) * n
        state._wager_staked = state._wager_round = state._wager_acted = (0,) * n
        state._wager_folded = (0,) * n

    def from_last_deal(self, state: BettingTable, settings: WagerSettings,
                       last: LastDeal) -> None:
        """Each player's chips: the match's chips plus their total (deal scores are chips
        won or lost)."""
        state._wager_chips = tuple(max(0, settings.chips + t) for t in last.totals)
        state._wager_folded = tuple(int(c == 0) for c in state._wager_chips)
        for seat, out in enumerate(state._wager_folded):
            if out and settings.fold:
                state.sit_out(seat)

    def skip(self, state: BettingTable, settings: WagerSettings) -> bool:
        return sum(1 for s in range(state.game.players) if _acting(state, s)) < 2

    def enter(self, state: BettingTable, settings: WagerSettings) -> None:
        if not state._wager_line:
            for seat in range(state.game.players):
                if not state._wager_folded[seat]:
                    _put(state, seat, settings.ante, "ante")
        else:
            state._wager_line += "/"
        state._wager_round = state._wager_acted = (0,) * state.game.players
        state._wager_bets = 0
        state._wager_least = settings.bet
        first = settings.order.first(state.seating())
        state.turn_to(next((s for s in state.game.turns.round_from(first)
                            if _acting(state, s)), first))

    def candidates(self, state: BettingTable, settings: WagerSettings) -> list[Action]:
        p = state.to_act
        due = _to_call(state, p)
        stay = ([FOLD] if settings.fold else []) + [CALL] if due else [CHECK]
        if not _may_raise(state, settings, p):
            return stay
        word = RAISE if state._wager_bets else BET_ACTION
        if settings.limit is Limit.FIXED:
            return [*stay, word]
        low, high = _range(state, settings, p)
        return [*stay, *sizes(word.name, low, high)]

    def refusal(self, state: BettingTable, settings: WagerSettings,
                action: Action) -> str | None:
        """Why ``action`` is refused in the round of betting, with the rule file's
        reference for ``betting``."""
        reason = self._reason(state, settings, action)
        return None if reason is None else reason + state.game.rule_ref(self.name)

    def _reason(self, state: BettingTable, settings: WagerSettings,
                action: Action) -> str | None:
        p, word = state.to_act, action.name
        if action.kind is not Kind.VERB or word not in WORDS:
            return f"player {p} folds, checks, calls, bets or raises"
        due = _to_call(state, p)
        if word == "fold" and not settings.fold:
            return "nobody may fold in this game: call or check"
        if due and word in ("check", "bet"):
            return f"player {p} has {due} to call: call, raise" + \
                (" or fold" if settings.fold else "")
        if not due and word in ("fold", "call", "raise"):
            return "there is no bet to call: check or bet" if not state._wager_bets \
                else f"player {p} has no bet to call: check or raise"
        if word == "bet" and state._wager_bets:
            return "the round has a bet already: raise it"
        if word not in ("bet", "raise"):
            return None
        if not _may_raise(state, settings, p):
            return "no more bets in this round: call" + (" or fold" if settings.fold else "")
        if settings.limit is Limit.FIXED:
            return None if not action.amount else \
                f"bets are of a fixed size: write '{word}' without an amount"
        low, high = _range(state, settings, p)
        if not low <= action.amount <= high:
            return f"{word} to {low} chips at least and {high} at most, the stake in " \
                   "this round after it"
        return None

    def apply(self, state: BettingTable, settings: WagerSettings, action: Action) -> bool:
        p, word, n = state.to_act, action.name, state.game.players
        letter = LETTERS[word]
        if word == "fold":
            state._wager_folded = with_seat(state._wager_folded, p, 1)
            state.record(raw_event(kind="fold", player=p))
            state.sit_out(p)
        elif word in ("bet", "raise"):
            top = max(state._wager_round)
            if settings.limit is Limit.FIXED:
                _put(state, p, _to_call(state, p) + settings.bet, word)
            else:
                _put(state, p, action.amount - state._wager_round[p], word)
                letter += str(action.amount)
            state._wager_least = least_after(state._wager_least,
                                             stake=state._wager_round[p], top=top)
            state._wager_bets += 1
            state._wager_acted = (0,) * n
        elif word == "call":
            _put(state, p, _to_call(state, p), word)
        else:
            state.record(raw_event(kind="check", player=p))
        state._wager_acted = with_seat(state._wager_acted, p, 1)
        state._wager_line += letter
        if sum(1 for s in range(n) if not state._wager_folded[s]) == 1:
            state.throw_in()
            return True
        if all(state._wager_acted[s] and not _to_call(state, s)
               for s in range(n) if _acting(state, s)):
            return True
        state.turn_to(next(s for s in state.game.turns.round_from(state.game.turns.following[p])
                           if _acting(state, s)))
        return False

    def score(self, state: BettingTable, settings: WagerSettings,
              scores: tuple[int, ...]) -> tuple[int, ...]:
        """Each player's chips won or lost: every pot to the best of ``scores`` among the
        players still in who staked that much."""
        n = state.game.players
        order = state.game.turns.round_from(settings.order.first(state.seating()))
        live = [s for s in order if not state._wager_folded[s]]
        won = [0] * n
        low = settings.best == "lowest"
        for size, shares in side_pots(state._wager_staked, live):
            best = (min if low else max)(scores[s] for s in shares)
            paid, _ = split_pot(pot=size, table=even_shares(sum(
                1 for s in shares if scores[s] == best)), totals={
                s: 0 for s in shares if scores[s] == best}, lower_is_better=False,
                remainder=Remainder.ONE_EACH, seat_order=order)
            for seat, amount in paid.items():
                won[seat] += amount
        return tuple(w - s for w, s in zip(won, state._wager_staked, strict=True))

    def view(self, state: BettingTable, settings: WagerSettings,
             player: int) -> dict[str, Any]:
        return {"wager_chips": list(state._wager_chips),
                "wager_staked": list(state._wager_staked),
                "wager_round": list(state._wager_round),
                "wager_folded": list(state._wager_folded),
                "wager_line": state._wager_line}

    def view_entries(self, game: GameRules, settings: WagerSettings) -> tuple[str, ...]:
        return ("wager_chips", "wager_staked", "wager_round", "wager_folded", "wager_line")

    def families(self, game: GameRules, settings: WagerSettings) -> tuple[Family, ...]:
        if settings.limit is Limit.FIXED:
            return (Listed(actions=(FOLD, CHECK, CALL, BET_ACTION, RAISE)),)
        most = settings.chips * game.players
        return (Listed(actions=(FOLD, CHECK, CALL)),
                Amounts(name=BET_ACTION.name, low=1, high=most),
                Amounts(name=RAISE.name, low=1, high=most))

    def observation_fields(self, game: GameRules, settings: WagerSettings) -> tuple[Field, ...]:
        return (NumbersBySeat(key="wager_chips"), NumbersBySeat(key="wager_staked"),
                NumbersBySeat(key="wager_round"), NumbersBySeat(key="wager_folded"))

    def action_bound(self, settings: WagerSettings, variant: Variant) -> int:
        if settings.limit is Limit.FIXED:
            return 3
        return 2 + settings.chips * variant.players.max

    def move_scorer(self, view: View, settings: WagerSettings, legal: Sequence[Action],
                    ) -> Callable[[Action], float]:
        """Stay in cheaply: check or call, never fold for nothing, bet seldom."""
        return lambda action: {"check": 1.0, "call": 0.8, "bet": 0.3,
                               "raise": 0.2}.get(action.name, 0.0)


register(Betting())
