"""The tricks procedure's rules in English are generated from the data and follow every option."""

from __future__ import annotations

import pytest

import cardrules
from cardrules.model import OptionSpec
from cardrules.tools.cli import main
from cardrules.tools.describe import describe

BURA = cardrules.load("bura").variant


def _rules(**options: object) -> list[str]:
    """The rules text without its "Options in force" section."""
    lines = describe(cardrules.load("bura", options=options).variant)
    return lines[:lines.index("## Options in force")]


def _other_values(option: OptionSpec) -> list[object]:
    """Every allowed value but the default: enumerated, listed, or the integer range's ends
    and a value next to the default."""
    if option.values or option.enum:
        values: list[object] = list(option.values or option.enum)
    else:
        assert option.type == "integer", option
        low = option.minimum if option.minimum is not None else option.default - 1
        high = option.maximum if option.maximum is not None else option.default + 1
        values = [low, high, option.default + 1 if option.default < high else option.default - 1]
    return [v for v in values if str(v) != str(option.default)]


def _cases() -> list[tuple[str, object]]:
    return [(o.name, v) for o in BURA.options for v in _other_values(o)]


def test_every_option_of_bura_is_covered() -> None:
    assert {name for name, _ in _cases()} == {o.name for o in BURA.options}


@pytest.mark.parametrize(("name", "value"), _cases())
def test_every_option_value_changes_the_rules_text(name: str, value: object) -> None:
    assert _rules(**{name: value}) != _rules(), f"{name}={value} does not show in the rules"


def test_the_play_section_describes_the_tricks_procedure() -> None:
    text = "\n".join(_rules())
    assert "up to 3 cards of one suit; never more cards than the smallest hand holds" in text
    assert "face up (`answer`) or face down (`throw`)" in text
    assert "paired one to one" in text
    assert "the trick's winner first and then clockwise, until they hold 4 cards" in text
    assert "  - Moscow (`moscow`): 3 cards of rank A, at least one of them a trump of rank A." \
        in text
    bands = [line for line in _rules() if line.startswith("  - ") and "(`" in line
             and "`):" in line and "Declaring" not in line]
    assert bands == ["  - at least 32 card points (`over_31`): 2",
                     "  - at least 31 card points (`exactly_31`): 2",
                     "  - at least 1 trick (`some_tricks`): 4",
                     "  - anyone else (`no_trick`): 6"]


def test_classic_bura_has_three_card_combinations_and_no_four_ends() -> None:
    text = "\n".join(describe(cardrules.load("bura-classic").variant))
    assert "  - Bura (`bura`): 3 trumps." in text
    assert "  - Molodka (`molodka`): 3 plain cards of one suit." in text
    assert "four_ends" not in text.split("## Options in force")[0]


def test_cli_rules_says_bura_wins_the_deal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "bura", "--option", "combination_effect=win_deal"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert ("  - Bura (`bura`): 4 trumps. Declaring it wins the deal at once: the deal is "
            "scored as it stands, the declarer scores as the player with the most card "
            "points, and the declarer leads the next deal.") in lines
    assert any(line.startswith("  - Molodka (`molodka`): 4 plain cards of one suit. "
                               "Declaring it leads") for line in lines)


def test_cli_rules_of_classic_bura(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "bura-classic"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Bura (classic, three cards)")
    assert "## Play" in out and "- hand_size = 3" in out


def test_an_opening_card_decides_the_first_move() -> None:
    """The setup names the holder of the opening card, not the dealer's left, as the first
    to move; the dealer's left only when the card may stay undealt."""
    from pathlib import Path

    duties = describe(cardrules.load(
        Path(__file__).parent / "fixtures" / "tricks" / "duties.yaml").variant)
    assert ("- First move: the player holding 7C leads the first trick; when nobody was "
            "dealt it, the player on the dealer's left moves first.") in duties
    assert "- 3 to 4 players, seated clockwise; play passes to the left." in duties
    assert any(line.endswith("cards; the rest is the stock.") for line in duties)
    hearts = describe(cardrules.load("hearts").variant)
    assert "- First move: the player holding 2C leads the first trick." in hearts
    assert "- 4 players, seated clockwise; play passes to the left." in hearts
    assert "- Each player is dealt 13 cards; no card is left over." in hearts
    assert not any("dealer's left moves" in line or "dealer's left leads" in line
                   for line in hearts)
    assert not any("paired one to one" in line for line in hearts + duties)  # one card each


def test_declaring_mentions_announcing_only_where_a_player_may_announce() -> None:
    """The combinations' sentence says "(or announce)" only in a game with a target to
    announce (Sixty-six), not in one with scoring combinations and no target."""
    with_target = "\n".join(describe(cardrules.load("sixty-six").variant))
    assert "must then lead one of its cards (or announce)" in with_target
    without = cardrules.load({"extends": "sixty-six", "patch": {
        "scoring": {"target": None, "most_points": 1}}}).variant
    lines = describe(without)
    text = "\n".join(lines[:lines.index("## Options in force")])
    assert "must then lead one of its cards. The combinations" in text
    assert "announce" not in text
