"""Tables a server hosts: the true state of each game, its seats (humans with secret
tokens, bots), who is listening, and the game record saved after every move.

A :class:`Table` takes moves one at a time (an :class:`asyncio.Lock` per table), refuses
a move of the wrong seat, a stale one (sent for an earlier ``step``) or an illegal one
with the reason the rules give, plays the bots' moves, and sends each listener only the
messages :mod:`cardrules.web.protocol` builds from that listener's seat's view.  No web
framework is needed here: a listener is anything with ``seat`` and ``send(message)``.

>>> import asyncio
>>> lobby = Lobby()
>>> table, tokens = lobby.create("bank", players=2, seats=["human", "greedy"], seed=3)
>>> sorted(tokens), table.seat_of(tokens[0]), table.seat_of("guess")
([0], 0, None)
>>> table.state.current_player, asyncio.run(table.act(0, "draw", step=0))["code"]
(1, 'not_your_turn')
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import os
import random
import secrets
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from cardrules.actions import Action
from cardrules.engine.game import Game, derive_seed
from cardrules.engine.match import MatchState
from cardrules.engine.record import GameRecord, game_of
from cardrules.engine.state import State
from cardrules.errors import CardrulesError, IllegalActionError, NotationError
from cardrules.loader.load import load
from cardrules.loader.resources import builtin_variants
from cardrules.tools.bots import Bot, Searcher, act, make_bot
from cardrules.tools.describe import describe
from cardrules.tools.render import TextRenderer
from cardrules.web import protocol

__all__ = ["HUMAN", "MAX_TABLES", "Listener", "Lobby", "Table"]

log = logging.getLogger("cardrules.web")

HUMAN = "human"
"""The seat kind of a person (any other kind names a bot, as ``make_bot`` reads it)."""
MAX_TABLES = 500
"""Most tables one server hosts."""
TABLE_FORMAT = 1
"""Version of a saved table's JSON layout."""


