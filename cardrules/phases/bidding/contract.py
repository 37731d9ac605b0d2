"""How the ``bidding`` phase scores its bids when the deal ends (pure records and functions).

A contract is a number of tricks bid: by each player alone (``by: player``, the default)
or by a side, whose partners' bids are added up (``by: side``).  It is made when the
tricks counted for it are exactly the bid (``made: exact``, the default) or at least the
bid (``made: at_least``).  A made contract scores ``exact`` plus ``per_trick`` per trick
taken, ``per_bid`` per trick bid and ``per_overtrick`` per trick over the bid; a missed
one scores ``otherwise`` plus ``per_trick_off`` per trick more or fewer than bid,
``failed_per_bid`` per trick bid and ``failed_per_trick`` per trick taken.

``nil`` scores a bid of 0 on its own, beside the side's contract: ``made`` when the
bidder took no trick, else ``failed``; a nil bidder's tricks count towards nothing
(``tricks: apart``) or towards the side's contract like its partner's (``tricks:
counted``).  ``bags`` counts the tricks over each made contract from deal to deal (the
count is carried through the match); every ``every`` bags cost ``penalty`` and are taken
off the count.

Partners score alike: each seat of a side scores what the side's contracts (and nils)
score together.

>>> by_side = Contract(made=Made.AT_LEAST, exact=0, per_trick=0, per_bid=10,
...                   per_overtrick=1, failed_per_bid=-10, by=By.SIDE,
...                   nil=Nil(made=100, failed=-100), bags=Bags(every=10, penalty=-100))
>>> scored = deal_scores(by_side, bids=(0, 2, 4, 3), took=(0, 2, 5, 6),
...                      partnerships=((0, 2), (1, 3)), bags=(0, 8, 0, 8))
>>> scored.scores, scored.bags
((141, -47, 141, -47), (1, 1, 1, 1))
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from cardrules.model.common import Spelling

__all__ = ["Bags", "By", "Contract", "Made", "Nil", "NilTricks", "Scored", "deal_scores"]


class Made(Spelling):
    """When a contract is made."""

    EXACT = "exact"
    """The tricks counted for it are exactly the bid."""
    AT_LEAST = "at_least"
    """The tricks counted for it are at least the bid."""


class By(Spelling):
    """Who a contract belongs to."""

    PLAYER = "player"
    """Each player's bid is a contract of its own."""
    SIDE = "side"
    """Partners' bids are added into one contract of their side."""


class NilTricks(Spelling):
    """What the tricks of a nil bidder count for."""

    APART = "apart"
    """Nothing: neither the partner's contract nor bags."""
    COUNTED = "counted"
    """The side's contract (and bags), like the partner's tricks."""


@attrs.frozen(kw_only=True)
class Nil:
    """A bid of 0 scored on its own, by whether the bidder takes a trick."""

    made: int = 100
    """Points for a nil bidder who took no trick."""
    failed: int = -100
    """Points for a nil bidder who took a trick or more."""
    tricks: NilTricks = NilTricks.APART
    """What the nil bidder's tricks count for."""


@attrs.frozen(kw_only=True)
class Bags:
    """Tricks over a made contract counted from deal to deal, with a penalty."""

    every: int = 10
    """So many bags cost :attr:`penalty` and are taken off the count."""
    penalty: int = -100
    """Points for each :attr:`every` bags."""


