"""Shipped variant files pre-parsed: their data and marks kept as JSON, found by the
SHA-256 digest of the file's bytes, so that loading a shipped game needs neither PyYAML
(whose import is a tenth of a first load in a fresh process) nor a parse.

Each file ``parsed/<digest>.json`` beside this module holds what
:func:`cardrules.loader.yamlsafe.parse_yaml` makes of the bytes of that digest: the data,
and every mark (path, line, column, and the key's line and column) in the order the
parser records them; the file name of the marks is the caller's.  Only bytes whose digest
names such a file are read from it (a changed file has another digest, and is parsed);
nothing in it is executed, it is JSON read by :func:`json.loads`.  The files are written
by ``python -m cardrules.tools.preparsed`` from the shipped variant files, parsed in
full; ``--check`` (and ``tests/test_preparsed.py``) fails while they are out of date.

>>> pre_parsed(b"name: not shipped\\n", file="x.yaml") is None
True
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from cardrules.loader.marks import Mark, Marks

__all__ = ["PARSED_DIR", "digest_of", "pre_parsed", "same_data", "to_json"]

PARSED_DIR = Path(__file__).resolve().parent / "parsed"
"""Where the pre-parsed files are."""


def digest_of(data: bytes) -> str:
    """The name (without ``.json``) of the pre-parsed form of ``data``: its SHA-256, hex."""
    return hashlib.sha256(data).hexdigest()


def pre_parsed(data: bytes, file: str) -> tuple[Any, Marks] | None:
    """The data and marks (located in ``file``) of the shipped variant file whose bytes
    are ``data``, or None when ``data`` is not a shipped file's."""
    try:
        text = (PARSED_DIR / f"{digest_of(data)}.json").read_bytes()
    except OSError:
        return None
    stored = json.loads(text)
    marks: Marks = {
        tuple(path): Mark(file=file, line=line, column=column, key_line=key_line,
                          key_column=key_column)
        for path, line, column, key_line, key_column in stored["marks"]
    }
    return stored["data"], marks


def to_json(data: Any, marks: Marks) -> str | None:
    """The text of a pre-parsed file holding ``data`` and ``marks``, or None when JSON
    would not give ``data`` back exactly (a key that is not a string, say: such a file
    is parsed each time rather than read back changed).

    >>> to_json({"a": [1, "b"]}, {}) is not None, to_json({2: 1}, {})
    (True, None)
    """
    rows = [[list(path), m.line, m.column, m.key_line, m.key_column]
            for path, m in marks.items()]
    text = json.dumps({"data": data, "marks": rows}, ensure_ascii=False,
                      separators=(",", ":")) + "\n"
    return text if same_data(json.loads(text)["data"], data) else None


def same_data(a: Any, b: Any) -> bool:
    """Whether ``a`` and ``b`` are equal and of the same types all the way down, their
    dicts' keys in the same order.

    >>> same_data({"a": 1}, {"a": 1}), same_data({"a": 1}, {"a": 1.0})
    (True, False)
    """
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same_data(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same_data(x, y) for x, y in zip(a, b))
    return bool(a == b)
