"""The shedding family's hook points: what a card does when a turn ends with it on top
(``after_play``), what the card turned up to start the pile does (``upcard``), whether
a player may go out with a play (``may_go_out``), which cards may be laid on a card
(``lay_on``), and the lots a deal draws during play: the order of cards shuffled
(``shuffle``) and a suit named at random (``random_suit``).  The last two are given a
seed derived from the deal's own seed, so a deal replays exactly; a hook may read the
lot elsewhere (a differential test replays another engine's lots through them).

An extra card (a joker: no suit, no rank) matches nothing by the rule file's
``play.beats``: it is laid on nothing and nothing is laid on it, it has no effect and
forces no draw, unless a hook (``lay_on``, ``after_play``...) gives it a meaning.

>>> from cardrules.hooks import points
>>> points()["after_play"].default, points()["upcard"].default
('as_written', 'no_effect')
>>> points()["shuffle"].default, points()["random_suit"].default
('seeded', 'seeded')
"""

from __future__ import annotations

import attrs

from cardrules.cards import Pack, shuffled
from cardrules.families.shedding.model import AfterTurn
from cardrules.hooks import HookPoint, Refusal, declare, hook

__all__ = ["AfterPlayInput", "GoOutInput", "LayOnInput", "RandomSuitInput", "ShuffleInput",
           "Upcard", "UpcardInput", "any_card", "as_if_played", "as_written",
           "by_the_beats", "no_effect", "seeded_shuffle", "seeded_suit"]


@attrs.frozen(kw_only=True)
class AfterPlayInput:
    """What an ``after_play`` hook may look at: asked once per card when a game loads."""

    pack: Pack
    """The pack."""
    card: int
    """The card on top when a turn ends."""
    written: AfterTurn | None
    """The effect the rule file gives the card's rank (None: no effect)."""


declare(HookPoint(name="after_play", input=AfterPlayInput, default="as_written",
                  description="the effect of a turn ending with a card on top (once per "
                              "card)"))


@hook("after_play", "as_written")
def as_written(position: AfterPlayInput) -> AfterTurn | None:
    """The effect the rule file gives the card's rank."""
    return position.written


@attrs.frozen(kw_only=True)
class UpcardInput:
    """What an ``upcard`` hook may look at: asked once per card when a game loads."""

    pack: Pack
    """The pack."""
    card: int
    """The card turned up to start the pile."""
    after_play: AfterTurn | None
    """The effect of a turn ending with the card on top (the ``after_play`` hook's)."""
    draw: int
    """The cards a player must draw when the card is played to them (``forced_draw``;
    0: none)."""


@attrs.frozen(kw_only=True)
class Upcard:
    """What the turned-up card does to the first mover (nothing by default).

    >>> Upcard(after=AfterTurn.SKIP).draw
    0
    """

    after: AfterTurn | None = None
    """The effect on the first mover, as if the dealer had just ended a turn with it."""
    draw: int = 0
    """Cards the first mover must draw unless they pass the draw on."""


declare(HookPoint(name="upcard", input=UpcardInput, default="no_effect",
                  description="what the card turned up to start the pile does to the first "
                              "mover (once per card)"))


@hook("upcard", "no_effect")
def no_effect(position: UpcardInput) -> Upcard | None:
    """The card turned up to start the pile has no effect."""
    return None


@hook("upcard", "as_if_played")
def as_if_played(position: UpcardInput) -> Upcard | None:
    """The card turned up to start the pile counts as if the dealer had just played it: a
    card that makes the next player draw or miss a turn does so to the first mover."""
    if position.after_play is None and not position.draw:
        return None
    return Upcard(after=position.after_play, draw=position.draw)


@attrs.frozen(kw_only=True)
class GoOutInput:
    """What a ``may_go_out`` hook may look at: a play the rules allow that would lay a
    player's last cards."""

    pack: Pack
    """The pack."""
    cards: tuple[int, ...]
    """The cards laid, the last one on top."""
    top: int
    """The card they are laid on (-1: none)."""
    player: int
    """Who plays them."""


