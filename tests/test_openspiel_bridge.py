"""Contract bridge against OpenSpiel's ``bridge(use_double_dummy_result=false)``: the same
game in two engines.

OpenSpiel's C++ game with the cards played out (``use_double_dummy_result`` false; its
default scores the auction by the double-dummy result instead) and its other parameters
at their defaults (``dealer`` 0; ``dealer_vul`` and ``non_dealer_vul`` false, or set as
the ``vulnerable`` option says) is the oracle for ``variants/bridge.yaml``:

- OpenSpiel plays one board; its returns are the declaring side's duplicate score and
  its negative for the other side (0 each when everyone passes), as our one deal scores.
- On the dummy's turns in play OpenSpiel's current player is the declarer, as ours.

Each game below shuffles in cardrules, feeds the hands to OpenSpiel's chance nodes, then
at every decision (each call, each card played) demands the same player to move and the
same set of legal actions, applies one action chosen at random to both, and at the end
demands equal returns.  Random calls make auctions long and contracts high and doubled,
so the comparison covers every part of the score table; the games of each vulnerability
are compared in turn.

Mapping.  Seats are the same numbers: OpenSpiel's next player (seat + 1) is our next seat
clockwise, and seat 0 deals and calls first.  OpenSpiel numbers a card rank * 4 + suit
(suits C D H S, ranks 2...A: our pack's order), and a call 52 + 0 (pass), 1 (double), 2
(redouble), or 55 + (level - 1) * 5 + strain for a bid (strains C D H S NT).  It deals
card ``i`` of its chance nodes to seat ``i % 4``: we give it each seat's cards in turn.
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
from cardrules.cards import Pack  # noqa: E402
from cardrules.phases.calls import CallsSettings, Strain  # noqa: E402

GAMES = 200
"""Random games compared in the default run."""
SLOW_GAMES = int(os.environ.get("CARDRULES_BRIDGE_GAMES", "2000"))
"""Random games compared by the slow test (set ``CARDRULES_BRIDGE_GAMES`` for more)."""
DEALER = 0
"""OpenSpiel's default dealer, who calls first."""
CALL_BASE = 52
"""OpenSpiel's action of a pass; double and redouble follow, then the bids."""
STRAINS = ("clubs", "diamonds", "hearts", "spades", "notrump")
"""Our bids' words, in OpenSpiel's order of strains."""
VULNERABLE = {"none": (False, False), "dealer_side": (True, False),
              "other_side": (False, True), "both": (True, True)}
"""Our ``vulnerable`` option's values -> OpenSpiel's (dealer_vul, non_dealer_vul)."""


def spiel_card(pack: Pack, card: int) -> int:
    """OpenSpiel's id of our ``card``: rank * 4 + suit."""
    return pack.rank(card) * len(pack.suits) + pack.suit(card)


def spiel_action(pack: Pack, action: Action) -> int:
    """OpenSpiel's id of our ``action``: a call, or the one card led or played."""
    if action.kind is Kind.PASS:
        return CALL_BASE
    if action.kind is Kind.VERB:
        if action.name == "double":
            return CALL_BASE + 1
        if action.name == "redouble":
            return CALL_BASE + 2
        return CALL_BASE + 3 + (action.amount - 1) * 5 + STRAINS.index(action.name)
    assert len(action.cards) == 1, action
    return spiel_card(pack, action.cards[0])


@attrs.frozen(kw_only=True)
class Tally:
    """What some games compared."""

    games: int = 0
    """Games played in both engines."""
    decisions: int = 0
    """Decisions whose legal action sets were compared."""
    passed_out: int = 0
    """Deals everyone passed."""
    dummy_turns: int = 0
    """Cards the declarer chose from the dummy's hand."""
    doubled: int = 0
    """Contracts doubled."""
    redoubled: int = 0
    """Contracts redoubled."""
    made: int = 0
    """Contracts made."""
    no_trump: int = 0
    """Contracts in no trumps."""

    def __add__(self, other: Tally) -> Tally:
        return Tally(**{f: getattr(self, f) + getattr(other, f)
                        for f in attrs.fields_dict(Tally)})


@cache
def engines(vulnerable: str) -> tuple[cardrules.Game, object]:
    """Our bridge and OpenSpiel's with this vulnerability."""
    dealer_vul, non_dealer_vul = VULNERABLE[vulnerable]
    ours = cardrules.load("bridge", options={"vulnerable": vulnerable})
    theirs = pyspiel.load_game("bridge", {"use_double_dummy_result": False,
                                          "dealer_vul": dealer_vul,
                                          "non_dealer_vul": non_dealer_vul})
    return ours, theirs


