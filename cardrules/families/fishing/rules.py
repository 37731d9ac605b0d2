"""The rules of the fishing procedure, one function each: the one place that knows why a
move is illegal.

Each rule looks at an action in a state and answers None (it allows it) or the reason it
forbids it; :func:`refusal` asks them in order and adds the variant's reference for the
rule (``game.rule_ref(key)``).  The property tests check over every shipped variant that
the legal actions are exactly those no rule refuses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardrules.actions import Action, Kind
from cardrules.cards import bits
from cardrules.engine import flow
from cardrules.engine.refusals import Rule, first_refusal, refusal_of
from cardrules.families.fishing import builds
from cardrules.families.fishing.model import Step
from cardrules.families.fishing.tables import (
    BUILD,
    CAPTURE,
    MULTIPLE,
    VALUE,
    FishingTables,
    subset_masks,
)

if TYPE_CHECKING:
    from cardrules.families.fishing.context import FishingContext

__all__ = ["RULES", "UNIT_RULES", "capture_actions", "captures_of", "refusal",
           "refusing_rule"]

# Enum members read in functions, as module constants: compiled, each is a C static (on
# Python 3.11 an enum class's attribute costs a slow lookup: EnumType has a __getattr__).
_PLAY: Final = Kind.PLAY
_VERB: Final = Kind.VERB
_OVER: Final = Step.OVER


def captures_of(state: FishingContext, card: int) -> tuple[Action, ...]:
    """The captures open to ``card`` played now, under the rules of capture (equal rank,
    sums, equal rank first)."""
    return capture_actions(state._tables, state._table, card)


def capture_actions(tables: FishingTables, table: int, card: int) -> tuple[Action, ...]:
    """:func:`captures_of` a ``table`` (the face-up cards, as a bit set)."""
    found: list[int] = []  # the sets captured, as bit sets
    if tables.by_rank:
        width = tables.width
        rank = card % width
        for c in bits(table):
            if c % width == rank:
                found.append(1 << c)
        if found and tables.play.rank_first:
            return tuple([tables.capture(card, m) for m in found])
    if tables.by_sum:
        for mask in subset_masks(list(bits(table)), tables.values, tables.values[card]):
            if mask not in found:
                found.append(mask)
    return tuple([tables.capture(card, m) for m in found])


def _ours(action: Action) -> bool:
    return action.kind is _PLAY or (action.kind is _VERB and action.name == CAPTURE)


def _over(state: FishingContext, action: Action) -> str | None:
    return "the deal is over" if state._phase is _OVER else None


def _phase_over(state: FishingContext, action: Action) -> str | None:
    """An action of a listed phase, once play has begun: that phase is over."""
    return None if _ours(action) else flow.over(state, action)


def _turn(state: FishingContext, action: Action) -> str | None:
    """A turn plays one card from hand."""
    if _ours(action):
        return None
    return (f"player {state._current} plays a card: 'capture', the card and what it "
            f"captures, or 'play' and a card that captures nothing")


def _shape(state: FishingContext, action: Action) -> str | None:
    """A turn plays one card: ``play`` lays it, ``capture`` names it, then what it takes."""
    if action.kind is _PLAY and len(action.cards) != 1:
        return "'play' lays one card on the table"
    if action.kind is _VERB and len(action.cards) < 2:
        return "write 'capture', the card played, then the cards it captures"
    if len(set(action.cards)) != len(action.cards):
        return "a card is named twice"
    return None


def _holds(state: FishingContext, action: Action) -> str | None:
    """You play a card from your own hand."""
    card = action.cards[0]
    if not (state._hands[state._current] >> card) & 1:
        return f"player {state._current} does not hold {state.game.pack.name(card)}"
    return None


def _on_table(state: FishingContext, action: Action) -> str | None:
    """You capture cards that lie face up on the table."""
    missing = [c for c in action.cards[1:] if not (state._table >> c) & 1]
    if missing:
        return f"{', '.join(state.game.pack.names(missing))} not on the table"
    return None


def _capturing(state: FishingContext, action: Action) -> str | None:
    """A card captures one card of its rank or cards whose values add up to its value;
    with a pile, a card played captures by itself (``play``)."""
    if action.kind is _PLAY:
        return None
    tables = state._tables
    card, caught = action.cards[0], action.cards[1:]
    width = tables.width
    if tables.pile:
        name = tables.pack.name(card)
        return (f"a card played takes the whole pile by itself when it matches the top "
                f"card{' or takes any pile' if tables.takes_all else ''}: write 'play {name}'")
    if tables.by_rank and len(caught) == 1 and caught[0] % width == card % width:
        return None
    total = sum(tables.values[c] for c in caught)
    if tables.by_sum and total == tables.values[card]:
        return None
    name = tables.pack.name(card)
    if not tables.by_sum:
        return f"{name} captures one card of its rank"
    return (f"{name} is worth {tables.values[card]}; the captured cards add up to {total}"
            if not tables.by_rank or len(caught) > 1 else
            f"{name} captures a card of its rank or cards adding up to "
            f"{tables.values[card]}")


def _rank_first(state: FishingContext, action: Action) -> str | None:
    """With a card of its rank on the table, a card must capture one of those."""
    if action.kind is _PLAY or not state._tables.play.rank_first:
        return None
    pack = state.game.pack
    card, caught = action.cards[0], action.cards[1:]
    same = state._table & pack.rank_mask(pack.rank(card))
    if same and not (len(caught) == 1 and (same >> caught[0]) & 1):
        return (f"{pack.name(card)} must capture a card of its rank: "
                f"{', '.join(pack.names(pack.cards_of(same)))}")
    return None


def _must_capture(state: FishingContext, action: Action) -> str | None:
    """A card that can capture may not be laid on the table."""
    if action.kind is not _PLAY or not state._tables.play.must_capture:
        return None
    card = action.cards[0]
    open_to = captures_of(state, card)
    if open_to:
        return (f"{state.game.pack.name(card)} can capture (for example "
                f"'{open_to[0].label}'), so it must")
    return None


def _unit_ours(action: Action) -> bool:
    return action.kind is _PLAY or (action.kind is _VERB
                                        and action.name in (CAPTURE, BUILD, MULTIPLE))


def _unit_phase_over(state: FishingContext, action: Action) -> str | None:
    return None if _unit_ours(action) else flow.over(state, action)


def _unit_turn(state: FishingContext, action: Action) -> str | None:
    """A turn plays one card from hand: it captures, builds or joins the table."""
    if _unit_ours(action):
        return None
    words = "'capture', 'build' or 'multiple'" if state._tables.play.builds else "'capture'"
    return (f"player {state._current} plays a card: {words} with the card and the table "
            f"cards it takes or joins, or 'play' and a card laid on the table")


def _unit_shape(state: FishingContext, action: Action) -> str | None:
    """A card laid names one card; a capture or build names the card and table cards."""
    if action.kind is _PLAY and len(action.cards) != 1:
        return "'play' lays one card on the table"
    if action.kind is _VERB and len(action.cards) < 2:
        return f"write '{action.name}', the card played and the table cards"
    if len(set(action.cards)) != len(action.cards):
        return "a card is named twice"
    if action.kind is _VERB and builds.played_card(state, action) < 0:
        return f"name exactly one card of player {state._current}'s hand"
    return None


def _unit_on_table(state: FishingContext, action: Action) -> str | None:
    """The other cards named lie on the table; a build is taken or joined whole."""
    if action.kind is _PLAY:
        return _holds(state, action)
    card = builds.played_card(state, action)
    others = [c for c in action.cards if c != card]
    missing = [c for c in others if not (state._table >> c) & 1]
    if missing:
        return f"{', '.join(state.game.pack.names(missing))} not on the table"
    mask = sum(1 << c for c in others)
    for build in state._builds:
        if build.cards & mask and build.cards & ~mask:
            return ("a build is one unit: name all its cards, "
                    f"{', '.join(state.game.pack.names(state.game.pack.cards_of(build.cards)))}")
    return None


def _unit_move(state: FishingContext, action: Action) -> str | None:
    """What a card captures or builds (see :mod:`.builds`)."""
    return builds.refusal_reason(state, action)


UNIT_RULES: tuple[Rule[FishingContext], ...] = (
    Rule(key=None, check=_over),
    Rule(key=None, check=_unit_phase_over),
    Rule(key="turn", check=_unit_turn),
    Rule(key=None, check=_unit_shape),
    Rule(key="table", check=_unit_on_table),
    Rule(key="capture", check=_unit_move),
)
"""The rules with builds or captures of several sets, in the order they are asked."""


def _named_value(state: FishingContext, action: Action) -> str | None:
    """A multiple build whose cards add up by several values its player holds waits for
    that player to name one."""
    values = builds.nameable(state)
    if action.kind is _VERB and action.name == VALUE and not action.cards \
            and action.amount in values:
        return None
    choices = " or ".join(f"'{VALUE} {v}'" for v in values)
    return (f"player {state._current} names the value of the multiple build just made, "
            f"one they hold a card of: {choices}")


ANNOUNCING_RULES: tuple[Rule[FishingContext], ...] = (
    Rule(key=None, check=_over),
    Rule(key="capture", check=_named_value),
)
"""The rules while a multiple build waits for its value."""


RULES: tuple[Rule[FishingContext], ...] = (
    Rule(key=None, check=_over),
    Rule(key=None, check=_phase_over),
    Rule(key="turn", check=_turn),
    Rule(key=None, check=_shape),
    Rule(key=None, check=_holds),
    Rule(key="table", check=_on_table),
    Rule(key="capture", check=_capturing),
    Rule(key="rank_first", check=_rank_first),
    Rule(key="must_capture", check=_must_capture),
)
"""The rules, in the order they are asked."""


def refusing_rule(state: FishingContext,
                  action: Action) -> tuple[Rule[FishingContext], str] | None:
    """The first rule that refuses ``action`` in ``state``, with its reason; None when
    every rule allows it."""
    return first_refusal(_rules(state), state, action)


def refusal(state: FishingContext, action: Action) -> str | None:
    """Why ``action`` is refused in ``state`` (naming the rule), or None."""
    return refusal_of(_rules(state), state, action)


def _rules(state: FishingContext) -> tuple[Rule[FishingContext], ...]:
    """The rules asked now."""
    if state._announcing:
        return ANNOUNCING_RULES
    return UNIT_RULES if state._tables.units else RULES
