"""Rules of the comparing procedure: the hands' totals and the house's play (play), and the
payouts (scoring), as data.

>>> play = ComparingPlay(procedure="comparing")
>>> play.goal, play.house.stands, play.house.hole
(21, 17, 1)
>>> Payouts().win, Payouts().loss, Payouts().natural is None
(1, -1, True)
"""

from __future__ import annotations

import attrs

from cardrules.model.common import Spelling

__all__ = ["OVER", "PLAY", "ComparingPlay", "House", "Payouts", "Step"]


class Step(Spelling):
    """The step a deal of the comparing family is at (a state's ``phase``)."""

    PLAY = "play"
    """The players draw or stand in turn."""
    OVER = "over"
    """Every hand is settled against the house's."""


PLAY, OVER = Step.PLAY, Step.OVER
"""The steps by their short names."""


@attrs.frozen(kw_only=True)
class House:
    """The house's hand and the fixed rule it draws by."""

    cards: int = 2
    """Cards dealt to the house after the players' hands."""
    hole: int = 1
    """How many of those, the first dealt, lie face down (the hole cards) until the
    players' turns are over."""
    stands: int = 17
    """The house draws while its total is below this, and stands on it or more."""
    hits_soft: bool = False
    """The house draws on a soft total of exactly ``stands`` too (one counting a card
    high)."""
    plays_alone: bool = False
    """The house draws even when every player has bust (False: it does not, and its hole
    cards are shown at once)."""


@attrs.frozen(kw_only=True)
class ComparingPlay:
    """How a deal of the comparing family is played."""

    procedure: str
    """Always ``comparing``."""
    goal: int = 21
    """The total a hand comes as close to as it can without passing it; a hand over it
    busts."""
    values: dict[str, int] = attrs.field(factory=dict)
    """Rank -> the value a card adds to its hand's total (ranks not listed: their place
    in ``pack.ranks`` counting from 1)."""
    high: dict[str, int] = attrs.field(factory=dict)
    """Rank -> a higher value a card of it may count instead, when the hand's total stays
    within the goal (an ace's 11); a total counting one so is soft."""
    house: House = attrs.field(factory=House)
    """The house's hand and rule."""
    double: bool = False
    """On their first cards a player may double: their hand's payout counts twice, they
    take exactly one more card, and their turn ends."""
    split: bool = False
    """On their first two cards, of one value, a player may split them into two hands
    (once), each dealt one more card at once and played in turn, each paid on its own;
    a hand of a split never makes a natural."""
    split_one_card: list[str] = attrs.field(factory=list)
    """Ranks whose split hands take the one card each and no more (aces, in most
    casinos): the player's turn ends."""


@attrs.frozen(kw_only=True)
class Payouts:
    """What a player's hand wins (loses, when negative) against the house's."""

    win: int = 1
    """A hand that beats the house's: a higher total, or the house bust."""
    tie: int = 0
    """A hand of the house's total (a push)."""
    loss: int = -1
    """A hand that busts, or is below the house's total."""
    natural: int | None = None
    """A natural (the first cards dealt making the goal exactly) against a house without
    one; a house's natural then beats every other hand, and two naturals tie.  None: a
    natural is a hand like any other."""
