"""The web server: a Starlette application serving the browser table's static files, a
small JSON API to list variants and make tables, and the WebSocket every client plays
through (:mod:`cardrules.web.protocol`).

Starlette and uvicorn (the ``[web]`` extra) were chosen because they are small, typed,
well kept ASGI libraries with WebSockets built in and an in-process test client, so the
tests drive the real protocol without a network or a browser.

>>> from starlette.testclient import TestClient
>>> client = TestClient(make_app(Lobby()))
>>> client.get("/api/variants").json()["variants"][0]
{'name': 'bank', 'title': 'Bank', 'players': [2, 4]}
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from cardrules.errors import CardrulesError
from cardrules.loader.load import load
from cardrules.web import protocol
from cardrules.web.tables import HUMAN, Lobby, Table

__all__ = ["BURST", "JOIN_SECONDS", "RATE", "STATIC", "Connection", "make_app", "serve"]

log = logging.getLogger("cardrules.web")

STATIC = Path(__file__).resolve().parent / "static"
"""The browser table's files."""
RATE = 10.0
"""Messages a client may send per second, on average."""
BURST = 30.0
"""Messages a client may send at once before the rate applies."""
REFUSED_BEFORE_CLOSE = 100
"""Messages over the rate after which the connection is closed."""
QUEUE_LIMIT = 2000
"""Messages waiting for a slow client before its connection is dropped."""
JOIN_SECONDS = 30.0
"""Time a client has to send ``join``."""
MAX_BODY = 16_384
"""Largest request body the API reads."""


