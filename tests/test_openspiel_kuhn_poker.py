"""Kuhn poker against OpenSpiel's ``kuhn_poker``: the same game in two engines.

OpenSpiel's C++ game for 2 and 3 players (its ``players`` parameter) is the oracle for
``variants/kuhn-poker.yaml`` (rules K1-K8 of ``docs/rules/kuhn-poker.md``).  Each game
below deals in cardrules, feeds the deal to OpenSpiel's chance nodes, then at every
decision demands the same player to move and the same set of legal actions, applies one
action chosen at random to both, and at the end demands equal returns.

Mapping.  Seats are the same numbers.  OpenSpiel numbers the cards 0 (J) to ``n`` (K,
or A with 3 players), our card numbers in the one-suit pack; its chance nodes deal one
card to each player from seat 0.  Its actions are 0, pass (our ``check`` or ``fold``),
and 1, bet (our ``bet`` or ``call``), legal in that order at every decision.  Its
returns are each player's chips won or lost, as our scores (K8).
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
"""Random games per player count in the default run (well under a second)."""
SLOW_GAMES = int(os.environ.get("CARDRULES_KUHN_GAMES", "3000"))
"""Random games per player count in the slow run (set ``CARDRULES_KUHN_GAMES``)."""
PASS, BET = 0, 1
"""OpenSpiel's actions."""
PLAYERS = (2, 3)


def spiel_action(action: Action) -> int:
    """OpenSpiel's id of our ``action``: pass for check and fold, bet for bet and call."""
    return PASS if action.name in ("check", "fold") else BET


@attrs.frozen(kw_only=True)
class Tally:
    """What some games compared."""

    games: int = 0
    decisions: int = 0
    """Decisions whose legal action sets were compared."""
    showdowns: int = 0
    """Games ended by a showdown (K7)."""
    folded_out: int = 0
    """Games all but one player folded (K6)."""
    returns: frozenset[tuple[float, ...]] = frozenset()
    """The returns seen."""

    def __add__(self, other: Tally) -> Tally:
        return Tally(games=self.games + other.games,
                     decisions=self.decisions + other.decisions,
                     showdowns=self.showdowns + other.showdowns,
                     folded_out=self.folded_out + other.folded_out,
                     returns=self.returns | other.returns)


@cache
def games(players: int) -> tuple[cardrules.Game, object]:
    """Our game and OpenSpiel's for ``players``."""
    return (cardrules.load("kuhn-poker", players=players),
            pyspiel.load_game("kuhn_poker", {"players": players}))


def play_both(seed: int, players: int) -> Tally:
    """Play one random game in both engines, asserting they agree at every step."""
    game, spiel = games(players)
    rng = random.Random(seed)
    ours = game.new_deal(seed, dealer=rng.randrange(players))
    theirs = spiel.new_initial_state()  # type: ignore[attr-defined]
    for seat in range(players):  # K2
        assert theirs.is_chance_node()
        (card,) = game.pack.cards_of(ours.hands[seat])
        theirs.apply_action(game.pack.rank(card))
    decisions = 0
    while not ours.is_over:
        assert not theirs.is_terminal() and not theirs.is_chance_node()
        assert theirs.current_player() == ours.current_player
        actions = ours.legal_actions()
        legal = {spiel_action(a): a for a in actions}
        assert len(legal) == len(actions)
        assert [spiel_action(a) for a in actions] == list(theirs.legal_actions())
        choice = rng.choice(sorted(legal))
        ours = ours.apply(legal[choice])
        theirs.apply_action(choice)
        decisions += 1
    assert theirs.is_terminal()
    result = ours.result
    assert result is not None
    returns = tuple(theirs.returns())
    assert returns == tuple(float(s) for s in result.scores)
    shown = sum(1 for cards in ours.view(0).shown if cards)
    return Tally(games=1, decisions=decisions, showdowns=int(shown > 0),
                 folded_out=int(shown == 0), returns=frozenset({returns}))


def compare(count: int, players: int, start: int = 0) -> Tally:
    """Play ``count`` games in both engines."""
    total = Tally()
    for seed in range(start, start + count):
        total += play_both(seed * 7 + 1, players)
    return total


@cache
def tally(players: int) -> Tally:
    """The default run's games (once per run)."""
    return compare(GAMES, players)


@pytest.mark.parametrize("players", PLAYERS)
def test_kuhn_poker_plays_exactly_as_openspiel(players: int) -> None:
    total = tally(players)
    assert total.games == GAMES
    # each player acts once, and those who checked before a bet once more
    assert players * GAMES <= total.decisions <= (2 * players - 1) * GAMES


@pytest.mark.parametrize("players", PLAYERS)
def test_the_comparison_covers_showdowns_folds_and_every_return(players: int) -> None:
    """The games compared end by a showdown (K7) and by all but one folding (K6), and
    the winner of a called bet takes one chip from each caller (K8)."""
    total = tally(players)
    assert total.showdowns > 0 and total.folded_out > 0
    biggest = max(max(r) for r in total.returns)
    assert biggest == 2 * (players - 1)


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYERS)
def test_many_more_games_play_exactly_as_openspiel(players: int) -> None:
    """``CARDRULES_KUHN_GAMES`` more games (3,000 by default) per player count."""
    assert compare(SLOW_GAMES, players, start=GAMES).games == SLOW_GAMES
