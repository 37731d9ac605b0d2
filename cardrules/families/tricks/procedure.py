"""The tricks procedure as a plug-in (see :mod:`cardrules.engine.procedures`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from cardrules.cards import mask_of
from cardrules.engine import flow, state_codec
from cardrules.engine.procedures import Procedure, own_state, register
from cardrules.engine.standings import Partnerships, lower_is_better
from cardrules.engine.state_codec import check_cards, read_fields
from cardrules.engine.table import CardOrder as PhaseCardOrder
from cardrules.engine.turns import When
from cardrules.errors import StateError
from cardrules.families.tricks import view as tricks_io
from cardrules.families.tricks.announced import AnnouncedFields, uses_announced_fields
from cardrules.families.tricks.bounds import tricks_bound
from cardrules.families.tricks.checks import check_tricks
from cardrules.families.tricks.counted import (
    CountedFields,
    too_many_set_aside,
    uses_counted_fields,
)
from cardrules.families.tricks.deal import partnerships
from cardrules.families.tricks.describe import describe_tricks
from cardrules.families.tricks.drawn import DrawnHandFields, draws_hand_size
from cardrules.families.tricks.face_up import FaceUpFields, turn_up
from cardrules.families.tricks.heuristics import trick_scorer
from cardrules.families.tricks.hooks import TrickCard, TrickCardInput
from cardrules.families.tricks.melds import MeldFields, uses_meld_fields
from cardrules.families.tricks.model import (
    ANSWER,
    LEAD,
    OVER,
    DrawOrder,
    Partners,
    TrickScoring,
    TricksPlay,
    TrumpSource,
)
from cardrules.families.tricks.policy import TricksPolicy
from cardrules.families.tricks.state import TricksState
from cardrules.families.tricks.stock import StockFields, uses_stock_fields
from cardrules.families.tricks.tables import CardOrder, TricksTables
from cardrules.families.tricks.trump_order import TrumpOrder, has_order
from cardrules.hooks import is_default
from cardrules.model.problems import Found
from cardrules.model.sentence import Sentence

if TYPE_CHECKING:
    from cardrules.actions import Action
    from cardrules.engine.observation import Field
    from cardrules.engine.state import DealContext, GameContext, State
    from cardrules.engine.table import CountsPoints, LaysDummy, NamesTrump
    from cardrules.engine.views import View

    _OFFERED: type[NamesTrump] = TricksState
    _DUMMY: type[LaysDummy] = TricksState
    _COUNTED: type[CountsPoints] = TricksState
    """What the procedure offers listed phases, checked by mypy: its states are tables
    with the operations the phases that need it call."""

__all__ = ["Tricks", "from_json", "resample", "setup"]


def from_json(game: GameContext, data: dict[str, Any]) -> TricksState:
    """Read back ``TricksState.to_json()``; a :class:`StateError` naming what is wrong
    (a field out of range, a trick that contradicts the phase, cards that do not add
    up)."""
    if "broken" not in data:  # written before the field existed: nothing was broken yet
        data = {**data, "broken": False}
    if "named_leader" not in data:  # written before the field: read once dealt
        data = {**data, "named_leader": -1}
    n = game.players
    if game.tables.stock_actions or game.tables.scores:
        written_before: dict[str, Any] = {  # fields added later: values in older states
            "closed": -1, "announcer": -1, "declared": [0] * n, "pending": [0] * n,
            "shown": [[] for _ in range(n)], "exchanged": None}
        data = {**written_before, **data}
    fields = read_fields(game.state_class, game, data)
    phase, plays = fields["phase"], fields["plays"]
    if (phase is ANSWER) != bool(plays) or len(plays) >= n:
        raise StateError(f"a trick of {len(plays)} set(s) contradicts the phase {phase.value!r}")
    if plays and not 0 <= fields["holder"] < n:
        raise StateError("a trick is on the table but nobody holds it")
    dealing = flow.undealt(game, fields["stage"])  # before the deal the hands are empty
    stage = fields["stage"]
    if 0 <= stage < len(game.phases) and not game.timings[stage].before_play and (
            phase is not LEAD or plays or fields["asking"] or not any(fields["tricks"])):
        raise StateError(f"the {game.phases[stage][0].name.replace('_', ' ')} phase runs "
                         f"between tricks, but play is not between two tricks")
    if phase is not OVER and not fields["hands"][fields["current"]] and not dealing:
        raise StateError(f"player {fields['current']} is to play with no cards")
    if "set_aside" in fields and (why := too_many_set_aside(fields["tricks"],
                                                            fields["set_aside"])):
        raise StateError(f"set_aside: {why}")
    if "drawn_hand" in fields:
        check_drawn(game, fields["drawn_hand"], fields["hands"])
    if len(dummy := fields["dummy"]) not in (0, 2):
        raise StateError(f"dummy: the dummy and the seat that plays it, or nobody, not "
                         f"{list(dummy)}")
    state = TricksState._make(game, **fields)
    check_cards(state.zones(), game.pack)
    if state._down & ~mask_of_all(plays):
        raise StateError("a face-down card is not in the trick")
    return state


def _placed(order: PhaseCardOrder) -> CardOrder:
    """A listed phase's card order as a ``card_order`` hook answers (whatever the trump
    suit asked: the order carries its own)."""
    cards = tuple(TrickCard(suit=suit, order=rank) for suit, rank in order.placed)

    def place(position: TrickCardInput) -> TrickCard:
        return cards[position.card]

    return place


def check_drawn(game: GameContext, drawn: int, hands: Sequence[int]) -> None:
    """A :class:`StateError` unless ``drawn`` is a hand size the game draws by lot
    (``deal.hand.by_lot``) and no hand holds more cards."""
    sizes = game.variant.deal.sizes(game.players)
    if drawn not in sizes:
        raise StateError(f"drawn_hand: {drawn} is not a hand size this game draws with "
                         f"{game.players} players ({min(sizes)} to {max(sizes)})")
    if (most := max(h.bit_count() for h in hands)) > drawn:
        raise StateError(f"drawn_hand: a hand holds {most} cards, more than the "
                         f"{drawn} dealt")


def setup(game: GameContext, *, hands: Sequence[str], stock: str = "", trump: str = "",
          trump_card: str = "", leader: int = 0, dealer: int | None = None,
          won: Sequence[str] | None = None, tricks: Sequence[int] | None = None,
          broken: bool = False, closed: int = -1,
          declared: Sequence[int] | None = None,
          set_aside: Sequence[int] | None = None) -> TricksState:
    """A position at the start of a trick, for tests and puzzles.

    ``hands`` are card lists per player (``"AS 10S KH"``); ``stock`` lists the cards in
    the order they will be drawn; ``trump_card`` (drawn last, after the stock) fixes the
    trump suit unless ``trump`` names it (default: the variant's fixed trump suit, if
    any); when trumps are named by the dealer's card (``dealer_card``), ``trump_card``
    names a card of the dealer's hand instead.  ``broken`` tells whether the suits that
    may not be led until broken are broken; ``closed`` names who closed the stock (-1:
    open); ``declared`` gives each player's points of declared combinations that count;
    ``set_aside`` how many of each player's ``tricks`` count nothing (``scoring.counted``).
    When hand sizes are drawn by lot (``deal.hand.by_lot``), the size drawn is the largest
    hand given plus the tricks played.  Cards not mentioned anywhere are out of play.  The
    declaration window before ``leader``'s lead opens at once.
    """
    pack, n = game.pack, game.players
    if len(hands) != n:
        raise StateError(f"give {n} hands, one per player (got {len(hands)})")
    hand_masks = tuple(mask_of(pack.parse_many(h)) for h in hands)
    won_masks = tuple(mask_of(pack.parse_many(w)) for w in won) if won else (0,) * n
    turned = pack.parse(trump_card) if trump_card else -1
    stock_cards = tuple(reversed(pack.parse_many(stock)))
    dealer = game.turns.before(leader) if dealer is None else dealer
    face_up = game.tables.play.draw is DrawOrder.FACE_UP_TOP
    if game.tables.trump_in_hand:
        if turned >= 0 and not (hand_masks[dealer] >> turned) & 1:
            raise StateError(f"the trump card {trump_card} must be in the dealer's "
                             f"(player {dealer}'s) hand")
    elif turned >= 0 and face_up:  # the trump card lies face up on top of the stock
        stock_cards = (*stock_cards, turned)
    elif turned >= 0:
        stock_cards = (turned, *stock_cards)
    used = 0
    for mask in (*hand_masks, *won_masks, mask_of(stock_cards)):
        if used & mask:
            raise StateError("a card is given twice in the position")
        used |= mask
    if len(set(stock_cards)) != len(stock_cards):
        raise StateError("a card is given twice in the position")
    fixed = game.tables.play.trump.suit
    if trump and game.tables.play.trump.source is TrumpSource.NONE \
            and not any(game.tables.sets_trump):
        raise StateError(f"this game has no trumps (play.trump.source: none, and no "
                         f"combination names them): leave out trump={trump!r}")
    if not trump and turned < 0 and fixed:
        trump = fixed
    suit = pack.parse_suit(trump) if trump else pack.suit(turned) if turned >= 0 else -1
    extra: dict[str, Any] = {}
    if closed != -1 or declared is not None:
        if not uses_stock_fields(game.variant):
            raise StateError("this game has no closing of the stock nor combinations that "
                             "score: leave out closed and declared")
        extra = {"closed": closed,
                 "declared": tuple(declared) if declared is not None else (0,) * n}
    if set_aside is not None:
        if not uses_counted_fields(game.variant):
            raise StateError("every trick of this game counts: leave out set_aside")
        extra["set_aside"] = tuple(set_aside)
        if len(set_aside) != n:
            raise StateError(f"give set_aside for {n} players (got {len(set_aside)})")
    if game.variant.deal.by_lot:  # the size drawn: the cards of a hand before the tricks
        played = sum(tricks) if tricks is not None else sum(w != 0 for w in won_masks)
        extra["drawn_hand"] = max(m.bit_count() for m in hand_masks) + played
    state = TricksState._make(
        game, hands=hand_masks, stock=stock_cards, trump=suit, trump_card=turned,
        leader=leader, current=leader, phase=LEAD, won=won_masks,
        tricks=tuple(tricks) if tricks is not None else tuple(int(w != 0) for w in won_masks),
        discard=pack.full & ~used, dealer=dealer, broken=broken, **extra,
        **({"face_up": turn_up(object(), stock_cards, n)} if face_up else {}))
    if set_aside is not None and (why := too_many_set_aside(state._tricks,
                                                            tuple(set_aside))):
        raise StateError(f"set_aside: {why}")
    if 0 <= leader < n:  # else the consistency check refuses the position, naming it
        state._window(leader)
    return state


def resample(state: TricksState, player: int, rng: random.Random) -> TricksState:
    """A state ``player`` cannot tell from ``state``: the cards they cannot see (other
    hands, the stock under the trump card, others' face-down cards in the trick) are
    re-dealt at random among those places, each keeping its size.  The turned-up trump
    card stays where everyone saw it go; won cards stay where they are (most were seen
    face up; cards thrown face down and won are not told apart yet, a known limit)."""
    return state_codec.resample(state, player, rng, kept=mask_of_all(state._won))


def mask_of_all(masks: Sequence[int]) -> int:
    """The union of bit sets."""
    out = 0
    for m in masks:
        out |= m
    return out


class Tricks(Procedure):
    """Lead cards, the others answer with as many, the best set takes the trick."""

    state_class = TricksState
    view_type = tricks_io.TricksView
    play_rules = TricksPlay
    scoring_rules = TrickScoring
    name = "tricks"
    deals_after_phases = True
    pauses = frozenset({When.BETWEEN_TRICKS})
    play_schema: Mapping[str, Any] | None = {"$ref": "tricks.schema.json#/$defs/play"}
    scoring_schema: Mapping[str, Any] | None = {"$ref": "tricks.schema.json#/$defs/scoring"}
    offers = frozenset({"counted_tricks", "bidder_names_trump", "sitting_out", "thrown_in",
                        "hand_by_lot", "named_first_leader", "dummy", "card_orders",
                        "deal_points"})
    bound_path = ("play", "lead")

    def view_entries(self, game: GameContext) -> tuple[str, ...]:
        return tricks_io.view_entries(game)

    def check(self, variant: Any) -> Iterator[Found]:
        return check_tricks(variant)

    def action_bound(self, variant: Any) -> int:
        return tricks_bound(variant)

    def describe(self, variant: Any) -> Iterator[Sentence]:
        return describe_tricks(variant)

    def draws_stock(self, variant: Any) -> bool:
        return bool(variant.play.draw is not DrawOrder.NONE)

    def trump_card_fate(self, variant: Any) -> str:
        """With a face-up stock top the turned card is that top, taken by the winner of
        the first trick."""
        if variant.play.draw is DrawOrder.FACE_UP_TOP:
            return "it lies face up on top of the stock, for the winner of the first trick"
        return super().trump_card_fate(variant)

    def first_move(self, variant: Any, usual: str) -> str:
        """The holder of ``play.opening.card`` leads the first trick (when every card is
        dealt, else only when someone was dealt it)."""
        opening = variant.play.opening
        if opening is None:
            return usual
        if _all_dealt(variant):
            return f"the player holding {opening.card} leads the first trick"
        return (f"the player holding {opening.card} leads the first trick; when nobody was "
                f"dealt it, {usual[:1].lower()}{usual[1:]}")

    def in_partnerships(self, variant: Any) -> bool:
        return bool(variant.scoring.partners is not Partners.NONE)

    def lacks(self, need: str, variant: Any) -> Iterator[str]:
        """Bidding counts a deal's tricks before play: one card each and no drawing, so
        that a deal has as many tricks as a hand has cards; naming trumps needs trumps
        that come from the highest bidder."""
        yield from super().lacks(need, variant)
        play = variant.play
        if need == "counted_tricks":
            if play.lead.max_cards != 1:
                yield (f"tricks of one card each (play.lead.max_cards: 1), so that a deal "
                       f"has as many tricks as a hand has cards; it is "
                       f"{play.lead.max_cards}")
            if play.draw is not DrawOrder.NONE:
                yield ("a deal without drawing (play.draw: none), so that a deal has as "
                       "many tricks as a hand has cards")
        if need == "bidder_names_trump" and play.trump.source is not TrumpSource.BIDDER:
            yield f"play.trump.source: bidder, not {play.trump.source.value}"

    def compile(self, game: GameContext) -> TricksTables:
        play, scoring = game.variant.play, game.variant.scoring
        assert isinstance(play, TricksPlay) and isinstance(scoring, TrickScoring)
        hooked = game.hook("card_order")
        order: CardOrder | None = hooked
        if is_default("card_order", hooked):  # the trump order as data, if the file has one
            order = TrumpOrder.compile(game.pack, play.trump) if has_order(play.trump) \
                else None
        hand = game.variant.deal.largest(game.players)
        deal = game.variant.deal
        sizes = () if deal.by_lot else deal.sizes(game.players)
        tables = TricksTables.compile(game.pack, play, scoring, hand, order, sizes)
        chosen = [o for phase, settings in game.phases
                  for o in phase.card_orders(settings, game.pack)]
        if chosen:
            tables.alternatives = tuple(
                (o.trump, TricksTables.compile(game.pack, play, scoring, hand, _placed(o),
                                                sizes))
                for o in chosen)
        for made in (tables, *(t for _, t in tables.alternatives)):
            # what play reads of the game at every move, where it is read natively
            made.following, made.places = game.turns.following, game.turns.places
            made.hooked_legality = game.hooked_legality
        return tables

    def field_mixins(self, variant: Any) -> tuple[type, ...]:
        face_up = getattr(variant.play, "draw", None) is DrawOrder.FACE_UP_TOP
        return (*((StockFields,) if uses_stock_fields(variant) else ()),
                *((AnnouncedFields,) if uses_announced_fields(variant.play) else ()),
                *((MeldFields,) if uses_meld_fields(variant.play) else ()),
                *((FaceUpFields,) if face_up else ()),
                *((CountedFields,) if uses_counted_fields(variant) else ()),
                *((DrawnHandFields,) if draws_hand_size(variant) else ()))

    def new_deal(self, game: GameContext, context: DealContext) -> TricksState:
        return TricksState.new(game, context)

    def from_json(self, game: GameContext, data: dict[str, Any]) -> TricksState:
        return from_json(game, data)

    def arrange(self, game: GameContext, **position: Any) -> TricksState:
        return setup(game, **position)

    def move_scorer(self, view: View,
                    legal: Sequence[Action]) -> Callable[[Action], float]:
        return trick_scorer(cast(tricks_io.TricksView, view), view.card_facts)

    def resample(self, state: State, player: int, rng: random.Random) -> TricksState:
        return resample(own_state(TricksState, state), player, rng)

    def kept_cards(self, state: State, player: int) -> int:
        """Won cards stay where everyone saw them go (see :func:`resample`)."""
        return mask_of_all(own_state(TricksState, state)._won)

    def rollout_policy(self, game: GameContext) -> Callable[[Any, random.Random], Action] | None:
        """The greedy heuristic scored from the state (:class:`TricksPolicy`), except where
        the card points taken count against the taker (Hearts): there the heuristic's
        eagerness to take points is no model of play, and the search plays out at
        random."""
        taken = game.tables.scoring.points_taken
        if taken and (taken > 0) == lower_is_better(game.variant.match.goal):
            return None
        return TricksPolicy(game)

    def observation_fields(self, game: GameContext) -> tuple[Field, ...]:
        return tricks_io.observation_fields(game)

    def move_limit(self, game: GameContext) -> int:
        """Every trick takes at least one card out of the hands for good; each takes a lead
        and an answer per other player, and before it each player may be asked once
        whether to declare and may declare once; an exchange, a close and an
        announcement happen at most once a deal."""
        n, cards = game.players, game.pack.size
        return (cards + 1) * (3 * n + 1) + len(game.tables.stock_listed())

    def partnerships(self, game: GameContext) -> Partnerships:
        return partnerships(game)


def _all_dealt(v: Any) -> bool:
    """Whether every deal deals the whole pack, for every number of players."""
    size = v.pack.size
    return all(n * hand == size for n in range(v.players.min, v.players.max + 1)
               for hand in v.deal.sizes(n))


register(Tricks())
