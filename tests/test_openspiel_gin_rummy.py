"""Gin Rummy against OpenSpiel's ``gin_rummy``: the same game in two engines.

OpenSpiel's C++ game, with its default parameters, is the oracle for
``variants/gin-rummy.yaml`` (rules G1-G14 of ``docs/rules/gin-rummy.md``).  Each game
below deals one shuffle in both engines, then at every decision demands the same player
to move and the same set of legal actions (discards, draws, knocks, melds, layoffs,
passes), applies one action chosen at random to both, feeds OpenSpiel's stock chance
nodes the card our stock gives, and at the end demands equal returns.

Mapping.  Seats are the same numbers; our dealer is seat 1, so seat 0 acts first as in
OpenSpiel.  OpenSpiel numbers a card suit * 13 + rank (ranks A...K, suits s c d h), our
pack's order; 52 is take the upcard, 53 draw, 54 pass, 55 knock, and 56 + n lays meld
number n (sets of a rank by rank, each by its missing suit, the set of four last; then
runs of three, four and five, suit by suit, from the lowest rank).  Its chance nodes
deal ten cards to seat 0, ten to seat 1, then the upcard, then one card per draw from
the stock: we feed them the cards our shuffle dealt.
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

TAKE, DRAW, PASS, KNOCK, MELD = 52, 53, 54, 55, 56
"""OpenSpiel's action ids: take the upcard, draw, pass, knock, the first meld."""
SUITS = "SCDH"
"""OpenSpiel's suit order (s c d h)."""
GAMES = int(os.environ.get("CARDRULES_GIN_GAMES", "200"))
"""Random games in the default run: about 2 s on one core (set ``CARDRULES_GIN_GAMES``
for a shorter or longer run)."""
SLOW_GAMES = 2000
"""Random games in the slow run."""


def spiel_card(pack: Pack, card: int) -> int:
    """OpenSpiel's id of our ``card``: suit * 13 + rank."""
    return SUITS.index(pack.suits[pack.suit(card)]) * 13 + pack.rank(card)


def spiel_meld(pack: Pack, cards: tuple[int, ...]) -> int:
    """OpenSpiel's meld number of the meld of ``cards``."""
    ranks = sorted(pack.rank(c) for c in cards)
    suits = {SUITS.index(pack.suits[pack.suit(c)]) for c in cards}
    if len(set(ranks)) == 1:
        if len(cards) == 4:
            return ranks[0] * 5 + 4
        return ranks[0] * 5 + ({0, 1, 2, 3} - suits).pop()
    (suit,) = suits
    offset = {3: 65, 4: 65 + 44, 5: 65 + 44 + 40}[len(cards)]
    return offset + suit * (14 - len(cards)) + ranks[0]


def spiel_action(pack: Pack, action: Action) -> int:
    """OpenSpiel's id of our ``action``."""
    if action.kind is Kind.DRAW:
        return DRAW
    if action.kind is Kind.PASS:
        return PASS
    assert action.kind is Kind.VERB
    if action.name in ("discard", "layoff"):
        return spiel_card(pack, action.cards[0])
    if action.name == "meld":
        return MELD + spiel_meld(pack, action.cards)
    return {"take": TAKE, "knock": KNOCK}[action.name]


@attrs.frozen(kw_only=True)
class Tally:
    """What some games compared."""

    decisions: int = 0
    """Decisions whose legal action sets were compared."""
    knocks: int = 0
    """Games that ended with a knock."""
    layoffs: int = 0
    """Cards laid off."""
    walls: int = 0
    """Games drawn at the wall or by the draw rules."""

    def __add__(self, other: Tally) -> Tally:
        return Tally(decisions=self.decisions + other.decisions,
                     knocks=self.knocks + other.knocks, layoffs=self.layoffs + other.layoffs,
                     walls=self.walls + other.walls)


@cache
def games() -> tuple[cardrules.Game, object]:
    return cardrules.load("gin-rummy", players=2), pyspiel.load_game("gin_rummy")


