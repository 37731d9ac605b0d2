"""The scoring vocabulary of the tricks procedure and the match goals that go with it,
played on the test-only variant ``fixtures/scoring/points_and_tricks.yaml``: card points
per card and per suit, points taken (penalty points), shooting the moon, tricks over a
book, the last trick's points, partnerships, the goals ``lowest_total`` and
``fixed_deals``, and the load-time refusals of combinations that make no sense."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest
import yaml
from rule_support import QUICK_LEAKS

import cardrules
from cardrules.engine.match import MatchState, decide
from cardrules.engine.standings import alone, opposite
from cardrules.families.tricks.state import TricksState
from cardrules.hooks import CardPointsInput, DealScoringInput, hook
from cardrules.tools.check import run_check
from cardrules.tools.conformance import check_playout
from cardrules.tools.simulate import simulate

FIXTURE = Path(__file__).parent / "fixtures" / "scoring" / "points_and_tricks.yaml"
"""Q of spades 13, every heart 1; penalty points, shooting the moon, lowest total at 50."""
SCORINGS = ("penalty", "book", "last_trick", "partners_moon")
"""The values of the fixture's ``scoring`` option."""
COUNTS = {"penalty": (3, 4), "book": (4,), "last_trick": (3, 4), "partners_moon": (4,)}
"""The player counts each value allows."""


def _data() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(FIXTURE.read_text("utf-8"))
    return data


def _game(scoring: str = "penalty", players: int = 4) -> cardrules.Game:
    return cardrules.load(FIXTURE, players=players, options={"scoring": scoring})


def _play_out(state: cardrules.State, *actions: str) -> TricksState:
    for action in actions:
        state = state.apply(action)
    assert isinstance(state, TricksState) and state.is_over
    return state


# -- card points per card and per suit -----------------------------------------------------


def test_a_card_entry_wins_over_its_suit_which_wins_over_its_rank() -> None:
    data = _data()
    data["pack"]["points"] = {"A": 11, "K": 4}
    data["pack"]["card_points"] = {"H": 1, "AH": 5, "QS": 13}
    game = cardrules.load(data, players=4)
    pack = game.pack
    worth = {name: pack.value(pack.parse(name)) for name in ("AH", "KH", "7H", "QS", "AS",
                                                             "KD", "7C")}
    assert worth == {"AH": 5, "KH": 1, "7H": 1, "QS": 13, "AS": 11, "KD": 4, "7C": 0}


def test_the_point_tables_and_the_default_hook_agree_with_the_pack() -> None:
    game = _game()
    pack, tables = game.pack, game.tables
    assert sum(pack.value(c) for c in range(pack.size)) == 8 + 13
    rng = random.Random(5)
    for _ in range(200):
        mask = rng.getrandbits(pack.size)
        assert tables.points_of(mask) == pack.value_of(mask)
    default = game.hook("card_points")
    assert all(default(CardPointsInput(pack=pack, card=c)) == pack.value(c)
               for c in range(pack.size))


@hook("card_points", "test.scoring.queen_and_hearts")
def queen_and_hearts(position: CardPointsInput) -> int:
    """What the fixture's ``card_points`` say, written as a hook."""
    pack, card = position.pack, position.card
    if pack.name(card) == "QS":
        return 13
    return 1 if pack.suits[pack.suit(card)] == "H" else 0


def test_card_points_as_data_equal_the_same_points_by_a_hook() -> None:
    data = _data()
    del data["pack"]["card_points"]
    data["hooks"] = {"card_points": "test.scoring.queen_and_hearts"}
    by_hook = cardrules.load(data, players=4)
    assert by_hook.pack.values == _game().pack.values


# -- points taken and shooting the moon ----------------------------------------------------


