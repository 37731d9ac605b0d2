"""The web table (issue 32): the protocol through Starlette's in-process test client.

Each seat's frames name no card that seat's views had not shown it (every frame of every
seat and a spectator is read); the Python client plays a whole match through the
protocol with the same moves and totals as the same seed played in-process; moves are
refused with the reason (out of turn, stale, illegal, a spectator's, a wrong token); a
table survives a failing bot; every frame matches the published schema (the welcome's
kinds of view entries, by which the page draws the table, are the same for every seat).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

import jsonschema
from starlette.testclient import TestClient

import cardrules
from cardrules.engine.game import derive_seed
from cardrules.tools.bots import GreedyBot
from cardrules.tools.bots import drive as play_in_process
from cardrules.web.app import make_app
from cardrules.web.client import Client, ClientError
from cardrules.web.tables import Lobby, Table
from tests.web_support import drive, known_cards, leaks, random_choice

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "schemas" / "web-protocol.schema.json").read_text("utf-8"))
SERVER_MESSAGE = jsonschema.Draft202012Validator(
    {**SCHEMA, "$ref": "#/$defs/server_message"})
CLIENT_MESSAGE = jsonschema.Draft202012Validator(
    {**SCHEMA, "$ref": "#/$defs/client_message"})


def _names(table: Table) -> frozenset[str]:
    return frozenset(table.game.pack.names(range(table.game.pack.size)))


def _check_schema(frames: list[dict[str, Any]]) -> None:
    for frame in frames:
        errors = [e.message for e in SERVER_MESSAGE.iter_errors(frame)]
        assert not errors, (frame.get("type"), errors[:3])


@pytest.mark.parametrize(("variant", "players", "seats"), [
    ("hearts", 4, ["human", "human", "random", "greedy"]),
    ("bank", 3, ["human", "greedy", "human"]),
    ("durak", 2, ["human", "random"]),
    ("euchre", 4, ["human", "random", "human", "random"]),
    ("scopa", 2, ["human", "random"]),
    ("cribbage", 2, ["human", "random"]),
    ("kuhn-poker", 2, ["human", "human"]),
    ("gin-rummy", 2, ["human", "random"]),
    ("skat", 3, ["human", "random", "human"]),
])
def test_no_frame_names_a_card_its_seat_has_not_seen(variant: str, players: int,
                                                     seats: list[str]) -> None:
    lobby = Lobby()
    table, tokens = lobby.create(variant, players=players, seats=seats, seed=11)
    with TestClient(make_app(lobby, rate=1e6, burst=1e6)) as app, \
            app.websocket_connect("/ws") as watching:
        sockets = {seat: app.websocket_connect("/ws") for seat in tokens}
        clients = {seat: Client(socket.__enter__()) for seat, socket in sockets.items()}
        spectator = Client(watching)
        for seat, client in clients.items():
            assert client.join(table.id, tokens[seat])["seat"] == seat
        spectator.join(table.id)
        drive(clients, random_choice(3), watchers=[spectator])
        for socket in sockets.values():
            socket.__exit__(None, None, None)
    states = table.game.replay(table.record())
    names = _names(table)
    for seat, client in [*clients.items(), (None, spectator)]:
        assert client.last_view["over"]
        found = leaks(client.received, known_cards(states, seat, names), names)
        assert not found, (seat, found[:5])
        _check_schema(client.received)
    # the check finds a leak: the pack named to a spectator at the start
    assert leaks([{"type": "view", "step": 0, "view": {"cards": sorted(names)}}],
                 known_cards(states, None, names), names)


def test_the_client_plays_a_match_as_the_same_seed_plays_in_process() -> None:
    seed, game = 21, cardrules.load("bura", players=2)
    lobby = Lobby()
    table, tokens = lobby.create("bura", players=2, seats=["human", "greedy"], seed=seed,
                                 match=True)
    bot, rng = GreedyBot(), random.Random(derive_seed(seed, "bot", 0))

    def choose(seat: int, message: dict[str, Any]) -> str:
        view = game.view_type.of(message["view"])
        legal = [game.parse_action(entry["action"]) for entry in message["legal"]]
        return str(message["legal"][legal.index(bot.choose(view, legal, rng))]["action"])

    with TestClient(make_app(lobby, rate=1e6, burst=1e6)) as app, \
            app.websocket_connect("/ws") as socket:
        client = Client(socket)
        client.join(table.id, tokens[0])
        drive({0: client}, choose)
    state, actions, results, _ = play_in_process(game, [GreedyBot(), GreedyBot()], seed,
                                                 match=True)
    assert table.actions == [str(a) for a in actions]
    final = client.summaries[-1]
    assert final["type"] == "match_summary"
    assert final["totals"] == list(state.result.totals)  # type: ignore[union-attr]
    deals = [s for s in client.summaries if s["type"] == "deal_summary"]
    assert [d["scores"] for d in deals] == [list(r.scores) for r in results]


@pytest.fixture
def bank() -> Iterator[tuple[Lobby, Table, dict[int, str], TestClient]]:
    lobby = Lobby()
    table, tokens = lobby.create("bank", players=3, seats=["human", "human", "random"],
                                 seed=5)
    with TestClient(make_app(lobby)) as app:
        yield lobby, table, tokens, app


def _error(client: Client) -> dict[str, Any]:
    return client.until(lambda m: m.get("type") == "error")


def test_moves_out_of_turn_stale_or_illegal_are_refused_with_the_reason(
        bank: tuple[Lobby, Table, dict[int, str], TestClient]) -> None:
    _, table, tokens, app = bank
    with app.websocket_connect("/ws") as first, app.websocket_connect("/ws") as second:
        clients = {0: Client(first), 1: Client(second)}
        for seat, client in clients.items():
            client.join(table.id, tokens[seat])
        view = clients[0].until(lambda m: m.get("type") == "view" and m["turn"] in (0, 1))
        turn = view["turn"]
        idle = clients[1 - turn] if turn in (0, 1) else clients[0]
        idle.act("draw", step=view["step"])
        assert _error(idle)["code"] == "not_your_turn"
        if turn in (0, 1):
            mover = clients[turn]
            mine = view if turn == 0 else \
                mover.until(lambda m: m.get("type") == "view" and bool(m["legal"]))
            mover.act(mine["legal"][0]["action"], step=mine["step"] + 7)
            assert _error(mover)["code"] == "stale"
            mover.act("play 6S 7S 8S 9S", step=mine["step"])
            refusal = _error(mover)
            assert refusal["code"] == "illegal" and refusal["reason"]
            mover.act("fly away")
            assert _error(mover)["code"] == "bad_action"


def test_a_move_refused_names_the_rule() -> None:
    """The refusal is the engine's ``why_illegal``, naming the rule."""
    lobby = Lobby()
    table, tokens = lobby.create("hearts", players=4, seats=["human"] * 4, seed=2)
    state = table.state
    seat = state.current_player
    wrong = next(a for a in (table.game.parse_action(f"play {n}")
                             for n in table.game.pack.names(range(table.game.pack.size)))
                 if a not in state.legal_actions())
    with TestClient(make_app(lobby)) as app, app.websocket_connect("/ws") as socket:
        client = Client(socket)
        client.join(table.id, tokens[seat])
        client.act(str(wrong), step=0)
        assert _error(client)["reason"] == str(state.why_illegal(wrong))


