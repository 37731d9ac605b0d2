"""Helpers shared by the rule tests of every game."""

from __future__ import annotations

from typing import Any

import pytest

import cardrules


def play(state: cardrules.State, *actions: str) -> Any:
    """Apply ``actions`` in turn."""
    for action in actions:
        state = state.apply(action)
    return state


def legal_words(state: cardrules.State) -> list[str]:
    """The legal actions' notation, in the order the game lists them."""
    return [state.describe(a) for a in state.legal_actions()]


def final_scores(state: cardrules.State) -> tuple[int, ...]:
    """The scores of a finished deal."""
    assert state.is_over and state.result is not None
    return state.result.scores


def refused(state: cardrules.State, action: str, rule: str) -> str:
    """Assert ``action`` raises an IllegalActionError citing ``(rule)``; the state is unchanged."""
    before = state.to_json()
    with pytest.raises(cardrules.IllegalActionError) as info:
        state.apply(action)
    message = str(info.value)
    assert f"({rule})" in message, message
    assert state.to_json() == before
    return message


QUICK_LEAKS = 0.1
"""The share of states the default run's conformance checks search for leaks, drawn by
lot (the search is most of a check's cost); every other invariant is checked on every
state. The slow run (``-m slow``), the leak tests (``tests/test_reliability_leaks.py``)
and ``cardrules check`` search every state."""
