"""The ``pass_cards`` phase: after the deal each player passes cards to another player.

Each player in turn from the dealer's left sets aside ``count`` cards, one at a time
(``give 9H``), face down; once everyone has, each player's cards go to the player in
this deal's direction: ``left`` (the next seat clockwise), ``right``, ``across`` (even
numbers of players) or ``none`` (no passing).  The direction is fixed, rotates with
the deal's number in the match (``rotate: [left, right, across, none]``), or is drawn by
lot for each deal, each entry as likely (``chance: [left, right, across, none]``), from
the deal's seed; a drawn direction is kept in the public field ``pass_direction``.

A rule file lists it as ``phases: [{pass_cards: {count: 3, rotate: [left, right,
across, none]}}]``.  A giver remembers where their cards went: re-sampling for them
leaves those cards in the receiver's hand.

>>> phase = PassCards()
>>> print(phase.describe(phase.settings({"count": 3, "rotate": ["left", "none"]})))
After the deal each player passes 3 cards: to the left, no passing, in turn from deal to deal.
>>> print(phase.describe(phase.settings({"count": 1, "chance": ["left", "right"]})))
After the deal each player passes 1 card: to the left or to the right, drawn by lot for each deal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, Protocol

import attrs

from cardrules.actions import Action, Kind
from cardrules.cards import at_cards, count, nth_card
from cardrules.engine.action_space import CardSets as CardSetFamily
from cardrules.engine.action_space import Family
from cardrules.engine.context import GameRules
from cardrules.engine.events import raw_event
from cardrules.engine.fields import CardSets, KnownCards, Label, field
from cardrules.engine.native import mypyc_attr
from cardrules.engine.observation import CardsBySeat, Field, OneOf
from cardrules.engine.seeding import draw_below
from cardrules.engine.table import Table
from cardrules.engine.turns import DEALERS_LEFT, ORDER_SCHEMA, TurnOrder, read_order
from cardrules.engine.views import View
from cardrules.model.common import Spelling, Visibility
from cardrules.model.variant import Variant
from cardrules.phases import Phase, register
from cardrules.phases.memo import card_actions

if TYPE_CHECKING:
    from cardrules.engine.heuristics import CardFacts

__all__ = ["Direction", "PassCards", "PassSettings", "PassingFields", "PassingTable"]


# Enum members read in functions, as module constants: compiled, each is a C static
# (on Python 3.11 an enum class's attribute costs a slow lookup: EnumType has a
# __getattr__).
_KIND_VERB: Final = Kind.VERB


class Direction(Spelling):
    """Where a player's cards go (a member is also its spelling: views show it as is)."""

    LEFT = "left"
    """To the next seat clockwise."""
    RIGHT = "right"
    """To the previous seat."""
    ACROSS = "across"
    """To the seat opposite (even numbers of players)."""
    NONE = "none"
    """Nobody passes this deal."""


_WORDS = {Direction.LEFT: "to the left", Direction.RIGHT: "to the right",
          Direction.ACROSS: "across", Direction.NONE: "no passing"}

_BY_SPELLING: Final = {d.value: d for d in Direction}
"""Each direction by its spelling (``Direction(word)`` runs Python code on every call)."""
_SPELLING: Final = {d: d.value for d in Direction}
"""Each direction's spelling as a plain string (a member's ``value`` is a property that
runs Python code; a member hashes as its spelling, in C)."""
_LEFT: Final = Direction.LEFT
_RIGHT: Final = Direction.RIGHT


@attrs.frozen(kw_only=True)
class PassSettings:
    """The phase's section of a rule file."""

    count: int
    """Cards each player passes."""
    directions: tuple[Direction, ...]
    """The direction of deal 0, 1, 2... in turn (one entry: always the same); with
    :attr:`chance`, the directions drawn among."""
    chance: bool = False
    """Each deal's direction is drawn by lot among :attr:`directions`, each entry as
    likely."""
    order: TurnOrder = DEALERS_LEFT
    """The order in which the players choose their cards (the cards pass once everyone
    has chosen)."""

    def direction(self, deal: int, drawn: str = "") -> Direction:
        """The direction of deal number ``deal`` (from 0): the one ``drawn`` by lot for
        it, if any, else the entry of ``directions`` in turn.

        >>> PassSettings(count=3, directions=(Direction.LEFT, Direction.NONE)).direction(3)
        <Direction.NONE: 'none'>
        """
        if drawn:
            return _BY_SPELLING[drawn]
        return self.directions[deal % len(self.directions)]

    def of(self, state: PassingTable) -> Direction:
        """The direction of ``state``'s deal."""
        return self.direction(state.deal_number, state._pass_direction)


