"""The terminal table is driven by a view's entries: known entries get their place, and
entries a new phase adds still show in words, within 80 columns."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardrules
from cardrules.tools.prompt import move_lines, typed_cards
from cardrules.tools.render import TextRenderer
from cardrules.tools.table import MAX_PILE_SHOWN, _card_rows


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


def _euchre_lines(state: cardrules.State, me: int = 0) -> list[str]:
    game = state.game
    return TextRenderer(game.pack, ascii=True, title="Euchre").view(state.view(me), me=me)


def test_an_auction_shows_the_upcard_the_maker_who_goes_alone_and_who_sits_out() -> None:
    """Euchre's making of trumps: the upcard while nobody has made trumps, then who made
    which suit (ordered up or named), going alone, the partner sitting out, and what the
    making waits for; the trumps high to low once made; every line within 80 columns."""
    game = cardrules.load("euchre")
    state = game.new_deal(5, dealer=3)
    upcard = state.view(0).upcard
    lines = _euchre_lines(state)
    assert f"Upcard {upcard}: nobody has made trumps yet" in lines
    assert not any(line.startswith("Trumps") for line in lines)  # none made yet
    suit = upcard[-1]
    state = state.apply(game.parse_action(f"trump {suit}"))  # seat 0 orders it up
    assert f"P0 made {suit} trumps (ordered up {upcard}) · the dealer to discard" in \
        _euchre_lines(state)
    while state.view(0).making == "discard":
        state = state.apply(state.legal_actions()[0])
    assert _euchre_lines(state)[1].endswith("alone or not?")
    state = state.apply(game.parse_action("alone"))
    lines = _euchre_lines(state)
    assert f"P0 made {suit} trumps (ordered up {upcard}), alone · P2 sits out" in lines
    assert state.view(1).sitting_out == [2]
    trumps = next(line for line in lines if line.startswith("Trumps, high to low: "))
    assert trumps.split(": ")[1].split()[:2] == [f"J{suit}", state.view(0).trump_order[1]]
    assert all(len(line) <= 80 for line in lines)
    assert not any(c in "\n".join(lines) for c in "[]{}'")


def test_a_named_suit_and_a_lone_defender_are_said_so() -> None:
    lines = _table().view(_view(players=4, hands=[["9H"], 5, 5, 5], trump="S",
                                upcard="10D", maker=1, alone=True, lone_defender=2,
                                making="", sitting_out=[0, 3]), me=0)
    at = lines.index("P1 made S trumps (upcard 10D turned down), alone · P2 defends alone")
    assert lines[at + 1] == "  P0 and P3 sit out"


def test_each_seat_shows_its_bid_during_an_auction() -> None:
    """Spades: each seat's bid in its row, those still to bid said so."""
    game = cardrules.load("spades")
    state = game.new_deal(2, dealer=3)
    state = state.apply(game.parse_action("bid 3")).apply(game.parse_action("bid 0"))
    lines = TextRenderer(game.pack, ascii=True, title="Spades").view(state.view(0), me=0)
    rows = {line[2:4]: line for line in lines if line[2:3] == "P"}
    assert "bid 3" in rows["P0"] and "bid 0" in rows["P1"]
    assert "no bid yet" in rows["P2"] and "no bid yet" in rows["P3"]
    assert lines[-1] == "P2 to play (bidding)"


def _ascii(game: Any, state: Any, seat: int) -> list[str]:
    return TextRenderer(game.pack, ascii=True, title=game.variant.title).view(
        state.view(seat), me=seat)


