"""The shedding procedure as a plug-in (see :mod:`cardrules.engine.procedures`)."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

import attrs

from cardrules.actions import Action, Kind
from cardrules.cards import mask_of
from cardrules.engine import state_codec
from cardrules.engine.pauses import ResumeFields, lists_phases_at
from cardrules.engine.procedures import Procedure, own_state, register
from cardrules.engine.seeding import MAX_SEED
from cardrules.engine.state_codec import check_cards, read_fields
from cardrules.engine.turns import When
from cardrules.errors import StateError
from cardrules.families.shedding import view as shedding_io
from cardrules.families.shedding.bounds import shedding_bound
from cardrules.families.shedding.checks import check_shedding
from cardrules.families.shedding.describe import describe_shedding
from cardrules.families.shedding.drawn import DrawnFields, drawn_cards
from cardrules.families.shedding.heuristics import shedding_scorer
from cardrules.families.shedding.hooks import GoOutInput
from cardrules.families.shedding.model import (
    ATTACK,
    FOLLOW,
    NAME,
    OVER,
    TURN,
    SheddingPlay,
    SheddingScoring,
    TrumpMode,
)
from cardrules.families.shedding.policy import SheddingPolicy
from cardrules.families.shedding.state import SheddingState
from cardrules.families.shedding.tables import SheddingTables
from cardrules.hooks import is_default
from cardrules.model.common import BeatClause, RankClause
from cardrules.model.problems import Found
from cardrules.model.sentence import Sentence
from cardrules.model.structure import Structurer

if TYPE_CHECKING:
    import cattrs

    from cardrules.engine.observation import Field
    from cardrules.engine.state import DealContext, GameContext, State
    from cardrules.engine.table import OwnTrumps
    from cardrules.engine.views import View

    _OFFERED: type[OwnTrumps] = SheddingState
    """What the procedure offers listed phases, checked by mypy: its states are tables
    with the operations the phases that need it call."""
    from cardrules.families.shedding.context import SheddingContext

__all__ = ["Shedding", "from_json", "read_clause", "resample", "setup"]

def _read_str(value: Any, _: type) -> str:
    return str(value)


_CLAUSE_RECORDS = Structurer({str: _read_str})


@functools.cache
def _clauses() -> cattrs.Converter:
    """The cattrs converter of a rank's clause, made when the quick way is unsure."""
    import cattrs

    converter = cattrs.Converter(forbid_extra_keys=True)
    converter.register_structure_hook(str, _read_str)
    return converter


def read_clause(value: Any, _: type) -> BeatClause | RankClause:
    """A clause of ``play.beats``: a name (``step_down``) or a rank's clause (``{rank: 8,
    beats: any}``), built as the cattrs converter of the clauses builds it (by it, where
    the quick way of :mod:`cardrules.model.structure` is unsure).

    >>> read_clause({"rank": 8}, RankClause)
    RankClause(rank='8', beats=<RankBeat.SAME_SUIT: 'same_suit'>)
    """
    if isinstance(value, str):
        return BeatClause(value)
    try:
        clause: RankClause = _CLAUSE_RECORDS.structure(value, RankClause)
    except Exception:  # cattrs builds it, or says what is wrong
        return _clauses().structure(value, RankClause)
    return clause

_BEFORE_EFFECTS = {"pending": 0, "reversed": False, "announced": False, "reshuffled": 0,
                   "shuffle_seed": 0, "pickups": 0}
"""What the fields added with forced draws, reverses, announcements, reshuffles and
pick-ups read as in state JSON written before them."""


