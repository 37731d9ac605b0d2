"""Spades against OpenSpiel's ``spades``: the same game in two engines.

OpenSpiel's C++ game with its default parameters (``use_mercy_rule`` true,
``mercy_threshold`` -350, ``win_threshold`` 500, ``win_or_loss_bonus`` 200, ``num_tricks``
2, the last only shaping its observation) is the oracle for ``variants/spades.yaml`` with
the options ``bidding: openspiel``, ``spades_lead: never`` and ``game: one_deal``:

- OpenSpiel plays one deal; its returns are each side's score for that deal (both
  partners alike).  Its win bonus (a deal score of 500 or more) and mercy penalty (a deal
  score of -350 or less) cannot be reached in one deal (a side scores from -287 to 230),
  so the returns are the deal scores themselves, as ``game: one_deal`` scores the match.
- A nil bidder's tricks count towards the side's contract and its bags (``bidding:
  openspiel``), and the second partner to bid may not take the side's bids above 13.
- Spades are never broken: a spade may be led only by a leader holding nothing else
  (``spades_lead: never``; OpenSpiel never sets its ``is_spades_broken_``).
- Bags start at 0 in its one deal, so the ten-bag penalty applies only to a side taking
  ten overtricks in the deal, as ours does in a match's first deal.

Each game below shuffles in cardrules, feeds the deal to OpenSpiel's chance nodes, then at
every decision (each bid, each card played) demands the same player to move and the same
set of legal actions, applies one action chosen at random to both, and at the end demands
equal returns.

Mapping.  Seats are the same numbers: OpenSpiel's next player (seat + 1) is our next seat
clockwise.  OpenSpiel numbers a card suit * 13 + rank (suits C D H S, ranks 2...A: our
pack's order) and a bid 52 + tricks.  It deals card ``i`` of its chance nodes to seat
``i % 4`` and seat 0 bids and leads first: our dealer is seat 3, who deals one card at a
time from seat 0, the last card of the order first.
"""

from __future__ import annotations

import os
import random
import time
from functools import cache

import attrs
import pytest

pyspiel = pytest.importorskip("pyspiel")

from openspiel_support import bid_or_card  # noqa: E402

import cardrules  # noqa: E402
from cardrules.actions import Action, Kind  # noqa: E402
from cardrules.cards import Pack  # noqa: E402

GAMES = 200
"""Random games compared in the default run (about a second and a half)."""
SLOW_GAMES = int(os.environ.get("CARDRULES_SPADES_GAMES", "5000"))
"""Random games compared by the slow test (set ``CARDRULES_SPADES_GAMES`` for more)."""
DEALER = 3
"""Our dealer: seat 0, on the dealer's left, bids and leads first, as in OpenSpiel."""
OPTIONS = {"bidding": "openspiel", "spades_lead": "never", "game": "one_deal"}
"""The options that make our Spades OpenSpiel's."""
BID_BASE = 52
"""OpenSpiel's action of a bid of 0 tricks."""


def spiel_card(pack: Pack, card: int) -> int:
    """OpenSpiel's id of our ``card``: suit * 13 + rank."""
    return pack.suit(card) * len(pack.ranks) + pack.rank(card)


def spiel_action(pack: Pack, action: Action) -> int:
    """OpenSpiel's id of our ``action``: a bid, or the one card led or played."""
    return bid_or_card(action, lambda card: spiel_card(pack, card), BID_BASE)


@attrs.frozen(kw_only=True)
class Tally:
    """What some games compared."""

    games: int = 0
    """Games played in both engines."""
    decisions: int = 0
    """Decisions whose legal action sets were compared."""
    nils: int = 0
    """Bids of nil."""
    capped: int = 0
    """Bids made where the side's limit of 13 left out some bids."""
    spade_leads: int = 0
    """Spades led by a leader holding only spades."""
    bag_penalties: int = 0
    """Sides that took ten overtricks or more in the deal."""

    def __add__(self, other: Tally) -> Tally:
        return Tally(**{f: getattr(self, f) + getattr(other, f)
                        for f in attrs.fields_dict(Tally)})


GAME = cardrules.load("spades", options=OPTIONS)
SPIEL = pyspiel.load_game("spades")
SPADES = GAME.pack.suits.index("S")


