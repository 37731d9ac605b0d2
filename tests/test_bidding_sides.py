"""The bidding phase in partnerships and its contract vocabulary beyond exact bids: partners
score alike (a bug once scored each partner alone while ``cardrules rules`` said they
score alike, and tested the match target per seat), contracts by side, made at least,
nil bids scored apart or counted, and bags carried from deal to deal."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardrules
from cardrules.engine.match import MatchState
from cardrules.phases.bidding.contract import (
    Bags,
    By,
    Contract,
    Made,
    Nil,
    NilTricks,
    deal_scores,
)
from cardrules.tools.describe import describe

PAIRS = ((0, 2), (1, 3))


def whist_bidding(contract: dict[str, Any] | None = None, target: int = 60) -> cardrules.Game:
    """Whist (partners opposite) with each player bidding, scored by ``contract`` (exact
    bids by default)."""
    section: dict[str, Any] = {"contract": contract or {}}
    return cardrules.load({"extends": "whist", "patch": {
        "phases": [{"bidding": section}], "match": {"target": target}}}, players=4)


def test_partners_score_alike_with_bids_of_their_own() -> None:
    """Each partner bids alone (``by: player``); the side scores both bids: 12 for seat 0's
    exact 2 and 0 for seat 2's missed 1, so both seats score 12."""
    game = whist_bidding()
    state = game.setup(hands=["AS KS", "2C 3C", "QS JS", "4C 5C"], trump="H", leader=0,
                       bids=[2, 0, 1, 1])
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    assert state.view(0).tricks == [2, 0, 0, 0]
    assert state.result is not None and state.result.scores == (12, 10, 12, 10)
    assert "Partners score alike" in "\n".join(describe(game.variant))


def test_partners_totals_stay_alike_and_the_target_is_a_partnership_s() -> None:
    game = whist_bidding(target=40)
    match = game.new_match(2)
    rng = random.Random(2)
    while not match.is_over:
        assert isinstance(match, MatchState)
        totals = match.totals
        assert totals[0] == totals[2] and totals[1] == totals[3]
        match = match.apply(rng.choice(match.legal_actions()))
    result = match.result
    assert result is not None and result.winners in PAIRS
    assert max(result.totals) >= 40 and result.totals[result.winners[0]] == max(result.totals)


def test_the_target_is_tested_per_partnership_not_per_seat() -> None:
    """Totals a seat reaches alone do not end the match: the partnership's figure is its
    seats' together (partners scoring alike make them equal)."""
    from cardrules.engine.match import decide

    game = whist_bidding(target=40)
    assert decide(game, totals=(50, 0, 20, 0), deals=1, dealer=0, partnerships=PAIRS) is None
    ended = decide(game, totals=(40, 0, 40, 0), deals=1, dealer=0, partnerships=PAIRS)
    assert ended is not None and ended.winners == (0, 2)


def test_a_contract_by_side_needs_partnerships() -> None:
    with pytest.raises(cardrules.VariantError, match="contract by side needs a game played "
                       "in partnerships"):
        cardrules.load({"extends": "oh-hell", "patch": {"phases": [
            {"bidding": {"contract": {"by": "side"}}}]}}, players=4)


SPADES = Contract(made=Made.AT_LEAST, exact=0, per_trick=0, per_bid=10, per_overtrick=1,
                  failed_per_bid=-10, by=By.SIDE, nil=Nil(), bags=Bags())


NIL_COUNTED = Contract(made=Made.AT_LEAST, exact=0, per_trick=0, per_bid=10,
                       per_overtrick=1, failed_per_bid=-10, by=By.SIDE,
                       nil=Nil(tricks=NilTricks.COUNTED))