def play_both(seed: int, vulnerable: str = "none", *, pass_more: bool = True) -> Tally:
    """Play one random game in both engines from ``seed``, asserting they agree at every
    step (``pass_more``: pass half the time in the auction, so that contracts are not all
    seven-level ones)."""
    rng = random.Random(seed)
    game, spiel = engines(vulnerable)
    pack = game.pack
    ours = game.new_match(seed, dealer=DEALER)
    theirs = spiel.new_initial_state()  # type: ignore[attr-defined]
    hands = [sorted(pack.cards_of(h)) for h in ours.deal.hands]
    owner = {card: seat for seat, hand in enumerate(hands) for card in hand}
    for i in range(pack.size):
        assert theirs.is_chance_node()
        theirs.apply_action(spiel_card(pack, hands[i % 4][i // 4]))
    tally = Tally(games=1)
    while not ours.is_over:
        assert not theirs.is_terminal() and not theirs.is_chance_node()
        assert theirs.current_player() == ours.current_player, str(theirs)
        actions = ours.legal_actions()
        legal = {spiel_action(pack, a): a for a in actions}
        assert len(legal) == len(actions)
        assert sorted(legal) == list(theirs.legal_actions()), str(theirs)
        choice = rng.choice(sorted(legal))
        if pass_more and CALL_BASE in legal and rng.random() < 0.5:
            choice = CALL_BASE
        if choice < CALL_BASE and owner[legal[choice].cards[0]] != ours.current_player:
            tally += Tally(dummy_turns=1)  # a card of the dummy's, the declarer choosing
        ours = ours.apply(legal[choice])
        theirs.apply_action(choice)
        tally += Tally(decisions=1)
    assert theirs.is_terminal()
    result = ours.result
    assert result is not None and result.deals == 1
    assert list(theirs.returns()) == [float(s) for s in result.totals]
    view = ours.deal.view(0)
    if view.contract is None:
        return tally + Tally(passed_out=1)
    tricks = ours.deal.result.details["tricks"]
    side = tricks[view.declarer] + tricks[(view.declarer + 2) % 4]
    return tally + Tally(doubled=int(view.doubled == 1), redoubled=int(view.doubled == 2),
                         made=int(side >= 6 + view.contract_level),
                         no_trump=int(view.contract_strain == "NT"))


def compare(games: int) -> tuple[Tally, float]:
    """Play ``games`` games in both engines, each vulnerability in turn, with the seconds
    taken."""
    total, start = Tally(), time.perf_counter()
    values = list(VULNERABLE)
    for seed in range(games):
        total += play_both(seed * 7 + 1, values[seed % len(values)])
    return total, time.perf_counter() - start


@cache
def tally() -> Tally:
    """The default run's games (once per run)."""
    return compare(GAMES)[0]


def test_the_oracle_is_openspiel_s_bridge_with_the_cards_played() -> None:
    """The parameters the installed build declares, and its size of game."""
    spec = pyspiel.load_game("bridge").get_type().parameter_specification
    assert spec["use_double_dummy_result"] is True  # so the test sets it false
    assert (spec["dealer_vul"], spec["non_dealer_vul"]) == (False, False)
    _, spiel = engines("none")
    assert spiel.num_players() == 4  # type: ignore[attr-defined]
    assert spiel.num_distinct_actions() == 52 + 38  # type: ignore[attr-defined]


def test_bridge_plays_exactly_as_openspiel() -> None:
    total = tally()
    assert total.games == GAMES
    assert total.decisions > 52 * (GAMES - total.passed_out)


def test_the_comparison_covers_the_dummy_doubles_no_trumps_and_passed_out_deals() -> None:
    total = tally()
    assert total.dummy_turns > 0 and total.doubled > 0 and total.redoubled > 0
    assert total.no_trump > 0 and total.passed_out > 0 and total.made > 0


@pytest.mark.slow
def test_many_more_random_games_agree() -> None:
    total, seconds = compare(SLOW_GAMES)
    assert total.games == SLOW_GAMES and seconds > 0


def spiel_contract(level: int, strain: int, declarer: int, doubled: int) -> int:
    """OpenSpiel's index of a contract (0: passed out)."""
    return 1 + (((level - 1) * 5 + strain) * 4 + declarer) * 3 + doubled


@pytest.mark.parametrize(("vulnerable", "deals"), [
    ("none", 1),  # the default run: one deal (the solver's first takes some seconds)
    *(pytest.param(v, 4, marks=pytest.mark.slow) for v in VULNERABLE)])
def test_the_score_table_is_openspiel_s_score_function(vulnerable: str, deals: int) -> None:
    """OpenSpiel's default bridge scores every contract of a deal by the tricks a
    double-dummy solver finds for its declarer and strain (``score_by_contract``, from
    seat 0's side).  For each declarer and strain of some random deals, the one-level
    undoubled score gives the tricks (our table tells them apart); every other level and
    doubling must then score as our table scores those tricks (BR12-BR15)."""
    dealer_vul, non_dealer_vul = VULNERABLE[vulnerable]
    spiel = pyspiel.load_game("bridge", {"dealer_vul": dealer_vul,
                                         "non_dealer_vul": non_dealer_vul})
    calls = engines(vulnerable)[0].phases[0][1]
    assert isinstance(calls, CallsSettings)
    seen: set[int] = set()
    for seed in range(deals):
        rng = random.Random(seed)
        state = spiel.new_initial_state()
        while state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
        scores = state.score_by_contract()
        for strain, named in enumerate(calls.strains):
            for declarer in range(4):
                sign = 1 if declarer % 2 == 0 else -1
                vul = (dealer_vul, non_dealer_vul)[declarer % 2]

                def ours(level: int, doubled: int, tricks: int, *, s: Strain = named,
                         v: bool = vul) -> int:
                    return calls.score.score(level=level, trick=s.trick,
                                             first_trick=s.first_trick, doubled=doubled,
                                             tricks=tricks, vulnerable=v)

                one = sign * scores[spiel_contract(1, strain, declarer, 0)]
                tricks = [t for t in range(14) if ours(1, 0, t) == one]
                assert len(tricks) == 1
                seen.add(tricks[0])
                for level in range(1, 8):
                    for doubled in range(3):
                        theirs = sign * scores[spiel_contract(level, strain, declarer,
                                                              doubled)]
                        assert ours(level, doubled, tricks[0]) == theirs, \
                            (level, named.name, doubled, tricks[0])
    assert len(seen) > 2  # several trick counts
