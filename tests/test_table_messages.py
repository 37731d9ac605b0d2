"""What the table and the terminal say (issue 31, item 4): the card to beat after a take,
``pass`` named by what it is, the suits a lead limit keeps back named when broken,
refusals said to the player at the screen, one card notation, the end told once, Durak's
throwers told that the other player takes, and piped input read no longer than needed."""

from __future__ import annotations

import importlib
import io
import itertools
import random
import sys
from pathlib import Path

import pytest

import cardrules
from cardrules.tools.bots import make_bot
from cardrules.tools.cli import main
from cardrules.tools.render import TextRenderer
from cardrules.tools.terminal import SKIPPED_AFTER_END, Session, addressed


def _bank_after_a_take() -> tuple[cardrules.Game, cardrules.State]:
    game = cardrules.load("bank", players=2)
    state, rng = game.new_deal(seed=3), random.Random(2)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        if any(e.get("kind") == "take" for e in state.view(0).events):
            return game, state
    raise AssertionError("no take in the deal")


def test_after_a_take_in_bank_the_card_to_beat_is_shown() -> None:
    game, state = _bank_after_a_take()
    entries = state.view(0).to_json()
    assert entries["pile"] == [] and entries["top"]
    lines = TextRenderer.of(game, ascii=True).view(state.view(0), me=0)
    bank = next(line for line in lines if line.startswith(("Bank:", "Bank (")))
    assert bank.startswith("Bank: empty") and f"to beat: {entries['top']}" in bank


@pytest.mark.parametrize(("phase", "said"), [
    ("declare", "P1 declares nothing"),            # Bura: asked to declare a combination
    ("turn", "P1 ends the turn"),                  # Bank: cannot beat the top
    ("throw_in", "P1 throws in nothing more"),     # Durak: throwing in
    ("", "P1 passes"),
])
def test_pass_is_named_by_what_it_is(phase: str, said: str) -> None:
    table = TextRenderer(cardrules.load("bura", players=2).pack, ascii=True)
    assert table.event({"kind": "pass", "player": 1}, phase=phase) == said


def test_giving_cards_in_hearts_is_not_called_passing() -> None:
    table = TextRenderer.of(cardrules.load("hearts"), ascii=True)
    assert table.event({"kind": "give", "player": 0, "cards": ["2C"]}) == "P0 gives 2C"


def test_a_bura_pass_reaches_the_screen_and_the_replay_as_declaring_nothing(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    saved = tmp_path / "bura.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 6 + f"save {saved}\nquit\n"))
    main(["play", "bura", "--players", "2", "--seed", "5", "--bots", "greedy", "--ascii"])
    out = capsys.readouterr().out
    assert "declares nothing" in out and " passes" not in out
    main(["replay", str(saved), "--seat", "0", "--ascii"])
    replayed = capsys.readouterr().out
    assert "declares nothing" in replayed and " passes" not in replayed


def test_the_suits_a_lead_limit_keeps_back_are_named_when_broken() -> None:
    game = cardrules.load("hearts")
    entries = game.new_deal(seed=1).view(0).to_json()
    entries["broken"] = True
    lines = TextRenderer.of(game, ascii=True).view(entries, me=0)
    assert "Hearts are broken: they may be led now" in lines
    assert not any("Led suits" in line for line in lines)


def test_a_refusal_is_said_to_the_player_and_of_one_card_in_a_one_card_game() -> None:
    game = cardrules.load("hearts")
    state, rng = game.new_deal(seed=1), random.Random(0)
    while True:
        state = state.apply(rng.choice(state.legal_actions()))
        seat = state.current_player
        if seat < 0 or not state.view(seat).to_json().get("trick"):
            continue
        reasons = [state.why_illegal(game.parse_action(f"answer {card}"))
                   for card in state.view(seat).hands[seat]]
        follow = [r for r in reasons if r and "follow suit" in r]
        if follow:
            break
    said = addressed(follow[0], seat)
    assert said.startswith("you must follow suit: answer with a card of the led suit")
    assert "as many" not in said and "they" not in said and f"player {seat}" not in said


def test_addressing_keeps_other_players_and_conjugates_the_verb() -> None:
    assert addressed("player 2 does not hold QS", 2) == "you do not hold QS"
    assert addressed("player 2 does not hold QS", 0) == "player 2 does not hold QS"
    assert addressed("you must beat player 1's cards", 1) == "you must beat player 1's cards"


def test_one_card_notation_in_the_table_the_moves_and_the_ansi_render() -> None:
    game = cardrules.load("bank", players=2)
    ascii = TextRenderer(game.pack, ascii=True)
    assert [ascii.card(n) for n in ("7S", "10H", "AC")] == ["7S", "10H", "AC"]
    symbols = TextRenderer(game.pack)
    assert symbols.message("you do not hold 7S (S)") == "you do not hold 7♠ (♠)"
    assert symbols.message("as many as you can") == "as many as you can"
    gymnasium = pytest.importorskip("gymnasium")
    importlib.import_module("cardrules.adapters.gymnasium")  # registers the environments

    env = gymnasium.make("cardrules/Bank-v0", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    hand = env.unwrapped.state_now.view(env.unwrapped.seat).hands[env.unwrapped.seat]
    assert all(card in text for card in hand)     # ``7S``, as actions and records write it


def test_the_throwers_are_told_that_the_defender_takes() -> None:
    table = TextRenderer(cardrules.load("durak", players=2).pack, ascii=True)
    entries = {"players": 2, "phase": "taking", "current_player": 0, "defender": 1,
               "hands": [["7S"], 3]}
    assert table.view(entries, me=0)[-1] == "Your turn (throw in: P1 is taking the table)"
    assert table.view(entries, me=1)[-1] == "P0 to play (throw in: you are taking the table)"


def test_moves_piped_in_after_the_end_are_skipped_then_no_longer_read() -> None:
    game = cardrules.load("bank", players=2)
    out = io.StringIO()
    answers = itertools.repeat("1")               # ``yes 1 | cardrules play``
    read_count = itertools.count()

    def read(prompt: str) -> str:
        next(read_count)
        return next(answers)

    session = Session(game, seats=[0], bots=[make_bot("greedy")] * 2, seed=3, match=False,
                      table=TextRenderer.of(game, ascii=True), out=out, read=read)
    assert session.run() == 0
    text = out.getvalue()
    assert text.count("Deal over") == 1
    assert text.count("the game is over") == 2    # said once, then when reading stops
    assert "input no longer read" in text
    assert next(read_count) < 2000 + SKIPPED_AFTER_END
