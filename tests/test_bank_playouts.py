"""Random Bank playouts under every option value, checking the state contract after each action.

After every action: each card of the pack lies in exactly one zone; scores equal the points
taken plus bonuses minus penalties as the events report them; ``view(p)`` shows no card ``p``
may not see; the state survives a JSON round trip.  Deals end within a bound; whole matches
end with a winner.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from bank_support import bank

import cardrules
from cardrules.engine.match import MatchState
from cardrules.families.shedding.state import SheddingState

MAX_ACTIONS = 400
"""No deal takes more actions (36 cards are laid or drawn at most once between passes)."""

OPTIONS: list[dict[str, Any]] = [
    {},
    {"trumps": "none"},
    {"trumps": "one"},
    {"trumps": "one", "trump_suits": ["C"]},
    {"trumps": "two"},
    {"trumps": "two", "trump_suits": ["H", "C"]},
    {"trumps": "ranked"},
    {"trump_assignment": "seat"},
    {"trump_beat": "step_only"},
    {"seven": "draw_then_play"},
    {"seven": "skip_and_draw"},
    {"seven": "nothing"},
    {"leftover_bank": "top_owner"},
    {"hand_penalty": "points"},
    *({"hand_penalty": "points_plus_fixed", "hand_penalty_fixed": f}
      for f in (15, 23, 31, 40, 48, 56)),
    {"hand_penalty": "points_plus_per_card", "hand_penalty_per_card": 3},
    {"hand_penalty": "points_plus_per_card", "hand_penalty_per_card": 6},
    # a few combinations
    {"trumps": "ranked", "trump_beat": "step_only", "seven": "draw_then_play"},
    {"trumps": "none", "leftover_bank": "top_owner", "hand_penalty": "points_plus_fixed"},
    {"trump_assignment": "seat", "seven": "skip_and_draw", "hand_penalty": "points"},
]


def _id(options: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in options.items()) or "defaults"


# -- the checks ------------------------------------------------------------------------


def check_zones(state: cardrules.State) -> None:
    """Every card of the pack in exactly one zone."""
    seen = 0
    for name, mask in state.zones().items():
        assert not seen & mask, f"a card of {name} is in two zones"
        seen |= mask
    assert seen == state.game.pack.full


def check_round_trip(state: cardrules.State) -> None:
    """The state survives JSON (as text) unchanged."""
    data = json.loads(json.dumps(state.to_json()))
    assert state.game.state_from_json(data) == state


def _strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_strings(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_strings(v) for v in value)) if value else set()
    return set()


def check_views(state: SheddingState, view_of: Any) -> None:
    """No player sees another's hand or the stock; others' draws appear as counts."""
    pack = state.game.pack
    stock = set(pack.names(state.stock))
    for p in range(state.game.players):
        view = view_of(p)
        hidden = set(stock)
        for q, held in enumerate(state.hands):
            shown = view.hands[q]
            if q == p:
                assert sorted(shown) == sorted(pack.names(pack.cards_of(held)))
            else:
                assert shown == held.bit_count()
                hidden |= set(pack.names(pack.cards_of(held)))
        assert view.stock == len(state.stock)
        for event in view.events:
            if event["kind"] == "draw" and event["player"] != p:
                assert isinstance(event["cards"], int)
        # a match view's events may end one deal and start the next: the cards named before
        # the new deal's "deal" event are the old deal's
        starts = [i for i, e in enumerate(view.events) if e["kind"] == "deal"]
        current = view.events[starts[-1] if starts else 0:]
        rest = {k: v for k, v in view.to_json().items() if k != "events"}
        leaked = hidden & (_strings(rest) | _strings(current))
        assert not leaked, f"player {p} sees {leaked}"
        assert (view.legal_actions is not None) == (state.current_player == p)


class Ledger:
    """Scores rebuilt from events: takes + bonuses - penalties."""

    def __init__(self, players: int) -> None:
        self.scores = [0] * players
        self.taken = [0] * players

    def add(self, state: cardrules.State) -> None:
        for event in state.events:
            if event.kind == "take":
                self.scores[event.player] += event.amount
                self.taken[event.player] += event.amount
            elif event.kind == "bonus":
                self.scores[event.player] += event.amount
            elif event.kind == "penalty":
                self.scores[event.player] -= event.amount
            elif event.kind == "deal":
                self.scores = [0] * len(self.scores)
                self.taken = [0] * len(self.taken)

    def check(self, deal: SheddingState) -> None:
        pack = deal.game.pack
        assert list(deal.scores) == self.scores
        assert [pack.value_of(t) for t in deal.taken] == self.taken


def play_deal(state: SheddingState, rng: random.Random) -> SheddingState:
    """Random legal actions to the end of the deal, checking everything on the way."""
    ledger = Ledger(state.game.players)
    ledger.add(state)
    out: tuple[int, ...] = ()
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            break
        actions = state.legal_actions()
        assert actions and 0 <= state.current_player < state.game.players
        assert state.hands[state.current_player] or state.phase == "deal"  # trumps being chosen
        state = state.apply(rng.choice(actions))
        ledger.add(state)
        ledger.check(state)
        check_zones(state)
        check_views(state, state.view)
        check_round_trip(state)
        assert state.out[:len(out)] == out
        out = state.out
        assert all(state.hands[p] == 0 for p in out)
    assert state.is_over, "the deal did not end"
    assert state.result is not None
    assert sum(1 for h in state.hands if h) <= 1 or not state.stock
    return state


# -- single deals under every option -------------------------------------------------------


@pytest.mark.parametrize("options", OPTIONS, ids=_id)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_deals(players: int, options: dict[str, Any]) -> None:
    """Random deals under one option setting (B1-B26 invariants)."""
    game = bank(players, **options)
    for seed in range(3):
        rng = random.Random(seed * 31 + players)
        state = game.new_deal(seed)
        assert isinstance(state, SheddingState)
        check_views(state, state.view)
        check_round_trip(state)
        final = play_deal(state, rng)
        finish = final.result.finish
        assert sorted(finish) == list(range(players))
        assert finish[:len(final.out)] == final.out


# -- whole matches -----------------------------------------------------------------------


@pytest.mark.parametrize(("players", "options"), [
    (2, {}),
    (3, {"next_dealer": "last_out", "seven": "draw_then_play"}),
    (4, {"next_dealer": "score_trailer", "hand_penalty": "points"}),
])
def test_random_match_to_248(players: int, options: dict[str, Any]) -> None:
    """B27: a whole match to 248 ends with one winner holding the highest total."""
    game = bank(players, **options)
    state = game.new_match(players)
    assert isinstance(state, MatchState)
    rng = random.Random(players)
    ledger = Ledger(players)
    for _ in range(MAX_ACTIONS * 40):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
        ledger.add(state)
        check_zones(state)
        if not state.deal.is_over:
            ledger.check(state.deal)
        if rng.random() < 0.05:
            check_views(state.deal, state.view)
            check_round_trip(state)
    assert state.is_over and state.result is not None
    totals = state.totals
    assert totals == tuple(sum(h[p] for h in state.history) for p in range(players))
    assert max(totals) >= 248
    assert state.result.winners == (totals.index(max(totals)),)
    assert totals.count(max(totals)) == 1
    assert state.result.deals == len(state.history)
    check_round_trip(state)


@pytest.mark.parametrize("rule", ["loser", "last_out", "deal_starter", "score_leader",
                                  "score_trailer"])
def test_random_match_next_dealer(rule: str) -> None:
    """B4: over a short match (target 120) each new dealer follows the next_dealer rule."""
    game = bank(3, trumps="none", next_dealer=rule, target=120)
    state = game.new_match(5)
    rng = random.Random(5)
    dealt = 0
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        deal = state.deal.apply(action)
        after = state.apply(action)
        if deal.is_over and not after.is_over:
            result = deal.result
            order = [(state.deal.dealer + k) % 3 for k in range(1, 4)]
            expected = {
                "loser": min(order, key=lambda p: result.scores[p]),
                "last_out": result.finish[-1],
                "deal_starter": result.starter,
                "score_leader": max(order, key=lambda p: (after.totals[p], -order.index(p))),
                "score_trailer": min(order, key=lambda p: after.totals[p]),
            }[rule]
            assert after.deal.dealer == expected
            assert after.deal_index == state.deal_index + 1
            dealt += 1
        state = after
    assert dealt >= 1
    assert state.result is not None and len(state.result.winners) == 1