@attrs.frozen(kw_only=True)
class Contract:
    """How bids score when the deal ends."""

    exact: int = 10
    """Points for making the bid (exactly, or at least, by :attr:`made`)."""
    per_trick: int = 1
    """Points per trick taken, for a contract made."""
    otherwise: int = 0
    """Points for missing the bid."""
    per_trick_off: int = 0
    """Points per trick more or fewer than bid (negative: a penalty)."""
    replace: bool = True
    """The bids' scores replace the procedure's deal scores (else they are added)."""
    made: Made = Made.EXACT
    """When a contract is made."""
    per_bid: int = 0
    """Points per trick bid, for a contract made."""
    per_overtrick: int = 0
    """Points per trick taken over the bid, for a contract made."""
    failed_per_bid: int = 0
    """Points per trick bid, for a contract missed (negative: a penalty)."""
    failed_per_trick: int = 0
    """Points per trick taken, for a contract missed."""
    trick_points: int = 1
    """Multiplies every amount counted per trick (per trick taken, bid, over or off the
    bid), made or missed; 1 leaves them as written."""
    by: By = By.PLAYER
    """Who a contract belongs to."""
    nil: Nil | None = None
    """A bid of 0 scored on its own (None: 0 is an ordinary bid)."""
    bags: Bags | None = None
    """Overtricks counted as bags (None: not counted)."""

    def is_made(self, *, bid: int, took: int) -> bool:
        """Whether a contract of ``bid`` tricks is made with ``took`` tricks."""
        return took == bid if self.made is Made.EXACT else took >= bid

    def score(self, *, bid: int, took: int) -> int:
        """The score of a contract of ``bid`` tricks for which ``took`` were taken.

        >>> Contract().score(bid=2, took=2), Contract(per_trick_off=-1).score(bid=2, took=5)
        (12, -3)
        >>> Contract(failed_per_trick=1).score(bid=2, took=5)
        5
        >>> Contract(per_trick_off=-1, trick_points=3).score(bid=2, took=5)
        -9
        """
        unit = self.trick_points
        if self.is_made(bid=bid, took=took):
            return self.exact + unit * (self.per_trick * took + self.per_bid * bid
                                        + self.per_overtrick * (took - bid))
        return self.otherwise + unit * (self.per_trick_off * abs(took - bid)
                                        + self.failed_per_bid * bid
                                        + self.failed_per_trick * took)

    def describe(self) -> str:
        """The scoring in English."""
        parts = [self._describe_contract()]
        if self.nil is not None:
            nil = self.nil
            counted = ("count towards the side's contract and bags" if
                       nil.tricks is NilTricks.COUNTED else
                       "count neither towards the partner's contract nor as bags")
            parts.append(f"A bid of 0 is nil: it scores {nil.made} if the bidder takes no "
                         f"trick, else {nil.failed}, beside the contract; a nil bidder's "
                         f"tricks {counted}.")
        if self.bags is not None:
            parts.append(f"Each trick over a made contract is a bag, counted from deal to "
                         f"deal: every {self.bags.every} bags score {self.bags.penalty} "
                         f"and are taken off the count.")
        parts.append("These replace the deal's other scores." if self.replace else
                     "These are added to the deal's other scores.")
        return " ".join(parts)

    def _describe_contract(self) -> str:
        """The contract's own scoring, one sentence or two (amounts per trick shown
        multiplied by :attr:`trick_points`)."""
        if self.trick_points != 1:
            unit = self.trick_points
            return attrs.evolve(
                self, trick_points=1, per_trick=unit * self.per_trick,
                per_trick_off=unit * self.per_trick_off, per_bid=unit * self.per_bid,
                per_overtrick=unit * self.per_overtrick,
                failed_per_bid=unit * self.failed_per_bid,
                failed_per_trick=unit * self.failed_per_trick)._describe_contract()
        if self.made is Made.EXACT and not (self.per_bid or self.per_overtrick
                                            or self.failed_per_bid):
            off = (f" and {self.per_trick_off} per trick more or fewer than bid"
                   if self.per_trick_off else "")
            off += (f" and {self.failed_per_trick} per trick taken"
                    if self.failed_per_trick else "")
            made = (f"Making the bid exactly scores {self.exact} and {self.per_trick} per "
                    f"trick taken; otherwise {self.otherwise}{off}.")
        else:
            how = "exactly" if self.made is Made.EXACT else "at least"
            gains = _terms((self.exact, ""), (self.per_bid, " per trick bid"),
                           (self.per_trick, " per trick taken"),
                           (self.per_overtrick, " per trick over the bid"))
            losses = _terms((self.otherwise, ""), (self.failed_per_bid, " per trick bid"),
                            (self.per_trick_off, " per trick more or fewer than bid"),
                            (self.failed_per_trick, " per trick taken"))
            made = (f"A contract is made by taking {how} the tricks bid: it then scores "
                    f"{gains}, and otherwise {losses}.")
        if self.by is By.SIDE:
            left = ", leaving out a nil bid" if self.nil is not None else ""
            return (f"Partners' bids are added into one contract of their side{left}. "
                    f"{made}")
        return made


def _terms(*terms: tuple[int, str]) -> str:
    """``10 per trick bid and 1 per trick over the bid`` (0 when every term is 0)."""
    said = [f"{points}{what}" for points, what in terms if points]
    return " and ".join(said) or "0"


@attrs.frozen(kw_only=True)
class Scored:
    """A deal's scores by the contracts, and the bag counts after it."""

    scores: tuple[int, ...]
    """Each seat's score (partners alike)."""
    bags: tuple[int, ...]
    """Each seat's side's bag count after the deal (partners alike)."""


def deal_scores(contract: Contract, *, bids: Sequence[int], took: Sequence[int],
                partnerships: Sequence[Sequence[int]], bags: Sequence[int]) -> Scored:
    """Each seat's score for the deal and its side's bag count after it.

    ``bids`` and ``took`` are per seat (a bid below 0: not bid, which scores nothing),
    ``partnerships`` the sides (one seat each when everyone plays alone) and ``bags``
    each seat's side's bag count before the deal.  A side with only nil bidders whose
    tricks count apart has no contract.

    >>> deal_scores(Contract(), bids=(2, 1, 0), took=(2, 0, 1),
    ...             partnerships=((0,), (1,), (2,)), bags=(0, 0, 0)).scores
    (12, 0, 0)
    """
    scores, counts = [0] * len(bids), list(bags)
    nil = contract.nil
    for team in partnerships:
        groups = [tuple(team)] if contract.by is By.SIDE else [(p,) for p in team]
        total = gained = 0
        for group in groups:
            nils = [p for p in group if nil is not None and bids[p] == 0]
            bidders = [p for p in group if bids[p] >= 0 and p not in nils]
            if nil is not None:
                total += sum(nil.made if took[p] == 0 else nil.failed for p in nils)
            counted = bidders + (nils if nil is not None and nil.tricks is NilTricks.COUNTED
                                 else [])
            if not counted:  # no contract: only nil bidders, whose tricks count apart
                continue
            bid, taken = sum(bids[p] for p in bidders), sum(took[p] for p in counted)
            total += contract.score(bid=bid, took=taken)
            if contract.is_made(bid=bid, took=taken):
                gained += taken - bid
        if contract.bags is not None:
            count = bags[team[0]] + gained
            total += contract.bags.penalty * (count // contract.bags.every)
            for p in team:
                counts[p] = count % contract.bags.every
        for p in team:
            scores[p] = total
    return Scored(scores=tuple(scores), bags=tuple(counts))