def test_spectators_and_wrong_tokens_cannot_play(
        bank: tuple[Lobby, Table, dict[int, str], TestClient]) -> None:
    lobby, table, tokens, app = bank
    _, other_tokens = lobby.create("bank", players=2, seats=["human", "random"], seed=1)
    with app.websocket_connect("/ws") as socket:
        spectator = Client(socket)
        assert spectator.join(table.id)["role"] == "spectator"
        spectator.act("draw")
        assert _error(spectator)["code"] == "spectator"
    for token in (other_tokens[0], tokens[0][:-1], "x" * 24):
        with app.websocket_connect("/ws") as socket:
            client = Client(socket)
            with pytest.raises(ClientError, match="bad_token"):
                client.join(table.id, token)
    with app.websocket_connect("/ws") as socket, pytest.raises(ClientError, match="no_table"):
        Client(socket).join("nowhere", tokens[0])


def test_bad_messages_are_refused_and_oversized_ones_close(
        bank: tuple[Lobby, Table, dict[int, str], TestClient]) -> None:
    _, table, tokens, app = bank
    with app.websocket_connect("/ws") as socket:
        client = Client(socket)
        client.join(table.id, tokens[0])
        for text in ("[1]", "{", '{"type": "shout"}', '{"type": "act", "action": 5}'):
            socket.send_text(text)
            assert _error(client)["code"] == "bad_message"
        socket.send_text("x" * 5000)
        assert _error(client)["code"] == "too_big"


