"""A load test of ``cardrules serve`` on loopback: 50 tables, 200 connected clients.

The server runs as its own process (``cardrules serve --bot-delay 0``); 50 tables of
Bank (two players: one seat played by a client picking random legal moves, one greedy
bot) are made through the API, and each gets its player and three spectators.  Every
client reads every frame; each player's latency is the time from sending a move to
the view of the next step.  Bounded: each table plays one deal, and the run stops after
``--seconds``.  Run: ``python tests/web_load.py`` (needs the web extra); the figures
are in ``docs/web.md``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def _frames(ws: Any, until: float) -> Any:
    """The client's frames as JSON, until the connection closes or ``until`` passes (a
    table that stops sending cannot hold a client for ever)."""
    from websockets.exceptions import ConnectionClosed

    while True:
        left = until - time.monotonic()
        if left <= 0:
            return
        try:
            raw = await asyncio.wait_for(ws.recv(), left)
        except (asyncio.TimeoutError, ConnectionClosed):
            return
        yield json.loads(raw)


async def _player(url: str, table: str, token: str, rng: random.Random,
                  latencies: list[float], until: float) -> int:
    from websockets.asyncio.client import connect

    moves = 0
    async with connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "join", "table": table, "token": token}))
        sent_at: float | None = None
        waiting = -1
        async for message in _frames(ws, until):
            if message.get("type") == "error":
                # a move refused (sent faster than the server's rate, say): ask for the
                # table again and play from the view it sends
                from cardrules.web.app import RATE

                await asyncio.sleep(1 / RATE)
                sent_at = None
                await ws.send(json.dumps({"type": "sync"}))
                continue
            if message.get("type") != "view":
                continue
            if sent_at is not None and message["step"] > waiting:
                latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if message["over"]:
                return moves
            if message["legal"] and sent_at is None:
                choice = rng.choice(message["legal"])["action"]
                waiting, sent_at = message["step"], time.perf_counter()
                await ws.send(json.dumps({"type": "act", "action": choice,
                                          "step": message["step"]}))
                moves += 1
    return moves


async def _spectator(url: str, table: str, until: float) -> int:
    from websockets.asyncio.client import connect

    frames = 0
    async with connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "join", "table": table}))
        async for message in _frames(ws, until):
            frames += 1
            if message.get("type") == "view" and message["over"]:
                return frames
    return frames


def run(tables: int = 50, watchers: int = 3, seconds: float = 120.0,
        variant: str = "bank") -> dict[str, Any]:
    """Run the load test; its figures."""
    import httpx

    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen(
        [sys.executable, "-m", "cardrules", "serve", "--port", str(port), "--bot-delay", "0"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(f"{base}/api/tables", timeout=1)
                break
            except httpx.HTTPError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        idle_rss = _rss_kib(server.pid)
        made = [httpx.post(f"{base}/api/tables", json={
            "variant": variant, "players": 2, "seats": ["human", "greedy"]}).json()
            for _ in range(tables)]
        latencies: list[float] = []
        url = f"ws://127.0.0.1:{port}/ws"
        started = time.monotonic()
        until = started + seconds

        async def everyone() -> list[int]:
            jobs = []
            for number, table in enumerate(made):
                token = table["seats"][0]["token"]
                jobs.append(_player(url, table["table"], token, random.Random(number),
                                    latencies, until))
                jobs += [_spectator(url, table["table"], until) for _ in range(watchers)]
            return list(await asyncio.gather(*jobs))

        counts = asyncio.run(everyone())
        elapsed = time.monotonic() - started
        peak_rss = _rss_kib(server.pid)
        listed = httpx.get(f"{base}/api/tables").json()["tables"]
    finally:
        server.terminate()
        server.wait(10)
    moves = sum(t["step"] for t in listed)
    ordered = sorted(latencies)

    def pct(p: float) -> float:
        return 1000 * ordered[min(len(ordered) - 1, int(p * len(ordered)))]

    return {"tables": tables, "clients": tables * (1 + watchers), "seconds": round(elapsed, 2),
            "moves": moves, "moves_per_second": round(moves / elapsed, 1),
            "finished_tables": sum(t["over"] for t in listed),
            "player_moves": len(latencies),
            "latency_ms": {"p50": round(pct(0.50), 1), "p90": round(pct(0.90), 1),
                           "p99": round(pct(0.99), 1), "max": round(1000 * ordered[-1], 1),
                           "mean": round(1000 * statistics.fmean(ordered), 1)},
            "frames_read_by_spectators": sum(counts) - sum(counts[::1 + watchers]),
            "server_rss_mib": {"idle": round(idle_rss / 1024, 1),
                               "after": round(peak_rss / 1024, 1)}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--watchers", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=120.0)
    args = parser.parse_args()
    print(json.dumps(run(args.tables, args.watchers, args.seconds), indent=1))


if __name__ == "__main__":
    main()