class Listener(Protocol):
    """A connection to a table: the seat it plays (None: a spectator) and a way to send
    it a message (without waiting: a listener queues what it cannot send at once)."""

    @property
    def seat(self) -> int | None:
        """The seat, or None for a spectator."""

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` for the client."""


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Table:
    """One game at a server: its state, seats and listeners.  Made by :class:`Lobby`."""

    def __init__(self, *, table_id: str, game: Game, seed: int, match: bool,
                 seats: Sequence[str], token_digests: Mapping[int, str],
                 path: Path | None = None, bot_delay: float = 0.0) -> None:
        self.id, self.game, self.seed, self.match = table_id, game, seed, match
        self.seats = tuple(seats)
        self.token_digests = dict(token_digests)
        self.path, self.bot_delay = path, bot_delay
        self.bots: dict[int, Bot] = {p: make_bot(kind) for p, kind in enumerate(seats)
                                     if kind != HUMAN}
        self.rngs = [random.Random(derive_seed(seed, "bot", p)) for p in range(game.players)]
        self.state: State = game.new_match(seed) if match else game.new_deal(seed)
        self.actions: list[str] = []
        self.summaries: list[dict[str, Any]] = []
        self.listeners: set[Listener] = set()
        self.lock = asyncio.Lock()
        self.phase = ""
        self.table = TextRenderer.of(game, ascii=True)
        self.rules = describe(game.variant)
        self._bots_running: asyncio.Task[None] | None = None

    # -- seats and listeners -----------------------------------------------------------

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose secret ``token`` this is (None: no seat's)."""
        if not token:
            return None
        digest = _digest(token)
        for seat, known in self.token_digests.items():
            if secrets.compare_digest(known, digest):
                return seat
        return None

    def welcome(self, seat: int | None) -> dict[str, Any]:
        """The ``welcome`` message: the table, the seat, who sits where, the rules, the
        kind of each entry of the views."""
        variant = self.game.variant
        connected = {listener.seat for listener in self.listeners}
        return {"type": "welcome", "protocol": protocol.PROTOCOL, "table": self.id,
                "seat": seat, "role": "spectator" if seat is None else "player",
                "variant": variant.name, "title": variant.title or variant.name,
                "players": self.game.players, "match": self.match,
                "options": dict(self.game.options),
                "seats": [{"seat": p, "kind": "human" if k == HUMAN else "bot",
                           "bot": None if k == HUMAN else k, "connected": p in connected}
                          for p, k in enumerate(self.seats)],
                "cards": list(self.game.pack.names(range(self.game.pack.size))),
                "suits": list(self.game.pack.suits), "rules": self.rules,
                "fields": protocol.view_fields(self.game)}

    def view(self, seat: int | None) -> dict[str, Any]:
        """The ``view`` message of ``seat`` now."""
        return protocol.view_message(self.state, seat, self.table, step=len(self.actions),
                                     phase=self.phase)

    def attach(self, listener: Listener) -> None:
        """Start sending to ``listener``: the welcome, the summaries so far and the view."""
        self.listeners.add(listener)
        listener.send(self.welcome(listener.seat))
        for summary in self.summaries:
            listener.send(summary)
        listener.send(self.view(listener.seat))

    def detach(self, listener: Listener) -> None:
        """Stop sending to ``listener``."""
        self.listeners.discard(listener)

    def _broadcast(self, messages: Sequence[dict[str, Any]] = ()) -> None:
        """Send ``messages`` (public ones) and then each listener its seat's view."""
        views: dict[int | None, dict[str, Any]] = {}
        for listener in list(self.listeners):
            seat = listener.seat
            for message in messages:
                listener.send(message)
            if seat not in views:
                views[seat] = self.view(seat)
            listener.send(views[seat])

    # -- moves -------------------------------------------------------------------------

    async def act(self, seat: int, text: str, *, step: int | None = None
                  ) -> dict[str, Any] | None:
        """Play ``text`` for ``seat``; None if played, else the ``error`` message saying
        why not (not this seat's turn, a stale ``step``, an action the rules refuse)."""
        async with self.lock:
            outcome = self._try(seat, text, step)
            if isinstance(outcome, dict):
                return outcome
            self._apply(*outcome)
        self.kick()
        return None

    def _try(self, seat: int, text: str, step: int | None
             ) -> dict[str, Any] | tuple[Action, State]:
        """The action ``seat`` means by ``text`` and the state after it, or the ``error``
        message refusing it."""
        state = self.state
        if state.is_over:
            return protocol.error("over", "the game is over")
        if step is not None and step != len(self.actions):
            return protocol.error("stale", f"this move was sent for step {step}, but the "
                                           f"table is at step {len(self.actions)}: "
                                           f"look at the table again")
        if seat != state.current_player:
            return protocol.error("not_your_turn",
                                  f"it is P{state.current_player}'s turn, not yours")
        try:
            action = self.game.parse_action(text)
            after = state.apply(action, player=seat)
        except NotationError as exc:
            return protocol.error("bad_action", str(exc))
        except IllegalActionError as exc:
            return protocol.error("illegal", str(exc))
        return action, after

    def _apply(self, action: Action, after: State) -> None:
        """Take the state ``after`` a legal ``action``, save the table and tell everyone."""
        before = self.state
        step = before.view(max(before.current_player, 0)).to_json().get("phase")
        self.phase = str(getattr(step, "value", step) or "")
        legal = before.legal_actions()
        same = [a for a in legal if a == action] or \
            [a for a in legal if sorted(a.cards) == sorted(action.cards)
             and (a.kind, a.name, a.amount) == (action.kind, action.name, action.amount)]
        action = same[0] if same else action
        self.actions.append(before.describe(action))
        self.state = after
        messages: list[dict[str, Any]] = []
        if isinstance(before, MatchState) and isinstance(after, MatchState):
            if after.is_over or after.deal_index != before.deal_index:
                messages.append(protocol.deal_summary(before.deal.apply(action),
                                                      number=before.deal_index + 1,
                                                      match=after))
            if after.is_over:
                messages.append(protocol.match_summary(after))
        elif after.is_over:
            messages.append(protocol.deal_summary(after, number=1, match=None))
        self.summaries.extend(messages)
        self.save()
        self._broadcast(messages)

    # -- bots --------------------------------------------------------------------------

    def kick(self) -> None:
        """Let the bots play while it is their turn (in a task of their own)."""
        if self.state.is_over or self.state.current_player not in self.bots:
            return
        if self._bots_running is None or self._bots_running.done():
            self._bots_running = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        while True:
            async with self.lock:
                seat = self.state.current_player
                if self.state.is_over or seat not in self.bots:
                    return
                action = await self._bot_move(seat)
                self._apply(action, self.state.apply(action))
            await asyncio.sleep(self.bot_delay)

    async def _bot_move(self, seat: int) -> Action:
        """The move of the bot of ``seat``; a random legal one if the bot fails (the table
        goes on and everyone is told)."""
        state, bot, rng = self.state, self.bots[seat], self.rngs[seat]
        legal = state.legal_actions()
        try:
            if isinstance(bot, Searcher):
                action = await asyncio.to_thread(act, bot, state, rng)
            else:
                action = act(bot, state, rng)
            if action not in legal:
                raise CardrulesError(f"the bot chose an illegal action: {action}")
        except Exception as exc:  # a bot's failure must not stop the table
            log.warning("table %s: the bot of P%d failed: %r", self.id, seat, exc)
            action = legal[rng.randrange(len(legal))]
            notice = {"type": "notice", "text": f"the bot of P{seat} failed "
                      f"({type(exc).__name__}); a random legal move was played for it"}
            for listener in list(self.listeners):
                listener.send(notice)
        return action

    async def idle(self) -> None:
        """Wait until the bots have stopped playing (for tests and shutdown)."""
        while self._bots_running is not None and not self._bots_running.done():
            await asyncio.sleep(0.001)

    # -- saving ------------------------------------------------------------------------

    def record(self) -> GameRecord:
        """The game so far as a game record (``cardrules replay`` reads it)."""
        return GameRecord.of(self.game, seed=self.seed, actions=self.actions,
                             match=self.match)

    def to_json(self) -> dict[str, Any]:
        """The table as saved: its record, seats, token digests and the bots' generators."""
        return {"format": TABLE_FORMAT, "id": self.id, "seats": list(self.seats),
                "tokens": {str(p): d for p, d in self.token_digests.items()},
                "rngs": [_rng_json(r) for r in self.rngs], "summaries": self.summaries,
                "phase": self.phase,
                "record": self.record().to_json()}

    def save(self) -> None:
        """Write the table to its file (atomically), if it has one."""
        if self.path is None:
            return
        temporary = self.path.with_suffix(".tmp")
        temporary.write_text(json.dumps(self.to_json()), encoding="utf-8")
        os.replace(temporary, self.path)

    @classmethod
    def from_json(cls, data: dict[str, Any], *, path: Path | None = None,
                  bot_delay: float = 0.0) -> Table:
        """A saved table read back, at the move it was saved after."""
        if data.get("format") != TABLE_FORMAT:
            raise CardrulesError(f"unknown saved table format {data.get('format')!r}")
        record = GameRecord.from_json(data["record"])
        game = game_of(record)
        table = cls(table_id=str(data["id"]), game=game, seed=record.seed,
                    match=record.match, seats=[str(s) for s in data["seats"]],
                    token_digests={int(p): str(d) for p, d in data["tokens"].items()},
                    path=path, bot_delay=bot_delay)
        table.state = game.replay(record)[-1]
        table.actions = list(record.actions)
        table.summaries = list(data.get("summaries", []))
        table.phase = str(data.get("phase", ""))
        for rng, saved in zip(table.rngs, data["rngs"]):
            rng.setstate((saved[0], tuple(saved[1]), saved[2]))
        return table


def _rng_json(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


class Lobby:
    """Every table of one server; ``folder``: where tables are saved (and read back from
    when the server starts again); ``files``: rule files a table may be made of, besides
    the shipped variants (a client names them by their path as given here)."""

    def __init__(self, folder: str | os.PathLike[str] | None = None, *,
                 files: Iterable[str] = (), bot_delay: float = 0.0) -> None:
        self.folder = Path(folder) if folder is not None else None
        self.files = tuple(files)
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        if self.folder is not None:
            self.folder.mkdir(parents=True, exist_ok=True)
            self._resume()

    def _resume(self) -> None:
        assert self.folder is not None
        for path in sorted(self.folder.glob("*.json")):
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                table = Table.from_json(data, path=path, bot_delay=self.bot_delay)
            except (OSError, ValueError, KeyError, TypeError, CardrulesError) as exc:
                log.warning("cannot resume the table saved in %s: %s", path, exc)
                continue
            self.tables[table.id] = table

    def variants(self) -> list[str]:
        """The variants a table may be made of."""
        return sorted(builtin_variants()) + list(self.files)

    def create(self, variant: str, *, players: int | None = None,
               options: Mapping[str, object] | None = None, match: bool = False,
               seats: Sequence[str] = (), seed: int | None = None) -> tuple[Table, dict[int,
                                                                                  str]]:
        """A new table and the secret token of each human seat (``seats``: per seat
        ``"human"`` or a bot's name; missing seats are greedy bots)."""
        if variant not in self.variants():
            raise CardrulesError(f"unknown variant {variant[:60]!r}; known: "
                                 f"{', '.join(self.variants())}")
        if len(self.tables) >= MAX_TABLES:
            raise CardrulesError(f"this server hosts at most {MAX_TABLES} tables")
        game = load(variant, players=players, options=options or None)
        kinds = list(seats)[:game.players]
        kinds += ["greedy"] * (game.players - len(kinds))
        for kind in kinds:
            if kind != HUMAN:
                make_bot(kind)  # an unknown bot is refused here, in words
        table_id = secrets.token_urlsafe(6)
        tokens = {p: secrets.token_urlsafe(18) for p, k in enumerate(kinds) if k == HUMAN}
        path = self.folder / f"{table_id}.json" if self.folder is not None else None
        table = Table(table_id=table_id, game=game,
                      seed=secrets.randbelow(2**63) if seed is None else seed, match=match,
                      seats=kinds, token_digests={p: _digest(t) for p, t in tokens.items()},
                      path=path, bot_delay=self.bot_delay)
        self.tables[table_id] = table
        table.save()
        return table, tokens

    def summary(self) -> list[dict[str, Any]]:
        """The tables in public words: variant, seats, step, whether over."""
        return [{"table": t.id, "variant": t.game.variant.name, "players": t.game.players,
                 "seats": ["human" if k == HUMAN else "bot" for k in t.seats],
                 "step": len(t.actions), "over": t.state.is_over}
                for t in self.tables.values()]

    async def close(self) -> None:
        """Stop every table's bots."""
        for table in self.tables.values():
            task = table._bots_running
            if task is not None and not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
