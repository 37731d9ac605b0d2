"""The YAML reference of the documentation site covers every key of every schema.

``docs/_gen/schema_reference.py`` writes it from ``schemas/*.schema.json`` at each docs
build (``mkdocs build --strict`` in CI); these tests check what it writes without mkdocs.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardrules.model.variant import Variant

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "docs" / "_gen"))
import schema_reference  # noqa: E402

SCHEMAS = sorted((ROOT / "schemas").glob("*.schema.json"))


def _pages() -> dict[str, str]:
    written: dict[str, str] = {}
    examples = sorted((ROOT / "variants").glob("*.yaml"))
    schema_reference.pages(ROOT / "schemas", examples, written.__setitem__, root=Variant)
    return written


def _keys(node: Any) -> Iterator[str]:
    """Every property name declared anywhere in a schema."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "properties" and isinstance(value, dict):
                yield from value
            if key != "if":                              # a condition declares no key
                yield from _keys(value)
    elif isinstance(node, list):
        for item in node:
            yield from _keys(item)


def test_one_page_per_schema_file() -> None:
    assert sorted(_pages()) == sorted(p.name.removesuffix(".schema.json") + ".md"
                                      for p in SCHEMAS)


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_every_key_and_definition_has_a_row_or_section(path: Path) -> None:
    schema = json.loads(path.read_text(encoding="utf-8"))
    page = _pages()[path.name.removesuffix(".schema.json") + ".md"]
    for name in schema.get("$defs", {}):
        assert f"\n## {name}\n" in page
    missing = sorted(key for key in set(_keys(schema)) if f"| `{key}` |" not in page)
    assert missing == []


def test_rows_give_types_defaults_allowed_values_and_examples() -> None:
    tricks = _pages()["tricks.md"]
    row = next(line for line in tricks.splitlines() if line.startswith("| `head` |"))
    assert "boolean" in row and "`false`" in row        # default from the rules model
    row = next(line for line in tricks.splitlines() if line.startswith("| `draw` |"))
    assert "`winner_first`, `none`" in row and "`winner_first`" in row.split("|")[3]
    variant = _pages()["variant.md"]
    row = next(line for line in variant.splitlines() if line.startswith("| `zones` |"))
    assert "`hidden`, `owner`, `public`" in row
    assert "`{hand: owner" in row                        # an example from a shipped file
    row = next(line for line in variant.splitlines() if line.startswith("| `scoring` |"))
    assert "[tricks.scoring](tricks.md#scoring)" in row
    assert "[shedding.scoring](shedding.md#scoring)" in row
