"""Conformance checks any variant must pass, used by the tests and ``cardrules check``.

Each check raises :class:`ConformanceError` saying what broke.  :func:`check_playout`
plays one seeded random game and runs every check after every action.

>>> import cardrules
>>> report = check_playout(cardrules.load("bank", players=3), seed=1)
>>> report.actions > 0
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import attrs

from cardrules.actions import Action, Kind
from cardrules.errors import CardrulesError, IllegalActionError
from cardrules.game import Game, derive_seed
from cardrules.record import GameRecord, replay
from cardrules.state import State

__all__ = [
    "ConformanceError",
    "PlayoutFailure",
    "PlayoutReport",
    "Policy",
    "check_cards",
    "check_indices",
    "check_json",
    "check_legal",
    "check_playout",
    "check_refusals",
    "check_state",
    "check_views",
    "random_policy",
    "visible_cards",
]

class ConformanceError(CardrulesError):
    """A variant broke the engine's contract."""


class PlayoutFailure(ConformanceError):
    """A checked playout failed; ``record`` replays the game up to the failure."""

    def __init__(self, message: str, *, record: GameRecord,
                 cause: BaseException | None = None) -> None:
        super().__init__(message)
        self.record = record
        self.cause = cause


@attrs.frozen(kw_only=True)
class PlayoutReport:
    """Figures of one checked playout."""

    actions: int
    """Actions applied."""
    deals: int
    """Deals finished."""
    record: GameRecord
    """The game record, ready for ``cardrules replay``."""


def check_cards(state: State) -> None:
    """Every card of the pack lies in exactly one zone."""
    seen = 0
    for name, mask in state.zones().items():
        if seen & mask:
            raise ConformanceError(f"a card is in zone {name} and another zone at once")
        seen |= mask
    if seen != state.game.pack.full:
        lost = state.game.pack.full & ~seen
        raise ConformanceError(f"{lost.bit_count()} card(s) are in no zone")


def visible_cards(state: State, player: int) -> int:
    """Bit set of the cards ``player`` may see now, from the zones' declared visibility."""
    return state.game.pack.full & ~state.hidden_cards(player)


def _card_names(value: Any, names: set[str], out: set[str]) -> None:
    if isinstance(value, str):
        if value in names:
            out.add(value)
    elif isinstance(value, dict):
        for item in value.values():
            _card_names(item, names, out)
    elif isinstance(value, list):
        for item in value:
            _card_names(item, names, out)


def check_views(state: State, rng: random.Random, previous: State | None = None) -> None:
    """Views are JSON, show no card the player may not know, and do not change when the
    cards the player cannot see are re-dealt."""
    pack = state.game.pack
    names = {pack.name(c) for c in range(pack.size)}
    for player in range(state.game.players):
        view = state.view(player)
        json.dumps(view)
        known = visible_cards(state, player)
        if previous is not None:
            known |= visible_cards(previous, player)
        for event in state.events:
            if event.player == player or not event.private:
                for card in event.cards:
                    known |= 1 << card
        shown: set[str] = set()
        _card_names({k: v for k, v in view.items() if k != "events"}, names, shown)
        leaked = [n for n in shown if not (known >> pack.parse(n)) & 1]
        if leaked:
            raise ConformanceError(f"view of player {player} shows hidden card(s) "
                                   f"{', '.join(sorted(leaked))}")
        shown_events = view.get("events", [])
        if len(shown_events) != len(state.events):
            raise ConformanceError(f"view of player {player} lists {len(shown_events)} "
                                   f"events, the state has {len(state.events)}")
        for event, shown_event in zip(state.events, shown_events):
            if event.private and event.player != player and event.cards \
                    and not isinstance(shown_event.get("cards"), int):
                raise ConformanceError(f"view of player {player} shows the cards of "
                                       f"player {event.player}'s private {event.kind}")
        other = state.resample(player, rng)
        check_cards(other)
        if other.view(player) != view:
            raise ConformanceError(f"view of player {player} changes when hidden cards move")
        observation = state.game.observation
        encoded = observation.encode(state, player)
        if len(encoded) != observation.size:
            raise ConformanceError(f"observation of player {player} has {len(encoded)} "
                                   f"values, not {observation.size}")
        if observation.encode(other, player) != encoded:
            raise ConformanceError(f"observation of player {player} changes when hidden "
                                   f"cards move")


def check_json(state: State) -> None:
    """JSON round-trip is exact."""
    data = json.loads(json.dumps(state.to_json()))
    back = state.game.state_from_json(data)
    if back != state or back.to_json() != state.to_json():
        raise ConformanceError("state JSON round-trip is not exact")


