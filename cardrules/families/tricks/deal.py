"""Dealing, drawing up and the deal result of the tricks procedure (pure functions)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, cast

from cardrules.actions import NO_TRUMP
from cardrules.cards import deal_round
from cardrules.engine import flow
from cardrules.engine.standings import Partnerships, alone, opposite
from cardrules.engine.state import DealResult
from cardrules.families.tricks.model import DrawOrder, Partners, RawEvent, TrumpSource
from cardrules.hooks import FirstMoverInput

if TYPE_CHECKING:
    from cardrules.engine.flow import StagedState
    from cardrules.engine.state import GameContext, State
    from cardrules.families.tricks.context import TricksContext
    from cardrules.families.tricks.tables import TricksTables

__all__ = ["Dealt", "RawEvent", "deal_hands", "deal_result", "draw_up", "opening_leader",
           "partnerships", "set_up"]

# Enum members read in functions, as module constants: compiled, each is a C static
# (on Python 3.11 an enum class's attribute costs a slow lookup: EnumType has a
# __getattr__).
_DRAW_ORDER_FACE_UP_TOP: Final = DrawOrder.FACE_UP_TOP
_PARTNERS_OPPOSITE: Final = Partners.OPPOSITE
_TRUMP_SOURCE_DEALER_CARD: Final = TrumpSource.DEALER_CARD
_TRUMP_SOURCE_FIXED: Final = TrumpSource.FIXED
_TRUMP_SOURCE_TURNED_CARD: Final = TrumpSource.TURNED_CARD


class Dealt:
    """A fresh deal's cards (read-only).

    A class written out, not an attrs record: compiled, its ``__init__`` is compiled too
    (an attrs class keeps the ``__init__`` attrs writes, in Python: ~0.7 µs a deal).
    Its fields are properties over private slots: assigning to one raises
    ``AttributeError`` in either build.

    >>> Dealt(hands=(3, 12), stock=(5,), trump=-1, trump_card=-1, leader=1, events=()).leader
    1
    """

    __slots__ = ("_events", "_hands", "_leader", "_stock", "_trump", "_trump_card")

    def __init__(self, *, hands: tuple[int, ...], stock: tuple[int, ...], trump: int,
                 trump_card: int, leader: int, events: tuple[RawEvent, ...]) -> None:
        self._hands: Final = hands
        self._stock: Final = stock
        self._trump: Final = trump
        self._trump_card: Final = trump_card
        self._leader: Final = leader
        self._events: Final = events

    @property
    def hands(self) -> tuple[int, ...]:
        """Each hand as a bit set."""
        return self._hands

    @property
    def stock(self) -> tuple[int, ...]:
        """The stock, drawn from the end; the turned-up card (if any) is first."""
        return self._stock

    @property
    def trump(self) -> int:
        """Trump suit index (-1: none)."""
        return self._trump

    @property
    def trump_card(self) -> int:
        """The turned-up card (-1: none)."""
        return self._trump_card

    @property
    def leader(self) -> int:
        """Who leads first."""
        return self._leader

    @property
    def events(self) -> tuple[RawEvent, ...]:
        """The deal and the turned-up trump card."""
        return self._events

def deal_hands(game: GameContext, stock: list[int], *, dealer: int,
               size: int) -> tuple[tuple[int, ...], int]:
    """Deal from the shuffled ``stock`` (drawn from the end, which loses the cards) one
    card at a time from the dealer's left (in the game's turn order), ``size`` cards
    each (cards left over stay in the stock): the hands, and the card the dealer was
    dealt last."""
    n, turns = game.players, game.turns
    # The last card dealt goes to the dealer (the deal starts next to the dealer: on
    # their left, or their right when play goes counter-clockwise).
    last = stock[len(stock) - n * size]
    return tuple(deal_round(stock, n, turns.first_after(dealer), size, step=turns.step)), last


def set_up(game: GameContext, stock: list[int], hands: tuple[int, ...], *, last: int,
           dealer: int, carry: Mapping[str, Any]) -> Dealt:
    """Once ``hands`` are dealt, turn up the trump card from ``stock`` (it goes under the
    stock, or stays face up on top), fix trumps (``last``: the dealer's last card, -1
    when a listed phase dealt) and find the first leader by the ``first_mover`` hook
    (which sees what the previous deal ``carry``-ed)."""
    pack, n, deal = game.pack, game.players, game.variant.deal
    rule = game.tables.play.trump
    turned = stock.pop() if deal.trump_card and stock else -1
    if turned >= 0 and game.tables.play.draw is _DRAW_ORDER_FACE_UP_TOP:
        stock.append(turned)  # it stays face up on top of the stock
    elif turned >= 0:
        stock.insert(0, turned)
    if rule.source is _TRUMP_SOURCE_DEALER_CARD:
        turned = last
        suit = pack.suit(last) if last >= 0 else -1
    elif rule.source is _TRUMP_SOURCE_TURNED_CARD:
        suit = pack.suit(turned) if turned >= 0 else -1
    elif rule.source is _TRUMP_SOURCE_FIXED:
        suit = pack.suits.index(rule.suit) if rule.suit else -1
    else:  # none, or named after the bidding (by a listed phase)
        suit = -1
    if game.plain_first_mover:  # the hook's default, without its input
        leader = game.turns.opening(dealer)
    else:
        classes = _classes(len(pack.suits), suit)
        leader = game.hook("first_mover")(FirstMoverInput(
            pack=pack, hands=hands, top=turned, dealer=dealer,
            trump_classes=(classes,) * n, carry=dict(carry),
            order=game.turns.deal_order(dealer)))
    leader = opening_leader(game.tables, hands, leader)
    events: list[RawEvent] = [("deal", dealer, (), 0, "", False)]
    if turned >= 0:
        # a turned joker (no suit) names no trumps
        events.append(("trump", -1, (turned,), 0, pack.suits[suit] if suit >= 0 else NO_TRUMP,
                       False))
    return Dealt(hands=hands, stock=tuple(stock), trump=suit, trump_card=turned,
                 leader=leader, events=tuple(events))


def _classes(suits: int, trump: int) -> tuple[int, ...]:
    """The trump class of each of ``suits`` suits (1: the ``trump`` suit, 0: another),
    made once per count and trump suit.

    >>> _classes(4, 2)
    (0, 0, 1, 0)
    """
    key = suits << 8 | (trump + 1)
    found = _CLASSES.get(key)
    if found is None:
        found = _CLASSES[key] = tuple(int(s == trump) for s in range(suits))
    return found


_CLASSES: dict[int, tuple[int, ...]] = {}
"""The trump classes by suit count and trump suit (:func:`_classes`)."""


def opening_leader(tables: TricksTables, hands: tuple[int, ...], leader: int) -> int:
    """The holder of the opening card (``play.opening``), who leads the first trick
    whoever ``leader`` is; ``leader`` when there is no opening card or nobody holds it."""
    card = tables.opening_card
    if card >= 0:
        for p, hand in enumerate(hands):
            if (hand >> card) & 1:
                return p
    return leader


def draw_up(stock: tuple[int, ...], hands: tuple[int, ...], *, first: int, size: int,
            turned: int, events: list[RawEvent], following: tuple[int, ...] = ()
            ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The stock and hands after everyone draws one card at a time, ``first`` first, then
    in turn (``following``: seat -> the next seat, as in ``Game.turns``; clockwise when
    empty), up to ``size`` cards or until the stock is empty.  Appends a private draw
    event per player and a public one for the turned-up card ``turned``.

    >>> events = []
    >>> draw_up((5, 4, 3, 2, 1, 0), (0, 0), first=1, size=2, turned=5, events=events)
    ((5, 4), (10, 5))
    """
    n, left = len(hands), len(stock)
    after = following or tuple((p + 1) % n for p in range(n))
    counts = [h.bit_count() for h in hands]
    need = size - counts[0]
    got: list[tuple[int, ...]]
    if counts.count(counts[0]) == n and need * n <= left:
        if need <= 0:
            return stock, hands
        top = left - 1
        left -= need * n
        if need == 1:  # the usual case after a one-card trick: one card each
            out = list(hands)
            p = first
            for j in range(n):
                card = stock[top - j]
                out[p] |= 1 << card
                events.append(("draw", p, (card,), 0, "", True) if card != turned else
                              ("draw", p, (card,), 0, "trump_card", False))
                p = after[p]
            return stock[:left], tuple(out)
        # Even hands: the j-th to draw gets every n-th card from the top of the stock.
        got = [stock[top - j::-n][:need] for j in range(n)]
    else:
        got = _draw_slowly(stock, first, counts, size, after)
        left -= sum(map(len, got))
    out = list(hands)
    p = first
    for cards in got:
        if cards:
            mask = 0
            for c in cards:
                mask |= 1 << c
            out[p] |= mask
            if turned in cards:
                cards = tuple(c for c in cards if c != turned)
                if cards:
                    events.append(("draw", p, cards, 0, "", True))
                events.append(("draw", p, (turned,), 0, "trump_card", False))
            else:
                events.append(("draw", p, cards, 0, "", True))
        p = after[p]
    return stock[:left], tuple(out)


