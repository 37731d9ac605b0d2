"""Blackjack against OpenSpiel's ``blackjack``: the same game in two engines.

OpenSpiel's C++ game (one player against the dealer; it has no parameters) is the oracle
for ``variants/blackjack.yaml`` (rules BJ1-BJ9 of ``docs/rules/blackjack.md``).  Each
game below deals in cardrules and feeds OpenSpiel's chance nodes the same cards in the
same order, then at every decision demands the same player to move and the same set of
legal actions, applies one action chosen at random to both, and at the end demands equal
returns.

Mapping.  OpenSpiel numbers a card suit * 13 + rank (suits C D H S, ranks A 2 ... 10 J
Q K), which is our card number.  Its chance nodes deal the player's two cards, then the
dealer's face-down card and its face-up card, then every card drawn, the player's hits
and the dealer's draws, in the order they are drawn.  We deal the same way from the end
of our shuffled stock, so after the deal each of OpenSpiel's chance nodes takes the next
card from the end of our stock as it was after the deal.  Its actions are 0 hit and 1
stand, legal in that order; its return is our score.
"""

from __future__ import annotations

import os
import random
from functools import cache

import attrs
import pytest

pyspiel = pytest.importorskip("pyspiel")

import cardrules  # noqa: E402
from cardrules.actions import Action  # noqa: E402

GAMES = 200
"""Random games in the default run (well under a second)."""
SLOW_GAMES = int(os.environ.get("CARDRULES_BLACKJACK_GAMES", "5000"))
"""Random games in the slow run (set ``CARDRULES_BLACKJACK_GAMES``)."""
IDS = {"hit": 0, "stand": 1}
"""OpenSpiel's actions."""


def spiel_action(action: Action) -> int:
    """OpenSpiel's id of our ``action``."""
    return IDS[action.name]


@cache
def games() -> tuple[cardrules.Game, object]:
    """Our game and OpenSpiel's."""
    return cardrules.load("blackjack"), pyspiel.load_game("blackjack")


@attrs.frozen(kw_only=True)
class Tally:
    """What some games compared."""

    games: int = 0
    decisions: int = 0
    """Decisions whose legal action sets were compared."""
    busts: int = 0
    """Games the player bust (BJ5)."""
    house_busts: int = 0
    """Games the dealer bust (BJ7)."""
    ties: int = 0
    """Games tied (BJ7)."""
    soft: int = 0
    """Decisions on a soft total (BJ3)."""
    house_draws: int = 0
    """Cards the dealer drew (BJ6)."""

    def __add__(self, other: Tally) -> Tally:
        return Tally(**{f.name: getattr(self, f.name) + getattr(other, f.name)
                        for f in attrs.fields(Tally)})


def play_both(seed: int) -> Tally:
    """Play one random game in both engines, asserting they agree at every step."""
    game, spiel = games()
    rng = random.Random(seed)
    ours = game.new_deal(seed)
    theirs = spiel.new_initial_state()  # type: ignore[attr-defined]
    (hole,) = game.pack.cards_of(ours.hole)
    for card in (*game.pack.cards_of(ours.hands[0]), hole, *ours.house):  # BJ2
        assert theirs.is_chance_node()
        theirs.apply_action(card)
    upcoming = list(ours.stock)
    decisions = soft = 0
    while not ours.is_over:
        assert theirs.current_player() == ours.current_player == 0
        actions = ours.legal_actions()
        assert [spiel_action(a) for a in actions] == list(theirs.legal_actions())
        soft += ours.view(0).soft[0]
        action = rng.choice(actions)
        ours = ours.apply(action)
        theirs.apply_action(spiel_action(action))
        decisions += 1
        while theirs.is_chance_node():  # a hit, or the dealer's draws
            theirs.apply_action(upcoming.pop())
    assert theirs.is_terminal()
    assert upcoming == list(ours.stock)
    result = ours.result
    assert result is not None
    assert [float(s) for s in result.scores] == list(theirs.returns())
    view = ours.view(0)
    return Tally(games=1, decisions=decisions, busts=int(view.totals[0] > 21),
                 house_busts=int(view.totals[0] <= 21 < view.house_total),
                 ties=int(result.scores[0] == 0), soft=soft,
                 house_draws=len(view.house) - 2)


def compare(count: int, start: int = 0) -> Tally:
    """Play ``count`` games in both engines."""
    total = Tally()
    for seed in range(start, start + count):
        total += play_both(seed * 7 + 1)
    return total


@cache
def tally() -> Tally:
    """The default run's games (once per run)."""
    return compare(GAMES)


def test_blackjack_plays_exactly_as_openspiel() -> None:
    total = tally()
    assert total.games == GAMES
    assert total.decisions >= GAMES


def test_the_comparison_covers_busts_soft_totals_ties_and_dealer_draws() -> None:
    """The games compared meet player busts (BJ5), soft totals (BJ3), dealer draws (BJ6),
    dealer busts and ties (BJ7)."""
    total = tally()
    assert total.busts > 0 and total.soft > 0 and total.house_draws > 0
    assert total.house_busts > 0 and total.ties > 0


@pytest.mark.slow
def test_many_more_games_play_exactly_as_openspiel() -> None:
    """``CARDRULES_BLACKJACK_GAMES`` more games (5,000 by default)."""
    total = compare(SLOW_GAMES, start=GAMES)
    assert total.games == SLOW_GAMES


def test_the_adapters_game_has_one_player_whose_return_is_the_payout() -> None:
    """Through the OpenSpiel adapter (``python_cardrules``) the game has OpenSpiel's
    shape: one player, returns from -1 to 1, a push 0 (BJ7, ``returns:`` in the file)."""
    import cardrules.adapters.openspiel  # noqa: F401  (registers python_cardrules)

    game = pyspiel.load_game("python_cardrules", {"variant": "blackjack", "players": 1})
    assert game.num_players() == 1
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    seen = set()
    for seed in range(150):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        seen.add(state.returns()[0])
    assert seen == {-1.0, 0.0, 1.0}