def from_json(game: GameContext, data: dict[str, Any]) -> SheddingState:
    """Read back ``SheddingState.to_json()``; a :class:`StateError` naming what is wrong
    (a field out of range, cards that do not add up).  State JSON written before the
    fields of forced draws, direction, announcements and reshuffles existed reads them
    as nothing pending, clockwise, not announced and never reshuffled."""
    data = {**_BEFORE_EFFECTS, **data}
    if data.get("phase") == _CHOOSING:
        data = {**data, "phase": "deal", "stage": _choosing_stage(game)}
    fields = read_fields(game.state_class, game, data)
    n, phase = game.players, fields["phase"]
    if -1 in fields["own_suits"] and fields["stage"] < 0:
        raise StateError("own trump suits are still being chosen but no listed phase is "
                         "at work")
    if phase is NAME and not game.tables.name_actions:
        raise StateError("the deal is at naming a suit but no wild card of this game names one")
    stage = fields["stage"]
    paused = 0 <= stage < len(game.phases) and not game.timings[stage].before_play
    if paused and (phase is not TURN or fields["drawn"] or fields["fresh"]
                   or fields.get("resume", -1) < 0):
        raise StateError(f"the {game.phases[stage][0].name.replace('_', ' ')} phase runs "
                         f"between turns, but play is not between two turns")
    if not paused and fields.get("resume", -1) >= 0:
        raise StateError("play waits for the phases listed between turns, but none is at "
                         "work")
    mover = fields["resume"] if paused else fields["current"]
    if phase in (TURN, FOLLOW, NAME, ATTACK) and not fields["hands"][mover]:
        raise StateError(f"player {mover} is to move with no cards")
    if fields["named_suit"] >= 0 and not game.tables.name_actions:
        raise StateError("a suit is named but no wild card of this game names one")
    tables: SheddingTables = game.tables
    if fields["pending"] and not tables.forced:
        raise StateError("a draw is pending but no card of this game forces one")
    if fields["pending"] and phase not in (TURN, NAME):
        raise StateError(f"a draw is pending at the {phase.value} step")
    if fields["announced"] and tables.announce is None:
        raise StateError("a last card is announced but this game has no announcement")
    if phase is ATTACK and not tables.attack:
        raise StateError("the deal is at an attack after a beat but this game has none")
    if fields["pickups"] and tables.take is None:
        raise StateError("the pile was picked up but nobody picks it up in this game")
    if tables.pick_up_limit and fields["pickups"] >= tables.pick_up_limit \
            and phase is not OVER:
        raise StateError(f"the pile was picked up {fields['pickups']} times, which ends a "
                         f"deal of this game ({tables.pick_up_limit}), but the deal goes on")
    if fields["reshuffled"] > tables.reshuffles:
        raise StateError(f"the stock was remade {fields['reshuffled']} times; this game "
                         f"allows {tables.reshuffles}")
    if fields["owner"] >= 0 and fields["top"] < 0:
        raise StateError("the top card has an owner but there is no top card")
    if len(fields["out"]) >= n and phase is not OVER:
        raise StateError("every player is out but the deal goes on")
    state = SheddingState._make(game, **fields)
    if tables.play_drawn:
        drawn = [drawn_cards(state, p) for p in range(n)]
        if any(drawn[p] for p in range(n) if p != mover) or drawn[mover] & ~fields[
                "hands"][mover] or drawn[mover].bit_count() > fields["drawn"]:
            raise StateError("drawn cards: only the player to move has drawn cards this "
                             "turn, in their hand, no more than they drew")
    check_cards(state.zones(), game.pack)
    if state._stage >= len(game.phases):
        raise StateError(f"stage {state._stage} names no listed phase")
    return state


_CHOOSING = "choose_trump"
"""The step state JSON named the choice of own trump suits before it became the listed
phase of that name (then the step is ``deal``)."""


def _choosing_stage(game: GameContext) -> int:
    """Where the listed ``choose_trump`` phase stands (-1: not listed), for state JSON
    written when the choice was a step of this procedure."""
    names = [phase.name for phase, _ in game.phases]
    return names.index(_CHOOSING) if _CHOOSING in names else -1