def _draw_slowly(stock: tuple[int, ...], first: int, counts: list[int],
                 size: int, following: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Cards each player draws, in turn from ``first``, when hands are uneven or the
    stock runs out."""
    n, left = len(counts), len(stock)
    lists: list[list[int]] = [[] for _ in range(n)]
    while left:
        before = left
        p = first
        for j in range(n):
            if j:
                p = following[p]
            if left and counts[p] < size:
                left -= 1
                counts[p] += 1
                lists[j].append(stock[left])
        if left == before:
            break
    return [tuple(cards) for cards in lists]


def partnerships(game: GameContext) -> Partnerships:
    """Who plays together: partners sitting opposite (``scoring.partners: opposite``), or
    everyone alone."""
    if game.tables.scoring.partners is _PARTNERS_OPPOSITE:
        return opposite(game.players)
    return alone(game.players)


def deal_result(state: TricksContext) -> DealResult:
    """The result of a finished deal: scores, finishing order (by score, then points),
    the winners and places (partners together; the lowest score is best when the match
    goal is to avoid a losing total or the lowest total wins), and ``carry`` naming the
    next deal's leader (the declarer who won the deal, else the winner of the last
    trick), with what the listed phases carry."""
    game = state.game
    points = state.points()
    scores = state._scores
    seats = game.turns.rounds[game.turns.first_after(state._dealer)]
    finish = tuple(sorted(seats, key=lambda p: (scores[p], -points[p])))
    leader = state._declarer if state._declarer >= 0 else state._winner
    if leader < 0:
        leader = seats[0]
    return game.deal_result(
        scores=scores, finish=finish, starter=state._starter, dealer=state._dealer,
        carry=(("leader", leader), *flow.carried(cast("StagedState", state))),
        details={"points": list(points), "tricks": list(state._tricks),
                 "declared": state._combo if state._declarer >= 0 else ""},
        deal=cast("State", state))  # the finished TricksState itself, for the hook
