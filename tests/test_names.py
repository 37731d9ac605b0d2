"""First contact with the names of games and options: one spelling for every shipped
game (with hyphens) and the former one kept as an alias, ``cardrules list``, the nearest
names suggested for a misspelt game, option or value, and readable results."""

from __future__ import annotations

import re

import pytest

import cardrules
from cardrules.engine.state import DealResult
from cardrules.errors import VariantError
from cardrules.loader.load import load_variant
from cardrules.loader.resources import ALIASES, builtin_variants, data_dir
from cardrules.tools.cli import main


def test_every_shipped_name_is_written_with_hyphens_as_in_its_file() -> None:
    for path in data_dir("variants").glob("*.yaml"):
        variant, _ = load_variant(path)
        assert "_" not in path.stem and variant.name == path.stem


def test_a_former_name_loads_the_game_of_its_new_name() -> None:
    assert ALIASES == {"crazy_eights": "crazy-eights"}
    old, new = cardrules.load("crazy_eights"), cardrules.load("crazy-eights")
    assert old.fingerprint == new.fingerprint and old.variant.name == "crazy-eights"
    assert "crazy_eights" not in builtin_variants()            # listed once, by its new name


def test_list_shows_every_game_with_its_players_one_line_each(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == sorted(builtin_variants())
    assert re.fullmatch(r"hearts +4 players +Hearts", lines[[x.split()[0] for x in lines]
                                                           .index("hearts")])
    assert any(re.fullmatch(r"bank +2-4 players +Bank", line) for line in lines)


@pytest.mark.parametrize("argv, said", [
    (["rules", "crazy-eight"], "unknown variant 'crazy-eight'; did you mean crazy-eights?"),
    (["rules", "bank", "--option", "sevn=skip"], "unknown option 'sevn'; did you mean seven?"),
    (["rules", "bank", "--option", "seven=skp"],
     "'skp' is not a value of option 'seven'; did you mean skip?"),
])
def test_a_misspelt_name_is_shown_with_the_nearest_names(
        capsys: pytest.CaptureFixture[str], argv: list[str], said: str) -> None:
    assert main(argv) == 1
    assert said in capsys.readouterr().err


def test_no_suggestion_when_nothing_is_near() -> None:
    with pytest.raises(VariantError) as caught:
        cardrules.load("zzzz")
    assert "did you mean" not in str(caught.value) and "known variants: bank" in str(caught.value)


def test_a_deal_result_reads_without_its_docstring() -> None:
    result = DealResult.ranked(scores=(3, 0), finish=(1, 0), starter=1, lower_is_better=True,
                               partnerships=((0,), (1,)))
    assert repr(result) == ("<DealResult scores P0 3, P1 0; won by P1; places P0 2, P1 1; "
                            "finish P1 P0; started by P1>")