@attrs.define(slots=False)
class PassingFields:
    """The phase's state fields."""

    _passing: tuple[int, ...] = field(CardSets(zone="passing", seen=Visibility.OWNER,
                                               allowed=(Visibility.OWNER,)))
    """The cards each player has set aside to pass (seen by that player only)."""
    _passed: tuple[int, ...] = field(KnownCards())
    """The cards each player passed this deal (they know where those went)."""
    _pass_direction: str = field(Label(choices=("", *(d.value for d in Direction))))
    """The direction drawn by lot for this deal (``chance``); empty when the rules give
    it by the deal's number (and in a position set up without one)."""


class PassingTable(Table, Protocol):
    """The table the passing works at: with its own fields."""

    _passing: tuple[int, ...]
    _passed: tuple[int, ...]
    _pass_direction: str


@mypyc_attr(native_class=False)  # a subclass of the interpreted Phase
class PassCards(Phase[PassingTable]):
    """Each player passes ``count`` cards in this deal's direction."""

    name = "pass_cards"
    verbs: ClassVar[Mapping[str, bool]] = {"give": True}
    fields = PassingFields
    zones = ("hand",)
    schema: ClassVar[Mapping[str, Any]] = {
        "type": "object", "additionalProperties": False, "required": ["count"],
        "properties": {
            "count": {"type": "integer", "minimum": 1, "maximum": 13,
                      "description": "Cards each player passes."},
            "direction": {"enum": [d.value for d in Direction],
                          "description": "Where the cards go, every deal."},
            "rotate": {"type": "array", "minItems": 1, "maxItems": 8,
                       "items": {"enum": [d.value for d in Direction]},
                       "description": "Directions of deal 1, 2, 3... in turn."},
            "chance": {"type": "array", "minItems": 1, "maxItems": 8, "uniqueItems": True,
                       "items": {"enum": [d.value for d in Direction]},
                       "description": "Directions drawn among by lot for each deal, each "
                                      "as likely."},
            "order": {**ORDER_SCHEMA, "description": "The order in which the players "
                      "choose their cards (default: from the dealer's left, clockwise)."}},
        "not": {"anyOf": [{"required": ["direction", "rotate"]},
                          {"required": ["direction", "chance"]},
                          {"required": ["rotate", "chance"]}]}}

    def settings(self, section: Mapping[str, Any]) -> PassSettings:
        words = (section.get("rotate") or section.get("chance")
                 or [section.get("direction", "left")])
        return PassSettings(count=int(section["count"]),
                            directions=tuple(Direction(w) for w in words),
                            chance="chance" in section,
                            order=read_order(section.get("order")))

    def check(self, settings: PassSettings, variant: Variant) -> Iterator[str]:
        if settings.count > variant.deal.hand:
            yield (f"a player cannot pass {settings.count} cards from a hand of "
                   f"{variant.deal.hand}")
        odd = [n for n in range(variant.players.min, variant.players.max + 1) if n % 2]
        if Direction.ACROSS in settings.directions and odd:
            yield (f"passing across needs an even number of players; this game allows "
                   f"{', '.join(map(str, odd))}")

    def describe(self, settings: PassSettings) -> str:
        cards = f"{settings.count} card{'s' if settings.count != 1 else ''}"
        words = [_WORDS[d] for d in settings.directions]
        if settings.chance and len(words) > 1:
            return (f"After the deal each player passes {cards}: {', '.join(words[:-1])} or "
                    f"{words[-1]}, drawn by lot for each deal.")
        if len(words) == 1:
            return f"After the deal each player passes {cards} {words[0]}."
        return (f"After the deal each player passes {cards}: {', '.join(words)}, in turn "
                f"from deal to deal.")

    def draws_in(self, settings: PassSettings) -> bool:
        return settings.chance  # a fixed or rotating direction draws nothing

    def draw(self, state: PassingTable, settings: PassSettings, seed: int) -> None:
        if settings.chance:  # a 64-bit seed: no bias worth naming
            state._pass_direction = _SPELLING[settings.directions[seed % len(settings.directions)]]

    def skip(self, state: PassingTable, settings: PassSettings) -> bool:
        return settings.of(state) is Direction.NONE

    def inconsistency(self, state: PassingTable, settings: PassSettings) -> str | None:
        """No cards pass in a deal whose direction is ``none``."""
        return "no cards pass in this deal" if self.skip(state, settings) else None

    def enter(self, state: PassingTable, settings: PassSettings) -> None:
        state.turn_to(settings.order.first(state.seating()))

    def move_scorer(self, view: View, settings: PassSettings, legal: Sequence[Action],
                    ) -> Callable[[Action], float]:
        """Give away the highest cards first (then those worth the most points)."""
        return _scorer(view.card_facts)

    candidates_all_legal = True  # a card of the hand is never refused
    candidates_read_fields = False  # the hand alone

    def candidates(self, state: PassingTable, settings: PassSettings) -> list[Action]:
        return at_cards(card_actions(state.game.pack, "give"), state.hand(state.to_act))

    def refusal(self, state: PassingTable, settings: PassSettings,
                action: Action) -> str | None:
        """Why ``action`` is refused while cards are passed, with the rule file's
        reference for ``pass_cards`` (``references: {pass_cards: H3}``)."""
        if action.kind is not _KIND_VERB or action.name != "give":
            reason = (f"each player first passes {settings.count} card(s): give them one "
                      f"at a time ('give 9H')")
        elif len(action.cards) != 1:
            reason = "give one card at a time"
        elif not state.hand(state.to_act) >> action.cards[0] & 1:
            reason = "you can only give a card from your hand"
        else:
            return None
        ref: str = state.game.rule_ref(self.name)
        return reason + ref

    def apply(self, state: PassingTable, settings: PassSettings, action: Action) -> bool:
        p, card, each = state.to_act, action.cards[0], settings.count
        state.move(1 << card, "hand", "passing", source_seat=p, target_seat=p)
        state.record(raw_event(kind="give", player=p, cards=(card,), private=True))
        passing = state._passing
        if count(passing[p]) < each:
            return False
        n = len(passing)
        for cards in passing:  # each seat chooses once, in turn: is anyone still to?
            if count(cards) < each:
                state.turn_to(settings.order.after(p, n))
                return False
        _exchange(state, settings, passing, (0,) * n)
        return True

    moves_at_random = True

    def random_moves(self, state: PassingTable, settings: PassSettings,
                     bits: Sequence[Callable[[int], int]]) -> int:
        """The cards given at random (each the card of the giver's hand, lowest first, at
        the drawn index) but the last, which passes the cards: each seat's in turn, its
        cards moved at once.  Stops at a seat with nothing left to give (a position the
        turns do not reach in play: the one-step loop goes on from it)."""
        return _set_aside(state, _draw(state, settings, bits, _left(state, settings) - 1))

    def random_moves_ending(self, state: PassingTable, settings: PassSettings,
                            bits: Sequence[Callable[[int], int]]) -> tuple[int, bool]:
        """:meth:`random_moves` and the last give too, which passes the cards as
        :meth:`apply` passes them (unless the gives stop short of it): the cards still in
        a hand go to their receiver's at once, not set aside first."""
        left = _left(state, settings)
        drawn = _draw(state, settings, bits, left)
        given, made, card, giver, _ = drawn
        if made < left or not made:
            return _set_aside(state, drawn), False
        state.turn_to(giver)  # as the last give leaves it
        state.record(raw_event(kind="give", player=giver, cards=(card,), private=True))
        aside = state._passing
        _exchange(state, settings, tuple([a | g for a, g in zip(aside, given)]),
                  tuple(given))
        return made, True

    view_from_fields = True  # the direction, the cards set aside and passed: its fields

    def view(self, state: PassingTable, settings: PassSettings, player: int) -> dict[str, Any]:
        names = state.game.pack.card_names
        return {
            "pass_direction": settings.of(state),
            "passing": [at_cards(names, m) if p == player else count(m)
                        for p, m in enumerate(state._passing)],
            "passed": at_cards(names, state._passed[player]),
        }

    def view_entries(self, game: GameRules, settings: PassSettings) -> tuple[str, ...]:
        return ("pass_direction", "passing", "passed")

    def families(self, game: GameRules, settings: PassSettings) -> tuple[Family, ...]:
        return (CardSetFamily(kind=_KIND_VERB, name="give", sizes=(1,)),)

    def observation_fields(self, game: GameRules, settings: PassSettings) -> tuple[Field, ...]:
        return (OneOf(key="pass_direction", values=tuple(d.value for d in Direction)),
                CardsBySeat(key="passing"))

    def action_bound(self, settings: PassSettings, variant: Variant) -> int:
        return variant.deal.hand



