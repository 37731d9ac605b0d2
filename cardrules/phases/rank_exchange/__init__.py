"""The ``rank_exchange`` phase: after the deal, from a match's second deal on, the players
who finished worst in the last deal give their best cards to those who finished best,
who give back as many cards of their choice.

``swaps: [2, 1]`` pairs the places from the ends inwards: the last finisher gives their 2
highest cards to the first, who gives back any 2 (``give 4C``, one at a time); the
second-to-last gives their highest card to the second, who gives back any one.  The
worst cards a player gives go at once (they have no choice); the better players give
back in the order of their places.  A swap whose places meet (the second of three
players) is left out.  A giver knows where their cards went: re-sampling
for them leaves those cards in the receiver's hand.

A rule file lists it as ``phases: [{rank_exchange: {swaps: [1]}}]``; the procedure must
rank the players in each deal (its results give places).

>>> phase = RankExchange()
>>> print(phase.describe(phase.settings({"swaps": [2, 1]})))  # doctest: +NORMALIZE_WHITESPACE
From the second deal on, after the deal the last finisher of the last deal gives their 2
highest cards to the first, who gives back any 2 cards; the second-to-last gives their
highest card to the second, who gives back any card.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, Protocol

import attrs

from cardrules.actions import Action, Kind
from cardrules.cards import Pack, at_cards, bits
from cardrules.engine.action_space import CardSets as CardSetFamily
from cardrules.engine.action_space import Family
from cardrules.engine.context import GameRules
from cardrules.engine.events import raw_event
from cardrules.engine.fields import KnownCards, Numbers, field
from cardrules.engine.observation import Field, NumbersBySeat
from cardrules.engine.table import LastDeal, Table, with_seat
from cardrules.engine.views import View
from cardrules.model.variant import Variant
from cardrules.phases import Phase, register
from cardrules.phases.memo import card_actions

__all__ = ["ExchangeFields", "ExchangeSettings", "ExchangeTable", "RankExchange"]

_PLACES = ("first", "second", "third")


@attrs.frozen(kw_only=True)
class ExchangeSettings:
    """The phase's section of a rule file."""

    swaps: tuple[int, ...]
    """Cards passed between the first and the last finisher, the second and the
    second-to-last, and so on."""


@attrs.define(slots=False)
class ExchangeFields:
    """The phase's state fields."""

    _standing: tuple[int, ...] = field(Numbers(minimum=0))
    """Each player's place in the last deal, 1 for the best (all 0: no last deal)."""
    _owed: tuple[int, ...] = field(Numbers(minimum=0))
    """Per player, the cards they still have to give back."""
    _swapped: tuple[int, ...] = field(KnownCards())
    """The cards each player gave this deal (they know where those went)."""


class ExchangeTable(Table, Protocol):
    """The table the exchange works at: with its own fields."""

    _standing: tuple[int, ...]
    _owed: tuple[int, ...]
    _swapped: tuple[int, ...]


def pairs(standing: Sequence[int], swaps: Sequence[int]) -> list[tuple[int, int, int]]:
    """(better player, worse player, cards) for each swap, by the places in ``standing``
    (ties broken by seat); a swap whose places meet or cross (the second of three
    players) is left out.

    >>> pairs((3, 1, 4, 2), (2, 1))
    [(1, 2, 2), (3, 0, 1)]
    >>> pairs((3, 1, 2), (2, 1))
    [(1, 0, 2)]
    """
    order = sorted(range(len(standing)), key=lambda p: (standing[p], p))
    n = len(order)
    return [(order[k], order[-1 - k], count) for k, count in enumerate(swaps)
            if k < n - 1 - k]


def best_cards(pack: Pack, hand: int, count: int) -> int:
    """The ``count`` highest cards of ``hand`` (the higher suit first among equal ranks),
    as a bit set.

    >>> pack = Pack(ranks=("3", "2"), suits=("C", "S"))
    >>> pack.names(bits(best_cards(pack, pack.full, 2)))
    ('2C', '2S')
    """
    ranked = sorted(bits(hand), key=lambda c: (pack.rank(c), pack.suit(c)), reverse=True)
    return sum(1 << c for c in ranked[:count])


