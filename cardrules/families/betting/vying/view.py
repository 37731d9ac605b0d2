"""Views and observation fields of the vying procedure.

>>> import cardrules
>>> game = cardrules.load("three-card-brag", players=3)
>>> state = game.setup(hands=["3S 3H 3D", "AS KS QS", "2C 5D 9H"], line="look,stake 4")
>>> view = state.view(1)
>>> view.hands, view.blind, view.stake, view.least
([3, ['AS', 'KS', 'QS'], 3], [1, 0, 1], 4, 2)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardrules.engine.arguments import checked_player
from cardrules.engine.events import records_json
from cardrules.engine.native import mypyc_attr
from cardrules.engine.observation import (
    CardsBySeat,
    Field,
    Number,
    NumbersBySeat,
    OneOf,
    Seat,
)
from cardrules.engine.views import HEAD, View
from cardrules.families.betting.model import Step
from cardrules.families.betting.vying.state import VIEWS, VyingState

if TYPE_CHECKING:
    from cardrules.engine.state import GameContext

__all__ = ["VyingView", "observation_fields", "view", "view_entries"]


@mypyc_attr(native_class=False)  # a record class over the interpreted View
class VyingView(View):
    """What a seat may know of a vying state: the common entries of :class:`View` and
    these."""

    __slots__ = ()

    stock: int
    """The stock's size."""
    shown: list[list[str]]
    """Per seat, the hand it showed when one player saw the other."""
    kept: list[int]
    """Per seat, the size of the blind hand it kept from the last deal beside this deal's
    (0: none); nobody sees its cards."""
    carried: int
    """The chips in the pot carried from earlier deals."""
    choosing: int
    """1 while the player to act must at once keep one of their two hands."""
    chips: list[int]
    """Each player's chips not in the pot."""
    staked: list[int]
    """Each player's chips in the pot this deal (every stake is public)."""
    pot: int
    """The chips in the pot."""
    folded: list[int]
    """Per seat, 1 once it has folded."""
    blind: list[int]
    """Per seat, 1 while it plays blind (has not looked at its cards)."""
    stake: int
    """The current stake in an open player's terms (0 before the first)."""
    least: int
    """The least the player to act may stake, in their terms (half, blind)."""
    see_cost: int
    """What the player to act would pay to see."""
    seer: int
    """The player who paid to see (-1: nobody)."""
    won: list[int]
    """Each player's share of the pot, once the deal is over."""
    scores: list[int]
    """Each player's chips won or lost (all 0 until the deal ends)."""


def view_entries(game: GameContext) -> tuple[str, ...]:
    """The entries of a vying view, in order (``kept``, ``carried`` and ``choosing`` only
    where a blind player's pot is carried)."""
    two = ("kept", "carried", "choosing") if game.tables.play.carries_pot else ()
    return (*HEAD, "hands", "stock", "shown", *two, "chips", "staked", "pot", "folded",
            "blind", "stake", "least", "see_cost", "seer", "won", "scores", "events",
            "legal_actions")


def view(state: VyingState, player: int) -> dict[str, Any]:
    """What ``player`` may know: their own hand once they have looked (every looked-at
    hand, if hands are public), the others' sizes, the hands shown, every stake and the
    chips (and the size of each blind hand kept from the last deal, never its cards)."""
    game = state.game
    if type(player) is not int or not 0 <= player < game.players:
        checked_player(player, game.players)
    tables = state._tables
    names = tables.names
    current = state.current_player
    seen = tuple(state.sees_hand(player, s) for s in range(game.players))
    out: dict[str, Any] = {
        "variant": game.variant.name,
        "player": player,
        "players": game.players,
        "dealer": state._dealer,
        "phase": state._phase,
        "current_player": current,
        "hands": names.shown(seen, state._hands),
        "stock": len(state._stock),
        "shown": [names.sorted_names(s) for s in state._shown],
        **({"kept": [m.bit_count() for m in state._kept], "carried": state._carried,
            "choosing": state._choosing} if tables.play.carries_pot else {}),
        "chips": list(state._chips),
        "staked": list(state._staked),
        "pot": state.pot,
        "folded": list(state._folded),
        "blind": list(state._blind),
        "stake": state._stake,
        "least": state.least_stake(current) if current >= 0 else 0,
        "see_cost": state.see_cost(current) if current >= 0 else 0,
        "seer": state._seer,
        "won": list(state._won),
        "scores": list(state._scores),
        "events": records_json(state._events, game.pack, player),
    }
    if current == player:
        out["legal_actions"] = [state.describe(a) for a in state.legal_actions()]
    return out


def observation_fields(game: GameContext) -> tuple[Field, ...]:
    """The fields of a view that a learning agent's observation encodes, in order: the
    player's own cards once looked at, the hands shown (the kept blind hands' sizes and
    the carried pot, where a blind player's pot is carried), every player's stakes and
    blind play, and the current stake (the order of the stakes that led there is not encoded)."""
    return (Seat(key="current_player"), Seat(key="dealer"),
            OneOf(key="phase", values=tuple(s.value for s in Step)),
            CardsBySeat(key="hands"), CardsBySeat(key="shown"),
            *((NumbersBySeat(key="kept"), Number(key="carried"), Number(key="choosing"))
              if game.tables.play.carries_pot else ()),
            NumbersBySeat(key="chips"), NumbersBySeat(key="staked"), Number(key="pot"),
            NumbersBySeat(key="folded"), NumbersBySeat(key="blind"), Number(key="stake"),
            Number(key="least"), Number(key="see_cost"), Seat(key="seer"))


VIEWS.append(view)
