"""The code blocks of a documentation page, and a run of a page's blocks in order.

A page's ``python`` blocks (and its ``$ cardrules ...`` lines, whose output is compared
as in a session, below) run in order as one module (``doc_page``, so that classes the
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

A *session* page (:func:`run_session`: the tutorial, getting started) is run as a reader
would, in an empty working folder, and what it shows is compared:

- ``pycon`` blocks (``>>>`` lines and their output) run as doctests sharing one
  namespace (``...`` in an output stands for anything);
- a block of shell lines (``$ cardrules ...`` each followed by its output) runs each
  command through the command line in-process, and compares the output the same way,
  with timings (``in 39.1 s``) left out; ``| grep WORD`` keeps the lines holding WORD;
- a ``sh`` block of commands (no output shown) runs each ``cardrules`` command, which
  must succeed;
- ``cardrules play`` is interactive and never run (``tests/test_terminal_pty.py`` plays
  it); a ``yaml`` or ``python`` block marked ``<!-- doc-test: write FILE -->``,
  ``append FILE`` or ``merge FILE`` (a deep merge of the YAML data) makes that file of
  the working folder instead of running.
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
MARKER = re.compile(r"<!--\s*doc-test:\s*(\w+)\s*([\w.-]*)[^>]*-->\s*\Z")
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
    """``continue``, ``skip``, ``write``, ``append``, ``merge`` or ''."""
    argument: str = ""
    """The marker's file name (``write eight-tricks.yaml``)."""

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
                           marker=marker.group(1) if marker else "",
                           argument=marker.group(2) if marker else ""))
    return found


def runnable(page: str) -> list[tuple[str, Block]]:
    """The page's ``python`` and ``yaml`` blocks to run, in order, as (code, first block):
    continued blocks joined to the one they continue, skipped ones left out."""
    out: list[tuple[str, Block]] = []
    for block in blocks(page):
        shell = block.language == "" and block.code.startswith("$ ")
        if (block.language not in ("python", "yaml") and not shell) \
                or block.marker == "skip":
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
        elif block.language == "":
            _shell(block)
        else:
            exec(compile(code, block.where, "exec"), module.__dict__)
        if os.environ.get("DOC_BLOCK_TIMES"):
            print(f"{block.where}: {time.perf_counter() - start:.2f} s", file=sys.stderr)


TIMING = re.compile(r"in \d+(\.\d+)? s\b")


def _same(want: str, got: str) -> bool:
    """Whether ``got`` is the output ``want`` shows (``...`` for anything, timings aside)."""
    import doctest

    want, got = TIMING.sub("in … s", want), TIMING.sub("in … s", got)
    return doctest.OutputChecker().check_output(
        want.rstrip() + "\n", got.rstrip() + "\n", doctest.ELLIPSIS)


def _cardrules(command: str) -> tuple[int, str]:
    """Run ``cardrules ARGS [| grep WORD]`` in-process: (status, output)."""
    import contextlib
    import io
    import shlex

    from cardrules.tools.cli import main

    command, _, grep = command.partition("| grep ")
    argv = shlex.split(command, comments=True)
    assert argv[0] == "cardrules", f"not a cardrules command: {command!r}"
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            status = main(argv[1:])
        except SystemExit as exit:
            status = int(exit.code or 0)
    text = out.getvalue()
    if grep:
        word = shlex.split(grep)[0]
        text = "".join(line for line in text.splitlines(keepends=True) if word in line)
    return status, text


def _shell(block: Block) -> None:
    """Each ``$ cardrules ...`` line of ``block`` run, its output compared."""
    lines = block.code.splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith("$ ")]
    for k, i in enumerate(starts):
        command = lines[i][2:]
        want = "\n".join(lines[i + 1:starts[k + 1] if k + 1 < len(starts) else None])
        if command.split()[:2] == ["cardrules", "play"]:
            continue
        status, got = _cardrules(command)
        if not want.strip():                     # no output shown: it must succeed
            assert status == 0, f"{block.where}: {command} failed:\n{got}"
            continue
        assert _same(want, got), f"{block.where}: {command}\nshown:\n{want}\ngot:\n{got}"


def _file(block: Block) -> None:
    """Write, append or merge the block into its file of the working folder."""
    import yaml

    path = Path(block.argument)
    if block.marker == "merge":
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        _merge(data, yaml.safe_load(block.code))
        path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    else:
        old = path.read_text(encoding="utf-8") if block.marker == "append" else ""
        path.write_text(old + block.code, encoding="utf-8")


def _merge(into: dict[str, object], patch: dict[str, object]) -> None:
    for key, value in patch.items():
        old = into.get(key)
        if isinstance(old, dict) and isinstance(value, dict):
            _merge(old, value)
        else:
            into[key] = value


def run_session(page: str, workdir: Path) -> None:
    """Run ``page`` as a reader would, in ``workdir`` (see the module's docstring)."""
    import doctest

    os.chdir(workdir)
    sys.path.insert(0, str(workdir))
    globs: dict[str, object] = {"__name__": "doc_session"}
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    parser = doctest.DocTestParser()
    for block in blocks(page):
        if block.marker == "skip":
            continue
        if block.marker in ("write", "append", "merge"):
            _file(block)
        elif block.language == "pycon":
            test = parser.get_doctest(block.code, globs, block.where, page, block.line)
            runner.run(test, clear_globs=False)
            globs.update(test.globs)             # a DocTest runs in a copy of its globals
            assert not runner.failures, f"{block.where}: the session differs (above)"
        elif block.language == "yaml":
            check_yaml(block.code, block)
        elif block.language == "python":
            exec(compile(block.code, block.where, "exec"), globs)
        elif block.language == "sh":
            for line in block.code.splitlines():
                line = line.partition("#")[0].strip()
                if line and line.split()[:2] != ["cardrules", "play"]:
                    status, got = _cardrules(line)
                    assert status == 0, f"{block.where}: {line} failed:\n{got}"
        elif block.code.startswith("$ "):
            _shell(block)


if __name__ == "__main__":
    if len(sys.argv) > 2:
        run_session(sys.argv[1], Path(sys.argv[2]))
        raise SystemExit(0)
    run_page(sys.argv[1])
