"""Every hook point, each with a worked example registered here (outside the package) and
named in a house-rule file; and what the engine does when a hook breaks its contract."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules.actions import Action, Kind
from cardrules.errors import HookError
from cardrules.families.shedding.hooks import AfterPlayInput, GoOutInput
from cardrules.families.shedding.model import AfterTurn
from cardrules.hooks import (
    DEFAULTS,
    POINTS,
    CardPointsInput,
    Carried,
    CarryInput,
    DealScoringInput,
    EndOfDealInput,
    FirstMoverInput,
    HookPoint,
    LegalFilterInput,
    NextDealerInput,
    Refusal,
    RefusalInput,
    declare,
    hook,
    known,
    points,
)


@hook("first_mover", "test.last_seat")
def last_seat(position: FirstMoverInput) -> int:
    """The last seat always starts."""
    return len(position.hands) - 1


@hook("card_points", "test.hearts_and_queen")
def hearts_and_queen(position: CardPointsInput) -> int:
    """Every heart is worth 1 and the queen of spades 13; nothing else counts."""
    pack, card = position.pack, position.card
    if pack.name(card) == "QS":
        return 13
    return 1 if pack.suits[pack.suit(card)] == "H" else 0


@hook("after_play", "test.kings_skip")
def kings_skip(position: AfterPlayInput) -> AfterTurn | None:
    """A turn ending with a king on top skips the next player; other ranks as written."""
    pack = position.pack
    return AfterTurn.SKIP if pack.ranks[pack.rank(position.card)] == "K" else position.written


@hook("legal_filter", "test.no_drawing_aces")
def no_aces(position: LegalFilterInput) -> tuple[Action, ...]:
    """Aces may not be played while any other move is allowed."""
    pack = position.state.game.pack

    def is_ace(action: Action) -> bool:
        return any(pack.ranks[pack.rank(c)] == "A" for c in action.cards)

    kept = tuple(a for a in position.actions if not is_ace(a))
    return kept or position.actions


@hook("legal_filter", "test.keep_nothing")
def keep_nothing(position: LegalFilterInput) -> tuple[Action, ...]:
    """Broken on purpose: keeps no action."""
    return ()


@hook("legal_filter", "test.by_the_view")
def by_the_view(position: LegalFilterInput) -> tuple[Action, ...]:
    """Keeps the actions the mover's view lists (all of them: the view a hook sees lists
    the actions the rules allow), the last one first."""
    state = position.state
    listed = state.view(state.current_player).legal_actions
    assert listed == [state.describe(a) for a in position.actions]
    return tuple(reversed(position.actions))


@hook("refusal", "test.refuse_by_the_view")
def refuse_by_the_view(position: RefusalInput) -> Refusal | None:
    """Refuses drawing while the mover's view lists a play."""
    state = position.state
    listed = state.view(state.current_player).legal_actions
    assert listed == [state.describe(a) for a in state.legal_actions()]
    if position.action.kind.value == "draw" and any(t.startswith("play") for t in listed):
        return Refusal(reason="a play is listed", rule="T1")
    return None


JUDGED: list[str] = []
"""The action words ``test.eights_last`` was asked about."""


@hook("refusal", "test.eights_last", judges=["play"])
def eights_last(position: RefusalInput) -> Refusal | None:
    """Refuses playing an eight while another card may be played; judges plays only."""
    state, action = position.state, position.action
    JUDGED.append(state.describe(action).split()[0])
    pack = state.game.pack

    def eight(card: int) -> bool:
        return pack.ranks[pack.rank(card)] == "8"

    if eight(action.cards[0]) and any(a.kind is Kind.PLAY and not eight(a.cards[0])
                                  for a in plain_actions(state)):
        return Refusal(reason="an eight goes last", rule="T2")
    return None


def plain_actions(state: cardrules.State) -> list[Action]:
    """``state``'s legal actions by the rules alone (without this file's hooks)."""
    plain = cardrules.load("crazy-eights", players=state.game.players)
    return list(plain.state_from_json(state.to_json()).legal_actions())


@hook("end_of_deal", "test.first_out_ends")
def first_out_ends(position: EndOfDealInput) -> bool | None:
    """The deal ends as soon as one player has gone out."""
    return True if position.out else None


@hook("deal_scoring", "test.double")
def double(position: DealScoringInput) -> tuple[int, ...]:
    """Every deal counts twice."""
    return tuple(2 * s for s in position.scores)


