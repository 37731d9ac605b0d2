"""The rummy procedure as a plug-in (see :mod:`cardrules.engine.procedures`)."""

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
from cardrules.families.rummy import view as rummy_io
from cardrules.families.rummy.checks import action_bound, check_rummy
from cardrules.families.rummy.describe import describe_rummy
from cardrules.families.rummy.heuristics import rummy_scorer
from cardrules.families.rummy.model import OVER, RummyPlay, RummyScoring, Step
from cardrules.families.rummy.policy import RummyPolicy
from cardrules.families.rummy.state import RummyState
from cardrules.families.rummy.tables import RummyTables
from cardrules.model.problems import Found
from cardrules.model.sentence import Sentence

if TYPE_CHECKING:
    from cardrules.engine.observation import Field
    from cardrules.engine.state import DealContext, GameContext, State
    from cardrules.engine.views import View

__all__ = ["Rummy", "from_json", "setup"]


def from_json(game: GameContext, data: dict[str, Any]) -> RummyState:
    """Read back ``RummyState.to_json()``: a :class:`StateError` naming what is wrong
    (melds that are not melds, a knocker missing after a knock)."""
    fields = read_fields(game.state_class, game, data)
    tables: RummyTables = game.tables
    for seat, melds in enumerate(fields["meld_list"]):
        joined = 0
        for meld in melds:
            if meld not in tables.meld_index or joined & meld:
                raise StateError(f"meld_list: seat {seat} has a meld that is no meld")
            joined |= meld
        if joined != fields["melds"][seat]:
            raise StateError(f"meld_list: seat {seat}'s melds are not its cards laid")
    if fields["phase"] in (Step.KNOCK, Step.LAYOFF, Step.MELD) and fields["knocker"] < 0:
        raise StateError("knocker: a knock is played out with nobody having knocked")
    if fields["phase"] is not OVER and not fields["pile"] and fields["phase"] in (
            Step.FIRST, Step.DRAW, Step.WALL):
        raise StateError("pile: the player to move takes the upcard from an empty pile")
    state = RummyState._make(game, **fields)
    check_cards(state.zones(), game.pack.size)
    return state


def setup(game: GameContext, *, hands: Sequence[str], pile: str = "", stock: str = "",
          melds: Sequence[Sequence[str]] = (), layoffs: str = "", knocker: int = -1,
          phase: str = "draw", current: int = 0, dealer: int | None = None,
          passed: Sequence[int] = (), limit: int | None = None) -> RummyState:
    """A position for tests and puzzles: ``hands`` per player, the discard ``pile`` (from
    its bottom to the upcard), the ``stock`` in drawing order, each seat's ``melds`` laid
    (each meld one string), the cards laid off (``layoffs``), the ``knocker``, the step
    (``phase``), the player to move and the seats that ``passed`` the first upcard.
    Cards given nowhere lie dead at the bottom of the pile."""
    pack, n = game.pack, game.players
    tables: RummyTables = game.tables
    if len(hands) != n:
        raise StateError(f"give {n} hands, one per player (got {len(hands)})")
    masks = [mask_of(pack.parse_many(h)) for h in hands]
    pile_cards = pack.parse_many(pile)
    stock_cards = tuple(reversed(pack.parse_many(stock)))
    meld_list = [tuple(mask_of(pack.parse_many(m)) for m in seat) for seat in melds]
    meld_list += [()] * (n - len(meld_list))
    for seat in meld_list:
        for meld in seat:
            if meld not in tables.meld_index:
                raise StateError(f"{' '.join(pack.names(pack.cards_of(meld)))} is no meld")
    laid = [sum(seat) for seat in meld_list]
    off = mask_of(pack.parse_many(layoffs))
    used = 0
    for m in (*masks, mask_of(pile_cards), mask_of(stock_cards), *laid, off):
        if used & m:
            raise StateError("a card is given twice in the position")
        used |= m
    dead = tuple(pack.cards_of(pack.full & ~used))
    try:
        step = Step(phase)
    except ValueError:
        raise StateError(f"unknown phase {phase!r}: one of "
                         f"{', '.join(s.value for s in Step)}") from None
    return RummyState._make(
        game, hands=tuple(masks), stock=stock_cards, pile=(*dead, *pile_cards),
        melds=tuple(laid), meld_list=tuple(meld_list), laid_off=off, known=(0,) * n,
        passed=tuple(passed) or (0,) * n, knocker=knocker, taken=-1,
        limit=tables.play.knock if limit is None else limit, deadwood=(0,) * n,
        phase=step, current=current,
        dealer=game.turns.before(current) if dealer is None else dealer)


