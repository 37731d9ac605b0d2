"""Views and observation fields of the betting procedure."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardrules.engine.arguments import checked_player
from cardrules.engine.events import records_json
from cardrules.engine.native import mypyc_attr
from cardrules.engine.observation import (
    Cards,
    CardsBySeat,
    Field,
    Letters,
    Number,
    NumbersBySeat,
    OneOf,
    Seat,
)
from cardrules.engine.views import HEAD, CardRow, View
from cardrules.families.betting.model import Limit, Step
from cardrules.families.betting.state import VIEWS, BettingState
from cardrules.families.betting.tables import move_limit

if TYPE_CHECKING:
    from cardrules.engine.state import GameContext

__all__ = ["BettingView", "observation_fields", "view", "view_entries"]


@mypyc_attr(native_class=False)  # a record class over the interpreted View
class BettingView(View):
    """What a seat may know of a betting state: the common entries of :class:`View` and
    these."""

    __slots__ = ()

    stock: int
    """The stock's size."""
    board: CardRow
    """The community cards turned face up."""
    shown: list[list[str]]
    """Per seat, the hand it showed at the showdown (none for a folded hand)."""
    chips: list[int]
    """Each player's chips not in the pot."""
    staked: list[int]
    """Each player's chips in the pot this deal (every bet is public)."""
    round_staked: list[int]
    """Each player's chips put in the pot in this round of betting (blinds included,
    antes not): a bet or raise under pot and no limit names the player's total here."""
    pot: int
    """The chips in the pot."""
    folded: list[int]
    """Per seat, 1 once it has folded."""
    round: int
    """The round of betting, from 0."""
    bets: int
    """Bets made in this round (the opening bet and the raises)."""
    max_bets: int | None
    """The most bets of this round (None: no cap)."""
    bet_size: int
    """The size of a bet or raise in this round (fixed limit); the least bet, and the
    least raise by so many, under pot and no limit."""
    to_call: int
    """What the player to act must add to stay in."""
    line: str
    """Every action of the deal by its letter (f k c b r; under pot and no limit a bet or
    raise with its amount, ``b20``), rounds apart by ``/``."""
    won: list[int]
    """Each player's share of the pot, once the deal is over."""
    scores: list[int]
    """Each player's chips won or lost (all 0 until the deal ends)."""


def view_entries(game: GameContext) -> tuple[str, ...]:
    """The entries of a betting view, in order."""
    return (*HEAD, "hands", "stock", "board", "shown", "chips", "staked", "round_staked",
            "pot", "folded",
            "round", "bets", "max_bets", "bet_size", "to_call", "line", "won", "scores",
            "events", "legal_actions")


def view(state: BettingState, player: int) -> dict[str, Any]:
    """What ``player`` may know: their own hand (every hand, if hands are public), the
    others' sizes, the community cards, the hands shown, every bet and the chips."""
    game = state.game
    if type(player) is not int or not 0 <= player < game.players:
        checked_player(player, game.players)
    tables = state._tables
    names = tables.names
    current = state.current_player
    rounds = tables.play.rounds
    out: dict[str, Any] = {
        "variant": game.variant.name,
        "player": player,
        "players": game.players,
        "dealer": state._dealer,
        "phase": state._phase,
        "current_player": current,
        "hands": names.shown(tables.hand_seen[player], state._hands),
        "stock": len(state._stock),
        "board": names.sorted_names(state._board),
        "shown": [names.sorted_names(s) for s in state._shown],
        "chips": list(state._chips),
        "staked": list(state._staked),
        "round_staked": list(state._round_staked),
        "pot": state.pot,
        "folded": list(state._folded),
        "round": state._round,
        "bets": state._bets,
        "max_bets": rounds[state._round].max_bets,
        "bet_size": rounds[state._round].bet,
        "to_call": state.to_call(current) if current >= 0 else 0,
        "line": state._line,
        "won": list(state._won),
        "scores": list(state._scores),
        "events": records_json(state._events, game.pack, player),
    }
    if current == player:
        out["legal_actions"] = [state.describe(a) for a in state.legal_actions()]
    return out


def observation_fields(game: GameContext) -> tuple[Field, ...]:
    """The fields of a view that a learning agent's observation encodes, in order: the
    betting line among them, so that an observation tells apart every sequence of bets
    (with the player's own cards and the community cards, everything they know)."""
    tables = game.tables
    rounds = tables.play.rounds
    letters = 1 if tables.play.limit is Limit.FIXED else 1 + len(str(tables.most))
    longest = (move_limit(tables, game.players) - 1) * letters + len(rounds) - 1
    return (Seat(key="current_player"), Seat(key="dealer"),
            OneOf(key="phase", values=tuple(s.value for s in Step)),
            CardsBySeat(key="hands"), Cards(key="board"), CardsBySeat(key="shown"),
            NumbersBySeat(key="chips"), NumbersBySeat(key="staked"), Number(key="pot"),
            NumbersBySeat(key="folded"), Number(key="round"), Number(key="bets"),
            Number(key="to_call"),
            Letters(key="line", length=longest,
                    alphabet="fkcbr/" + ("" if letters == 1 else "0123456789")))


VIEWS.append(view)
