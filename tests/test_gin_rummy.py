"""Gin Rummy as OpenSpiel plays it: one test (or more) per rule G1-G15 of
``docs/rules/gin-rummy.md`` and per option value, the meld finder's unit tests and a
property against a brute-force minimum, and the rules' refusals against the legal
actions.  The move-for-move comparison with OpenSpiel is
``tests/test_openspiel_gin_rummy.py``.

Positions are set up with ``game.setup`` (``pile`` from its bottom card to the upcard,
``stock`` in drawing order; cards given nowhere lie dead at the bottom of the pile) or
dealt from an explicit order.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.families.rummy.scoring import knock_scores
from cardrules.families.rummy.tables import MeldFinder, meld_masks
from cardrules.tools.check import run_check
from cardrules.tools.describe import describe

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
ALL = [r + s for s in "SCDH" for r in RANKS]


@cache
def gin(**options: object) -> cardrules.Game:
    return cardrules.load("gin-rummy", players=2, options=options)


def labels(state: cardrules.State) -> list[str]:
    return sorted(state.describe(a) for a in state.legal_actions())


def mask(game: cardrules.Game, cards: str) -> int:
    return sum(1 << c for c in game.pack.parse_many(cards))


def dealt(game: cardrules.Game, first: list[str], *, dealer: int = 1) -> cardrules.State:
    """A deal whose cards come out of the stock in the order ``first`` gives, then the
    rest of the pack."""
    rest = [c for c in ALL if c not in first]
    order = [game.pack.parse(c) for c in first + rest][::-1]  # dealt from the end
    return game.new_deal(1, dealer=dealer, order=order)


def refused(state: cardrules.State, action: str) -> str:
    reason = state.why_illegal(state.game.parse_action(action))
    assert reason is not None, f"{action} is legal"
    return reason


# -- G1, G2: the cards and the deal --------------------------------------------------------

def test_g1_two_players_and_a_pack_of_52_with_the_ace_low() -> None:
    game = gin()
    assert game.pack.ranks == RANKS and game.pack.size == 52
    assert (game.variant.players.min, game.variant.players.max) == (2, 2)
    with pytest.raises(cardrules.CardrulesError):
        cardrules.load("gin-rummy", players=3)


def test_g2_ten_cards_each_one_at_a_time_then_the_upcard() -> None:
    game = gin()
    order = ALL[:21]
    state = dealt(game, order)
    assert state.hands[0] == mask(game, " ".join(order[0:20:2]))  # the non-dealer first
    assert state.hands[1] == mask(game, " ".join(order[1:20:2]))
    view = state.view(0)
    assert view.upcard == order[20] and view.stock == 31 and view.discards == [order[20]]


# -- G3: the first upcard -----------------------------------------------------------------

def test_g3_the_first_upcard_goes_to_the_non_dealer_then_the_dealer() -> None:
    state = dealt(gin(), ALL[:21])
    assert state.current_player == 0 and labels(state) == ["pass", "take"]
    assert "G3" in refused(state, "draw")
    state = state.apply("pass")
    assert state.current_player == 1 and labels(state) == ["pass", "take"]
    state = state.apply("pass")
    assert state.current_player == 0 and labels(state) == ["draw"]
    assert "G3" in refused(state, "take")
    after = state.apply("draw")
    assert after.phase == "discard" and after.hands[0].bit_count() == 11


def test_g3_a_player_who_takes_the_first_upcard_discards() -> None:
    state = dealt(gin(), ALL[:21]).apply("pass").apply("take")
    assert state.current_player == 1 and state.phase == "discard"
    assert (state.hands[1] >> state.game.pack.parse(ALL[20])) & 1


# -- G4, G5: melds and deadwood -----------------------------------------------------------

def test_g4_melds_are_sets_of_three_or_four_and_runs_of_three_to_five() -> None:
    game = gin()
    melds = {frozenset(game.pack.names(game.pack.cards_of(m))) for m in game.tables.melds}
    assert len(melds) == 185
    assert frozenset({"7S", "7C", "7D"}) in melds and frozenset({"7S", "7C", "7D", "7H"}) in melds
    assert frozenset({"AS", "2S", "3S"}) in melds and frozenset({"QS", "KS", "AS"}) not in melds
    assert frozenset({"2S", "3S", "4S", "5S", "6S"}) in melds
    assert frozenset({"2S", "3S", "4S", "5S", "6S", "7S"}) not in melds  # two melds


def test_g4_a_meld_laid_must_be_a_meld() -> None:
    game = gin()
    state = game.setup(hands=["AS 2S 3S 7C 7D 7H 9D", "5C 6C"], melds=[[], []],
                       phase="meld", knocker=1, current=0, stock="2D 3D 4D")
    assert "meld 7C 7D 7H" in labels(state) and "meld AS 2S 3S" in labels(state)
    assert "G4" in refused(state, "meld 2S 3S 7C")


def test_g5_deadwood_counts_ace_one_faces_ten_arranged_at_its_least() -> None:
    game = gin()
    finder = game.tables.finder
    assert finder.deadwood(mask(game, "AS KH QC 5D")) == 26
    # 7S 8S 9S with 9C 9D: the run leaves 18, the set of nines 15, the least counts
    assert finder.deadwood(mask(game, "7S 8S 9S 9C 9D")) == 15
    state = game.setup(hands=["AS 2S 3S 7H 7C 7D KH QH 9D 4C", "5C"], pile="2C",
                       stock="2D 3D 4D")
    assert state.view(0).deadwood == 33


# -- G6: the turn -------------------------------------------------------------------------

def test_g6_take_the_upcard_or_draw_then_discard_any_card() -> None:
    game = gin()
    state = game.setup(hands=["AS 2S 3S 7H 7C 7D KH QH 9D 4C", "5C 6C"], pile="9S",
                       stock="2D 3D 4D")
    assert labels(state) == ["draw", "take"]
    assert "G6" in refused(state, "discard KH")
    taken = state.apply("take")
    assert "discard 9S" in labels(taken) and len(taken.legal_actions()) == 11
    after = taken.apply("discard KH")
    assert after.current_player == 1 and after.view(1).upcard == "KH"
    drew = state.apply("draw")
    assert (drew.hands[0] >> game.pack.parse("2D")) & 1 and drew.view(1).upcard == "9S"


# -- G7: the knock ------------------------------------------------------------------------

KNOCKABLE = "AS 2S 3S 4S 7H 7C 7D 2D 3D 5H KH"
"""Eleven cards: discarding KH leaves 2D 3D 5H, 10 in deadwood."""


def test_g7_knock_with_ten_or_less_after_the_discard() -> None:
    game = gin()
    state = game.setup(hands=[KNOCKABLE, "5C 6C"], phase="discard", stock="8D 9D 10D")
    assert "knock" in labels(state)
    state = state.apply("knock")
    assert state.phase == "knock" and labels(state) == ["discard KH"]
    assert "G8" in refused(state, "discard AS")
    heavy = game.setup(hands=[KNOCKABLE.replace("2D", "QD"), "5C 6C"], phase="discard",
                       stock="8D 9D 10D")
    assert "knock" not in labels(heavy) and "G7" in refused(heavy, "knock")


@pytest.mark.parametrize("limit", [0, 5, 10])
def test_g7_knock_card_option(limit: int) -> None:
    game = gin(knock_card=limit)
    for hand, deadwood in ((KNOCKABLE, 10), ("AS 2S 3S 4S 7H 7C 7D 7S 2D 3D KH", 5),
                           ("AS 2S 3S 4S 7H 7C 7D 2D 3D 4D KH", 0)):
        state = game.setup(hands=[hand, "5C 6C"], phase="discard", stock="8D 9D 10D")
        assert game.tables.finder.best_discard(state.hands[0]) == deadwood
        assert ("knock" in labels(state)) == (deadwood <= limit)


def test_g7_eleven_cards_are_counted_as_openspiel_counts_them() -> None:
    """Two arrangements meld 54: 8-9-10 of clubs and of diamonds leave 4H 5D 5H 8S 10H,
    the sets of eights and tens 4H 5D 5H 9C 9D.  A discard can leave 22, but OpenSpiel
    counts the sets it finds first, less the 9 on top: 23."""
    game = gin()
    hand = "4H 9D 9C 8C 10D 5D 5H 8D 8S 10C 10H"
    state = game.setup(hands=[hand, "5C 6C"], phase="discard", stock="AD 2D 3D", limit=23)
    assert game.tables.finder.best_discard(state.hands[0]) == 22
    assert "knock" in labels(state)
    tight = game.setup(hands=[hand, "5C 6C"], phase="discard", stock="AD 2D 3D", limit=22)
    assert "knock" not in labels(tight)
    assert "G7" in refused(tight, "knock") and "OpenSpiel" in refused(tight, "knock")


@pytest.mark.parametrize(("upcard", "limit"), [("7D", 7), ("KH", 10), ("AS", 0)])
def test_g7_oklahoma_the_first_upcard_sets_the_limit(upcard: str, limit: int) -> None:
    order = [c for c in ALL if c != upcard][:20] + [upcard]
    state = dealt(gin(knock_limit="oklahoma"), order)
    assert state.view(0).knock_limit == limit
    assert dealt(gin(), order).view(0).knock_limit == 10


# -- G8: the knocker's melds --------------------------------------------------------------

def test_g8_the_knocker_lays_melds_until_within_the_limit_then_passes() -> None:
    game = gin()
    state = game.setup(hands=[KNOCKABLE, "5C 6C"], phase="discard", stock="8D 9D 10D")
    state = state.apply("knock").apply("discard KH")
    assert labels(state) == ["meld 7C 7D 7H", "meld AS 2S 3S 4S"]
    assert "G8" in refused(state, "pass")
    state = state.apply("meld AS 2S 3S 4S")
    assert labels(state) == ["meld 7C 7D 7H"]
    state = state.apply("meld 7C 7D 7H")
    assert labels(state) == ["pass"]
    state = state.apply("pass")
    assert state.phase == "layoff" and state.current_player == 1


def test_g8_gin_leaves_the_defender_no_layoff() -> None:
    game = gin()
    state = game.setup(hands=["AS 2S 3S 4S 7H 7C 7D 2D 3D 4D KH", "5S 6S 7S"],
                       phase="discard", stock="8D 9D 10D")
    state = state.apply("knock").apply("discard KH")
    for meld in ("meld AS 2S 3S 4S", "meld 7C 7D 7H", "meld 2D 3D 4D"):
        state = state.apply(meld)
    state = state.apply("pass")
    assert state.phase == "meld" and labels(state) == ["meld 5S 6S 7S", "pass"]
    assert "G6" in refused(state, "layoff 5S")


def test_g8_big_gin_goes_out_without_a_discard() -> None:
    hand = "AS 2S 3S 4S 7H 7C 7D 2D 3D 4D 5D"
    state = gin(big_gin="bonus").setup(hands=[hand, "KC QC JC 9H"], phase="discard",
                                       stock="8D 9D 10D")
    state = state.apply("knock")
    assert state.phase == "meld" and state.hands[0] == 0 and state.current_player == 1
    final = state.apply("pass")
    assert final.result is not None and list(final.result.scores) == [39 + 31, -70]
    plain = gin().setup(hands=[hand, "KC QC JC 9H"], phase="discard", stock="8D 9D 10D")
    assert plain.apply("knock").phase == "knock"


# -- G9, G10: layoffs and the defender's melds ---------------------------------------------

def layoff_position(layoffs: str = "") -> cardrules.State:
    return gin().setup(hands=["2C", "7S AS 8H 9H 10H JH QH 4H 5C"],
                       melds=[["7C 7D 7H", "3S 4S 5S 6S"], []], layoffs=layoffs,
                       knocker=0, phase="layoff", current=1, stock="8D 9D 10D")


def test_g9_the_defender_lays_off_on_the_knockers_melds() -> None:
    state = layoff_position()
    assert labels(state) == ["layoff 7S", "pass"]
    assert "G9" in refused(state, "layoff 8H")
    state = state.apply("layoff 7S")
    assert labels(state) == ["pass"]  # 8S would be next: the defender lacks it


def test_g9_at_most_two_cards_laid_off_at_each_end_of_a_run() -> None:
    game = gin()
    state = game.setup(hands=["2C", "9S 10S JS AS 2D"], melds=[["5S 6S 7S"], []],
                       knocker=0, phase="layoff", current=1, stock="8D 9D 10D",
                       layoffs="8S")
    assert labels(state) == ["layoff 9S", "pass"]
    state = state.apply("layoff 9S")
    assert labels(state) == ["pass"]
    assert "G9" in refused(state, "layoff 10S")


def test_g10_the_defender_lays_its_melds_then_the_deal_is_scored() -> None:
    state = layoff_position().apply("pass")
    assert state.phase == "meld"
    assert "meld 8H 9H 10H" in labels(state) and "meld 8H 9H 10H JH QH" in labels(state)
    final = state.apply("meld 8H 9H 10H JH QH").apply("pass")
    assert final.result is not None
    # the knocker keeps 2C (2); the defender 7S AS 4H 5C (7 + 1 + 4 + 5 = 17)
    assert list(final.result.scores) == [15, -15]
    assert final.view(0).final_deadwood == [2, 17]


# -- G11, G12: drawn deals ------------------------------------------------------------------

def test_g11_the_wall_leaves_a_knock_with_the_upcard_or_a_drawn_deal() -> None:
    game = gin()
    state = game.setup(hands=["AS 2S 3S 4S 7H 7C 7D 2D 3D KH", "5C 6C 8S 9S JD QD KD 2C"],
                       phase="discard", stock="8D 9D", pile="4D", current=1)
    wall = state.apply("discard 2C")
    assert wall.phase == "wall" and labels(wall) == ["knock", "pass"]
    assert "G6" in refused(wall, "draw")
    drawn = wall.apply("pass")
    assert drawn.is_over and drawn.result is not None and list(drawn.result.scores) == [0, 0]
    knocked = wall.apply("knock")
    assert knocked.phase == "knock" and knocked.hands[0].bit_count() == 11
    heavy = game.setup(hands=["AS 2S 3S 4S 7H 7C 7D 2D QD KH", "5C 6C 8S 9S JD 10D KD 2C"],
                       phase="discard", stock="8D 9D", pile="4D", current=1)
    assert labels(heavy.apply("discard 2C")) == ["pass"]


def test_g12_the_fiftieth_upcard_taken_ends_the_deal_drawn() -> None:
    game = gin()
    state = game.setup(hands=["AS 2S 3S 7H 7C 7D KH QH 9D 4C", "5C 6C"], pile="9S",
                       stock="2D 3D 4D")
    data = state.to_json()
    data["takes"] = 48
    state = game.state_from_json(data)
    assert not state.apply("take").is_over
    data["takes"] = 49
    final = game.state_from_json(data).apply("take")
    assert final.is_over and final.result is not None and list(final.result.scores) == [0, 0]


def test_g12_two_repeated_discards_in_succession_end_the_deal_drawn() -> None:
    game = gin()
    state = game.setup(hands=["AS 2S 3S 7H 7C 7D KH QH 9D 4C", "5C 6C 8C JD QD KD 9H 2H 3H 4H"],
                       pile="9S", stock="2D 3D 4D 5D")
    once = state.apply("take").apply("discard 9S")
    assert not once.is_over
    twice = once.apply("take").apply("discard 9S")
    assert twice.is_over and twice.result is not None and list(twice.result.scores) == [0, 0]
    other = once.apply("take").apply("discard 9H")
    assert not other.is_over


# -- G13, G14: scoring and the match ----------------------------------------------------------

def test_g13_knock_gin_and_undercut_scores() -> None:
    rules = gin().variant.scoring
    assert knock_scores(rules, knocker=0, deadwood=(7, 20), big_gin=False) == (13, -13)
    assert knock_scores(rules, knocker=1, deadwood=(12, 0), big_gin=False) == (-37, 37)
    assert knock_scores(rules, knocker=0, deadwood=(8, 3), big_gin=False) == (-30, 30)
    assert knock_scores(rules, knocker=0, deadwood=(8, 8), big_gin=False) == (0, 0)
    tie = gin(ties="undercut").variant.scoring
    assert knock_scores(tie, knocker=0, deadwood=(8, 8), big_gin=False) == (-25, 25)
    bonus = gin(gin_bonus=20, undercut_bonus=10).variant.scoring
    assert knock_scores(bonus, knocker=0, deadwood=(0, 5), big_gin=False) == (25, -25)
    assert knock_scores(bonus, knocker=0, deadwood=(9, 5), big_gin=False) == (-14, 14)


def test_g14_one_deal_or_a_match_to_100() -> None:
    assert gin().variant.match.deals == 1
    match = gin(match="to_100").variant.match
    assert match.goal.value == "reach_target" and match.target == 100
    state = gin(match="to_100").new_match(seed=2)
    rng = random.Random(2)
    while not state.is_over:
        legal = state.legal_actions()
        keen = [a for a in legal if a.name in ("knock", "meld")]
        state = state.apply(rng.choice(keen or legal))
    assert max(state.result.totals) >= 100  # type: ignore[union-attr]


def test_g14_option_to_100_bonuses_adds_the_box_and_game_bonuses() -> None:
    game = gin(match="to_100_bonuses")
    assert (game.variant.match.box_bonus, game.variant.match.game_bonus) == (25, 100)
    plain = gin(match="to_100")
    ends = []
    for g in (plain, game):
        state = g.new_match(seed=2)
        rng = random.Random(2)
        while not state.is_over:
            legal = state.legal_actions()
            keen = [a for a in legal if a.name in ("knock", "meld")]
            state = state.apply(rng.choice(keen or legal))
        ends.append(state)
    before, after = ends
    assert before.history == after.history  # the same deals; the bonuses come at the end
    won = [sum(1 for row in before.history if max(row) > 0 and row[p] == max(row))
           for p in range(2)]
    winner = before.result.winners[0]  # type: ignore[union-attr]
    assert after.result.winners == (winner,)  # type: ignore[union-attr]
    assert after.result.totals == tuple(  # type: ignore[union-attr]
        t + 25 * w + 100 * (p == winner) for p, (t, w) in enumerate(zip(before.totals, won)))
    assert game.state_from_json(after.to_json()) == after
    assert any("25 points for each deal they won" in line
               for line in describe(game.variant))


def test_g14_bonuses_are_refused_outside_a_match_to_a_target() -> None:
    with pytest.raises(cardrules.errors.CardrulesError, match="box_bonus"):
        cardrules.load({"extends": "gin-rummy", "patch": {"match": {"box_bonus": 25}}})


def test_g14_the_one_deal_game_keeps_no_bonus() -> None:
    assert (gin().variant.match.box_bonus, gin().variant.match.game_bonus) == (0, 0)


# -- G15: what each player sees ----------------------------------------------------------------

def test_g15_a_card_taken_from_the_pile_stays_known_and_a_knock_shows_the_hand() -> None:
    game = gin()
    state = game.setup(hands=["AS 2S 3S 4S 7H 7C 7D 2D 3D KH", "5C 6C 8S"], pile="4D",
                       stock="8D 9D 10D 5S")
    assert state.view(1).hands[0] == 10
    taken = state.apply("take")
    assert taken.view(1).known == ["4D"] and taken.view(1).hands[0] == 11
    for seed in range(5):
        assert taken.resample(1, random.Random(seed)).hands[0] >> game.pack.parse("4D") & 1
    knocked = taken.apply("knock")
    assert isinstance(knocked.view(1).hands[0], list) and len(knocked.view(1).hands[0]) == 11
    assert knocked.view(1).discards[-1:] != ["4D"]


# -- the meld finder --------------------------------------------------------------------------

def brute_deadwood(hand: int, melds: tuple[int, ...], values: tuple[int, ...]) -> int:
    """The least deadwood over every set of disjoint melds of ``hand``."""
    inside = [m for m in melds if m & hand == m]
    best = sum(values[c] for c in range(len(values)) if (hand >> c) & 1)
    for size in range(1, 4):
        for group in combinations(inside, size):
            used = 0
            for m in group:
                if used & m:
                    break
                used |= m
            else:
                left = hand & ~used
                best = min(best, sum(values[c] for c in range(len(values)) if (left >> c) & 1))
    return best


def test_the_finder_gives_an_arrangement_with_its_deadwood() -> None:
    game = gin()
    hand = mask(game, "AS 2S 3S 4S 7H 7C 7D 2D 3D KH")
    deadwood, melds = game.tables.finder.arrangement(hand)
    assert deadwood == 15 and all(m & hand == m for m in melds)
    left = hand & ~sum(melds)
    assert game.tables.finder.value(left) == 15


def test_the_finder_remembers_an_arrangement_as_it_worked_it_out() -> None:
    """Views ask the arrangement of every hand they show: asked again, the finder gives
    what it gave, the same as a finder that never saw the hand."""
    game = gin()
    finder = game.tables.finder
    rng = random.Random(5)
    hands = [sum(1 << c for c in rng.sample(range(52), 10)) for _ in range(200)]
    first = [finder.arrangement(h) for h in hands]
    assert [finder.arrangement(h) for h in hands] == first
    fresh = type(finder)(game.tables.melds, game.tables.values)
    assert [fresh.arrangement(h) for h in reversed(hands)] == first[::-1]


def test_the_meld_masks_of_a_standard_pack() -> None:
    assert len(meld_masks(13, 4, run_max=5)) == 185
    assert len(set(meld_masks(13, 4))) == len(meld_masks(13, 4))


@settings(max_examples=60, deadline=None)
@given(st.sets(st.integers(min_value=0, max_value=51), max_size=9))
def test_the_finders_deadwood_is_the_brute_force_least(cards: set[int]) -> None:
    game = gin()
    tables = game.tables
    hand = sum(1 << c for c in cards)
    finder = MeldFinder(tables.melds, tables.values)
    assert finder.deadwood(hand) == brute_deadwood(hand, tables.melds, tables.values)



@given(st.sets(st.sampled_from([s * 13 + r for s in (0, 1) for r in range(13)]
                               + [2 * 13 + r for r in (4, 5, 6)]), min_size=1, max_size=11))
def test_the_finder_on_meld_rich_hands_is_the_brute_force_least(cards: set[int]) -> None:
    """Hands of two suits (and a little of a third) hold many overlapping runs and sets:
    the least deadwood and the best discard are the brute-force ones."""
    tables = gin().tables
    hand = sum(1 << c for c in cards)
    finder = MeldFinder(tables.melds, tables.values)
    assert finder.deadwood(hand) == brute_deadwood(hand, tables.melds, tables.values)
    assert finder.best_discard(hand) == min(
        brute_deadwood(hand & ~(1 << c), tables.melds, tables.values) for c in cards)


@given(st.sets(st.sampled_from([s * 13 + r for s in (0, 1) for r in range(13)]
                               + [2 * 13 + r for r in (4, 5, 6)]), min_size=1, max_size=14))
def test_the_arrangement_takes_from_the_lowest_card_the_first_meld_a_best_one_holds(
        cards: set[int]) -> None:
    """A view's arrangement, worked out from deadwoods alone: from the lowest card left,
    the first meld of the pack's order holding it whose taking leaves the least deadwood
    as it was, else the card left out."""
    tables = gin().tables
    hand = left = sum(1 << c for c in cards)
    finder = MeldFinder(tables.melds, tables.values)
    expected: list[int] = []
    while left:
        low = (left & -left).bit_length() - 1
        target = finder.deadwood(left)
        meld = next((m for m in tables.melds if (m >> low) & 1 and m & left == m
                     and finder.deadwood(left ^ m) == target), 0)
        if meld:
            expected.append(meld)
        left ^= meld or 1 << low
    fresh = MeldFinder(tables.melds, tables.values)
    assert fresh.arrangement(hand) == (finder.deadwood(hand), tuple(expected))


# -- the rules against the legal actions ------------------------------------------------------

def test_the_legal_actions_are_those_no_rule_refuses() -> None:
    game = gin()
    space = game.action_space
    rng = random.Random(4)
    for seed in range(3):
        state = game.new_deal(seed, dealer=1)
        while not state.is_over:
            legal = set(state.legal_actions())
            for action in legal:
                assert state.why_illegal(action) is None
            for index in rng.sample(range(space.size), 25):
                action = space.action(index)
                assert (state.why_illegal(action) is None) == (action in legal), action
            keen = [a for a in legal if a.name in ("knock", "meld", "layoff")]
            state = state.apply(rng.choice(keen or sorted(legal, key=str)))


@pytest.mark.slow
@pytest.mark.parametrize(("options", "games"), [
    ({}, 6), ({"knock_card": 0}, 6), ({"knock_limit": "oklahoma"}, 6),
    ({"big_gin": "bonus"}, 6), ({"ties": "undercut"}, 6), ({"match": "to_100"}, 3)])
def test_cardrules_check_passes(options: dict[str, object], games: int) -> None:
    """``cardrules check`` on every option value (a match to 100 between random players
    runs to about a hundred deals: one is checked whole)."""
    report = run_check("gin-rummy", games=games, seed=3, match_every=3, options=options)
    assert report.failure is None, report.failure
    assert report.deals >= games
