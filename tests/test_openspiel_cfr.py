"""OpenSpiel's CFR on the adapter's Kuhn poker solves OpenSpiel's own ``kuhn_poker``.

The adapter (``cardrules.adapters.openspiel``) with ``returns=scores`` gives a game of the
betting family chips won or lost as returns and, the betting procedure bounding them and
making them add up to 0, a zero-sum game type: OpenSpiel's ``cfr.CFRSolver`` and
``exploitability`` run on it as they do on its C++ games.  Its information-state strings
(everything the player saw, in order) tell states apart exactly as ``kuhn_poker``'s do,
besides the dealer, which changes nothing in Kuhn poker (seat 0 opens, K3): each of
``kuhn_poker``'s information sets becomes two with the same regrets halved, so CFR's
average policy is the same and so is its exploitability, to rounding.
"""

from __future__ import annotations

import collections
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import cfr, exploitability  # noqa: E402

import cardrules.adapters.openspiel  # noqa: E402, F401  (registers python_cardrules)

ITERATIONS = 10
"""CFR iterations of the default run (about 3 s on the adapter's game)."""
SLOW_ITERATIONS = (100, 1000)
"""CFR iterations of the slow run (about 4 s and 40 s on the adapter's game)."""


def solved(game: object, iterations: int) -> float:
    """The exploitability of CFR's average policy after ``iterations`` on ``game``."""
    solver = cfr.CFRSolver(game)
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    return float(exploitability.exploitability(game, solver.average_policy()))


def ours() -> object:
    return pyspiel.load_game("python_cardrules", {"variant": "kuhn-poker", "players": 2,
                                                  "returns": "scores"})


def test_the_adapters_kuhn_poker_is_a_zero_sum_game_of_chips() -> None:
    game = ours()
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM  # type: ignore[attr-defined]
    assert (game.min_utility(), game.max_utility()) == (-2.0, 2.0)  # type: ignore[attr-defined]
    outcome = pyspiel.load_game("python_cardrules", {"variant": "kuhn-poker"})
    assert outcome.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


def test_cfr_on_the_adapters_kuhn_poker_is_as_exploitable_as_on_openspiels() -> None:
    native = solved(pyspiel.load_game("kuhn_poker"), ITERATIONS)
    assert solved(ours(), ITERATIONS) == pytest.approx(native, abs=1e-12)


@pytest.mark.slow
@pytest.mark.parametrize("iterations", SLOW_ITERATIONS)
def test_so_it_is_after_100_and_1000_iterations(iterations: int) -> None:
    native = solved(pyspiel.load_game("kuhn_poker"), iterations)
    assert native < 10 / iterations  # OpenSpiel's curve: about 0.0082 and 0.00094
    assert solved(ours(), iterations) == pytest.approx(native, abs=1e-12)


def test_returns_must_be_outcome_or_scores() -> None:
    with pytest.raises(ValueError, match="the returns parameter is one of outcome, scores"):
        pyspiel.load_game("python_cardrules", {"variant": "kuhn-poker", "returns": "chips"})


@pytest.mark.parametrize("players", [2, 3])
def test_the_information_state_tensor_tells_apart_every_information_state(
        players: int) -> None:
    """Two decisions of random Leduc games with different information-state strings
    have different information-state tensors: the tensor holds the betting line (the
    betting family's observation encodes it), besides the player's card and the public
    card, so it too has perfect recall, as ``leduc_poker``'s has."""
    game = pyspiel.load_game("python_cardrules", {"variant": "leduc-poker",
                                                  "players": players})
    strings: dict[tuple[int, tuple[float, ...]], set[str]] = collections.defaultdict(set)
    rng = random.Random(players)
    for _ in range(100):
        state = game.new_initial_state()  # type: ignore[attr-defined]
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            p = state.current_player()
            tensor = tuple(state.information_state_tensor(p))
            strings[(p, tensor)].add(state.information_state_string(p))
            state.apply_action(rng.choice(state.legal_actions()))
    assert len(strings) > 150
    assert all(len(found) == 1 for found in strings.values())
