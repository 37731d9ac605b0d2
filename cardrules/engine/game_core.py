"""The data of a loaded game that states read while they play, as a class compiled code
reads directly.

:class:`~cardrules.engine.game.Game` subclasses :class:`GameCore` and sets every
attribute declared here when it is made.  A compiled build makes :class:`GameCore` a
native class (``allow_interpreted_subclasses``): compiled code that holds a game as a
``GameCore`` (``cast(GameCore, state._game)``, which the compiled build checks) reads
these attributes from the object's memory instead of looking them up by name, as it must
for an ordinary Python object, several times a decision.  The pure build runs this
module as it is (a class with slots).

>>> from cardrules.engine.game_core import GameCore
>>> import cardrules
>>> game = cardrules.load("bank", players=2)
>>> isinstance(game, GameCore), game.move_limit > 0
(True, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardrules.engine.native import mypyc_attr

if TYPE_CHECKING:
    from cardrules.cards import Pack
    from cardrules.engine.turns import Turns, When
    from cardrules.engine.views import View
    from cardrules.model.variant import Variant
    from cardrules.phases import Phase

__all__ = ["GameCore"]


@mypyc_attr(allow_interpreted_subclasses=True)
class GameCore:
    """What a game is made of: its rules for a number of players, what was compiled
    from them and the flags the states read at every decision.  Each attribute is
    documented where :class:`~cardrules.engine.game.Game` sets it."""

    __slots__ = ("blank_state", "carrying", "check_states", "compact_events", "counting",
                 "dealt_at", "drawing", "end_of_deal", "ending", "fingerprint", "hooked_legality",
                 "legal_filter", "move_limit", "pack", "phases", "plain_first_mover",
                 "plain_legality", "players", "procedure", "record_class", "refusal",
                 "refusal_words", "refusals", "source", "state_class", "tables", "timings",
                 "turns", "variant", "view_type", "views_kept", "words")

    variant: Variant
    players: int
    fingerprint: str
    source: str
    pack: Pack
    procedure: Any
    phases: tuple[tuple[Phase[Any], Any], ...]
    words: dict[str, str]
    check_states: bool
    dealt_at: int
    drawing: tuple[int, ...]
    timings: tuple[When, ...]
    ending: tuple[tuple[Phase[Any], Any], ...]
    counting: tuple[tuple[Phase[Any], Any], ...]
    carrying: tuple[tuple[Phase[Any], Any], ...]
    record_class: type | None
    state_class: type
    compact_events: bool
    turns: Turns
    plain_first_mover: bool
    refusal: Any
    refusal_words: frozenset[str] | None
    legal_filter: Any
    end_of_deal: Any
    refusals: tuple[Any, ...]
    hooked_legality: bool
    plain_legality: bool
    tables: Any
    move_limit: int
    view_type: type[View]
    views_kept: tuple[bool, ...]
    blank_state: Any