def test_points_taken_are_the_deal_scores() -> None:
    # 8C beats the 7C led; QS and AH are of other suits: seat 1 takes 13 + 1.
    state = _game().setup(hands=["7C", "8C", "QS", "AH"], won=["KH", "", "QH 10S", ""],
                          leader=0)
    over = _play_out(state, "lead 7C", "answer 8C", "answer QS", "answer AH")
    assert over.points() == (1, 14, 1, 0)
    assert over.result is not None and over.result.scores == (1, 14, 1, 0)
    assert over.result.winners == (3,)  # fewest penalty points


def test_one_player_taking_all_the_points_gives_the_others_the_total() -> None:
    state = _game().setup(hands=["AS", "KH", "QS", "7C"], won=["7H 8H 9H 10H JH QH", "", "",
                                                               ""], leader=0)
    over = _play_out(state, "lead AS", "answer KH", "answer QS", "answer 7C")
    assert over.points() == (20, 0, 0, 0)
    assert over.result is not None and over.result.scores == (0, 20, 20, 20)


def test_no_moon_when_another_player_took_a_single_point() -> None:
    state = _game().setup(hands=["AS", "KH", "QS", "7C"], won=["7H 8H 9H 10H JH", "QH", "",
                                                               ""], leader=0)
    over = _play_out(state, "lead AS", "answer KH", "answer QS", "answer 7C")
    assert over.result is not None and over.result.scores == (19, 1, 0, 0)


def test_nobody_shoots_the_moon_in_a_deal_without_points() -> None:
    state = _game().setup(hands=["AS", "KS", "JS", "7C"], won=["7D", "", "", ""], leader=0)
    over = _play_out(state, "lead AS", "answer KS", "answer JS", "answer 7C")
    assert over.result is not None and over.result.scores == (0, 0, 0, 0)


def test_shooting_the_moon_with_a_negative_factor() -> None:
    data = _data()
    data["scoring"]["points_taken"] = -1
    data["match"] = {"goal": "reach_target", "target": 50}
    game = cardrules.load(data, players=4)
    state = game.setup(hands=["AS", "KH", "QS", "7C"], won=["7H", "", "", ""], leader=0)
    over = _play_out(state, "lead AS", "answer KH", "answer QS", "answer 7C")
    assert over.result is not None and over.result.scores == (0, -15, -15, -15)
    shared = game.setup(hands=["AS", "KH", "QS", "7C"], won=["", "7H", "", ""], leader=0)
    over = _play_out(shared, "lead AS", "answer KH", "answer QS", "answer 7C")
    assert over.result is not None and over.result.scores == (-14, -1, 0, 0)


def test_partners_shoot_the_moon_together() -> None:
    # partners_moon: seats 0 and 2 against 1 and 3; tricks beyond 4 plus points taken.
    game = _game("partners_moon")
    state = game.setup(hands=["AS", "KD", "QS", "7C"], won=["7H 8H", "", "9H", ""],
                       tricks=[3, 1, 2, 1], leader=0)
    over = _play_out(state, "lead AS", "answer KD", "answer QS", "answer 7C")
    # 0+2 took 6 tricks (2 over the book) and all 16 points: they count 0, the others 16.
    assert over.result is not None and over.result.scores == (2, 16, 2, 16)
    assert over.result.winners == (0, 2)
    state = game.setup(hands=["AS", "KD", "QS", "7C"], won=["7H 8H", "9H", "", ""],
                       tricks=[3, 1, 2, 1], leader=0)
    over = _play_out(state, "lead AS", "answer KD", "answer QS", "answer 7C")
    assert over.result is not None and over.result.scores == (2 + 15, 1, 2 + 15, 1)


# -- tricks over a book --------------------------------------------------------------------


def test_partners_score_their_tricks_beyond_the_book() -> None:
    game = _game("book")
    state = game.setup(hands=["AS", "KD", "QS", "7C"], tricks=[3, 1, 2, 1], leader=0)
    over = _play_out(state, "lead AS", "answer KD", "answer QS", "answer 7C")
    assert over.result is not None and over.result.scores == (2, 0, 2, 0)
    assert over.result.details["tricks"] == [4, 1, 2, 1]


