"""The web table in a real browser (issue 32): headless Chromium, driven by Playwright
for Python, plays a whole Bank deal and a whole match against a bot, and a Hearts trick
with two human seats in two browser contexts, each page's trick area showing the cards
played under the seats that played them; every WebSocket frame each page received
names no card its seat had not seen, and a page never shows the other seat's hand.

Skipped unless Playwright and the system's Chromium (``/usr/bin/chromium``, Debian's
``chromium`` package) are installed; Playwright's own browser download is never used.
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
uvicorn = pytest.importorskip("uvicorn")
sync_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = os.environ.get("CARDRULES_CHROMIUM", "/usr/bin/chromium")
if not os.path.exists(CHROMIUM):
    pytest.skip(f"no system Chromium at {CHROMIUM} (apt-get install chromium)",
                allow_module_level=True)

from cardrules.web.app import make_app  # noqa: E402
from cardrules.web.tables import Lobby, Table  # noqa: E402
from tests.web_support import known_cards, leaks  # noqa: E402

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


def _label(card: str) -> str:
    return card[:-1] + SUIT_SYMBOLS.get(card[-1], card[-1])


@pytest.fixture
def server() -> Iterator[tuple[str, Lobby]]:
    lobby = Lobby()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(make_app(lobby, rate=1000, burst=1000), host="127.0.0.1",
                            port=port, log_level="warning")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not running.started and time.monotonic() < deadline:
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}", lobby
    running.should_exit = True
    thread.join(10)


@pytest.fixture
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


def _open(browser: Any, url: str) -> tuple[Any, list[dict[str, Any]]]:
    """A page of its own browser context at ``url``, and the frames it receives."""
    page = browser.new_context(viewport={"width": 420, "height": 900}).new_page()
    frames: list[dict[str, Any]] = []

    def watch(ws: Any) -> None:
        ws.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", watch)
    page.goto(url)
    page.wait_for_selector("#status:not(:empty)")
    return page, frames


def _move(page: Any) -> None:
    """Play: a card that is a move by itself if there is one, else the first move."""
    page.wait_for_selector(".move", timeout=10_000)
    for card in page.locator(".card:enabled").all():
        name = card.get_attribute("data-card")
        if page.locator(f'.move[data-action="play {name}"]').count():
            card.click()
            return
    page.locator(".move").first.click()


def _check_frames(table: Table, seat: int, frames: list[dict[str, Any]]) -> None:
    names = frozenset(table.game.pack.names(range(table.game.pack.size)))
    states = table.game.replay(table.record())
    assert frames and not leaks(frames, known_cards(states, seat, names), names)


def _hidden_from(table: Table, seat: int, other: int) -> set[str]:
    """The cards now in ``other``'s hand that ``seat`` has never seen."""
    names = frozenset(table.game.pack.names(range(table.game.pack.size)))
    seen = known_cards(table.game.replay(table.record()), seat, names)[-1]
    hand = table.state.view(other).hands[other]
    return set(hand if isinstance(hand, list) else []) - seen


def _trick_shown(page: Any, trick: list[dict[str, Any]]) -> int:
    """Check the page's trick area shows each card of ``trick`` as a face, under the name
    of the seat that played it, and no other card; the number of cards checked."""
    want = [[play["player"], card] for play in trick for card in play["cards"]]
    page.wait_for_function(
        """(want) => want.every(([p, c]) => {
             const face = document.querySelector(`#board .trick .face[data-card="${c}"]`);
             return face && face.closest("figure").querySelector("figcaption")
               .textContent.split(" ")[0] === `P${p}`;
           })""", arg=want, timeout=10_000)
    assert page.locator("#board .trick .face").count() == len(want)
    return len(want)


@pytest.mark.parametrize(("variant", "match"), [
    ("bank", False), pytest.param("bank-quick", True, marks=pytest.mark.slow)])
def test_a_whole_bank_deal_or_match_against_a_bot(server: tuple[str, Lobby], browser: Any,
                                                  variant: str, match: bool) -> None:
    base, lobby = server
    table, tokens = lobby.create(variant, players=2, seats=["human", "greedy"], seed=8,
                                 match=match)
    page, frames = _open(browser, f"{base}/t/{table.id}#{tokens[0]}")
    for _ in range(400):
        deadline = time.monotonic() + 10  # the bot's moves are the server's to make
        while not table.state.is_over and table.state.current_player != 0 \
                and time.monotonic() < deadline:
            time.sleep(0.01)
        if table.state.is_over:
            break
        step = len(table.actions)
        # the page shows this very step (not a view from before the bot moved, which a
        # loaded machine may still be showing), and says so
        page.wait_for_function(
            "(step) => current !== null && current.step === step && "
            "document.getElementById('status').textContent === 'Your turn'",
            arg=step, timeout=10_000)
        _move(page)
        deadline = time.monotonic() + 10
        while len(table.actions) == step and time.monotonic() < deadline:
            time.sleep(0.01)
        body = page.inner_text("body")
        assert not any(_label(c) in page.inner_text("#hand")
                       for c in _hidden_from(table, 0, 1)), body
    page.wait_for_selector(".deal_summary")
    assert table.state.is_over
    # B5: each seat's own trump suit, under its name (an entry inside the view's `trumps`)
    symbols = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
    for p, classes in enumerate(table.state.view(0).to_json()["trumps"]["classes"]):
        figures = page.inner_text(f'#board .seat[data-seat="{p}"] .seat-figures')
        assert not classes or "trumps " in figures, figures
        assert all(symbols[s] in figures for s in classes), figures
    assert "Deal 1 over" in page.inner_text("#summaries")
    assert page.inner_text("#status") == "The game is over"
    if match:
        page.wait_for_selector(".match_summary")
        assert "Match over" in page.inner_text(".match_summary")
    _check_frames(table, 0, frames)