def dealt_as(hands: list[str]) -> list[int]:
    """The order that deals ``hands`` (seat 0's first), 13 cards each."""
    cards = [GAME.pack.parse_many(h) for h in hands]
    assert sorted(c for h in cards for c in h) == list(range(GAME.pack.size))
    return [cards[i % 4][i // 4] for i in range(GAME.pack.size)][::-1]


def play_both(seed: int, order: list[int] | None = None,
              bids: tuple[int, ...] = ()) -> Tally:
    """Play one random game in both engines from ``seed`` (or dealt in ``order``, the
    players bidding ``bids``), asserting they agree at every step."""
    rng = random.Random(seed)
    pack = GAME.pack
    if order is None:
        order = list(range(pack.size))
        rng.shuffle(order)
    ours = GAME.new_match(seed, dealer=DEALER).redeal(order=order)
    theirs = SPIEL.new_initial_state()
    for i, card in enumerate(reversed(order)):  # the last card of the order first
        assert theirs.is_chance_node()
        assert ours.deal.hands[i % 4] >> card & 1
        theirs.apply_action(spiel_card(pack, card))
    tally = Tally(games=1)
    while not ours.is_over:
        assert not theirs.is_terminal() and not theirs.is_chance_node()
        assert theirs.current_player() == ours.current_player
        actions = ours.legal_actions()
        legal = {spiel_action(pack, a): a for a in actions}
        assert len(legal) == len(actions)
        assert sorted(legal) == list(theirs.legal_actions()), str(theirs)
        choice = rng.choice(sorted(legal))
        if tally.decisions < len(bids):
            choice = BID_BASE + bids[tally.decisions]
        action = legal[choice]
        if action.kind is Kind.VERB:
            tally += Tally(nils=int(action.amount == 0), capped=int(len(legal) < 14))
        elif action.kind is Kind.LEAD and pack.suit(action.cards[0]) == SPADES:
            tally += Tally(spade_leads=1)
        ours = ours.apply(action)
        theirs.apply_action(choice)
        tally += Tally(decisions=1)
    assert theirs.is_terminal()
    result = ours.result
    assert result is not None and result.deals == 1
    assert list(theirs.returns()) == [float(s) for s in result.totals]
    if bids:
        assert list(theirs.returns()) == [-87.0, -30.0, -87.0, -30.0]
    tricks = ours.deal.result.details["tricks"]
    bids = ours.deal.view(0).bids
    over = [tricks[p] + tricks[p + 2] - bids[p] - bids[p + 2] for p in (0, 1)]
    return tally + Tally(bag_penalties=sum(o >= 10 for o in over))


def compare(games: int) -> tuple[Tally, float]:
    """Play ``games`` games in both engines, with the seconds taken."""
    total, start = Tally(), time.perf_counter()
    for seed in range(games):
        total += play_both(seed * 7 + 1)
    return total, time.perf_counter() - start


@cache
def tally() -> Tally:
    """The default run's games (once per run)."""
    return compare(GAMES)[0]


def test_the_oracle_is_openspiel_s_spades_with_its_default_parameters() -> None:
    """``get_parameters()`` of the installed build lists nothing given; the defaults are
    those of its parameter specification, as its source declares them."""
    assert SPIEL.get_parameters() in ({}, SPIEL.get_type().parameter_specification)
    assert SPIEL.get_type().parameter_specification == {
        "use_mercy_rule": True, "mercy_threshold": -350, "win_threshold": 500,
        "win_or_loss_bonus": 200, "num_tricks": 2}
    assert SPIEL.num_players() == 4 and SPIEL.num_distinct_actions() == 52 + 14
    assert (SPIEL.min_utility(), SPIEL.max_utility()) == (-430.0, 430.0)  # 230 + 200


def test_spades_plays_exactly_as_openspiel() -> None:
    total = tally()
    assert total.games == GAMES
    assert total.decisions == 56 * GAMES  # four bids and 52 cards a deal


def test_the_comparison_covers_nil_the_side_limit_and_forced_spade_leads() -> None:
    """The games compared include nil bids, bids cut short by the side's limit of 13 and
    spades led by leaders holding only spades."""
    total = tally()
    assert total.nils > 0 and total.capped > 0 and total.spade_leads > 0


def test_a_side_with_ten_overtricks_pays_the_bag_penalty_in_both() -> None:
    """Random bids rarely leave a side ten tricks under what it takes: seat 0 holds every
    spade and must lead them, so takes all 13 tricks; seats 0 and 2 bid nil, seat 1 bids
    13 (which leaves seat 3 only nil).  Seats 0 and 2 score 13 bags, -100 for ten of
    them, -100 for seat 0's nil and +100 for seat 2's: -87; seats 1 and 3 lose 130 for
    the contract and win 100 for seat 3's nil: -30, in both engines."""
    hands = ["2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
             "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
             "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
             "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"]
    for seed in range(5):
        assert play_both(seed, dealt_as(hands), bids=(0, 13, 0, 0)).bag_penalties == 1


@pytest.mark.slow
def test_many_more_random_games_agree() -> None:
    total, seconds = compare(SLOW_GAMES)
    assert total.games == SLOW_GAMES and seconds > 0
