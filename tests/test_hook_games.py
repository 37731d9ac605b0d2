"""Games that only hooks make possible: facts of /work/shared/specs/ reproduced by a rule
file and its small hook module (``tests/hook_games/``), each from an explicit position;
and the defaults of the hook points they use."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
import yaml
from rule_support import QUICK_LEAKS

import cardrules
from cardrules.cards import bits
from cardrules.errors import HookError
from cardrules.families.shedding.hooks import UpcardInput, as_if_played, no_effect
from cardrules.families.shedding.model import AfterTurn
from cardrules.families.tricks.hooks import TrickCardInput, printed_suit
from cardrules.families.tricks.tables import TricksTables
from cardrules.hooks import PackInput, Refusal, RefusalInput, hook, known
from cardrules.tools.cli import main
from cardrules.tools.describe import describe

GAMES = Path(__file__).resolve().parent / "hook_games"
sys.path.insert(0, str(GAMES))
import black_maria  # noqa: E402,F401  (registers black_maria.*)
import joker_mau_mau  # noqa: E402,F401  (registers joker_mau_mau.*)
import kozel  # noqa: E402,F401  (registers kozel.*)
import mau_mau  # noqa: E402,F401  (registers mau_mau.*)


def _game(name: str, players: int) -> cardrules.Game:
    return cardrules.load(str(GAMES / f"{name}.yaml"), players=players)


def _play(state: cardrules.State, *actions: str) -> cardrules.State:
    for action in actions:
        state = state.apply(action)
    return state


# -- the pack: Black Maria ---------------------------------------------------------------


def test_black_maria_f1_the_pack_has_51_cards_and_no_two_of_clubs() -> None:
    game = _game("black_maria", 3)
    pack = game.pack
    assert pack.count == 51 and not pack.full >> pack.parse("2C") & 1
    for seed in range(5):
        state = game.new_deal(seed)
        hands = state.zones()
        assert [hands[f"hand{p}"].bit_count() for p in range(3)] == [17, 17, 17]
        assert sum(hands.values()) == pack.full


def test_black_maria_the_smaller_pack_holds_through_play_json_and_resample() -> None:
    game, rng = _game("black_maria", 3), random.Random(4)
    state = game.new_match(seed=4)
    for _ in range(40):
        state = state.apply(rng.choice(state.legal_actions()))
        again = game.state_from_json(json.loads(json.dumps(state.to_json())))
        assert again == state
        for player in range(3):
            other = state.resample(player, rng)
            assert sum(other.zones().values()) == game.pack.full
    two = game.pack.parse("2C")
    space = game.action_space
    assert not any(two in space.action(i).cards for i in range(space.size))


def test_black_maria_a_deal_order_holds_the_51_cards() -> None:
    game = _game("black_maria", 3)
    order = list(reversed(game.pack.cards))
    assert game.new_deal(0, order=order).zones()["hand0"].bit_count() == 17
    with pytest.raises(cardrules.StateError, match="each of the 51 cards"):
        game.new_deal(0, order=range(52))


def test_the_pack_default_deals_every_card() -> None:
    pack = cardrules.load("bura").pack
    assert known("pack")["whole_pack"](PackInput(pack=pack)) == ()
    assert pack.count == pack.size == 36 and pack.left_out == 0


@hook("pack", "test.not_a_card")
def not_a_card(position: PackInput) -> tuple[int, ...]:
    """Broken on purpose: leaves out a card the pack does not have."""
    return (position.pack.size,)


def test_a_pack_hook_that_names_no_card_raises() -> None:
    with pytest.raises(HookError, match="not_a_card"):
        cardrules.load({"extends": "bura", "patch": {"hooks": {"pack": "test.not_a_card"}}})


# -- card order and trick winner: Kozel --------------------------------------------------


def _trick(game: cardrules.Game, *cards: str) -> int:
    """Who takes the trick of ``cards``, the first led by seat 0."""
    hands = [f"{card} {spare}" for card, spare in zip(cards, ("9S", "7S", "8S", "9D"))]
    state = game.setup(hands=hands, leader=0)
    state = _play(state, f"lead {cards[0]}", *(f"answer {c}" for c in cards[1:]))
    return state.current_player


def test_kozel_f1_queens_beat_jacks_and_the_six_of_clubs_beats_all() -> None:
    game = _game("kozel", 4)
    assert _trick(game, "QD", "JC", "6H", "8H") == 0
    assert _trick(game, "JC", "QD", "6H", "8H") == 1
    assert _trick(game, "QC", "6C", "6H", "8H") == 1


def test_kozel_f5_a_jack_trumps_the_hearts_and_the_trick_is_worth_27() -> None:
    game = _game("kozel", 4)
    state = game.setup(hands=["AH 9S", "10H 7D", "JD 7S", "KH 9D"], leader=0)
    state = _play(state, "lead AH", "answer 10H", "answer JD", "answer KH")
    assert state.current_player == 2
    assert state.view(0).points[2] == 11 + 10 + 2 + 4 == 27


def test_kozel_f2_f3_a_permanent_trump_follows_as_a_trump() -> None:
    game = _game("kozel", 4)
    state = game.setup(hands=["AH 7D", "KH QH 9S", "JD 7S", "8H 9D"], leader=0)
    state = state.apply("lead AH")
    assert state.legal_actions() == (game.parse_action("answer KH"),)  # F2
    assert "led suit (H)" in (state.why_illegal(game.parse_action("answer QH")) or "")
    state = game.setup(hands=["QH 9S", "7C JD AH", "7S 8S", "8H 9D"], leader=0)
    state = state.apply("lead QH")
    assert {a.label for a in state.legal_actions()} == {"answer 7C", "answer JD"}  # F3
    assert "led suit (trumps)" in (state.why_illegal(game.parse_action("answer AH")) or "")


def test_the_card_order_default_keeps_the_printed_suits() -> None:
    game = cardrules.load("whist", players=4)
    pack = game.pack
    placed = printed_suit(TrickCardInput(pack=pack, card=pack.parse("QH"), trump=0))
    assert (placed.suit, placed.order) == (pack.suits.index("H"), pack.ranks.index("Q"))
    play, scoring = game.variant.play, game.variant.scoring
    written = TricksTables.compile(pack, play, scoring, 13)  # type: ignore[arg-type]
    hooked = TricksTables.compile(pack, play, scoring, 13, printed_suit)  # type: ignore[arg-type]
    assert hooked.beats == written.beats and hooked.groups == written.groups
    assert hooked.trump_groups == written.trump_groups


# -- the face-up stock card: German Whist (data: draw: face_up_top) ----------------------


def _german_whist_position(game: cardrules.Game) -> cardrules.State:
    """The dealer (seat 0) holds 2H and twelve spades and diamonds, the non-dealer AH and
    twelve clubs and diamonds; KS lies face up on the stock and names trumps."""
    pack = game.pack
    names = [pack.name(c) for c in pack.cards]
    rest = [n for n in names if n not in ("AH", "2H", "KS")]
    dealer = ["2H", *[n for n in rest if n[-1] == "S"][:12]]
    other = ["AH", *[n for n in rest if n[-1] == "C"][:12]]
    stock = [n for n in rest if n not in dealer and n not in other]
    return game.setup(hands=[" ".join(dealer), " ".join(other)], stock=" ".join(stock),
                      trump_card="KS", leader=1, dealer=0)


def test_german_whist_f5_the_winner_takes_the_face_up_card_the_loser_the_next_unseen() -> None:
    game = _game("german_whist", 2)
    state = _german_whist_position(game)
    below = state.stock[-2]  # the card under KS, drawn by the loser
    assert state.view(0).face_up == state.view(1).face_up == "KS"
    assert state.view(0).trump == "S" and state.current_player == 1  # D3, G1
    state = _play(state, "lead AH", "answer 2H")
    hands = state.zones()
    assert hands["hand1"] >> game.pack.parse("KS") & 1 and hands["hand0"] >> below & 1
    assert [hands[f"hand{p}"].bit_count() for p in (0, 1)] == [13, 13] and state.current_player == 1
    turned = state.view(0).face_up
    assert turned == game.pack.name(state.stock[-1]) and len(state.stock) == 24
    assert not state.hidden_cards(0) >> game.pack.parse("KS") & 1  # everyone saw it taken
    assert state.hidden_cards(1) >> below & 1  # the loser's card stays unseen
    assert not state.hidden_cards(1) >> state.stock[-1] & 1  # the next card is face up
    assert state.view(1).trump == "S"  # F1: trumps stay after the card is taken


def test_german_whist_f6_thirteen_tricks_empty_the_stock() -> None:
    game, rng = _game("german_whist", 2), random.Random(2)
    state = game.new_deal(2)
    while sum(state.view(0).tricks) < 13:
        state = state.apply(rng.choice(state.legal_actions()))
    assert len(state.stock) == 0 and [len(h) for h in
                                      (state.view(0).hands[0], state.view(1).hands[1])] \
        == [13, 13]


# -- the card turned up: Mau-Mau ---------------------------------------------------------


def _upcard_deal(game: cardrules.Game, upcard: str, first_hand: str) -> cardrules.State:
    """A deal by seat 0 of three whose upcard is ``upcard`` and whose first mover, seat 1,
    holds ``first_hand`` (five cards): an explicit deal order, dealt from its end."""
    pack = game.pack
    hands = [pack.parse_many(first_hand), (), ()]
    named = {*hands[0], pack.parse(upcard)}
    rest = [c for c in pack.cards if c not in named]
    hands[1], hands[2], rest = tuple(rest[:5]), tuple(rest[5:10]), rest[10:]
    dealt = [hands[(k % 3)][k // 3] for k in range(15)]  # seat 1 first, one at a time
    order = [*rest, pack.parse(upcard), *reversed(dealt)]
    return game.new_deal(0, dealer=0, order=order)


def test_mau_mau_f8_an_upcard_seven_makes_the_first_player_draw_two_or_play_a_seven() -> None:
    game = _game("mau_mau", 3)
    state = _upcard_deal(game, "7D", "7C KH QS 9H AS")
    assert state.view(1).top == "7D" and state.current_player == 1
    assert {a.label for a in state.legal_actions()} == {"play 7C", "draw"}
    assert state.why_illegal(game.parse_action("play AS"))  # a draw of 2 is pending
    drawn = state.apply("draw")
    assert len(drawn.view(1).hands[1]) == 7 and drawn.current_player == 2
    passed = state.apply("play 7C")
    assert passed.current_player == 2 and passed.view(2).pending_draw == 4


def test_mau_mau_d4_an_upcard_eight_skips_the_first_player() -> None:
    game = _game("mau_mau", 3)
    state = _upcard_deal(game, "8D", "7C KH QS 9H AS")
    assert state.current_player == 2 and state.starter == 2
    assert any(e.kind == "skip" and e.player == 1 for e in state.events)


def test_mau_mau_g2_no_jack_on_a_jack_names_its_rule() -> None:
    game = _game("mau_mau", 3)
    state = game.setup(hands=["JH 10C", "7S 8S", "9S 10S"], pile="JC", stock="AS AH",
                       current=0)
    assert game.parse_action("play JH") not in state.legal_actions()
    assert state.why_illegal(game.parse_action("play JH")) == \
        "JH is a jack, and a jack may not be played on a jack (G2)"


def test_the_upcard_default_has_no_effect() -> None:
    pack = cardrules.load("switch").pack
    seven = UpcardInput(pack=pack, card=pack.parse("7D"), after_play=None, draw=2)
    assert no_effect(seven) is None
    assert as_if_played(seven) is not None and as_if_played(seven).draw == 2  # type: ignore[union-attr]
    eight = UpcardInput(pack=pack, card=pack.parse("8D"), after_play=AfterTurn.SKIP, draw=0)
    assert as_if_played(eight).after is AfterTurn.SKIP  # type: ignore[union-attr]
    rules = yaml.safe_load((GAMES / "mau_mau.yaml").read_text(encoding="utf-8"))
    rules["hooks"]["upcard"] = "no_effect"
    plain = cardrules.load(rules, players=3)
    state = _upcard_deal(plain, "7D", "7C KH QS 9H AS")
    assert state.current_player == 1 and "play KH" not in {
        a.label for a in state.legal_actions()} and state.view(1).pending_draw == 0


# -- a refusal with its reason and rule number -------------------------------------------


@hook("refusal", "test.no_heart_leads")
def no_heart_leads(position: RefusalInput) -> Refusal | None:
    """Hearts may not be led."""
    pack, action = position.state.game.pack, position.action
    if action.kind.value == "lead" and any(pack.suits[pack.suit(c)] == "H"
                                           for c in action.cards):
        return Refusal(reason=f"{pack.name(action.cards[0])} is a heart, and hearts may "
                              f"not be led", rule="R2")
    return None


@hook("refusal", "test.refuse_everything")
def refuse_everything(position: RefusalInput) -> Refusal | None:
    """Broken on purpose: refuses every action."""
    return Refusal(reason="no")


def test_a_refusal_names_the_games_rule_and_every_legality_query_agrees() -> None:
    game = cardrules.load({"extends": "whist", "patch": {"hooks": {
        "refusal": "test.no_heart_leads"}}}, players=4)
    state = game.setup(hands=["AH 2S", "3S 4S", "5S 6S", "7S 8S"], leader=0)
    lead = game.parse_action("lead AH")
    assert state.legal_actions() == (game.parse_action("lead 2S"),)
    assert state.why_illegal(lead) == "AH is a heart, and hearts may not be led (R2)"
    assert not state.can_apply(lead)
    with pytest.raises(cardrules.IllegalActionError, match=r"hearts may not be led \(R2\)"):
        state.apply(lead)
    for action in state.legal_actions():
        assert state.why_illegal(action) is None


def test_the_refusal_default_refuses_nothing() -> None:
    game = cardrules.load("whist", players=4)
    state = game.new_deal(1)
    assert known("refusal")["allow_all"](
        RefusalInput(state=state, action=state.legal_actions()[0])) is None
    assert game.refusal is None


def test_a_refusal_that_refuses_everything_raises() -> None:
    game = cardrules.load({"extends": "whist", "patch": {"hooks": {
        "refusal": "test.refuse_everything"}}}, players=4)
    with pytest.raises(HookError, match="refuse_everything"):
        game.new_deal(1).legal_actions()


# -- cardrules rules says what each named hook does ---------------------------------------


def _rules(source: object, players: int) -> str:
    return "\n".join(describe(cardrules.load(source, players=players).variant))  # type: ignore[arg-type]


def test_rules_print_the_card_order_hook_in_place_of_the_beats() -> None:
    text = _rules(str(GAMES / "kozel.yaml"), 4)
    assert "The six of clubs, the queens and the jacks are trumps above the clubs" in text
    assert "A card is beaten by" not in text


def test_rules_print_the_pack_and_upcard_hooks() -> None:
    text = _rules(str(GAMES / "black_maria.yaml"), 3)
    assert "The two of clubs is left out of the pack, which keeps 51 cards (F1)." in text
    assert "52 cards" not in text and "not used in the deal" not in text
    text = _rules(str(GAMES / "mau_mau.yaml"), 3)
    assert "The card turned up to start the pile counts as if the dealer had just played " \
           "it" in text
    assert "A jack may not be played on a jack (G2)." in text


def test_rules_say_the_turned_trump_card_lies_on_the_face_up_stock() -> None:
    """German Whist F1, F5: the card turned up at the deal is the face-up top of the stock
    that the winner of the first trick takes, not a card drawn last."""
    text = _rules(str(GAMES / "german_whist.yaml"), 2)
    assert "it lies face up on top of the stock, for the winner of the first trick" in text
    assert "drawn last" not in text


def test_rules_print_a_refusal_in_place_of_nobody_has_to_follow() -> None:
    free = {"extends": "whist", "patch": {"play": {"duties": {"follow": "none"}}}}
    assert "Nobody has to follow suit" in _rules(free, 4)
    hooked = {**free, "patch": {**free["patch"], "hooks": {"refusal": "test.no_heart_leads"}}}
    text = _rules(hooked, 4)
    assert "Nobody has to follow suit" not in text and "- Hearts may not be led." in text


def test_rules_list_the_other_named_hooks() -> None:
    text = _rules({"extends": "bura", "patch": {"hooks": {
        "deal_scoring": "as_scored", "end_of_deal": "test.first_trick_ends"}}}, 2)
    assert "## Hooks in force\n- Whether the deal ends now (None: by the rules): The deal " \
           "ends after its first trick." in text
    assert "score for a finished deal:" not in text  # a default says nothing new


@hook("end_of_deal", "test.first_trick_ends")
def first_trick_ends(position: object) -> bool | None:
    """The deal ends after its first trick.  (Only described here, never played.)"""
    return None


# -- every test game passes cardrules check ----------------------------------------------


@pytest.mark.parametrize("name", ["black_maria", "german_whist", "joker_mau_mau",
                                  "joker_whist", "kozel", "mau_mau"])
def test_cardrules_check_passes(name: str, tmp_path: Path,
                                capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["check", str(GAMES / f"{name}.yaml"), "--games", "12", "--seed", "3",
                   "--leaks", str(QUICK_LEAKS), "--json", "--out", str(tmp_path / "failure.json")])
    figures = json.loads(capsys.readouterr().out)
    assert status == 0 and figures["ok"], figures


def test_each_hook_module_is_small() -> None:
    for path in GAMES.glob("*.py"):
        lines = [line for line in path.read_text(encoding="utf-8").splitlines()
                 if line.strip()]
        assert len(lines) < 150, f"{path.name} has {len(lines)} lines"


def test_bits_of_the_pack_skip_the_cards_left_out() -> None:
    pack = _game("black_maria", 3).pack
    assert list(bits(pack.full)) == list(pack.cards) and len(pack.cards) == 51