def setup(game: GameContext, *, hands: Sequence[str], pile: str = "", stock: str = "",
          current: int = 0, owner: int = -1, dealer: int | None = None,
          own_suits: str | Sequence[str] = "", scores: Sequence[int] | None = None,
          out: Sequence[int] = (), phase: str = "turn", drawn: int = 0, cover: bool = False,
          fresh: bool = False, named_suit: str = "", named: str = "",
          starter: int | None = None,
          pending: int = 0, counterclockwise: bool = False, announced: bool = False,
          reshuffled: int = 0, shuffle_seed: int = 0) -> SheddingState:
    """A position given explicitly, for tests and puzzles.

    ``hands`` are card lists per player (``"9H 7S"``); ``pile`` is bottom to top (its last
    card is the top); ``stock`` lists the cards in the order they will be drawn.  Cards
    not mentioned anywhere are out of play (in the discard).  ``named_suit`` is the suit
    named after a wild card, to be matched next, as views call it (``named`` is its older
    name, still read; ``phase="name_suit"``: the player to move is about to name one).
    ``pending`` is a forced draw the player to move faces,
    ``counterclockwise`` turns the direction of play round, ``announced`` says the
    player to move has announced their last card, ``reshuffled`` counts the times the
    stock was remade and ``shuffle_seed`` seeds the reshuffles.
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
        dealer = game.turns.before(current)
    if named and named_suit and named.upper() != named_suit.upper():
        raise StateError(f"named_suit={named_suit!r:.8} and named={named!r:.8} (its older "
                         f"name) disagree: give one")
    named = named_suit or named
    if named and named.upper() not in pack.suits:
        raise StateError(f"named_suit: {named!r:.8} is no suit of the pack "
                         f"({', '.join(pack.suits)})")
    return SheddingState._make(
        game, hands=hand_masks, stock=stock_cards, pile=pile_cards,
        top=pile_cards[-1] if pile_cards else -1, owner=owner, cover=cover,
        fresh=fresh, current=current, phase=phase, drawn=drawn, own_suits=suits,
        out=tuple(out), scores=tuple(scores) if scores is not None else (0,) * n,
        discard=pack.full & ~used, starter=current if starter is None else starter,
        dealer=dealer, named_suit=pack.suits.index(named.upper()) if named else -1,
        pending=pending, reversed=counterclockwise, announced=announced, reshuffled=reshuffled,
        shuffle_seed=shuffle_seed)


def resample(state: SheddingState, player: int, rng: random.Random) -> SheddingState:
    """A state ``player`` cannot tell from ``state``: the cards they cannot see (other
    hands, stock, discard, as the rule file's zones declare) re-dealt at random among
    those places, each keeping its size.  Where the stock may be remade from the pile,
    a new shuffle seed is drawn from ``rng`` too, so that sampled futures do not hold
    the real reshuffles."""
    new = state_codec.resample(state, player, rng)
    if state.game.tables.reshuffles:
        new._shuffle_seed = rng.randint(0, MAX_SEED)
    return new


class Shedding(Procedure):
    """Lay a card that beats the top of the pile, draw, or pass."""

    state_class = SheddingState
    view_type = shedding_io.SheddingView
    play_rules = SheddingPlay
    scoring_rules = SheddingScoring
    name = "shedding"
    deals_after_phases = True
    play_schema: Mapping[str, Any] | None = {"$ref": "shedding.schema.json#/$defs/play"}
    scoring_schema: Mapping[str, Any] | None = {
        "$ref": "shedding.schema.json#/$defs/scoring"}
    offers = frozenset({"own_trumps"})
    pauses = frozenset({When.BETWEEN_TURNS})
    bound_path = ("play", "groups")

    def field_mixins(self, variant: Any) -> tuple[type, ...]:
        """Who moves once the phases listed between turns are done, in the games that
        list one; the cards drawn this turn, where only they may be played after a
        draw."""
        resume = (ResumeFields,) if lists_phases_at(variant, When.BETWEEN_TURNS) else ()
        return (*resume, *((DrawnFields,) if variant.play.draw.play_drawn else ()))

    def view_entries(self, game: GameContext) -> tuple[str, ...]:
        return shedding_io.view_entries(game)

    def check(self, variant: Any) -> Iterator[Found]:
        return check_shedding(variant)

    def action_bound(self, variant: Any) -> int:
        return shedding_bound(variant)

    def describe(self, variant: Any) -> Iterator[Sentence]:
        return describe_shedding(variant)

    def starter_place(self, variant: Any) -> str:
        return str(variant.play.pile)

    def structure_hooks(self) -> Mapping[Any, Callable[[Any, type], Any]]:
        """A clause of ``play.beats`` is a name (``step_down``) or a rank's clause
        (``{rank: 8, beats: any}``)."""
        return {BeatClause | RankClause: read_clause}

    def lacks(self, need: str, variant: Any) -> Iterator[str]:
        """Own trumps are there to choose only with ``play.trumps.mode: own``."""
        yield from super().lacks(need, variant)
        mode = variant.play.trumps.mode
        if need == "own_trumps" and mode is not TrumpMode.OWN:
            yield f"play.trumps.mode: own, not {mode.value}"

    def compile(self, game: GameContext) -> SheddingTables:
        upcard, lay_on = game.hook("upcard"), game.hook("lay_on")
        tables = SheddingTables.compile(game.pack, game.variant.play, game.variant.scoring,
                                        game.hook("after_play"),
                                        None if is_default("upcard", upcard) else upcard,
                                        None if is_default("lay_on", lay_on) else lay_on)
        # what play reads of the game at every move, where it is read natively
        return attrs.evolve(tables, following=game.turns.following,
                            preceding=game.turns.preceding,
                            ends_by_hook=game.end_of_deal is not None,
                            turn_phases=When.BETWEEN_TURNS in game.timings,
                            seeded_suits=is_default("random_suit", game.hook("random_suit")))

    def refusals(self, game: GameContext) -> tuple[Callable[[Any, Action], str | None], ...]:
        """The ``may_go_out`` hook's check, when the game names one."""
        go_out = game.hook("may_go_out")
        if is_default("may_go_out", go_out):
            return ()

        def check(state: SheddingContext, action: Action) -> str | None:
            p = state.current_player
            if action.kind is not Kind.PLAY or p < 0 \
                    or state._hands[p] != mask_of(action.cards):
                return None
            found = go_out(GoOutInput(pack=game.pack, cards=action.cards, top=state._top,
                                      player=p))
            return None if found is None else str(found.message)

        return (check,)

    def new_deal(self, game: GameContext, context: DealContext) -> SheddingState:
        return SheddingState.new(game, context)

    def from_json(self, game: GameContext, data: dict[str, Any]) -> SheddingState:
        return from_json(game, data)

    def arrange(self, game: GameContext, **position: Any) -> SheddingState:
        return setup(game, **position)

    def move_scorer(self, view: View,
                    legal: Sequence[Action]) -> Callable[[Action], float]:
        return shedding_scorer(cast(shedding_io.SheddingView, view), legal, view.card_facts)

    def resample(self, state: State, player: int, rng: random.Random) -> SheddingState:
        return resample(own_state(SheddingState, state), player, rng)

    def rollout_policy(self, game: GameContext) -> Callable[[Any, random.Random], Action] | None:
        """Play first, keep wild cards and one's own trumps back
        (:class:`~cardrules.families.shedding.policy.SheddingPolicy`)."""
        return SheddingPolicy(game)

    def observation_fields(self, game: GameContext) -> tuple[Field, ...]:
        return shedding_io.observation_fields(game)

    def move_limit(self, game: GameContext) -> int:
        """Each card is played at most once and drawn at most once, or once more each
        time the stock is remade (``max_reshuffles``); a player who cannot beat draws (at
        most ``stuck_draw`` cards) or passes, and a round of passes either gives the pile
        to its owner or, with nothing to draw, ends the deal.  So between two plays or
        draws there are at most ``players`` passes and follow-up ends, plus the
        ``blocked_extra_passes`` that end a blocked deal; with a last card to announce,
        each play may follow one announcement.  Where the pile is picked up into a hand
        (``pick_up``), nobody draws, and between two pick-ups every action but the take
        lays a card: so at most the pack's cards plus one per pick-up, the pick-ups
        bounded by ``pick_up.limit`` (else allowing every card to be picked up 20 times
        over)."""
        n, cards = game.players, game.pack.size
        tables: SheddingTables = game.tables
        moves = (2 + (tables.announce is not None)) * cards * (1 + tables.reshuffles)
        pickups = (tables.pick_up_limit or 20 * cards) * (cards + 2) \
            if tables.take is not None else 0
        return n + (moves + 1) * (n + 2 + tables.blocked_passes) + pickups


register(Shedding())
