"""The search bot (ISMCTS): seeded, view-only, any variant and phase, sensible moves."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import cardrules
from cardrules.actions import Action, Kind
from cardrules.engine.information import Information
from cardrules.errors import CardrulesError
from cardrules.tools.bots import QUICK_BOTS, Searcher, act, make_bot, play_game
from cardrules.tools.search import SearchBot

FIXTURES = Path(__file__).parent / "fixtures"


def _real_choice(game: cardrules.Game, seed: int) -> cardrules.State:
    """A random state of a deal where the seat to act has two or more actions."""
    rng = random.Random(seed)
    state = game.new_deal(seed=seed)
    for _ in range(rng.randrange(12)):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    while not state.is_over and len(state.legal_actions()) < 2:
        state = state.apply(state.legal_actions()[0])
    assert not state.is_over
    return state


@pytest.mark.parametrize("variant", ["bank", "bura", "crazy_eights"])
def test_a_search_is_reproducible_from_its_seed(variant: str) -> None:
    state = _real_choice(cardrules.load(variant, players=3), seed=2)
    bot = SearchBot(iterations=80)
    first = bot.search(Information.of(state), random.Random(7))
    again = bot.search(Information.of(state), random.Random(7))
    assert first.action == again.action and first.visits == again.visits
    assert first.action in state.legal_actions()
    assert sum(first.visits.values()) == first.iterations == 80


@pytest.mark.parametrize("variant", ["bank", "bura", "crazy_eights"])
def test_the_search_never_reads_the_true_hidden_cards(variant: str) -> None:
    """Two true states that differ only in what the seat cannot see (a re-deal of its
    hidden cards) give the very same search: same visits, same move."""
    game = cardrules.load(variant, players=2)
    for seed in range(3):
        state = _real_choice(game, seed)
        me = state.current_player
        other = state.resample(me, random.Random(100 + seed))
        assert other.view(me) == state.view(me)
        assert other.to_json() != state.to_json()  # the hidden cards really differ
        bot = SearchBot(iterations=60)
        one = bot.search(Information.of(state), random.Random(seed))
        two = bot.search(Information.of(other), random.Random(seed))
        assert one.visits == two.visits and one.action == two.action


def test_resample_depends_only_on_what_the_player_knows() -> None:
    game = cardrules.load("bank", players=3)
    state = _real_choice(game, 4)
    me = state.current_player
    other = state.resample(me, random.Random(1))
    assert state.resample(me, random.Random(9)) == other.resample(me, random.Random(9))


def test_the_search_takes_a_move_that_wins_at_once() -> None:
    game = cardrules.load("crazy_eights", players=2)
    state = game.setup(hands=["5S", "7H 7D QC"], pile="9S", stock="6C 6D 2H 3H", current=0)
    assert len(state.legal_actions()) == 2  # laying 5S empties the hand; or draw
    out = SearchBot(iterations=40).decide(Information.of(state), random.Random(0))
    assert out == Action(kind=Kind.PLAY, cards=(game.pack.parse("5S"),))


def test_search_bots_are_registered_with_budgets() -> None:
    bot = make_bot("ismcts:250")
    assert isinstance(bot, SearchBot) and isinstance(bot, Searcher)
    assert bot.iterations == 250
    timed = make_bot("ismcts:0.2s")
    assert isinstance(timed, SearchBot) and timed.seconds == 0.2
    with pytest.raises(CardrulesError, match="budget"):
        make_bot("ismcts:lots")
    with pytest.raises(CardrulesError, match="takes no budget"):
        make_bot("greedy:5")
    with pytest.raises(CardrulesError, match="at least one iteration"):
        SearchBot(iterations=0)


def test_a_view_alone_is_not_enough_to_search() -> None:
    state = _real_choice(cardrules.load("bura", players=2), 1)
    bot = SearchBot(iterations=5)
    with pytest.raises(CardrulesError, match="Information"):
        bot.choose(state.view(state.current_player), state.legal_actions(), random.Random(0))


def test_a_time_budget_stops_the_search() -> None:
    state = _real_choice(cardrules.load("bank", players=2), 3)
    report = SearchBot(iterations=10**9, seconds=0.05).search(Information.of(state),
                                                              random.Random(0))
    assert 0 < report.iterations < 10**9 and report.seconds < 1.0


def test_search_plays_whole_matches_and_replays_from_the_seed() -> None:
    game = cardrules.load("bura", players=2)
    bots = [make_bot("ismcts:10"), make_bot("greedy")]
    final, actions = play_game(game, bots, seed=3, match=True)
    assert final.is_over
    again, actions2 = play_game(game, [make_bot("ismcts:10"), make_bot("greedy")], seed=3,
                                match=True)
    assert actions2 == actions and again == final


@pytest.mark.parametrize("fixture", ["bidding_tricks.yaml"])
def test_search_acts_in_any_phase(fixture: str) -> None:
    """A phase before play (bidding) is searched like play itself."""
    game = cardrules.load(str(FIXTURES / fixture), players=4)
    bot, rng = make_bot(QUICK_BOTS["ismcts"]), random.Random(0)
    state = game.new_deal(seed=1)
    kinds = set()
    while not state.is_over:
        action = act(bot, state, rng)
        kinds.add(action.kind)
        state = state.apply(action)
    assert len(kinds) >= 2


def _bura_answer(lead: str, hand: str = "6H 6C KS 7D") -> cardrules.State:
    """Bura, two players, hearts trumps: player 0 has led ``lead`` from AS 6S 7C 8C;
    player 1 holds ``hand``."""
    game = cardrules.load("bura", players=2)
    state = game.setup(hands=["AS 6S 7C 8C", hand], stock="6D 7S 8S",
                       trump_card="JH", leader=0)
    while len(state.legal_actions()) == 1:  # the declaration window: pass
        state = state.apply(state.legal_actions()[0])
    return state.apply(game.parse_action(f"lead {lead}"))


def test_the_trick_policy_takes_points_cheaply_and_throws_the_rest() -> None:
    """The play-out policy of trick-taking games scores moves from the state as the greedy
    heuristic does: an ace led is taken with the only card that beats it (the small
    trump); a lead nothing beats is answered by throwing the cheapest card face down."""
    from cardrules.families.tricks.policy import TricksPolicy

    ace = _bura_answer("AS")
    policy = TricksPolicy(ace.game, explore=0.0)
    assert policy(ace, random.Random(0)).label == "answer 6H"
    seven = _bura_answer("7C", hand="KS 6C 7D 8D")
    assert policy(seven, random.Random(0)).label == "throw 6C"


def test_the_trick_policy_explores_at_random_as_often_as_asked() -> None:
    from cardrules.families.tricks.policy import TricksPolicy

    state = _bura_answer("AS")
    rng = random.Random(3)
    greedy = TricksPolicy(state.game, explore=0.0)
    assert {greedy(state, rng).label for _ in range(50)} == {"answer 6H"}
    wild = TricksPolicy(state.game, explore=1.0)
    assert len({wild(state, rng) for _ in range(200)}) == len(state.legal_actions())


def test_the_search_plays_out_with_the_procedures_policy() -> None:
    """By default the play-outs follow the procedure's policy (trick-taking has one);
    a procedure without one plays out at random; a policy given explicitly wins."""
    from cardrules.families.tricks.policy import TricksPolicy
    from cardrules.tools.search import rollout_random

    bura = cardrules.load("bura", players=2)
    assert isinstance(SearchBot()._rollout_for(bura), TricksPolicy)
    assert SearchBot(rollout=rollout_random)._rollout_for(bura) is rollout_random
    durak = cardrules.load("durak", players=2)
    if durak.procedure.rollout_policy(durak) is None:
        assert SearchBot()._rollout_for(durak) is rollout_random
    assert make_bot("ismcts:50:random").rollout is rollout_random  # type: ignore[attr-defined]
    hearts = cardrules.load("hearts", players=4)  # points taken count against: no model
    assert hearts.procedure.rollout_policy(hearts) is None
    assert SearchBot()._rollout_for(hearts) is rollout_random
    assert make_bot("ismcts:50:tree").opponents == "tree"  # type: ignore[attr-defined]
    assert make_bot("ismcts:50").opponents == "auto"  # type: ignore[attr-defined]


def test_in_a_match_a_deal_that_decides_it_outweighs_any_other_deal() -> None:
    """Near the end of a Bura match (seat 0 at 8 penalty points; 12 lose), losing the deal
    with 2 penalty points leaves the match going (at 10) and is worth three quarters of
    the deal's own utility; losing it with 4 loses the match: -1 (and 1 to the
    opponent)."""
    from cardrules.engine.match import MatchState
    from cardrules.engine.state import DealResult

    game = cardrules.load("bura", players=2)
    deal = _real_choice(game, 2)
    match = MatchState.set_up(game, deal=deal, seed=2, index=3, dealer=0, totals=(8, 0))
    bot = SearchBot(iterations=20)
    bot.search(Information.of(match), random.Random(0))

    def utility(scores: tuple[int, int]) -> list[float]:
        result = DealResult.ranked(scores=scores, finish=(0, 1), starter=0,
                                   lower_is_better=True, partnerships=((0,), (1,)))
        return bot._utility(result, True)

    going_on, lost = utility((2, 0)), utility((4, 0))
    assert lost == [-1.0, 1.0]
    assert -0.75 < going_on[0] < -0.5 and 0.5 < going_on[1] < 0.75
    single = SearchBot(iterations=20)
    single.search(Information.of(deal), random.Random(0))
    assert single._match is None  # a single deal is scored by the deal alone


def test_opponents_follow_the_play_out_policy_where_the_procedure_has_one() -> None:
    """With the procedure's policy the other partnerships' seats play its moves inside the
    tree too (a model of the opponents); with random play-outs, or when asked for the
    tree, every seat chooses by the statistics."""
    from cardrules.tools.search import rollout_random

    state = _real_choice(cardrules.load("bura", players=2), 1)
    me = state.current_player
    modelled = SearchBot(iterations=30)
    modelled.search(Information.of(state), random.Random(0))
    assert modelled._others == {1 - me}
    for bot in (SearchBot(iterations=30, opponents="tree"),
                SearchBot(iterations=30, rollout=rollout_random)):
        report = bot.search(Information.of(state), random.Random(0))
        assert bot._others == frozenset() and report.action in state.legal_actions()
    teams = cardrules.load("bura", players=4, options={"teams": "on"})
    state = _real_choice(teams, 2)
    bot = SearchBot(iterations=30)
    bot.search(Information.of(state), random.Random(0))
    assert bot._others == {(state.current_player + 1) % 4, (state.current_player + 3) % 4}
    with pytest.raises(CardrulesError, match="opponents"):
        SearchBot(opponents="oracle")


def test_a_modelled_opponent_may_act_where_the_searcher_acts_in_another_world() -> None:
    """Who acts at a node of the tree may depend on hidden cards (B7: Bank's first mover
    is found from the hands dealt after the trump choice), so a move a modelled opponent
    made there is still untried for a seat that chooses by the statistics."""
    state = _real_choice(cardrules.load("bank", players=3), seed=2)
    assert state.view(state.current_player).phase == "choose_trump"
    report = SearchBot(iterations=120, opponents="policy").search(
        Information.of(state), random.Random(7))
    assert report.action in state.legal_actions()
    assert sum(report.visits.values()) == report.iterations == 120