class Connection:
    """One client's WebSocket at a table: its seat and a queue of messages written to the
    socket by a task of its own, so a slow client never holds up the table."""

    def __init__(self, socket: WebSocket, seat: int | None) -> None:
        self.socket = socket
        self._seat = seat
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.dropped = False

    @property
    def seat(self) -> int | None:
        """The seat played (None: a spectator)."""
        return self._seat

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message``; a client too slow to take them is dropped."""
        if self.queue.qsize() >= QUEUE_LIMIT:
            self.dropped = True
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(message)

    def send_close(self) -> None:
        """Close the connection once what is queued has been sent."""
        self.queue.put_nowait(None)

    async def write(self) -> None:
        """Send the queued messages until the connection ends."""
        while True:
            message = await self.queue.get()
            if message is None or self.dropped:
                await self.socket.close(code=1008)
                return
            await self.socket.send_text(json.dumps(message, separators=(",", ":")))


class Bucket:
    """A token bucket: :meth:`take` is False when the client sends too fast."""

    def __init__(self, rate: float = RATE, burst: float = BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.when = burst, time.monotonic()

    def take(self) -> bool:
        """One message's token, if there is one."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.when) * self.rate)
        self.when = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def make_app(lobby: Lobby, *, rate: float = RATE, burst: float = BURST) -> Starlette:
    """The application serving ``lobby``'s tables."""

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def table_page(request: Request) -> Response:
        return FileResponse(STATIC / "table.html")

    known: list[dict[str, Any]] = []

    async def variants(request: Request) -> Response:
        if not known:
            known.extend(_variants(lobby))
        return JSONResponse({"variants": known})


    async def tables(request: Request) -> Response:
        return JSONResponse({"tables": lobby.summary()})

    async def create(request: Request) -> Response:
        body = await request.body()
        if len(body) > MAX_BODY:
            return JSONResponse(protocol.error("too_big", "the request is too large"), 413)
        try:
            data = json.loads(body or b"{}")
            if not isinstance(data, dict):
                raise ValueError("not an object")
            seats = data.get("seats", [])
            options = data.get("options", {})
            if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats) \
                    or not isinstance(options, dict):
                raise ValueError("seats is a list of names, options an object")
            players = data.get("players")
            if players is not None and type(players) is not int:
                raise ValueError("players is a whole number")
            table, tokens = lobby.create(str(data.get("variant", "")), players=players,
                                         options=options, match=bool(data.get("match")),
                                         seats=seats)
        except (ValueError, CardrulesError) as exc:
            return JSONResponse(protocol.error("bad_request", str(exc)), 400)
        table.kick()
        return JSONResponse(seat_links(table, tokens))

    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await lobby.close()

    async def socket(websocket: WebSocket) -> None:
        await play(websocket, lobby, Bucket(rate, burst))

    app = Starlette(routes=[
        Route("/", index), Route("/t/{table}", table_page),
        Route("/api/variants", variants), Route("/api/tables", tables),
        Route("/api/tables", create, methods=["POST"]),
        WebSocketRoute("/ws", socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ], lifespan=contextlib.asynccontextmanager(lifespan))
    app.state.lobby = lobby
    return app


def _variants(lobby: Lobby) -> list[dict[str, Any]]:
    found = []
    for name in lobby.variants():
        try:
            variant = load(name).variant
        except CardrulesError:
            continue
        found.append({"name": name, "title": variant.title or variant.name,
                      "players": [variant.players.min, variant.players.max]})
    return found


def seat_links(table: Table, tokens: dict[int, str]) -> dict[str, Any]:
    """The answer to making a table: each human seat's secret link (the token after
    ``#``, so it never reaches a server's log) and the spectators' link."""
    return {"table": table.id, "spectate": f"/t/{table.id}",
            "seats": [{"seat": p, "kind": k if k == HUMAN else "bot", "bot": None
                       if k == HUMAN else k, "token": tokens.get(p),
                       "link": f"/t/{table.id}#{tokens[p]}" if p in tokens else None}
                      for p, k in enumerate(table.seats)]}


async def _refuse(websocket: WebSocket, code: str, reason: str) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_text(json.dumps(protocol.error(code, reason)))
        await websocket.close(code=1008)  # the browser table stops reconnecting


async def play(websocket: WebSocket, lobby: Lobby, bucket: Bucket) -> None:
    """One client's connection: ``join``, then moves, until it closes."""
    await websocket.accept()
    try:
        first = await asyncio.wait_for(websocket.receive_text(), JOIN_SECONDS)
        join = protocol.parse_message(first)
    except protocol.ProtocolError as exc:
        await _refuse(websocket, exc.code, exc.reason)
        return
    except (asyncio.TimeoutError, WebSocketDisconnect, KeyError, RuntimeError):
        await _refuse(websocket, "bad_message", "send 'join' first")
        return
    if join["type"] != "join":
        await _refuse(websocket, "bad_message", "send 'join' first")
        return
    table = lobby.tables.get(join["table"])
    if table is None:
        await _refuse(websocket, "no_table", "there is no such table")
        return
    seat = table.seat_of(join.get("token"))
    if join.get("token") and seat is None:
        await _refuse(websocket, "bad_token", "this link is not a seat's of this table")
        return
    connection = Connection(websocket, seat)
    writer = asyncio.get_running_loop().create_task(connection.write())
    table.attach(connection)
    table.kick()
    try:
        await _read(websocket, table, connection, bucket)
    finally:
        table.detach(connection)
        connection.queue.put_nowait(None)  # the writer sends what is queued, then closes
        try:
            await asyncio.wait_for(writer, 5.0)
        except (asyncio.TimeoutError, Exception):
            writer.cancel()


async def _read(websocket: WebSocket, table: Table, connection: Connection,
                bucket: Bucket) -> None:
    refused = 0
    while not connection.dropped:
        try:
            raw = await websocket.receive()
        except RuntimeError:
            return
        if raw.get("type") == "websocket.disconnect":
            return
        text = raw.get("text")
        if text is None:
            data = raw.get("bytes") or b""
            text = data.decode("utf-8", "replace") if len(data) <= protocol.MAX_MESSAGE_BYTES \
                else "x" * (protocol.MAX_MESSAGE_BYTES + 1)
        if not bucket.take():
            refused += 1
            if refused >= REFUSED_BEFORE_CLOSE:
                connection.send(protocol.error("rate", "too many messages: closed"))
                connection.send_close()
                return
            connection.send(protocol.error("rate", f"at most {RATE:g} messages a second"))
            continue
        try:
            message = protocol.parse_message(text)
        except protocol.ProtocolError as exc:
            connection.send(protocol.error(exc.code, exc.reason))
            if exc.code == "too_big":
                connection.send_close()
                return
            continue
        kind = message["type"]
        if kind == "ping":
            connection.send({"type": "pong"})
        elif kind == "sync":
            connection.send(table.view(connection.seat))
        elif kind == "join":
            connection.send(protocol.error("bad_message", "already joined"))
        elif connection.seat is None:
            connection.send(protocol.error("spectator", "a spectator cannot play"))
        else:
            refusal = await table.act(connection.seat, message["action"],
                                      step=message.get("step"))
            if refusal is not None:
                connection.send(refusal)


def serve(lobby: Lobby, *, host: str = "127.0.0.1", port: int = 8000,
          log_level: str = "info") -> None:
    """Run the server until interrupted (uvicorn; incoming WebSocket messages are capped
    at twice :data:`protocol.MAX_MESSAGE_BYTES` by the transport too)."""
    import uvicorn

    uvicorn.run(make_app(lobby), host=host, port=port, log_level=log_level,
                ws_max_size=2 * protocol.MAX_MESSAGE_BYTES)
