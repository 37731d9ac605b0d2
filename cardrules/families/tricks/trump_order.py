"""A trump order given as data (``play.trump``: ``ranks``, ``above``, ``colours``), made
into the answers of a ``card_order`` hook once as a game loads.

With a trump suit, the trump suit's cards rank by ``trump.ranks`` (Belote's J 9 A 10 K Q
8 7) and the cards of ``trump.above`` rank above them, each counting in the trump suit,
not its printed one, for following suit and for taking tricks: fixed cards (Kozel's six
of clubs, queens and jacks; Skat's jacks) or cards named by rank and by a suit relative
to the trump suit (Euchre's bowers).  Without a trump suit every card keeps its printed
suit and rank.

>>> from cardrules.cards import Pack
>>> from cardrules.families.tricks.model import TricksTrump, TrumpCard, SuitOf
>>> pack = Pack(ranks=("9", "10", "J", "Q", "K", "A"), suits=("C", "D", "H", "S"))
>>> bowers = TricksTrump(above=(TrumpCard(rank="J", suit=SuitOf.SAME_COLOUR),
...                             TrumpCard(rank="J")), colours=(("C", "S"), ("D", "H")))
>>> order = TrumpOrder.compile(pack, bowers)
>>> hearts = pack.suits.index("H")
>>> [pack.name(c) for c in order.highest_first(hearts)][:4]
['JH', 'JD', 'AH', 'KH']
>>> order(TrickCardInput(pack=pack, card=pack.parse("JD"), trump=hearts)).suit == hearts
True
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from cardrules.cards import Pack, bits
from cardrules.errors import CardrulesError
from cardrules.families.tricks.hooks import TrickCard, TrickCardInput
from cardrules.families.tricks.model import (
    SuitOf,
    TricksPlay,
    TricksTrump,
    TrumpCard,
    TrumpSource,
)
from cardrules.model.problems import Found, is_card, unknown, unknown_card
from cardrules.model.variant import Variant

__all__ = ["TrumpOrder", "above_cards", "check_trump_order", "describe_trump_order", "has_order"]


def has_order(trump: TricksTrump) -> bool:
    """Whether ``trump`` orders its cards otherwise than by their printed suit and rank."""
    return bool(trump.ranks or trump.above)


def colour_partner(suits: tuple[str, ...], colours: tuple[tuple[str, ...], ...],
                   suit: str) -> str | None:
    """The other suit of ``suit``'s colour (None: ``suit`` has no colour, or its colour
    has not exactly two suits).

    >>> colour_partner(("C", "D", "H", "S"), (("C", "S"), ("D", "H")), "S")
    'C'
    """
    for group in colours:
        if suit in group and len(group) == 2:
            return group[1] if group[0] == suit else group[0]
    return None


def resolve(pack: Pack, trump: TricksTrump, entry: TrumpCard, suit: int) -> int:
    """The card ``entry`` names when the trump suit is ``suit`` (-1: none)."""
    if entry.card is not None:
        return pack.parse(entry.card)
    if entry.rank is None:
        return -1
    letter = pack.suits[suit]
    if entry.suit is SuitOf.SAME_COLOUR:
        other = colour_partner(pack.suits, trump.colours, letter)
        if other is None:
            return -1
        letter = other
    return pack.parse(entry.rank + letter)


def above_cards(pack: Pack, trump: TricksTrump, suit: int) -> tuple[int, ...]:
    """The cards of ``trump.above`` when the trump suit is ``suit``, lowest first."""
    return tuple(resolve(pack, trump, entry, suit) for entry in trump.above)


@attrs.frozen(kw_only=True)
class TrumpOrder:
    """The trump order of a rule file, answering as a ``card_order`` hook does."""

    placed: tuple[tuple[TrickCard, ...], ...]
    """Per trump suit index (the last: no trumps), per card, its suit and order."""

    @classmethod
    def compile(cls, pack: Pack, trump: TricksTrump) -> TrumpOrder:
        """Every card's place under each trump suit."""
        width = len(pack.ranks)
        printed = tuple(TrickCard(suit=pack.suit(c), order=pack.rank(c))
                        for c in range(pack.size))
        placed = []
        for suit in range(len(pack.suits)):
            cards = list(printed)
            if trump.ranks:
                for rank, name in enumerate(trump.ranks):
                    card = pack.card(rank=pack.ranks.index(name), suit=suit)
                    for copy in bits(pack.spread(1 << card)):
                        cards[copy] = TrickCard(suit=suit, order=rank)
            for level, card in enumerate(above_cards(pack, trump, suit)):
                for copy in bits(pack.spread(1 << card)):
                    cards[copy] = TrickCard(suit=suit, order=width + level)
            placed.append(tuple(cards))
        return cls(placed=(*placed, printed))

    def __call__(self, position: TrickCardInput) -> TrickCard:
        """Where ``position.card`` stands when ``position.trump`` is the trump suit."""
        return self.placed[position.trump][position.card]

    def highest_first(self, suit: int) -> tuple[int, ...]:
        """The cards counting as trumps when ``suit`` is the trump suit, highest first."""
        placed = self.placed[suit]
        members = [c for c, p in enumerate(placed) if p.suit == suit]
        return tuple(sorted(members, key=lambda c: -placed[c].order))


