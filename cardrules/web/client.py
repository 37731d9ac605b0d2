"""A small Python client of the web table's protocol: join a table, read what the server
sends, play moves.  It speaks over any connection that sends and receives text
(:class:`Transport`): a Starlette test client's WebSocket as it is, or a real socket
through :func:`connect` (the ``websockets`` library).

>>> from starlette.testclient import TestClient
>>> from cardrules.web.app import make_app
>>> from cardrules.web.tables import Lobby
>>> lobby = Lobby()
>>> table, tokens = lobby.create("bura", players=2, seats=["human", "random"], seed=1)
>>> with TestClient(make_app(lobby)).websocket_connect("/ws") as socket:
...     client = Client(socket)
...     client.join(table.id, tokens[0])["seat"]
...     client.view()["seat"]
0
0
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any, Protocol

__all__ = ["Client", "ClientError", "Transport", "connect"]


class Transport(Protocol):
    """A connection that sends and receives text messages."""

    def send_text(self, data: str) -> None:
        """Send one message."""

    def receive_text(self) -> str:
        """The next message (waiting for it)."""


class ClientError(Exception):
    """The server refused a message: ``code`` and ``reason`` as it sent them."""

    def __init__(self, message: dict[str, Any]) -> None:
        super().__init__(f"{message.get('code')}: {message.get('reason')}")
        self.code = str(message.get("code"))
        self.reason = str(message.get("reason"))


class Client:
    """A seat (or a spectator) at one table.  Every message received is kept in
    :attr:`received`, in order; the latest ``view`` in :attr:`last_view`."""

    def __init__(self, transport: Transport) -> None:
        self.transport = transport
        self.received: list[dict[str, Any]] = []
        self.welcome: dict[str, Any] = {}
        self.last_view: dict[str, Any] = {}
        self.summaries: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        """Send one message."""
        self.transport.send_text(json.dumps(message))

    def receive(self) -> dict[str, Any]:
        """The next message the server sends."""
        message: dict[str, Any] = json.loads(self.transport.receive_text())
        self.received.append(message)
        kind = message.get("type")
        if kind == "welcome":
            self.welcome = message
        elif kind == "view":
            self.last_view = message
        elif kind in ("deal_summary", "match_summary"):
            self.summaries.append(message)
        return message

    def until(self, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """Read messages until one is ``wanted``; an ``error`` before it raises
        :class:`ClientError`."""
        while True:
            message = self.receive()
            if wanted(message):
                return message
            if message.get("type") == "error":
                raise ClientError(message)

    def join(self, table: str, token: str | None = None) -> dict[str, Any]:
        """Join ``table`` at the seat of ``token`` (None: as a spectator); the welcome."""
        self.send({"type": "join", "table": table, "token": token})
        return self.until(lambda m: m.get("type") == "welcome")

    def view(self) -> dict[str, Any]:
        """The next ``view`` message."""
        return self.until(lambda m: m.get("type") == "view")

    def act(self, action: str, *, step: int | None = None) -> None:
        """Send a move (``step``: the step it is meant for, from the last view; a move
        sent for another step is refused as stale)."""
        message: dict[str, Any] = {"type": "act", "action": action}
        if step is not None:
            message["step"] = step
        self.send(message)

    def my_turns(self) -> Iterator[dict[str, Any]]:
        """Each view in which this seat is to act, until the game is over."""
        while True:
            frame = self.view()
            if frame["over"]:
                return
            if frame["legal"]:
                yield frame

    def play(self, choose: Callable[[dict[str, Any]], str]) -> dict[str, Any]:
        """Play to the end, ``choose`` picking the action text from each view in which
        this seat acts; the last view."""
        for frame in self.my_turns():
            self.act(choose(frame), step=frame["step"])
        return self.last_view


class _Socket:
    """A ``websockets`` connection as a :class:`Transport`."""

    def __init__(self, socket: Any) -> None:
        self.socket = socket

    def send_text(self, data: str) -> None:
        self.socket.send(data)

    def receive_text(self) -> str:
        return str(self.socket.recv())

    def close(self) -> None:
        self.socket.close()


def connect(url: str) -> Client:
    """A client over a real WebSocket (``ws://127.0.0.1:8000/ws``); needs the
    ``websockets`` library."""
    from websockets.sync.client import connect as open_socket

    return Client(_Socket(open_socket(url, max_size=2**24)))
