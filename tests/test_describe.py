"""Rules in English are generated from the data and follow every option."""

from __future__ import annotations

import pytest

import cardrules
from cardrules.tools.describe import describe

BANK = cardrules.load("bank").variant


def _text(**options: object) -> list[str]:
    return describe(cardrules.load("bank", options=options).variant)


def test_seven_nothing_changes_exactly_the_seven_rule_and_its_option_line() -> None:
    base, changed = _text(), _text(seven="nothing")
    removed = [line for line in base if line not in changed]
    added = [line for line in changed if line not in base]
    assert removed == [
        "- When a turn ends with a 7 on top, the next player loses their turn; the player "
        "after them must beat it.",
        next(line for line in base if line.startswith("- seven = skip")),
    ]
    assert added == [next(line for line in changed if line.startswith("- seven = nothing"))]


@pytest.mark.parametrize("option", [o for o in BANK.options if o.values])
def test_every_enumerated_value_changes_the_rules_text(option: object) -> None:
    from cardrules.model import OptionSpec

    assert isinstance(option, OptionSpec)
    base = _text()
    for value in option.values:
        if value == option.default:
            continue
        text = _text(**{option.name: value})
        play_part = [line for line in text if not line.startswith(f"- {option.name} = ")]
        base_part = [line for line in base if not line.startswith(f"- {option.name} = ")]
        assert play_part != base_part, f"{option.name}={value} does not show in the rules"


def test_typed_options_show_their_values() -> None:
    assert any("300 or more" in line for line in _text(target=300))
    text = _text(hand_penalty="points_plus_fixed", hand_penalty_fixed=56)
    assert any("plus 56" in line for line in text)


def test_a_bouts_game_without_trumps_never_speaks_of_trumps_but_to_say_there_are_none(
) -> None:
    game = cardrules.load({"extends": "durak", "description": "Attack and beat.",
                           "patch": {"play": {"trump": {"source": "none"}}}}, players=3)
    text = "\n".join(describe(game.variant))
    assert "- There are no trumps." in text
    assert [line for line in text.splitlines()
            if "trump" in line.lower() and line != "- There are no trumps."] == []
    assert "- The first mover above opens the first bout." in text
    with_trumps = "\n".join(describe(cardrules.load("durak", players=3).variant))
    assert "a trump beats any card that is not a trump" in with_trumps
    assert "lowest trump shows it" in with_trumps
