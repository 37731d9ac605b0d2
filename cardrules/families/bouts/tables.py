"""Lookup tables of the bouts procedure, compiled once per loaded variant.

>>> import cardrules
>>> game = cardrules.load("durak", players=2)
>>> tables = game.tables
>>> pack = game.pack
>>> spades = pack.suits.index("S")
>>> pack.names(pack.cards_of(tables.beaters[spades][pack.parse("KH")]))
('AS', 'KS', 'QS', 'JS', '10S', '9S', '8S', '7S', '6S', 'AH')
>>> tables.beat_action(pack.parse("7H"), pack.parse("KH")).text(pack)
'beat 7H KH'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attr

from cardrules.actions import Action, Kind, labelled, register_verb
from cardrules.cards import Pack
from cardrules.engine.action_space import Family, Listed
from cardrules.engine.views import CardNames, seen_by, visibility
from cardrules.families.bouts.model import BoutsPlay, BoutsScoring, ThrowIn
from cardrules.model.common import TrumpBeat, TrumpSource, Visibility
from cardrules.primitives.beats import class_table, clause_table

if TYPE_CHECKING:
    from cardrules.engine.state import GameContext

__all__ = ["VERBS", "BoutsTables"]

VERBS = {"attack": True, "beat": True, "transfer": True, "take": False}
"""The procedure's action words (word -> whether it names cards); ``throw`` and ``pass``
are built-in kinds."""
for _word, _cards in VERBS.items():
    register_verb(_word, cards=_cards)


def _named(pack: Pack, kind: Kind, name: str = "", cards: tuple[int, ...] = ()) -> Action:
    return labelled(kind, pack, cards=cards, name=name)


@attr.s(auto_attribs=True, kw_only=True, frozen=True, slots=True, eq=False)
class BoutsTables:
    """Everything a state of a bouts game looks up instead of working out."""

    pack: Pack
    """The cards."""
    play: BoutsPlay
    """The play rules."""
    scoring: BoutsScoring
    """The scoring rules."""
    players: int
    """Number of players."""
    hand: int
    """The largest hand dealt (hands are refilled up to the deal's own size)."""
    beaters: tuple[tuple[int, ...], ...]
    """Per trump suit (the last entry: no trumps), per card: the cards that beat it."""
    attacks: tuple[Action, ...]
    """``attack C`` per card."""
    throws: tuple[Action, ...]
    """``throw C`` per card."""
    transfers: tuple[Action, ...]
    """``transfer C`` per card."""
    beats: dict[tuple[int, int], Action]
    """``beat X Y`` per pair of cards where Y beats X under some trump suit of the game."""
    take: Action
    """``take``."""
    pass_: Action
    """``pass``."""
    rank_masks: tuple[int, ...]
    """Per rank, its cards, then none for "no rank" (an extra card's, index -1)."""
    names: CardNames
    """Fast names of card sets, for views."""
    hand_seen: tuple[tuple[bool, ...], ...]
    """Per viewer, per owner: may the viewer see that hand (the ``hand`` zone)?"""
    stock_public: bool
    """The stock lies face up (the ``stock`` zone)."""
    discard_public: bool
    """The cards out of play are shown (the ``discard`` zone)."""
    any_time: bool
    """The others may throw in while the defender is still beating (``throw_in:
    any_time``, D7)."""

    @classmethod
    def compile(cls, game: GameContext) -> BoutsTables:
        """The tables of a loaded game."""
        pack, play, scoring = game.pack, game.variant.play, game.variant.scoring
        zones = game.variant.zones
        assert isinstance(play, BoutsPlay) and isinstance(scoring, BoutsScoring)
        plain = clause_table(pack, play.beats)
        suits = len(pack.suits)
        beaters = []
        for trump in [*range(suits), -1]:
            classes = tuple(int(s == trump) for s in range(suits))
            by_class = class_table(pack, classes, TrumpBeat.ANY_RANK)
            same_class = tuple(
                m if trump < 0 else m & ~by_class[c] & _class_mask(pack, classes, c)
                for c, m in enumerate(plain))
            beaters.append(tuple(a | b for a, b in zip(same_class, by_class)))
        possible = _possible_trumps(pack, play)
        beats = {}
        for x in range(pack.size):
            mask = 0
            for trump in possible:
                mask |= beaters[trump][x]
            for y in pack.cards_of(mask):
                beats[(x, y)] = _named(pack, Kind.VERB, "beat", (x, y))
        return cls(
            pack=pack, play=play, scoring=scoring, players=game.players,
            hand=game.variant.deal.largest(game.players), beaters=tuple(beaters),
            attacks=tuple(_named(pack, Kind.VERB, "attack", (c,)) for c in range(pack.size)),
            throws=tuple(_named(pack, Kind.THROW, cards=(c,)) for c in range(pack.size)),
            transfers=tuple(_named(pack, Kind.VERB, "transfer", (c,))
                            for c in range(pack.size)),
            beats=beats, take=_named(pack, Kind.VERB, "take"), pass_=_named(pack, Kind.PASS),
            # the last entry, 0, is for an extra card's rank (NONE = -1: a joker has none)
            rank_masks=(*(pack.rank_mask(r) for r in range(len(pack.ranks))), 0),
            names=CardNames.of(pack),
            hand_seen=seen_by(visibility(zones, "hand", Visibility.OWNER), game.players),
            stock_public=visibility(zones, "stock", Visibility.HIDDEN) is Visibility.PUBLIC,
            discard_public=visibility(zones, "discard", Visibility.PUBLIC)
            is Visibility.PUBLIC,
            any_time=play.throw_in is ThrowIn.ANY_TIME)

    def beat_action(self, target: int, card: int) -> Action:
        """``beat target card`` (a pair this game may offer)."""
        return self.beats[(target, card)]

    def beaters_of(self, trump: int) -> tuple[int, ...]:
        """Per card, the cards that beat it when ``trump`` (-1: none) is the trump suit."""
        return self.beaters[trump]

    def action_families(self) -> tuple[Family, ...]:
        """Every action a state of this game may offer, for the action index."""
        actions = [*self.attacks, *self.throws,
                   *(self.transfers if self.play.transfer else ()),
                   *self.beats.values(), self.take, self.pass_]
        return (Listed(actions=tuple(actions)),)


def _class_mask(pack: Pack, classes: tuple[int, ...], card: int) -> int:
    """The cards of the same trump class as ``card``."""
    own = pack.suit(card)
    mine = classes[own] if own >= 0 else 0  # an extra card (a joker) is plain
    mask = 0
    for suit, cls in enumerate(classes):
        if cls == mine:
            mask |= pack.suit_mask(suit)
    return mask


def _possible_trumps(pack: Pack, play: BoutsPlay) -> list[int]:
    """The trump suits a deal of this game may have (-1: none)."""
    source = play.trump.source
    if source is TrumpSource.NONE:
        return [-1]
    if source is TrumpSource.FIXED:
        return [pack.suits.index(play.trump.suit)] if play.trump.suit else [-1]
    return list(range(len(pack.suits)))
