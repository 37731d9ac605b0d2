"""``cardrules play`` driven through a pseudo-terminal of 80×24, as a person would play it:
what is on the screen for every phase (shedding, tricks, bouts, passing cards, bidding), the deal
and match summaries, forced moves played automatically, hot-seat play, resuming a saved
game, and colour only when it is wanted."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).parent / "fixtures"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
PROMPT = r"\n(?:P\d)?> "
BETWEEN = "Press Enter for the next deal> "
OVER = "game over: 'save FILE' or 'quit'"
RAW = ("holder", "face_down", "legal_actions", "None", "{'", "['", "[player", "[]", ": -1")
"""What a raw data structure would show; none of it belongs on the screen."""


def _spawn(*argv: str, colour: bool = False) -> pexpect.spawn:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm-256color",
           "COLUMNS": "80", "LINES": "24"}
    env.pop("NO_COLOR", None)
    if not colour:
        env["NO_COLOR"] = "1"
    if "--bots" not in argv and "--level" not in argv:
        argv = (*argv, "--level", "easy")  # greedy opponents: quick moves
    return pexpect.spawn(sys.executable, ["-m", "cardrules", "play", *argv, "--pause", "0"],
                         env=env, dimensions=(24, 80), encoding="utf-8", timeout=60,
                         cwd=str(ROOT))


def _screen(text: str) -> str:
    return ANSI.sub("", text).replace("\r", "")


def _play_out(child: pexpect.spawn, *, answer: str = "1", limit: int = 3000) -> str:
    """Answer every prompt with ``answer`` (Enter between deals) until the game is over;
    everything shown, escape codes removed."""
    shown = []
    for _ in range(limit):
        found = child.expect([PROMPT, BETWEEN, OVER])
        shown.append(child.before + child.after)
        if found == 2:
            child.expect("> ")
            child.sendline("quit")
            child.expect(pexpect.EOF)
            shown.append(child.before)
            return _screen("".join(shown))
        child.sendline(answer if found == 0 else "")
    raise AssertionError("the game did not end")


def _turns(screen: str) -> list[str]:
    """Each human turn's block: from the table's head line to the prompt."""
    return [block for block in re.split(r"\n(?=\n)", screen) if "Your turn" in block]


def _assert_legible(screen: str) -> None:
    for raw in RAW:
        assert raw not in screen, raw
    for block in _turns(screen):
        lines = block.strip("\n").splitlines()
        table = lines[:lines.index(next(x for x in lines if x.startswith("Your turn"))) + 1]
        assert len(table) + 6 <= 24, block
        assert all(len(line) <= 80 for line in table), block


def test_a_whole_bank_match_is_legible_with_summaries_and_forced_moves() -> None:
    child = _spawn("bank", "--players", "3", "--seed", "4", "--match",
                   "--option", "target=150")
    screen = _play_out(child)
    _assert_legible(screen)
    assert "Playing a match." in screen
    assert re.search(r"Bank \(\d+\): .* · top \S+ by P\d", screen)    # the pile, laid out
    assert re.search(r"Trumps \(\w+\): ", screen)
    assert "▶ P0 you" in screen and "stock " in screen
    assert "(your only move)" in screen                                # played for the human
    assert "Deal 1 over" in screen and "match totals: P0 " in screen
    assert "Deal 2 over" in screen and BETWEEN in screen    # a pause between deals
    assert "(first to 150 wins)" in screen
    assert "Match over after" in screen and "Winner: " in screen and "  place" in screen


def test_a_whole_bura_match_is_legible_and_shows_the_trick() -> None:
    child = _spawn("bura", "--players", "2", "--seed", "7", "--match")
    screen = _play_out(child)
    _assert_legible(screen)
    assert re.search(r"Bura · dealer P\d · trump . \(\S+ turned up\) · stock \d+", screen)
    assert re.search(r"Trick, led by P1: P1 \S+", screen)
    assert "Your turn (lead)" in screen and "Your turn (answer)" in screen
    assert re.search(r"tricks \d+ · \d+ pts", screen)
    assert "Deal 1 over" in screen and "(12 or more loses)" in screen
    assert "Match over after" in screen and "  pot  " in screen


def test_a_crazy_eights_deal_shows_the_pile_and_offers_the_draw() -> None:
    child = _spawn("crazy_eights", "--players", "2", "--seed", "2")
    child.expect(PROMPT)
    first = _screen(child.before)
    assert "Playing one deal (--match for a whole match)." in first
    assert "'rules' for the rules of the game" in first
    assert re.search(r"Pile \(\d+\): .* · top \S+ by P\d", first)
    assert re.search(r"\d draw", first) and "Your turn" in first
    assert "Trumps" not in first                                 # a game without trumps
    child.sendline("1")
    screen = _play_out(child)
    _assert_legible(screen)
    assert screen.count("Deal over") == 1 and "deal over: results" not in screen


def test_a_hearts_deal_passes_then_plays_tricks() -> None:
    child = _spawn("hearts", "--seed", "1")
    child.expect(PROMPT)
    first = _screen(child.before)
    assert "Passing to the left" in first and "Your turn (pass cards)" in first
    assert re.search(r"1 give \S+", first)
    child.sendline("1")
    screen = _play_out(child)
    _assert_legible(screen)
    assert re.search(r"P0 gives \S+", screen) and "leads 2♣" in screen    # H3, H4
    assert "Deal over" in screen


def test_a_durak_deal_shows_the_bout_in_pairs() -> None:
    child = _spawn("durak", "--players", "2", "--seed", "2")
    child.expect(PROMPT)
    first = _screen(child.before)
    assert "Bout: P0 attacks P1 (at most 5 cards)" in first     # the first bout's limit
    assert "Your turn (attack)" in first and re.search(r"1 attack \S+", first)
    assert "trump ♣ (K♣ turned up)" in first and "stock 24" in first
    child.sendline("1")
    screen = _play_out(child)
    _assert_legible(screen)
    assert re.search(r"Bout: P\d attacks P\d.*:\s+\S+/\S+", screen)  # a card and its beat
    assert "Beaten off:" in screen
    assert "Deal over" in screen


def test_passing_cards_is_shown_and_the_cards_can_be_typed(tmp_path: Path) -> None:
    rules = tmp_path / "passing.yaml"
    rules.write_text("extends: bura\nname: bura-passing\n"
                     "patch:\n  phases:\n    - pass_cards: {count: 2, direction: right}\n",
                     encoding="utf-8")
    child = _spawn("--file", str(rules), "--players", "3", "--seed", "5", "--ascii")
    child.expect(PROMPT)
    shown = _screen(child.before)
    assert "Passing to the right" in shown and "Your turn (pass cards)" in shown
    card = re.search(r"1 give (\S+)", shown)
    assert card is not None
    child.sendline(card.group(1))                              # the card alone, no verb
    child.expect(PROMPT)
    shown = _screen(child.before)
    assert f"P0 set aside {card.group(1)}" in shown
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_bidding_shows_each_seats_bid_and_offers_numbered_bids() -> None:
    child = _spawn("--file", str(FIXTURES / "bidding_tricks.yaml"), "--players", "3",
                   "--seed", "3", "--match", "--seat", "1")
    child.expect(PROMPT)
    shown = _screen(child.before)
    assert "Your turn (bidding)" in shown and "no bid yet" in shown
    assert re.search(r"P0\s+\d cards?\s+bid \d", shown)      # the bot's bid, in its row
    assert re.search(r"1 bid 0 +2 bid 1", shown)
    child.sendline("help")
    child.expect(PROMPT)
    assert "e.g. 'bid 0'" in _screen(child.before)              # examples from legal moves
    child.sendline("rules")
    child.expect(PROMPT)
    rules = _screen(child.before)
    assert "bid" in rules and all(len(line) <= 80 for line in rules.splitlines())
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_hot_seat_passes_the_screen_before_showing_a_hand() -> None:
    child = _spawn("bura", "--players", "2", "--seed", "3", "--seat", "0,1", "--no-auto")
    child.expect("Pass the screen to P(\\d), then press Enter")
    first = int(child.match.group(1))
    assert "you" not in _screen(child.before).split("hot-seat")[-1]   # no hand before Enter
    child.expect("press Enter> ")
    child.sendline("")
    child.expect(PROMPT)
    shown = _screen(child.before)
    assert f"▶ P{first} you" in shown and "Your turn" in shown
    child.sendline("1")
    child.expect("Pass the screen to P(\\d), then press Enter")
    second = int(child.match.group(1))
    assert second != first
    assert "\x1b[H\x1b[2J" in child.before                      # the screen was cleared
    child.expect("press Enter> ")
    assert "you" not in _screen(child.before)
    child.sendline("")
    child.expect(PROMPT)
    shown = _screen(child.before)
    assert f"▶ P{second} you" in shown and f"P{first} you" not in shown
    assert f"P{second}, since your last turn:" in shown
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_a_saved_game_resumes_where_it_stopped(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    child = _spawn("bura", "--players", "2", "--seed", "11", "--match")
    for _ in range(3):
        child.expect(PROMPT)
        child.sendline("1")
    child.expect(PROMPT)
    before = _screen(child.before)
    child.sendline(f"save {saved}")
    child.expect("saved (\\d+) actions")
    actions = int(child.match.group(1))
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    hand = re.findall(r"▶ P0 you +(.+?)  tricks", before)[-1]
    child = _spawn("--resume", str(saved))
    child.expect(PROMPT)
    shown = _screen(child.before)
    assert f"resumed after {actions} actions" in shown and "seed 11" in shown
    assert f"▶ P0 you  {hand}" in shown
    child.sendline("1")
    screen = _play_out(child)
    assert "Match over after" in screen


def test_colour_only_on_a_terminal_without_no_color() -> None:
    child = _spawn("bura", "--players", "2", "--seed", "3", colour=True)
    child.expect(PROMPT)
    assert "\x1b[" in child.before and "Your turn" in _screen(child.before)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    plain = _spawn("bura", "--players", "2", "--seed", "3")
    plain.expect(PROMPT)
    assert "\x1b[1" not in plain.before and "\x1b[3" not in plain.before
    plain.sendline("quit")
    plain.expect(pexpect.EOF)
