"""Play against bots, or with friends at one terminal, in a plain terminal (no curses).

Input is read line by line, so a game can be driven by a pipe; end of input ends the game
cleanly.  On a terminal the table is coloured (:mod:`cardrules.tools.paint`); a move that is the
only legal one is played for the player, with a short pause to read it; every deal of a
match ends with a summary, and the match with its standing.  With several human seats
(hot-seat), the screen is cleared and each player presses Enter before their hand is
shown.
"""

from __future__ import annotations

import random
import re
import shutil
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

import attrs

from cardrules.actions import Action, Kind
from cardrules.engine.game import Game, derive_seed
from cardrules.engine.match import MatchState
from cardrules.engine.record import GameRecord
from cardrules.engine.state import State
from cardrules.errors import NotationError
from cardrules.tools.bots import Bot, act
from cardrules.tools.paint import Painter, wants_colour
from cardrules.tools.prompt import (
    explain_hand,
    game_verbs,
    help_text,
    move_lines,
    typed_move,
    unknown_word,
)
from cardrules.tools.render import TextRenderer
from cardrules.tools.replay_view import replay_record, seen_action
from cardrules.tools.sanitize import guard
from cardrules.tools.summary import deal_summary, full_view, match_summary, result_lines
from cardrules.tools.table import wrap

__all__ = ["BETWEEN_DEALS", "SKIPPED_AFTER_END", "Session", "addressed", "full_view",
           "replay_record", "result_lines", "seen_action"]

BETWEEN_DEALS = "Press Enter for the next deal"
"""The prompt after a deal's summary (on a terminal only)."""
SKIPPED_AFTER_END = 10_000
"""Moves piped in after the game is over that are skipped before input is no longer
read (a script such as ``yes 1 | cardrules play`` would otherwise be read forever)."""

_MOVE_NUMBER = re.compile(r"[0-9]+")
"""A move typed by its number: ASCII digits only (``str.isdigit`` also accepts ``²``)."""
_SUMMARISED = frozenset({"deal_scored", "match_end", "deal_end"})
"""Event kinds shown as a summary instead of a line."""
_YOU = {"is": "are", "has": "have", "does": "do", "holds": "hold", "plays": "play",
        "opens": "open", "defends": "defend", "declared": "declared", "must": "must",
        "may": "may", "cannot": "cannot", "can": "can", "no": "no"}
"""A verb after "player N" in a refusal, as said to that player ("you hold")."""


def addressed(text: str, seat: int) -> str:
    """A refusal or explanation said to ``seat``: "player 0 must follow suit ... as they
    can" becomes "you must follow suit ... as you can" (other players keep their names).

    >>> addressed("player 0 holds no card of the led suit and must play trumps", 0)
    'you hold no card of the led suit and must play trumps'
    >>> addressed("player 1 must beat the cards holding the trick", 0)
    'player 1 must beat the cards holding the trick'
    """
    def you(match: re.Match[str]) -> str:
        verb = match.group(1)
        return "you" + (f" {_YOU.get(verb, verb)}" if verb else "")

    said = re.sub(rf"\b[Pp]layer {seat}\b(?! ?'s)(?: (\w+))?", you, text)
    if said != text:
        said = said.replace(" they can", " you can").replace(" they hold", " you hold")
    return said[:1].upper() + said[1:] if text[:1].isupper() else said


@attrs.frozen(kw_only=True)
class _Point:
    """Where the game was before one of the humans' moves (for undo)."""

    state: State
    actions: int
    rngs: tuple[Any, ...]
    seat: int


