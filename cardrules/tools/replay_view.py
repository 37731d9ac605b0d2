"""``cardrules replay``: a saved game printed action by action, as everyone or as one seat
saw it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from cardrules.engine.game import Game
from cardrules.engine.record import GameRecord, game_of
from cardrules.engine.state import State
from cardrules.errors import CardrulesError
from cardrules.tools.render import TextRenderer
from cardrules.tools.sanitize import guard
from cardrules.tools.summary import full_view, result_lines

__all__ = ["replay_record", "seen_action"]


def seen_action(state: State, seat: int, table: TextRenderer, *,
                before: State | None = None) -> str:
    """The action that led to ``state`` as ``seat`` saw it: the events of ``seat``'s view,
    so cards private to another player show only as a count (``before``: the state the
    action was made in, whose phase says what a ``pass`` was)."""
    events = state.view(seat).events
    phase = ""
    if before is not None:
        step = before.view(seat).to_json().get("phase")
        phase = str(getattr(step, "value", step) or "")
    return "; ".join(table.event(e, phase=phase) for e in events) or \
        "(nothing this seat could see)"


def replay_record(path: str, *, to: int | None, seat: int | None, table_of: Callable[
        [Game], TextRenderer], out: TextIO) -> int:
    """Print a saved game action by action (``to``: only the table after action ``to``).

    With a ``seat``, only what that seat may know is shown: its views, and each action as
    the events that seat saw (another player's face-down cards appear as a count).
    """
    out = guard(out)
    record = GameRecord.read(path)
    game = game_of(record, where=path)
    states = game.replay(record)
    if seat is not None and not 0 <= seat < game.players:
        raise CardrulesError(f"no seat {seat}: the game has seats 0 to {game.players - 1}")
    if to is not None and not 0 <= to <= len(record.actions):
        raise CardrulesError(f"--to must be between 0 and {len(record.actions)}")
    table = table_of(game)
    numbers = range(len(states)) if to is None else [to]
    for number in numbers:
        state = states[number]
        if number and seat is not None:
            print(f"{number}. {seen_action(state, seat, table, before=states[number - 1])}",
                  file=out)
        elif number:
            print(f"{number}. P{states[number - 1].current_player} "
                  f"{table.text(record.actions[number - 1])}", file=out)
        else:
            print(f"0. start (seed {record.seed})", file=out)
        view = full_view(state) if seat is None else state.view(seat)
        for line in table.view(view, me=seat):
            print("   " + line.replace("\n", "\n   "), file=out)
    if states[-1].is_over and (to is None or to == len(record.actions)):
        for line in result_lines(states[-1]):
            print(line, file=out)
    return 0
