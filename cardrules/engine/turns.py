"""Where a step of the flow runs, and turn order as data.

:class:`When` names the points of a deal at which the flow runs a listed phase: before
the cards are dealt, after the deal (before play), between tricks (after a trick is
taken and before the next lead), between bouts, between turns (a shedding game's) or
between rounds of dealing (a fishing game's).  A phase says which
(:attr:`cardrules.phases.Phase.when`); the play procedure hands control to the flow at
the points it offers (:attr:`cardrules.engine.procedures.Procedure.pauses`).

:class:`TurnOrder` is the order in which the seats act: where it starts (the dealer's
left, the dealer, the dealer's right, the last trick's winner, the leader, a named seat or
a hook) and which way it goes (clockwise or counter-clockwise).  Phases and families ask
it for the first seat, the next one and the whole round instead of writing it out; a
phase's section may name it (``order: counter_clockwise``, ``order: {from: 2}``), read
with :func:`read_order` against :data:`ORDER_SCHEMA`.

>>> seats = Seating(players=4, dealer=1)
>>> TurnOrder().seats(seats)
(2, 3, 0, 1)
>>> read_order("counter_clockwise").seats(seats)
(0, 3, 2, 1)
>>> read_order({"from": "winner"}).first(Seating(players=4, dealer=1, winner=3))
3
>>> read_order({"from": 2, "direction": "counter_clockwise"}).seats(seats)
(2, 1, 0, 3)
>>> TurnOrder(start=Start.HOOK, hook=lambda s: s.dealer).first(seats)
1
>>> turns = Turns.of(read_order("counter_clockwise"), 4)
>>> turns.following, turns.round_from(2), turns.place(0, 2)
((3, 0, 1, 2), (2, 1, 0, 3), 2)
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import Any, Protocol

import attrs

__all__ = ["COUNTER_CLOCKWISE", "DEALERS_LEFT", "NEXT_TO_DEALER", "ORDER_SCHEMA", "Direction",
           "Seated", "Seating", "Start", "TurnOrder", "Turns", "When", "read_order", "seating"]


class When(enum.Enum):
    """A point of a deal at which the flow runs listed phases."""

    BETWEEN_DEALS = "between_deals"
    """After a deal of a match is scored, before the next one is dealt: on the next deal's
    shuffled pack, from a match's second deal on (never in a single deal), knowing what the
    last deal gave (listed with the phases before the deal)."""
    BEFORE_DEAL = "before_deal"
    """On the shuffled pack, before the cards are dealt (they are listed first)."""
    INSTEAD_OF_DEAL = "instead_of_deal"
    """In place of the procedure's giving of the hands: the phase deals the cards itself
    (listed right after the phases before the deal); the procedure then sets the rest of
    the table up (trump card, starter, first player)."""
    AFTER_DEAL = "after_deal"
    """Once the cards are dealt, before play begins (the default)."""
    BETWEEN_TRICKS = "between_tricks"
    """After each trick is taken but the last, before the next lead; play resumes with
    the leader the trick made (a phase may change it)."""
    BETWEEN_BOUTS = "between_bouts"
    """After each bout of attack and defence but the last, the hands refilled, before
    the next attacker opens; play resumes with that attacker."""
    BETWEEN_TURNS = "between_turns"
    """After each turn that does not end the deal (a shedding game's), its effects taken
    (a skip, a reverse, a forced draw), before the next player moves; play resumes with
    that player."""
    BETWEEN_ROUNDS = "between_rounds"
    """When every hand is played out and the players are dealt again from the stock (a
    fishing game's rounds of dealing), before the next player plays; play resumes with
    that player."""

    @property
    def before_play(self) -> bool:
        """The phases of this point run once per deal, before play begins."""
        return self._value_ in _BEFORE_PLAY  # a string's hash is kept, an enum's is not

    @property
    def undealt(self) -> bool:
        """The phases of this point run on the shuffled pack, before the cards are dealt."""
        return self in (When.BETWEEN_DEALS, When.BEFORE_DEAL)

    @property
    def words(self) -> str:
        """The point in words (``between tricks``)."""
        return self.value.replace("_", " ")


_BEFORE_PLAY = frozenset(w.value for w in (When.BETWEEN_DEALS, When.BEFORE_DEAL,
                                            When.INSTEAD_OF_DEAL, When.AFTER_DEAL))


class Start(enum.Enum):
    """Who acts first in a turn order."""

    DEALER_LEFT = "dealer_left"
    DEALER = "dealer"
    DEALER_RIGHT = "dealer_right"
    WINNER = "winner"
    """The last trick's winner (the leader when no trick is taken yet)."""
    LEADER = "leader"
    """The player who leads (or led) the trick."""
    SEAT = "seat"
    """A named seat (:attr:`TurnOrder.seat`)."""
    HOOK = "hook"
    """Whoever :attr:`TurnOrder.hook` names."""


class Direction(enum.Enum):
    """Which way the turn passes."""

    CLOCKWISE = "clockwise"
    """To the player on the left (seat numbers going up)."""
    COUNTER_CLOCKWISE = "counter_clockwise"
    """To the player on the right (seat numbers going down)."""


@attrs.frozen(kw_only=True)
class Seating:
    """What a turn order reads: how many players, the dealer, the leader and the last
    trick's winner (-1: none)."""

    players: int
    dealer: int
    leader: int = -1
    winner: int = -1


class Seated(Protocol):
    """A deal state that says how its players sit (every
    :class:`~cardrules.engine.state.FieldState` does: its dealer, and its leader and last
    trick's winner when it has them)."""

    def seating(self) -> Seating: ...


def seating(state: Seated) -> Seating:
    """The :class:`Seating` of a deal state (``state.seating()``)."""
    return state.seating()


@attrs.frozen(kw_only=True)
class TurnOrder:
    """Who acts first and which way the turn passes; by default from the dealer's left,
    clockwise."""

    start: Start = Start.DEALER_LEFT
    direction: Direction = Direction.CLOCKWISE
    seat: int = 0
    """The first seat when :attr:`start` is :attr:`Start.SEAT`."""
    hook: Callable[[Seating], int] | None = attrs.field(default=None, eq=False)
    """The first seat's rule when :attr:`start` is :attr:`Start.HOOK`."""

    @property
    def step(self) -> int:
        """+1 clockwise, -1 counter-clockwise."""
        return 1 if self.direction is Direction.CLOCKWISE else -1

    @property
    def fixed_by_deal(self) -> bool:
        """Whether the first seat follows from the deal alone (the players, the dealer or
        a named seat), not from the play (the leader, the last trick's winner) or a hook.

        >>> TurnOrder().fixed_by_deal, TurnOrder(start=Start.WINNER).fixed_by_deal
        (True, False)
        """
        return self.start not in (Start.WINNER, Start.LEADER, Start.HOOK)

    @property
    def way(self) -> str:
        """The direction in words (``clockwise``, ``counter-clockwise``), for the rules."""
        return self.direction.value.replace("_", "-")

    def first(self, seats: Seating) -> int:
        """The seat that acts first."""
        n, start = seats.players, self.start
        if start is Start.DEALER_LEFT:
            return (seats.dealer + 1) % n
        if start is Start.DEALER:
            return seats.dealer
        if start is Start.DEALER_RIGHT:
            return (seats.dealer - 1) % n
        if start is Start.SEAT:
            return self.seat % n
        if start is Start.HOOK:
            if self.hook is None:
                raise ValueError("a turn order that starts by a hook needs the hook")
            return int(self.hook(seats)) % n
        if start is Start.WINNER and seats.winner >= 0:
            return seats.winner
        return seats.leader if seats.leader >= 0 else (seats.dealer + 1) % n

    def after(self, seat: int, players: int) -> int:
        """The seat whose turn follows ``seat``'s."""
        return (seat + self.step) % players

    def seats(self, seats: Seating) -> tuple[int, ...]:
        """Every seat once, in turn, from the first."""
        return self.round_from(self.first(seats), seats.players)

    def round_from(self, first: int, players: int) -> tuple[int, ...]:
        """Every seat once, in this order's direction, from ``first``."""
        return tuple((first + self.step * k) % players for k in range(players))

    def last(self, seats: Seating) -> int:
        """The seat that acts last in a round."""
        return (self.first(seats) - self.step) % seats.players

    def describe(self) -> str:
        """The order in words (``from the dealer's left, clockwise``)."""
        where = {Start.DEALER_LEFT: "the dealer's left", Start.DEALER: "the dealer",
                 Start.DEALER_RIGHT: "the dealer's right",
                 Start.WINNER: "the last trick's winner", Start.LEADER: "the leader",
                 Start.SEAT: f"player {self.seat}", Start.HOOK: "the hook's player"}
        return f"from {where[self.start]}, {self.direction.value.replace('_', '-')}"


DEALERS_LEFT = TurnOrder()
"""From the dealer's left, clockwise: the phases' usual order."""

_NAMED_STARTS = [s.value for s in Start if s not in (Start.SEAT, Start.HOOK)]
ORDER_SCHEMA: Mapping[str, Any] = {
    "description": "Turn order: a start (dealer_left, dealer, dealer_right, winner, "
                   "leader), clockwise (from the dealer's left) or counter_clockwise "
                   "(from the dealer's right), or {from: <start or seat>, direction}.",
    "oneOf": [
        {"enum": [*_NAMED_STARTS, "clockwise", "counter_clockwise"]},
        {"type": "object", "additionalProperties": False, "required": ["from"],
         "properties": {
             "from": {"oneOf": [{"enum": _NAMED_STARTS},
                                {"type": "integer", "minimum": 0}]},
             "direction": {"enum": [d.value for d in Direction]}}},
    ]}
"""The JSON Schema of a turn order in a phase's section (:func:`read_order`)."""


COUNTER_CLOCKWISE = TurnOrder(start=Start.DEALER_RIGHT, direction=Direction.COUNTER_CLOCKWISE)
"""From the dealer's right, counter-clockwise (``order: counter_clockwise``)."""
NEXT_TO_DEALER = (DEALERS_LEFT, COUNTER_CLOCKWISE)
"""The orders that start next to the dealer and so end with the dealer."""


def read_order(raw: Any, default: TurnOrder | None = None) -> TurnOrder:
    """The turn order a (schema-valid) section entry names; ``default`` (from the
    dealer's left, clockwise) when ``raw`` is None."""
    if raw is None:
        return default or DEALERS_LEFT
    if raw == "clockwise":
        return DEALERS_LEFT
    if raw == "counter_clockwise":
        return COUNTER_CLOCKWISE
    if isinstance(raw, str):
        return TurnOrder(start=Start(raw))
    direction = Direction(raw.get("direction", Direction.CLOCKWISE.value))
    start = raw["from"]
    if isinstance(start, int):
        return TurnOrder(start=Start.SEAT, seat=start, direction=direction)
    return TurnOrder(start=Start(start), direction=direction)


@attrs.frozen(kw_only=True)
class Turns:
    """A turn order laid out for a number of players, once per game (``Game.turns``): the
    tables play reads on every move, so that no family writes ``(p + 1) % n`` out.

    >>> turns = Turns.of(DEALERS_LEFT, 3)
    >>> turns.following, turns.preceding, turns.flipped().following
    ((1, 2, 0), (2, 0, 1), (2, 0, 1))
    >>> turns.seat_at(2, 1), turns.place(1, 2)
    (0, 2)
    """

    order: TurnOrder
    """The turn order laid out."""
    players: int
    """How many seats."""
    following: tuple[int, ...]
    """Seat -> the seat whose turn follows."""
    preceding: tuple[int, ...]
    """Seat -> the seat whose turn comes just before."""
    rounds: tuple[tuple[int, ...], ...]
    """First seat -> every seat once, in turn, from it."""
    places: tuple[tuple[int, ...], ...]
    """First seat -> seat -> how many turns after the first's it comes (its place in a
    trick the first seat led)."""
    openings: tuple[int, ...] = ()
    """Dealer -> the seat that acts first in a deal that seat deals (:meth:`opening`, worked
    out once: it is asked at every deal); empty for an order a hook starts, which is asked
    each time."""

    @classmethod
    def of(cls, order: TurnOrder, players: int) -> Turns:
        """``order`` laid out for ``players`` seats."""
        step = order.step
        rounds = tuple(order.round_from(first, players) for first in range(players))
        return cls(order=order, players=players,
                   following=tuple((p + step) % players for p in range(players)),
                   preceding=tuple((p - step) % players for p in range(players)),
                   rounds=rounds,
                   places=tuple(tuple(r.index(seat) for seat in range(players))
                                for r in rounds),
                   openings=() if order.start is Start.HOOK else  # a hook is asked
                   tuple(order.first(Seating(players=players, dealer=dealer))
                         for dealer in range(players)))

    @property
    def step(self) -> int:
        """+1 clockwise, -1 counter-clockwise (seat numbers go up clockwise)."""
        return self.order.step

    def first(self, seats: Seating) -> int:
        """The seat that acts first (:meth:`TurnOrder.first`)."""
        return self.order.first(seats)

    def opening(self, dealer: int) -> int:
        """The seat that acts first in a deal ``dealer`` deals, before any trick is led
        (:meth:`first` with no leader or winner yet)."""
        if 0 <= dealer < len(self.openings):
            return self.openings[dealer]
        return self.order.first(Seating(players=self.players, dealer=dealer))

    def deal_order(self, dealer: int) -> tuple[int, ...]:
        """Every seat once in turn, from the one that acts first in a deal ``dealer``
        deals (:meth:`opening`)."""
        return self.rounds[self.opening(dealer)]

    def first_after(self, dealer: int) -> int:
        """The seat that acts first when the order starts next to ``dealer`` (the dealer's
        left clockwise, right counter-clockwise): the seat after the dealer's."""
        return self.following[dealer]

    def seat_at(self, first: int, k: int) -> int:
        """The seat ``k`` turns after ``first``'s (``first`` itself at 0)."""
        return self.rounds[first][k % self.players]

    def place(self, seat: int, first: int) -> int:
        """How many turns after ``first``'s ``seat``'s turn comes (its place in a trick
        ``first`` led, from 0)."""
        return self.places[first][seat]

    def before(self, seat: int) -> int:
        """The seat whose turn comes just before ``seat``'s, counting any whole number
        round the table (a position being set up may name no seat yet: the consistency
        check refuses it afterwards, naming the field).

        >>> Turns.of(DEALERS_LEFT, 3).before(5)
        1
        """
        return self.preceding[seat % self.players]

    def round_from(self, first: int) -> tuple[int, ...]:
        """Every seat once, in turn, from ``first``."""
        return self.rounds[first]

    def flipped(self) -> Turns:
        """The same order with its direction turned round."""
        flip = (Direction.COUNTER_CLOCKWISE if self.order.direction is Direction.CLOCKWISE
                else Direction.CLOCKWISE)
        return Turns.of(attrs.evolve(self.order, direction=flip), self.players)
