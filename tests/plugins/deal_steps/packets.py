"""The packet deal: a phase listed ``instead_of_deal`` (see the package's docstring)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, Protocol

import attrs

from cardrules.actions import Action, Kind
from cardrules.cards import bits
from cardrules.engine.action_space import Family, Listed
from cardrules.engine.context import GameRules
from cardrules.engine.events import Event
from cardrules.engine.fields import CardList, CardSet, Count, field
from cardrules.engine.observation import Cards, Field, Number
from cardrules.model.common import Visibility
from cardrules.model.variant import Variant
from cardrules.phases import Phase, Table, When

CUTS = (1, 2, 3)
"""How many cards a cut may move from the top of the pack to its bottom."""


@attrs.frozen(kw_only=True)
class PacketSettings:
    """The phase's section of a rule file."""

    packets: tuple[int, ...] = (3, 2)
    """The packets each player is dealt, round by round (their sum is the hand)."""
    widow: int = 2
    """Cards set aside face down after the first round (0: none)."""


@attrs.define(slots=False)
class PacketFields:
    """The phase's state fields."""

    _widow: tuple[int, ...] = field(CardList(zone="widow", seen=Visibility.HIDDEN,
                                             allowed=(Visibility.HIDDEN,)))
    """The widow, face down, out of play for the deal."""
    _shown: int = field(CardSet(zone="shown", seen=Visibility.PUBLIC,
                                allowed=(Visibility.PUBLIC,)))
    """The widow's card turned face up, seen by everyone."""
    _cut: int = field(Count())
    """How many cards the cut moved (0: not cut yet)."""


class PacketTable(Table, Protocol):
    """The table the packet deal works at: the engine's, with the phase's own fields."""

    _widow: tuple[int, ...]
    _shown: int
    _cut: int


class PacketDeal(Phase[PacketTable]):
    """The pack is cut, then dealt in packets with a widow set aside, one card of which is
    turned up."""

    name = "packet_deal"
    when = When.INSTEAD_OF_DEAL
    number_verbs = ("cut",)
    fields = PacketFields
    zones = ("hand", "stock")
    candidates_all_legal = True
    schema: ClassVar[Mapping[str, Any]] = {
        "type": "object", "additionalProperties": False,
        "properties": {
            "packets": {"type": "array", "minItems": 1, "maxItems": 4,
                        "items": {"type": "integer", "minimum": 1, "maximum": 6}},
            "widow": {"type": "integer", "minimum": 0, "maximum": 6}}}

    def settings(self, section: Mapping[str, Any]) -> PacketSettings:
        return PacketSettings(packets=tuple(int(p) for p in section.get("packets", (3, 2))),
                              widow=int(section.get("widow", 2)))

    def check(self, settings: PacketSettings, variant: Variant) -> Iterator[str]:
        if sum(settings.packets) != variant.deal.hand:
            yield (f"packets of {'-'.join(map(str, settings.packets))} do not make a hand of "
                   f"{variant.deal.hand}")
        cards = len(variant.pack.ranks) * len(variant.pack.suits)
        if variant.players.max * variant.deal.hand + settings.widow + max(CUTS) > cards:
            yield f"a pack of {cards} cards is too small for the hands and the widow"

    def describe(self, settings: PacketSettings) -> str:
        widow = (f", setting {settings.widow} card(s) aside face down after the first round "
                 f"and turning the top one face up") if settings.widow else ""
        return (f"The player on the dealer's right cuts 1 to 3 cards; the dealer deals "
                f"packets of {'-'.join(map(str, settings.packets))} from the left{widow}.")

    def enter(self, state: PacketTable, settings: PacketSettings) -> None:
        state.turn_to((state.dealer - 1) % state.game.players)

    def candidates(self, state: PacketTable, settings: PacketSettings) -> tuple[Action, ...]:
        return _cuts()

    def refusal(self, state: PacketTable, settings: PacketSettings,
                action: Action) -> str | None:
        if action not in _cuts():
            return "the pack is cut before the packets are dealt: 'cut 1' to 'cut 3'"
        return None

    def apply(self, state: PacketTable, settings: PacketSettings, action: Action) -> bool:
        state.cut_cards("stock", action.amount)
        state._cut = action.amount
        state.record(Event(kind="cut", player=state.to_act, amount=action.amount))
        n, dealer = state.game.players, state.dealer
        for round_, size in enumerate(settings.packets):
            for k in range(1, n + 1):
                state.deal_cards((dealer + k) % n, size)
            if round_ == 0 and settings.widow:
                state.deal_cards(-1, settings.widow, target="widow")
                state.turn_up("widow", "shown")
        return True

    def inconsistency(self, state: PacketTable, settings: PacketSettings) -> str | None:
        if state._cut or state._widow or state._shown:
            return "the pack is cut once, before anything is dealt"
        return None

    def view(self, state: PacketTable, settings: PacketSettings,
             player: int) -> dict[str, Any]:
        pack = state.game.pack
        return {"widow": len(state._widow), "shown": list(pack.names(bits(state._shown))),
                "cut": state._cut}

    def view_entries(self, game: GameRules, settings: PacketSettings) -> tuple[str, ...]:
        return ("widow", "shown", "cut")

    def families(self, game: GameRules, settings: PacketSettings) -> tuple[Family, ...]:
        return (Listed(actions=_cuts()),)

    def observation_fields(self, game: GameRules,
                           settings: PacketSettings) -> tuple[Field, ...]:
        return (Number(key="widow"), Cards(key="shown"), Number(key="cut"))

    def action_bound(self, settings: PacketSettings, variant: Variant) -> int:
        return len(CUTS)


def _cuts() -> tuple[Action, ...]:
    return tuple(Action(kind=Kind.VERB, name="cut", amount=k, label=f"cut {k}") for k in CUTS)


PACKET_DEAL = PacketDeal()
"""The phase, to register."""
