"""Moves typed as their cards alone at ``cardrules play``, through a pseudo-terminal: the
one move that uses them is played, a card not held is named, an input several moves fit
lists those moves with their numbers, a word that is no move lists this game's own
verbs, and every answer fits the terminal's width."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parent.parent
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
PROMPT = r"\n> "
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def _spawn(*argv: str, columns: int = 80) -> pexpect.spawn:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm-256color", "NO_COLOR": "1",
           "COLUMNS": str(columns), "LINES": "24"}
    return pexpect.spawn(sys.executable, ["-m", "cardrules", "play", *argv, "--ascii",
                                          "--level", "easy", "--pause", "0"],
                         env=env, dimensions=(24, columns), encoding="utf-8", timeout=60,
                         cwd=str(ROOT))


def _answer(child: pexpect.spawn, line: str) -> str:
    """Send ``line``; what is shown up to the next prompt, escape codes removed."""
    child.sendline(line)
    child.expect(PROMPT)
    return ANSI.sub("", child.before).replace("\r", "")


def _turn_with(child: pexpect.spawn, verb: str) -> str:
    """Answer '1' until the moves offered include ``verb``; that turn's screen."""
    child.expect(PROMPT)
    shown = ANSI.sub("", child.before).replace("\r", "")
    for _ in range(50):
        if re.search(rf"\b\d+ {verb} ", shown):
            return shown
        shown = _answer(child, "1")
    raise AssertionError(f"no turn offered {verb!r}")


def _not_held(screen: str, suits: str = "shdc") -> str:
    """A card of a standard pack that is not in the hand shown on ``screen``."""
    hand = re.findall(r"\* P0 you +(.+?)  (?:score|tricks)", screen)[-1].split()
    held = {card.upper() for card in hand}
    return next(f"{r}{s}" for s in suits.upper() for r in RANKS[4:]
                if f"{r}{s}" not in held)


def _quit(child: pexpect.spawn) -> None:
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_bank_plays_a_card_typed_alone_and_names_a_card_not_held() -> None:
    child = _spawn("bank", "--players", "2", "--seed", "4")
    shown = _turn_with(child, "play")
    card = re.search(r"\b\d+ play (\S+)\s", shown)
    assert card is not None
    missing = _not_held(shown)
    assert f"you do not hold {missing}" in _answer(child, missing.lower())
    said = _answer(child, "jump")
    assert "unknown action 'jump': start with one of play, draw, pass, trump, or" in said
    assert "attack" not in said and "give" not in said           # other games' verbs
    assert f"P0 plays {card.group(1)}" in _answer(child, card.group(1).lower())
    _quit(child)


def test_bura_lists_the_numbered_moves_an_input_fits_then_plays_the_number() -> None:
    child = _spawn("bura", "--players", "2", "--seed", "7")
    shown = _turn_with(child, "answer")
    cards = re.search(r"\b\d+ answer (\S+ \S+)\s", shown)
    assert cards is not None
    typed = cards.group(1)
    said = _answer(child, typed.lower())
    choices = re.search(rf"{typed.upper()} is more than one move: (\d+) answer {typed} or "
                        rf"(\d+) throw {typed}; type its number", said.replace("\n", " "))
    assert choices is not None, said
    assert f"you do not hold {_not_held(shown)}" in _answer(child, _not_held(shown))
    said = _answer(child, "play 9h")
    assert "start with one of pass, lead, answer, throw, declare, or" in said.replace("\n", " ")
    child.sendline(choices.group(1))
    child.expect(f"P0 answers {typed}")
    _quit(child)


def test_hearts_gives_a_typed_card_and_wraps_its_answers_at_the_width() -> None:
    child = _spawn("hearts", "--seed", "1", columns=44)
    shown = _turn_with(child, "give")
    card = re.search(r"\b\d+ give (\S+)\s", shown)
    assert card is not None
    missing = _not_held(shown)
    assert f"you do not hold {missing}" in _answer(child, missing)
    said = _answer(child, "bid 3")
    lines = said.strip("\n").splitlines()[1:]
    assert len(lines) > 1 and all(len(line) <= 44 for line in lines), said
    assert "start with one of pass, lead, answer, give, or" in " ".join(lines)
    assert f"P0 gives {card.group(1)}" in _answer(child, card.group(1))
    _quit(child)