def test_a_player_alone_scores_tricks_beyond_the_book() -> None:
    data = _data()
    data["scoring"] = {"tricks_over": 2}
    game = cardrules.load(data, players=3)
    state = game.setup(hands=["AS", "KD", "QS"], tricks=[2, 4, 1], leader=0)
    over = _play_out(state, "lead AS", "answer KD", "answer QS")
    assert over.result is not None and over.result.scores == (1, 2, 0)


# -- points for the last trick -------------------------------------------------------------


def test_the_last_trick_adds_its_points_once_the_deal_is_played_out() -> None:
    game = _game("last_trick", players=3)
    state = game.setup(hands=["AS KS", "KH 8S", "QS 7C"], leader=0)
    after_one = state.apply("lead AS").apply("answer KH").apply("answer QS")
    assert isinstance(after_one, TricksState) and not after_one.is_over
    assert after_one.points() == (14, 0, 0)  # no last-trick points before the end
    over = _play_out(after_one, "lead KS", "answer 8S", "answer 7C")
    assert over.points() == (24, 0, 0)
    assert over.result is not None and over.result.scores == (24, 0, 0)
    assert over.result.details["points"] == [24, 0, 0]


def test_the_last_trick_counts_as_a_point_for_shooting_the_moon() -> None:
    data = _data()
    data["scoring"]["last_trick"] = 10
    game = cardrules.load(data, players=3)
    state = game.setup(hands=["AS", "KH", "7C"], won=["", "QS", ""], leader=0)
    over = _play_out(state, "lead AS", "answer KH", "answer 7C")
    assert over.points() == (11, 13, 0)
    assert over.result is not None and over.result.scores == (11, 13, 0)  # nobody took all


# -- the deal_scoring hook -----------------------------------------------------------------


@hook("deal_scoring", "test.scoring.doubled")
def doubled(position: DealScoringInput) -> tuple[int, ...]:
    """Twice what the rule file scores (checks the hook sees the vocabulary's scores)."""
    assert set(position.details) >= {"points", "tricks"}
    return tuple(2 * s for s in position.scores)


def test_the_deal_scoring_hook_receives_the_vocabulary_scores() -> None:
    data = _data()
    data["hooks"] = {"deal_scoring": "test.scoring.doubled"}
    game = cardrules.load(data, players=4)
    state = game.setup(hands=["AS", "KH", "QS", "7C"], won=["7H", "", "", ""], leader=0)
    over = _play_out(state, "lead AS", "answer KH", "answer QS", "answer 7C")
    assert over.result is not None and over.result.scores == (0, 30, 30, 30)


# -- match goals ---------------------------------------------------------------------------


def test_lowest_total_ends_at_the_target_and_the_lowest_total_wins() -> None:
    game = _game()
    kw: dict[str, Any] = {"dealer": 0, "partnerships": alone(4)}
    assert decide(game, totals=(49, 10, 20, 30), deals=3, **kw) is None
    result = decide(game, totals=(50, 10, 20, 10), deals=3, **kw)
    assert result is not None
    assert result.winners == (1, 3) and result.places == (4, 1, 3, 1)
    assert result.leaders == (1, 3) and result.winning_team == ()
    single = decide(game, totals=(50, 10, 20, 30), deals=3, **kw)
    assert single is not None and single.winning_team == (1,)


def test_fixed_deals_end_after_the_deals_and_the_highest_total_wins() -> None:
    game = _game("book")
    teams = opposite(4)
    assert decide(game, totals=(9, 0, 9, 0), deals=2, dealer=0, partnerships=teams) is None
    result = decide(game, totals=(1, 3, 1, 3), deals=3, dealer=0, partnerships=teams)
    assert result is not None and result.winners == (1, 3) and result.winning_team == (1, 3)
    tied = decide(game, totals=(2, 2, 2, 2), deals=3, dealer=0, partnerships=teams)
    assert tied is not None and tied.winners == (0, 1, 2, 3) and tied.winning_team == ()


