"""The climbing procedure as a plug-in (see :mod:`cardrules.engine.procedures`)."""

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
from cardrules.families.climbing import view as climbing_io
from cardrules.families.climbing.checks import check_climbing
from cardrules.families.climbing.describe import describe_climbing
from cardrules.families.climbing.heuristics import climbing_scorer
from cardrules.families.climbing.model import OVER, PLAY, ClimbingPlay, ClimbingScoring, LaterLead
from cardrules.families.climbing.ranked import RankedTables
from cardrules.families.climbing.state import ClimbingState
from cardrules.families.climbing.tables import ClimbingTables, most_plays
from cardrules.model.problems import Found
from cardrules.model.sentence import Sentence

if TYPE_CHECKING:
    from cardrules.engine.observation import Field
    from cardrules.engine.state import DealContext, GameContext, State
    from cardrules.engine.views import View

__all__ = ["Climbing", "from_json", "setup"]


def from_json(game: GameContext, data: dict[str, Any]) -> ClimbingState:
    """Read back ``ClimbingState.to_json()``: a :class:`StateError` naming what is wrong
    (cards that do not add up, a table that is no combination, a player out who holds
    cards, a player to move who holds none)."""
    fields = read_fields(game.state_class, game, data)
    tables: ClimbingTables = game.tables
    n = game.players
    for key in ("passed", "scores"):
        if len(fields[key]) != n:
            raise StateError(f"{key}: give one number per player")
    if any(v > 1 for v in fields["passed"]):
        raise StateError("passed: 1 for a player who has passed, else 0")
    hands, out = fields["hands"], fields["out"]
    if fields["phase"] is not OVER and any(hands[p] for p in out):
        raise StateError("out: a player who has run out of cards holds none")
    if bool(fields["table"]) != (fields["last"] >= 0):
        raise StateError("last: give who played the cards on the table (and -1 only when "
                         "the table is clear)")
    if fields["table"] and tables.identify(game.pack.cards_of(fields["table"])) is None:
        raise StateError("table: the cards on the table make no combination of the game")
    if fields["phase"] is not OVER and fields["stage"] < 0:
        if not hands[fields["current"]]:
            raise StateError(f"current: player {fields['current']} holds no cards")
        if sum(1 for h in hands if h) < 2:
            raise StateError("hands: a deal in play has two players holding cards or more")
    state = ClimbingState._make(game, **fields)
    check_cards(state.zones(), game.pack)
    return state


def setup(game: GameContext, *, hands: Sequence[str], current: int = 0, table: str = "",
          last: int = -1, played: str = "", passed: Sequence[int] | None = None,
          out: Sequence[int] = (), dealer: int | None = None) -> ClimbingState:
    """A position for tests and puzzles: each player's ``hands``, the combination on the
    ``table`` and who played it (``last``), the cards ``played`` before it, who has
    ``passed`` since (one 0 or 1 per player), the players ``out`` in order, and the
    player to move (``current``).  Cards given nowhere lie undealt.

    >>> import cardrules
    >>> game = cardrules.load("president", players=3)
    >>> state = game.setup(hands=["5C 5D", "6C", "KS"], table="4C 4D", last=2, current=0)
    >>> [state.describe(a) for a in state.legal_actions()]
    ['pass', 'play 5C 5D']
    """
    pack, n = game.pack, game.players
    if len(hands) != n:
        raise StateError(f"give {n} hands, one per player (got {len(hands)})")
    masks = [mask_of(pack.parse_many(h)) for h in hands]
    on_table, before = mask_of(pack.parse_many(table)), mask_of(pack.parse_many(played))
    used = 0
    for m in (*masks, on_table, before):
        if used & m:
            raise StateError("a card is given twice in the position")
        used |= m
    if (last >= 0) != bool(on_table):
        raise StateError("give both the cards on the table and who played them (last)")
    rest = tuple(c for c in pack.cards if not (used >> c) & 1)
    tables: ClimbingTables = game.tables
    dealt = sum(masks)
    lowest = tables.lead_card(dealt)  # the rules' card, or else the lowest card dealt
    return ClimbingState._make(
        game, hands=tuple(masks), stock=rest, table=on_table, played=before, last=last,
        passed=tuple(passed) if passed is not None else (0,) * n, out=tuple(out),
        current=current, starter=current, phase=PLAY, scores=(0,) * n,
        lead_lowest=lowest >= 0 and lowest != tables.lead and bool(masks[current] >> lowest & 1),
        dealer=game.turns.before(current) if dealer is None else dealer)


