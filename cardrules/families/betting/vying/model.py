"""Rules of the vying procedure (play), as data; its showdown is the betting family's
:class:`~cardrules.families.betting.model.Showdown`.

>>> play = VyingPlay(procedure="vying")
>>> play.ante, play.least, play.most, play.step, play.see, play.blind
(1, 2, 20, 2, 2, True)
>>> play.cost(6, blind=True), play.cost(6, blind=False)
(3, 6)
"""

from __future__ import annotations

import enum

import attrs

__all__ = ["BlindAlone", "VyingPlay"]


class BlindAlone(enum.Enum):
    """What happens when all but one player have folded and the last one plays blind."""

    TAKE = "take"
    """The blind player takes the pot, as an open one would."""
    CARRY = "carry"
    """The pot is carried into the next deal of the match, everyone antes again, and the
    blind player keeps the blind hand beside the new one."""


@attrs.frozen(kw_only=True)
class VyingPlay:
    """How a deal of the vying family is played."""

    procedure: str
    """Always ``vying``."""
    ante: int = 1
    """Chips each player puts in the pot before the cards are dealt."""
    chips: int = 100
    """Chips each player has at the start of the deal; a player stakes only chips they
    have."""
    least: int = 2
    """The least stake of an open player (the first stake of the deal is at least this)."""
    most: int = 20
    """The most an open player may stake at a time (the agreed maximum)."""
    step: int = 2
    """Open stakes go up in steps of this many chips from ``least``; with blind play it is
    even, so that half a stake is whole chips."""
    see: int = 2
    """Seeing costs this many times the current stake (in the seer's terms: a blind
    player's half)."""
    blind: bool = True
    """A player may play blind: every player starts not having looked at their cards,
    stakes half of what an open player would and may look at their turn.  False: each
    player looks at their cards as they are dealt."""
    open_sees_blind: bool = False
    """An open player may pay to see a blind one (not by default: of the last two, an open
    player facing a blind one can only stake or fold)."""

    carry_chips: bool = False
    """Each player's chips carry from deal to deal of a match; a player with fewer chips
    than the ante sits the deal out."""
    blind_alone: BlindAlone = BlindAlone.TAKE
    """When all but one have folded to a blind player: they take the pot, or it is
    carried into the next deal with their blind hand (needs ``carry_chips``)."""

    @property
    def carries_pot(self) -> bool:
        """A pot left to a blind player is carried into the next deal."""
        return self.blind_alone is BlindAlone.CARRY

    def cost(self, stake: int, *, blind: bool) -> int:
        """What a player pays to match an open ``stake``: half of it when blind."""
        return stake // 2 if blind else stake

    def open_stakes(self) -> tuple[int, ...]:
        """Every stake an open player may make, lowest first.

        >>> VyingPlay(procedure="vying", least=2, most=8, step=2).open_stakes()
        (2, 4, 6, 8)
        """
        return tuple(range(self.least, self.most + 1, self.step))

    def amounts(self) -> tuple[int, ...]:
        """Every number a ``stake`` action may name (open stakes, and their halves with
        blind play), lowest first.

        >>> VyingPlay(procedure="vying", least=2, most=8, step=2).amounts()
        (1, 2, 3, 4, 6, 8)
        """
        opened = set(self.open_stakes())
        halves = {s // 2 for s in opened} if self.blind else set()
        return tuple(sorted(opened | halves))
