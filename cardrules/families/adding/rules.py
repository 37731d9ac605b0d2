"""The rules of the adding procedure, one function each: the one place that knows why a
move is illegal.

Each rule looks at an action in a state and answers None (it allows it) or the reason it
forbids it; :func:`refusal` asks them in order and adds the variant's reference for the
rule (``game.rule_ref(key)``).

>>> import cardrules
>>> game = cardrules.load("cribbage", players=2)
>>> state = game.setup(hands=["KS 4D", "5C"], sequence="QH 5D 5S 5H")
>>> print(state.why_illegal(game.parse_action("play KS")))
KS would take the total from 25 to 35, past 31 (R6)
>>> print(state.why_illegal(game.parse_action("go")))
player 0 can play 4D without passing 31: go only when no card fits (R7)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardrules.actions import Action, Kind
from cardrules.engine import flow
from cardrules.engine.refusals import Rule, first_refusal, refusal_of
from cardrules.families.adding.model import Step
from cardrules.families.adding.tables import DISCARD_WORD, GO_WORD

if TYPE_CHECKING:
    from cardrules.families.adding.context import AddingContext

__all__ = ["RULES", "fitting", "refusal", "refusing_rule"]

# The steps and action kinds read in functions, as module constants: compiled, each is a
# C static (on Python 3.11 an enum class's attribute costs a slow lookup: EnumType has a
# __getattr__; another module's name, a look-up by name).
_DISCARD: Final = Step.DISCARD
_PLAY: Final = Step.PLAY
_OVER: Final = Step.OVER
_KIND_PLAY: Final = Kind.PLAY
_KIND_VERB: Final = Kind.VERB


def fitting(state: AddingContext, hand: int) -> list[int]:
    """The cards of ``hand`` that the running total can take without passing the limit."""
    tables = state._tables
    room = tables.play.limit - state._total
    values = tables.values
    fits = []
    while hand:
        low = hand & -hand
        card = low.bit_length() - 1
        if values[card] <= room:
            fits.append(card)
        hand ^= low
    return fits


def _ours(action: Action) -> bool:
    return action.kind is _KIND_PLAY or (action.kind is _KIND_VERB
                                        and action.name in (DISCARD_WORD, GO_WORD))


def _over(state: AddingContext, action: Action) -> str | None:
    return "the game is over" if state._phase is _OVER else None


def _phase_over(state: AddingContext, action: Action) -> str | None:
    """An action of a listed phase, once play has begun: that phase is over."""
    return None if _ours(action) else flow.over(state, action)


def _step(state: AddingContext, action: Action) -> str | None:
    """First each player lays cards away to the crib; then cards are played or go said."""
    p = state._current
    size = state._tables.discard_size
    if state._phase is _DISCARD:
        if action.kind is _KIND_VERB and action.name == DISCARD_WORD:
            return None
        return f"player {p} lays {size} card{'s' if size > 1 else ''} away to the crib " \
               f"first: 'discard' and the card{'s' if size > 1 else ''}"
    return None


def _turn(state: AddingContext, action: Action) -> str | None:
    """Once the cards are laid away, a turn plays a card or says go."""
    if state._phase is _DISCARD or (_ours(action) and action.name != DISCARD_WORD):
        return None
    return f"player {state._current} plays a card ('play 7D'), or says 'go' when none fits"


def _shape(state: AddingContext, action: Action) -> str | None:
    """A discard names exactly its cards; a play names one card; go names none."""
    size = state._tables.discard_size
    if action.kind is _KIND_VERB and action.name == DISCARD_WORD \
            and len(set(action.cards)) != size:
        return f"lay exactly {size} different card{'s' if size > 1 else ''} away at once"
    if action.kind is _KIND_PLAY and len(action.cards) != 1:
        return "'play' adds one card to the total"
    return None


def _holds(state: AddingContext, action: Action) -> str | None:
    """You lay away or play cards from your own hand."""
    hand = state._hands[state._current]
    missing = [c for c in action.cards if not (hand >> c) & 1]
    if missing:
        return f"player {state._current} does not hold " \
               f"{', '.join(state.game.pack.names(missing))}"
    return None


def _limit(state: AddingContext, action: Action) -> str | None:
    """The running total may not pass the limit."""
    if action.kind is not _KIND_PLAY or state._phase is not _PLAY:
        return None
    tables = state._tables
    card = action.cards[0]
    after = state._total + tables.values[card]
    if after > tables.play.limit:
        return f"{tables.pack.name(card)} would take the total from {state._total} to " \
               f"{after}, past {tables.play.limit}"
    return None


def _go(state: AddingContext, action: Action) -> str | None:
    """A player says go only when no card of their hand fits under the limit."""
    if not (action.kind is _KIND_VERB and action.name == GO_WORD):
        return None
    fits = fitting(state, state._hands[state._current])
    if fits:
        return f"player {state._current} can play {state.game.pack.name(fits[0])} without " \
               f"passing {state._tables.play.limit}: go only when no card fits"
    return None


RULES: tuple[Rule[AddingContext], ...] = (
    Rule(key=None, check=_over),
    Rule(key=None, check=_phase_over),
    Rule(key="discard", check=_step),
    Rule(key="turn", check=_turn),
    Rule(key=None, check=_shape),
    Rule(key=None, check=_holds),
    Rule(key="limit", check=_limit),
    Rule(key="go", check=_go),
)
"""The rules, in the order they are asked."""


def refusing_rule(state: AddingContext,
                  action: Action) -> tuple[Rule[AddingContext], str] | None:
    """The first rule that refuses ``action`` in ``state``, with its reason; None when
    every rule allows it."""
    return first_refusal(RULES, state, action)


def refusal(state: AddingContext, action: Action) -> str | None:
    """Why ``action`` is refused in ``state`` (naming the rule), or None."""
    return refusal_of(RULES, state, action)