def pick(rng: random.Random, legal: dict[int, Action], state: cardrules.State) -> int:
    """A random action, most often a greedy one (knock, meld and lay off when allowed,
    take the upcard when it helps, discard to leave the least deadwood) so that the
    games reach knocks, gin, layoffs and the wall often (a uniformly random player
    seldom knocks)."""
    if rng.random() < 0.15:
        return rng.choice(sorted(legal))
    keen = [a for a in legal if a == KNOCK or a >= MELD or (a < TAKE and any(
        legal[b].name == "layoff" for b in legal))]
    if keen:
        return rng.choice(sorted(keen))
    finder = state.game.tables.finder  # type: ignore[attr-defined]
    hand = state.hands[state.current_player]  # type: ignore[attr-defined]
    if TAKE in legal and state.pile:  # type: ignore[attr-defined]
        upcard = state.pile[-1]  # type: ignore[attr-defined]
        if finder.best_discard(hand | 1 << upcard) < finder.deadwood(hand):
            return TAKE
    cards = [a for a in legal if a < TAKE]
    if cards:
        return min(cards, key=lambda a: (finder.deadwood(hand & ~(1 << legal[a].cards[0])),
                                         rng.random()))
    return rng.choice(sorted(legal))


def play_both(seed: int) -> Tally:
    """Play one random game in both engines, asserting they agree at every step."""
    rng = random.Random(seed)
    game, spiel = games()
    pack = game.pack
    order = list(range(pack.size))
    rng.shuffle(order)
    ours = game.new_deal(seed, dealer=1, order=order)
    theirs = spiel.new_initial_state()  # type: ignore[attr-defined]
    for card in (*pack.cards_of(ours.hands[0]), *pack.cards_of(ours.hands[1]),
                 ours.pile[-1]):
        assert theirs.is_chance_node()
        theirs.apply_action(spiel_card(pack, card))
    decisions = layoffs = 0
    while not ours.is_over:
        assert not theirs.is_terminal() and not theirs.is_chance_node(), str(theirs)
        assert theirs.current_player() == ours.current_player
        legal = {spiel_action(pack, a): a for a in ours.legal_actions()}
        assert len(legal) == len(ours.legal_actions())
        assert sorted(legal) == list(theirs.legal_actions()), (str(theirs), ours.phase)
        choice = pick(rng, legal, ours)
        action = legal[choice]
        drawn = ours.stock[-1] if action.kind is Kind.DRAW else -1
        layoffs += action.name == "layoff"
        ours = ours.apply(action)
        theirs.apply_action(choice)
        decisions += 1
        if drawn >= 0:  # OpenSpiel deals the drawn card at a chance node
            assert theirs.is_chance_node()
            theirs.apply_action(spiel_card(pack, drawn))
    assert theirs.is_terminal()
    result = ours.result
    assert result is not None
    assert [float(s) for s in result.scores] == list(theirs.returns())
    knocked = ours.knocker >= 0
    return Tally(decisions=decisions, knocks=int(knocked), layoffs=layoffs,
                 walls=int(not knocked))


def tally(count: int, start: int = 0) -> Tally:
    total = Tally()
    for seed in range(start, start + count):
        total += play_both(seed)
    return total


def test_gin_rummy_plays_exactly_as_openspiel() -> None:
    """Random games agree at every decision and in their returns; knocks, layoffs and
    drawn deals among them."""
    total = tally(GAMES)
    assert total.decisions > GAMES * 10
    assert total.knocks > 0 and total.layoffs > 0 and total.walls > 0


@pytest.mark.slow
def test_gin_rummy_plays_exactly_as_openspiel_long() -> None:
    """Thousands of random games agree."""
    total = tally(SLOW_GAMES, start=100_000)
    assert total.knocks > SLOW_GAMES // 5 and total.layoffs > 0 and total.walls > 0
