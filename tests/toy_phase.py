"""Toy phases defined outside the package, as a third party would.

``toy_pass_left``: after the deal, each player in turn from the dealer's left sets aside
``count`` cards, face down, which go to the player on their left once everyone has
chosen.  ``toy_cut``: before the deal, the player on the dealer's right cuts the pack
(``cut 2``: the top two cards go to the bottom).

Each declares everything once (its state field and its zone, its action word, its
section's schema, one place for its refusals) and touches no file of the engine.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import combinations
from typing import Any, ClassVar, Protocol

import attrs

from cardrules.actions import Action, Kind
from cardrules.cards import bits, mask_of
from cardrules.engine.action_space import CardSets as CardSetFamily
from cardrules.engine.action_space import Family, Listed
from cardrules.engine.context import GameRules
from cardrules.engine.events import Event
from cardrules.engine.fields import CardSets, Count, field
from cardrules.engine.observation import CardsBySeat, Field, Number
from cardrules.model.common import Visibility
from cardrules.model.variant import Variant
from cardrules.phases import Phase, Table, register


@attrs.define(slots=False)
class GivenFields:
    """The toy phase's one field."""

    _given: tuple[int, ...] = field(CardSets(zone="given", seen=Visibility.OWNER,
                                             allowed=(Visibility.OWNER,)))
    """The cards each player has set aside to pass (seen by that player only)."""


class GivenTable(Table, Protocol):
    """The table the toy phase works at: the engine's, with the phase's own field."""

    _given: tuple[int, ...]


class PassLeft(Phase[GivenTable]):
    """Each player passes ``count`` cards to the player on their left."""

    name = "toy_pass_left"
    verbs: ClassVar[Mapping[str, bool]] = {"give": True}
    fields = GivenFields
    zones = ("hand",)
    schema: ClassVar[Mapping[str, Any]] = {
        "type": "object", "additionalProperties": False,
        "properties": {"count": {"type": "integer", "minimum": 1, "maximum": 3}}}

    def settings(self, section: Mapping[str, Any]) -> int:
        return int(section.get("count", 1))

    def check(self, count: int, variant: Variant) -> Iterator[str]:
        if count > variant.deal.hand:
            yield f"cannot pass {count} cards from a hand of {variant.deal.hand}"

    def describe(self, count: int) -> str:
        return f"After the deal each player passes {count} card(s) to the left."

    def enter(self, state: GivenTable, count: int) -> None:
        state.turn_to((state.dealer + 1) % state.game.players)

    def candidates(self, state: GivenTable, count: int) -> list[Action]:
        # Cards of a set are written in the pack's order (pack.cards_of), the order the
        # action index gives them back in.
        pack = state.game.pack
        hand = bits(state.hand(state.to_act))
        return [Action(kind=Kind.VERB, name="give", cards=pack.cards_of(mask_of(cards)))
                for cards in combinations(hand, count)]

    def refusal(self, state: GivenTable, count: int, action: Action) -> str | None:
        if action.kind is not Kind.VERB or action.name != "give":
            return f"each player first gives {count} card(s) to the left: 'give' them"
        if len(set(action.cards)) != count or len(action.cards) != count:
            return f"give exactly {count} different card(s)"
        held = state.hand(state.to_act)
        if any(not held >> c & 1 for c in action.cards):
            return "you can only give cards from your hand"
        return None

    def apply(self, state: GivenTable, count: int, action: Action) -> bool:
        p, n = state.to_act, state.game.players
        state.move(mask_of(action.cards), "hand", "given", source_seat=p, target_seat=p)
        state.record(Event(kind="give", player=p, cards=action.cards, private=True))
        if (p + 1) % n != (state.dealer + 1) % n:
            state.turn_to((p + 1) % n)
            return False
        for giver, given in enumerate(state._given):
            state.move(given, "given", "hand", source_seat=giver, target_seat=(giver + 1) % n)
        return True

    def view(self, state: GivenTable, count: int, player: int) -> dict[str, Any]:
        pack = state.game.pack
        return {"given": [list(pack.names(bits(m))) if p == player else m.bit_count()
                          for p, m in enumerate(state._given)]}

    def view_entries(self, game: GameRules, count: int) -> tuple[str, ...]:
        return ("given",)

    def families(self, game: GameRules, count: int) -> tuple[Family, ...]:
        return (CardSetFamily(kind=Kind.VERB, name="give", sizes=(count,)),)

    def observation_fields(self, game: GameRules, count: int) -> tuple[Field, ...]:
        return (CardsBySeat(key="given"),)


register(PassLeft())


@attrs.define(slots=False)
class CutFields:
    """The cut's one field."""

    _cut: int = field(Count())
    """How many cards the cut moved from the top of the pack to the bottom (0: none)."""


class CutTable(Table, Protocol):
    """The table the cut works at: the engine's, with the cut's own field."""

    _cut: int


CUTS = (1, 2, 3)
"""How many cards a cut may move."""


class Cut(Phase[CutTable]):
    """Before the deal, the player on the dealer's right cuts the pack."""

    name = "toy_cut"
    before_deal = True
    number_verbs = ("cut",)
    fields = CutFields
    zones = ("stock",)

    def describe(self, settings: Any) -> str:
        return ("Before the deal the player on the dealer's right cuts the pack: 1 to 3 "
                "cards from the top go to the bottom.")

    def enter(self, state: CutTable, settings: Any) -> None:
        state.turn_to((state.dealer - 1) % state.game.players)

    def candidates(self, state: CutTable, settings: Any) -> list[Action]:
        return list(_cuts())

    def refusal(self, state: CutTable, settings: Any, action: Action) -> str | None:
        if action.kind is not Kind.VERB or action.name != "cut" or action.cards:
            return "the pack is cut before the deal: 'cut 1' to 'cut 3'"
        if action.amount not in CUTS:
            return f"cut 1 to 3 cards, not {action.amount}"
        return None

    def apply(self, state: CutTable, settings: Any, action: Action) -> bool:
        state.cut_cards("stock", action.amount)
        state._cut = action.amount
        state.record(Event(kind="cut", player=state.to_act, amount=action.amount))
        return True

    def view(self, state: CutTable, settings: Any, player: int) -> dict[str, Any]:
        return {"cut": state._cut}

    def families(self, game: GameRules, settings: Any) -> tuple[Family, ...]:
        return (Listed(actions=_cuts()),)

    def observation_fields(self, game: GameRules, settings: Any) -> tuple[Field, ...]:
        return (Number(key="cut"),)

    def action_bound(self, settings: Any, variant: Variant) -> int:
        return len(CUTS)


def _cuts() -> tuple[Action, ...]:
    return tuple(Action(kind=Kind.VERB, name="cut", amount=k, label=f"cut {k}")
                 for k in CUTS)


register(Cut())
