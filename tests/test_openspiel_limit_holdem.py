"""Limit Texas Hold'em against OpenSpiel's ``universal_poker``: the same game in two
engines.

OpenSpiel's ``universal_poker`` with the ACPC game definition of heads-up limit Hold'em
(:data:`PARAMS`: blinds 10 and 5, bets of 10 in the first two rounds and 20 in the last
two, at most 3 raises before the flop and 4 after, seat 1 first before the flop and
seat 0 after it) is the oracle for ``variants/limit-holdem.yaml`` (rules H1-H10 of
``docs/rules/limit-holdem.md``).  Each game below deals in cardrules, feeds the private
cards and then each community card turned to OpenSpiel's chance nodes, at every decision
demands the same player to move and the same set of legal actions, applies one action
chosen at random to both (a fold less often than the others, for more showdowns), and
at the end demands equal returns.

Mapping.  Seats are the same numbers.  OpenSpiel (ACPC) numbers a card rank * 4 + suit
(ranks 2 ... A, suits c d h s); we number it suit * 13 + rank.  Its chance nodes deal
seat 0's two cards, then seat 1's, then the flop's three cards, the turn's and the
river's.  Its actions are 0 fold, 1 call (our ``check`` or ``call``) and 2 bet (our
``bet`` or ``raise``), legal in that order.  Its returns are the chips won or lost, as
our scores.
"""

from __future__ import annotations

import os
import random
from functools import cache

import attrs
import pytest

pyspiel = pytest.importorskip("pyspiel")

from openspiel_support import acpc_card  # noqa: E402

import cardrules  # noqa: E402
from cardrules.actions import Action  # noqa: E402
from cardrules.bench.peers import LIMIT_HOLDEM  # noqa: E402

GAMES = 200
"""Random games in the default run (about a second)."""
SLOW_GAMES = int(os.environ.get("CARDRULES_HOLDEM_GAMES", "3000"))
"""Random games in the slow run (set ``CARDRULES_HOLDEM_GAMES``)."""
PARAMS = LIMIT_HOLDEM
"""The ACPC game definition of heads-up limit Hold'em, as ``universal_poker``'s
parameters (the benchmark plays the same)."""
IDS = {"fold": 0, "check": 1, "call": 1, "bet": 2, "raise": 2}


def spiel_action(action: Action) -> int:
    """OpenSpiel's id of our ``action``."""
    return IDS[action.name]


@cache
def games() -> tuple[cardrules.Game, object]:
    """Our game and OpenSpiel's."""
    return cardrules.load("limit-holdem"), pyspiel.load_game("universal_poker", PARAMS)


def spiel_card(game: cardrules.Game, card: int) -> int:
    """OpenSpiel's id of our ``card``: rank * 4 + suit."""
    return acpc_card(game.pack, card)


@attrs.frozen(kw_only=True)
class Tally:
    """What some games compared."""

    games: int = 0
    decisions: int = 0
    """Decisions whose legal action sets were compared."""
    rivers: int = 0
    """Games that reached the last round (H3)."""
    capped: int = 0
    """Decisions at which raising was refused: the round had its bets (H5)."""
    folded_out: int = 0
    """Games all but one player folded (H7)."""
    splits: int = 0
    """Showdowns whose pot was split (H8)."""
    classes: frozenset[str] = frozenset()
    """The classes of the hands that won a showdown (H8)."""

    def __add__(self, other: Tally) -> Tally:
        return Tally(games=self.games + other.games,
                     decisions=self.decisions + other.decisions,
                     rivers=self.rivers + other.rivers, capped=self.capped + other.capped,
                     folded_out=self.folded_out + other.folded_out,
                     splits=self.splits + other.splits, classes=self.classes | other.classes)


def play_both(seed: int) -> Tally:
    """Play one random game in both engines, asserting they agree at every step."""
    game, spiel = games()
    rng = random.Random(seed)
    ours = game.new_deal(seed, dealer=rng.randrange(2))
    theirs = spiel.new_initial_state()  # type: ignore[attr-defined]
    for seat in range(2):  # H2
        for card in game.pack.cards_of(ours.hands[seat]):
            assert theirs.is_chance_node()
            theirs.apply_action(spiel_card(game, card))
    fed: set[str] = set()
    decisions = capped = 0
    while not ours.is_over:
        if theirs.is_chance_node():  # H3: the community cards of the round
            for name in ours.view(0).board:
                if name not in fed:
                    assert theirs.is_chance_node()
                    theirs.apply_action(spiel_card(game, game.pack.parse(name)))
                    fed.add(name)
        assert not theirs.is_chance_node() and not theirs.is_terminal()
        assert theirs.current_player() == ours.current_player
        actions = ours.legal_actions()
        assert [spiel_action(a) for a in actions] == list(theirs.legal_actions())
        capped += 2 not in {spiel_action(a) for a in actions}
        action = rng.choice(actions)
        if action.name == "fold" and rng.random() < 0.8:  # more showdowns (H8)
            action = rng.choice(actions[1:])
        ours = ours.apply(action)
        theirs.apply_action(spiel_action(action))
        decisions += 1
    assert theirs.is_terminal()
    result = ours.result
    assert result is not None
    assert [float(s) for s in result.scores] == list(theirs.returns())
    view = ours.view(0)
    winners = [p for p in range(2) if view.won[p]]
    shown = any(view.shown)
    classes = frozenset(e["note"] for e in view.events
                        if e["kind"] == "show" and e["player"] in winners)
    return Tally(games=1, decisions=decisions, rivers=int(view.round == 3), capped=capped,
                 folded_out=int(not shown), splits=int(len(winners) > 1), classes=classes)


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


def test_limit_holdem_plays_exactly_as_openspiel() -> None:
    total = tally()
    assert total.games == GAMES and total.decisions >= GAMES


def test_the_comparison_covers_the_river_caps_folds_and_showdowns() -> None:
    """The games compared reach the last round (H3), meet rounds whose bets were all made
    (H5), end by a fold (H7) and by showdowns won by several classes of hands (H8)."""
    total = tally()
    assert total.rivers > 0 and total.capped > 0 and total.folded_out > 0
    assert len(total.classes) >= 4


@pytest.mark.slow
def test_many_more_games_play_exactly_as_openspiel() -> None:
    """``CARDRULES_HOLDEM_GAMES`` more games (3,000 by default), split pots and showdowns
    won by every class of hands among them (H8)."""
    total = compare(SLOW_GAMES, start=GAMES)
    assert total.games == SLOW_GAMES and total.splits > 0
    assert SLOW_GAMES < 3000 or len(total.classes) == 9