@pytest.mark.parametrize(("contract", "bids", "took", "sides"), [
    # exact contracts per player, as Oh Hell scores them: the side adds its players'
    (Contract(), (2, 1, 0, 3), (2, 2, 0, 9), (12 + 10, 0)),
    # made at least: 10 a trick bid and 1 an overtrick; missed: -10 a trick bid
    (SPADES, (3, 2, 2, 4), (6, 1, 3, 3), (54, -60)),
    # nil apart: the nil bidder's trick counts for nothing
    (SPADES, (0, 5, 4, 3), (1, 5, 3, 4), (-100 - 40, 81)),
    # nil counted: the nil bidder's trick makes the partner's contract
    (NIL_COUNTED, (0, 5, 4, 3), (1, 5, 3, 4), (-100 + 40, 81)),
])
def test_deal_scores_of_the_vocabulary(contract: Contract, bids: tuple[int, ...],
                                       took: tuple[int, ...], sides: tuple[int, int]) -> None:
    got = deal_scores(contract, bids=bids, took=took, partnerships=PAIRS, bags=(0,) * 4)
    assert got.scores == (sides[0], sides[1], sides[0], sides[1])


def test_bags_carry_over_and_cost_a_penalty_every_ten() -> None:
    got = deal_scores(SPADES, bids=(1, 1, 1, 1), took=(6, 1, 6, 0), partnerships=PAIRS,
                      bags=(9, 3, 9, 3))
    assert got.scores == (20 + 10 - 100, -20, 20 + 10 - 100, -20)
    assert got.bags == (9, 3, 9, 3)  # 19 bags: one penalty, 9 left; a missed contract adds none
    got = deal_scores(SPADES, bids=(1, 1, 1, 1), took=(13, 0, 0, 0), partnerships=PAIRS,
                      bags=(9, 0, 9, 0))
    assert got.scores[0] == 20 + 11 - 200 and got.bags == (0, 0, 0, 0)  # 20 bags: twice


def test_the_bag_counts_survive_a_match_read_back_from_json() -> None:
    game = cardrules.load("spades")
    match = game.new_match(7, dealer=0)
    rng = random.Random(7)
    while isinstance(match, MatchState) and match.deal_index < 2 and not match.is_over:
        legal = match.legal_actions()
        match = match.apply(next((a for a in legal if a.label == "bid 1"), rng.choice(legal)))
    assert isinstance(match, MatchState)
    back = game.state_from_json(match.to_json())
    assert back == match and back.deal.view(0).bags == match.deal.view(0).bags
    assert match.deal.view(0).bags != [0, 0, 0, 0]
    redealt = match.redeal(seed=3)
    assert redealt.deal.view(0).bags == match.deal.view(0).bags


def test_json_written_before_the_bags_existed_reads_back_with_none() -> None:
    """A bidding game's state saved before the ``bags`` field existed (Oh Hell's) reads
    back with every count at 0."""
    game = cardrules.load("oh-hell", players=4)
    state = game.new_deal(3)
    data = state.to_json()
    assert data.pop("bags") == [0, 0, 0, 0]
    again = game.state_from_json(data)
    assert again.to_json() == state.to_json()


@pytest.mark.parametrize(("source", "options"), [
    ("spades", {}), ("spades", {"bidding": "openspiel"}), ("oh-hell", {})])
def test_the_legal_bids_are_exactly_the_bids_not_refused(source: str,
                                                         options: dict[str, Any]) -> None:
    """The phase lists its legal bids itself (the side's limit, the dealer's barred total
    worked out once per turn); every bid from 0 to the most tricks a deal has is legal
    exactly when it is not refused, in every bidding turn of random matches."""
    game = cardrules.load(source, options=options)
    most = game.variant.deal.largest(game.players)
    seen = 0
    for seed in range(12):
        rng = random.Random(seed)
        state: Any = game.new_match(seed)
        for _ in range(400):
            if state.is_over:
                break
            legal = state.legal_actions()
            if legal[0].name == "bid":
                seen += 1
                allowed = {f"bid {k}" for k in range(most + 1)
                           if state.why_illegal(game.parse_action(f"bid {k}")) is None}
                assert {a.label for a in legal} == allowed
            state = state.apply(rng.choice(legal))
    assert seen > 100
