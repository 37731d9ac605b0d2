"""The betting procedure as a plug-in (see :mod:`cardrules.engine.procedures`)."""

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
from cardrules.families.betting import view as betting_io
from cardrules.families.betting.checks import check_betting
from cardrules.families.betting.describe import describe_betting
from cardrules.families.betting.heuristics import betting_scorer
from cardrules.families.betting.model import OVER, BettingPlay, Opens, Showdown
from cardrules.families.betting.state import LETTERS, BettingState
from cardrules.families.betting.tables import BettingTables
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
    for key in ("chips", "staked", "won", "folded", "acted", "scores"):
        if len(fields[key]) != n:
            raise StateError(f"{key}: give one number per player")
    if fields["round"] >= len(rounds):
        raise StateError(f"round: {fields['round']} is past the last round "
                         f"({len(rounds) - 1})")
    if fields["bets"] > rounds[fields["round"]].max_bets:
        raise StateError(f"bets: {fields['bets']} is past the round's "
                         f"{rounds[fields['round']].max_bets}")
    for p in range(n):
        if fields["chips"][p] + fields["staked"][p] - fields["won"][p] < tables.most:
            raise StateError(f"chips: player {p} has fewer than the {tables.most} chips a "
                             "deal may take (all-ins and side pots are not supported)")
    if sum(fields["won"]) > sum(fields["staked"]):
        raise StateError("won: the players won more chips than the pot held")
    if fields["phase"] is not OVER:
        if fields["folded"][fields["current"]]:
            raise StateError(f"current: player {fields['current']} has folded")
        if sum(1 for f in fields["folded"] if not f) < 2:
            raise StateError("folded: a deal in play has two players still in or more")
    if any(c not in "fkcbr/" for c in fields["line"]):
        raise StateError("line: letters f k c b r, rounds apart by /")
    state = BettingState._make(game, **fields)
    check_cards(state.zones(), game.pack)
    return state


def setup(game: GameContext, *, hands: Sequence[str], board: str = "", stock: str = "",
          dealer: int = 0, line: str = "") -> BettingState:
    """A position for tests and puzzles: each player's ``hands``, the community cards of
    the ``board`` to be turned in order (then the ``stock`` in dealing order; cards given
    nowhere lie under them), the antes and blinds posted, then the actions of the betting
    ``line`` applied (``kb`` check and bet, ``c`` call, ``r`` raise, ``f`` fold, ``/``
    between rounds, optional).

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
    state = BettingState._make(
        game, hands=tuple(masks), shown=(0,) * n, stock=(*rest, *reversed(later)),
        chips=(game.tables.play.chips,) * n, staked=(0,) * n, won=(0,) * n,
        folded=(0,) * n, acted=(0,) * n, scores=(0,) * n, phase="bet", dealer=dealer,
        current=0)
    state._post()
    state._start_play()
    for letter in line:
        if letter == "/":
            continue
        word = _WORDS.get(letter)
        if word is None:
            raise StateError(f"line: {letter!r} is none of f k c b r /")
        state = own_state(BettingState, state.apply(game.parse_action(word)))
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
        first."""
        tables: BettingTables = game.tables
        n = game.players
        return sum(n * (r.max_bets + 1) for r in tables.play.rounds) + 1

    def check(self, variant: Any) -> Iterator[Found]:
        return check_betting(variant)

    def action_bound(self, variant: Any) -> int:
        """At most three: fold, call and raise."""
        return 3

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
        return "seat 0 opens the betting, whoever deals" \
            if play.opens is Opens.FIRST_SEAT else usual

    def move_scorer(self, view: View,
                    legal: Sequence[Action]) -> Callable[[Action], float]:
        hands = view.hands
        own = hands[view.player] if isinstance(hands[view.player], list) else []
        return betting_scorer(own, getattr(view, "board", []), view.card_facts)


register(Betting())
