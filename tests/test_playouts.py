"""Batched play-outs (cardrules.engine.playouts) give exactly what the one-step loop gives
for the same seeds: the same actions, final state and result, in every shipped variant."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardrules
from cardrules.actions import Action
from cardrules.engine.game import Game
from cardrules.engine.match import MatchState
from cardrules.engine.playouts import (
    _DEALT_AHEAD,
    Playout,
    play_from,
    play_out,
    roll_out,
    roll_outs,
)
from cardrules.engine.random_play import draws_exactly, play_random
from cardrules.engine.seeding import derive_seed
from cardrules.engine.state import DealResult, MatchResult, State
from cardrules.errors import CardrulesError, IllegalActionError
from cardrules.loader.resources import builtin_variants
from cardrules.tools.option_space import one_at_a_time

SHIPPED = sorted(builtin_variants())


def one_step(state: State, rngs: list[random.Random], policy: Any = None,
             ) -> tuple[State, list[Action], list[DealResult], list[int]]:
    """The reference: ``state.apply`` one decision at a time, a random move drawn as
    ``legal[rng.randrange(len(legal))]`` (or the procedure's ``policy``, asked about the
    deal), each deal's result and length noted when an action ends it."""
    actions: list[Action] = []
    results: list[DealResult] = []
    lengths: list[int] = []
    since = 0
    while not state.is_over:
        seat = state.current_player
        if policy is None:
            legal = state.legal_actions()
            action = legal[rngs[seat].randrange(len(legal))]
        else:
            action = policy(state.deal if isinstance(state, MatchState) else state, rngs[seat])
        after = state.apply(action)
        actions.append(action)
        since += 1
        if isinstance(state, MatchState) and isinstance(after, MatchState) and (
                after.is_over or after.deal_index != state.deal_index):
            result = state.deal.apply(action).result
            assert isinstance(result, DealResult)
            results.append(result)
            lengths.append(since)
            since = 0
        state = after
    if not isinstance(state, MatchState):
        assert isinstance(state.result, DealResult)
        results.append(state.result)
        lengths.append(since)
    return state, actions, results, lengths


def reference_game(game: Game, seed: int, index: int, *, policy: Any = None,
                   match: bool = False) -> tuple[State, list[Action], list[DealResult],
                                                 list[int]]:
    """Game ``index`` of ``seed`` played one step at a time, seeded as a batch seeds it."""
    game_seed = derive_seed(seed, "game", index)
    rngs = [random.Random(derive_seed(game_seed, "bot", s)) for s in range(game.players)]
    state = game.new_match(game_seed) if match else game.new_deal(game_seed)
    return one_step(state, rngs, policy)


def assert_same(played: Playout, reference: tuple[State, list[Action], list[DealResult],
                                                  list[int]]) -> None:
    final, actions, results, lengths = reference
    assert played.final == final
    assert played.final is not None and played.final.to_json() == final.to_json()
    assert list(played.actions or ()) == actions
    assert played.result == final.result
    assert played.decisions == len(actions) == sum(played.lengths)
    assert list(played.deals) == results and list(played.lengths) == lengths
    outcome = final.result
    assert played.scores == (outcome.totals if isinstance(outcome, MatchResult)
                             else outcome.scores)


def _check_batch(game: Game, *, seed: int, games: int, policy: str, match: bool = False,
                 first: int = 0) -> None:
    kept = play_out(game, games=games, seed=seed, policy=policy, match=match, first=first,
                    keep_states=True, keep_actions=True)
    procedure_policy = game.procedure.rollout_policy(game) if policy == "policy" else None
    for number, played in enumerate(kept, start=first):
        assert played.seed == derive_seed(seed, "game", number)
        assert_same(played, reference_game(game, seed, number, policy=procedure_policy,
                                           match=match))
    bare = play_out(game, games=games, seed=seed, policy=policy, match=match, first=first)
    assert [(p.scores, p.decisions, p.lengths, p.result) for p in bare] == \
        [(p.scores, p.decisions, p.lengths, p.result) for p in kept]
    assert all(p.final is None and p.actions is None for p in bare)


@pytest.mark.parametrize("name", SHIPPED)
def test_batches_play_the_one_step_games_of_every_variant(name: str) -> None:
    """Random and policy play-outs of new deals equal the one-step loop's, move for move."""
    game = cardrules.load(name)
    for policy in ("random", "policy"):
        _check_batch(game, seed=11, games=2, policy=policy)


@pytest.mark.parametrize("name", SHIPPED)
def test_one_generator_draws_every_game_as_one_loop_over_the_games(name: str) -> None:
    """With ``rng`` every seat of every game draws from that one generator, game after
    game: the games a single loop plays with it, deals and matches, at random and by
    the procedure's play-out policy, and the generator left where that loop leaves it."""
    game = cardrules.load(name)
    procedure_policy = game.procedure.rollout_policy(game)
    for match, policy in ((False, "random"), (True, "random"), (False, "policy")):
        rng, again = random.Random(5), random.Random(5)
        kept = play_out(game, games=3, seed=9, first=1, match=match, rng=rng,
                        policy=policy, keep_states=True, keep_actions=True)
        for number, played in enumerate(kept, start=1):
            game_seed = derive_seed(9, "game", number)
            assert played.seed == game_seed
            start = game.new_match(game_seed) if match else game.new_deal(game_seed)
            assert_same(played, one_step(start, [again] * game.players,
                                         procedure_policy if policy == "policy" else None))
        assert rng.getstate() == again.getstate()


