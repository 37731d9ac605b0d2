"""The fishing procedure as a plug-in (see :mod:`cardrules.engine.procedures`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardrules.actions import Action
from cardrules.cards import mask_of
from cardrules.engine import state_codec
from cardrules.engine.pauses import ResumeFields, lists_phases_at
from cardrules.engine.procedures import Procedure, own_state, register
from cardrules.engine.standings import Partnerships
from cardrules.engine.state_codec import check_cards, read_fields
from cardrules.engine.turns import When
from cardrules.errors import HookError, StateError
from cardrules.families.fishing import view as fishing_io
from cardrules.families.fishing.checks import action_bound, check_fishing
from cardrules.families.fishing.describe import describe_fishing
from cardrules.families.fishing.heuristics import fishing_scorer
from cardrules.families.fishing.model import OVER, PLAY, Build, FishingPlay, FishingScoring
from cardrules.families.fishing.scoring import sides
from cardrules.families.fishing.state import FishingState
from cardrules.families.fishing.tables import FishingTables
from cardrules.model.problems import Found
from cardrules.model.sentence import Sentence

if TYPE_CHECKING:
    from cardrules.engine.observation import Field
    from cardrules.engine.state import DealContext, GameContext, State
    from cardrules.engine.views import View

__all__ = ["Fishing", "from_json", "setup"]


def from_json(game: GameContext, data: dict[str, Any]) -> FishingState:
    """Read back ``FishingState.to_json()``: a :class:`StateError` naming what is wrong
    (a player to move with no cards, cards that do not add up)."""
    fields = read_fields(game.state_class, game, data)
    stage, resume = fields["stage"], fields.get("resume", -1)
    paused = 0 <= stage < len(game.phases) and not game.timings[stage].before_play
    if paused and (resume < 0 or fields["phase"] is OVER):
        raise StateError(f"the {game.phases[stage][0].name.replace('_', ' ')} phase runs "
                         f"between rounds of dealing, but play is not between two rounds")
    if not paused and resume >= 0:
        raise StateError("play waits for the phases listed between rounds of dealing, but "
                         "none is at work")
    mover = resume if paused else fields["current"]
    if fields["phase"] is not OVER and (stage < 0 or paused) and not fields["hands"][mover]:
        raise StateError(f"player {mover} is to move with no cards")
    top, table = fields["top"], fields["table"]
    if game.tables.play.capture.pile:
        if (top >= 0) != bool(table) or (top >= 0 and not (table >> top) & 1):
            raise StateError("top: a pile's top card is one of its face-up cards")
    elif top >= 0 or fields["down"]:
        raise StateError("top, down: only a pile (capture: pile) has a top card and "
                         "cards face down")
    built = 0
    for build in fields["builds"]:
        if not game.tables.play.builds or build.cards & ~table or build.cards & built:
            raise StateError("builds: a build's cards lie on the table, in one build only, "
                             "and only with play.builds")
        built |= build.cards
    state = FishingState._make(game, **fields)
    check_cards(state.zones(), game.pack.size)
    return state


def setup(game: GameContext, *, hands: Sequence[str], table: str = "", stock: str = "",
          won: Sequence[str] = (), sweeps: Sequence[int] = (), last: int = -1,
          current: int = 0, dealer: int | None = None, down: str = "",
          sweep_points: Sequence[int] = (),
          builds: Sequence[tuple[str, int, int]] = ()) -> FishingState:
    """A position for tests and puzzles: ``hands`` per player, the ``table`` (with a
    pile, from its bottom to its top card) and the cards face ``down`` under it, the
    ``stock`` in dealing order, each player's captured cards (``won``), ``sweeps`` so
    far and their points (default: ``scoring.sweep`` each), and the ``last`` player to
    capture, and the ``builds`` on the table as (their table cards, value, owner), a
    value below the sum of its cards making a multiple build.  Cards given nowhere go
    to the last pile ``won`` names, or to the first player's pile when ``won`` is not
    given."""
    pack, n = game.pack, game.players
    if len(hands) != n:
        raise StateError(f"give {n} hands, one per player (got {len(hands)})")
    masks = [mask_of(pack.parse_many(h)) for h in hands]
    piles = [mask_of(pack.parse_many(w)) for w in won] + [0] * (n - len(won))
    stock_cards = tuple(reversed(pack.parse_many(stock)))
    table_cards = pack.parse_many(table)
    table_mask, down_mask = mask_of(table_cards), mask_of(pack.parse_many(down))
    pile = game.tables.play.capture.pile
    if down_mask and not pile:
        raise StateError("cards lie face down only under a pile (capture: pile)")
    if down_mask and not table_mask:
        raise StateError("face-down cards lie under a pile with a face-up top card")
    used = 0
    for m in (*masks, *piles, mask_of(stock_cards), table_mask, down_mask):
        if used & m:
            raise StateError("a card is given twice in the position")
        used |= m
    piles[len(won) - 1 if won else 0] |= pack.full & ~used
    made = []
    for cards, value, owner in builds:
        mask = mask_of(pack.parse_many(cards))
        if mask & ~table_mask or mask.bit_count() < 2:
            raise StateError("a build is two table cards or more")
        total = sum(game.tables.values[c] for c in pack.cards_of(mask))
        made.append(Build(cards=mask, value=value, owner=owner, multiple=total != value))
    counts = tuple(sweeps) or (0,) * n
    return FishingState._make(
        game, hands=tuple(masks), stock=stock_cards, table=table_mask, won=tuple(piles),
        down=down_mask, top=table_cards[-1] if pile and table_cards else -1,
        buried=(0,) * n, sweeps=counts, builds=tuple(made),
        sweep_points=tuple(sweep_points) or tuple(c * game.tables.scoring.sweep
                                                  for c in counts),
        last=last, phase=PLAY, current=current,
        dealer=game.turns.before(current) if dealer is None else dealer)


class Fishing(Procedure):
    """Play a card: capture cards of its rank or adding up to its value from the face-up
    table, or lay it there."""

    name = "fishing"
    state_class = FishingState
    view_type = fishing_io.FishingView
    play_rules = FishingPlay
    scoring_rules = FishingScoring
    play_schema: Mapping[str, Any] | None = {"$ref": "fishing.schema.json#/$defs/play"}
    scoring_schema: Mapping[str, Any] | None = {"$ref": "fishing.schema.json#/$defs/scoring"}
    deals_after_phases = True
    pauses = frozenset({When.BETWEEN_ROUNDS})

    def field_mixins(self, variant: Any) -> tuple[type, ...]:
        """Who plays once the phases listed between rounds of dealing are done, in the
        games that list one."""
        return (ResumeFields,) if lists_phases_at(variant, When.BETWEEN_ROUNDS) else ()

    def view_entries(self, game: GameContext) -> tuple[str, ...]:
        return fishing_io.view_entries(game)

    def compile(self, game: GameContext) -> FishingTables:
        if game.pack.extra:  # added by a pack hook (the rule file's are refused)
            raise HookError("the fishing procedure captures by rank and value, which an "
                            "extra card (a joker) lacks: a pack hook may not add one")
        return FishingTables.compile(game)

    def new_deal(self, game: GameContext, context: DealContext) -> FishingState:
        return FishingState.new(game, context)

    def from_json(self, game: GameContext, data: dict[str, Any]) -> FishingState:
        return from_json(game, data)

    def arrange(self, game: GameContext, **position: Any) -> FishingState:
        return setup(game, **position)

    def resample(self, state: State, player: int, rng: random.Random) -> FishingState:
        """The cards ``player`` cannot see (the others' hands, the stock) re-dealt at
        random among those places, each keeping its size."""
        new: FishingState = state_codec.resample(own_state(FishingState, state), player,
                                                 rng)
        return new

    def observation_fields(self, game: GameContext) -> tuple[Field, ...]:
        return fishing_io.observation_fields(game)

    def move_limit(self, game: GameContext) -> int:
        """Each action of play plays a card from hand, and a card reaches a hand once;
        a listed phase runs before play and at most once per round of dealing (a round
        deals a card at least), and is allowed four actions per player each time."""
        cards = game.pack.size
        return cards + 1 + len(game.phases) * 4 * game.players * (cards + 1)

    def check(self, variant: Any) -> Iterator[Found]:
        return check_fishing(variant)

    def action_bound(self, variant: Any) -> int:
        """See :func:`~cardrules.families.fishing.checks.action_bound`."""
        return action_bound(variant)

    def describe(self, variant: Any) -> Iterator[Sentence]:
        return describe_fishing(variant)

    def starter_place(self, variant: Any) -> str:
        return "table"

    def in_partnerships(self, variant: Any) -> bool:
        return bool(variant.play.partners)

    def partnerships(self, game: GameContext) -> Partnerships:
        return sides(game)

    def move_scorer(self, view: View,
                    legal: Sequence[Action]) -> Callable[[Action], float]:
        return fishing_scorer(view.table, view.card_facts, top=getattr(view, "top", None),
                              face_down=getattr(view, "face_down", 0))


register(Fishing())
