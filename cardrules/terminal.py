"""Play against bots, or step through a record, in a plain terminal (no curses).

Input is read line by line from stdin, so a game can be driven by a pipe; end of input
ends the game cleanly.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from typing import Any, TextIO

import attrs

from cardrules.actions import Action, Kind
from cardrules.bots import Bot, act
from cardrules.errors import CardrulesError, NotationError
from cardrules.game import Game, derive_seed
from cardrules.match import MatchState
from cardrules.record import GameRecord, game_of
from cardrules.render import TextRenderer
from cardrules.sanitize import guard
from cardrules.state import State

__all__ = ["Session", "full_view", "replay_record", "result_lines", "seen_action"]

HELP = ("Type a move's number or its notation (e.g. 'play 9H'); '?' explains why cards "
        "cannot be played, '? ACTION' why that action is refused; 'undo', 'save FILE', "
        "'quit'.")

_MOVE_NUMBER = re.compile(r"[0-9]+")
"""A move typed by its number: ASCII digits only (``str.isdigit`` also accepts ``²``)."""


@attrs.frozen(kw_only=True)
class _Point:
    """Where the game was before one of the human's moves (for undo)."""

    state: State
    actions: int
    rngs: tuple[Any, ...]


class Session:
    """One human seat against bots, reading commands from ``read`` and writing to ``out``
    (through :func:`cardrules.sanitize.guard`: rule-file text and echoed input are made
    safe for the terminal)."""

    def __init__(self, game: Game, *, seat: int, bots: Sequence[Bot], seed: int,
                 match: bool, table: TextRenderer, out: TextIO,
                 read: Callable[[str], str]) -> None:
        self.game, self.seat, self.bots, self.seed, self.match = game, seat, bots, seed, match
        self.table, self.out, self.read = table, guard(out), read
        self.rngs = [random.Random(derive_seed(seed, "bot", p)) for p in range(game.players)]
        self.state: State = game.new_match(seed) if match else game.new_deal(seed)
        self.actions: list[Action] = []
        self.undo_points: list[_Point] = []
        self.kinds: set[Kind] = set()

    def say(self, text: str = "") -> None:
        """Write a line."""
        print(text, file=self.out)

    def run(self) -> int:
        """Play until the human quits or input ends; the exit status.

        When the game is over the result is shown, every hand included, and the human may
        still ``save`` the record; ``undo`` is refused then, since the hands are known.
        """
        self.say(f"{self.game.variant.title}: {self.game.players} players, you are P{self.seat}"
                 f", seed {self.seed}. {HELP}")
        self._events()
        while self._play_on():
            self.say()
            for line in self.table.view(full_view(self.state), me=self.seat):
                self.say(line)
            for line in result_lines(self.state):
                self.say(line)
            self.say("game over: 'save FILE' or 'quit'")
            if not self._human_turn((), show=False):
                break
        return 0

    def _play_on(self) -> bool:
        """Play moves until the game is over (True) or the human stops (False)."""
        while not self.state.is_over:
            player = self.state.current_player
            legal = self.state.legal_actions()
            self.kinds.update(a.kind for a in legal)
            if player != self.seat:
                action = act(self.bots[player], self.state, self.rngs[player])
                self._apply(action)
                continue
            if not self._human_turn(legal):
                return False
        return True

    def _apply(self, action: Action) -> None:
        self.state = self.state.apply(action)
        self.actions.append(action)
        self._events()

    def _events(self) -> None:
        events = self.state.view(self.seat).get("events", [])
        for event in events:
            self.say("  " + self.table.event(event))

    def _human_turn(self, legal: Sequence[Action], *, show: bool = True) -> bool:
        """Read commands until a move is made (True) or the human stops (False)."""
        if show:
            self.say()
            for line in self.table.view(self.state.view(self.seat), me=self.seat):
                self.say(line)
            for number, action in enumerate(legal, start=1):
                self.say(f"  {number}. {self.table.text(self.state.describe(action))}")
        while True:
            try:
                line = self.read("> ").strip()
            except EOFError:
                self.say("\nend of input" + ("" if self.state.is_over else
                                              ": game abandoned"))
                return False
            if not line:
                continue
            if self.state.is_over and line.split()[0] not in ("save", "undo", "quit", "help"):
                self.say("the game is over: 'save FILE' or 'quit'")
                continue
            outcome = self._command(line, legal)
            if outcome is not None:
                return outcome

    def _command(self, line: str, legal: Sequence[Action]) -> bool | None:
        """True: the turn is over; False: stop playing; None: ask again."""
        word, _, rest = line.partition(" ")
        if line == "quit":
            self.say("bye" if self.state.is_over else "game abandoned")
            return False
        if line in ("help", "h"):
            self.say(HELP)
            return None
        if word == "?":
            self._explain(rest.strip())
            return None
        if line == "undo":
            return self._undo()
        if word == "save":
            self._save(rest.strip())
            return None
        number = _MOVE_NUMBER.fullmatch(line) is not None
        if number and not (len(line) <= 6 and 1 <= int(line) <= len(legal)):
            self.say(f"no move {line}: choose 1 to {len(legal)}")
            return None
        try:
            action = legal[int(line) - 1] if number else self.game.parse_action(line)
        except NotationError as exc:
            self.say(f"{exc}. {HELP}")
            return None
        reason = self.state.why_illegal(action)
        if reason is not None:
            self.say(f"illegal: {reason}")
            return None
        self.undo_points.append(_Point(state=self.state, actions=len(self.actions),
                                       rngs=tuple(r.getstate() for r in self.rngs)))
        self._apply(action)
        return True

    def _explain(self, text: str) -> None:
        if text:
            try:
                action = self.game.parse_action(text)
            except NotationError as exc:
                self.say(str(exc))
                return
            reason = self.state.why_illegal(action)
            self.say(f"{self.table.text(text)}: " + ("legal" if reason is None else reason))
            return
        for line in explain_hand(self.state, self.seat, self.kinds, self.table):
            self.say(line)

    def _undo(self) -> bool | None:
        if self.state.is_over:
            self.say("cannot undo: the game is over and every hand has been shown")
            return None
        if not self.undo_points:
            self.say("nothing to undo")
            return None
        point = self.undo_points.pop()
        self.state = point.state
        del self.actions[point.actions:]
        for rng, saved in zip(self.rngs, point.rngs):
            rng.setstate(saved)
        self.say("took back your last move")
        return True

    def _save(self, path: str) -> None:
        if not path:
            self.say("write 'save FILE'")
            return
        record = GameRecord.of(self.game, seed=self.seed, actions=self.actions,
                               match=self.match)
        try:
            record.save(path)
        except OSError as exc:
            self.say(f"cannot save {path}: {exc}")
            return
        self.say(f"saved {len(self.actions)} actions to {path}")