def test_skat_shows_the_game_declared_and_the_widow_as_each_seat_knows_it() -> None:
    """Skat: the game type before and after it is declared, the widow face down, the
    declarer's discards in full to the declarer and as a count to the defenders; no raw
    entry (``game declarer: 0``, ``widow: 2``) is printed."""
    game = cardrules.load("skat")
    state = game.new_deal(5)
    declarer = state.current_player
    assert "Game: not chosen yet" in _ascii(game, state, declarer)
    assert "Widow: face down, not taken yet" in _ascii(game, state, declarer)
    state = state.apply(game.parse_action("grand"))
    widow = state.view(declarer).widow
    assert f"Widow: {' '.join(widow)}, taken by P{declarer}" in _ascii(game, state, declarer)
    while state.view(declarer).phase == "widow":
        state = state.apply(state.legal_actions()[0])
    discarded = state.view(declarer).widow_discard[declarer]
    defender = (declarer + 1) % 3
    assert f"Game: grand, declared by P{declarer}" in _ascii(game, state, defender)
    assert (f"Widow: 2 cards, taken by P{declarer}, unseen · P{declarer} discarded 2 cards "
            "face down") in _ascii(game, state, defender)
    assert any(f"P{declarer} discarded {' '.join(discarded)}" in line
               for line in _ascii(game, state, declarer))
    for seat in range(3):
        text = "\n".join(_ascii(game, state, seat))
        assert "game declarer" not in text and "widow:" not in text


def test_a_points_auction_shows_the_highest_bid_then_the_contract() -> None:
    """Tysyacha: the highest bid and who passed during the auction, then the contract and
    its declarer, and the widow (prikup) shown to everyone (tysyacha.md B4); its three cards
    are not taken for one entry per seat."""
    game = cardrules.load("tysyacha")
    state = game.new_deal(5, dealer=1)
    assert "Auction: no bid yet" in _ascii(game, state, state.current_player)
    bidder = state.current_player
    state = state.apply(game.parse_action("bid 100"))
    passer = state.current_player
    state = state.apply(game.parse_action("pass"))
    assert f"Auction: highest bid 100 by P{bidder} · passed P{passer}" in \
        _ascii(game, state, state.current_player)
    while state.view(0).phase == "auction":
        state = state.apply(game.parse_action("pass"))
    widow = state.view(passer).widow
    lines = _ascii(game, state, passer)
    assert f"Contract 100 by P{bidder}" in lines
    assert f"Widow: {' '.join(widow)}, taken by P{bidder}" in lines
    assert not any(line.startswith("  P") and " widow " in line for line in lines)


TRICK_ROWS = {"called", "meld_cards", "shown", "trump_order"}
CARD_ROWS = {
    "belote": TRICK_ROWS, "bridge": TRICK_ROWS, "bura": TRICK_ROWS, "hearts": TRICK_ROWS,
    "sixty-six": TRICK_ROWS, "tysyacha": TRICK_ROWS,
    "big-two": {"played", "table"}, "dou-dizhu": {"played", "table"},
    "blackjack": {"house"}, "casino": {"table"}, "kseri": {"table"}, "scopa": {"table"},
    "cribbage": {"sequence", "starter"}, "durak": {"attacks", "covers"},
    "gin-rummy": {"discards", "known", "layoffs", "unmelded"},
    "kuhn-poker": {"board"}, "limit-holdem": {"board"},
    "bank": set(), "crazy-eights": set(), "uno": set(), "three-card-brag": set(),
}
"""The entries of each game's view that are one row of cards."""


@pytest.mark.parametrize("variant", sorted(CARD_ROWS))
def test_the_rows_of_cards_are_known_in_either_build(variant: str) -> None:
    """A compiled view class keeps ``CardRow`` among its annotations where ``list[str]``
    would become the bare ``list``: the table knows the same rows of cards either way,
    and draws a row as long as the number of seats as cards, not one entry per seat."""
    assert _card_rows(cardrules.load(variant).view_type) == CARD_ROWS[variant]


def test_a_row_of_as_many_cards_as_seats_is_drawn_as_cards() -> None:
    game = cardrules.load("cribbage", players=2)
    state, rng = game.new_deal(3), random.Random(3)
    while len(state.view(0).sequence) != 2:
        state = state.apply(rng.choice(state.legal_actions()))
    view = state.view(0)
    lines = TextRenderer.of(game, ascii=True).view(view, me=0)
    shown = " ".join(TextRenderer.of(game, ascii=True).cards(view.sequence).split())
    assert any(shown in " ".join(line.split()) for line in lines), lines
