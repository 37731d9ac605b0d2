"""Views of the listed phases kept per phase record (``Phase.view_from_fields``,
``flow.views_kept``): a view made while the record's kept entries are warm is the view a
fresh copy of the state, whose record keeps nothing yet, makes."""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import pytest

import cardrules
from cardrules.engine.seeding import derive_seed
from cardrules.engine.turns import Start, TurnOrder
from cardrules.phases.calls import FROM_DEALER

VARIANTS = Path(__file__).resolve().parent.parent / "variants"
PHASED = sorted(path.stem for path in VARIANTS.glob("*.yaml")
                if cardrules.load(path.stem).phases)


@pytest.mark.parametrize("name", PHASED)
def test_kept_phase_views_are_the_views_a_fresh_copy_makes(name: str) -> None:
    game = cardrules.load(name)
    assert len(game.views_kept) == len(game.phases)
    rng = random.Random(7)
    for deal in range(3):
        state = game.new_deal(derive_seed(7, "kept views", deal))
        while True:
            fresh = game.state_from_json(state.to_json())
            for seat in range(game.players):
                kept = state.view(seat)
                assert kept == state.view(seat)  # once worked out, kept
                assert kept.to_json() == fresh.view(seat).to_json(), (name, seat)
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))


def test_a_view_kept_is_the_viewer_s_own_copy() -> None:
    """A caller changing the entries of one view changes nothing in the next."""
    game = cardrules.load("oh-hell")
    state = game.new_deal(5)
    state = state.apply(state.legal_actions()[0])  # a bid
    first = state.view(0).to_json()
    first["bids"].append(99)
    assert 99 not in state.view(0).to_json()["bids"]
    bridge = cardrules.load("bridge")
    state = bridge.new_deal(5)
    for _ in range(3):
        state = state.apply(state.legal_actions()[0])
    calls = state.view(1).calls  # a list of dicts, each copied
    calls[0]["call"] = "changed"
    calls.append({})
    assert state.view(1).calls == state.view(2).calls != calls
    # From a second view on, the kept entries are copied by a plan of their shapes (a
    # flat list sliced, a list of flat dicts each copied): still each view's own.
    fresh = bridge.state_from_json(state.to_json()).view(3).to_json()
    for _ in range(3):
        seen = state.view(3).to_json()
        assert seen == fresh
        seen["calls"][0]["call"] = "changed"
        seen["calls"].append({})
        seen["vulnerable"].append(9)
    assert state.view(3).to_json() == fresh


def test_the_phases_that_keep_their_views_and_under_which_settings() -> None:
    keeps = {name: cardrules.load(name).views_kept
             for name in ("hearts", "oh-hell", "euchre", "bridge", "skat", "tysyacha")}
    assert keeps["hearts"] == (True,)  # pass_cards
    assert keeps["oh-hell"] == (True,)  # bidding
    assert all(keeps["euchre"]) and all(keeps["bridge"]) and all(keeps["skat"])
    phase, settings = cardrules.load("bridge").phases[0]
    assert phase.view_from_fields_in(settings) and settings.order == FROM_DEALER
    from_winner = attrs.evolve(settings, order=TurnOrder(start=Start.WINNER))
    assert not phase.view_from_fields_in(from_winner)
    widow, widow_settings = cardrules.load("skat").phases[1]
    assert widow.view_from_fields_in(widow_settings)
    assert not widow.view_from_fields_in(attrs.evolve(widow_settings, hand=True))
    assert [kept for (phase, _), kept in zip(cardrules.load("tysyacha").phases,
                                              keeps["tysyacha"])
            if phase.name == "raise"] == [True]  # it shows nothing
