"""The terminal table is driven by a view's entries: known entries get their place, and
entries a new phase adds still show in words, within 80 columns."""

from __future__ import annotations

from typing import Any

import cardrules
from cardrules.tools.prompt import move_lines, typed_cards
from cardrules.tools.render import TextRenderer
from cardrules.tools.table import MAX_PILE_SHOWN


def _table() -> TextRenderer:
    return TextRenderer(cardrules.load("bank", players=4).pack, ascii=True, title="Test")


def _view(**entries: Any) -> dict[str, Any]:
    return {"variant": "test", "players": 3, "current_player": 1, "dealer": 0,
            "hands": [["9H", "AS", "10H"], 4, 2], **entries}


def test_entries_of_an_unknown_phase_show_per_seat_or_in_words() -> None:
    lines = _table().view(_view(given=[["QS"], 0, 2], bonus_rule={"kind": "double",
                                                                     "suits": ["H"]}),
                          me=0)
    text = "\n".join(lines)
    assert "  P0 you  AS  10H 9H  given QS" in lines
    assert any(line.startswith("  P2") and "given 2" in line for line in lines)
    assert not any(line.startswith("  P1") and "given" in line for line in lines)
    assert "bonus rule: kind double, suits h" in text or "bonus rule: kind double" in text
    assert not any(c in text for c in "[]{}'")
    assert lines[-1] == "P1 to play"


def test_the_trick_says_who_played_what_and_who_is_winning() -> None:
    trick = [{"player": 2, "face_down": False, "cards": ["AS", "KS"]},
             {"player": 0, "face_down": True, "cards": 2},
             {"player": 1, "face_down": False, "cards": ["7S", "8S"]}]
    lines = _table().view(_view(trick=trick, holder=2, combination="pair", trump="S",
                                trump_card=None, stock=12), me=0)
    assert lines[0] == "Test · dealer P0 · trump S · stock 12"
    at = lines.index("Trick, led by P2 (pair): P2 AS KS · P0 2 cards face down")
    assert lines[at + 1] == "  P1 7S 8S — P2 is winning"


def test_a_long_pile_and_a_big_hand_stay_within_80_columns() -> None:
    table = _table()
    pack = table.pack
    every = list(pack.names(range(pack.size)))
    lines = table.view(_view(hands=[every[:30], 3, 3], pile=every[:20], top=every[19],
                             top_owner=2, pile_name="bank"), me=0)
    assert all(len(line) <= 80 for line in lines)
    pile = next(line for line in lines if line.startswith("Bank (20)"))
    assert f"{20 - MAX_PILE_SHOWN} more" in pile and pile.endswith("by P2")
    assert sum(1 for line in lines if line.startswith("   ")) >= 1   # the hand wrapped


def test_moves_are_laid_out_in_columns_and_can_be_typed_as_cards() -> None:
    game = cardrules.load("bura", players=2)
    labels = [f"answer {c}" for c in ("9H", "10H", "JH", "QH", "KH", "AH")] * 3
    lines = move_lines(labels, width=80)
    assert len(lines) <= 5 and all(len(line) <= 80 for line in lines)
    assert lines[0].startswith("   1 answer 9H")
    legal = [game.parse_action("lead AS KS"), game.parse_action("lead AS")]
    assert str(typed_cards(game.pack, "ks as", legal)) == "lead AS KS"
    assert typed_cards(game.pack, "qs", legal) is None
