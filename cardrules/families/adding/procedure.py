"""The adding procedure as a plug-in (see :mod:`cardrules.engine.procedures`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardrules.actions import Action
from cardrules.cards import mask_of
from cardrules.engine import state_codec
from cardrules.engine.procedures import Procedure, own_state, register
from cardrules.engine.standings import Partnerships
from cardrules.engine.state_codec import check_cards, read_fields
from cardrules.errors import HookError, StateError
from cardrules.families.adding import view as adding_io
from cardrules.families.adding.checks import action_bound, check_adding
from cardrules.families.adding.describe import describe_adding
from cardrules.families.adding.heuristics import adding_scorer
from cardrules.families.adding.model import DISCARD, OVER, PLAY, AddingPlay, AddingScoring
from cardrules.families.adding.policy import AddingPolicy
from cardrules.families.adding.state import AddingState
from cardrules.families.adding.tables import AddingTables
from cardrules.model.problems import Found
from cardrules.model.sentence import Sentence

if TYPE_CHECKING:
    from cardrules.engine.observation import Field
    from cardrules.engine.state import DealContext, GameContext, State
    from cardrules.engine.views import View

__all__ = ["Adding", "from_json", "setup"]



def from_json(game: GameContext, data: dict[str, Any]) -> AddingState:
    """Read back ``AddingState.to_json()``: a :class:`StateError` naming what is wrong
    (cards that do not add up, a total the cards played do not make)."""
    fields = read_fields(game.state_class, game, data)
    tables: AddingTables = game.tables
    if fields["phase"] is not OVER and fields["stage"] < 0:
        sequence = fields["sequence"]
        if any(not 0 <= c < game.pack.size for c in sequence):
            raise StateError("sequence: a card of the round is not in the pack")
        played = 0
        for p in fields["played"]:
            played |= p
        if any(not (played >> c) & 1 for c in sequence) or len(set(sequence)) != len(sequence):
            raise StateError("sequence: the round's cards are cards played, each once")
        if sum(tables.values[c] for c in sequence) != fields["total"]:
            raise StateError("total: the running total is the sum of the round's cards")
        if fields["total"] > tables.play.limit:
            raise StateError(f"total: {fields['total']} is past the limit "
                             f"{tables.play.limit}")
    for key in ("points", "gone", "scores"):
        if len(fields[key]) != game.players:
            raise StateError(f"{key}: give one number per player")
    state = AddingState._make(game, **fields)
    check_cards(state.zones(), game.pack.size)
    return state


def setup(game: GameContext, *, hands: Sequence[str], sequence: str = "",
          played: Sequence[str] = (), crib: Sequence[str] = (), starter: str = "",
          stock: str = "", total: int | None = None, points: Sequence[int] = (),
          current: int = 0, dealer: int | None = None, last: int = -1,
          gone: Sequence[int] = (), discarding: bool = False) -> AddingState:
    """A position for tests and puzzles: ``hands`` per player, this round's
    ``sequence`` of cards (played by the players before ``current`` in turn unless
    ``played`` says), the cards each player played before (``played``), each player's
    discards in the ``crib``, the ``starter`` (default: a card given nowhere), the
    ``stock`` in dealing order, the running ``total`` (default: the sequence's),
    ``points``, who has said ``go``, and the ``last`` to play.  With ``discarding``, the
    players are still laying cards away (no starter yet).  Cards given nowhere go to the
    stock."""
    pack, n = game.pack, game.players
    tables: AddingTables = game.tables
    if len(hands) != n:
        raise StateError(f"give {n} hands, one per player (got {len(hands)})")
    masks = [mask_of(pack.parse_many(h)) for h in hands]
    seq = pack.parse_many(sequence)
    plays = [mask_of(pack.parse_many(w)) for w in played] + [0] * (n - len(played))
    if not played:  # the sequence's cards were played in turn, ending before ``current``
        before = game.turns.preceding
        seat = current
        for card in reversed(seq):
            seat = before[seat]
            plays[seat] |= 1 << card
    cribs = [mask_of(pack.parse_many(c)) for c in crib] + [0] * (n - len(crib))
    used = 0
    for m in (*masks, *plays, *cribs):
        if used & m:
            raise StateError("a card is given twice in the position")
        used |= m
    starter_cards = tuple(pack.parse_many(starter))
    stock_cards = tuple(reversed(pack.parse_many(stock)))
    for c in (*starter_cards, *stock_cards):
        if (used >> c) & 1:
            raise StateError("a card is given twice in the position")
        used |= 1 << c
    rest = [c for c in pack.cards if not (used >> c) & 1]
    if not discarding and not starter_cards:
        starter_cards = (rest.pop(),)
    stock_cards = (*rest, *stock_cards)
    if seq and last < 0:
        last = next(p for p in range(n) if (plays[p] >> seq[-1]) & 1)
    return AddingState._make(
        game, hands=tuple(masks), played=tuple(plays), crib=tuple(cribs),
        starter=mask_of(starter_cards) if not discarding else 0,
        stock=tuple(stock_cards), crib_stock=0, sequence=tuple(seq),
        total=sum(tables.values[c] for c in seq) if total is None else total,
        points=tuple(points) or (0,) * n, gone=tuple(gone) or (0,) * n,
        scores=(0,) * n, last=last, winner=-1, phase=DISCARD if discarding else PLAY,
        current=current, dealer=game.turns.before(current) if dealer is None else dealer,
        seed=0)


class Adding(Procedure):
    """Play cards to a running total that may not pass a limit, scoring on the way, then
    show the hands with a starter card."""

    name = "adding"
    state_class = AddingState
    view_type = adding_io.AddingView
    play_rules = AddingPlay
    scoring_rules = AddingScoring
    play_schema: Mapping[str, Any] | None = {"$ref": "adding.schema.json#/$defs/play"}
    scoring_schema: Mapping[str, Any] | None = {"$ref": "adding.schema.json#/$defs/scoring"}

    def view_entries(self, game: GameContext) -> tuple[str, ...]:
        return adding_io.view_entries(game)

    def compile(self, game: GameContext) -> AddingTables:
        if game.pack.extra:  # added by a pack hook (the rule file's are refused)
            raise HookError("the adding procedure counts cards by rank, which an extra "
                            "card (a joker) lacks: a pack hook may not add one")
        return AddingTables.compile(game)

    def new_deal(self, game: GameContext, context: DealContext) -> AddingState:
        return AddingState.new(game, context)

    def from_json(self, game: GameContext, data: dict[str, Any]) -> AddingState:
        return from_json(game, data)

    def arrange(self, game: GameContext, **position: Any) -> AddingState:
        return setup(game, **position)

    def resample(self, state: State, player: int, rng: random.Random) -> AddingState:
        """The cards ``player`` cannot see (the others' hands and discards, the stock)
        re-dealt at random among those places, each keeping its size; the later hands'
        shuffles, which nobody knows, are drawn from ``rng`` too."""
        new: AddingState = state_codec.resample(own_state(AddingState, state), player, rng)
        new._seed = rng.getrandbits(63)
        return new

    def observation_fields(self, game: GameContext) -> tuple[Field, ...]:
        return adding_io.observation_fields(game)

    def move_limit(self, game: GameContext) -> int:
        """Per hand: the discards, each card played, and at most ``2n - 1`` go's per card
        played (a turn round with no card played ends the round of play); times
        ``max_hands``."""
        tables: AddingTables = game.tables
        n = game.players
        cards = n * tables.play.keep
        return tables.play.max_hands * (n * tables.hand + 2 * n * cards + n) + 1

    def check(self, variant: Any) -> Iterator[Found]:
        return check_adding(variant)

    def action_bound(self, variant: Any) -> int:
        """See :func:`~cardrules.families.adding.checks.action_bound`."""
        return action_bound(variant)

    def describe(self, variant: Any) -> Iterator[Sentence]:
        return describe_adding(variant)

    def in_partnerships(self, variant: Any) -> bool:
        return bool(variant.play.partners)

    def partnerships(self, game: GameContext) -> Partnerships:
        partnerships: Partnerships = game.tables.partnerships
        return partnerships

    def rollout_policy(self, game: GameContext) -> Callable[[Any, random.Random], Action]:
        """Score on the way when a card does (:class:`AddingPolicy`)."""
        return AddingPolicy()

    def move_scorer(self, view: View,
                    legal: Sequence[Action]) -> Callable[[Action], float]:
        hands = view.hands
        own = hands[view.player] if isinstance(hands[view.player], list) else []
        return adding_scorer(getattr(view, "sequence", []), getattr(view, "total", 0),
                             view.card_facts, hand=own, limit=getattr(view, "limit", 31))


register(Adding())
