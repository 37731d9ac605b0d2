"""Rules that refuse actions: the record each procedure's rule list is made of, and the
walk that finds the first refusal.

A procedure's rules module (``procedures/*_rules.py``) lists its rules in the order they
are asked; each rule looks at an action in a state and answers None (it allows the
action) or the reason it forbids it.  :func:`first_refusal` asks them in order and adds
the variant's reference for the rule (``game.rule_ref(key)``, as `` (B17)``), so the legal
set and the reasons given come from one place.

>>> from cardrules.actions import Action, Kind
>>> class Position:
...     class game:
...         @staticmethod
...         def rule_ref(key: str) -> str:
...             return " (R1)"
>>> rules = (Rule(key=None, check=lambda s, a: None),
...          Rule(key="turn", check=lambda s, a: "not your turn"))
>>> first_refusal(rules, Position(), Action(kind=Kind.PASS))[1]
'not your turn (R1)'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar

import attrs

from cardrules.actions import Action

__all__ = ["Rule", "first_refusal", "refusal_of"]



class _RuleBook(Protocol):
    def rule_ref(self, key: str) -> str: ...


class _Refereed(Protocol):
    @property
    def game(self) -> _RuleBook: ...


S = TypeVar("S", bound=_Refereed)


@attrs.frozen(kw_only=True)
class Rule(Generic[S]):
    """One rule of a procedure, for states of type ``S``."""

    key: str | None
    """The key of the variant's ``references`` naming this rule (None: a rule of the
    notation or of the engine, with no number in a rule book)."""
    check: Callable[[S, Action], str | None]
    """None when the rule allows the action in the state, else the reason in words."""


def first_refusal(rules: Sequence[Rule[S]], state: S,
                  action: Action) -> tuple[Rule[S], str] | None:
    """The first of ``rules`` that refuses ``action`` in ``state``, with its reason
    (naming the variant's reference for the rule); None when every rule allows it."""
    for rule in rules:
        reason = rule.check(state, action)
        if reason is not None:
            return rule, (reason + state.game.rule_ref(rule.key) if rule.key else reason)
    return None


def refusal_of(rules: Sequence[Rule[S]], state: S, action: Action) -> str | None:
    """Why ``action`` is refused in ``state`` by the first of ``rules`` that refuses it,
    or None if none does."""
    found = first_refusal(rules, state, action)
    return None if found is None else found[1]