@pytest.mark.parametrize("name", ["crazy_eights", "hearts"])
def test_a_batch_longer_than_the_games_dealt_ahead_plays_the_same_games(name: str) -> None:
    """A batch deals a run of games before it plays them: a batch longer than that run
    plays the games of the one-step loop over the games, with one generator and with a
    generator per seat, and the same games as the shorter batches that make it up."""
    game = cardrules.load(name)
    games = _DEALT_AHEAD + 3
    rng, again = random.Random(8), random.Random(8)
    kept = play_out(game, games=games, seed=6, rng=rng, keep_states=True)
    for number, played in enumerate(kept):
        start = game.new_deal(derive_seed(6, "game", number))
        assert played.final == one_step(start, [again] * game.players, None)[0]
    assert rng.getstate() == again.getstate()
    whole = play_out(game, games=games, seed=6, first=2)
    parts = play_out(game, games=5, seed=6, first=2) + play_out(
        game, games=games - 5, seed=6, first=7)
    assert whole == parts
    assert [p.seed for p in whole] == [derive_seed(6, "game", i) for i in range(2, games + 2)]


@pytest.mark.parametrize("name", ["bura", "bank", "hearts", "durak"])
def test_batches_of_matches_note_every_deal(name: str) -> None:
    """A match's play-out gives each finished deal's result and length as the one-step
    loop finds them, and the match's totals as its scores."""
    game = cardrules.load(name)
    _check_batch(game, seed=2, games=1, policy="random", match=True, first=3)


def test_roll_outs_of_a_position_equal_the_one_step_loop() -> None:
    """Roll-out ``k`` of a mid-game state draws from ``derive_seed(seed, "rollout", k)``,
    one generator for every seat, as a search plays out."""
    game = cardrules.load("hearts", players=4)
    state = game.new_deal(seed=5)
    for _ in range(9):
        state = state.apply(state.legal_actions()[0])
    for policy in ("random", "policy"):
        played = roll_outs(state, count=3, seed=8, policy=policy, keep_states=True,
                           keep_actions=True)
        chooser = game.procedure.rollout_policy(game) if policy == "policy" else None
        for k, one in enumerate(played):
            rng = random.Random(derive_seed(8, "rollout", k))
            assert one.seed == derive_seed(8, "rollout", k)
            assert_same(one, one_step(state, [rng] * 4, chooser))
    assert state.legal_actions()  # the position itself is untouched


def test_roll_out_shares_one_generator_as_the_search_does() -> None:
    """``roll_out`` plays to the end with one generator for every seat and leaves it where
    the one-step loop leaves it (the search draws on from there)."""
    game = cardrules.load("crazy_eights", players=3)
    state = game.new_deal(seed=9)
    policy = game.procedure.rollout_policy(game)
    for chosen in ("random", "policy", policy):
        ours, theirs = random.Random(4), random.Random(4)
        final = roll_out(state, ours, chosen)  # type: ignore[arg-type]
        expected, _, _, _ = one_step(state, [theirs] * 3,
                                     None if chosen == "random" else policy)
        assert final == expected and ours.random() == theirs.random()
    over = roll_out(state, random.Random(1))
    assert roll_out(over, random.Random(1)) is over


def test_seats_may_play_by_different_policies() -> None:
    """One policy per seat: a function of the state and the seat's generator, ``"random"``
    or ``"policy"``."""
    game = cardrules.load("bank", players=3)
    seen: list[int] = []

    def lowest(state: Any, rng: random.Random) -> Action:
        seen.append(state.current_player)
        return state.legal_actions()[0]

    played = play_out(game, games=2, seed=1, policy=[lowest, "random", "policy"],
                      keep_actions=True)
    assert set(seen) == {0}
    for number, one in enumerate(played):
        game_seed = derive_seed(1, "game", number)
        state = game.new_deal(game_seed)
        rngs = [random.Random(derive_seed(game_seed, "bot", s)) for s in range(3)]
        chooser = game.procedure.rollout_policy(game)
        for action in one.actions or ():
            seat = state.current_player
            legal = state.legal_actions()
            expected = legal[0] if seat == 0 else \
                legal[rngs[1].randrange(len(legal))] if seat == 1 else chooser(state, rngs[2])
            assert action == expected
            state = state.apply(action)
        assert state.is_over


