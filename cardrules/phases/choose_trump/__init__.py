"""The ``choose_trump`` phase: before the first deal of a match, each player chooses a
trump suit of their own.

Listed first in a shedding game whose trumps are each player's own
(``play.trumps.mode: own``), it runs before the cards are dealt: from the dealer's left,
each player in turn chooses a suit nobody has chosen yet (``trump H``).  The suits stay
the players' own for the whole match (a match carries them to every later deal, where
the phase has nothing to do); a game that does not list the phase gives the own suits by
seat (seat 0 the first suit of the pack, seat 1 the second...).  In a game whose trumps
are not own the phase has nothing to do.

Refusals quote the variant's rule number for the key ``choose_trump`` of
``references:``.

>>> import cardrules
>>> state = cardrules.load("bank", players=2).new_deal(1, dealer=0)
>>> state.view(1).phase, state.current_player, [a.label for a in state.legal_actions()]
('choose_trump', 1, ['trump S', 'trump H', 'trump D', 'trump C'])
>>> state = state.apply("trump H")
>>> [a.label for a in state.legal_actions()]
['trump S', 'trump D', 'trump C']
>>> state = state.apply("trump C")
>>> state.own_suits, state.phase, [h.bit_count() for h in state.hands]
((3, 1), <SheddingStep.TURN: 'turn'>, [4, 4])
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar

from cardrules.actions import Action, Kind
from cardrules.engine.action_space import Family, Listed
from cardrules.engine.context import GameRules
from cardrules.engine.events import raw_event
from cardrules.engine.native import mypyc_attr
from cardrules.engine.procedures import find as find_procedure
from cardrules.engine.procedures import offering
from cardrules.engine.table import OwnTrumps
from cardrules.engine.turns import DEALERS_LEFT, ORDER_SCHEMA, TurnOrder, read_order
from cardrules.model.variant import Variant
from cardrules.phases import Phase, register

__all__ = ["ChooseTrump"]


@mypyc_attr(native_class=False)  # a subclass of the interpreted Phase
class ChooseTrump(Phase[OwnTrumps]):
    """Each player, from the dealer's left, chooses a free trump suit of their own."""

    name = "choose_trump"
    before_deal = True
    candidates_all_legal = True
    schema: ClassVar[Mapping[str, Any]] = {
        "type": "object", "additionalProperties": False,
        "properties": {"order": {**ORDER_SCHEMA, "description": "Who chooses first and "
                                 "which way the choosing goes (default: from the "
                                 "dealer's left, clockwise)."}}}

    def settings(self, section: Mapping[str, Any]) -> TurnOrder:
        """The order in which the players choose."""
        return read_order(section.get("order"))

    def check(self, settings: Any, variant: Variant) -> Iterator[str]:
        if "own_trumps" not in find_procedure(variant.play.procedure).offers:
            names = offering("own_trumps")
            yield (f"choose_trump gives each player a trump suit of their own, which only "
                   f"the {' or '.join(names)} procedure has (play.procedure: "
                   f"{' or '.join(names)})")
        elif [entry.name for entry in variant.phases].count(self.name) > 1:
            yield "choose_trump is listed more than once; trumps are chosen once a match"

    def describe(self, settings: TurnOrder) -> str:
        order = ("from the dealer's left" if settings == DEALERS_LEFT
                 else settings.describe())
        return (f"Before the first deal of a match each player, {order}, "
                "chooses a trump suit of their own that nobody has chosen; it stays theirs "
                "for the whole match.")

    def in_force(self, settings: Any, variant: Variant) -> bool:
        """Only where the trumps are each player's own (``trumps: none`` skips it)."""
        return not any(find_procedure(variant.play.procedure).lacks("own_trumps", variant))

    def skip(self, state: OwnTrumps, settings: TurnOrder) -> bool:
        """Nothing to choose: the trumps are not own, or the match has carried them."""
        return bool(state.own_suits) or not self.in_force(settings, state.game.variant)

    def enter(self, state: OwnTrumps, settings: TurnOrder) -> None:
        state.reset_own_trumps()
        state.turn_to(settings.first(state.seating()))

    def candidates(self, state: OwnTrumps, settings: TurnOrder) -> list[Action]:
        taken = state.own_suits
        return [a for i, a in enumerate(_actions(state.game.pack.suits)) if i not in taken]

    def refusal(self, state: OwnTrumps, settings: TurnOrder, action: Action) -> str | None:
        ref = state.game.rule_ref(self.name)
        if action.kind is not Kind.TRUMP or action.cards or action.amount:
            return f"each player first chooses a free trump suit{ref}"
        suits = state.game.pack.suits
        if action.name not in suits:
            return f"there is no suit {action.name!r} (suits: {' '.join(suits)}){ref}"
        if suits.index(action.name) in state.own_suits:
            return f"suit {action.name} is taken; choose a free suit{ref}"
        return None

    def apply(self, state: OwnTrumps, settings: TurnOrder, action: Action) -> bool:
        game, player = state.game, state.to_act
        state.choose_own_trump(player, game.pack.suits.index(action.name))
        state.record(raw_event(kind="trump", player=player, note=action.name))
        if -1 in state.own_suits:
            state.turn_to(settings.after(player, game.players))
            return False
        return True

    def families(self, game: GameRules, settings: TurnOrder) -> tuple[Family, ...]:
        return (Listed(actions=_actions(game.pack.suits)),)

    def action_bound(self, settings: Any, variant: Variant) -> int:
        return len(variant.pack.suits)


_ACTIONS: dict[tuple[str, ...], tuple[Action, ...]] = {}
"""The actions of each pack's suits, made once (packs are few)."""


def _actions(suits: Sequence[str]) -> tuple[Action, ...]:
    """``trump S``... for each suit, in the pack's order.

    >>> [a.label for a in _actions(("S", "H"))], _actions(("S", "H")) is _actions(["S", "H"])
    (['trump S', 'trump H'], True)
    """
    key = tuple(suits)
    found = _ACTIONS.get(key)
    if found is None:
        found = _ACTIONS[key] = tuple(Action(kind=Kind.TRUMP, name=s, label=f"trump {s}")
                                      for s in key)
    return found


register(ChooseTrump())
