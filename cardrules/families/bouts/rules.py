"""The rules of the bouts procedure, one function each: the one place that knows why a
move is illegal.

Each rule looks at an action in a state and answers None (this rule allows it) or the
reason it forbids it; :func:`refusal` asks them in order and adds the variant's reference
for the rule (``game.rule_ref(key)``, as `` (D6)``).  An action is legal exactly when no
rule refuses it.  :meth:`BoutsState.legal_actions` keeps its fast generator; the property
tests check over every shipped variant that it lists exactly the actions no rule refuses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardrules.actions import Action, Kind
from cardrules.engine import flow
from cardrules.engine.refusals import Rule, first_refusal, refusal_of
from cardrules.families.bouts.model import ATTACK, DEFEND, OVER, TAKING, THROW

if TYPE_CHECKING:
    from cardrules.families.bouts.context import BoutsContext

__all__ = ["RULES", "Rule", "refusal", "refusing_rule", "transferable"]


def transferable(state: BoutsContext) -> int:
    """The held cards the defender may transfer the bout with (D11), as a bit set: none
    unless transfers are allowed, nothing is beaten yet, every attacking card is of one
    rank, the limit leaves room and the next player holding cards holds enough."""
    tables = state._tables
    attacks = state._attacks
    if not tables.play.transfer or state._covers or not attacks:
        return 0
    pack = state.game.pack
    rank = pack.rank(attacks[0])
    if any(pack.rank(c) != rank for c in attacks):
        return 0
    limit = state.limit()
    after = len(attacks) + 1
    nxt = state.next_holder(state._current)
    if (limit is not None and after > limit) or nxt < 0 \
            or state._hands[nxt].bit_count() < after:
        return 0
    return state._hands[state._current] & tables.rank_masks[rank]


_WORDS = {"attack": ATTACK, "beat": DEFEND, "transfer": DEFEND, "take": DEFEND}
"""Each action word and the step it belongs to (``throw`` and ``pass``: throwing in)."""


def _step_of(action: Action) -> object:
    if action.kind is Kind.VERB:
        return _WORDS.get(action.name)
    if action.kind is Kind.THROW or action.kind is Kind.PASS:
        return THROW
    return None


def _over(state: BoutsContext, action: Action) -> str | None:
    return "the deal is over" if state._phase is OVER else None


def _phase_over(state: BoutsContext, action: Action) -> str | None:
    """An action of a listed phase, once play has begun: that phase is over."""
    return flow.over(state, action) if _step_of(action) is None else None


def _turn(state: BoutsContext, action: Action) -> str | None:
    """Each step has its own actions (D5-D7)."""
    phase, p = state._phase, state._current
    step = _step_of(action)
    wanted = THROW if phase is TAKING else phase
    if step is wanted:
        return None
    if phase is ATTACK:
        return f"player {p} opens the bout: 'attack' with a card"
    if phase is DEFEND:
        return f"player {p} defends: 'beat' an attacking card, or 'take' the table"
    return f"player {p} may throw in a card of a rank on the table ('throw') or 'pass'"


def _shape(state: BoutsContext, action: Action) -> str | None:
    """How many cards each word names."""
    wanted = 2 if action.kind is Kind.VERB and action.name == "beat" else \
        0 if action.kind is Kind.PASS or action.name == "take" else 1
    if len(action.cards) != wanted or (wanted == 2 and action.cards[0] == action.cards[1]):
        if wanted == 2:
            return "write 'beat', the attacking card, then the card that beats it"
        return f"'{state.describe(action).split()[0]}' takes {'one card' if wanted else 'no cards'}"
    return None


def _holds(state: BoutsContext, action: Action) -> str | None:
    """You play from your own hand."""
    if not action.cards:
        return None
    card = action.cards[-1]
    if not (state._hands[state._current] >> card) & 1:
        return f"player {state._current} does not hold {state.game.pack.name(card)}"
    return None


def _beat_target(state: BoutsContext, action: Action) -> str | None:
    """The defender beats an unbeaten attacking card (D6)."""
    if action.kind is not Kind.VERB or action.name != "beat":
        return None
    target = action.cards[0]
    if target not in state._attacks[len(state._covers):]:
        return f"{state.game.pack.name(target)} is not an unbeaten attacking card"
    return None


def _beating(state: BoutsContext, action: Action) -> str | None:
    """A higher card of the suit, or a trump on a plain card (D3)."""
    if action.kind is not Kind.VERB or action.name != "beat":
        return None
    target, card = action.cards
    if not (state._tables.beaters[state._trump][target] >> card) & 1:
        names = state.game.pack.names((card, target))
        return f"{names[0]} does not beat {names[1]}"
    return None


def _transfer(state: BoutsContext, action: Action) -> str | None:
    """Transferring the bout (D11)."""
    if action.kind is not Kind.VERB or action.name != "transfer":
        return None
    if not state._tables.play.transfer:
        return "this game does not allow transferring a bout"
    if not (transferable(state) >> action.cards[0]) & 1:
        return ("a bout is transferred with a card of the attacked rank, before any card "
                "is beaten, to a next player holding enough cards, within the bout's limit")
    return None


def _throw_in(state: BoutsContext, action: Action) -> str | None:
    """Cards thrown in match a rank on the table (D7)."""
    if action.kind is not Kind.THROW:
        return None
    if not (state.table_ranks() >> action.cards[0]) & 1:
        return f"{state.game.pack.name(action.cards[0])}: only ranks already on the " \
               f"table may be thrown in"
    return None


RULES: tuple[Rule[BoutsContext], ...] = (
    Rule(key=None, check=_over),
    Rule(key=None, check=_phase_over),
    Rule(key="turn", check=_turn),
    Rule(key=None, check=_shape),
    Rule(key=None, check=_holds),
    Rule(key="beat", check=_beat_target),
    Rule(key="beating", check=_beating),
    Rule(key="transfer", check=_transfer),
    Rule(key="throw_in", check=_throw_in),
)
"""The rules, in the order they are asked."""


def refusing_rule(state: BoutsContext, action: Action) -> tuple[Rule[BoutsContext], str] | None:
    """The first rule that refuses ``action`` in ``state``, with its reason (naming the
    variant's reference for the rule); None when every rule allows it."""
    return first_refusal(RULES, state, action)


def refusal(state: BoutsContext, action: Action) -> str | None:
    """Why ``action`` is refused in ``state`` (naming the rule), or None if no rule
    refuses it."""
    return refusal_of(RULES, state, action)