class RankExchange(Phase[ExchangeTable]):
    """The worst finishers give their best cards to the best, who give back any."""

    name = "rank_exchange"
    view_from_fields = True  # standings, what is owed and swapped: its fields
    verbs: ClassVar[Mapping[str, bool]] = {"give": True}
    fields = ExchangeFields
    zones = ("hand",)
    schema: ClassVar[Mapping[str, Any]] = {
        "type": "object", "additionalProperties": False, "required": ["swaps"],
        "properties": {
            "swaps": {"type": "array", "minItems": 1, "maxItems": 3,
                      "items": {"type": "integer", "minimum": 1, "maximum": 6},
                      "description": "Cards passed between the first and the last finisher "
                                     "of the last deal, then the second and the "
                                     "second-to-last, and so on: the worse player gives "
                                     "their highest cards, the better gives back any."}}}

    def settings(self, section: Mapping[str, Any]) -> ExchangeSettings:
        return ExchangeSettings(swaps=tuple(int(c) for c in section["swaps"]))

    def check(self, settings: ExchangeSettings, variant: Variant) -> Iterator[str]:
        if variant.players.min < 2:
            yield "cards are exchanged between two players or more"
        if max(settings.swaps) > variant.deal.hand:
            yield f"a player cannot give {max(settings.swaps)} cards from a hand of " \
                  f"{variant.deal.hand}"

    def describe(self, settings: ExchangeSettings) -> str:
        parts = []
        for k, count in enumerate(settings.swaps):
            worse = "last finisher of the last deal" if k == 0 else \
                "second-to-last" if k == 1 else f"{k + 1}th from last"
            cards = "highest card" if count == 1 else f"{count} highest cards"
            back = "any card" if count == 1 else f"any {count} cards"
            parts.append(f"the {worse} gives their {cards} to the {_PLACES[k]}, who gives "
                         f"back {back}")
        return "From the second deal on, after the deal " + "; ".join(parts) + "."

    def from_last_deal(self, state: ExchangeTable, settings: ExchangeSettings,
                       last: LastDeal) -> None:
        state._standing = tuple(last.places)

    def skip(self, state: ExchangeTable, settings: ExchangeSettings) -> bool:
        return not any(state._standing)

    def inconsistency(self, state: ExchangeTable, settings: ExchangeSettings) -> str | None:
        """Cards are exchanged only after a deal whose places are known, while a better
        player still owes some."""
        if self.skip(state, settings):
            return "no cards are exchanged in a match's first deal"
        if not state._owed[state.to_act]:
            return f"player {state.to_act} owes no card"
        return None

    def enter(self, state: ExchangeTable, settings: ExchangeSettings) -> None:
        pack = state.game.pack
        owed = list(state._owed)
        for better, worse, count in pairs(state._standing, settings.swaps):
            given = best_cards(pack, state.hand(worse), count)
            state.move(given, "hand", "hand", source_seat=worse, target_seat=better)
            state._swapped = with_seat(state._swapped, worse, state._swapped[worse] | given)
            cards = pack.cards_of(given)
            state.record(raw_event(kind="give", player=worse, cards=cards, private=True,
                                   note="best"),
                         raw_event(kind="receive", player=better, cards=cards, private=True))
            owed[better] += count
        state._owed = tuple(owed)
        state.turn_to(self._next_owing(state, settings))

    def _next_owing(self, state: ExchangeTable, settings: ExchangeSettings) -> int:
        return next(better for better, _, _ in pairs(state._standing, settings.swaps)
                    if state._owed[better])

    def move_scorer(self, view: View, settings: ExchangeSettings, legal: Sequence[Action],
                    ) -> Callable[[Action], float]:
        """Give back the lowest cards."""
        facts = view.card_facts
        return lambda action: -sum(facts.rank(c) for c in action.cards)

    candidates_all_legal = True  # a card of the hand is never refused
    candidates_read_fields = False  # the hand alone

    def candidates(self, state: ExchangeTable, settings: ExchangeSettings) -> list[Action]:
        return at_cards(card_actions(state.game.pack, "give"), state.hand(state.to_act))

    def refusal(self, state: ExchangeTable, settings: ExchangeSettings,
                action: Action) -> str | None:
        """Why ``action`` is refused while cards are given back, with the rule file's
        reference for ``rank_exchange``."""
        p = state.to_act
        if action.kind is not Kind.VERB or action.name != "give":
            reason = (f"player {p} first gives back {state._owed[p]} card(s), one at a "
                      f"time ('give 4C')")
        elif len(action.cards) != 1:
            reason = "give one card at a time"
        elif not state.hand(p) >> action.cards[0] & 1:
            reason = "you can only give a card from your hand"
        else:
            return None
        ref: str = state.game.rule_ref(self.name)
        return reason + ref

    def apply(self, state: ExchangeTable, settings: ExchangeSettings, action: Action) -> bool:
        p, card = state.to_act, action.cards[0]
        worse = next(w for b, w, _ in pairs(state._standing, settings.swaps) if b == p)
        state.move(1 << card, "hand", "hand", source_seat=p, target_seat=worse)
        state._swapped = with_seat(state._swapped, p, state._swapped[p] | 1 << card)
        state._owed = with_seat(state._owed, p, state._owed[p] - 1)
        state.record(raw_event(kind="give", player=p, cards=(card,), private=True),
                     raw_event(kind="receive", player=worse, cards=(card,), private=True))
        if any(state._owed):
            state.turn_to(self._next_owing(state, settings))
            return False
        return True

    def view(self, state: ExchangeTable, settings: ExchangeSettings,
             player: int) -> dict[str, Any]:
        return {"standing": list(state._standing), "owed": list(state._owed),
                "swapped": list(state.game.pack.names(bits(state._swapped[player])))}

    def view_entries(self, game: GameRules, settings: ExchangeSettings) -> tuple[str, ...]:
        return ("standing", "owed", "swapped")

    def families(self, game: GameRules, settings: ExchangeSettings) -> tuple[Family, ...]:
        return (CardSetFamily(kind=Kind.VERB, name="give", sizes=(1,)),)

    def observation_fields(self, game: GameRules,
                           settings: ExchangeSettings) -> tuple[Field, ...]:
        return (NumbersBySeat(key="standing"), NumbersBySeat(key="owed"))

    def action_bound(self, settings: ExchangeSettings, variant: Variant) -> int:
        return variant.deal.hand + max(settings.swaps) + 1



register(RankExchange())
