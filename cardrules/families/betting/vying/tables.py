"""Lookup tables of the vying procedure, compiled once per loaded variant: the actions,
who sees whose cards, and the strength of each hand by the betting family's evaluator
(:func:`~cardrules.families.betting.tables.hand_class`).

>>> import cardrules
>>> game = cardrules.load("three-card-brag", players=3)
>>> tables, pack = game.tables, game.pack
>>> prial = tables.strength(pack.parse_many("3S 3H 3D"))
>>> aces = tables.strength(pack.parse_many("AS AH AD"))
>>> prial > aces, tables.class_name(prial)
(True, 'prial')
>>> [a.label for a in tables.action_families()[0].actions][:4]
['fold', 'look', 'see', 'stake 1']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attr

from cardrules.actions import Action, Kind, register_verb
from cardrules.cards import Pack
from cardrules.engine.action_space import Family, Listed
from cardrules.engine.views import CardNames, seen_by, visibility
from cardrules.families.betting.model import Showdown
from cardrules.families.betting.tables import Strength, hand_class
from cardrules.families.betting.vying.model import VyingPlay
from cardrules.model.common import Visibility

if TYPE_CHECKING:
    from cardrules.engine.state import GameContext

__all__ = ["DROP", "FOLD", "KEEP", "KEEP_HAND", "LOOK", "LOOK_AT", "SEE", "WORDS",
           "VyingTables", "stake"]

WORDS = ("fold", "look", "see", "stake", "keep", "drop")
"""The action words of vying, in the order legal actions are listed."""
for _word in ("fold", "see", "drop"):
    register_verb(_word, cards=False)
for _word in ("look", "keep"):
    register_verb(_word, cards=False, number=True, optional=True)
register_verb("stake", cards=False, number=True)
FOLD, LOOK, SEE, KEEP, DROP = (Action(kind=Kind.VERB, name=w, label=w)
                                  for w in ("fold", "look", "see", "keep", "drop"))
"""The actions: give up the hand; look at one's cards (a blind player with one hand);
pay to see the other player's hand (one of the last two); keep the hand just looked at,
discarding the other unseen; drop the hand just looked at, keeping the other blind."""
LOOK_AT = tuple(Action(kind=Kind.VERB, name="look", amount=n, label=f"look {n}")
                for n in (1, 2))
"""A player with two blind hands looks at hand 1 (dealt this deal) or hand 2 (kept from
the last deal)."""
KEEP_HAND = tuple(Action(kind=Kind.VERB, name="keep", amount=n, label=f"keep {n}")
                  for n in (1, 2))
"""A player with two blind hands keeps hand 1 or hand 2 unseen, discarding the other."""


def stake(amount: int) -> Action:
    """The action of staking ``amount`` chips.

    >>> stake(4).label
    'stake 4'
    """
    return Action(kind=Kind.VERB, name="stake", amount=amount, label=f"stake {amount}")


@attr.s(auto_attribs=True, kw_only=True, frozen=True, slots=True, eq=False)
class VyingTables:
    """Everything a state of a vying game looks up instead of working out."""

    pack: Pack
    play: VyingPlay
    showdown: Showdown
    ranks: tuple[int, ...]
    """Per card, its rank's place in the pack's ladder."""
    hand: int
    """Cards dealt to each player."""
    names: CardNames
    hand_seen: tuple[tuple[bool, ...], ...]
    """Per viewer, whose hand they see once they have looked (their own, unless hands are
    public)."""
    stakes: dict[int, Action]
    """Each stake action by its amount."""
    open_costs: tuple[tuple[tuple[int, Action], ...], ...] = ()
    """For an open player (entry 0) and a blind one (entry 1), each open stake's cost in
    their terms with its action, lowest first (``play.open_stakes`` and ``play.cost``
    worked out once: the rule record's methods are interpreted); none for a blind player
    where nobody plays blind."""
    strengths: dict[int, Strength] = attr.ib(factory=dict)
    """A hand's cards as a bit set -> its strength (filled on first use; a pack has at
    most a few tens of thousands of hands of three)."""

    @classmethod
    def compile(cls, game: GameContext) -> VyingTables:
        play, showdown, pack = game.variant.play, game.variant.scoring, game.pack
        assert isinstance(play, VyingPlay) and isinstance(showdown, Showdown)
        width = len(pack.ranks)
        hands = visibility(game.variant.zones, "hand", Visibility.OWNER)
        stakes = {a: stake(a) for a in play.amounts()}
        return cls(pack=pack, play=play, showdown=showdown,
                   ranks=tuple(c % width for c in range(pack.size)),
                   hand=game.variant.deal.largest(game.players), names=CardNames.of(pack),
                   hand_seen=seen_by(hands, game.players), stakes=stakes,
                   open_costs=tuple(  # a blind player's costs: where blind play is on
                       tuple((own, stakes[own]) for own in
                             (play.cost(a, blind=blind) for a in play.open_stakes()))
                       if play.blind or not blind else ()
                       for blind in (False, True)))

    def strength(self, cards: Sequence[int]) -> Strength:
        """The strength of the hand of ``cards`` (all of them make the hand)."""
        mask = sum(1 << c for c in cards)
        found = self.strengths.get(mask)
        if found is None:
            width = len(self.pack.ranks)
            ranks = sorted((self.ranks[c] for c in cards), reverse=True)
            suits = [c // width for c in cards]
            found = self.strengths[mask] = hand_class(ranks, self.showdown, suits, width,
                                                      self.pack.ranks)
        return found

    def class_name(self, strength: Strength) -> str:
        """The name of the class of a hand of ``strength``."""
        classes = self.showdown.classes
        return classes[len(classes) - 1 - strength[0]].name

    def action_families(self) -> tuple[Family, ...]:
        """Every action of the game: fold, look, see, and a stake of each amount (and,
        where a blind player's pot is carried, the actions of two blind hands)."""
        two = (*LOOK_AT, KEEP, DROP, *KEEP_HAND) if self.play.carries_pot else ()
        return (Listed(actions=(FOLD, LOOK, SEE, *self.stakes.values(), *two)),)
