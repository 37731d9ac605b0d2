"""Text safe for a terminal: the one output boundary of the command line and the terminal.

Everything the ``cardrules`` command prints may hold text from a rule file, a game record
or the user's own input.  Such text must not reach a terminal raw: an escape sequence can
retitle the window, fill the clipboard (OSC 52) or clear the screen, a bidirectional
override can reorder what is shown, and a lone surrogate cannot even be encoded.
:func:`printable` escapes every such character visibly and cuts over-long lines;
:class:`SafeStream` applies it to everything written to a stream, and
:func:`guarded_stdio` puts it in front of ``sys.stdout`` and ``sys.stderr``.

>>> printable("T\\x1b]0;pwned\\x07 \\udc80")
'T\\\\x1b]0;pwned\\\\x07 \\\\udc80'
>>> printable("x" * 8, limit=5)
'xxxxx…'
"""

from __future__ import annotations

import io
import re
import sys
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO, cast

__all__ = ["ELLIPSIS", "LINE_LIMIT", "SafeStream", "guard", "guarded_stdio", "printable",
           "rewrite_line", "write_whole"]

LINE_LIMIT = 1000
"""Most characters printed on one line; the rest of the line is cut with an ellipsis."""
ELLIPSIS = "…"
"""What marks a line that was cut."""

_UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
_CANDIDATES = re.compile("([^\x20-\x7e])")  # anything but printable ASCII: look closer


def _escape(char: str) -> str:
    """``char`` itself if it is harmless, else its Python escape (``\\x1b``, ``\\u202e``)."""
    if char == "\n" or unicodedata.category(char) not in _UNSAFE_CATEGORIES:
        return char
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else \
        f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def printable(text: str, *, limit: int | None = LINE_LIMIT, ellipsis: str = ELLIPSIS) -> str:
    """``text`` with every control, format and surrogate character escaped visibly (newlines
    kept) and each line cut to ``limit`` characters, ending with ``ellipsis`` when cut.

    This is the one place that decides what may reach a terminal.

    >>> printable("a\\tb\\u202ec\\nd")
    'a\\\\x09b\\\\u202ec\\nd'
    >>> printable("ok\\n" + "y" * 12, limit=10)
    'ok\\nyyyyyyyyyy…'
    """
    return "\n".join(_line(line, limit, ellipsis)[0] for line in text.split("\n"))


def _line(line: str, limit: int | None, ellipsis: str) -> tuple[str, bool]:
    """One line made safe, and whether it was cut."""
    if limit is None:
        return "".join(_escape(p) if len(p) == 1 else p for p in _CANDIDATES.split(line)), False
    out: list[str] = []
    used = 0
    for piece in _CANDIDATES.split(line[:limit + 1]):
        shown = _escape(piece) if len(piece) == 1 else piece
        if used + len(shown) > limit:
            if len(piece) != 1:  # a run of plain characters may be cut anywhere
                out.append(shown[:limit - used])
            return "".join(out) + ellipsis, True
        out.append(shown)
        used += len(shown)
    return "".join(out), False


class SafeStream(io.TextIOBase):
    """A text stream passing everything written through :func:`printable` to ``raw``.

    Lines are counted across writes, so a line printed in pieces is cut once.  Text the
    underlying stream cannot encode is written as backslash escapes, never an error.

    >>> out = io.StringIO()
    >>> safe = SafeStream(out, limit=6)
    >>> print("bell\\x07", "and more", file=safe)
    >>> out.getvalue()
    'bell…\\n'
    """

    def __init__(self, raw: TextIO, *, limit: int | None = LINE_LIMIT) -> None:
        super().__init__()
        self.raw = raw
        """The stream written to."""
        self.limit = limit
        """Most characters per line (None: no limit)."""
        self._column = 0
        encoding = getattr(raw, "encoding", None)
        self._encoding: str | None = encoding if isinstance(encoding, str) else None
        self._ellipsis = ELLIPSIS if _encodes(ELLIPSIS, self._encoding) else "..."

    def write(self, text: str) -> int:
        """Write ``text`` made safe; returns ``len(text)`` as a text stream does."""
        pieces = text.split("\n")
        shown = []
        for number, piece in enumerate(pieces):
            if number:
                self._column = 0
            room = None if self.limit is None else self.limit - self._column
            if room is not None and room < 0:  # this line was cut already
                shown.append("")
                continue
            safe, cut = _line(piece, room, self._ellipsis)
            self._column = (self.limit or 0) + 1 if cut else self._column + len(safe)
            shown.append(safe)
        out = "\n".join(shown)
        if self._encoding is not None and not _encodes(out, self._encoding):
            out = out.encode(self._encoding, "backslashreplace").decode(self._encoding)
        self.raw.write(out)
        return len(text)

    def flush(self) -> None:
        """Flush the underlying stream."""
        self.raw.flush()

    def isatty(self) -> bool:
        """Whether the underlying stream is a terminal."""
        return self.raw.isatty()

    def fileno(self) -> int:
        """The underlying stream's file descriptor (lets ``input()`` use line editing)."""
        return self.raw.fileno()

    def writable(self) -> bool:
        """Always True."""
        return True

    @property
    def encoding(self) -> str:  # type: ignore[override]
        """The underlying stream's encoding."""
        return self._encoding or "utf-8"

    def new_line_count(self) -> None:
        """Forget the current line's length (after :func:`rewrite_line`)."""
        self._column = 0


def _encodes(text: str, encoding: str | None) -> bool:
    if encoding is None:
        return True
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def guard(stream: TextIO, *, limit: int | None = LINE_LIMIT) -> TextIO:
    """``stream`` behind a :class:`SafeStream` (itself when it is one already)."""
    if isinstance(stream, SafeStream):
        return cast(TextIO, stream)
    return cast(TextIO, SafeStream(stream, limit=limit))


@contextmanager
def guarded_stdio() -> Iterator[None]:
    """Within the block, ``sys.stdout`` and ``sys.stderr`` are :class:`SafeStream` s."""
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = guard(sys.stdout), guard(sys.stderr)
    try:
        yield
    finally:
        for stream in (sys.stdout, sys.stderr):
            stream.flush()
        sys.stdout, sys.stderr = saved


def rewrite_line(stream: TextIO, text: str) -> None:
    """Write ``text`` over the current terminal line (a progress bar): a carriage return
    then ``text`` made safe.  The carriage return is the one control character let through,
    and only here."""
    raw: TextIO = stream.raw if isinstance(stream, SafeStream) else stream
    raw.write("\r" + printable(text))
    raw.flush()
    if isinstance(stream, SafeStream):
        stream.new_line_count()


def write_whole(stream: TextIO, text: str) -> None:
    """Write ``text`` made safe but never cut (JSON for programs, which must stay whole)."""
    raw: TextIO = stream.raw if isinstance(stream, SafeStream) else stream
    raw.write(printable(text, limit=None))
    if isinstance(stream, SafeStream):
        stream.new_line_count()
