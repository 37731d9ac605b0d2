"""Euchre against OpenSpiel's ``euchre``: the same game in two engines.

OpenSpiel's C++ game with its default parameters (``stick_the_dealer`` on,
``allow_lone_defender`` off) is the oracle for ``variants/euchre.yaml`` (rules E1-E10 of
``docs/rules/euchre.md``; OpenSpiel plays one deal, so E11 is not compared), with
``allow_lone_defender`` on for its option ``lone_defender: defenders_too`` (E12), and
with ``stick_the_dealer`` off for a rule file setting the ``order_up`` phase's
``stick_the_dealer: false`` (E13).  Each game
below deals in cardrules, feeds the dealer and the deal to OpenSpiel's chance nodes, then
at every decision (each pass or suit named, the dealer's discard, going alone, each card
played) demands the same player to move and the same set of legal actions, applies one
action chosen at random to both, and at the end demands equal returns.

Mapping.  Seats are the same numbers: OpenSpiel's next player (seat + 1) is our next seat
clockwise.  OpenSpiel numbers a card rank * 4 + suit (ranks 9 10 J Q K A, suits C D H S,
our pack's order); its other actions are 24 pass, 25-28 a trump suit (C D H S), 29 go
alone and 30 play with the partner.  Its first chance node is the dealer; then it deals
card ``k`` of its chance nodes to seat ``(dealer + k) % 4`` and turns up the 21st: we feed
it our hands and our upcard.  Its returns are each seat's score of the deal, as ours
(E10).
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

GAMES = 200
"""Random games compared in the default run (about two seconds)."""
SLOW_GAMES = int(os.environ.get("CARDRULES_EUCHRE_GAMES", "5000"))
"""Random games compared by the slow test (set ``CARDRULES_EUCHRE_GAMES``)."""
PASS, TRUMP, ALONE, PARTNER = 24, 25, 29, 30
"""OpenSpiel's pass, first trump suit (clubs), go alone and play with the partner."""

GAMES_BY_PARAMETERS = {
    "default": (cardrules.load("euchre"), pyspiel.load_game("euchre")),
    "lone_defender": (cardrules.load("euchre", options={"lone_defender": "defenders_too"}),
                      pyspiel.load_game("euchre(allow_lone_defender=true)")),
    "no_stick": (cardrules.load({"extends": "euchre", "patch": {"phases": [
                     {"order_up": {"stick_the_dealer": False}}]}}),
                 pyspiel.load_game("euchre(stick_the_dealer=false)")),
}
"""Our game and OpenSpiel's, per parameter set compared."""
PACK = GAMES_BY_PARAMETERS["default"][0].pack


def spiel_card(card: int) -> int:
    """OpenSpiel's id of our ``card``: rank * 4 + suit."""
    return PACK.rank(card) * len(PACK.suits) + PACK.suit(card)


def spiel_action(action: Action) -> int:
    """OpenSpiel's id of our ``action``."""
    if action.kind is Kind.PASS:
        return PASS
    if action.kind is Kind.TRUMP:
        return TRUMP + PACK.suits.index(action.name)
    if action.kind is Kind.VERB and action.name in ("alone", "partner"):
        return ALONE if action.name == "alone" else PARTNER
    assert len(action.cards) == 1, action  # a discard, a lead or an answer
    return spiel_card(action.cards[0])


@attrs.frozen(kw_only=True)
class Tally:
    """What some games compared."""

    games: int = 0
    """Games played in both engines."""
    decisions: int = 0
    """Decisions whose legal action sets were compared."""
    ordered_up: int = 0
    """Deals whose upcard was ordered up (E3)."""
    named: int = 0
    """Deals whose trumps were named in the second round (E4)."""
    stuck: int = 0
    """Deals whose dealer had to name trumps, everyone else having passed twice (E4)."""
    alone: int = 0
    """Players going alone (E5, E12)."""
    lone_defenders: int = 0
    """Deals played by a lone defender (E12)."""
    thrown_in: int = 0
    """Deals everyone passed twice, thrown in (E13)."""
    left_bowers: int = 0
    """Left bowers played to a trick (E8)."""
    outcomes: frozenset[int] = frozenset()
    """The makers' scores seen (E10)."""

    def __add__(self, other: Tally) -> Tally:
        return Tally(games=self.games + other.games,
                     decisions=self.decisions + other.decisions,
                     ordered_up=self.ordered_up + other.ordered_up,
                     named=self.named + other.named, stuck=self.stuck + other.stuck,
                     alone=self.alone + other.alone,
                     lone_defenders=self.lone_defenders + other.lone_defenders,
                     thrown_in=self.thrown_in + other.thrown_in,
                     left_bowers=self.left_bowers + other.left_bowers,
                     outcomes=self.outcomes | other.outcomes)


def _left_bower(trump: int) -> int:
    """The jack of the other suit of ``trump``'s colour."""
    partner = {"C": "S", "S": "C", "D": "H", "H": "D"}[PACK.suits[trump]]
    return PACK.parse("J" + partner)