def explain_hand(state: State, seat: int, kinds: set[Kind], table: TextRenderer) -> list[str]:
    """Why each card in ``seat``'s hand that no legal move uses cannot be played now."""
    game = state.game
    legal = state.legal_actions()
    usable = {c for a in legal for c in a.cards}
    card_kinds = [k for k in (Kind.PLAY, Kind.LEAD, Kind.ANSWER, Kind.THROW)
                  if k in {a.kind for a in legal}] or \
        [k for k in (Kind.PLAY, Kind.LEAD, Kind.ANSWER) if k in kinds] or [Kind.PLAY]
    hands = state.view(seat).get("hands")
    hand = hands[seat] if isinstance(hands, list) and isinstance(hands[seat], list) else []
    lines = []
    for name in hand:
        card = game.pack.parse(name)
        if card in usable:
            continue
        reason = state.why_illegal(Action(kind=card_kinds[0], cards=(card,)))
        lines.append(f"  {table.card(name)}: {reason or 'legal only as part of another move'}")
    for kind in (Kind.DRAW, Kind.PASS):
        if kind in kinds and all(a.kind is not kind for a in legal):
            lines.append(f"  {kind.value}: {state.why_illegal(Action(kind=kind))}")
    if not lines:
        lines.append("  every card in your hand can be played now")
    return lines


def full_view(state: State) -> dict[str, Any]:
    """A view showing every hand (for replays and the end of a game)."""
    players = state.game.players
    view = state.view(max(state.current_player, 0))
    hands = view.get("hands")
    if isinstance(hands, list) and len(hands) == players:
        view["hands"] = [state.view(p)["hands"][p] for p in range(players)]
    view.pop("legal_actions", None)
    return view


def seen_action(state: State, seat: int, table: TextRenderer) -> str:
    """The action that led to ``state`` as ``seat`` saw it: the events of ``seat``'s view,
    so cards private to another player show only as a count."""
    events = state.view(seat).get("events") or []
    return "; ".join(table.event(e) for e in events) or "(nothing this seat could see)"


def result_lines(state: State) -> list[str]:
    """How a finished deal or match ended."""
    result = getattr(state, "result", None)
    if result is None:
        return ["the game is not over"]
    if isinstance(state, MatchState):
        winners = ", ".join(f"P{p}" for p in result.winners) or "nobody"
        lines = [f"match over after {result.deals} deals: totals "
                 + "  ".join(f"P{p} {t}" for p, t in enumerate(result.totals))
                 + f"; winner {winners}"]
        if result.payouts:
            lines.append("pot shares: " + "  ".join(f"P{p} {t}" for p, t in
                                                    enumerate(result.payouts)))
        return lines
    scores = "  ".join(f"P{p} {s}" for p, s in enumerate(result.scores))
    finish = " ".join(f"P{p}" for p in result.finish)
    winners = ", ".join(f"P{p}" for p in result.winners) or "nobody"
    return [f"deal over: results {scores}; finishing order {finish}; won by {winners}"]


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
            print(f"{number}. {seen_action(state, seat, table)}", file=out)
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