def test_a_fast_sender_is_slowed_then_closed() -> None:
    lobby = Lobby()
    table, tokens = lobby.create("bank", players=2, seats=["human", "random"], seed=5)
    with TestClient(make_app(lobby, rate=1.0, burst=3.0)) as app, \
            app.websocket_connect("/ws") as socket:
        client = Client(socket)
        client.join(table.id, tokens[0])
        for _ in range(5):
            client.send({"type": "ping"})
        kinds = [client.until(lambda m: m.get("type") in ("pong", "error"))
                 for _ in range(5)]
        assert [k["type"] for k in kinds].count("pong") <= 4
        assert any(k.get("code") == "rate" for k in kinds)


def test_a_reconnected_seat_finds_the_table_as_it_was(
        bank: tuple[Lobby, Table, dict[int, str], TestClient]) -> None:
    _, table, tokens, app = bank
    with app.websocket_connect("/ws") as socket:
        client = Client(socket)
        client.join(table.id, tokens[0])
        before = client.until(lambda m: m.get("type") == "view" and bool(m["legal"]))
    with app.websocket_connect("/ws") as socket:
        again = Client(socket)
        assert again.join(table.id, tokens[0])["seat"] == 0
        assert again.view() == before


def test_a_table_is_resumed_after_a_restart(tmp_path: Path) -> None:
    lobby = Lobby(tmp_path)
    table, tokens = lobby.create("bank", players=2, seats=["human", "greedy"], seed=9)
    with TestClient(make_app(lobby)) as app, app.websocket_connect("/ws") as socket:
        client = Client(socket)
        client.join(table.id, tokens[0])
        for _ in range(3):
            view = client.until(lambda m: m.get("type") == "view" and bool(m["legal"]))
            client.act(view["legal"][-1]["action"], step=view["step"])
        view = client.until(lambda m: m.get("type") == "view" and bool(m["legal"]))
    restarted = Lobby(tmp_path)
    again = restarted.tables[table.id]
    assert again.actions == table.actions and again.state == table.state
    assert [r.getstate() for r in again.rngs] == [r.getstate() for r in table.rngs]
    with TestClient(make_app(restarted)) as app, app.websocket_connect("/ws") as socket:
        client = Client(socket)
        client.join(table.id, tokens[0])
        assert client.view() == view


class Failing:
    """A bot that always raises."""

    def choose(self, view: Any, legal: Any, rng: random.Random) -> Any:
        raise RuntimeError("the bot broke")


def test_a_table_survives_a_bot_that_fails() -> None:
    lobby = Lobby()
    table, tokens = lobby.create("bura", players=2, seats=["human", "random"], seed=4)
    table.bots[1] = Failing()  # type: ignore[assignment]
    with TestClient(make_app(lobby, rate=1e6, burst=1e6)) as app, \
            app.websocket_connect("/ws") as socket:
        client = Client(socket)
        client.join(table.id, tokens[0])
        drive({0: client}, random_choice(1))
    assert table.state.is_over
    notices = [m for m in client.received if m.get("type") == "notice"]
    assert notices and "P1 failed" in notices[0]["text"]


