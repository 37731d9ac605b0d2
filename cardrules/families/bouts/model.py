"""Rules of the bouts procedure: attack and defence in bouts, as in Durak.

>>> play = BoutsPlay(procedure="bouts", bout_limit=6, first_bout_limit=5)
>>> play.limit_for(bout=0), play.limit_for(bout=1)
(5, 6)
>>> BoutsPlay(procedure="bouts", bout_limit=0).limit_for(bout=3) is None
True
"""

from __future__ import annotations

import enum

import attrs

from cardrules.model.common import BeatClause, Spelling, TrickTrump, TrumpSource

__all__ = ["ATTACK", "DEFEND", "OVER", "PHASES", "TAKING", "THROW", "BoutStep", "BoutsPlay",
           "BoutsScoring", "FirstAttack", "ThrowIn"]


class FirstAttack(enum.Enum):
    """Who opens the first bout of a deal."""

    LOWEST_TRUMP = "lowest_trump"
    """The holder of the lowest trump, who shows it; nobody holding a trump: the
    ``first_mover`` hook decides (by default the dealer's left)."""
    FIRST_MOVER = "first_mover"
    """Whoever the ``first_mover`` hook names (by default the dealer's left)."""


class ThrowIn(enum.Enum):
    """When the players other than the defender may throw in."""

    ONCE_BEATEN = "once_beaten"
    """Once every attacking card on the table is beaten, or the defender has said take;
    the defender answers each card thrown in before the next is asked for."""
    ANY_TIME = "any_time"
    """Also while the defender is still beating: after the attack, a transfer and each
    card beaten, the throwers are asked in turn before the defender moves again, so the
    defender may face several unbeaten cards at once."""


@attrs.frozen(kw_only=True)
class BoutsPlay:
    """The bouts procedure's parameters."""

    procedure: str
    """Always ``bouts``."""
    beats: tuple[BeatClause, ...] = (BeatClause.HIGHER_SAME_SUIT,)
    """Which card beats an attacking card of the same trump class; a trump beats any
    card that is not one."""
    trump: TrickTrump = attrs.field(factory=lambda: TrickTrump(source=TrumpSource.TURNED_CARD))
    """Where trumps come from: the card turned under the stock (with no stock left, the
    dealer's last card, shown), the dealer's last card, a fixed suit, or none."""
    first_attack: FirstAttack = FirstAttack.LOWEST_TRUMP
    """Who opens the first bout."""
    bout_limit: int = 6
    """The most attacking cards in one bout (0: no limit but the defender's hand)."""
    first_bout_limit: int = 0
    """The most attacking cards in the first bout of a deal (0: as ``bout_limit``)."""
    transfer: bool = False
    """A defender who has beaten nothing yet may pass the bout on with a card of the
    attacked rank (perevodnoy)."""
    throw_in: ThrowIn = ThrowIn.ONCE_BEATEN
    """When the others may throw in: once the table is beaten or taken, or at any time."""
    takes_limit: int = 0
    """A deal in which this many bouts in a row end in a take (no card leaves play)
    ends drawn (0: never).  Bouts that end in a take only move cards between hands, so
    without it players who keep taking could go round for ever; with it every deal
    ends (each discard takes cards out of play for good)."""

    def action_bound(self, pack_size: int, suits: int) -> int:
        """The most legal actions a state may offer: a defender beats one of at most
        ``bout_limit`` unbeaten cards (any number without a limit) with any card of a
        hand that may hold the whole pack, transfers with a card of one rank or takes.

        >>> BoutsPlay(procedure="bouts").action_bound(36, 4)
        215
        """
        unbeaten = max(self.bout_limit, self.first_bout_limit) or pack_size
        return unbeaten * (pack_size - 1) + suits + 1

    def limit_for(self, *, bout: int) -> int | None:
        """The most attacking cards in the deal's bout number ``bout`` (from 0), or None
        for no limit but the defender's hand."""
        limit = self.first_bout_limit if bout == 0 and self.first_bout_limit else \
            self.bout_limit
        return limit or None


@attrs.frozen(kw_only=True)
class BoutsScoring:
    """How a deal of bouts is scored."""

    loser: int = 1
    """The score of the last player holding cards (the durak); everybody else, and
    everybody in a drawn deal, scores 0."""


class BoutStep(Spelling):
    """The step a deal of bouts is at (a state's ``phase``); a fresh deal starts at the
    first."""

    ATTACK = "attack"
    """The attacker opens a bout."""
    DEFEND = "defend"
    """The defender beats an attacking card, transfers or takes."""
    THROW = "throw_in"
    """The others may throw in, in turn: every attacking card is beaten (with
    ``throw_in: any_time``, also while some are not yet)."""
    TAKING = "taking"
    """The defender said take: the others may throw in more, in turn."""
    OVER = "over"
    """The deal has ended."""


ATTACK, DEFEND, THROW, TAKING, OVER = BoutStep
"""The steps by their short names (the members themselves)."""
PHASES = tuple(BoutStep)
"""Every step (the first is where a fresh deal starts)."""
