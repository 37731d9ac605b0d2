"""The rules of the climbing procedure, one function each: the one place that knows why a
move is illegal.

Each rule looks at an action in a state and answers None (it allows it) or the reason it
forbids it; :func:`refusal` asks them in order and adds the variant's reference for the
rule (``game.rule_ref(key)``).

>>> import cardrules
>>> game = cardrules.load("president", players=3)
>>> state = game.setup(hands=["3C 3D 9H", "4C 4D", "KS"], current=0)
>>> print(state.why_illegal(game.parse_action("pass")))
the table is clear: player 0 leads a combination (PR5)
>>> state = state.apply("play 3C 3D")
>>> print(state.why_illegal(game.parse_action("play 4C")))
4C is a single: beat the pair on the table with a higher pair, or pass (PR6)
>>> print(state.why_illegal(game.parse_action("play 4D 4C")))
write this move as 'play 4C 4D' (PR4)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardrules.actions import Action, Kind
from cardrules.engine import flow
from cardrules.engine.refusals import Rule, first_refusal, refusal_of
from cardrules.families.climbing.model import OVER

if TYPE_CHECKING:
    from cardrules.families.climbing.context import ClimbingContext

__all__ = ["RULES", "refusal", "refusing_rule"]


def _over(state: ClimbingContext, action: Action) -> str | None:
    return "the deal is over" if state._phase is OVER else None


def _phase_over(state: ClimbingContext, action: Action) -> str | None:
    """An action of a listed phase, once play has begun: that phase is over."""
    if action.kind in (Kind.PLAY, Kind.PASS):
        return None
    return flow.over(state, action) or \
        f"player {state.current_player} plays a combination or passes"


def _lead(state: ClimbingContext, action: Action) -> str | None:
    """On a clear table the player to move leads: a pass is not allowed."""
    if action.kind is Kind.PASS and state.to_beat is None:
        return f"the table is clear: player {state.current_player} leads a combination"
    return None


def _own(state: ClimbingContext, action: Action) -> str | None:
    """A player plays cards of their own hand, each once; a pass names no cards."""
    if action.kind is Kind.PASS:
        return "a pass names no cards: 'pass'" if action.cards else None
    if action.kind is not Kind.PLAY:
        return None
    hand = state._hands[state.current_player]
    if not action.cards:
        return "name the cards to play ('play 7S 7H')"
    if len(set(action.cards)) != len(action.cards):
        return "a card is named twice"
    tables = state._tables
    if tables.play.by_rank and all(0 <= c < len(tables.rank_of) for c in action.cards):
        if tables.held(hand, action.cards) is not None:
            return None
        short = next(c for c in action.cards
                     if tables.held(hand, [d for d in action.cards
                                           if tables.rank(d) == tables.rank(c)]) is None)
        return f"player {state.current_player} holds too few cards of the rank of " \
               f"{state.game.pack.name(short)}"
    missing = [c for c in action.cards if not hand >> c & 1]
    if missing:
        return f"{state.game.pack.name(missing[0])} is not in player " \
               f"{state.current_player}'s hand"
    return None


def _first_lead(state: ClimbingContext, action: Action) -> str | None:
    """The deal's first play includes the rules' first-lead card (or, when nobody was
    dealt it, the player's lowest card)."""
    if action.kind is not Kind.PLAY:
        return None
    card = state.first_lead_card()
    if card < 0 or card in action.cards:
        return None
    return f"the deal's first play includes {state.game.pack.name(card)}"


def _combination(state: ClimbingContext, action: Action) -> str | None:
    """The cards played make one of the rules' combinations (the one named, if the
    action names one)."""
    if action.kind is not Kind.PLAY:
        return None
    tables = state._tables
    if tables.identify(action.cards, action.name) is not None:
        return None
    cards = " ".join(state.game.pack.names(action.cards))
    if action.name and tables.identify(action.cards) is not None:
        return f"{cards} make no {action.name}"
    names = ", ".join(c.name for c in tables.combinations)
    return f"{cards} make no combination of the game ({names})"


def _beat(state: ClimbingContext, action: Action) -> str | None:
    """A play beats the combination on the table: a higher one of the same type (and
    length), or a bomb."""
    if action.kind is not Kind.PLAY:
        return None
    tables = state._tables
    play, table = tables.identify(action.cards, action.name), state.to_beat
    if play is None or tables.beats(play, table):
        return None
    assert table is not None
    kind, under = tables.combinations[play.combination], tables.combinations[table.combination]
    cards = " ".join(state.game.pack.names(action.cards))
    if play.combination != table.combination or play.length != table.length:
        return f"{cards} is a {kind.name}: beat the {under.name} on the table with a " \
               f"higher {under.name}, or pass"
    return f"{cards} is no higher than the {under.name} on the table: play a higher one, " \
           "or pass"


def _written_order(state: ClimbingContext, action: Action) -> str | None:
    """A combination's cards are written in the order the game lists that move (by rank
    along the ladder, then in pack order; attached cards last), its combination named
    only when the cards may be read as more than one play; where suits do not matter,
    with the first cards of each rank in the pack's order, whichever the player holds."""
    if action.kind is not Kind.PLAY:
        return None
    tables = state._tables
    play = tables.identify(action.cards, action.name)
    if play is None:
        return None
    wanted = tables.action_of(play)
    if wanted == action:
        return None
    if not action.name and tables.ambiguous(action.cards):
        readings = "' or '".join(tables.action_of(p).text(state.game.pack)
                                 for p in tables.readings(action.cards))
        return f"these cards may be read more than one way: write '{readings}'"
    return f"write this move as '{wanted.text(state.game.pack)}'"


def _chain_start(state: ClimbingContext, action: Action) -> str | None:
    """A chain marked ``not_from_whole_rank`` does not start at a rank of which the
    player holds every card."""
    if action.kind is not Kind.PLAY:
        return None
    tables = state._tables
    play = tables.identify(action.cards, action.name)
    if play is None or not tables.barred(play, state._hands[state.current_player]):
        return None
    name = state.game.pack.ranks[tables.chain[play.key - play.length + 1]]
    return f"a {tables.combinations[play.combination].name} may not start at {name}: " \
           f"player {state.current_player} holds every {name}"


RULES: tuple[Rule[ClimbingContext], ...] = (
    Rule(key=None, check=_over),
    Rule(key=None, check=_phase_over),
    Rule(key="lead", check=_lead),
    Rule(key=None, check=_own),
    Rule(key="first_lead", check=_first_lead),
    Rule(key="combinations", check=_combination),
    Rule(key="beat", check=_beat),
    Rule(key="written", check=_written_order),
    Rule(key="chain_start", check=_chain_start),
)
"""The rules, in the order they are asked."""


def refusing_rule(state: ClimbingContext,
                  action: Action) -> tuple[Rule[ClimbingContext], str] | None:
    """The first rule that refuses ``action`` in ``state``, with its reason; None when
    every rule allows it."""
    return first_refusal(RULES, state, action)


def refusal(state: ClimbingContext, action: Action) -> str | None:
    """Why ``action`` is refused in ``state`` (naming the rule), or None."""
    return refusal_of(RULES, state, action)
