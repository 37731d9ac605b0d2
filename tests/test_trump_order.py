"""Trump orders as data (``play.trump``: ``ranks``, ``above``, ``colours``), each from an
explicit position: a trump suit ranked in an order of its own (Belote), permanent trumps
that leave their printed suit (Kozel, facts of ``/work/shared/specs/kozel.md``; Skat's
jacks), and cards that change suit with the trump suit (Euchre's bowers); the checks of
the data and the rules text."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules.errors import VariantError
from cardrules.families.tricks.model import TricksPlay
from cardrules.tools.describe import describe

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "tricks"
KOZEL = str(FIXTURES / "kozel_trumps.yaml")


def _play(state: cardrules.State, *actions: str) -> cardrules.State:
    for action in actions:
        state = state.apply(action)
    return state


def _taker(game: cardrules.Game, cards: tuple[str, ...], spares: tuple[str, ...]) -> int:
    """Who takes the trick of ``cards``, led by seat 0 (each seat keeps its spare card)."""
    hands = [f"{card} {spare}" for card, spare in zip(cards, spares)]
    state = game.setup(hands=hands, leader=0)
    state = _play(state, f"lead {cards[0]}", *(f"answer {c}" for c in cards[1:]))
    return state.current_player


def _labels(state: cardrules.State) -> set[str]:
    return {a.label for a in state.legal_actions()}


def _tricks_game(trump: dict[str, Any], *, ranks: list[Any] | None = None,
                 players: int = 4, **patch: Any) -> cardrules.Game:
    """Whist with ``trump`` as its trump rule (and ``ranks`` as its pack's ranks)."""
    data: dict[str, Any] = {"extends": "whist", "patch": {"play": {"trump": trump}, **patch}}
    if ranks is not None:
        data["patch"]["pack"] = {"ranks": ranks}
        data["patch"]["deal"] = {"hand": len(ranks)}
    return cardrules.load(data, players=players)


# -- (b) permanent trumps: Kozel ----------------------------------------------------------

KOZEL_SPARES = ("9S", "7S", "8S", "9D")


def test_kozel_md_f1_queens_beat_jacks_and_the_six_of_clubs_beats_all() -> None:
    """kozel.md F1: QD beats JC; 6C beats QC."""
    game = cardrules.load(KOZEL, players=4)
    assert _taker(game, ("QD", "JC", "6H", "8H"), KOZEL_SPARES) == 0
    assert _taker(game, ("JC", "QD", "6H", "8H"), KOZEL_SPARES) == 1
    assert _taker(game, ("QC", "6C", "6H", "8H"), KOZEL_SPARES) == 1


def test_kozel_md_f2_a_queen_is_not_a_heart() -> None:
    """kozel.md F2, G3: AH led, {KH, QH, 9S}: only KH is legal; QH is a trump."""
    game = cardrules.load(KOZEL, players=4)
    state = game.setup(hands=["AH 7D", "KH QH 9S", "JD 7S", "8H 9D"], leader=0)
    state = state.apply("lead AH")
    assert _labels(state) == {"answer KH"}
    assert "led suit (H)" in (state.why_illegal(game.parse_action("answer QH")) or "")


def test_kozel_md_f3_a_queen_led_asks_for_a_trump() -> None:
    """kozel.md F3, G4: QH led, {7C, JD, AH}: 7C and JD are legal, AH is not."""
    game = cardrules.load(KOZEL, players=4)
    state = game.setup(hands=["QH 9S", "7C JD AH", "7S 8S", "8H 9D"], leader=0)
    state = state.apply("lead QH")
    assert _labels(state) == {"answer 7C", "answer JD"}
    assert "led suit (trumps)" in (state.why_illegal(game.parse_action("answer AH")) or "")


def test_kozel_md_f4_a_void_player_may_play_anything() -> None:
    """kozel.md F4: 10S led, {QS, 8D, AC} holds no plain spade: all three are legal."""
    game = cardrules.load(KOZEL, players=4)
    state = game.setup(hands=["10S 9S", "QS 8D AC", "7S 8S", "8H 9D"], leader=0)
    state = state.apply("lead 10S")
    assert _labels(state) == {"answer QS", "answer 8D", "answer AC"}


def test_kozel_md_f5_a_jack_trumps_the_hearts_and_the_trick_is_worth_27() -> None:
    """kozel.md F5: AH, 10H, JD, KH: JD wins a trick worth 27."""
    game = cardrules.load(KOZEL, players=4)
    state = game.setup(hands=["AH 9S", "10H 7D", "JD 7S", "KH 9D"], leader=0)
    state = _play(state, "lead AH", "answer 10H", "answer JD", "answer KH")
    assert state.current_player == 2
    assert state.view(0).points[2] == 11 + 10 + 2 + 4 == 27


def test_kozel_md_trump_order_the_data_orders_as_the_hook_does() -> None:
    """kozel.md "The trump suit, 15 cards": with clubs trumps (Kozel's only trump suit)
    the data gives the tables the hook game's ``card_order`` hook gives."""
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parent / "hook_games"))
    import kozel  # noqa: F401  (registers kozel.*)
    hooked = cardrules.load(str(Path(__file__).resolve().parent / "hook_games" / "kozel.yaml"),
                            players=4)
    data = cardrules.load(KOZEL, players=4)
    clubs = data.pack.suits.index("C")
    assert data.tables.beats[clubs] == hooked.tables.beats[clubs]
    assert data.tables.groups[clubs] == hooked.tables.groups[clubs]
    assert data.tables.trump_groups[clubs] == hooked.tables.trump_groups[clubs]
    assert bin(data.tables.trump_groups[clubs]).count("1") == 15