register(PassCards())


def _left(state: PassingTable, settings: PassSettings) -> int:
    """The cards still to be given in all."""
    left = settings.count * len(state._passing)
    for cards in state._passing:
        left -= count(cards)
    return left


def _draw(state: PassingTable, settings: PassSettings, bits: Sequence[Callable[[int], int]],
          left: int) -> tuple[list[int], int, int, int, int]:
    """Up to ``left`` gives drawn at random, from the seat to act on, each seat's in turn
    (the card of the giver's hand, lowest first, at the index drawn from its
    ``bits``), none moved yet: the cards each seat gives, the gives made, the last card
    given, its giver, and the seat to act after them.  Stops at a seat with nothing
    left to give."""
    each, aside = settings.count, state._passing
    n = len(aside)
    given = [0] * n
    made = card = 0
    p = giver = state.to_act
    while left > 0:
        due = each - count(aside[p] | given[p])
        if due <= 0:
            break
        owed = min(due, left)
        hand = state.hand(p) & ~given[p]
        for _ in range(owed):
            card = nth_card(hand, draw_below(bits[p], count(hand)))
            hand ^= 1 << card
            given[p] |= 1 << card
        giver = p
        made += owed
        left -= owed
        if owed == due:  # the seat has given its cards: the next is to choose
            p = settings.order.after(p, n)
    return given, made, card, giver, p


