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

__all__ = ["PARSED_DIR", "digest_of", "pre_parsed", "to_json"]

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


def to_json(data: Any, marks: Marks) -> str:
    """The text of a pre-parsed file holding ``data`` and ``marks``."""
    rows = [[list(path), m.line, m.column, m.key_line, m.key_column]
            for path, m in marks.items()]
    return json.dumps({"data": data, "marks": rows}, ensure_ascii=False,
                      separators=(",", ":")) + "\n"