@hook("may_go_out", "test.not_out_on_an_eight")
def not_out_on_an_eight(position: GoOutInput) -> Refusal | None:
    """Nobody may go out with an eight."""
    pack = position.pack
    if pack.ranks[pack.rank(position.cards[-1])] == "8":
        return Refusal(reason=f"player {position.player} may not go out with an eight",
                       rule="R9")
    return None


@hook("deal_scoring", "test.bid_ten_each")
def bid_ten_each(position: DealScoringInput) -> tuple[int, ...]:
    """Each player scores ten times their bid, made or not."""
    return tuple(10 * bid for bid in position.deal.bids)


@hook("next_dealer", "test.always_seat_zero")
def always_seat_zero(position: NextDealerInput) -> int:
    """Seat 0 deals every deal."""
    return 0


@hook("next_dealer", "test.no_seat")
def no_seat(position: NextDealerInput) -> int:
    """Broken on purpose: names a seat that does not exist."""
    return 99


@hook("carry", "test.every_other_deal_doubles")
def every_other_deal_doubles(position: CarryInput) -> Carried:
    """Every second deal of a match counts double (a counter carries the deals played)."""
    played = position.counters.get("deals", 0)
    factor = 2 if played % 2 else 1
    return Carried(scores=tuple(factor * s for s in position.scores),
                   counters={"deals": played + 1})


@hook("carry", "test.no_counters_record")
def no_counters_record(position: CarryInput) -> object:
    """Broken on purpose: gives no Carried."""
    return position.scores


def _with_hooks(base: str, players: int, **hooks: str) -> cardrules.Game:
    return cardrules.load({"extends": base, "patch": {"hooks": hooks}}, players=players)


def _play_out(state: cardrules.State, seed: int = 0, limit: int = 5000) -> cardrules.State:
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def _through_a_deal(state: Any) -> tuple[cardrules.State, Any]:
    """Play the first legal action until the current deal of a match is over: the
    finished deal and the match state after it."""
    while True:
        action = state.legal_actions()[0]
        finished = state.deal.apply(action)
        state = state.apply(action)
        if finished.is_over:
            return finished, state


def test_every_point_has_a_registered_generic_default() -> None:
    for point in POINTS:
        assert DEFAULTS[point] in known(point)


def test_points_are_declared_by_their_owners() -> None:
    """The engine declares the points every game has; each family its own, in its own
    package (the registry imports no family)."""
    cardrules.load("bank")
    cardrules.load("bura")
    declared = points()
    assert {"pack", "first_mover", "refusal", "end_of_deal", "deal_scoring",
            "next_dealer"} <= set(declared)
    assert declared["after_play"].input is AfterPlayInput
    assert declared["after_play"].default == DEFAULTS["after_play"] == "as_written"
    source = (Path(__file__).parent.parent / "cardrules" / "hooks.py").read_text("utf-8")
    assert "cardrules.families" not in source


def test_an_unknown_point_is_a_located_error_naming_the_known_ones() -> None:
    with pytest.raises(cardrules.VariantError, match=r"unknown hook point 'nope'.*first_mover"):
        _with_hooks("bura", 3, nope="dealer_left")


def test_a_point_declared_twice_differently_is_refused() -> None:
    with pytest.raises(ValueError, match="declared twice"):
        declare(HookPoint(name="first_mover", input=int, description="x", default="y"))


@pytest.mark.parametrize("base", ["bank", "bura"])
def test_first_mover(base: str) -> None:
    options = {"trump_assignment": "seat"} if base == "bank" else {}
    game = cardrules.load({"extends": base, "options": options,
                           "patch": {"hooks": {"first_mover": "test.last_seat"}}}, players=3)
    for seed in range(5):
        state = game.new_deal(seed)
        assert state.current_player == 2 or state.phase == "declare"
        assert (state.starter if base == "bank" else state.leader) == 2


def test_first_mover_sees_what_the_previous_deal_carried() -> None:
    """U4 through the generic hook: the winner of the previous deal's last trick leads."""
    game = cardrules.load("bura", players=3)
    finished, state = _through_a_deal(game.new_match(seed=5))
    assert dict(finished.result.carry)["leader"] == state.deal.leader
    plain = _with_hooks("bura", 3, first_mover="dealer_left")
    finished, state = _through_a_deal(plain.new_match(seed=5))
    assert state.deal.leader == (state.deal.dealer + 1) % 3


