"""Random Bura playouts under every option value (U1-U15), checking the state contract.

Single deals go through the shared conformance checks after every action (cards in
exactly one zone, legal actions accepted and others refused, views that leak nothing and
survive a re-deal of hidden cards, exact JSON and replay round trips).  Whole matches are
played with lighter checks after every action: cards conserved, no view showing another
hand, the stock or a card laid face down by someone else, JSON round trips, and a pot
paid out exactly as staked.
"""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest
from bura_support import bura
from rule_support import QUICK_LEAKS

from cardrules.cards import Pack
from cardrules.engine.match import MatchState
from cardrules.families.tricks.state import TricksState
from cardrules.tools.conformance import check_playout

OPTIONS: list[dict[str, Any]] = [
    {},
    {"hand_size": 3},
    {"combination_effect": "win_deal"},
    {"hand_size": 3, "combination_effect": "win_deal"},
    {"exactly_31": 4},
    {"zero_points_as_no_trick": "on"},
    {"losing_total": 6},
    {"losing_total": 24},
    {"stake": 333},
    {"stake": 1, "pot_remainder": "kept"},
    {"pot_remainder": "kept"},
    {"hand_size": 3, "exactly_31": 4, "zero_points_as_no_trick": "on", "stake": 7},
]
"""Every value of every option, and a few combinations."""

MAX_ACTIONS = 5000
"""No match takes more actions than this (a deal has at most 36 + a few declarations)."""


def _ids(options: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in options.items()) or "defaults"


@pytest.mark.parametrize("options", OPTIONS, ids=_ids)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_of_single_deals(players: int, options: dict[str, Any]) -> None:
    game = bura(players, **options)
    for seed in range(2):
        report = check_playout(game, seed, leak_share=QUICK_LEAKS)
        assert report.deals == 1


def _card_names(value: Any, pack: Pack, out: set[int]) -> None:
    if isinstance(value, str):
        for word in value.split():
            with contextlib.suppress(ValueError):
                out.add(pack.parse(word))
    elif isinstance(value, dict):
        for item in value.values():
            _card_names(item, pack, out)
    elif isinstance(value, list):
        for item in value:
            _card_names(item, pack, out)


def _forbidden(deal: TricksState, viewer: int, secret: dict[int, int]) -> int:
    """Cards ``viewer`` may not know: other hands and the stock (the turned-up trump card
    aside), and cards laid face down by others that the viewer did not take."""
    zones = deal.zones()
    mask = zones["stock"]
    for p in range(deal.game.players):
        if p != viewer:
            mask |= zones[f"hand{p}"] | secret.get(p, 0)
    if deal.trump_card >= 0:
        mask &= ~(1 << deal.trump_card)
    for event in deal.events:
        if event.kind == "declare":  # shown to all, even when they stay in hand (win_deal)
            for card in event.cards:
                mask &= ~(1 << card)
    return mask


def _check_step(state: MatchState, secret: dict[int, int]) -> None:
    deal = state.deal
    assert isinstance(deal, TricksState)
    zones = deal.zones()
    seen = 0
    for mask in zones.values():
        assert not seen & mask, "a card is in two zones"
        seen |= mask
    assert seen == deal.game.pack.full, "a card is in no zone"
    new_deal = any(e.kind == "deal_scored" for e in state.events)
    for viewer in range(deal.game.players):
        view = state.view(viewer).to_json()
        if new_deal:  # the events tell the end of the previous deal: check them apart
            for event, shown_event in zip(state.events, view.pop("events")):
                if event.private and event.player != viewer:
                    assert shown_event.get("cards", 0) == len(event.cards)
        shown: set[int] = set()
        _card_names(view, deal.game.pack, shown)
        leaked = {c for c in shown if (_forbidden(deal, viewer, secret) >> c) & 1}
        assert not leaked, f"view of {viewer} shows {deal.game.pack.names(leaked)}"


def _track_secrets(state: MatchState, secret: dict[int, int], pending: dict[int, int]) -> None:
    """Follow cards laid face down: secret to all but the thrower and whoever takes them."""
    for event in state.events:
        if event.kind == "deal":
            secret.clear()
            pending.clear()
        elif event.kind == "throw":
            mask = sum(1 << c for c in event.cards)
            secret[event.player] = secret.get(event.player, 0) | mask
            pending[event.player] = pending.get(event.player, 0) | mask
        elif event.kind == "take":
            for thrower, mask in pending.items():
                if thrower != event.player:
                    secret[thrower] &= ~mask  # the taker may look at them ...
                    secret[-1 - event.player] = secret.get(-1 - event.player, 0) | mask
            pending.clear()


@pytest.mark.parametrize("options", OPTIONS, ids=_ids)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_matches(players: int, options: dict[str, Any]) -> None:
    game = bura(players, **options)
    spec = game.variant.match
    assert spec.pot is not None
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new_match(seed)
        assert isinstance(state, MatchState)
        secret: dict[int, int] = {}
        pending: dict[int, int] = {}
        for step in range(MAX_ACTIONS):
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))  # type: ignore[assignment]
            assert isinstance(state, MatchState)
            _track_secrets(state, secret, pending)
            hidden = {p: m for p, m in secret.items() if p >= 0}
            _check_step(state, hidden)
            if step % 7 == 0:
                data = json.loads(json.dumps(state.to_json()))
                assert game.state_from_json(data) == state
        assert state.is_over, "the match did not end"
        result = state.result
        assert result is not None
        losers = [p for p in range(players) if state.totals[p] >= spec.losing_total]
        assert losers and set(result.winners) == set(range(players)) - set(losers)
        assert all(t % 2 == 0 for t in state.totals)  # every deal scores 0, 2, 4 or 6
        assert sum(result.payouts) + result.kept == spec.pot.stake * players
        assert all(result.payouts[p] == 0 for p in losers)
        assert result.kept == 0 or spec.pot.remainder.value == "kept"
