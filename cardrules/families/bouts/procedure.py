"""The bouts procedure as a plug-in (see :mod:`cardrules.engine.procedures`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardrules.actions import Action
from cardrules.cards import mask_of
from cardrules.engine import state_codec
from cardrules.engine.procedures import Procedure, own_state, register
from cardrules.engine.state_codec import check_cards, read_fields
from cardrules.engine.turns import When
from cardrules.errors import StateError
from cardrules.families.bouts import view as bouts_io
from cardrules.families.bouts.checks import check_bouts
from cardrules.families.bouts.describe import describe_bouts
from cardrules.families.bouts.heuristics import bout_scorer
from cardrules.families.bouts.model import (
    ATTACK,
    DEFEND,
    OVER,
    TAKING,
    THROW,
    BoutsPlay,
    BoutsScoring,
    ThrowIn,
)
from cardrules.families.bouts.state import BoutsState
from cardrules.families.bouts.tables import BoutsTables
from cardrules.model.problems import Found
from cardrules.model.sentence import Sentence

if TYPE_CHECKING:
    from cardrules.engine.observation import Field
    from cardrules.engine.state import DealContext, GameContext, State
    from cardrules.engine.views import View

__all__ = ["Bouts", "from_json", "resample", "setup"]


def from_json(game: GameContext, data: dict[str, Any]) -> BoutsState:
    """Read back ``BoutsState.to_json()``; a :class:`StateError` naming what is wrong (a
    table that contradicts the step, a player to act who may not, cards that do not add
    up).  State JSON written before ``takes`` existed reads it as no takes in a row."""
    fields = read_fields(game.state_class, game, {"takes": 0, **data})
    phase, hands = fields["phase"], fields["hands"]
    limit = game.tables.play.takes_limit
    if limit and fields["takes"] >= limit and phase is not OVER:
        raise StateError(f"{fields['takes']} bouts in a row taken and the deal going on "
                         f"(takes_limit {limit} ends it)")
    attacks, covers = fields["attacks"], fields["covers"]
    stage = fields["stage"]
    if 0 <= stage < len(game.phases) and not game.timings[stage].before_play and (
            phase is not ATTACK or attacks or not fields["bouts"]):
        raise StateError(f"the {game.phases[stage][0].name.replace('_', ' ')} phase runs "
                         f"between bouts, but play is not between two bouts")
    attacker, defender, current = fields["attacker"], fields["defender"], fields["current"]
    if any(s & ~h for s, h in zip(fields["seen"], hands)):
        raise StateError("a card seen going into a hand is not in that hand")
    if len(covers) > len(attacks):
        raise StateError(f"{len(covers)} defending cards for {len(attacks)} attacking cards")
    if phase is not OVER and fields["stage"] < 0:  # play has begun
        if attacker < 0 or defender < 0 or attacker == defender:
            raise StateError("a bout needs an attacker and a different defender")
        if (phase is ATTACK) != (not attacks):
            raise StateError(f"a table of {len(attacks)} attacking card(s) contradicts the "
                             f"step {phase.value!r}")
        if phase is ATTACK and current != attacker:
            raise StateError(f"the attacker, player {attacker}, opens the bout")
        if phase is DEFEND and (current != defender or len(covers) == len(attacks)):
            raise StateError(f"player {defender} must be defending an unbeaten card")
        if phase in (THROW, TAKING) and (current == defender or not hands[current]):
            raise StateError(f"player {current} cannot be asked to throw in")
        if phase is THROW and len(covers) != len(attacks) and not game.tables.any_time:
            raise StateError("throwing in while an attacking card is unbeaten (D7: only "
                             "with throw_in: any_time)")
        if not hands[current]:
            raise StateError(f"player {current} is to act with no cards")
    state = BoutsState._make(game, **fields)
    check_cards(state.zones(), game.pack)
    if state._stage >= len(game.phases):
        raise StateError(f"stage {state._stage} names no listed phase")
    return state


def setup(game: GameContext, *, hands: Sequence[str], stock: str = "", trump: str = "",
          trump_card: str = "", attacker: int = 0, defender: int | None = None,
          table: Sequence[str] = (), phase: str = "", current: int | None = None,
          dealer: int | None = None, bouts: int = 1, out: Sequence[int] = (),
          passes: int = 0, takes: int = 0) -> BoutsState:
    """A position for tests and puzzles.

    ``hands`` are card lists per player (``"7H KS"``); ``stock`` lists the cards in the
    order they will be drawn; ``trump_card`` (drawn last, after the stock) fixes trumps
    unless ``trump`` names the suit.  ``table`` lists the bout's pairs, each an attacking
    card and the card that beat it, if any (``["7H KH", "7S"]``).  ``phase`` is
    ``attack`` (the default with an empty table), ``defend`` (the default otherwise),
    ``throw_in`` or ``taking``; ``current`` the player to act (by default the attacker,
    or the defender while defending).  ``defender`` defaults to the next player holding
    cards.  ``bouts`` counts the bouts already played (1: the first bout's limit no
    longer applies), ``takes`` the last of them that ended in a take, in a row
    (``takes_limit``).  Cards not mentioned anywhere are out of play.
    """
    pack, n = game.pack, game.players
    if len(hands) != n:
        raise StateError(f"give {n} hands, one per player (got {len(hands)})")
    hand_masks = tuple(mask_of(pack.parse_many(h)) for h in hands)
    pairs = [pack.parse_many(p) for p in table]
    if any(len(p) not in (1, 2) for p in pairs):
        raise StateError("each pair of the table is an attacking card and at most one more")
    beaten = [p for p in pairs if len(p) == 2]
    attacks = tuple(p[0] for p in beaten) + tuple(p[0] for p in pairs if len(p) == 1)
    covers = tuple(p[1] for p in beaten)
    turned = pack.parse(trump_card) if trump_card else -1
    stock_cards = tuple(reversed(pack.parse_many(stock)))
    if turned >= 0 and not any((h >> turned) & 1 for h in hand_masks):
        stock_cards = (turned, *stock_cards)
    used = 0
    for mask in (*hand_masks, mask_of(stock_cards), mask_of(attacks), mask_of(covers)):
        if used & mask:
            raise StateError("a card is given twice in the position")
        used |= mask
    if len({*stock_cards, *attacks, *covers}) != len(stock_cards) + len(attacks) + len(covers):
        raise StateError("a card is given twice in the position")
    suit = pack.parse_suit(trump) if trump else pack.suit(turned) if turned >= 0 \
        else -1
    if defender is None:
        seats = game.turns.rounds[attacker]
        defender = next((q for q in seats[1:] if hand_masks[q]), seats[1 % n])
    step = phase or ("defend" if attacks else "attack")
    if current is None:
        current = defender if step == "defend" else attacker
    return BoutsState._make(
        game, hands=hand_masks, stock=stock_cards, trump=suit, trump_card=turned,
        attacks=attacks, covers=covers, discard=pack.full & ~used, attacker=attacker,
        defender=defender, opener=attacker, current=current, phase=step, passes=passes,
        bouts=bouts, takes=takes, out=tuple(out), scores=(0,) * n, starter=attacker,
        dealer=game.turns.before(attacker) if dealer is None else dealer)


def resample(state: BoutsState, player: int, rng: random.Random) -> BoutsState:
    """A state ``player`` cannot tell from ``state``: the cards they cannot see (the
    others' hands, the stock under the trump card) re-dealt at random among those
    places, each keeping its size.  The shown trump card and the cards a defender took
    from the table stay where everyone saw them go."""
    return state_codec.resample(state, player, rng)


class Bouts(Procedure):
    """Attack and defence in bouts; the last player holding cards loses."""

    state_class = BoutsState
    view_type = bouts_io.BoutsView
    play_rules = BoutsPlay
    scoring_rules = BoutsScoring
    name = "bouts"
    deals_after_phases = True
    pauses = frozenset({When.BETWEEN_BOUTS})
    play_schema: Mapping[str, Any] | None = {"$ref": "bouts.schema.json#/$defs/play"}
    scoring_schema: Mapping[str, Any] | None = {"$ref": "bouts.schema.json#/$defs/scoring"}

    def view_entries(self, game: GameContext) -> tuple[str, ...]:
        return bouts_io.view_entries(game)

    def check(self, variant: Any) -> Iterator[Found]:
        return check_bouts(variant)

    def action_bound(self, variant: Any) -> int:
        """See :meth:`~cardrules.families.bouts.model.BoutsPlay.action_bound`."""
        play = variant.play
        assert isinstance(play, BoutsPlay)
        suits = len(variant.pack.suits)
        return play.action_bound(variant.pack.size, suits)

    def describe(self, variant: Any) -> Iterator[Sentence]:
        return describe_bouts(variant)

    def compile(self, game: GameContext) -> BoutsTables:
        return BoutsTables.compile(game)

    def new_deal(self, game: GameContext, context: DealContext) -> BoutsState:
        return BoutsState.new(game, context)

    def from_json(self, game: GameContext, data: dict[str, Any]) -> BoutsState:
        return from_json(game, data)

    def arrange(self, game: GameContext, **position: Any) -> BoutsState:
        return setup(game, **position)

    def move_scorer(self, view: View,
                    legal: Sequence[Action]) -> Callable[[Action], float]:
        return bout_scorer(view.trump, view.card_facts)

    def resample(self, state: State, player: int, rng: random.Random) -> BoutsState:
        return resample(own_state(BoutsState, state), player, rng)

    def observation_fields(self, game: GameContext) -> tuple[Field, ...]:
        return bouts_io.observation_fields(game)

    def move_limit(self, game: GameContext) -> int:
        """A safety bound: a bout takes at most two actions per attacking
        card and a round of passes after each (``players`` + 2 per card, the bout's
        limit or a hand of the whole pack; with ``throw_in: any_time`` a round of passes
        after each card laid and after each card beaten, 2 * ``players`` + 2), and every
        bout that ends in a discard takes cards out of play for good; but bouts that end
        in a take only move cards between hands, and players who always take could in
        principle go round for ever.  The bound allows every card of the pack to be
        taken 20 times over.  With ``takes_limit`` it is a proof: a deal has at most
        half the pack's discards (two cards each at least) and fewer than
        ``takes_limit`` takes in a row before each and after the last."""
        n, cards = game.players, game.pack.size
        play = game.variant.play
        any_time = isinstance(play, BoutsPlay) and play.throw_in is ThrowIn.ANY_TIME
        per_card = 2 * n + 2 if any_time else n + 2
        takes = play.takes_limit if isinstance(play, BoutsPlay) else 0
        if takes:  # at most cards // 2 discards, fewer than ``takes`` takes before each
            return (cards // 2 + 1) * takes * (cards + 1) * per_card
        return 20 * cards * (cards + 1) * per_card


register(Bouts())
