"""Skat against OpenSpiel's ``skat``: the same game in two engines.

OpenSpiel's C++ game is the oracle for ``variants/skat.yaml`` (rules SK1-SK11 of
``docs/rules/skat.md``; OpenSpiel plays one deal, so SK12 is not compared).  Each game
below deals in cardrules (the dealer seat 2, so that seat 0, the dealer's left, speaks
first and leads, as in OpenSpiel), feeds the deal to OpenSpiel's chance nodes, then at
every decision (each pass or game type named, the declarer's two discards, each card
played) demands the same player to move and the same set of legal actions, applies one
action chosen at random to both, and at the end demands equal returns.

Mapping.  Seats are the same numbers.  Our pack lists the ranks 7 8 9 Q K 10 A J and the
suits D H S C, as OpenSpiel numbers its cards (suit * 8 + rank), so a card is the same
number in both; OpenSpiel's other actions are 32 pass and 33-38 the game types
(diamonds, hearts, spades, clubs, grand, null).  Its chance nodes deal 3 cards to each
seat, 2 to the skat, 4 to each seat, then 3 to each: we feed it our hands and our
undealt cards (the skat) in that pattern.  Its returns are our deal scores divided by
240 (SK10, SK11), as our adapters return them (``returns: {divide_scores_by: 240}``).
"""

from __future__ import annotations

import os
import random
import time
from functools import cache

import attrs
import pytest

pyspiel = pytest.importorskip("pyspiel")

import cardrules  # noqa: E402
from cardrules.actions import Action, Kind  # noqa: E402
from cardrules.adapters.outcome import rewards  # noqa: E402

GAMES = 200
"""Random games compared in the default run."""
SLOW_GAMES = int(os.environ.get("CARDRULES_SKAT_GAMES", "3000"))
"""Random games compared by the slow test (set ``CARDRULES_SKAT_GAMES``)."""
PASS = 32
"""OpenSpiel's pass; the game types follow it."""
TYPES = ("diamonds", "hearts", "spades", "clubs", "grand", "null")
"""OpenSpiel's game types in the order of its actions 33-38."""
DIVISOR = 240
"""Our deal scores are OpenSpiel's returns times this."""
PATTERN = (0, 0, 0, 1, 1, 1, 2, 2, 2, -1, -1, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
           0, 0, 0, 1, 1, 1, 2, 2, 2)
"""Who OpenSpiel's chance node ``k`` deals to (-1: the skat)."""

GAME = cardrules.load("skat")
SPIEL = pyspiel.load_game("skat")


def spiel_action(action: Action) -> int:
    """OpenSpiel's id of our ``action``."""
    if action.kind is Kind.PASS:
        return PASS
    if action.kind is Kind.VERB and action.name in TYPES:
        return PASS + 1 + TYPES.index(action.name)
    assert len(action.cards) == 1, action  # a discard, a lead or an answer
    return action.cards[0]


@attrs.frozen(kw_only=True)
class Tally:
    """What some games compared."""

    games: int = 0
    """Games played in both engines."""
    decisions: int = 0
    """Decisions whose legal action sets were compared."""
    types: frozenset[str] = frozenset()
    """The game types named (SK3)."""
    passed_out: int = 0
    """Deals everyone passed (SK3)."""
    null_lost_early: int = 0
    """Null games ended at the declarer's first trick before the last (SK8)."""
    returns: frozenset[float] = frozenset()
    """The declarers' returns seen."""

    def __add__(self, other: Tally) -> Tally:
        return Tally(games=self.games + other.games,
                     decisions=self.decisions + other.decisions,
                     types=self.types | other.types,
                     passed_out=self.passed_out + other.passed_out,
                     null_lost_early=self.null_lost_early + other.null_lost_early,
                     returns=self.returns | other.returns)


def play_both(seed: int) -> Tally:
    """Play one random game in both engines, asserting they agree at every step (the
    players pass more often than not while a game type is named)."""
    rng = random.Random(seed)
    ours = GAME.new_deal(seed, dealer=2)
    theirs = SPIEL.new_initial_state()
    hands = [sorted(GAME.pack.cards_of(h)) for h in ours.hands]
    skat = sorted(GAME.pack.cards_of(ours.zones()["stock"]))
    for seat in PATTERN:  # SK2
        assert theirs.is_chance_node()
        theirs.apply_action((hands[seat] if seat >= 0 else skat).pop())
    decisions = 0
    while not ours.is_over:
        assert not theirs.is_terminal() and not theirs.is_chance_node()
        assert theirs.current_player() == ours.current_player
        actions = ours.legal_actions()
        legal = {spiel_action(a): a for a in actions}
        assert len(legal) == len(actions)
        assert sorted(legal) == sorted(theirs.legal_actions()), str(theirs)
        choice = PASS if PASS in legal and rng.random() < 0.6 else rng.choice(sorted(legal))
        ours = ours.apply(legal[choice])
        theirs.apply_action(choice)
        decisions += 1
    assert theirs.is_terminal()
    result = ours.result
    assert result is not None
    assert list(theirs.returns()) == pytest.approx([s / DIVISOR for s in result.scores],
                                                   abs=1e-12)
    assert rewards(GAME, ours) == list(theirs.returns())  # the adapters' returns too
    view = ours.view(0)
    declarer, kind = view.game_declarer, view.game_type
    early = kind == "null" and any(h for h in ours.hands)
    return Tally(games=1, decisions=decisions,
                 types=frozenset((kind,) if kind else ()),
                 passed_out=int(kind is None), null_lost_early=int(early),
                 returns=frozenset((result.scores[declarer] / DIVISOR,)
                                   if declarer is not None else ()))


def compare(games: int, start: int = 0) -> Tally:
    """Play ``games`` games in both engines."""
    total = Tally()
    for seed in range(start, start + games):
        total += play_both(seed * 7 + 1)
    return total


@cache
def tally() -> tuple[Tally, float]:
    """The default run's games (once per run), with the seconds taken."""
    start = time.perf_counter()
    total = compare(GAMES)
    return total, time.perf_counter() - start


def test_skat_plays_exactly_as_openspiel() -> None:
    total, _ = tally()
    assert total.games == GAMES
    assert total.decisions > 10 * GAMES


def test_the_comparison_covers_every_game_type_and_the_ways_a_deal_ends() -> None:
    """Every game type is named (SK3, SK6-SK8), some deals are passed out (SK3), some
    null games end at the declarer's first trick (SK8), and both won and lost games are
    scored (SK10, SK11)."""
    total, _ = tally()
    assert total.types == set(TYPES)
    assert total.passed_out > 0 and total.null_lost_early > 0
    assert {-0.25, 0.25} & total.returns and any(0 < r < 0.25 for r in total.returns)


@pytest.mark.slow
def test_many_more_games_play_exactly_as_openspiel() -> None:
    """``CARDRULES_SKAT_GAMES`` more games (3,000 by default)."""
    total = compare(SLOW_GAMES, start=GAMES)
    assert total.games == SLOW_GAMES