def check_legal(state: State) -> None:
    """Legal actions exist unless the game is over, and each is accepted."""
    legal = state.legal_actions()
    if state.is_over:
        if legal:
            raise ConformanceError("a finished game offers actions")
        return
    if not legal:
        raise ConformanceError("the game is not over but offers no action")
    if len(set(legal)) != len(legal):
        raise ConformanceError("legal_actions() lists an action twice")
    for action in legal:
        if state.why_illegal(action) is not None:
            raise ConformanceError(f"legal action {state.describe(action)} is called illegal")


def check_indices(state: State) -> None:
    """Every legal action has its own index in the game's action space, which maps back
    to it."""
    space = state.game.action_space
    legal = state.legal_actions()
    try:
        indices = space.legal_indices(state)
    except CardrulesError as exc:
        raise ConformanceError(f"a legal action has no index: {exc}") from exc
    if len(set(indices)) != len(legal):
        raise ConformanceError("two legal actions share an index")
    for action, index in zip(legal, indices):
        if space.action(index) != action:
            raise ConformanceError(f"index {index} of {state.describe(action)} maps back to "
                                   f"{space.action(index)}")


def _candidates(state: State) -> list[Action]:
    pack = state.game.pack
    out = [Action(kind=Kind.DRAW), Action(kind=Kind.PASS)]
    out += [Action(kind=Kind.TRUMP, name=s) for s in pack.suits]
    for kind in (Kind.PLAY, Kind.LEAD, Kind.ANSWER, Kind.THROW):
        out += [Action(kind=kind, cards=(c,)) for c in range(pack.size)]
    return out


def check_refusals(state: State, rng: random.Random, samples: int = 6) -> None:
    """Actions outside ``legal_actions()`` raise IllegalActionError and change nothing."""
    legal = set(state.legal_actions())
    illegal = [a for a in _candidates(state) if a not in legal]
    before = state.to_json()
    for action in rng.sample(illegal, min(samples, len(illegal))):
        try:
            state.apply(action)
        except IllegalActionError as exc:
            if not str(exc):
                raise ConformanceError("an illegal action was refused without a reason") from exc
        else:
            raise ConformanceError(f"illegal action {state.describe(action)} was accepted")
    if state.to_json() != before:
        raise ConformanceError("a refused action changed the state")


Policy = Callable[[State, random.Random], Action]
"""Chooses the action of the player to move."""


def random_policy(state: State, rng: random.Random) -> Action:
    """A uniformly random legal action."""
    return rng.choice(state.legal_actions())


def check_state(state: State, rng: random.Random, previous: State | None = None, *,
                views: bool = True) -> None:
    """Every per-state check."""
    check_cards(state)
    check_legal(state)
    check_indices(state)
    check_json(state)
    if views:
        check_views(state, rng, previous)
    if not state.is_over:
        check_refusals(state, rng, samples=2)


def check_playout(game: Game, seed: int, *, match: bool = False, max_actions: int = 20000,
                  views: bool = True, policy: Policy = random_policy) -> PlayoutReport:
    """Play one game from ``seed`` checking every invariant after every action.

    ``max_actions`` bounds each deal; a match is bounded by its rules' ``max_deals``.

    Raises :class:`PlayoutFailure` (a :class:`ConformanceError`) carrying the record of
    the game up to the failure.
    """
    rng = random.Random(derive_seed(seed, "check"))
    state = game.new_match(seed) if match else game.new_deal(seed)
    states = [state]
    actions: list[Action] = []
    deals = in_deal = 0

    def fail(message: str, cause: BaseException | None = None) -> PlayoutFailure:
        record = GameRecord.of(game, seed=seed, actions=actions, match=match)
        return PlayoutFailure(message, record=record, cause=cause)

    while True:
        try:
            check_state(state, rng, states[-2] if len(states) > 1 else None, views=views)
        except ConformanceError as exc:
            raise fail(str(exc), exc) from exc
        except Exception as exc:
            raise fail(f"{type(exc).__name__}: {exc}", exc) from exc
        if state.is_over:
            break
        if in_deal >= max_actions:
            raise fail(f"a deal did not end within {max_actions} actions")
        try:
            action = policy(state, rng)
            actions.append(action)
            state = state.apply(action)
        except Exception as exc:
            raise fail(f"{type(exc).__name__}: {exc}", exc) from exc
        ended = sum(1 for e in state.events if e.kind == "deal_end")
        deals += ended
        in_deal = 0 if ended else in_deal + 1
        states.append(state)
    record = GameRecord.of(game, seed=seed, actions=actions, match=match)
    replayed = replay(game, GameRecord.from_json(json.loads(json.dumps(record.to_json()))))
    if replayed != states:
        raise ConformanceError("replaying the record does not give the same states")
    return PlayoutReport(actions=len(actions), deals=deals, record=record)