def test_a_match_set_up_at_its_last_deal_ends_with_that_deal() -> None:
    game = _game("book")
    deal = game.setup(hands=["AS", "KD", "QS", "7C"], tricks=[3, 1, 2, 1], leader=0)
    match = MatchState.set_up(game, deal=deal, seed=1, index=2, dealer=3, totals=(0, 1, 0, 1))
    over = match.apply("lead AS").apply("answer KD").apply("answer QS").apply("answer 7C")
    assert isinstance(over, MatchState) and over.result is not None
    assert over.totals == (2, 1, 2, 1) and over.result.winners == (0, 2)
    assert MatchState.from_json(game, over.to_json()) == over


def test_a_match_whose_totals_already_ended_it_is_refused() -> None:
    game = _game()
    deal = game.setup(hands=["AS", "KD", "QS", "7C"], leader=0)
    with pytest.raises(cardrules.StateError, match="lowest total wins"):
        MatchState.set_up(game, deal=deal, seed=1, index=4, dealer=0, totals=(60, 0, 0, 0))
    book = _game("book")
    deal = book.setup(hands=["AS", "KD", "QS", "7C"], leader=0)
    with pytest.raises(cardrules.StateError, match="3 deals"):
        MatchState.set_up(book, deal=deal, seed=1, index=3, dealer=0, totals=(0, 0, 0, 0))


def test_simulated_matches_count_each_game_once() -> None:
    for scoring, players in (("penalty", 4), ("book", 4)):
        summary = simulate(FIXTURE, players=players, games=6, seed=2, match=True,
                           options={"scoring": scoring})
        teams = len(summary.partnerships)
        team_wins = sum(summary.wins) * teams // players
        assert team_wins + summary.ties == 6


# -- descriptions --------------------------------------------------------------------------


def test_the_rules_describe_the_vocabulary_and_the_goals() -> None:
    from cardrules.tools.describe import describe

    text = "\n".join(describe(_game().variant))
    assert "every H 1" in text and "QS 13" in text
    assert "1 for each card point they took" in text
    assert "took all the points of the deal" in text
    assert "The lowest total wins" in text
    book = "\n".join(describe(_game("book").variant))
    assert "beyond 4 (nothing for 4 or fewer)" in book and "lasts 3 deals" in book
    last = "\n".join(describe(_game("last_trick", players=3).variant))
    assert "adds 10 to their card points" in last


# -- refusals at load ----------------------------------------------------------------------


@pytest.mark.parametrize(("path", "value", "message"), [
    (("scoring", "bands"), {"all": {"score": 1}}, "do not add up with tricks_over"),
    (("scoring", "most_points"), 0, "do not add up with tricks_over"),
    (("scoring", "points_taken"), 0, "it needs points_taken"),
    (("scoring", "tricks_over"), 10, "at most 10 tricks with 3 players"),
    (("scoring", "all_points", "shoot"), True, "shoot"),
    (("pack", "card_points", "XS"), 1, "neither a suit"),
    (("pack", "card_points", "qs"), 1, "names card QS again"),
    (("match", "target"), None, "goal lowest_total needs a target"),
    (("match", "deals"), 3, "deals is the length of a match of goal fixed_deals"),
])
def test_bad_combinations_are_refused(path: tuple[str, ...], value: Any, message: str) -> None:
    data = _data()
    node = data
    for key in path[:-1]:
        node = node[key]
    if value is None:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    with pytest.raises(cardrules.VariantError, match=message):
        cardrules.load(data, players=3)


def test_all_points_needs_cards_worth_points() -> None:
    data = _data()
    del data["pack"]["card_points"]
    with pytest.raises(cardrules.VariantError, match="needs cards worth points"):
        cardrules.load(data, players=4)