# -- (b) permanent trumps whatever the trump suit: Skat's jacks ---------------------------

SKAT_JACKS = [{"card": "JD"}, {"card": "JH"}, {"card": "JS"}, {"card": "JC"}]


def test_skat_jacks_are_trumps_above_the_turned_suit() -> None:
    """The four jacks rank JC JS JH JD above any trump suit and count in it: with hearts
    trumps a jack of spades beats the ace of hearts, and a jack led asks for a heart."""
    game = _tricks_game({"source": "fixed", "suit": "H", "above": SKAT_JACKS})
    spares = ("2S", "3S", "4S", "5S")
    assert _taker(game, ("AH", "JS", "KH", "2C"), spares) == 1
    assert _taker(game, ("JD", "JC", "JH", "AH"), spares) == 1
    state = game.setup(hands=["JC 2S", "AH 3D 4S", "5S 6S", "7S 8S"], leader=0)
    assert _labels(state.apply("lead JC")) == {"answer AH"}
    state = game.setup(hands=["AS 2S", "JS 3S 4D", "5S 6S", "7S 8S"], leader=0)
    assert _labels(state.apply("lead AS")) == {"answer 3S"}  # JS is no spade


# -- (a) a trump suit with its own rank order: Belote -------------------------------------

BELOTE_RANKS: list[Any] = [7, 8, 9, "J", "Q", "K", 10, "A"]  # plain: A 10 K Q J 9 8 7


def test_belote_trumps_rank_j_9_a_10_k_q_8_7_and_plain_suits_keep_theirs() -> None:
    """In trumps J > 9 > A > 10 > K > Q > 8 > 7; in a plain suit A > 10 > K > Q > J > 9."""
    game = _tricks_game({"source": "fixed", "suit": "H",
                         "ranks": [7, 8, "Q", "K", 10, "A", 9, "J"]}, ranks=BELOTE_RANKS)
    spares = ("7S", "8S", "7D", "8D")
    assert _taker(game, ("AH", "9H", "10H", "KH"), spares) == 1
    assert _taker(game, ("9H", "JH", "AH", "7H"), spares) == 1
    assert _taker(game, ("QH", "KH", "8H", "7H"), spares) == 1
    assert _taker(game, ("JC", "9C", "10C", "AC"), spares) == 3
    assert _taker(game, ("9C", "JC", "QC", "8C"), spares) == 2


# -- (c) cards that change suit with the trump suit: Euchre's bowers ----------------------

BOWERS = {"above": [{"rank": "J", "suit": "same_colour"}, {"rank": "J"}],
          "colours": [["C", "S"], ["D", "H"]]}


def test_bowers_the_jack_of_trumps_then_the_jack_of_the_same_colour() -> None:
    """Hearts trumps: JH > JD > AH; JD is a heart, so a diamond lead cannot be followed
    with it and a heart lead can."""
    game = _tricks_game({"source": "fixed", "suit": "H", **BOWERS})
    spares = ("2S", "3S", "4S", "5S")
    assert _taker(game, ("AH", "JD", "KH", "2C"), spares) == 1
    assert _taker(game, ("JD", "JH", "AH", "2C"), spares) == 1
    assert _taker(game, ("AD", "JD", "KD", "2C"), spares) == 1  # trumped by the left bower
    state = game.setup(hands=["AD 2S", "JD 3D 4S", "5S 6S", "7S 8S"], leader=0)
    assert _labels(state.apply("lead AD")) == {"answer 3D"}
    state = game.setup(hands=["AH 2S", "JD 3D 4S", "5S 6S", "7S 8S"], leader=0)
    assert _labels(state.apply("lead AH")) == {"answer JD"}


