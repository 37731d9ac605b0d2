"""The code blocks of a documentation page, and a run of a page's blocks in order.

A page's ``python`` blocks run in order as one module (``doc_page``, so that classes the
page defines pickle), each compiled under its place (``docs/authoring.md:588``), from the
repository root with the repository on the path; its ``yaml`` blocks are parsed where they
stand, and those that are whole rule files are loaded (after the blocks above them, so
the phases and families those define are registered).  A block is a whole rule file when
it says ``extends:`` or has both ``name:`` and ``play:``; when its first line names a file
of ``docs/examples/`` (``# docs/examples/ladder-passing.yaml``), that file must hold the
block and is the one loaded.

A marker on the line before a block's fence changes how it is taken:

- ``<!-- doc-test: continue -->``: the block goes on from the block before it (a class
  shown a few methods at a time); the two are compiled as one;
- ``<!-- doc-test: skip -->``: the block is not run (say why on the same line).

Run ``python tests/doc_blocks.py docs/authoring.md`` to run one page by hand.
"""

from __future__ import annotations

import os
import re
import sys
import time
import types
from pathlib import Path

import attrs

ROOT = Path(__file__).resolve().parent.parent
FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```$", re.DOTALL | re.MULTILINE)
MARKER = re.compile(r"<!--\s*doc-test:\s*(\w+)[^>]*-->\s*\Z")
EXAMPLE_FILE = re.compile(r"\A# (docs/examples/[\w.-]+\.yaml)\n")


@attrs.frozen
class Block:
    """One fenced code block of a page."""

    page: str
    """The page, relative to the repository root."""
    line: int
    """The line of its opening fence."""
    language: str
    code: str
    marker: str
    """``continue``, ``skip`` or ''."""

    @property
    def where(self) -> str:
        return f"{self.page}:{self.line}"


def blocks(page: str) -> list[Block]:
    """Every fenced block of ``page`` (``docs/authoring.md``), in order."""
    text = (ROOT / page).read_text(encoding="utf-8")
    found = []
    for match in FENCE.finditer(text):
        before = text[:match.start()].rstrip()
        last = before[before.rfind("\n") + 1:]
        marker = MARKER.search(last)
        found.append(Block(page=page, line=text.count("\n", 0, match.start()) + 1,
                           language=match.group(1), code=match.group(2),
                           marker=marker.group(1) if marker else ""))
    return found


def runnable(page: str) -> list[tuple[str, Block]]:
    """The page's ``python`` and ``yaml`` blocks to run, in order, as (code, first block):
    continued blocks joined to the one they continue, skipped ones left out."""
    out: list[tuple[str, Block]] = []
    for block in blocks(page):
        if block.language not in ("python", "yaml") or block.marker == "skip":
            continue
        if block.marker == "continue":
            if not out or out[-1][1].language != block.language:
                raise ValueError(f"{block.where}: nothing of its language to continue")
            code, first = out[-1]
            out[-1] = (code + "\n" + block.code, first)
        else:
            out.append((block.code, block))
    return out


def whole_rule_file(data: object) -> bool:
    """Whether a YAML block's data are a whole rule file (not a fragment of one)."""
    return isinstance(data, dict) and ("extends" in data or {"name", "play"} <= data.keys())


def check_yaml(code: str, block: Block) -> None:
    """Parse a YAML block; load it if it is a whole rule file (from the example file its
    first line names, if any)."""
    import yaml

    import cardrules

    data = yaml.safe_load(code)
    named = EXAMPLE_FILE.match(code)
    if named:
        body = (ROOT / named.group(1)).read_text(encoding="utf-8")
        assert code[named.end():].strip() in body, \
            f"{block.where}: {named.group(1)} does not hold the block as shown"
    if not whole_rule_file(data):
        return
    source = str(ROOT / named.group(1)) if named else data
    cardrules.load(source)


def run_page(page: str) -> None:
    """Run the page's blocks in order in a fresh module ``doc_page`` (see the module's
    docstring)."""
    module = types.ModuleType("doc_page")
    sys.modules["doc_page"] = module
    for code, block in runnable(page):
        start = time.perf_counter()
        if block.language == "yaml":
            check_yaml(code, block)
        else:
            exec(compile(code, block.where, "exec"), module.__dict__)
        if os.environ.get("DOC_BLOCK_TIMES"):
            print(f"{block.where}: {time.perf_counter() - start:.2f} s", file=sys.stderr)


if __name__ == "__main__":
    run_page(sys.argv[1])
