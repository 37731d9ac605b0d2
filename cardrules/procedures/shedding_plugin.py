"""The shedding procedure as a plug-in (see :mod:`cardrules.procedures`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from cardrules import state_codec
from cardrules.cards import mask_of
from cardrules.errors import StateError
from cardrules.heuristics import CardFacts
from cardrules.model.shedding import (
    CHOOSE,
    FOLLOW,
    NAME,
    OVER,
    TURN,
    SheddingPlay,
    SheddingScoring,
)
from cardrules.procedures import Procedure, register, shedding_io
from cardrules.procedures.shedding import SheddingState
from cardrules.procedures.shedding_heuristics import shedding_scorer
from cardrules.procedures.shedding_tables import SheddingTables
from cardrules.state_codec import check_cards, read_fields

if TYPE_CHECKING:
    from cardrules.actions import Action
    from cardrules.game import Game
    from cardrules.observation import Field
    from cardrules.state import DealContext

__all__ = ["Shedding", "from_json", "resample", "setup"]


def from_json(game: Game, data: dict[str, Any]) -> SheddingState:
    """Read back ``SheddingState.to_json()``; a :class:`StateError` naming what is wrong
    (a field out of range, cards that do not add up)."""
    fields = read_fields(game.state_class, game, data)
    n, phase = game.players, fields["phase"]
    if fields["own_suits"] and phase is not CHOOSE and -1 in fields["own_suits"]:
        raise StateError("own trump suits are still being chosen outside the choice")
    if phase is NAME and not game.tables.name_actions:
        raise StateError("the deal is at naming a suit but no wild card of this game names one")
    if phase in (TURN, FOLLOW, NAME) and not fields["hands"][fields["current"]]:
        raise StateError(f"player {fields['current']} is to move with no cards")
    if fields["named_suit"] >= 0 and not game.tables.name_actions:
        raise StateError("a suit is named but no wild card of this game names one")
    if fields["owner"] >= 0 and fields["top"] < 0:
        raise StateError("the top card has an owner but there is no top card")
    if len(fields["out"]) >= n and phase is not OVER:
        raise StateError("every player is out but the deal goes on")
    state = SheddingState._make(game, **fields)
    check_cards(state.zones(), game.pack.size)
    if state._stage >= len(game.phases):
        raise StateError(f"stage {state._stage} names no listed phase")
    return state


def setup(game: Game, *, hands: Sequence[str], pile: str = "", stock: str = "",
          current: int = 0, owner: int = -1, dealer: int | None = None,
          own_suits: str | Sequence[str] = "", scores: Sequence[int] | None = None,
          out: Sequence[int] = (), phase: str = "turn", drawn: int = 0, cover: bool = False,
          fresh: bool = False, named: str = "",
          starter: int | None = None) -> SheddingState:
    """A position given explicitly, for tests and puzzles.

    ``hands`` are card lists per player (``"9H 7S"``); ``pile`` is bottom to top (its last
    card is the top); ``stock`` lists the cards in the order they will be drawn.  Cards
    not mentioned anywhere are out of play (in the discard).  ``named`` is the suit named
    after a wild card, to be matched next (``phase="name_suit"``: the player to move is
    about to name one).
    """
    pack, n = game.pack, game.players
    if len(hands) != n:
        raise StateError(f"give {n} hands, one per player (got {len(hands)})")
    hand_masks = tuple(mask_of(pack.parse_many(h)) for h in hands)
    pile_cards = pack.parse_many(pile)
    stock_cards = tuple(reversed(pack.parse_many(stock)))
    used = 0
    for mask in (*hand_masks, mask_of(pile_cards), mask_of(stock_cards)):
        if used & mask:
            raise StateError("a card is given twice in the position")
        used |= mask
    if len(set(pile_cards)) != len(pile_cards) or len(set(stock_cards)) != len(stock_cards):
        raise StateError("a card is given twice in the position")
    suits = tuple(pack.suits.index(s.upper()) for s in own_suits)
    if suits and len(suits) != n:
        raise StateError(f"give {n} own trump suits, one per player (got {len(suits)})")
    if dealer is None:
        dealer = (current - 1) % n
    return SheddingState._make(
        game, hands=hand_masks, stock=stock_cards, pile=pile_cards,
        top=pile_cards[-1] if pile_cards else -1, owner=owner, cover=cover,
        fresh=fresh, current=current, phase=phase, drawn=drawn, own_suits=suits,
        out=tuple(out), scores=tuple(scores) if scores is not None else (0,) * n,
        discard=pack.full & ~used, starter=current if starter is None else starter,
        dealer=dealer, named_suit=pack.suits.index(named.upper()) if named else -1)


def resample(state: SheddingState, player: int, rng: random.Random) -> SheddingState:
    """A state ``player`` cannot tell from ``state``: the cards they cannot see (other
    hands, stock, discard, as the rule file's zones declare) re-dealt at random among
    those places, each keeping its size."""
    return state_codec.resample(state, player, rng)


class Shedding(Procedure):
    """Lay a card that beats the top of the pile, draw, or pass."""

    state_class = SheddingState
    play_rules = SheddingPlay
    scoring_rules = SheddingScoring
    name = "shedding"

    def compile(self, game: Game) -> SheddingTables:
        return SheddingTables.compile(game.pack, game.variant.play, game.variant.scoring,
                                      game.hook("after_play"))

    def new_deal(self, game: Game, context: DealContext) -> SheddingState:
        return SheddingState.new(game, context)

    def from_json(self, game: Game, data: dict[str, Any]) -> SheddingState:
        return from_json(game, data)

    def arrange(self, game: Game, **position: Any) -> SheddingState:
        return setup(game, **position)

    def move_scorer(self, view: dict[str, Any],
                    legal: Sequence[Action]) -> Callable[[Action], float]:
        return shedding_scorer(view, legal, CardFacts(view.get("pack", {})))

    def resample(self, state: Any, player: int, rng: random.Random) -> SheddingState:
        return resample(state, player, rng)

    def observation_fields(self, game: Game) -> tuple[Field, ...]:
        return shedding_io.observation_fields(game)

    def move_limit(self, game: Game) -> int:
        """Each card is played at most once and drawn at most once; a player who cannot
        beat draws (at most ``stuck_draw`` cards) or passes, and a round of passes either
        gives the pile to its owner or, with an empty stock, ends the deal.  So between
        two plays or draws there are at most ``players`` passes and follow-up ends, plus
        the ``blocked_extra_passes`` that end a blocked deal."""
        n, cards = game.players, game.pack.size
        tables: SheddingTables = game.tables
        return n + (2 * cards + 1) * (n + 2 + tables.blocked_passes)


register(Shedding())
