"""The rules of the rummy procedure, one function each: the one place that knows why a
move is illegal.

Each rule looks at an action in a state and answers None (it allows it) or the reason it
forbids it; :func:`refusal` asks them in order and adds the variant's reference for the
rule (``game.rule_ref(key)``).  The state's legal actions are exactly those no rule
refuses (``tests/test_gin_rummy.py`` checks it on random deals).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardrules.actions import Action, Kind
from cardrules.engine import flow
from cardrules.engine.refusals import Rule, first_refusal, refusal_of
from cardrules.families.rummy.model import (
    DISCARD,
    DRAW,
    FIRST,
    KNOCK,
    LAYOFF,
    MELD,
    OVER,
    WALL,
    Step,
)
from cardrules.families.rummy.tables import DISCARD as DISCARD_WORD
from cardrules.families.rummy.tables import KNOCK as KNOCK_WORD
from cardrules.families.rummy.tables import LAYOFF as LAYOFF_WORD
from cardrules.families.rummy.tables import MELD as MELD_WORD
from cardrules.families.rummy.tables import TAKE

if TYPE_CHECKING:
    from cardrules.families.rummy.context import RummyContext

__all__ = ["RULES", "refusal", "refusing_rule", "word"]

_VERB: Final = Kind.VERB
"""Read in :func:`word`, as a module constant: compiled, a C static (on Python 3.11 an
enum class's attribute costs a slow lookup: EnumType has a __getattr__)."""

_WORDS: dict[Step, tuple[str, ...]] = {
    FIRST: (TAKE, "pass", "draw"),
    DRAW: (TAKE, "draw"),
    DISCARD: (DISCARD_WORD, KNOCK_WORD),
    KNOCK: (DISCARD_WORD, MELD_WORD, "pass"),
    LAYOFF: (LAYOFF_WORD, "pass"),
    MELD: (MELD_WORD, "pass"),
    WALL: (KNOCK_WORD, "pass"),
}
"""The words each step admits."""

_SAY: dict[Step, str] = {
    FIRST: "take the upcard or pass",
    DRAW: "take the upcard ('take') or draw from the stock ('draw')",
    DISCARD: "discard a card ('discard 7S') or knock",
    KNOCK: "discard, then lay melds ('meld 3S 4S 5S') and pass when done",
    LAYOFF: "lay off cards on the knocker's melds ('layoff 6S') or pass",
    MELD: "lay melds ('meld 3S 4S 5S') or pass",
    WALL: "knock with the upcard or pass (the deal ends drawn)",
}


def word(action: Action) -> str:
    """The action's first word: its verb, or its kind.

    >>> word(Action(kind=Kind.PASS)), word(Action(kind=Kind.VERB, name="meld"))
    ('pass', 'meld')
    """
    return action.name if action.kind is _VERB else action.kind.value


def _over(state: RummyContext, action: Action) -> str | None:
    return "the deal is over" if state._phase is OVER else None


def _phase_over(state: RummyContext, action: Action) -> str | None:
    """An action of a listed phase, once play has begun: that phase is over."""
    if word(action) in {w for words in _WORDS.values() for w in words}:
        return None
    return flow.over(state, action)


def _turn(state: RummyContext, action: Action) -> str | None:
    """Each step of a turn admits its own actions."""
    if word(action) in _WORDS[state._phase]:
        return None
    return f"player {state._current} must {_SAY[state._phase]}"


def _shape(state: RummyContext, action: Action) -> str | None:
    """``discard`` and ``layoff`` name one card, ``meld`` three or more, the rest none."""
    w, n = word(action), len(action.cards)
    if w in (DISCARD_WORD, LAYOFF_WORD) and n != 1:
        return f"'{w}' names one card"
    if w == MELD_WORD and n < 1:
        return "'meld' names the cards of the meld"
    if w not in (DISCARD_WORD, LAYOFF_WORD, MELD_WORD) and n:
        return f"'{w}' names no card"
    if len(set(action.cards)) != n:
        return "a card is named twice"
    return None


def _holds(state: RummyContext, action: Action) -> str | None:
    """You discard, meld and lay off cards from your own hand."""
    hand = state._hands[state._current]
    missing = [c for c in action.cards if not (hand >> c) & 1]
    if missing:
        return (f"player {state._current} does not hold "
                f"{', '.join(state.game.pack.names(missing))}")
    return None


def _first_upcard(state: RummyContext, action: Action) -> str | None:
    """The first upcard: the non-dealer, then the dealer, may take it; when both pass,
    the non-dealer draws from the stock."""
    if state._phase is not FIRST:
        return None
    both = all(state._passed)
    if word(action) == "draw" and not both:
        return "the first upcard is offered to both players before anyone draws"
    if word(action) != "draw" and both:
        return "both players passed the first upcard: draw from the stock"
    return None


def _melds(state: RummyContext, action: Action) -> str | None:
    """A meld is a set of one rank or a run in one suit, of the lengths the rules allow."""
    if word(action) != MELD_WORD or state._tables.meld_of(action) >= 0:
        return None
    play = state._tables.play
    longest = f" to {play.run_max}" if play.run_max else " or more"
    return (f"{', '.join(state.game.pack.names(action.cards))} is no meld: a set is "
            f"{play.set_min} to {play.set_max} cards of one rank, a run {play.run_min}"
            f"{longest} cards in sequence in one suit")


def _knock(state: RummyContext, action: Action) -> str | None:
    """You knock only when a discard leaves you with at most the knock limit in
    deadwood."""
    if word(action) != KNOCK_WORD or state.can_knock():
        return None
    return (f"a knock needs deadwood of {state._limit} or less after the discard"
            if state._limit else "only gin (no deadwood) ends the deal")


def _knocker(state: RummyContext, action: Action) -> str | None:
    """The knocker discards a card that keeps its deadwood within the limit, lays melds
    of an arrangement within it, and passes once its unmelded cards are within it."""
    if state._phase is not KNOCK:
        return None
    tables, p = state._tables, state._current
    hand, limit, finder = state._hands[p], state._limit, state._tables.finder
    w = word(action)
    if state.must_discard():
        if w == DISCARD_WORD:
            if finder.deadwood(hand & ~(1 << action.cards[0])) <= limit:
                return None
            return f"discarding {state.game.pack.name(action.cards[0])} leaves too much deadwood"
        return "the knocker discards first"
    if w == DISCARD_WORD:
        return "the knocker has discarded"
    if w == MELD_WORD:
        meld = tables.melds[tables.meld_of(action)]
        if finder.deadwood(hand & ~meld) <= limit:
            return None
        return f"that meld leaves more than {limit} deadwood however the rest is laid"
    if tables.value(hand) <= limit:
        return None
    return f"lay melds until at most {limit} is left unmelded"


def _layoff(state: RummyContext, action: Action) -> str | None:
    """The defender lays off cards that extend the knocker's melds (not on gin)."""
    if word(action) != LAYOFF_WORD:
        return None
    card = action.cards[0]
    allowed = state._tables.layoff_cards(state._meld_list[state._knocker], state._laid_off)
    if (allowed >> card) & 1:
        return None
    return f"{state.game.pack.name(card)} extends none of the knocker's melds"


RULES: tuple[Rule[RummyContext], ...] = (
    Rule(key=None, check=_over),
    Rule(key=None, check=_phase_over),
    Rule(key="turn", check=_turn),
    Rule(key=None, check=_shape),
    Rule(key=None, check=_holds),
    Rule(key="first_upcard", check=_first_upcard),
    Rule(key="melds", check=_melds),
    Rule(key="knock", check=_knock),
    Rule(key="knocker", check=_knocker),
    Rule(key="layoff", check=_layoff),
)
"""The rules, in the order they are asked."""


def refusing_rule(state: RummyContext,
                  action: Action) -> tuple[Rule[RummyContext], str] | None:
    """The first rule that refuses ``action`` in ``state``, with its reason; None when
    every rule allows it."""
    return first_refusal(RULES, state, action)


def refusal(state: RummyContext, action: Action) -> str | None:
    """Why ``action`` is refused in ``state`` (naming the rule), or None."""
    return refusal_of(RULES, state, action)
