"""Where values of a rule file come from (:class:`Mark`), the paths that name them, and
the limits a rule file is held to: what the YAML reading of
:mod:`cardrules.loader.yamlsafe` gives every value, and what problems name.

>>> format_path(("play", "beats", 1))
'$.play.beats[1]'
"""

from __future__ import annotations

import re
from typing import NoReturn

import attrs

from cardrules.errors import Problem, VariantError

__all__ = [
    "MAX_DEPTH",
    "MAX_FILE_BYTES",
    "MAX_INT",
    "MAX_NODES",
    "JsonPath",
    "Mark",
    "Marks",
    "fail",
    "format_path",
    "text_problem",
]

MAX_FILE_BYTES = 1_048_576
"""Largest rule file accepted, in bytes."""
MAX_DEPTH = 40
"""Deepest nesting of mappings and lists accepted."""
MAX_NODES = 20_000
"""Most YAML nodes (keys, values and items) accepted in one file."""
MAX_INT = 10**12
"""Largest absolute value of an integer accepted."""

JsonPath = tuple[str | int, ...]


@attrs.frozen(kw_only=True)
class Mark:
    """Where a value starts in a rule file."""

    file: str
    """The file the value was read from."""
    line: int
    """1-based line of the value (0 when unknown)."""
    column: int
    """1-based column of the value (0 when unknown)."""
    key_line: int = 0
    """1-based line of the mapping key holding the value (0 if not a mapping entry)."""
    key_column: int = 0
    """1-based column of the mapping key holding the value (0 if not a mapping entry)."""

    def at_key(self) -> Mark:
        """The location of the key holding the value, or the value's own location.

        >>> Mark(file="a", line=3, column=5, key_line=2, key_column=1).at_key()
        Mark(file='a', line=2, column=1, key_line=2, key_column=1)
        """
        if not self.key_line:
            return self
        return attrs.evolve(self, line=self.key_line, column=self.key_column)


Marks = dict[JsonPath, Mark]

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*\Z")
_SURROGATE = re.compile("[\ud800-\udfff]")


def format_path(path: JsonPath) -> str:
    """JSONPath-style text for a path of keys and list indices.

    >>> format_path(())
    '$'
    >>> format_path(("play", "after_turn", "7", 0))
    '$.play.after_turn["7"][0]'
    """
    parts = ["$"]
    for part in path:
        if isinstance(part, int):
            parts.append(f"[{part}]")
        elif _IDENTIFIER.match(part):
            parts.append(f".{part}")
        else:
            parts.append('["' + part.replace("\\", "\\\\").replace('"', '\\"') + '"]')
    return "".join(parts)


def text_problem(text: str) -> str:
    """Why ``text`` is not valid Unicode text (empty when it is).

    A YAML escape such as ``"\\uDC80"`` yields a lone surrogate: a code point that is no
    character, which cannot be written out as UTF-8 and breaks whatever prints it.

    >>> text_problem("Bank")
    ''
    >>> text_problem("\\udc80")  # doctest: +ELLIPSIS
    'text holds U+DC80, a lone surrogate, which is not a character; write ...'
    """
    found = _SURROGATE.search(text)
    if found is None:
        return ""
    return (f"text holds U+{ord(found.group()):04X}, a lone surrogate, which is not a "
            "character; write the character itself (or \\U0001F600-style escapes for "
            "characters beyond U+FFFF)")


def fail(message: str, file: str, line: int, column: int, path: JsonPath = ()) -> NoReturn:
    """Raise the one problem ``message`` at ``file``, ``line``, ``column`` (and ``path``)."""
    raise VariantError(
        [Problem(message=message, file=file, line=line, column=column, path=format_path(path))]
    )
