"""Rule data known valid (:mod:`cardrules.model.known_valid`): a shipped game loads without
the JSON Schema checks or their library, anything else is checked in full, and the table
of digests is current."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cardrules.errors import VariantError
from cardrules.loader.load import load_variant
from cardrules.model import known_valid
from cardrules.model.valid_digests import DIGESTS
from cardrules.tools.known_valid import digests_now

VARIANTS = Path(__file__).resolve().parent.parent / "variants"


def test_the_table_is_the_shipped_files_digests_now() -> None:
    """Fails while a shipped variant file or a schema changed since the table was
    written: run ``python -m cardrules.tools.known_valid``."""
    assert digests_now() == sorted(DIGESTS), \
        "the shipped rule data changed: run python -m cardrules.tools.known_valid"


def test_a_shipped_game_loads_without_the_json_schema_library() -> None:
    code = ("import sys, cardrules; cardrules.load('hearts'); cardrules.load('bank-quick'); "
            "cardrules.load('bridge'); print('jsonschema' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.split() == ["False"]


@pytest.mark.parametrize("name", ["hearts", "bank-quick", "skat"])
def test_the_rules_known_valid_are_the_rules_checked_in_full(name: str) -> None:
    with known_valid.record() as found:
        checked = load_variant(name)
    assert found and found <= DIGESTS
    assert load_variant(name) == checked


def test_a_changed_file_is_checked_in_full(tmp_path: Path) -> None:
    text = (VARIANTS / "hearts.yaml").read_text(encoding="utf-8")
    unknown = tmp_path / "hearts-unknown.yaml"
    unknown.write_text(text + "\nsurprise: 1\n", encoding="utf-8")
    with pytest.raises(VariantError, match="unknown key 'surprise'"):
        load_variant(str(unknown))
    assert "count: 3" in text  # the passing phase's section: 13 cards at most
    too_many = tmp_path / "hearts-pass-14.yaml"
    too_many.write_text(text.replace("count: 3", "count: 14"), encoding="utf-8")
    with pytest.raises(VariantError, match="14 is greater than the maximum of 13"):
        load_variant(str(too_many))
    renamed = tmp_path / "hearts-renamed.yaml"  # valid, but not the shipped data
    renamed.write_text(text.replace("name: hearts", "name: hearts-renamed"), encoding="utf-8")
    with known_valid.record() as found:
        load_variant(str(renamed))
    assert found and not found <= DIGESTS