declare(HookPoint(name="may_go_out", input=GoOutInput, default="any_card",
                  description="whether a player may go out with a play (None: yes, or a "
                              "refusal with the reason and rule number)"))


@hook("may_go_out", "any_card")
def any_card(position: GoOutInput) -> Refusal | None:
    """A player may go out with any card the rules let them play."""
    return None


@attrs.frozen(kw_only=True)
class LayOnInput:
    """What a ``lay_on`` hook may look at: asked once per card when a game loads."""

    pack: Pack
    """The pack."""
    card: int
    """The card on top of the pile."""
    written: int
    """Bit set of the cards the rule file's ``play.beats`` lets a player lay on it (trumps
    and wild cards aside: those are laid on it as well, whatever the hook says).  The
    hook's answer holds while no suit is named: after a wild card names one, that suit
    or a wild card is asked for."""


declare(HookPoint(name="lay_on", input=LayOnInput, default="by_the_beats",
                  description="which cards may be laid on a card, trumps and wild cards "
                              "aside (a bit set, once per card)"))


@hook("lay_on", "by_the_beats")
def by_the_beats(position: LayOnInput) -> int:
    """A card may be laid on another as the rule file's ``play.beats`` says."""
    return position.written


@attrs.frozen(kw_only=True)
class ShuffleInput:
    """What a ``shuffle`` hook may look at: cards a deal shuffles during play."""

    pack: Pack
    """The pack."""
    cards: tuple[int, ...]
    """The cards shuffled, as they lay: the stock's first (bottom to top), then the
    pile's (bottom to top)."""
    seed: int
    """A seed derived from the deal's seed for this shuffle alone."""
    reason: str
    """``reshuffle`` (the stock remade from the pile, ``draw.reshuffle``) or ``starter``
    (a starter card shuffled back into the stock, ``redraw_shuffle``)."""


declare(HookPoint(name="shuffle", input=ShuffleInput, default="seeded",
                  description="the order of cards a deal shuffles during play (the last "
                              "one is drawn next)"))


@hook("shuffle", "seeded")
def seeded_shuffle(position: ShuffleInput) -> tuple[int, ...]:
    """Every order equally likely, fixed by the seed.

    >>> from cardrules.cards import Pack
    >>> cards = (3, 5, 8, 13)
    >>> pack = Pack(ranks=("9", "10", "J", "Q"), suits=("C", "D", "H", "S"))
    >>> order = seeded_shuffle(ShuffleInput(pack=pack, cards=cards, seed=7,
    ...                                     reason="reshuffle"))
    >>> sorted(order) == list(cards)
    True
    """
    cards = position.cards
    return tuple(cards[i] for i in shuffled(position.seed, len(cards)))


@attrs.frozen(kw_only=True)
class RandomSuitInput:
    """What a ``random_suit`` hook may look at: a suit-naming wild card whose suit is
    drawn by lot (``upcard.wish: random``, ``draw.lay_drawn.name: random``)."""

    pack: Pack
    """The pack."""
    card: int
    """The wild card turned up or laid."""
    seed: int
    """A seed derived from the deal's seed for this lot alone."""


declare(HookPoint(name="random_suit", input=RandomSuitInput, default="seeded",
                  description="the suit drawn by lot for a wild card (a suit index)"))


@hook("random_suit", "seeded")
def seeded_suit(position: RandomSuitInput) -> int:
    """Each suit equally likely, fixed by the seed.

    >>> from cardrules.cards import Pack
    >>> pack = Pack(ranks=("9", "10", "J", "Q"), suits=("C", "D", "H", "S"))
    >>> seeded_suit(RandomSuitInput(pack=pack, card=0, seed=6))
    2
    """
    return position.seed % len(position.pack.suits)