def test_a_chooser_in_a_match_is_shown_the_match_as_the_one_step_loop_shows_it() -> None:
    """A batch plays a match deal by deal, but a seat choosing by a function is shown
    the very match state the one-step loop would show it (totals, deal, events)."""
    game = cardrules.load("bura", players=2)
    shown: list[tuple[Any, ...]] = []

    def chooser(state: Any, rng: random.Random) -> Action:
        assert isinstance(state, MatchState)
        shown.append((state.to_json(), state.events, state.totals))
        legal = state.legal_actions()
        return legal[rng.randrange(len(legal))]

    played = play_out(game, games=1, seed=5, match=True, policy=[chooser, "random"])[0]
    batch, shown[:] = list(shown), []
    game_seed = derive_seed(5, "game", 0)
    rngs = [random.Random(derive_seed(game_seed, "bot", s)) for s in range(2)]
    state = game.new_match(game_seed)
    while not state.is_over:
        seat = state.current_player
        if seat == 0:
            action = chooser(state, rngs[0])
        else:
            legal = state.legal_actions()
            action = legal[rngs[1].randrange(len(legal))]
        state = state.apply(action)
    assert batch == shown and len(played.deals) > 1
    assert played.result == state.result


def test_play_from_plays_a_given_state_with_given_generators() -> None:
    game = cardrules.load("bura", players=2)
    rngs = [random.Random(1), random.Random(2)]
    played = play_from(game.new_deal(seed=3), rngs=rngs, seed=3, keep_states=True,
                       keep_actions=True)
    again = [random.Random(1), random.Random(2)]
    assert_same(played, one_step(game.new_deal(seed=3), again))
    assert played.seed == 3 and played.payouts == ()


def test_an_illegal_choice_is_refused() -> None:
    game = cardrules.load("bank", players=2)
    other = cardrules.load("bura", players=2)

    def foreign(state: Any, rng: random.Random) -> Action:
        return other.parse_action("lead AS KS QS")

    with pytest.raises(IllegalActionError):
        play_out(game, games=1, seed=1, policy=foreign)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"games": 0}, "games: a whole number"),
    ({"games": 1, "policy": "best"}, "unknown play-out policy 'best'"),
    ({"games": 1, "policy": 3}, "a play-out policy is"),
    ({"games": 1, "policy": ["random"]}, "one play-out policy per seat: 2 seats, not 1"),
    ({"games": 1, "first": -1}, "first: a game number"),
    ({"games": 1, "seed": -1}, "seed"),
    ({"games": 1, "rng": 7}, "rng: a random.Random to draw every move from, not 7"),
])
def test_bad_arguments_are_refused(kwargs: dict[str, Any], message: str) -> None:
    game = cardrules.load("bank", players=2)
    arguments = {"seed": 1, **kwargs}
    with pytest.raises(CardrulesError, match=message):
        play_out(game, **arguments)


def test_bad_generators_and_counts_are_refused() -> None:
    state = cardrules.load("bank", players=2).new_deal(seed=1)
    with pytest.raises(CardrulesError, match="one generator per seat"):
        play_from(state, rngs=[random.Random(1)])
    with pytest.raises(CardrulesError, match="count: a whole number"):
        roll_outs(state, count=0, seed=1)
    with pytest.raises(CardrulesError, match="unknown play-out policy"):
        roll_out(state, random.Random(1), "greedy")  # type: ignore[arg-type]


@pytest.mark.slow
@pytest.mark.parametrize("name", SHIPPED)
def test_batches_equal_the_one_step_loop_over_many_games_and_options(name: str) -> None:
    """Many games of every variant, every option value one at a time, and whole matches."""
    variant = cardrules.load(name).variant
    for options in one_at_a_time(variant):
        try:
            game = cardrules.load(name, options=options)
        except cardrules.VariantError:
            continue  # a combination the rule file refuses
        for policy in ("random", "policy"):
            _check_batch(game, seed=23, games=3, policy=policy)
    game = cardrules.load(name)
    for policy in ("random", "policy"):
        _check_batch(game, seed=4, games=25, policy=policy)
        _check_batch(game, seed=4, games=2, policy=policy, match=True)


def test_the_compiled_loop_draws_as_randbelow_does() -> None:
    """The random loop draws a plain generator's moves from ``getrandbits`` as
    ``_randbelow`` draws them, and asks any other generator its own ``_randbelow``:
    both end where the one-step loop ends and leave the generators where it leaves them."""

    class Counting(random.Random):
        """A generator of another class: its own ``_randbelow`` is asked."""

        calls = 0

        def _randbelow(self, n: int) -> int:  # type: ignore[override]
            Counting.calls += 1
            return super()._randbelow(n)  # type: ignore[misc]

    game = cardrules.load("crazy_eights", players=3)
    start = game.new_deal(seed=9)
    for kind in (random.Random, Counting):
        assert draws_exactly(kind(1)) is (kind is random.Random)
        rngs = [kind(seat) for seat in range(3)]
        final, moves = play_random(start, rngs)
        again = [random.Random(seat) for seat in range(3)]
        reference, _, _, _ = one_step(start, again)
        assert final == reference and moves == final.moves
        assert [r.random() for r in rngs] == [r.random() for r in again]
    assert Counting.calls > 0
