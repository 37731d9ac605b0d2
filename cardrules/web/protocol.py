"""The web table's JSON messages, built from what each seat may see and nothing else.

Every message to a seat is made from that seat's view (:meth:`State.view`): the view's
JSON form, its lines as the terminal lays them out (:func:`cardrules.tools.table.layout`),
its events in words, and — for the seat to act — the legal actions with their text.  A
spectator is sent the *public* view (:func:`public_view`): only what every seat's view
shows alike.  No message is built from the state itself, so no hidden card can reach a
browser.  ``docs/web.md`` describes the messages; ``schemas/web-protocol.schema.json``
is their JSON Schema.

>>> import cardrules
>>> from cardrules.tools.render import TextRenderer
>>> game = cardrules.load("bura", players=2)
>>> state = game.new_deal(seed=1)
>>> frame = view_message(state, 1, TextRenderer.of(game, ascii=True), step=0)
>>> frame["type"], frame["seat"], frame["turn"], [a["action"] for a in frame["legal"]]
('view', 1, 1, ['pass'])
>>> public = public_view([state.view(p).to_json() for p in range(2)])
>>> public["hands"], public["player"]
([4, 4], None)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from cardrules.engine.game import Game
from cardrules.engine.match import MatchState
from cardrules.engine.state import DealResult, MatchResult, State
from cardrules.tools.render import TextRenderer
from cardrules.tools.table import layout

__all__ = ["MAX_MESSAGE_BYTES", "PROTOCOL", "ProtocolError", "deal_summary", "error",
           "legal_entries", "match_summary", "parse_message", "public_view", "view_fields",
           "view_message"]

PROTOCOL = 1
"""The protocol's version, sent in ``welcome``."""
MAX_MESSAGE_BYTES = 4096
"""Largest message a client may send (a longer one is refused and the connection
closed)."""
CLIENT_TYPES = frozenset({"join", "act", "ping", "sync"})
"""The messages a client may send."""
MAX_ACTION_CHARS = 400
"""Longest action text a client may send."""