class Climbing(Procedure):
    """Lead a combination, beat it or pass until the table clears; first out wins."""

    name = "climbing"
    state_class = ClimbingState
    view_type = climbing_io.ClimbingView
    play_rules = ClimbingPlay
    scoring_rules = ClimbingScoring
    play_schema: Mapping[str, Any] | None = {"$ref": "climbing.schema.json#/$defs/play"}
    scoring_schema: Mapping[str, Any] | None = {"$ref": "climbing.schema.json#/$defs/scoring"}

    def view_entries(self, game: GameContext) -> tuple[str, ...]:
        return climbing_io.view_entries(game)

    offers = frozenset({"thrown_in", "named_first_leader"})

    def compile(self, game: GameContext) -> ClimbingTables:
        play = game.variant.play
        assert isinstance(play, ClimbingPlay)
        if game.pack.extra and not play.extra_above:  # added by a pack hook
            raise HookError("a climbing combination is made of cards of a rank, which an "
                            "extra card (a joker) lacks: a pack hook may not add one")
        # the rank-set lookup answers a play with its own type and bombs only: a game
        # that ranks types against each other (type_order) takes the general search
        ranked = play.by_rank and not play.type_order and \
            not any(c.overrides for c in play.combinations)
        return (RankedTables if ranked else ClimbingTables).compile(game)

    def new_deal(self, game: GameContext, context: DealContext) -> ClimbingState:
        return ClimbingState.new(game, context)

    def from_json(self, game: GameContext, data: dict[str, Any]) -> ClimbingState:
        return from_json(game, data)

    def arrange(self, game: GameContext, **position: Any) -> ClimbingState:
        return setup(game, **position)

    def resample(self, state: State, player: int, rng: random.Random) -> ClimbingState:
        """The cards ``player`` cannot see (the others' hands, the undealt cards)
        re-dealt at random among those places, each keeping its size."""
        new: ClimbingState = state_codec.resample(own_state(ClimbingState, state), player,
                                                  rng)
        return new

    def observation_fields(self, game: GameContext) -> tuple[Field, ...]:
        return climbing_io.observation_fields(game)

    def move_limit(self, game: GameContext) -> int:
        """Each card is played once, and between two plays each player passes at most
        once (the table clears after a round of passes)."""
        return game.pack.count * game.players + game.players + 1

    def check(self, variant: Any) -> Iterator[Found]:
        return check_climbing(variant)

    def action_bound(self, variant: Any) -> int:
        """Every choice of cards of every combination at every key rank, and the pass,
        for the largest hand of any number of players."""
        play = variant.play
        assert isinstance(play, ClimbingPlay)
        pack, players = variant.pack, variant.players
        held = max(_largest_hand(play, pack.count(n), n, variant.deal.hand_for(n, 0),
                                 phases=bool(variant.phases))
                   for n in range(players.min, players.max + 1))
        return most_plays(play, len(pack.ranks), len(pack.suits), len(pack.extra_names),
                          held) + 1

    def describe(self, variant: Any) -> Iterator[Sentence]:
        return describe_climbing(variant)

    def deal_words(self, variant: Any, usual: str) -> str:
        """Every card dealt, when the rules say so (``play.deal_all``); the cards left
        undealt to the first-lead card's holder, when they take them."""
        play = variant.play
        assert isinstance(play, ClimbingPlay)
        lead = play.first_lead
        if lead is not None and lead.takes_undealt and not play.deal_all:
            return usual.replace("the rest of the pack is not used in the deal",
                                 f"the cards left over, if fewer than the players, are "
                                 f"shown and go to the holder of {lead.card} (more stay out "
                                 f"of play)")
        if not play.deal_all:
            return usual
        return ("- Every card is dealt, one at a time from the dealer's left; some players "
                "may hold one more than others.")

    def first_move(self, variant: Any, usual: str) -> str:
        """The holder of the first-lead card, when the rules name one."""
        play = variant.play
        assert isinstance(play, ClimbingPlay)
        if play.first_lead is None:
            return usual
        later = " (in a match's later deals, the winner of the deal before)" \
            if play.first_lead.later is LaterLead.WINNER else ""
        return f"The holder of {play.first_lead.card} moves first{later}"

    def draws_stock(self, variant: Any) -> bool:
        """Nobody draws in a climbing game."""
        return False

    def move_scorer(self, view: View,
                    legal: Sequence[Action]) -> Callable[[Action], float]:
        hands = view.hands
        own = hands[view.player]
        held = len(own) if isinstance(own, list) else int(own)
        return climbing_scorer(held, view.card_facts)


register(Climbing())


def _largest_hand(play: ClimbingPlay, cards: int, players: int, each: int, *,
                  phases: bool) -> int:
    """The most cards one of ``players`` may hold when play begins, in a deal of
    ``cards`` dealt ``each`` a player: every card left undealt where listed ``phases``
    may hand them out (a kitty to the declarer); else one more where every card is
    dealt, or the cards left over where the first-lead card's holder takes them (fewer
    than the players)."""
    left = cards - players * each
    if phases:
        return each + left
    if play.deal_all:
        return each + (1 if left > 0 else 0)
    lead = play.first_lead
    return each + (left if lead is not None and lead.takes_undealt and 0 < left < players
                   else 0)
