"""The fishing procedure: what plugs a fishing game into cardrules (see
:class:`cardrules.engine.procedures.Procedure`)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardrules.cards import mask_of
from cardrules.engine import state_codec
from cardrules.engine.observation import (
    Cards,
    CardsBySeat,
    Field,
    NumbersBySeat,
    OneOf,
    Seat,
)
from cardrules.engine.procedures import Procedure
from cardrules.engine.state_codec import check_cards, read_fields
from cardrules.errors import StateError
from cardrules.model.problems import Found
from plugins.fishing.model import FishingPlay, FishingScoring, Step
from plugins.fishing.state import FishingState
from plugins.fishing.tables import FishingTables

if TYPE_CHECKING:
    from cardrules.engine.game import Game
    from cardrules.engine.state import DealContext

__all__ = ["FISHING", "Fishing", "setup"]

FRAGMENT: dict[str, Any] = json.loads(
    Path(__file__).with_name("fishing.schema.json").read_text(encoding="utf-8"))
"""The schema fragment of the ``play:`` and ``scoring:`` sections (``$defs``)."""


def setup(game: Game, *, hands: list[str], table: str = "", stock: str = "",
          current: int = 0, dealer: int | None = None) -> FishingState:
    """A position: ``hands`` per player, the ``table``, the ``stock`` in drawing order;
    cards given nowhere are in the first player's won pile."""
    pack, n = game.pack, game.players
    masks = [mask_of(pack.parse_many(h)) for h in hands]
    stock_cards = tuple(reversed(pack.parse_many(stock)))
    table_mask = mask_of(pack.parse_many(table))
    used = mask_of(stock_cards) | table_mask
    for m in masks:
        used |= m
    return FishingState._make(
        game, hands=tuple(masks), stock=stock_cards, table=table_mask,
        won=(pack.full & ~used, *(0,) * (n - 1)), phase=Step.PLAY, current=current,
        dealer=(current - 1) % n if dealer is None else dealer)


class Fishing(Procedure):
    """Play a card: capture a card of its rank from the table, or lay it there."""

    name = "fishing"
    state_class = FishingState
    play_rules = FishingPlay
    scoring_rules = FishingScoring
    play_schema: Mapping[str, Any] | None = {**FRAGMENT, "$ref": "#/$defs/play"}
    scoring_schema: Mapping[str, Any] | None = {"$ref": FRAGMENT["$id"] + "#/$defs/scoring"}

    def compile(self, game: Game) -> FishingTables:
        return FishingTables.compile(game)

    def new_deal(self, game: Game, context: DealContext) -> FishingState:
        return FishingState.new(game, context)

    def from_json(self, game: Game, data: dict[str, Any]) -> FishingState:
        """Read back ``to_json()``: a :class:`StateError` naming what is wrong."""
        fields = read_fields(game.state_class, game, data)
        if fields["phase"] is not Step.OVER and not fields["hands"][fields["current"]]:
            raise StateError(f"player {fields['current']} is to move with no cards")
        state = FishingState._make(game, **fields)
        check_cards(state.zones(), game.pack.size)
        return state

    def arrange(self, game: Game, **position: Any) -> FishingState:
        return setup(game, **position)

    def resample(self, state: Any, player: int, rng: random.Random) -> FishingState:
        new: FishingState = state_codec.resample(state, player, rng)
        return new

    def observation_fields(self, game: Game) -> tuple[Field, ...]:
        return (Seat(key="current_player"), Seat(key="dealer"),
                OneOf(key="phase", values=tuple(s.value for s in Step)),
                CardsBySeat(key="hands"), Cards(key="table"), CardsBySeat(key="won"),
                NumbersBySeat(key="scores"))

    def move_limit(self, game: Game) -> int:
        """Each action plays a card from hand, and a card reaches a hand once."""
        return game.pack.size + 1

    def action_bound(self, variant: Any) -> int:
        """One action per card of the pack."""
        return len(variant.pack.ranks) * len(variant.pack.suits)

    def check(self, variant: Any) -> Iterator[Found]:
        """The table's cards come after the hands: the pack must hold both."""
        size = len(variant.pack.ranks) * len(variant.pack.suits)
        for n in range(variant.players.min, variant.players.max + 1):
            needed = variant.deal.largest(n) * n + variant.play.table
            if needed > size:
                yield ("play", "table"), (f"{n} players' hands and {variant.play.table} "
                                          f"table cards need {needed} cards; the pack "
                                          f"has {size}")
                return

    def describe(self, variant: Any) -> Iterator[str]:
        play, scoring = variant.play, variant.scoring
        if play.table:
            yield f"- After the deal {play.table} cards are turned face up on the table."
        yield ("- On your turn play one card: if a card of its rank lies face up on the "
               "table you capture both, else it joins the table.")
        if play.refill:
            yield "- When every hand is empty, the players are dealt again from the stock."
        yield "- The deal ends when the hands and the stock are empty."
        most = f"; the players with the most captured cards score {scoring.most_cards} more" \
            if scoring.most_cards else ""
        yield f"- Each captured card scores {scoring.per_card}{most}."


FISHING = Fishing()
"""The procedure object a test registers."""