def _set_aside(state: PassingTable, drawn: tuple[list[int], int, int, int, int]) -> int:
    """The gives :func:`_draw` drew, each seat's cards set aside at once, the turn where
    they leave it and the last give's event, as its own state holds it: the gives."""
    given, made, card, giver, p = drawn
    for seat, cards in enumerate(given):
        if cards:
            state.move(cards, "hand", "passing", source_seat=seat, target_seat=seat)
    if made:
        state.turn_to(p)
        state.record(raw_event(kind="give", player=giver, cards=(card,), private=True))
    return made


def _exchange(state: PassingTable, settings: PassSettings, passed: tuple[int, ...],
              held: tuple[int, ...]) -> None:
    """Every seat has given its cards, ``passed``: each seat's go to the seat the
    direction names, those still in the giver's hand (``held``) straight from hand to
    hand, the others from the cards set aside, each receipt an event."""
    n = len(passed)
    direction = settings.of(state)
    step = 1 if direction is _LEFT else n - 1 if direction is _RIGHT else n // 2
    state._passed = passed
    pack = state.game.pack
    for giver, cards in enumerate(passed):
        receiver = (giver + step) % n
        kept = held[giver]
        if cards & ~kept or not kept:
            state.move(cards & ~kept, "passing", "hand", source_seat=giver,
                       target_seat=receiver)
        if kept:
            state.move(kept, "hand", "hand", source_seat=giver, target_seat=receiver)
        state.record(raw_event(kind="receive", player=receiver, cards=pack.cards_of(cards),
                               private=True))


def _scorer(facts: CardFacts) -> Callable[[Action], float]:
    """:meth:`PassCards.move_scorer`'s scorer (a closure made outside the class, which the
    compiled build keeps an ordinary class)."""
    return lambda action: sum(facts.rank(c) + facts.value(c) for c in action.cards)
