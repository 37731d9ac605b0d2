"""Safe YAML parsing for untrusted rule files, keeping the location of every value.

Only plain data comes out: mappings with string keys, lists, strings, ints, floats,
booleans and null.  Anchors, aliases and tags beyond the core ones are refused, and
size, depth and node-count limits hold before anything big is built.

Where PyYAML has libyaml, its C parser reads the text and the checks above run on its
events as they come (the same composer, the same checks, the same marks); a text the C
parser refuses, or that holds a character PyYAML's own reader refuses, is read again by
the pure-Python parser, whose messages the problems keep.  Without libyaml the
pure-Python parser reads everything.  The parsing itself is in
:mod:`cardrules.loader.yamlparse`, imported only to parse: a shipped variant file is read
from its pre-parsed form (:mod:`cardrules.loader.preparsed`), found by the digest of its
bytes, so that loading a shipped game needs neither PyYAML nor a parse.

>>> data, marks = parse_yaml("name: durak\\nplay:\\n  beats: [6, 7]\\n", file="d.yaml")
>>> data
{'name': 'durak', 'play': {'beats': [6, 7]}}
>>> marks[("play", "beats", 1)]
Mark(file='d.yaml', line=3, column=14, key_line=0, key_column=0)
>>> format_path(("play", "beats", 1))
'$.play.beats[1]'
"""

from __future__ import annotations

import copy
import functools
from typing import Any

from cardrules.loader.marks import (
    MAX_DEPTH,
    MAX_FILE_BYTES,
    MAX_INT,
    MAX_NODES,
    JsonPath,
    Mark,
    Marks,
    fail,
    format_path,
    text_problem,
)

__all__ = [
    "MAX_DEPTH",
    "MAX_FILE_BYTES",
    "MAX_INT",
    "MAX_NODES",
    "JsonPath",
    "Mark",
    "Marks",
    "format_path",
    "parse_yaml",
    "text_problem",
]


def _decode(data: bytes, file: str) -> str:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line_start = data.rfind(b"\n", 0, exc.start) + 1
        line = data.count(b"\n", 0, exc.start) + 1
        column = len(data[line_start:exc.start].decode("utf-8")) + 1
        fail(
            f"file is not valid UTF-8 (bad byte 0x{data[exc.start]:02x})", file, line, column
        )
    return text[1:] if text.startswith("\ufeff") else text


def _check_size(data: bytes | str, file: str) -> None:
    size = len(data)
    if isinstance(data, str) and size <= MAX_FILE_BYTES:
        size = len(data.encode("utf-8", "surrogatepass"))
    if size > MAX_FILE_BYTES:
        fail(
            f"file is too large ({size:,} bytes; the limit is {MAX_FILE_BYTES:,} bytes)",
            file, 1, 1,
        )


def parse_yaml(data: bytes | str, *, file: str) -> tuple[Any, Marks]:
    """Parse one untrusted YAML document into plain data and the location of every value.

    ``marks`` maps each path (``()`` for the root) to the :class:`Mark` of its value.
    Anything unsafe or unsupported raises :class:`~cardrules.errors.VariantError`.
    The same text read again (a game loaded with other options, say) is parsed once: the
    caller gets its own copy of the data and marks to change as it likes.

    >>> parse_yaml(b"10: ten\\nok: yes\\n", file="r.yaml")[0]
    {'10': 'ten', 'ok': True}
    >>> parse_yaml("at: 1:20:30\\n", file="r.yaml")[0]  # YAML 1.1 would read 4830
    {'at': '1:20:30'}
    >>> parse_yaml("a: &x 1\\nb: *x\\n", file="r")
    Traceback (most recent call last):
    ...
    cardrules.errors.VariantError: r:1:4: $.a: anchors and aliases are not allowed in rule files
    """
    _check_size(data, file)
    parsed, marks = _parsed(data, file)
    return copy.deepcopy(parsed), dict(marks)


@functools.lru_cache(maxsize=64)
def _parsed(data: bytes | str, file: str) -> tuple[Any, Marks]:
    """:func:`parse_yaml`'s work, kept for texts read again (never changed: copied out)."""
    if isinstance(data, bytes):
        found = _shipped(data, file)
        if found is not None:
            return found
    from cardrules.loader.yamlparse import parse_text

    text = _decode(data, file) if isinstance(data, bytes) else data
    return parse_text(text, file)


def _shipped(data: bytes, file: str) -> tuple[Any, Marks] | None:
    """The pre-parsed form of ``data`` when it is a shipped variant file's bytes."""
    from cardrules.loader.preparsed import pre_parsed

    return pre_parsed(data, file)
