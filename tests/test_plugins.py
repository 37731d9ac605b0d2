"""Third-party packages register hooks and variants through entry points."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

import cardrules
from cardrules import hooks
from cardrules.engine.registry import forget_plugins
from cardrules.loader import resources

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
    forget_plugins()  # installed while the process runs
    resources.builtin_variants.cache_clear()
    hooks._loaded_entry_points = False
    try:
        yield tmp_path
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("cardrules_test_plugin", None)
        forget_plugins()
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


# A procedure registered from outside the package is named in a rule file -------------------


@pytest.fixture
def climbing() -> Iterator[str]:
    """A third-party procedure (here the shedding procedure under another name, with a
    schema of its own for its ``play:`` section), registered for one test."""
    from cardrules.engine.procedures import REGISTRY, register
    from cardrules.families.shedding.procedure import Shedding

    class Climbing(Shedding):
        name = "toy_climbing"
        play_schema: ClassVar[dict[str, Any]] = {
            "type": "object", "required": ["procedure"],
            "properties": {"procedure": {"const": "toy_climbing"},
                           "beats": {"type": "array", "maxItems": 3}}}

    register(Climbing())
    try:
        yield "toy_climbing"
    finally:
        REGISTRY._items.pop("toy_climbing", None)


def _eights_with(procedure: str, **play: object) -> dict[str, object]:
    import yaml

    data = yaml.safe_load(Path("variants/crazy-eights.yaml").read_text(encoding="utf-8"))
    data["play"] = {**data["play"], "procedure": procedure, **play}
    return dict(data)


def test_a_registered_procedure_is_named_in_a_rule_file(climbing: str) -> None:
    game = cardrules.load(_eights_with(climbing), players=2)
    assert game.variant.play.procedure == climbing
    state = game.new_deal(1)
    assert state.legal_actions() == cardrules.load("crazy_eights", players=2) \
        .new_deal(1).legal_actions()


def test_a_registered_procedures_schema_checks_its_section(climbing: str) -> None:
    with pytest.raises(cardrules.VariantError, match=r"\$\.play\.beats: must have at most 3"):
        cardrules.load(_eights_with(climbing, beats=["same_suit"] * 4), players=2)


def test_an_unregistered_procedure_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(cardrules.VariantError,
                       match=r"\$\.play\.procedure: unknown procedure 'toy_climbing'; "
                             r"known procedures: adding, betting, bouts, climbing, comparing, "
                             r"fishing, rummy, shedding, tricks"):
        cardrules.load(_eights_with("toy_climbing"), players=2)


def test_a_procedure_that_deals_first_takes_no_phase_before_the_deal(climbing: str) -> None:
    """A third-party procedure whose states do not deal on demand (the default) may list
    phases after the deal only: one that runs before it is refused at load."""
    from cardrules.engine.procedures import find

    procedure = find(climbing)
    type(procedure).deals_after_phases = False
    with pytest.raises(cardrules.VariantError,
                       match="choose_trump runs before the cards are dealt, but the "
                             "toy_climbing procedure deals before any listed phase"):
        cardrules.load({**_eights_with(climbing), "phases": ["choose_trump"]}, players=2)


def test_loading_a_shipped_game_reads_no_package_metadata() -> None:
    """Issue 30's start-up: a shipped game and its built-in hooks are found without
    importing ``importlib.metadata`` (about 30 ms) to read every installed package's entry
    points; a name the built-in ones lack still reads them (the tests above)."""
    code = ("import sys, cardrules\n"
            "for name in ('hearts', 'dou-dizhu', 'tysyacha', 'bank'):\n"
            "    cardrules.load(name)\n"
            "print('importlib.metadata' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "False", done.stderr


def test_a_procedure_a_level_down_is_found_without_the_other_families() -> None:
    """The vying procedure lives in the betting family's package
    (``cardrules/families/betting/vying/``): a load of Three-card Brag imports that
    family alone, and reads no package metadata, as a load of any other shipped game."""
    code = ("import sys, cardrules\n"
            "cardrules.load('three-card-brag')\n"
            "print(sorted({m.split('.')[2] for m in sys.modules\n"
            "              if m.startswith('cardrules.families.')}),\n"
            "      'importlib.metadata' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "['betting'] False", done.stderr


def test_a_name_a_level_down_that_registers_nothing_is_refused() -> None:
    from cardrules.engine.procedures import REGISTRY

    assert REGISTRY._nested("vying") == "cardrules.families.betting.vying.procedure"
    assert REGISTRY._nested("../betting") is None
    with pytest.raises(KeyError, match="unknown procedure 'nope'"):
        REGISTRY.find("nope")


def test_a_hook_point_declared_after_the_game_was_made_resolves_on_first_use() -> None:
    """A package imported after a game was loaded may declare a hook point of its own:
    the game resolves it when first asked (the point's default, or the hook the rule file
    names), instead of failing because its hooks were gathered at load time."""
    game = cardrules.load("bank", players=2)

    def later_default(position: object) -> str:
        return "the default"

    point = hooks.HookPoint(name="test_later_point", input=object,
                            description="a point declared after the game",
                            default="test_later.default")
    hooks.declare(point)
    hooks.hook("test_later_point", "test_later.default")(later_default)
    try:
        assert "test_later_point" not in game._hooks
        assert game.hook("test_later_point") is later_default
        assert game.hook("test_later_point") is later_default  # remembered
    finally:
        for table in (hooks._DECLARED, hooks.POINTS, hooks.DEFAULTS, hooks._REGISTRY):
            table.pop("test_later_point", None)
