"""Helpers of the web table's tests: drive human seats through the protocol, and find the
cards a message names."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterable
from typing import Any

from cardrules.engine.state import State
from cardrules.web.client import Client

_WORD = re.compile(r"[0-9A-Za-z]+")

Choose = Callable[[int, dict[str, Any]], str]


def random_choice(seed: int) -> Choose:
    """A chooser picking a random legal action (per seat, seeded)."""
    rngs: dict[int, random.Random] = {}

    def choose(seat: int, view: dict[str, Any]) -> str:
        rng = rngs.setdefault(seat, random.Random(seed * 31 + seat))
        return str(rng.choice(view["legal"])["action"])

    return choose


def drive(clients: dict[int, Client], choose: Choose, *,
          watchers: Iterable[Client] = ()) -> None:
    """Play the human seats of ``clients`` to the end of the game: a reference client
    reads the views in order; whenever a human seat is to act, that seat's client reads
    up to the same step and plays.  Then every client (and each of ``watchers``) reads
    to the last view."""
    reference = next(iter(clients.values()))
    last: dict[int, int] = {}
    while True:
        view = reference.view()
        if view["over"]:
            break
        seat = view["turn"]
        if seat not in clients or last.get(seat) == view["step"]:
            continue
        client = clients[seat]
        step = view["step"]
        mine = view if client is reference else client.until(
            lambda m, step=step: m.get("type") == "view" and m["step"] == step)
        last[seat] = view["step"]
        client.act(choose(seat, mine), step=mine["step"])
    for client in [*clients.values(), *watchers]:
        if not client.last_view.get("over"):
            client.until(lambda m: m.get("type") == "view" and m["over"])


def card_words(value: Any, names: frozenset[str]) -> set[str]:
    """The card names ``value`` (a message, as JSON) mentions anywhere."""
    return set(_WORD.findall(json.dumps(value))) & names


def known_cards(states: list[State], seat: int | None, names: frozenset[str]
                ) -> list[set[str]]:
    """Per step, the cards ``seat`` (None: a spectator, who knows what every seat's view
    shows) has seen in its views so far."""
    known: set[str] = set()
    out = []
    players = states[0].game.players
    for state in states:
        if seat is None:
            shown = [card_words(state.view(p).to_json(), names) for p in range(players)]
            known |= set.intersection(*shown)
        else:
            known |= card_words(state.view(seat).to_json(), names)
        out.append(set(known))
    return out


def leaks(frames: list[dict[str, Any]], known: list[set[str]], names: frozenset[str]
          ) -> list[str]:
    """Every card a frame names that its seat had not seen by then (a frame other than a
    view is checked at the step of the view that follows it)."""
    found = []
    steps = [f["step"] for f in frames if f.get("type") == "view"]
    next_view = 0
    for frame in frames:
        if frame.get("type") == "view":
            step = frame["step"]
            next_view += 1
        else:
            step = steps[next_view] if next_view < len(steps) else len(known) - 1
        shown = dict(frame)
        if frame.get("type") == "welcome":
            shown.pop("cards")  # the pack's names, public facts of the rules
            shown.pop("rules")
            shown.pop("table")  # a random id, whose letters may spell a card ("x_6D-f")
        extra = card_words(shown, names) - known[step]
        if extra:
            found.append(f"step {step} {frame.get('type')}: {sorted(extra)}")
    return found
