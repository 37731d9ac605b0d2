"""The comparing procedure as a plug-in (see :mod:`cardrules.engine.procedures`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardrules.actions import Action
from cardrules.cards import mask_of
from cardrules.engine import state_codec
from cardrules.engine.procedures import Procedure, own_state, register
from cardrules.engine.state_codec import check_cards, read_fields
from cardrules.errors import HookError, StateError
from cardrules.families.comparing import view as comparing_io
from cardrules.families.comparing.checks import check_comparing
from cardrules.families.comparing.describe import describe_comparing
from cardrules.families.comparing.heuristics import comparing_scorer
from cardrules.families.comparing.model import OVER, ComparingPlay, Payouts
from cardrules.families.comparing.state import ComparingState
from cardrules.families.comparing.tables import ComparingTables
from cardrules.model.problems import Found
from cardrules.model.sentence import Sentence

if TYPE_CHECKING:
    from cardrules.engine.observation import Field
    from cardrules.engine.state import DealContext, GameContext, State
    from cardrules.engine.views import View

__all__ = ["Comparing", "from_json", "setup"]


def from_json(game: GameContext, data: dict[str, Any]) -> ComparingState:
    """Read back ``ComparingState.to_json()``: a :class:`StateError` naming what is wrong
    (cards that do not add up, a player to act whose turn is over, a house short of its
    cards)."""
    fields = read_fields(game.state_class, game, data)
    tables: ComparingTables = game.tables
    n, house = game.players, tables.play.house
    for key in ("done", "scores", "split", "doubled", "second"):
        if len(fields[key]) != n:
            raise StateError(f"{key}: give one number per player")
    if any(d > 1 for d in fields["done"]):
        raise StateError("done: 1 for a player whose turn is over, else 0")
    for seat in range(n):
        split, second = fields["split"][seat], fields["second"][seat]
        if split > 2 or (split > 0 and not tables.play.split) or bool(split) != bool(second):
            raise StateError(f"split, second: player {seat} has a second hand exactly when "
                             "they split (0 no split; 1, 2 the hand they play), where the "
                             "rules allow it")
        if fields["doubled"][seat] > int(tables.play.double) or \
                (fields["doubled"][seat] and split):
            raise StateError(f"doubled: player {seat} doubles only where the rules allow "
                             "it, and not after a split")
    if fields["phase"] is not OVER:
        if fields["current"] >= n or fields["done"][fields["current"]]:
            raise StateError(f"current: player {fields['current']}'s turn is over")
        if any(fields["done"][s] for s in range(fields["current"], n)):
            raise StateError("done: the players after the one to act have not played yet")
        if fields["hole"].bit_count() != house.hole or len(fields["house"]) != \
                house.cards - house.hole:
            raise StateError(f"hole, house: the house has {house.hole} card(s) face down and "
                             f"{house.cards - house.hole} face up until the players are done")
    for seat, hand in enumerate(fields["hands"]):
        if hand.bit_count() < (1 if fields["split"][seat] else tables.hand):
            raise StateError(f"hands: player {seat} has fewer than the {tables.hand} "
                             "cards dealt")
    state = ComparingState._make(game, **fields)
    check_cards(state.zones(), game.pack)
    return state


def setup(game: GameContext, *, hands: Sequence[str], house: str, stock: str = "",
          dealer: int = 0) -> ComparingState:
    """A position for tests and puzzles: each player's ``hands``, the ``house``'s cards in
    dealing order (its hole cards first), then the ``stock`` in the order it will be
    drawn (cards given nowhere lie under them); seat 0 to act.

    >>> import cardrules
    >>> state = cardrules.load("blackjack").setup(hands=["AS 6H"], house="KD 9C")
    >>> state.view(0).totals, state.view(0).soft, state.view(0).house
    ([17], [1], ['9C'])
    """
    pack, n = game.pack, game.players
    tables: ComparingTables = game.tables
    if len(hands) != n:
        raise StateError(f"give {n} hands, one per player (got {len(hands)})")
    masks = [mask_of(pack.parse_many(h)) for h in hands]
    housed = pack.parse_many(house)
    rule = tables.play.house
    if len(housed) != rule.cards:
        raise StateError(f"house: give the house's {rule.cards} cards (got {len(housed)})")
    later = pack.parse_many(stock)
    given = [*housed, *later]
    used = 0
    for m in (*masks, mask_of(given)):
        if used & m:
            raise StateError("a card is given twice in the position")
        used |= m
    if len(set(given)) != len(given):
        raise StateError("a card is given twice in the position")
    rest = [c for c in pack.cards if not (used >> c) & 1]
    return ComparingState._make(
        game, hands=tuple(masks), hole=mask_of(housed[:rule.hole]),
        house=tuple(housed[rule.hole:]), stock=(*rest, *reversed(later)),
        second=(0,) * n, split=(0,) * n, doubled=(0,) * n, done=(0,) * n,
        scores=(0,) * n, phase="play", dealer=dealer, current=0)


class Comparing(Procedure):
    """Each player against the house: hit or stand, then the house draws by its rule."""

    name = "comparing"
    state_class = ComparingState
    view_type = comparing_io.ComparingView
    play_rules = ComparingPlay
    scoring_rules = Payouts
    fewest_players = 1
    play_schema: Mapping[str, Any] | None = {"$ref": "comparing.schema.json#/$defs/play"}
    scoring_schema: Mapping[str, Any] | None = {"$ref": "comparing.schema.json#/$defs/scoring"}

    def view_entries(self, game: GameContext) -> tuple[str, ...]:
        return comparing_io.view_entries(game)

    def compile(self, game: GameContext) -> ComparingTables:
        if game.pack.extra:  # added by a pack hook (the rule file's are refused)
            raise HookError("a hand's total adds the values of ranks, which an extra card "
                            "(a joker) lacks: a pack hook may not add one")
        return ComparingTables.compile(game)

    def new_deal(self, game: GameContext, context: DealContext) -> ComparingState:
        return ComparingState.new(game, context)

    def from_json(self, game: GameContext, data: dict[str, Any]) -> ComparingState:
        return from_json(game, data)

    def arrange(self, game: GameContext, **position: Any) -> ComparingState:
        return setup(game, **position)

    def resample(self, state: State, player: int, rng: random.Random) -> ComparingState:
        """The cards ``player`` cannot see (the house's hole cards, the stock, hands
        dealt face down) re-dealt at random among those places, each keeping its size."""
        new: ComparingState = state_codec.resample(own_state(ComparingState, state), player, rng)
        return new

    def observation_fields(self, game: GameContext) -> tuple[Field, ...]:
        return comparing_io.observation_fields(game)

    def move_limit(self, game: GameContext) -> int:
        """Each player hits at most once per card of the pack, and stands (or doubles,
        or splits) once for each of their hands."""
        return game.players * (game.pack.count + 3) + 1

    def check(self, variant: Any) -> Iterator[Found]:
        return check_comparing(variant)

    def action_bound(self, variant: Any) -> int:
        """Hit and stand, and double and split where the rules allow them."""
        play = variant.play
        assert isinstance(play, ComparingPlay)
        return 2 + int(play.double) + int(play.split)

    def describe(self, variant: Any) -> Iterator[Sentence]:
        return describe_comparing(variant)

    def first_move(self, variant: Any, usual: str) -> str:
        """Seat 0 plays first, whoever deals."""
        return "seat 0 plays first, whoever deals"

    def draws_stock(self, variant: Any) -> bool:
        """Players and the house draw from the stock."""
        return True

    def move_scorer(self, view: View,
                    legal: Sequence[Action]) -> Callable[[Action], float]:
        totals = view.totals
        own = totals[view.player] if totals[view.player] is not None else 0
        return comparing_scorer(own, view.house_total, view.goal)


register(Comparing())
