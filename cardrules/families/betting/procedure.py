"""The betting procedure as a plug-in (see :mod:`cardrules.engine.procedures`)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardrules.actions import Action
from cardrules.cards import mask_of
from cardrules.engine import state_codec
from cardrules.engine.procedures import Procedure, own_state, register
from cardrules.engine.state_codec import check_cards, read_fields
from cardrules.errors import HookError, StateError
from cardrules.families.betting import view as betting_io
from cardrules.families.betting.checks import check_betting
from cardrules.families.betting.describe import describe_betting
from cardrules.families.betting.heuristics import betting_scorer
from cardrules.families.betting.model import (
    OVER,
    BettingPlay,
    BlindsFrom,
    Limit,
    Opens,
    Showdown,
)
from cardrules.families.betting.state import LETTERS, BettingState
from cardrules.families.betting.tables import BettingTables, most_chips, move_limit
from cardrules.model.problems import Found
from cardrules.model.sentence import Sentence

if TYPE_CHECKING:
    from cardrules.engine.observation import Field
    from cardrules.engine.state import DealContext, GameContext, State
    from cardrules.engine.views import View

__all__ = ["Betting", "from_json", "setup"]

_WORDS = {letter: word for word, letter in LETTERS.items()}


def from_json(game: GameContext, data: dict[str, Any]) -> BettingState:
    """Read back ``BettingState.to_json()``: a :class:`StateError` naming what is wrong
    (cards that do not add up, chips that do not, a round or a bet past the rules)."""
    fields = read_fields(game.state_class, game, data)
    tables: BettingTables = game.tables
    n, rounds = game.players, tables.play.rounds
    for key in ("chips", "staked", "round_staked", "won", "folded", "acted", "scores"):
        if len(fields[key]) != n:
            raise StateError(f"{key}: give one number per player")
    if fields["round"] >= len(rounds):
        raise StateError(f"round: {fields['round']} is past the last round "
                         f"({len(rounds) - 1})")
    cap = rounds[fields["round"]].max_bets
    if cap is not None and fields["bets"] > cap:
        raise StateError(f"bets: {fields['bets']} is past the round's {cap}")
    for p in range(n):
        if fields["round_staked"][p] > fields["staked"][p]:
            raise StateError(f"round_staked: player {p} staked more this round than in "
                             "the whole deal")
    if not tables.play.carry_chips:
        for p in range(n):
            if fields["chips"][p] + fields["staked"][p] - fields["won"][p] \
                    != tables.play.chips:
                raise StateError(f"chips: player {p}'s chips, stake and winnings do not "
                                 f"add up to the {tables.play.chips} each starts with")
    if sum(fields["won"]) > sum(fields["staked"]):
        raise StateError("won: the players won more chips than the pot held")
    if fields["phase"] is not OVER:
        if fields["folded"][fields["current"]]:
            raise StateError(f"current: player {fields['current']} has folded")
        if not fields["chips"][fields["current"]] and fields["stage"] < 0:
            raise StateError(f"current: player {fields['current']} is all in")
        if sum(1 for f in fields["folded"] if not f) < 2:
            raise StateError("folded: a deal in play has two players still in or more")
    if any(c not in "fkcbr/0123456789" for c in fields["line"]):
        raise StateError("line: letters f k c b r (a bet or raise with its amount under "
                         "pot and no limit), rounds apart by /")
    state = BettingState._make(game, **fields)
    check_cards(state.zones(), game.pack)
    return state


def setup(game: GameContext, *, hands: Sequence[str], board: str = "", stock: str = "",
          dealer: int = 0, line: str = "", chips: Sequence[int] | None = None) -> BettingState:
    """A position for tests and puzzles: each player's ``hands``, the community cards of
    the ``board`` to be turned in order (then the ``stock`` in dealing order; cards given
    nowhere lie under them), the antes and blinds posted, then the actions of the betting
    ``line`` applied (``kb`` check and bet, ``c`` call, ``r`` raise, ``f`` fold, ``/``
    between rounds, optional; under pot and no limit a bet or raise with its amount,
    ``b20r60``).  Where chips carry from deal to deal (``play.carry_chips``), ``chips``
    gives each player's chips at the start of the deal (a player with none sits it out
    and is given no hand: write ``""``).

    >>> import cardrules
    >>> game = cardrules.load("leduc-poker")
    >>> state = game.setup(hands=["KS", "JH"], board="JS", line="kk/")
    >>> state.view(0).board, state.view(0).round
    (['JS'], 1)
    """
    pack, n = game.pack, game.players
    if len(hands) != n:
        raise StateError(f"give {n} hands, one per player (got {len(hands)})")
    masks = [mask_of(pack.parse_many(h)) for h in hands]
    later = [*pack.parse_many(board), *pack.parse_many(stock)]
    used = 0
    for m in (*masks, mask_of(later)):
        if used & m:
            raise StateError("a card is given twice in the position")
        used |= m
    if len(set(later)) != len(later):
        raise StateError("a card is given twice in the position")
    rest = [c for c in pack.cards if not (used >> c) & 1]
    tables: BettingTables = game.tables
    start = (tables.play.chips,) * n
    if chips is not None:
        if not tables.play.carry_chips:
            raise StateError("chips: every player starts each deal with "
                             f"{tables.play.chips} (play.chips) unless chips carry from "
                             "deal to deal (play.carry_chips)")
        if len(chips) != n or any(type(c) is not int or c < 0 for c in chips):
            raise StateError(f"chips: give {n} whole numbers from 0, one per player")
        if sum(chips) != tables.play.chips * n:
            raise StateError(f"chips: the players hold {tables.play.chips * n} chips in "
                             f"all, not {sum(chips)}")
        start = tuple(chips)
    for p in range(n):
        if bool(masks[p]) == (start[p] == 0):
            raise StateError(f"hands: player {p} {'has' if start[p] else 'has no'} chips, "
                             f"so give them {'a hand' if start[p] else 'no hand'}")
    state = BettingState._make(
        game, hands=tuple(masks), shown=(0,) * n, stock=(*rest, *reversed(later)),
        chips=start, staked=(0,) * n, round_staked=(0,) * n, won=(0,) * n,
        folded=tuple(int(c == 0) for c in start), acted=(0,) * n, scores=(0,) * n,
        phase="bet", dealer=dealer, current=0)
    state._post()
    state._start_play()
    for letter, amount in re.findall(r"([^0-9])([0-9]*)", line.replace("/", "")):
        word = _WORDS.get(letter)
        if word is None:
            raise StateError(f"line: {letter!r} is none of f k c b r /")
        text = f"{word} {amount}" if amount else word
        state = own_state(BettingState, state.apply(game.parse_action(text)))
    return state


class Betting(Procedure):
    """Ante, bet in rounds with community cards turned between them, and show down."""

    name = "betting"
    state_class = BettingState
    view_type = betting_io.BettingView
    play_rules = BettingPlay
    scoring_rules = Showdown
    play_schema: Mapping[str, Any] | None = {"$ref": "betting.schema.json#/$defs/play"}
    scoring_schema: Mapping[str, Any] | None = {"$ref": "betting.schema.json#/$defs/scoring"}

    def view_entries(self, game: GameContext) -> tuple[str, ...]:
        return betting_io.view_entries(game)

    def compile(self, game: GameContext) -> BettingTables:
        if game.pack.extra:  # added by a pack hook (the rule file's are refused)
            raise HookError("the showdown compares cards by rank, which an extra card "
                            "(a joker) lacks: a pack hook may not add one")
        return BettingTables.compile(game)

    def new_deal(self, game: GameContext, context: DealContext) -> BettingState:
        return BettingState.new(game, context)

    def from_json(self, game: GameContext, data: dict[str, Any]) -> BettingState:
        return from_json(game, data)

    def arrange(self, game: GameContext, **position: Any) -> BettingState:
        return setup(game, **position)

    def resample(self, state: State, player: int, rng: random.Random) -> BettingState:
        """The cards ``player`` cannot see (the others' hands, the stock) re-dealt at
        random among those places, each keeping its size."""
        new: BettingState = state_codec.resample(own_state(BettingState, state), player, rng)
        return new

    def observation_fields(self, game: GameContext) -> tuple[Field, ...]:
        return betting_io.observation_fields(game)

    def move_limit(self, game: GameContext) -> int:
        """Per round, each player acts at most once after each bet and once before the
        first; a round without a cap has at most a bet for each ``bet`` of chips a
        player may stake (every raise adds at least that much)."""
        return move_limit(game.tables, game.players)

    def check(self, variant: Any) -> Iterator[Found]:
        return check_betting(variant)

    def action_bound(self, variant: Any) -> int:
        """At most three under fixed limit (fold, call and raise); under pot and no limit
        fold, call and a bet or raise to each amount a player may have."""
        play = variant.play
        assert isinstance(play, BettingPlay)
        return 3 if play.limit is Limit.FIXED else 2 + most_chips(play, variant.players.max)

    def describe(self, variant: Any) -> Iterator[Sentence]:
        return describe_betting(variant)

    def score_bounds(self, game: GameContext) -> tuple[int, int] | None:
        """Chips won or lost add up to 0: a player loses at most what a deal may take of
        their chips, and wins at most that much from each other player."""
        tables: BettingTables = game.tables
        return -tables.most, tables.most * (game.players - 1)

    def first_move(self, variant: Any, usual: str) -> str:
        """Seat 0 opens the betting whoever deals (``opens: first_seat``); else the
        player on the dealer's left, as ``usual`` says."""
        play = variant.play
        assert isinstance(play, BettingPlay)
        if play.rounds[0].first is not None:
            return f"seat {play.rounds[0].first} acts first"
        if play.blinds_from is BlindsFrom.DEALER and len(play.blinds) == variant.players.max:
            return "the dealer, who posts the first blind, acts first"
        return "seat 0 opens the betting, whoever deals" \
            if play.opens is Opens.FIRST_SEAT else usual

    def move_scorer(self, view: View,
                    legal: Sequence[Action]) -> Callable[[Action], float]:
        hands = view.hands
        own = hands[view.player] if isinstance(hands[view.player], list) else []
        return betting_scorer(own, getattr(view, "board", []), view.card_facts)


register(Betting())