def check_trump_order(v: Variant) -> Iterator[Found]:
    """Problems of a trump order given as data: the ranks are the pack's, each once; each
    card above names one card of the pack, a different one under every trump suit; the
    order needs a trump suit and no ``card_order`` hook deciding it instead."""
    play = v.play
    if not isinstance(play, TricksPlay) or not has_order(play.trump):
        return
    trump, at = play.trump, ("play", "trump")
    ranks, suits = v.pack.ranks, v.pack.suits
    if trump.source is TrumpSource.NONE:
        yield (*at, "source"), "a trump order (ranks, above) needs trumps: source is none"
    if "card_order" in v.hooks:
        yield ("hooks", "card_order"), ("the card_order hook orders the cards itself: drop "
                                        "it or play.trump's ranks and above")
    if trump.ranks and sorted(trump.ranks) != sorted(ranks):
        yield (*at, "ranks"), (f"the trump suit's ranks must be every rank of the pack "
                               f"({', '.join(ranks)}) once, in the trump order")
    for i, group in enumerate(trump.colours):
        for suit in group:
            if suit not in suits:
                yield (*at, "colours", i), unknown("suit", suit, suits)
    extras = v.pack.extra_names
    for i, entry in enumerate(trump.above):
        where = (*at, "above", i)
        if (entry.card is None) == (entry.rank is None):
            yield where, "give a card (card: 6C) or a rank (rank: J), not both nor neither"
        elif entry.card is not None and not is_card(entry.card, ranks, suits) \
                and entry.card.upper() not in (e.upper() for e in extras):
            yield (*where, "card"), unknown_card(entry.card, ranks, suits)
        elif entry.rank is not None and entry.rank not in ranks:
            yield (*where, "rank"), unknown("rank", entry.rank, ranks)
        elif entry.suit is SuitOf.SAME_COLOUR and any(
                colour_partner(suits, trump.colours, s) is None for s in suits):
            yield (*where, "suit"), ("suit same_colour needs play.trump.colours to pair every "
                                     "suit of the pack with one other suit of its colour")
        else:
            continue
        return  # the cards cannot be resolved for the check below
    try:
        pack = v.pack.build()
    except (CardrulesError, ValueError):  # refused by the pack's own checks
        return
    for index, letter in enumerate(suits):
        cards = above_cards(pack, trump, index)
        if len(set(cards)) < len(cards):
            yield (*at, "above"), (f"with {letter} trumps two cards of above are the "
                                   f"same card: each must be a different card")
            return


def describe_trump_order(trump: TricksTrump) -> str:
    """The trump order in one sentence (empty when the cards keep their printed order).

    >>> describe_trump_order(TricksTrump(ranks=("7", "8", "Q", "K", "10", "A", "9", "J")))
    'In the trump suit the ranks run, from high to low, J 9 A 10 K Q 8 7.'
    """
    parts = []
    if trump.ranks:
        parts.append("In the trump suit the ranks run, from high to low, "
                     f"{' '.join(reversed(trump.ranks))}.")
    if trump.above:
        cards = ", ".join(_entry(e) for e in reversed(trump.above))
        parts.append(f"Above the trump suit's own cards rank, from high to low, {cards}; "
                     "each counts as a trump, not as a card of its printed suit, for "
                     "following suit and for taking tricks.")
    return " ".join(parts)


def _entry(entry: TrumpCard) -> str:
    """``QS``, ``the J of trumps``, ``the J of the other suit of the trump suit's colour``."""
    if entry.card is not None:
        return entry.card
    if entry.suit is SuitOf.SAME_COLOUR:
        return f"the {entry.rank} of the other suit of the trump suit's colour"
    return f"the {entry.rank} of trumps"