def test_scoring_nothing_is_refused() -> None:
    data = _data()
    data["scoring"] = {"partners": "none"}
    with pytest.raises(cardrules.VariantError, match="no deal scores anything"):
        cardrules.load(data, players=4)


def test_an_inherited_target_is_named_as_the_cause_and_how_to_drop_it() -> None:
    """A house rule turning a target game into a fixed number of deals inherits the
    target: the error says so, and dropping it as it says loads."""
    patch = {"match": {"goal": "fixed_deals", "deals": 5}}
    with pytest.raises(cardrules.VariantError, match="a target of 248 is set too"):
        cardrules.load({"extends": "bank", "patch": patch})
    patch["match"]["target"] = None
    assert cardrules.load({"extends": "bank", "patch": patch}).variant.match.deals == 5


@pytest.mark.parametrize(("match", "message"), [
    ({"goal": "fixed_deals"}, "needs a number of deals above 0"),
    ({"goal": "fixed_deals", "target": 9}, "give deals, not target"),
    ({"goal": "fixed_deals", "deals": 3, "target": 9},
     "a target of 9 is set too .* drop it with 'target: null'"),
    ({"goal": "fixed_deals", "deals": 30, "max_deals": 20}, "more than max_deals"),
])
def test_bad_fixed_deals_are_refused(match: dict[str, Any], message: str) -> None:
    data = _data()
    data["match"] = match
    with pytest.raises(cardrules.VariantError, match=message):
        cardrules.load(data, players=4)


# -- randomised playouts -------------------------------------------------------------------


def _random_deal(game: cardrules.Game, seed: int) -> TricksState:
    state = game.new_deal(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    assert isinstance(state, TricksState)
    return state


@pytest.mark.parametrize("scoring", SCORINGS)
def test_random_deals_score_by_the_vocabulary(scoring: str) -> None:
    for players in COUNTS[scoring]:
        game = _game(scoring, players)
        for seed in range(15):
            over = _random_deal(game, seed)
            result = over.result
            assert result is not None
            cards = over.game.tables.points_of(sum(over.won))
            points, tricks, scores = over.points(), over.tricks, result.scores
            bonus = 10 if scoring == "last_trick" else 0
            assert sum(points) == cards + bonus
            assert sum(tricks) == 8
            if scoring == "last_trick":
                assert scores == points
            elif scoring == "penalty":
                shooter = [p for p in range(players) if points[p] == cards and cards]
                expected = tuple(0 if p in shooter else cards for p in range(players)) \
                    if shooter else points
                assert scores == expected
            else:
                teams = [(0, 2), (1, 3)]
                team_tricks = [tricks[a] + tricks[b] for a, b in teams]
                assert team_tricks[0] + team_tricks[1] == 8
                over_book = [max(0, t - 4) for t in team_tricks]
                if scoring == "book":
                    assert scores == (over_book[0], over_book[1]) * 2
                else:
                    team_points = [points[a] + points[b] for a, b in teams]
                    counted = team_points
                    if cards and cards in team_points:
                        counted = [0 if t == cards else cards for t in team_points]
                    assert scores == tuple(over_book[i % 2] + counted[i % 2] for i in range(4))


@pytest.mark.parametrize("scoring", SCORINGS)
def test_conformance_of_the_fixture(scoring: str) -> None:
    for players in COUNTS[scoring]:
        game = _game(scoring, players)
        check_playout(game, 1, leak_share=QUICK_LEAKS)
        check_playout(game, 2, match=True, views=False, leak_share=QUICK_LEAKS)


@pytest.mark.parametrize("scoring", SCORINGS)
def test_cardrules_check_passes_on_the_fixture(scoring: str) -> None:
    report = run_check(FIXTURE, games=6, seed=3, options={"scoring": scoring}, match_every=3,
                       leak_share=QUICK_LEAKS)
    assert report.ok, report


def test_the_fixture_data_stays_as_read() -> None:
    data = _data()
    before = copy.deepcopy(data)
    cardrules.load(data, players=4)
    assert data == before
