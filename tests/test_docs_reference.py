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
    missing = sorted(key for key in set(_keys(schema)) if f"\n`{key}`\n:   " not in page)
    assert missing == []


def _entry(page: str, key: str) -> str:
    """The entry of ``key`` (the first one on the page): its term and definition."""
    at = page.index(f"\n`{key}`\n:   ") + 1
    end = page.find("\n`", at + len(key) + 2)
    return page[at:end if end >= 0 else None]


def test_entries_give_types_defaults_allowed_values_and_examples() -> None:
    tricks = _pages()["tricks.md"]
    entry = _entry(tricks, "head")
    assert "boolean · default `false`" in entry         # default from the rules model
    entry = _entry(tricks, "draw")
    assert "Allowed: `winner_first`, `none`" in entry and "default `winner_first`" in entry
    variant = _pages()["variant.md"]
    entry = _entry(variant, "zones")
    assert "`hidden`, `owner`, `public`" in entry
    assert "Example: `zones: {hand: owner" in entry     # an example from a shipped file
    entry = _entry(variant, "scoring")
    assert "[tricks.scoring](tricks.md#scoring)" in entry
    assert "[shedding.scoring](shedding.md#scoring)" in entry
    assert "```yaml\n    scoring:\n" in entry          # a long example as a YAML block


def test_no_type_misses_a_word_and_no_example_is_cut_into_a_table_cell() -> None:
    text = "".join(_pages().values())
    assert "mapping of  to" not in text and "mapping of to" not in text
    assert "| key | type |" not in text