def test_card_points_per_card() -> None:
    game = _with_hooks("bura", 2, card_points="test.hearts_and_queen")
    pack = game.pack
    assert pack.value(pack.parse("QS")) == 13 and pack.value(pack.parse("6H")) == 1
    assert pack.value(pack.parse("AS")) == 0
    state = _play_out(game.new_deal(seed=3))
    assert sum(state.result.details["points"]) == 13 + len(pack.ranks)


def test_after_play_per_card() -> None:
    game = cardrules.load({"extends": "bank", "options": {"trumps": "none"},
                           "patch": {"hooks": {"after_play": "test.kings_skip"}}}, players=3)
    state = game.setup(hands=["KH 7S", "6C 8D", "9C JD"], pile="10H", stock="6S 6H", current=0)
    after = state.apply("play KH")
    assert any(e.kind == "skip" and e.player == 1 for e in after.events)
    assert after.current_player == 2


def test_legal_filter_and_its_refusal() -> None:
    game = cardrules.load({"extends": "bank", "options": {"trumps": "none"},
                           "patch": {"hooks": {"legal_filter": "test.no_drawing_aces"}}},
                          players=2)
    state = game.setup(hands=["AH 10S", "6C 8D"], pile="AS", stock="6S 6H", current=0)
    assert state.legal_actions() == (game.parse_action("play 10S"),)
    assert "no_drawing_aces" in (state.why_illegal(game.parse_action("play AH")) or "")
    with pytest.raises(cardrules.IllegalActionError, match="no_drawing_aces"):
        state.apply("play AH")


def test_a_legal_filter_that_keeps_nothing_raises() -> None:
    game = _with_hooks("bank", 2, legal_filter="test.keep_nothing")
    with pytest.raises(HookError, match="keep_nothing"):
        game.new_deal(seed=1).legal_actions()


@pytest.mark.parametrize("base", ["bank", "durak", "whist"])
def test_a_legal_filter_may_read_the_view_which_lists_what_the_rules_allow(base: str) -> None:
    game = _with_hooks(base, 3 if base != "whist" else 4, legal_filter="test.by_the_view")
    state = game.new_deal(seed=2)
    ruled = state._compute_legal()
    assert state.legal_actions() == tuple(reversed(ruled))  # no RecursionError
    assert state.view(state.current_player).legal_actions == [
        state.describe(a) for a in reversed(ruled)]  # the view after: the kept ones


def test_a_refusal_hook_may_read_the_view_and_the_legal_actions() -> None:
    game = _with_hooks("crazy-eights", 2, refusal="test.refuse_by_the_view")
    state = game.setup(hands=["9C 2H", "KH"], pile="9D", stock="QS JS")
    assert [a.text(game.pack) for a in state.legal_actions()] == ["play 9C"]
    assert "a play is listed (T1)" in (state.why_illegal(game.parse_action("draw")) or "")


def test_end_of_deal() -> None:
    game = _with_hooks("bank", 4, end_of_deal="test.first_out_ends")
    plain = cardrules.load("bank", players=4)
    outs = []
    for seed in range(10):
        state = _play_out(game.new_deal(seed), seed)
        outs.append(len(state.result.details["out"]))
        assert outs[-1] <= 1
    assert 1 in outs
    assert any(len(_play_out(plain.new_deal(seed), seed).result.details["out"]) > 1
               for seed in range(10))


def test_deal_scoring() -> None:
    plain = cardrules.load("bura", players=3)
    doubled = _with_hooks("bura", 3, deal_scoring="test.double")
    for seed in range(4):
        a, b = _play_out(plain.new_deal(seed)), _play_out(doubled.new_deal(seed))
        assert b.result.scores == tuple(2 * s for s in a.result.scores)


def test_may_go_out_refuses_a_last_play_with_its_rule() -> None:
    game = _with_hooks("switch", 2, may_go_out="test.not_out_on_an_eight")
    state = game.setup(hands=["8H", "KS QS"], pile="9H", stock="2C 3C", current=0)
    eight = game.parse_action("play 8H")
    assert eight not in state.legal_actions() and game.parse_action("draw") in \
        state.legal_actions()
    assert state.why_illegal(eight) == "player 0 may not go out with an eight (R9)"
    state = game.setup(hands=["8H 9S", "KS QS"], pile="9H", stock="2C 3C", current=0)
    assert eight in state.legal_actions()  # not the last card: allowed


def test_the_may_go_out_default_allows_any_last_card() -> None:
    pack = cardrules.load("switch").pack
    assert known("may_go_out")["any_card"](GoOutInput(
        pack=pack, cards=(pack.parse("8H"),), top=-1, player=0)) is None
    assert cardrules.load("switch").refusals == ()


