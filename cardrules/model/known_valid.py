"""Rule data known valid: digests of the shipped variant files' rule data that passed
every JSON Schema check the loader makes, so that loading a shipped game needs neither
those checks nor the JSON Schema library (whose import and checks are about a fifth of a
first load in a fresh process).

A digest (:func:`digest`) covers everything a check depends on: the schemas, the
registered procedure's schemas and the data, as canonical JSON text.  Any change to any
of them gives a digest that is not in the table, and the check runs in full, as for any
rule file; a file from anywhere else is never taken on trust.  The table
(:mod:`cardrules.model.valid_digests`) is written by ``python -m
cardrules.tools.known_valid --write``, and the test suite checks that it is current.

>>> known(digest("a section", "{}"))
False
>>> with record() as found:
...     found_valid(digest("a section", "{}"))
...     known(digest("a section", "{}"))  # while recording, every check runs
False
>>> found == {digest("a section", "{}")}
True
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Iterator

from cardrules.model.valid_digests import DIGESTS

__all__ = ["digest", "found_valid", "known", "record", "recording"]

_RECORDING: list[set[str]] = []
"""The digests found valid by the checks while :func:`record` is in force (innermost
last)."""


def digest(*parts: str) -> str:
    """The SHA-256 digest (hex) of ``parts``, each ended by a NUL.

    >>> digest("a", "b") != digest("ab", "")
    True
    """
    hashed = hashlib.sha256()
    for part in parts:
        hashed.update(part.encode())
        hashed.update(b"\0")
    return hashed.hexdigest()


def known(found: str) -> bool:
    """True if the data of digest ``found`` is known valid (and its check may be left
    out), unless digests are being recorded: every check runs then."""
    return not _RECORDING and found in DIGESTS


def recording() -> bool:
    """True while :func:`record` is in force."""
    return bool(_RECORDING)


def found_valid(found: str) -> None:
    """Note that a check found the data of digest ``found`` valid (kept while
    recording)."""
    if _RECORDING:
        _RECORDING[-1].add(found)


@contextlib.contextmanager
def record() -> Iterator[set[str]]:
    """Run every check in full, and collect the digests of the data found valid."""
    found: set[str] = set()
    _RECORDING.append(found)
    try:
        yield found
    finally:
        _RECORDING.pop()
