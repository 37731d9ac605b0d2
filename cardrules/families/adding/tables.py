"""Lookup tables of the adding procedure, compiled once per loaded variant.

>>> import cardrules
>>> game = cardrules.load("cribbage", players=2)
>>> tables, pack = game.tables, game.pack
>>> tables.values[pack.parse("KD")], tables.values[pack.parse("AS")], tables.discard_size
(10, 1, 2)
>>> tables.discard_action(pack.parse_many("5H 5C")).text(pack)
'discard 5C 5H'
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING

import attr

from cardrules.actions import Action, Kind, labelled, register_verb
from cardrules.cards import Pack, bits, mask_of
from cardrules.engine.action_space import CardSets, Family, Listed
from cardrules.engine.standings import Partnerships, alone, opposite, team_of
from cardrules.engine.views import CardNames, seen_by, visibility
from cardrules.families.adding.model import AddingPlay, AddingScoring, ShowEnds
from cardrules.model.common import Visibility

if TYPE_CHECKING:
    from cardrules.engine.state import GameContext

__all__ = ["DISCARD_WORD", "GO", "AddingTables", "rank_values"]

DISCARD_WORD = "discard"
"""The action word that lays cards away to the crib: ``discard 5C 5H``."""
GO_WORD = "go"
"""The action word of a player who cannot add a card to the total: ``go``."""
register_verb(DISCARD_WORD, cards=True)
register_verb(GO_WORD, cards=False)
PARTNERS = 4
"""The number of players that play in partnerships (``play.partners``)."""


def rank_values(ranks: Sequence[str], values: dict[str, int]) -> tuple[int, ...]:
    """Each rank's value added to the total: ``values``, else its place from 1.

    >>> rank_values(("A", "2", "K"), {"K": 10})
    (1, 2, 10)
    """
    return tuple(values.get(r, i + 1) for i, r in enumerate(ranks))


def _named(pack: Pack, kind: Kind, cards: tuple[int, ...], name: str = "") -> Action:
    return labelled(kind, pack, cards=cards, name=name)


GO = Action(kind=Kind.VERB, name=GO_WORD, label=GO_WORD)
"""The ``go`` action."""


@attr.s(auto_attribs=True, kw_only=True, frozen=True, slots=True, eq=False)
class AddingTables:
    """Everything a state of an adding game looks up instead of working out."""

    pack: Pack
    play: AddingPlay
    scoring: AddingScoring
    values: tuple[int, ...]
    """Per card, the value it adds to the total."""
    ranks: tuple[int, ...]
    """Per card, its rank's place in the pack (runs are of consecutive places)."""
    suits: tuple[int, ...]
    """Per card, its suit."""
    rank_keys: tuple[int, ...]
    """Per card, one in its rank's digit (as many bits as the pack's size needs): the sum
    over some cards is the multiset of their ranks."""
    plays: tuple[Action, ...]
    """``play <card>``, by card."""
    counted_out: bool
    """Whether the game ends the moment a side reaches the target (``show_ends:
    counted_out``), not once an action's points are all scored."""
    discard_size: int
    """Cards each player lays away (all at once, or one per action)."""
    stock_to_crib: int
    """Cards dealt from the stock to the crib to make it up to ``play.keep``."""
    hand: int
    """Cards dealt to each player."""
    nobs_rank: int
    """The place of ``scoring.nobs_rank`` in the pack's ranks."""
    cards: tuple[int, ...]
    """Every card of the pack, in number order (what a hand's stock is shuffled from)."""
    partnerships: Partnerships
    """The sides: the players sitting opposite with four players and ``play.partners``,
    else each player alone."""
    sides: tuple[tuple[int, ...], ...]
    """Per seat, its side in ``partnerships``."""
    names: CardNames
    hand_seen: tuple[tuple[bool, ...], ...]
    """Per viewer, whose hand they see."""
    own_seen: tuple[tuple[bool, ...], ...]
    """Per viewer, whose discards they see: their own."""
    discards: dict[int, Action] = attr.ib(factory=dict)
    """Discarded cards as a bit set -> its action (filled on first use)."""
    shows: dict[int, tuple[tuple[str, int], ...]] = attr.ib(factory=dict)
    """A show's multiset of ranks (a sum of ``rank_keys``) -> its fifteens, pairs and
    runs (filled on first use; at most one entry per multiset of a show's size)."""

    @classmethod
    def compile(cls, game: GameContext) -> AddingTables:
        play, scoring, pack = game.variant.play, game.variant.scoring, game.pack
        assert isinstance(play, AddingPlay) and isinstance(scoring, AddingScoring)
        width = len(pack.ranks)
        by_rank = rank_values(pack.ranks, play.values)
        n = game.players
        hand = game.variant.deal.largest(n)
        size = hand - play.keep
        hands = visibility(game.variant.zones, "hand", Visibility.OWNER)
        count_bits = pack.size.bit_length()
        sides = opposite(n) if play.partners and n == PARTNERS else alone(n)
        return cls(pack=pack, play=play, scoring=scoring,
                   values=tuple(by_rank[c % width] for c in range(pack.size)),
                   ranks=tuple(c % width for c in range(pack.size)),
                   suits=tuple(c // width for c in range(pack.size)),
                   rank_keys=tuple(1 << count_bits * (c % width) for c in range(pack.size)),
                   plays=tuple(_named(pack, Kind.PLAY, (c,)) for c in range(pack.size)),
                   counted_out=play.show_ends is ShowEnds.COUNTED_OUT,
                   discard_size=size if play.discard_together else min(size, 1),
                   stock_to_crib=max(play.keep - n * size, 0), hand=hand,
                   nobs_rank=pack.ranks.index(scoring.nobs_rank),
                   cards=pack.cards, partnerships=sides,
                   sides=tuple(team_of(sides, p) for p in range(n)),
                   names=CardNames.of(pack), hand_seen=seen_by(hands, n),
                   own_seen=seen_by(Visibility.OWNER, n))

    def discard_action(self, cards: Sequence[int]) -> Action:
        """The action that lays ``cards`` away to the crib (kept for the next call)."""
        mask = mask_of(cards)
        found = self.discards.get(mask)
        if found is None:
            found = _named(self.pack, Kind.VERB, self.pack.cards_of(mask), DISCARD_WORD)
            self.discards[mask] = found
        return found

    def discards_from(self, hand: int) -> tuple[Action, ...]:
        """Every way of laying ``discard_size`` cards of ``hand`` (a bit set) away, in
        the order of :func:`itertools.combinations` over its cards, lowest first."""
        singles = [1 << c for c in bits(hand)]
        masks = singles if self.discard_size == 1 \
            else map(sum, combinations(singles, self.discard_size))
        known = self.discards
        out = []
        for mask in masks:
            found = known.get(mask)
            if found is None:
                found = self.discard_action(self.pack.cards_of(mask))
            out.append(found)
        return tuple(out)

    def action_families(self) -> tuple[Family, ...]:
        """Every action of the game: a card played, ``go``, and every set of cards laid
        away."""
        sets = (CardSets(kind=Kind.VERB, name=DISCARD_WORD, sizes=(self.discard_size,)),) \
            if self.discard_size else ()
        return (Listed(actions=(*self.plays, GO)), *sets)