def test_tables_are_made_through_the_api(tmp_path: Path) -> None:
    with TestClient(make_app(Lobby(tmp_path))) as app:
        _made_through_the_api(app)


def _made_through_the_api(app: TestClient) -> None:
    made = app.post("/api/tables", json={"variant": "hearts", "players": 4,
                                         "seats": ["human", "human", "greedy", "random"]})
    assert made.status_code == 200, made.text
    body = made.json()
    links = [s["link"] for s in body["seats"] if s["link"]]
    assert len(links) == 2 and all("#" in link for link in links)
    assert app.get(links[0].split("#")[0]).status_code == 200
    listed = app.get("/api/tables").json()["tables"]
    assert listed[0]["table"] == body["table"] and "token" not in json.dumps(listed)
    refused = app.post("/api/tables", json={"variant": "/etc/passwd"})
    assert refused.status_code == 400 and "unknown variant" in refused.json()["reason"]
    assert app.post("/api/tables", json={"variant": "bank", "seats": ["wizard"]}
                    ).status_code == 400
    assert app.get("/").status_code == 200
    assert app.get("/static/table.js").status_code == 200
    assert app.get("/static/board.js").status_code == 200


def test_client_messages_match_the_schema() -> None:
    for message in ({"type": "join", "table": "abc", "token": None},
                    {"type": "act", "action": "play 9S", "step": 3}, {"type": "ping"},
                    {"type": "sync"}):
        assert CLIENT_MESSAGE.is_valid(message), message
    assert not CLIENT_MESSAGE.is_valid({"type": "act"})


def test_two_moves_sent_for_the_same_step_are_taken_in_order(
        bank: tuple[Lobby, Table, dict[int, str], TestClient]) -> None:
    """The first is played; the second, now stale, is refused with the reason."""
    _, table, tokens, app = bank
    with app.websocket_connect("/ws") as first, app.websocket_connect("/ws") as second:
        clients = {0: Client(first), 1: Client(second)}
        for seat, client in clients.items():
            client.join(table.id, tokens[seat])
        view = clients[0].until(lambda m: m.get("type") == "view" and m["turn"] in (0, 1))
        mover = clients[view["turn"]]
        mine = view if view["turn"] == 0 else \
            mover.until(lambda m: m.get("type") == "view" and bool(m["legal"]))
        step = len(table.actions)
        for entry in mine["legal"][:1] * 2:
            mover.act(entry["action"], step=mine["step"])
        assert _error(mover)["code"] == "stale"
        assert table.actions[step] == mine["legal"][0]["action"]


def test_the_serve_command_prints_the_links_and_resumes_saved_tables(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    from cardrules.tools.cli import main

    served: list[Lobby] = []
    monkeypatch.setattr("cardrules.web.app.serve", lambda lobby, **_: served.append(lobby))
    assert main(["serve", "bank", "--players", "2", "--seats", "human,greedy", "--port",
                 "8123", "--save", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    table = next(iter(served[0].tables.values()))
    assert f"seat P0: http://127.0.0.1:8123/t/{table.id}#" in out
    assert main(["serve", "--save", str(tmp_path)]) == 0
    assert f"resumed table {table.id}" in capsys.readouterr().out
    assert main(["serve", "bank", "--seats", "wizard"]) == 1


@pytest.mark.parametrize("variant", Lobby().variants())
def test_every_shipped_variant_is_laid_out_for_a_seat_and_a_spectator(variant: str) -> None:
    lobby = Lobby()
    table, _ = lobby.create(variant, seats=["human"] * 8, seed=1)
    for seat in (0, None):
        frames = [table.welcome(seat), table.view(seat)]
        _check_schema(frames)
        assert frames[1]["lines"], (variant, seat)
        # how to draw each entry: the same for every seat, and it names no card
        fields = frames[0]["fields"]
        assert fields == table.welcome(1)["fields"] and fields["hands"] == "cards_by_seat"
        assert not set(fields) & _names(table) and not set(fields.values()) & _names(table)
