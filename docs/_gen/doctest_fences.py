"""A griffe extension for the API reference: docstrings as the source writes them, shown well.

The docstrings are plain text with doctests (``>>> ...`` and the expected output) and a
few reST roles (``:func:`x```).  Read as Markdown, a doctest's ``x["a"][0]`` would be a
broken link and its output a paragraph, so each doctest block (a ``>>>`` line up to the
next blank line) is put in a ``pycon`` code fence, and the roles become code spans.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:func|meth|class|mod|data|attr|exc|obj|const):`~?([^`]+)`")


def fence_doctests(text: str) -> str:
    r"""``text`` with every doctest block fenced and reST roles made code spans.

    >>> text = "Say:\n\n" + ">" * 3 + " x[0]\n1\n\nDone, :func:`~a.b`."
    >>> lines = fence_doctests(text).splitlines()
    >>> lines[:3], lines[4:]
    (['Say:', '', '```pycon'], ['1', '```', '', 'Done, `a.b`.'])
    """
    out: list[str] = []
    block: list[str] = []
    indent = ""
    in_fence = False
    for line in text.splitlines():
        stripped = line.strip()
        if not block and stripped.startswith("```"):
            in_fence = not in_fence
        if block and not stripped:
            out += [f"{indent}```pycon", *block, f"{indent}```"]
            block = []
        if block:
            block.append(line)
            continue
        if not in_fence and stripped.startswith(">>>"):
            indent = line[: len(line) - len(line.lstrip())]
            block = [line]
            continue
        out.append(line if in_fence else ROLE.sub(r"`\1`", line))
    if block:
        out += [f"{indent}```pycon", *block, f"{indent}```"]
    return "\n".join(out)


class DoctestFences(griffe.Extension):
    """Fence the doctests of every docstring griffe reads."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        """Rewrite ``obj``'s docstring before it is parsed."""
        if obj.docstring is not None:
            obj.docstring.value = fence_doctests(obj.docstring.value)
