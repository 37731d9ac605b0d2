"""Colour for the terminal table, when the terminal supports it.

The table is plain text (:mod:`cardrules.tools.table`); a :class:`Painter` writes each line
made safe by :func:`cardrules.tools.sanitize.printable` first and coloured after, with rich:
red suits red, trump and turn lines highlighted, the player's own row bold.  Colour is
used only when the output is a terminal and ``NO_COLOR`` is not set
(https://no-color.org); otherwise lines are written unchanged.

>>> import io
>>> out = io.StringIO()
>>> Painter.for_stream(out).line("P0 you 9♥ 9♠")
>>> out.getvalue()
'P0 you 9♥ 9♠\\n'
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TextIO

from cardrules.tools.sanitize import SafeStream, printable

__all__ = ["STYLES", "Painter", "wants_colour"]

STYLES: Mapping[str, str] = {
    r"[0-9A-Za-z]{1,2}[♥♦]|\b(?:10|[2-9JQKA])[hd]\b": "bold red",
    r"^Your turn.*$": "bold green",
    r"^[▶*] P\d+ you.*$": "bold",
    r"^[▶*] ": "bold yellow",
    r"\btrumps? [^·]*": "yellow",
    r"^(?:Match|Deal \d+ over|Match over|Final).*$": "cyan",
    r"^ *\d+ (?=\S)": "dim",
    r"^(?:Pass the screen|illegal:).*$": "bold magenta",
}
"""Regular expression -> rich style, applied in order to every line written."""


def wants_colour(stream: TextIO, environ: Mapping[str, str] | None = None) -> bool:
    """True if ``stream`` is a terminal and ``NO_COLOR`` is unset or empty.

    >>> import io
    >>> wants_colour(io.StringIO())
    False
    """
    env = os.environ if environ is None else environ
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError):
        tty = False
    return tty and not env.get("NO_COLOR")


class Painter:
    """Writes table lines to a stream, coloured where :func:`wants_colour` says so."""

    def __init__(self, out: TextIO, *, colour: bool) -> None:
        self.out = out
        """Where lines go (a :class:`~cardrules.tools.sanitize.SafeStream` for plain lines)."""
        self.colour = colour
        """Whether to colour."""
        self._console = None
        if colour:
            from rich.console import Console

            raw = out.raw if isinstance(out, SafeStream) else out
            self._console = Console(file=raw, force_terminal=True, highlight=False,
                                    soft_wrap=True, emoji=False, markup=False)

    @classmethod
    def for_stream(cls, out: TextIO) -> Painter:
        """A painter colouring only when ``out`` wants colour."""
        return cls(out, colour=wants_colour(out))

    def line(self, text: str = "") -> None:
        """Write one line."""
        if self._console is None:
            print(text, file=self.out)
            return
        from rich.text import Text

        shown = Text(printable(text))
        for pattern, style in STYLES.items():
            shown.highlight_regex(pattern, style)
        self._console.print(shown)

    def clear(self) -> None:
        """Clear the screen (on a terminal), so the next player sees no earlier hand."""
        if self._console is not None:
            self._console.clear()
        elif self.out.isatty():
            raw = self.out.raw if isinstance(self.out, SafeStream) else self.out
            raw.write("\033[H\033[2J")
            raw.flush()
        else:
            print("\n" * 3, file=self.out)