def test_bowers_change_with_the_trump_suit() -> None:
    """With spades trumps the left bower is JC, and JD is a plain diamond again."""
    game = _tricks_game({"source": "fixed", "suit": "S", **BOWERS})
    spares = ("2H", "3H", "4H", "5H")
    assert _taker(game, ("AS", "JC", "KS", "2C"), spares) == 1
    assert _taker(game, ("JC", "JS", "AS", "2D"), spares) == 1
    assert _taker(game, ("QD", "JD", "KD", "2C"), spares) == 2
    state = game.setup(hands=["AC 2H", "JC 3C 4H", "5H 6H", "7H 8H"], leader=0)
    assert _labels(state.apply("lead AC")) == {"answer 3C"}


def test_without_a_trump_suit_every_card_keeps_its_printed_suit() -> None:
    """The order applies only under a trump suit: a ``bidder`` deal before trumps are
    named compiles the no-trump tables with the printed suits."""
    game = _tricks_game({"source": "fixed", "suit": "H", **BOWERS})
    plain = cardrules.load("whist", players=4)
    index = game.tables.trump_index(-1)
    assert game.tables.groups[index] == plain.tables.groups[index]
    assert game.tables.beats[index] == plain.tables.beats[index]


# -- checks of the data -------------------------------------------------------------------


@pytest.mark.parametrize(("trump", "message"), [
    ({"source": "fixed", "suit": "H", "ranks": ["A", "K"]}, "every rank of the pack"),
    ({"source": "fixed", "suit": "H", "above": [{"card": "ZZ"}]}, "unknown card 'ZZ'"),
    ({"source": "fixed", "suit": "H", "above": [{"rank": "Z"}]}, "unknown rank 'Z'"),
    ({"source": "fixed", "suit": "H", "above": [{"rank": "J", "suit": "same_colour"}]},
     "needs play.trump.colours"),
    ({"source": "fixed", "suit": "H", "above": [{"rank": "J"}, {"card": "JH"}]},
     "two cards of above are the same card"),
    ({"source": "fixed", "suit": "H", "above": [{"rank": "J", "suit": "same_colour"}],
      "colours": [["C", "X"], ["D", "H"]]}, "unknown suit 'X'"),
    ({"source": "none", "above": [{"card": "JC"}]}, "needs trumps"),
])
def test_a_trump_order_that_cannot_be_played_is_refused(trump: dict[str, Any],
                                                        message: str) -> None:
    with pytest.raises(VariantError, match=message):
        _tricks_game(trump)


def test_a_trump_card_names_a_card_or_a_rank_not_both() -> None:
    with pytest.raises(VariantError):
        _tricks_game({"source": "fixed", "suit": "H", "above": [{"card": "JC", "rank": "J"}]})


def test_a_trump_order_and_a_card_order_hook_are_refused_together() -> None:
    with pytest.raises(VariantError, match="card_order hook orders the cards itself"):
        _tricks_game({"source": "fixed", "suit": "H", "above": [{"card": "JC"}]},
                     hooks={"card_order": "printed_suit"})


def test_the_trump_order_loads_into_the_play_record() -> None:
    game = _tricks_game({"source": "fixed", "suit": "H", **BOWERS})
    play = game.variant.play
    assert isinstance(play, TricksPlay)
    assert [e.rank for e in play.trump.above] == ["J", "J"]
    assert play.trump.colours == (("C", "S"), ("D", "H"))


# -- the rules text -----------------------------------------------------------------------


def _text(game: cardrules.Game) -> str:
    return "\n".join(describe(game.variant))


def test_rules_say_the_trump_order() -> None:
    text = _text(cardrules.load(KOZEL, players=4))
    assert ("Above the trump suit's own cards rank, from high to low, 6C, QC, QS, QH, QD, "
            "JC, JS, JH, JD; each counts as a trump") in text
    text = _text(_tricks_game({"source": "fixed", "suit": "H", **BOWERS}))
    assert ("the J of trumps, the J of the other suit of the trump suit's colour") in text
    text = _text(_tricks_game({"source": "fixed", "suit": "H",
                               "ranks": [7, 8, "Q", "K", 10, "A", 9, "J"]},
                              ranks=BELOTE_RANKS))
    assert "In the trump suit the ranks run, from high to low, J 9 A 10 K Q 8 7." in text
    assert "Above the trump" not in text
