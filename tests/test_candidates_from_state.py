"""A phase whose candidates read no field of its own (``candidates_read_fields = False``)
is handed the state itself where its legal actions are listed, not a read-only guard of
its fields: its candidates must be what the guard gives at every step, and a phase that
says so wrongly fails at once."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardrules
from cardrules.engine import flow
from cardrules.engine.phased import bind
from cardrules.phases import find

_TABLE_ONLY = ("pass_cards", "rank_exchange")
"""The built-in phases that say their candidates read the table alone."""

_GAMES = [("hearts", 4), ("black-maria", 3), ("president", 4), ("president", 5)]
"""Shipped games listing them (President's exchange runs between the deals of a match)."""


@pytest.mark.parametrize("name", _TABLE_ONLY)
def test_the_phase_says_its_candidates_read_the_table_alone(name: str) -> None:
    assert find(name).candidates_read_fields is False
    assert find(name).candidates_all_legal is True


@pytest.mark.parametrize(("variant", "players"), _GAMES)
def test_candidates_from_the_state_are_those_from_the_guard(variant: str,
                                                            players: int) -> None:
    game = cardrules.load(variant, players=players)
    rng = random.Random(5)
    seen = 0
    for seed in range(3):
        match: Any = game.new_match(seed=seed)
        while not match.is_over:
            deal = match.deal
            stage = getattr(deal, "_stage", -1)
            if stage >= 0:
                phase, settings = game.phases[stage]
                if not phase.candidates_read_fields:
                    from_state = phase.candidates(deal, settings)
                    assert from_state == phase.candidates(bind(deal), settings)
                    assert tuple(from_state) == flow.legal(deal) == deal.legal_actions()
                    seen += 1
            match = match.apply(rng.choice(match.legal_actions()))
    assert seen > 0, "no step of a listed phase that reads the table alone"


def test_a_phase_that_reads_its_fields_wrongly_saying_so_fails_at_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = cardrules.load("hearts", players=4)
    phase = find("pass_cards")

    def reads_its_field(state: Any, settings: Any) -> list[Any]:
        return [state._passing]

    monkeypatch.setattr(phase, "candidates", reads_its_field)
    with pytest.raises(AttributeError, match="_passing"):
        flow.legal(game.new_deal(seed=1))
