"""Crazy Eights against OpenSpiel's ``crazy_eights``: the same game in two engines.

OpenSpiel's C++ game, with its default parameters, is the oracle for
``variants/crazy-eights.yaml`` (rules C1-C10 of ``docs/rules/crazy_eights.md``).  Each
game below deals one shuffle in both engines, then at every decision demands the same
player to move and the same set of legal actions (cards, draw, pass, suit nominations),
applies one action chosen at random to both, feeds OpenSpiel's draw chance nodes the
card our stock gives, and at the end demands equal returns.

Mapping.  Seats are the same numbers: OpenSpiel's next player (seat + 1, which it calls
counterclockwise) is our next seat clockwise.  OpenSpiel numbers a card rank * 4 + suit
(ranks 2...A, suits C D H S, our pack's suit order); 52 is draw, 53 pass, 54-57 name
C D H S.  Its first chance node picks the dealer (52 + seat), then one node per card
dealt, one at a time from the dealer's next seat, then the starter.

The one place the engines differ (C3): an eight turned as the starter goes under our
stock, to be drawn last, while OpenSpiel puts it back among the undealt cards, where any
later chance node may draw it.  So OpenSpiel's chance nodes here are driven by our
shuffle: a uniformly random order, with a redrawn eight then drawn last.  OpenSpiel
allows that outcome at every chance node, so every game compared is a game OpenSpiel
can play; only the trajectories where a returned eight comes out of the stock early are
never generated.  Player decisions are compared without restriction.
"""

from __future__ import annotations

import os
import random
from functools import cache

import attrs
import pytest

pyspiel = pytest.importorskip("pyspiel")

import cardrules  # noqa: E402
from cardrules.actions import Action, Kind  # noqa: E402
from cardrules.cards import Pack  # noqa: E402

DRAW, PASS, NOMINATE, DEALER = 52, 53, 54, 52
"""OpenSpiel's action ids: draw, pass, the first suit nomination; the first dealer choice."""
GAMES_PER_COUNT = int(os.environ.get("CARDRULES_EIGHTS_GAMES", "700"))
"""Random games per player count in the slow run: 2,100 in all, about 40 s on one core
(set ``CARDRULES_EIGHTS_GAMES`` for a shorter or longer run)."""
QUICK_GAMES = 200
"""Random games of two players in the default run."""


def spiel_card(pack: Pack, card: int) -> int:
    """OpenSpiel's id of our ``card``: rank * 4 + suit."""
    return pack.rank(card) * len(pack.suits) + pack.suit(card)


def spiel_action(pack: Pack, action: Action) -> int:
    """OpenSpiel's id of our ``action``."""
    if action.kind is Kind.PLAY:
        assert len(action.cards) == 1
        return spiel_card(pack, action.cards[0])
    if action.kind is Kind.DRAW:
        return DRAW
    if action.kind is Kind.PASS:
        return PASS
    assert action.kind is Kind.NAME
    return NOMINATE + pack.suits.index(action.name)


@attrs.frozen(kw_only=True)
class Tally:
    """What some games compared."""

    decisions: int = 0
    """Decisions whose legal action sets were compared."""
    draws: int = 0
    """Cards drawn from the stock."""
    redrawn: int = 0
    """Games whose first turned card was an eight (C3)."""
    blocked: int = 0
    """Games that ended blocked, every player still holding cards (C8)."""

    def __add__(self, other: Tally) -> Tally:
        return Tally(decisions=self.decisions + other.decisions,
                     draws=self.draws + other.draws, redrawn=self.redrawn + other.redrawn,
                     blocked=self.blocked + other.blocked)


def play_both(players: int, seed: int) -> Tally:
    """Play one random game in both engines, asserting they agree at every step."""
    rng = random.Random(seed)
    game = cardrules.load("crazy_eights", players=players)
    pack = game.pack
    spiel = pyspiel.load_game("crazy_eights", {"players": players})
    order = list(range(pack.size))
    rng.shuffle(order)
    dealer = rng.randrange(players)
    ours = game.new_deal(seed, dealer=dealer, order=order)
    theirs = spiel.new_initial_state()
    theirs.apply_action(DEALER + dealer)
    # C2: the last card of the order is dealt first, one at a time from the dealer's left
    hand = 7 if players == 2 else 5
    dealt = order[::-1]
    for card in dealt[:players * hand]:
        assert theirs.is_chance_node()
        theirs.apply_action(spiel_card(pack, card))
    # C3: cards are turned until one is not an eight; OpenSpiel puts each eight back
    starter = ours.pile[-1]
    for card in dealt[players * hand:]:
        assert theirs.is_chance_node()
        theirs.apply_action(spiel_card(pack, card))
        if card == starter:
            break
    assert len(ours.pile) == 1
    decisions = draws = 0
    while not ours.is_over:
        assert not theirs.is_terminal() and not theirs.is_chance_node()
        assert theirs.current_player() == ours.current_player
        legal = {spiel_action(pack, a): a for a in ours.legal_actions()}
        assert len(legal) == len(ours.legal_actions())
        assert sorted(legal) == list(theirs.legal_actions()), str(theirs)
        choice = rng.choice(sorted(legal))
        action = legal[choice]
        drawn = ours.stock[-1] if action.kind is Kind.DRAW else -1
        ours = ours.apply(action)
        theirs.apply_action(choice)
        decisions += 1
        if drawn >= 0:  # OpenSpiel deals the drawn card at a chance node
            assert theirs.is_chance_node()
            theirs.apply_action(spiel_card(pack, drawn))
            draws += 1
    assert theirs.is_terminal()
    result = ours.result
    assert result is not None
    assert [float(s) for s in result.scores] == list(theirs.returns())
    return Tally(decisions=decisions, draws=draws, redrawn=int(starter != dealt[players * hand]),
                 blocked=int(all(ours.hands)))


@cache
def tally(players: int, games: int = GAMES_PER_COUNT) -> Tally:
    """Play ``games`` games for ``players`` in both engines (once per run)."""
    total = Tally()
    for seed in range(games):
        total += play_both(players, seed * 7 + players)
    return total


@pytest.mark.parametrize(("players", "games"), [
    (2, QUICK_GAMES), pytest.param(2, GAMES_PER_COUNT, marks=pytest.mark.slow),
    pytest.param(3, GAMES_PER_COUNT, marks=pytest.mark.slow),
    pytest.param(5, GAMES_PER_COUNT, marks=pytest.mark.slow)])
def test_crazy_eights_plays_exactly_as_openspiel(players: int, games: int) -> None:
    assert tally(players, games).decisions > games * 10


@pytest.mark.slow
def test_the_comparison_covers_draws_blocked_deals_and_redrawn_eights() -> None:
    """The games compared include the rare branches: draws, a deal ending blocked with an
    empty stock after players + 1 passes (C8) and an eight turned as starter (C3)."""
    total = tally(2) + tally(3) + tally(5)
    assert total.draws > 0 and total.blocked > 0 and total.redrawn > 0