class ProtocolError(Exception):
    """A client's message that cannot be taken: ``code`` (a word) and ``reason``."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


def error(code: str, reason: str) -> dict[str, Any]:
    """An ``error`` message.

    >>> error("illegal", "you must follow suit")
    {'type': 'error', 'code': 'illegal', 'reason': 'you must follow suit'}
    """
    return {"type": "error", "code": code, "reason": reason}


def parse_message(text: str | bytes) -> dict[str, Any]:
    """A client's message read and checked: a JSON object with a known ``type`` and fields
    of the right kinds (raises :class:`ProtocolError` otherwise).

    >>> parse_message('{"type": "act", "action": "play 9S", "step": 4}')["action"]
    'play 9S'
    >>> parse_message('{"type": "act", "action": 3}')
    Traceback (most recent call last):
    ...
    cardrules.web.protocol.ProtocolError: 'action' must be a string of at most 400 characters
    """
    if len(text) > MAX_MESSAGE_BYTES:
        raise ProtocolError("too_big", f"a message is at most {MAX_MESSAGE_BYTES} bytes")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_message", "a message is one JSON object") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", "a message is one JSON object")
    kind = data.get("type")
    if kind not in CLIENT_TYPES:
        raise ProtocolError("bad_message", f"unknown message type; send one of "
                                           f"{', '.join(sorted(CLIENT_TYPES))}")
    if kind == "act":
        action = data.get("action")
        if not isinstance(action, str) or not action or len(action) > MAX_ACTION_CHARS:
            raise ProtocolError("bad_message", f"'action' must be a string of at most "
                                               f"{MAX_ACTION_CHARS} characters")
        step = data.get("step")
        if step is not None and (type(step) is not int or step < 0):
            raise ProtocolError("bad_message", "'step' must be a whole number")
    if kind == "join":
        for key in ("table", "token"):
            value = data.get(key)
            if value is not None and (not isinstance(value, str) or len(value) > 200):
                raise ProtocolError("bad_message", f"'{key}' must be a short string")
        if not isinstance(data.get("table"), str):
            raise ProtocolError("bad_message", "'join' names its 'table'")
    return data


def view_fields(game: Game) -> dict[str, str]:
    """What kind of entry each of the game's views holds, by key (the fields of its
    observation, :attr:`Game.observation`): ``cards`` (card names, or their number when
    hidden), ``card``, ``cards_by_seat``, ``number``, ``numbers_by_seat``, ``seat`` (a
    seat's number), ``seats_in`` (seats' numbers), ``one_of`` (a word), ``trick`` and so
    on; a key with a dot names an entry inside another (``trumps.classes``: the
    ``classes`` of the ``trumps`` entry).  The same for every seat: it tells the page how
    to draw an entry, never what it holds.

    >>> import cardrules
    >>> fields = view_fields(cardrules.load("durak", players=2))
    >>> fields["attacks"], fields["hands"], fields["attacker"], fields["out"]
    ('cards', 'cards_by_seat', 'seat', 'seats_in')
    >>> view_fields(cardrules.load("bank", players=3))["trumps.classes"]
    'suit_classes_by_seat'
    """
    kinds: dict[str, str] = {}
    for field in game.observation.fields:
        name = type(field).__name__
        kinds.setdefault(field.key, "".join(f"_{c.lower()}" if c.isupper() else c
                                            for c in name).lstrip("_"))
    return kinds


def public_view(views: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """What every seat's view shows alike: the view of a spectator.  Where the seats'
    views differ, a count shown to any of them is kept (a hidden hand's size), else the
    value is left out (None); ``player`` is None and no legal actions are shown.

    >>> public_view([{"hands": [["9S"], 1], "top": "AH"}, {"hands": [1, ["KS"]], "top": "AH"}])
    {'hands': [1, 1], 'top': 'AH'}
    """
    keys = [k for k in views[0] if k != "legal_actions" and all(k in v for v in views)]
    merged = {k: _common([v[k] for v in views]) for k in keys}
    if "player" in merged:
        merged["player"] = None
    return merged


def _common(values: list[Any]) -> Any:
    first = values[0]
    if all(v == first for v in values[1:]):
        return first
    counts = [v for v in values if isinstance(v, int) and not isinstance(v, bool)]
    if counts and all(c == counts[0] for c in counts):
        return counts[0]
    if all(isinstance(v, list) for v in values):
        if all(isinstance(c, str) for v in values for c in v):  # cards: shown as a count
            return len(first) if len({len(v) for v in values}) == 1 else None
        if len({len(v) for v in values}) == 1:
            return [_common([v[i] for v in values]) for i in range(len(first))]
    if all(isinstance(v, dict) for v in values) \
            and all(list(v) == list(first) for v in values[1:]):
        return {k: _common([v[k] for v in values]) for k in first}
    return None


def legal_entries(state: State, table: TextRenderer) -> list[dict[str, Any]]:
    """The legal actions of the seat to act: each one's notation (what ``act`` sends),
    its text in words and the cards it plays (their names).

    >>> import cardrules
    >>> game = cardrules.load("bank", players=2)
    >>> legal_entries(game.new_deal(seed=1), TextRenderer.of(game, ascii=True))[0]
    {'action': 'trump S', 'text': 'trump S', 'cards': []}
    """
    names = state.game.pack.names
    return [{"action": state.describe(a), "text": table.text(state.describe(a)),
             "cards": list(names(a.cards))} for a in state.legal_actions()]


def view_message(state: State, seat: int | None, table: TextRenderer, *, step: int,
                 phase: str = "") -> dict[str, Any]:
    """The ``view`` message for ``seat`` (None: a spectator): its view, laid out in lines,
    its events in words, whose turn it is and, for the seat to act, the legal actions.
    ``step``: actions played so far at the table; ``phase``: the stage the last action
    was made in (what a ``pass`` meant)."""
    if seat is None:
        entries = public_view([state.view(p).to_json() for p in range(state.game.players)])
    else:
        entries = state.view(seat).to_json()
    turn = state.current_player
    mine = seat is not None and turn == seat and not state.is_over
    events = entries.get("events") or []
    try:
        lines = layout(table, entries, seat)
    except (TypeError, ValueError, AttributeError, KeyError):  # an entry it cannot lay out
        lines = []
    return {"type": "view", "step": step, "seat": seat, "turn": turn,
            "over": state.is_over, "view": entries, "lines": lines,
            "events": [table.event(e, phase=phase) for e in events if isinstance(e, dict)],
            "legal": legal_entries(state, table) if mine else []}


def deal_summary(deal: State, *, number: int, match: MatchState | None) -> dict[str, Any]:
    """The ``deal_summary`` message of a finished ``deal`` (``number`` from 1; ``match``:
    the match after it): its scores and winners, and the match totals so far.  Public:
    it names no card."""
    result = deal.result
    scores = list(result.scores) if isinstance(result, DealResult) else []
    winners = list(result.winners) if isinstance(result, DealResult) else []
    finish = list(result.finish) if isinstance(result, DealResult) else []
    totals = list(match.totals) if match is not None else None
    lines = [f"Deal {number} over: " + "  ".join(f"P{p} {s:+d}" if match else f"P{p} {s}"
                                                  for p, s in enumerate(scores)),
             "Won by " + (", ".join(f"P{p}" for p in winners) or "nobody")]
    if totals is not None:
        lines.append("Match totals: " + "  ".join(f"P{p} {t}" for p, t in enumerate(totals)))
    return {"type": "deal_summary", "deal": number, "scores": scores, "winners": winners,
            "finish": finish, "totals": totals, "lines": lines}


def match_summary(match: MatchState) -> dict[str, Any]:
    """The ``match_summary`` message of a finished match: deal-by-deal scores, totals,
    places, winners and the pot's shares (public, like a deal's summary)."""
    result = match.result
    assert isinstance(result, MatchResult)
    lines = [f"Match over after {result.deals} deal{'s' if result.deals != 1 else ''}",
             "Totals: " + "  ".join(f"P{p} {t}" for p, t in enumerate(result.totals)),
             "Winner: " + (", ".join(f"P{p}" for p in result.winners) or "nobody")]
    if result.payouts:
        lines.append("Pot shares: " + "  ".join(f"P{p} {t}"
                                                for p, t in enumerate(result.payouts)))
    return {"type": "match_summary", "deals": result.deals,
            "history": [list(h) for h in match.history], "totals": list(result.totals),
            "places": list(result.places), "winners": list(result.winners),
            "payouts": list(result.payouts) if result.payouts else None, "lines": lines}
