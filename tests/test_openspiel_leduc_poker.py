"""Leduc poker against OpenSpiel's ``leduc_poker``: the same game in two engines.

OpenSpiel's C++ game with its default parameters (``action_mapping`` and
``suit_isomorphism`` off, ``starting_player`` 0), for 2 and 3 players, is the oracle for
``variants/leduc-poker.yaml`` (rules L1-L10 of ``docs/rules/leduc-poker.md``).  Each game
below deals in cardrules, feeds the private cards and, after the first round, the public
card to OpenSpiel's chance nodes, then at every decision demands the same player to
move and the same set of legal actions, applies one action chosen at random to both, and
at the end demands equal returns.

Mapping.  Seats are the same numbers.  OpenSpiel numbers a card rank * 2 + suit (ranks
J Q K, and A with 3 players; suits S H); its chance nodes deal one private card to each
player from seat 0, and the public card when the first round ends.  Its actions are 0
fold, 1 call (our ``check`` or ``call``) and 2 raise (our ``bet`` or ``raise``), legal in
that order.  Its returns are each player's chips won or lost, as our scores (L10),
except for a pot that two tied players split unevenly (3 players, one of them folded
with an odd stake): OpenSpiel gives each half a chip, we give the odd chip to the first
winner from seat 0 (L9).
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
"""Random games per player count in the default run (about a second)."""
SLOW_GAMES = int(os.environ.get("CARDRULES_LEDUC_GAMES", "3000"))
"""Random games per player count in the slow run (set ``CARDRULES_LEDUC_GAMES``)."""
FOLD, CALL, RAISE = 0, 1, 2
"""OpenSpiel's actions."""
IDS = {"fold": FOLD, "check": CALL, "call": CALL, "bet": RAISE, "raise": RAISE}
PLAYERS = (2, 3)


def spiel_action(action: Action) -> int:
    """OpenSpiel's id of our ``action``."""
    return IDS[action.name]


@cache
def games(players: int) -> tuple[cardrules.Game, object]:
    """Our game and OpenSpiel's for ``players``."""
    return (cardrules.load("leduc-poker", players=players),
            pyspiel.load_game("leduc_poker", {"players": players}))


def spiel_card(game: cardrules.Game, card: int) -> int:
    """OpenSpiel's id of our ``card``: rank * 2 + suit."""
    return game.pack.rank(card) * 2 + game.pack.suit(card)


@attrs.frozen(kw_only=True)
class Tally:
    """What some games compared."""

    games: int = 0
    decisions: int = 0
    """Decisions whose legal action sets were compared."""
    second_rounds: int = 0
    """Games that reached the second round (L7)."""
    pairs: int = 0
    """Showdowns won by a pair with the public card (L9)."""
    splits: int = 0
    """Showdowns whose pot was split (L9)."""
    uneven: int = 0
    """Split pots of an odd number of chips (L9)."""
    folded_out: int = 0
    """Games all but one player folded (L8)."""
    capped: int = 0
    """Decisions at which raising was refused: the round had its two bets (L5)."""

    def __add__(self, other: Tally) -> Tally:
        return Tally(**{f.name: getattr(self, f.name) + getattr(other, f.name)
                        for f in attrs.fields(Tally)})


def play_both(seed: int, players: int) -> Tally:
    """Play one random game in both engines, asserting they agree at every step."""
    game, spiel = games(players)
    rng = random.Random(seed)
    ours = game.new_deal(seed, dealer=rng.randrange(players))
    theirs = spiel.new_initial_state()  # type: ignore[attr-defined]
    for seat in range(players):  # L2
        assert theirs.is_chance_node()
        (card,) = game.pack.cards_of(ours.hands[seat])
        theirs.apply_action(spiel_card(game, card))
    decisions = capped = 0
    while not ours.is_over:
        if theirs.is_chance_node():  # L7: the public card
            (card,) = game.pack.parse_many(" ".join(ours.view(0).board))
            theirs.apply_action(spiel_card(game, card))
        assert not theirs.is_terminal()
        assert theirs.current_player() == ours.current_player
        actions = ours.legal_actions()
        assert [spiel_action(a) for a in actions] == list(theirs.legal_actions())
        capped += RAISE not in {spiel_action(a) for a in actions}
        action = rng.choice(actions)
        ours = ours.apply(action)
        theirs.apply_action(spiel_action(action))
        decisions += 1
    assert theirs.is_terminal()
    result = ours.result
    assert result is not None
    view = ours.view(0)
    theirs_returns = list(theirs.returns())
    ours_returns = [float(s) for s in result.scores]
    winners = [p for p in range(players) if view.won[p]]
    uneven = len(winners) > 1 and sum(view.won) % len(winners) != 0
    if uneven:  # L9: the odd chip to the first winner from seat 0, not halves
        assert sum(ours_returns) == sum(theirs_returns) == 0
        assert ours_returns[winners[0]] == theirs_returns[winners[0]] + 0.5
        assert ours_returns[winners[1]] == theirs_returns[winners[1]] - 0.5
    else:
        assert ours_returns == theirs_returns
    shown = [p for p in range(players) if view.shown[p]]
    pair = any(e["note"] == "pair" for e in view.events if e["kind"] == "show"
               and e["player"] in winners)
    return Tally(games=1, decisions=decisions, second_rounds=int(view.round == 1),
                 pairs=int(pair), splits=int(len(winners) > 1), uneven=int(uneven),
                 folded_out=int(not shown), capped=capped)


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
def test_leduc_poker_plays_exactly_as_openspiel(players: int) -> None:
    total = tally(players)
    assert total.games == GAMES
    assert players * GAMES // 2 <= total.decisions


@pytest.mark.parametrize("players", PLAYERS)
def test_the_comparison_covers_both_rounds_pairs_splits_and_folds(players: int) -> None:
    """The games compared reach the second round (L7), end by all but one folding (L8)
    and by showdowns won by a pair and split between tied hands (L9), and meet rounds
    whose two bets were made (L5)."""
    total = tally(players)
    assert total.second_rounds > 0 and total.folded_out > 0
    assert total.pairs > 0 and total.splits > 0 and total.capped > 0


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYERS)
def test_many_more_games_play_exactly_as_openspiel(players: int) -> None:
    """``CARDRULES_LEDUC_GAMES`` more games (3,000 by default) per player count, uneven
    splits among them with 3 players (L9)."""
    total = compare(SLOW_GAMES, players, start=GAMES)
    assert total.games == SLOW_GAMES
    assert players == 2 or total.uneven > 0
