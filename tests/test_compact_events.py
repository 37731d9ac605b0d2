"""Events kept compactly (cardrules.engine.events): the shedding, bouts, climbing and
tricks families keep each event as a plain tuple on their hot path and make Event
records only when ``events`` is read; what a reader sees is the same records, views
and JSON as before."""

from __future__ import annotations

import random
from typing import cast

import pytest

import cardrules
from cardrules.cards import Pack
from cardrules.engine.events import Event, raw_event, records, records_json
from cardrules.engine.state import FieldState

COMPACT = [("crazy_eights", 2), ("pesten", 4), ("durak", 3), ("president", 4), ("hearts", 4),
           ("bura", 2), ("blackjack", 1), ("limit-holdem", 2), ("three-card-brag", 3),
           ("gin-rummy", 2), ("casino", 2), ("scopa", 3), ("cribbage", 2)]
"""A game of each family that keeps its events compactly (hearts: listed phases record
Event records among them)."""


def test_a_compact_event_is_the_record_s_fields_in_order() -> None:
    raw = raw_event(kind="take", player=2, cards=(1, 3), amount=5, note="bank", private=True)
    assert raw == ("take", 2, (1, 3), 5, "bank", True)
    assert raw_event(kind="deal_end") == tuple(Event(kind="deal_end"))
    assert records([raw, Event(kind="pass", player=0)]) == (
        Event(kind="take", player=2, cards=(1, 3), amount=5, note="bank", private=True),
        Event(kind="pass", player=0))


def test_a_view_shows_a_compact_event_as_its_record_shows_it() -> None:
    pack = Pack(ranks=("9", "10"), suits=("S", "H"))
    events = [raw_event(kind="draw", player=1, cards=(0, 3), private=True),
              Event(kind="play", player=0, cards=(2,), note="wild"),
              raw_event(kind="bonus", player=0, amount=20)]
    for viewer in (0, 1):
        assert records_json(events, pack, viewer) == [
            Event(*e).to_json(pack, viewer=viewer) for e in events]
    assert records_json(events, pack, 0)[0] == {"kind": "draw", "player": 1, "cards": 2}
    assert records_json(events, pack, 1)[0]["cards"] == ["9S", "10H"]


@pytest.mark.parametrize(("variant", "players"), COMPACT)
def test_a_state_s_events_read_as_records_and_its_views_and_json_agree(
        variant: str, players: int) -> None:
    game = cardrules.load(variant, players=players)
    rng = random.Random(11)
    state = game.new_deal(seed=5)
    seen = 0
    while not state.is_over:
        events = state.events
        assert all(type(e) is Event for e in events)
        seen += len(events)
        for seat in range(players):
            assert state.view(seat).events == [e.to_json(game.pack, viewer=seat)
                                               for e in events]
        again = game.state_from_json(state.to_json())
        assert again.events == events and again == state
        state = state.apply(rng.choice(state.legal_actions()))
    assert seen > 0
    assert state.events[-1].kind == "deal_end"  # the last action ends the deal


def test_the_seatings_a_state_reads_are_made_once_and_say_the_state_s_seats() -> None:
    game = cardrules.load("hearts", players=4)
    state = cast(FieldState, game.new_deal(seed=2))
    first, again = state.seating(), state.seating()
    assert first is again
    assert (first.players, first.dealer) == (4, state.to_json()["dealer"])
    later = state
    rng = random.Random(3)
    while later.seating().leader == first.leader and not later.is_over:
        later = cast(FieldState, later.apply(rng.choice(later.legal_actions())))
    moved = later.seating()
    assert moved.leader == later.to_json()["leader"] != first.leader
    assert moved is not first