def test_deal_scoring_sees_the_bids() -> None:
    game = _with_hooks("oh-hell", 3, deal_scoring="test.bid_ten_each")
    bids = []
    for seed in range(6):
        state = _play_out(game.new_deal(seed=seed), seed=seed)
        assert state.result.scores == tuple(10 * b for b in state.phase_fields.bids)
        bids += state.phase_fields.bids
    assert any(bids)


def test_next_dealer() -> None:
    game = _with_hooks("bura", 3, next_dealer="test.always_seat_zero")
    state = game.new_match(seed=2, dealer=1)
    dealers = [state.deal.dealer]
    for _ in range(3):
        _, state = _through_a_deal(state)
        dealers.append(state.deal.dealer)
    assert dealers == [1, 0, 0, 0]


def test_carry_adds_the_scores_it_gives_and_carries_its_counters() -> None:
    game = _with_hooks("bura", 2, carry="test.every_other_deal_doubles")
    state = game.new_match(seed=3)
    dealt = []
    for _ in range(3):
        finished, state = _through_a_deal(state)
        if state.is_over:
            break
        dealt.append(finished.result.scores)
    view = state.view(0).match
    expected = [tuple(s * (2 if k % 2 else 1) for s in scores)
                for k, scores in enumerate(dealt)]
    assert [tuple(h) for h in view["history"]] == expected
    assert view["counters"] == {"deals": len(dealt)}
    assert game.state_from_json(json.loads(json.dumps(state.to_json()))) == state


def test_the_carry_default_adds_the_deal_scores_and_carries_no_counter() -> None:
    finished, state = _through_a_deal(cardrules.load("bura", players=2).new_match(seed=3))
    assert state.view(0).match["history"] == [list(finished.result.scores)]
    assert "counters" not in state.view(0).match
    assert known("carry")["add_the_scores"](CarryInput(
        scores=(1, 2), totals=(0, 0), counters={}, details={}, dealer=0)) == Carried(
        scores=(1, 2))


def test_a_carry_hook_that_gives_no_carried_raises() -> None:
    game = _with_hooks("bura", 2, carry="test.no_counters_record")
    with pytest.raises(HookError, match="no_counters_record"):
        _through_a_deal(game.new_match(seed=3))


def test_a_next_dealer_that_is_not_a_seat_raises() -> None:
    game = _with_hooks("bura", 3, next_dealer="test.no_seat")
    with pytest.raises(HookError, match="no_seat"):
        _through_a_deal(game.new_match(seed=2))


def test_an_unknown_hook_is_a_located_error_naming_the_known_ones() -> None:
    with pytest.raises(cardrules.VariantError, match="unknown hook 'nope' for deal_scoring"):
        _with_hooks("bura", 3, deal_scoring="nope")


def test_hooks_are_never_imported_by_path() -> None:
    with pytest.raises(cardrules.VariantError, match="unknown hook"):
        _with_hooks("bank", 2, first_mover="os.system")


def test_a_refusal_hook_is_asked_only_about_the_words_it_judges() -> None:
    """A refusal hook registered with ``judges`` is asked about those action words only;
    every other action is allowed without asking it, in the legal actions as in
    ``why_illegal``."""
    game = _with_hooks("crazy-eights", 2, refusal="test.eights_last")
    assert game.refusal_words == frozenset({"play"})
    JUDGED.clear()
    state, rng, refused = game.new_deal(4), random.Random(4), 0
    for _ in range(80):
        if state.is_over:
            break
        JUDGED.clear()
        legal = state.legal_actions()
        ruled = plain_actions(state)
        # asked once about each play the rules allow, and about nothing else
        plays = sum(a.kind is Kind.PLAY for a in ruled)
        assert JUDGED.count("play") == len(JUDGED) == plays
        for action in ruled:
            if action not in legal:
                refused += 1
                assert state.why_illegal(action) == "an eight goes last (T2)"
            else:
                assert state.why_illegal(action) is None
        state = state.apply(rng.choice(legal))
    assert refused


@pytest.mark.parametrize(("point", "judges"), [("legal_filter", ["draw"]),
                                               ("refusal", "draw"), ("refusal", [])])
def test_judges_is_a_non_empty_list_of_words_for_a_refusal_hook(point: str,
                                                                judges: Any) -> None:
    with pytest.raises(ValueError, match="judges"):
        hook(point, "test.misjudged", judges=judges)
