"""Third-party packages register hooks and variants through entry points."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import cardrules
from cardrules import hooks, resources

PLUGIN = '''
from pathlib import Path
from cardrules.hooks import hook

@hook("first_mover", "plugin.last_seat")
def last_seat(position):
    """The player on the dealer's right moves first."""
    return (position.dealer - 1) % len(position.hands)

def variants():
    return [Path(__file__).with_name("plugin_bank.yaml")]
'''

VARIANT = '''
extends: bank
name: plugin_bank
options: {trumps: none}
patch:
  hooks: {first_mover: plugin.last_seat}
'''


@pytest.fixture
def plugin(tmp_path: Path) -> Iterator[Path]:
    (tmp_path / "cardrules_test_plugin.py").write_text(PLUGIN)
    (tmp_path / "plugin_bank.yaml").write_text(VARIANT)
    dist = tmp_path / "cardrules_test_plugin-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: cardrules-test-plugin\n"
                                   "Version: 1.0\n")
    (dist / "entry_points.txt").write_text(
        "[cardrules.hooks]\nplugin = cardrules_test_plugin\n\n"
        "[cardrules.variants]\nplugin = cardrules_test_plugin:variants\n")
    sys.path.insert(0, str(tmp_path))
    resources.builtin_variants.cache_clear()
    hooks._loaded_entry_points = False
    try:
        yield tmp_path
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("cardrules_test_plugin", None)
        resources.builtin_variants.cache_clear()
        for registry in hooks._REGISTRY.values():
            registry.pop("plugin.last_seat", None)


def test_plugin_variant_and_hook_are_found_by_name(plugin: Path) -> None:
    assert "plugin_bank" in resources.builtin_variants()
    assert "plugin.last_seat" in hooks.known("first_mover")
    game = cardrules.load("plugin_bank", players=3)
    state = game.new_deal(seed=5, dealer=1)
    assert state.current_player == 0
    assert game.variant.hooks["first_mover"] == "plugin.last_seat"


def test_without_the_plugin_the_hook_name_is_unknown() -> None:
    with pytest.raises(cardrules.VariantError, match=r"unknown hook 'plugin\.last_seat'"):
        cardrules.load({"extends": "bank", "patch": {"hooks": {
            "first_mover": "plugin.last_seat"}}})
