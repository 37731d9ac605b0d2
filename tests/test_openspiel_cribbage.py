"""Cribbage against OpenSpiel's ``cribbage``: the same game in two engines.

OpenSpiel's C++ game with its default parameters (``winner_bonus_reward`` 1000) is the
oracle for ``variants/cribbage.yaml`` (rules R1-R16 of ``docs/rules/cribbage.md``), for
2, 3 and 4 players.  Each game below deals a whole game in cardrules, hand after hand,
feeds each hand's cards and each starter to OpenSpiel's chance nodes, then at every
decision (each discard to the crib, each card played, each go) demands the same player
to move, the same set of legal actions and the same scores so far, applies one action
chosen at random to both, and at the end demands equal returns.

Mapping.  Seats are the same numbers, and OpenSpiel's first dealer is seat 0, dealing
to seat 1 next, as our dealer deals clockwise.  OpenSpiel numbers a card suit * 13 +
rank (ranks A...K, suits C D H S), which is our card number in the cribbage pack.  A
2-player discard of cards ``a`` and ``b``, ``a`` the lower by rank then suit, is
``52 + 52 * a + b``; a 3- or 4-player discard is the card's number; ``go`` is its pass,
2756.  Its chance nodes deal each hand to seat 0 first, one seat's cards after the
other's (the order of a seat's cards changes nothing: it sorts them), then the crib's
card from the stock (3 players), then the starter after the discards.  Its returns are
the scores, plus the winner's bonus of 1000 (split between partners with 4 players) and
minus the losers' share of it.
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
from cardrules.cards import bits  # noqa: E402

PASS = 2756
"""OpenSpiel's pass (our ``go``)."""
BONUS = 1000.0
"""OpenSpiel's default ``winner_bonus_reward``."""
GAMES = int(os.environ.get("CARDRULES_CRIBBAGE_GAMES", "200"))
"""Random games per player count in the default run (600 games, about 5 s in all on one
core: 200 of OpenSpiel's default two-player game); the slow run plays ``SLOW_GAMES``."""
SLOW_GAMES = int(os.environ.get("CARDRULES_CRIBBAGE_SLOW_GAMES", "700"))
"""Random games per player count in the slow run."""


def spiel_action(action: Action) -> int:
    """OpenSpiel's id of our ``action``."""
    if action.kind is Kind.PLAY:
        return action.cards[0]
    if not action.cards:
        return PASS
    if len(action.cards) == 1:
        return action.cards[0]
    a, b = sorted(action.cards, key=lambda c: (c % 13, c // 13))
    return 52 + 52 * a + b


def returns(result: cardrules.DealResult, players: int) -> list[float]:
    """OpenSpiel's returns of our finished game: the scores and the winner's bonus."""
    out = [float(s) for s in result.scores]
    if not result.winners:
        return out
    win, lose = (BONUS / 2, -BONUS / 2) if players == 4 else (BONUS, -BONUS / (players - 1))
    return [s + (win if p in result.winners else lose) for p, s in enumerate(out)]


@attrs.frozen(kw_only=True)
class Tally:
    """What some games compared."""

    games: int = 0
    decisions: int = 0
    """Decisions whose legal action sets were compared."""
    hands: int = 0
    """Hands dealt."""
    goes: int = 0
    """Go's said."""
    heels: int = 0
    """Starters of a jack (his heels, R4)."""
    won_in_play: int = 0
    """Games won during the play, not in the show (R14)."""
    thirty_ones: int = 0
    """Rounds of play ended at 31 (R8)."""
    won_in_show: int = 0
    """Games won in the show (R15)."""
    several_at_target: int = 0
    """Games whose show took several sides to the target (R15: the lowest seat wins)."""

    def __add__(self, other: Tally) -> Tally:
        return Tally(**{k: getattr(self, k) + getattr(other, k)
                        for k in attrs.fields_dict(Tally)})


def _feed(theirs: pyspiel.State, cards: list[int]) -> None:
    for card in cards:
        assert theirs.is_chance_node()
        theirs.apply_action(card)


def _dealt(ours: cardrules.State) -> list[int]:
    """The cards of the hand just dealt, as OpenSpiel's chance nodes deal them."""
    return [c for hand in (*ours.hands, ours.crib_stock) for c in bits(hand)]


@cache
def games(players: int) -> tuple[cardrules.Game, pyspiel.Game]:
    """Cribbage for ``players`` in both engines."""
    return (cardrules.load("cribbage", players=players),
            pyspiel.load_game("cribbage", {"players": players}))


def play_both(players: int, seed: int) -> Tally:
    """Play one random game in both engines, asserting they agree at every step."""
    rng = random.Random(seed)
    game, spiel = games(players)
    ours = game.new_deal(seed, dealer=0)
    theirs = spiel.new_initial_state()
    _feed(theirs, _dealt(ours))
    tally = Tally(games=1, hands=1)
    while not ours.is_over:
        assert not theirs.is_terminal() and not theirs.is_chance_node()
        assert theirs.current_player() == ours.current_player
        assert list(theirs.returns()) == [float(v) for v in ours.points]
        actions = ours.legal_actions()
        legal = {spiel_action(a): a for a in actions}
        assert len(legal) == len(actions)
        assert sorted(legal) == list(theirs.legal_actions()), str(theirs)
        choice = rng.choice(sorted(legal))
        hand, starter, total = ours.hand_number, ours.starter, ours.total
        ours = ours.apply(legal[choice])
        theirs.apply_action(choice)
        tally += Tally(decisions=1, goes=int(choice == PASS),
                       thirty_ones=int(ours.total == 0 and choice < 52 and total
                                       + ours.game.tables.values[choice] == 31))
        if ours.hand_number != hand:
            _feed(theirs, _dealt(ours))
            tally += Tally(hands=1)
        if ours.starter and (ours.starter != starter or ours.hand_number != hand):
            card = ours.starter.bit_length() - 1
            _feed(theirs, [card])
            tally += Tally(heels=int(card % 13 == 10))
    assert theirs.is_terminal()
    result = ours.result
    assert result is not None
    assert list(theirs.returns()) == returns(result, players)
    shown = any(e.kind in ("show", "crib") for e in ours.events)
    several = sum(1 for s in result.scores if s >= 121) > (2 if players == 4 else 1)
    return tally + Tally(won_in_play=int(not shown), won_in_show=int(shown),
                         several_at_target=int(several))


@cache
def tally(players: int, games: int) -> tuple[Tally, float]:
    """Play ``games`` games for ``players`` in both engines (once per run), with the
    seconds taken."""
    total, start = Tally(), time.perf_counter()
    for seed in range(games):
        total += play_both(players, seed * 7 + players)
    return total, time.perf_counter() - start


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cribbage_plays_exactly_as_openspiel(players: int) -> None:
    total, _ = tally(players, GAMES)
    assert total.games == GAMES and total.hands > GAMES * 4


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_cribbage_plays_exactly_as_openspiel_long_run(players: int) -> None:
    total, _ = tally(players, SLOW_GAMES)
    assert total.games == SLOW_GAMES


def test_the_comparison_covers_the_rare_branches() -> None:
    """The games compared include go's, rounds ended at 31, a jack turned as starter
    (his heels) and games won during the play rather than in the show."""
    total = Tally()
    for players in (2, 3, 4):
        total += tally(players, GAMES)[0]
    assert total.goes > 0 and total.thirty_ones > 0 and total.heels > 0
    assert total.won_in_play > 0 and total.won_in_show > 0