def play_both(seed: int, parameters: str = "default") -> Tally:
    """Play one random game in both engines, asserting they agree at every step (the
    actions chosen at random, passing more often than not while trumps are made)."""
    game, spiel = GAMES_BY_PARAMETERS[parameters]
    rng = random.Random(seed)
    dealer = rng.randrange(4)
    ours = game.new_deal(seed, dealer=dealer)
    theirs = spiel.new_initial_state()
    theirs.apply_action(dealer)
    hands = [list(PACK.cards_of(h)) for h in ours.hands]
    for k in range(20):  # E2
        assert theirs.is_chance_node()
        theirs.apply_action(spiel_card(hands[(dealer + k) % 4].pop()))
    upcard = PACK.parse(ours.view(0).upcard)
    theirs.apply_action(spiel_card(upcard))
    decisions = ordered = named = stuck = alone = bowers = 0
    while not ours.is_over:
        assert not theirs.is_terminal() and not theirs.is_chance_node()
        assert theirs.current_player() == ours.current_player
        actions = ours.legal_actions()
        legal = {spiel_action(a): a for a in actions}
        assert len(legal) == len(actions)
        assert sorted(legal) == list(theirs.legal_actions()), str(theirs)
        # passing three times in four reaches the second round and the stuck dealer often
        choice = PASS if PASS in legal and rng.random() < 0.75 else rng.choice(sorted(legal))
        action = legal[choice]
        if action.kind is Kind.TRUMP:  # the first round offers pass and the upcard's suit
            first_round = len(legal) == 2 and PASS in legal
            ordered += first_round
            named += not first_round
            stuck += PASS not in legal
        alone += choice == ALONE
        if action.kind in (Kind.LEAD, Kind.ANSWER) and ours.trump >= 0:
            bowers += action.cards[0] == _left_bower(ours.trump)
        ours = ours.apply(action)
        theirs.apply_action(choice)
        decisions += 1
    assert theirs.is_terminal()
    result = ours.result
    assert result is not None
    assert list(theirs.returns()) == [float(s) for s in result.scores]
    view = ours.view(0)
    maker = view.maker
    return Tally(games=1, decisions=decisions, ordered_up=ordered, named=named,
                 stuck=stuck, alone=alone, left_bowers=bowers,
                 lone_defenders=int(view.lone_defender is not None),
                 thrown_in=int(maker is None),
                 outcomes=frozenset((result.scores[maker],) if maker is not None else ()))


def compare(games: int, start: int = 0, parameters: str = "default") -> Tally:
    """Play ``games`` games in both engines."""
    total = Tally()
    for seed in range(start, start + games):
        total += play_both(seed * 7 + 1, parameters)
    return total


@cache
def tally(parameters: str = "default") -> tuple[Tally, float]:
    """The default run's games (once per run), with the seconds taken."""
    start = time.perf_counter()
    total = compare(GAMES, parameters=parameters)
    return total, time.perf_counter() - start


@pytest.mark.parametrize("parameters", list(GAMES_BY_PARAMETERS))
def test_euchre_plays_exactly_as_openspiel(parameters: str) -> None:
    total, _ = tally(parameters)
    assert total.games == GAMES
    # at least a bid, then 15 to 20 cards played, a discard and the going alone between
    assert 16 * GAMES < total.decisions <= 31 * GAMES


def test_the_comparison_covers_every_way_of_making_trumps_and_every_outcome() -> None:
    """The games compared order the upcard up (E3), name trumps in the second round
    (E4), stick the dealer (E4), go alone (E5), play the left bower (E8) and score every
    outcome but the lone march, which random play seldom reaches (E10)."""
    total, _ = tally()
    assert total.ordered_up > 0 and total.named > 0 and total.stuck > 0
    assert total.alone > 0 and total.left_bowers > 0
    assert {1, 2, -2} <= total.outcomes and total.lone_defenders == total.thrown_in == 0


def test_the_option_lets_defenders_go_alone_as_openspiels_parameter_does() -> None:
    """E12: with ``allow_lone_defender`` the games compared include lone defenders and
    makers euchred by one."""
    total, _ = tally("lone_defender")
    assert total.lone_defenders > 0 and -4 in total.outcomes


def test_without_stick_the_dealer_a_deal_everyone_passes_is_thrown_in() -> None:
    """E13: with ``stick_the_dealer`` off the games compared include deals thrown in,
    which score nothing in both engines, and no dealer is ever stuck."""
    total, _ = tally("no_stick")
    assert total.thrown_in > 0 and total.stuck == 0


@pytest.mark.slow
@pytest.mark.parametrize("parameters", list(GAMES_BY_PARAMETERS))
def test_many_more_games_play_exactly_as_openspiel(parameters: str) -> None:
    """``CARDRULES_EUCHRE_GAMES`` more games (5,000 by default), the lone march among
    them (E10)."""
    total = compare(SLOW_GAMES, start=GAMES, parameters=parameters)
    assert total.games == SLOW_GAMES
    assert 4 in total.outcomes
