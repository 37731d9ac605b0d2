"""The load test of the web table (``tests/web_load.py``): 50 tables, 200 clients on
loopback, every table playing a deal to its end (slow: CI's slow job)."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")
pytest.importorskip("httpx")

from tests.web_load import run


@pytest.mark.slow
def test_fifty_tables_and_two_hundred_clients() -> None:
    figures = run(tables=50, watchers=3, seconds=240.0)
    assert figures["clients"] == 200
    assert figures["finished_tables"] == 50, figures
    assert figures["latency_ms"]["p99"] < 5000, figures
