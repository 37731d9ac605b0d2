"""Write or check the table of shipped rule data known valid
(:mod:`cardrules.model.valid_digests`, read by :mod:`cardrules.model.known_valid`).

Every shipped variant file is loaded with its default options while every check runs in
full, and the digests of the data the JSON Schema checks found valid (each file of an
``extends`` chain, the rules it resolves to, each listed phase's section) make the table.
Run ``python -m cardrules.tools.known_valid`` after changing a shipped variant file or a
schema; ``--check`` (and ``tests/test_known_valid.py``) fails while the table is out of
date.  An out-of-date table costs only time: data not in it is checked in full.
"""

from __future__ import annotations

import sys
from pathlib import Path

from cardrules.model import known_valid, valid_digests

__all__ = ["digests_now", "main", "table_source"]

_HEADER = '''"""Written by ``python -m cardrules.tools.known_valid``: do not edit.

The digests of the shipped rule data found valid (:mod:`cardrules.model.known_valid`)."""

'''


def digests_now() -> list[str]:
    """The digests of the shipped rule data, every check run in full, sorted."""
    from cardrules.loader.load import load_variant
    from cardrules.loader.resources import data_dir

    with known_valid.record() as found:
        for path in sorted(data_dir("variants").glob("*.yaml")):
            load_variant(path.stem)
    return sorted(found)


def table_source(digests: list[str]) -> str:
    """The source of :mod:`cardrules.model.valid_digests` holding ``digests``.

    >>> print(table_source(["ab", "cd"]).splitlines()[-4:])
    ['DIGESTS: frozenset[str] = frozenset({', '    "ab",', '    "cd",', '})']
    """
    lines = [f'    "{d}",' for d in digests]
    return _HEADER + "DIGESTS: frozenset[str] = frozenset({\n" + "\n".join(lines) + "\n})\n"


def main(argv: list[str] | None = None) -> int:
    """Write the table (or with ``--check`` say whether it is current): 0 when it is."""
    args = sys.argv[1:] if argv is None else argv
    target = Path(valid_digests.__file__).with_suffix(".py")
    wanted = table_source(digests_now())
    current = target.read_text(encoding="utf-8") if target.is_file() else ""
    if "--check" in args:
        if current != wanted:
            print(f"{target} is out of date: run python -m cardrules.tools.known_valid")
            return 1
        return 0
    if current != wanted:
        target.write_text(wanted, encoding="utf-8")
        print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