class Session:
    """Human seats against bots, reading commands from ``read`` and writing to ``out``
    (through :func:`cardrules.tools.sanitize.guard`: rule-file text and echoed input are made
    safe for the terminal).

    ``seats``: the human seats (several: hot-seat); ``auto``: play a human's only legal
    move for them, after ``pause`` seconds; ``start`` and ``actions``: a game resumed
    from a record; ``interactive``: wait for Enter between deals.
    """

    def __init__(self, game: Game, *, seats: Sequence[int], bots: Sequence[Bot], seed: int,
                 match: bool, table: TextRenderer, out: TextIO,
                 read: Callable[[str], str], auto: bool = True, pause: float = 0.0,
                 colour: bool | None = None, interactive: bool = False,
                 start: State | None = None, actions: Sequence[Action] = (),
                 sleep: Callable[[float], Any] = time.sleep) -> None:
        self.game, self.seats, self.bots, self.seed, self.match = \
            game, tuple(seats), bots, seed, match
        self.table, self.out, self.read = table, guard(out), read
        self.paint = Painter(self.out, colour=wants_colour(self.out) if colour is None
                             else colour)
        self.auto, self.pause, self.sleep, self.interactive = auto, pause, sleep, interactive
        self.rngs = [random.Random(derive_seed(seed, "bot", p)) for p in range(game.players)]
        self.state: State = start if start is not None else (
            game.new_match(seed) if match else game.new_deal(seed))
        self.actions: list[Action] = list(actions)
        self.undo_points: list[_Point] = []
        self.kinds: set[Kind] = set()
        self.hotseat = len(self.seats) > 1
        self.viewer: int | None = None if self.hotseat else self.seats[0]
        self.unseen: dict[int, list[str]] = {s: [] for s in self.seats}
        self.stopped = False
        self.phase = ""
        """The phase the last action was made in (what its ``pass`` meant)."""

    def say(self, text: str = "") -> None:
        """Write a line."""
        self.paint.line(text)

    def note(self, text: str, *, indent: str = "") -> None:
        """Write ``text`` wrapped at the terminal's width (later lines after ``indent``),
        its cards written as the table writes them and said to the seat at the screen."""
        seat = self.viewer if self.viewer is not None else self.seats[0]
        text = self.table.message(addressed(text, seat))
        for number, part in enumerate(wrap(text.split(), self.width() - 1 - len(indent))):
            self.say((indent if number else "") + part)

    @staticmethod
    def width() -> int:
        """The terminal's width, within 40 to 120 columns."""
        return max(40, min(shutil.get_terminal_size((80, 24)).columns, 120))

    def run(self) -> int:
        """Play until the humans quit or input ends; the exit status.

        When the game is over the result is shown, every hand included, and a human may
        still ``save`` the record; ``undo`` is refused then, since the hands are known.
        """
        who = ("hot-seat for " + ", ".join(f"P{s}" for s in self.seats)) if self.hotseat \
            else f"you are P{self.seats[0]}"
        kind = "a match" if self.match else "one deal (--match for a whole match)"
        self.say(f"{self.table.title}: {self.game.players} players, {who}, seed {self.seed}")
        teams = [t for t in self.game.partnerships if len(t) > 1]
        if teams:
            self.say("Partners: " + ", ".join("+".join(f"P{p}" for p in t) for t in teams))
        self.say(f"Playing {kind}.")
        self.say("Type 'help' for the commands, 'rules' for the rules of the game.")
        if self.actions:
            self.say(f"resumed after {len(self.actions)} actions")
        self._events()
        while self._play_on():
            self.say()
            if isinstance(self.state, MatchState):
                for line in match_summary(self.state):
                    self.say(line)
            else:
                for line in deal_summary(self.state, self.table):
                    self.say(line)
            self.say("game over: 'save FILE' or 'quit'")
            if not self._human_turn((), show=False):
                break
        return 0

    def _play_on(self) -> bool:
        """Play moves until the game is over (True) or the humans stop (False)."""
        while not self.state.is_over and not self.stopped:
            player = self.state.current_player
            legal = self.state.legal_actions()
            self.kinds.update(a.kind for a in legal)
            if player not in self.seats:
                action = act(self.bots[player], self.state, self.rngs[player])
                self._apply(action)
                continue
            if self.auto and len(legal) == 1:
                self._forced(player, legal[0])
                continue
            if not self._hand_over(player) or not self._human_turn(legal):
                return False
        return not self.stopped

    def _forced(self, player: int, action: Action) -> None:
        """Play ``player``'s only legal move for them, saying so."""
        if self.pause > 0 and player == self.viewer:
            self.out.flush()
            self.sleep(self.pause)
        self._apply(action, note=(player, " (your only move)"))

    def _hand_over(self, player: int) -> bool:
        """In hot-seat play, clear the screen and wait for ``player`` to take it; then show
        what they missed.  False if input ended."""
        if player == self.viewer:
            return True
        if self.viewer is not None:  # the first player to take the screen sees no hand
            self.paint.clear()
        self.say(f"Pass the screen to P{player}, then press Enter")
        try:
            self.read(f"P{player}, press Enter> ")
        except EOFError:
            self.say("\nend of input: game abandoned")
            return False
        self.paint.clear()
        self.viewer = player
        missed, self.unseen[player] = self.unseen[player][-12:], []
        if missed:
            self.say(f"P{player}, since your last turn:")
        for line in missed:
            self.say(line)
        return True

    def _tell(self, seat: int, line: str) -> None:
        """Show ``line``, meant for human ``seat``, now or when they take the screen."""
        if seat == self.viewer:
            self.say(line)
        else:
            self.unseen[seat].append(line)

    def _apply(self, action: Action, *, note: tuple[int, str] | None = None) -> None:
        before = self.state
        step = before.view(max(before.current_player, 0)).to_json().get("phase")
        self.phase = str(getattr(step, "value", step) or "")
        self.state = self.state.apply(action)
        self.actions.append(action)
        summary: list[str] = []
        if isinstance(before, MatchState) and isinstance(self.state, MatchState) and (
                self.state.is_over or self.state.deal_index != before.deal_index):
            summary = ["", *deal_summary(before.deal.apply(action), self.table,
                                         match=self.state, number=before.deal_index + 1)]
        self._events(note, summary)

    def _events(self, note: tuple[int, str] | None = None,
                summary: Sequence[str] = ()) -> None:
        """Tell each human seat the events of the last action as that seat saw them
        (``note``: a seat and words added to that seat's first event line); a deal's
        ``summary`` is shown where the deal ended, before the next deal's events."""
        pending = list(summary)
        for seat in self.seats:
            extra = note[1] if note is not None and note[0] == seat else ""
            for event in self.state.view(seat).events:
                kind = event.get("kind")
                if kind == "deal_scored" and seat == self.viewer and pending:
                    self._between_deals(pending)
                    pending = []
                if kind not in _SUMMARISED:
                    self._tell(seat, "  " + self.table.event(event, phase=self.phase) + extra)
                    extra = ""
        if pending:
            self._between_deals(pending)

    def _between_deals(self, summary: Sequence[str]) -> None:
        """Show a deal's summary to everyone; on a terminal, wait for Enter."""
        for line in summary:
            self.say(line)
        for seat in self.seats:
            if seat != self.viewer:
                self.unseen[seat].extend(summary)
        if self.interactive and not self.state.is_over and not self.stopped:
            try:
                self.read(f"{BETWEEN_DEALS}> ")
            except EOFError:
                self.say("\nend of input: game abandoned")
                self.stopped = True

    def _human_turn(self, legal: Sequence[Action], *, show: bool = True) -> bool:
        """Read commands until a move is made (True) or the human stops (False)."""
        seat = self.viewer if self.viewer is not None else self.seats[0]
        labels = [self.state.describe(a) for a in legal]
        if show:
            self.say()
            for line in self.table.view(self.state.view(seat), me=seat):
                self.say(line)
            for line in move_lines([self.table.text(x) for x in labels], width=self.width()):
                self.say(line)
        prompt = f"P{seat}> " if self.hotseat else "> "
        skipped = 0
        while True:
            try:
                line = self.read(prompt if self.interactive or not skipped else "").strip()
            except EOFError:
                self.say("\nend of input" + ("" if self.state.is_over else
                                              ": game abandoned"))
                return False
            if not line:
                continue
            if self.state.is_over and line.split()[0] not in ("save", "undo", "quit", "help",
                                                              "rules"):
                skipped += 1
                if self.interactive or skipped == 1:
                    self.say("the game is over: 'save FILE' or 'quit'"
                             + ("" if self.interactive else "; moves piped in after the "
                                "end are skipped"))
                elif skipped >= SKIPPED_AFTER_END:  # a script that never ends (``yes 1 |``)
                    self.say(f"\nthe game is over and {skipped} moves came after it: "
                             "input no longer read")
                    return False
                continue
            outcome = self._command(line, legal, labels, seat)
            if outcome is not None:
                return outcome

    def _command(self, line: str, legal: Sequence[Action], labels: Sequence[str],
                 seat: int) -> bool | None:
        """True: the turn is over; False: stop playing; None: ask again."""
        word, _, rest = line.partition(" ")
        if line == "quit":
            self.say("bye" if self.state.is_over else "game abandoned")
            return False
        if line == "rules":
            self._rules()
            return None
        if line in ("help", "h"):
            self.note(help_text(labels))
            return None
        if word == "?":
            self._explain(rest.strip(), seat)
            return None
        if line == "undo":
            return self._undo(seat)
        if word == "save":
            self._save(rest.strip())
            return None
        number = _MOVE_NUMBER.fullmatch(line) is not None
        if number and not (len(line) <= 6 and 1 <= int(line) <= len(legal)):
            self.note(f"no move {line}: choose 1 to {len(legal)}")
            return None
        typed = None if number else typed_move(self.state, seat, line,
                                                [self.table.text(x) for x in labels])
        if isinstance(typed, str):
            self.note(typed)
            return None
        if not number and typed is None and word.lower() not in game_verbs(self.game):
            self.note(unknown_word(self.game, line))
            return None
        try:
            action = legal[int(line) - 1] if number else typed or self.game.parse_action(line)
        except NotationError as exc:
            self.note(f"{exc}; 'help' for how to type a move")
            return None
        reason = self.state.why_illegal(action)
        if reason is not None:
            self.note(f"illegal: {reason}")
            return None
        self.undo_points.append(_Point(state=self.state, actions=len(self.actions),
                                       rngs=tuple(r.getstate() for r in self.rngs),
                                       seat=seat))
        self._apply(action)
        return True

    def _rules(self) -> None:
        """The rules in English, as configured (``cardrules rules``), wrapped to the screen."""
        from cardrules.tools.describe import describe

        for line in describe(self.game.variant):
            indent = "  " if line.startswith("- ") else ""
            self.note(line, indent=indent)

    def _explain(self, text: str, seat: int) -> None:
        if text:
            try:
                action = self.game.parse_action(text)
            except NotationError as exc:
                self.note(str(exc))
                return
            reason = self.state.why_illegal(action)
            self.note(f"{self.table.text(text)}: " + ("legal" if reason is None else reason))
            return
        for line in explain_hand(self.state, seat, self.kinds, self.table):
            text = self.table.message(addressed(line, seat))
            for number, part in enumerate(wrap(text.split(), self.width() - 5)):
                self.say(("    " if number else "  ") + part)

    def _undo(self, seat: int) -> bool | None:
        if self.state.is_over:
            self.say("cannot undo: the game is over and every hand has been shown")
            return None
        if not self.undo_points or self.undo_points[-1].seat != seat:
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
            self.note("write 'save FILE'")
            return
        record = GameRecord.of(self.game, seed=self.seed, actions=self.actions,
                               match=self.match)
        try:
            record.save(path)
        except OSError as exc:
            self.note(f"cannot save {path}: {exc}")
            return
        self.say(f"saved {len(self.actions)} actions to {path}; go on later with "
                 f"'cardrules play --resume {path}'")