def test_a_hearts_trick_with_two_human_seats(server: tuple[str, Lobby],
                                             browser: Any) -> None:
    base, lobby = server
    table, tokens = lobby.create("hearts", players=4, options={"passing": "none"},
                                 seats=["human", "human", "greedy", "greedy"], seed=3)
    pages = {seat: _open(browser, f"{base}/t/{table.id}#{tokens[seat]}") for seat in (0, 1)}
    checked = 0
    for _ in range(20):
        tricks = table.state.view(0).to_json().get("tricks") or []
        if sum(tricks) >= 1:
            break
        seat = table.state.current_player
        if seat in pages:
            page = pages[seat][0]
            page.wait_for_function("() => document.getElementById('status').textContent"
                                   " === 'Your turn'", timeout=10_000)
            checked += _trick_shown(page, table.state.view(seat).to_json()["trick"])
            step = len(table.actions)
            _move(page)
            deadline = time.monotonic() + 10
            while len(table.actions) == step and time.monotonic() < deadline:
                time.sleep(0.01)
        else:
            time.sleep(0.05)
        for me, (page, _) in pages.items():
            other = 1 - me
            shown = page.inner_text("body")
            hidden = _hidden_from(table, me, other)
            assert not any(_label(c) in page.inner_text("#hand") for c in hidden)
            assert "P0 you" in shown if me == 0 else "P1 you" in shown
    assert sum(table.state.view(0).to_json()["tricks"]) >= 1
    assert checked, "no trick in progress was seen on a page"
    for seat, (_, frames) in pages.items():
        _check_frames(table, seat, frames)


def test_a_fishing_table_shows_each_build_with_its_value_and_owner(
        server: tuple[str, Lobby], browser: Any) -> None:
    """Casino's builds (CA7): each build's cards as faces, with its value and owner."""
    base, lobby = server
    table, tokens = lobby.create("casino", players=2, seats=["human", "human"], seed=3)
    while not table.state.view(0).to_json()["builds"]:  # build when offered, else the first
        legal = table.state.legal_actions()
        pick = next((a for a in legal if a.name == "build"), legal[0])
        found = table._try(table.state.current_player, table.state.describe(pick), None)
        assert isinstance(found, tuple)
        table._apply(*found)
    page, frames = _open(browser, f"{base}/t/{table.id}#{tokens[0]}")
    builds = table.state.view(0).to_json()["builds"]
    figures = page.locator("#board .groups figure")
    assert figures.count() == len(builds)
    for figure, build in zip(figures.all(), builds):
        shown = {f.get_attribute("data-card") for f in figure.locator(".face").all()}
        assert shown == set(build["cards"])
        assert f"value {build['value']}" in figure.inner_text()
        assert f"P{build['owner']}" in figure.inner_text()
    _check_frames(table, 0, frames)


def test_a_no_limit_bet_is_chosen_in_a_number_field(server: tuple[str, Lobby],
                                                     browser: Any) -> None:
    """No-limit Hold'em offers hundreds of raise sizes (N5): the page shows them as one
    number field from the least to the most, and sends the amount typed."""
    base, lobby = server
    table, tokens = lobby.create("no-limit-holdem", players=2, seats=["greedy", "human"],
                                 seed=3)
    page, frames = _open(browser, f"{base}/t/{table.id}#{tokens[1]}")
    page.wait_for_function("() => document.getElementById('status').textContent"
                           " === 'Your turn'", timeout=10_000)
    sized = [a.amount for a in table.state.legal_actions() if a.amount]
    field = page.locator(".amount input")
    assert field.count() == 1 and page.locator(".move").count() == 3  # fold, call, raise
    assert (field.get_attribute("min"), field.get_attribute("max")) == (
        str(min(sized)), str(max(sized)))
    step = len(table.actions)
    field.fill("20")
    page.locator('.move[data-word="raise"]').click()
    deadline = time.monotonic() + 10
    while len(table.actions) == step and time.monotonic() < deadline:
        time.sleep(0.01)
    assert table.state.view(1).to_json()["staked"][1] == 20
    _check_frames(table, 1, frames)
