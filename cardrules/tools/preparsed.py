"""Write or check the pre-parsed shipped variant files (:mod:`cardrules.loader.preparsed`).

Every shipped variant file is parsed in full (PyYAML, the checks of
:mod:`cardrules.loader.yamlsafe`) and its data and marks are written to
``cardrules/loader/parsed/<digest of its bytes>.json``; files there that no shipped file
has now are removed.  Run ``python -m cardrules.tools.preparsed`` after changing a
shipped variant file; ``--check`` (and ``tests/test_preparsed.py``) fails while they are
out of date.  An out-of-date file costs only time: bytes with no pre-parsed file are
parsed.
"""

from __future__ import annotations

import sys

from cardrules.loader.preparsed import PARSED_DIR, digest_of, to_json

__all__ = ["main", "wanted"]


def wanted() -> dict[str, str]:
    """The pre-parsed files the shipped variant files make now: name -> text."""
    from cardrules.loader.resources import data_dir
    from cardrules.loader.yamlparse import parse_text
    from cardrules.loader.yamlsafe import _decode

    files: dict[str, str] = {}
    for path in sorted(data_dir("variants").glob("*.yaml")):
        raw = path.read_bytes()
        data, marks = parse_text(_decode(raw, path.name), path.name)
        text = to_json(data, marks)
        if text is not None:  # else parsed each time: JSON would change its data
            files[f"{digest_of(raw)}.json"] = text
    return files


def main(argv: list[str] | None = None) -> int:
    """Write the files (or with ``--check`` say whether they are current): 0 when they are."""
    args = sys.argv[1:] if argv is None else argv
    files = wanted()
    present = {path.name: path for path in PARSED_DIR.glob("*.json")} \
        if PARSED_DIR.is_dir() else {}
    stale = sorted(set(present) - set(files))
    changed = sorted(name for name, text in files.items()
                     if name not in present
                     or present[name].read_text(encoding="utf-8") != text)
    if "--check" in args:
        if stale or changed:
            print(f"{PARSED_DIR} is out of date: run python -m cardrules.tools.preparsed")
            return 1
        return 0
    PARSED_DIR.mkdir(exist_ok=True)
    for name in changed:
        (PARSED_DIR / name).write_text(files[name], encoding="utf-8")
    for name in stale:
        present[name].unlink()
    if stale or changed:
        print(f"wrote {len(changed)} and removed {len(stale)} files in {PARSED_DIR}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
