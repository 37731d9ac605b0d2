"""Hypothesis strategies for cardrules: shipped variants, option settings, action picks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import strategies as st

import cardrules
from cardrules.loader.resources import builtin_variants
from cardrules.tools.option_space import option_values

FIXTURE_VARIANTS = (str(Path(__file__).parent / "fixtures" / "tricks" / "duties.yaml"),
                    str(Path(__file__).parent / "fixtures" / "betting" / "sixty-six-stakes.yaml"))
"""Test-only variants whose rules no shipped variant uses yet (their paths): the
properties over every variant cover them too."""


def variant_names() -> st.SearchStrategy[str]:
    """A shipped variant's name, or the path of a test-only variant."""
    return st.sampled_from([*sorted(builtin_variants()), *FIXTURE_VARIANTS])


def settings(name: str) -> st.SearchStrategy[dict[str, Any]]:
    """A value for every option of variant ``name`` (any combination)."""
    space = option_values(cardrules.load(name).variant)
    return st.fixed_dictionaries({key: st.sampled_from(values) for key, values in space.items()})


def games() -> st.SearchStrategy[tuple[str, dict[str, Any], int]]:
    """(variant name, option setting, number of players the setting allows); settings
    whose combination the rule file refuses are left out."""
    def with_players(name: str, options: dict[str, Any]
                     ) -> st.SearchStrategy[tuple[str, dict[str, Any], int]]:
        try:
            players = cardrules.load(name, options=options).variant.players
        except cardrules.VariantError:  # a combination the rule file refuses (Oh Hell's
            return st.nothing()          # OpenSpiel reading with named trumps)
        return st.tuples(st.just(name), st.just(options),
                         st.integers(players.min, players.max))

    def for_name(name: str) -> st.SearchStrategy[tuple[str, dict[str, Any], int]]:
        return settings(name).flatmap(lambda options: with_players(name, options))
    return variant_names().flatmap(for_name)


def action_picks() -> st.SearchStrategy[list[int]]:
    """Indices into successive ``legal_actions()`` (taken modulo their number)."""
    return st.lists(st.integers(0, 10_000), max_size=300)