class Rummy(Procedure):
    """Draw from the stock or take the upcard, discard; knock with little deadwood, lay
    melds, lay off on the knocker's melds."""

    name = "rummy"
    state_class = RummyState
    view_type = rummy_io.RummyView
    play_rules = RummyPlay
    scoring_rules = RummyScoring
    play_schema: Mapping[str, Any] | None = {"$ref": "rummy.schema.json#/$defs/play"}
    scoring_schema: Mapping[str, Any] | None = {"$ref": "rummy.schema.json#/$defs/scoring"}

    def view_entries(self, game: GameContext) -> tuple[str, ...]:
        return rummy_io.view_entries(game)

    def compile(self, game: GameContext) -> RummyTables:
        if game.pack.extra:  # added by a pack hook (the rule file's are refused)
            raise HookError("the rummy procedure melds by rank and suit, which an extra "
                            "card (a joker) lacks: a pack hook may not add one")
        return RummyTables.compile(game)

    def new_deal(self, game: GameContext, context: DealContext) -> RummyState:
        return RummyState.new(game, context)

    def from_json(self, game: GameContext, data: dict[str, Any]) -> RummyState:
        return from_json(game, data)

    def arrange(self, game: GameContext, **position: Any) -> RummyState:
        return setup(game, **position)

    def resample(self, state: State, player: int, rng: random.Random) -> RummyState:
        """The cards ``player`` cannot see (the other hand but the cards it saw taken
        from the pile, the stock) re-dealt at random among those places, each keeping
        its size."""
        new: RummyState = state_codec.resample(own_state(RummyState, state), player, rng)
        return new

    def kept_cards(self, state: Any, player: int) -> int:
        """The cards ``player`` saw the other take from the pile, still in their hand."""
        known: int = own_state(RummyState, state)._known[player]
        return known

    def observation_fields(self, game: GameContext) -> tuple[Field, ...]:
        return rummy_io.observation_fields(game)

    def move_limit(self, game: GameContext) -> int:
        """Two actions per card drawn from the stock and per upcard taken, a first upcard
        offered to each player, and the melds, layoffs and passes of the end."""
        play: RummyPlay = game.tables.play
        return 2 * game.pack.size + 2 * play.upcard_limit + game.pack.size + 8

    def check(self, variant: Any) -> Iterator[Found]:
        return check_rummy(variant)

    def action_bound(self, variant: Any) -> int:
        """See :func:`~cardrules.families.rummy.checks.action_bound`."""
        return action_bound(variant)

    def describe(self, variant: Any) -> Iterator[Sentence]:
        return describe_rummy(variant)

    def draws_stock(self, variant: Any) -> bool:
        return True

    def starter_place(self, variant: Any) -> str:
        return "discard pile"

    def rollout_policy(self, game: GameContext) -> Callable[[Any, random.Random], Action] | None:
        """See :class:`~cardrules.families.rummy.policy.RummyPolicy`."""
        return RummyPolicy(game)

    def move_scorer(self, view: View,
                    legal: Sequence[Action]) -> Callable[[Action], float]:
        return rummy_scorer(getattr(view, "unmelded", []), view.card_facts)


register(Rummy())
