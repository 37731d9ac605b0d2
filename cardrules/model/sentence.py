"""A sentence of the generated rules (``cardrules rules``) tied to the rule it words.

Each family's description yields :class:`Sentence` records, not bare text, so that
what the rules say can be checked against what the variant holds: every sentence names
the rule record it describes by a path into the variant (``play.duties.follow``,
``play.combinations.bura``, ``hooks.refusal``), and a sentence that says the rules have
something (a duty, a stock, trumps, an effect) is written only when the record at its
path is set.

>>> import cardrules
>>> variant = cardrules.load("hearts").variant
>>> rule_at(variant, "play.unbroken.suits")
('H',)
>>> rule_at(variant, "play.combinations.none") is MISSING
True
>>> is_set(rule_at(variant, "play.close"))
False
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

__all__ = ["MISSING", "Sentence", "is_set", "lines", "rule_at", "sentence"]

MISSING: Any = object()
"""What :func:`rule_at` answers for a path the variant does not hold."""

_STEP = re.compile(r"\.?([^.\[\]]+)|\[(\d+)\]")


@attrs.frozen(kw_only=True)
class Sentence:
    """One rule of play in words, and the rule records it words.

    >>> Sentence(text="Nobody draws after a trick.", rules=("play.draw",), present=False).rules
    ('play.draw',)
    """

    text: str
    """The words, without the list marker."""
    rules: tuple[str, ...]
    """The paths of the rules it words, from the variant: attribute names and mapping
    keys joined by dots, sequence positions in brackets (``play.wild[0]``,
    ``hooks.refusal``)."""
    present: bool = True
    """The sentence says the rules have the records (a duty, a stock, an effect...), so
    each record at :attr:`rules` must be set (:func:`is_set`); false for a sentence that
    words a record whatever its value (``There are no trumps.``)."""
    hook: str = ""
    """The hook point whose default the sentence words (``card_order``): when the variant
    names another hook there, the hook's own sentence takes this one's place."""
    indent: int = 0
    """0: a rule of its own (``- ``); 1: an item of the rule above (``  - ``)."""
    joined: bool = False
    """Printed on the line of the sentence before it, after a space."""


def sentence(text: str, *rules: str, present: bool = True, hook: str = "",
             indent: int = 0, joined: bool = False) -> Sentence:
    """A :class:`Sentence` wording ``rules``.

    >>> sentence("There are no trumps.", "play.trump", present=False).rules
    ('play.trump',)
    """
    return Sentence(text=text, rules=rules, present=present, hook=hook, indent=indent,
                    joined=joined)


def lines(sentences: Iterable[Sentence]) -> list[str]:
    """The sentences as printed lines: ``- `` or ``  - `` in front, a joined sentence
    after the one before it.

    >>> lines([sentence("A.", "play"), sentence("B.", "play", joined=True),
    ...        sentence("c", "play", indent=1)])
    ['- A. B.', '  - c']
    """
    out: list[str] = []
    for s in sentences:
        if s.joined and out:
            out[-1] += " " + s.text
        else:
            out.append("  " * s.indent + "- " + s.text)
    return out


def rule_at(variant: Any, path: str) -> Any:
    """The record at ``path`` in ``variant`` (:data:`MISSING` when there is none); a
    mapping's keys are matched as written (``play.after_turn.7``)."""
    node = variant
    for name, index in _STEP.findall(path):
        if index:
            if not isinstance(node, (tuple, list)) or int(index) >= len(node):
                return MISSING
            node = node[int(index)]
        elif isinstance(node, Mapping):
            key = next((k for k in node if str(getattr(k, "value", k)) == name), MISSING)
            if key is MISSING:
                return MISSING
            node = node[key]
        elif attrs.has(type(node)) and name in attrs.fields_dict(type(node)):
            node = getattr(node, name)
        else:
            return MISSING
    return node


def is_set(value: Any) -> bool:
    """Whether a rule record is set: not None, not empty, not zero, not off (an enum
    member counts as set unless it is a ``none``).

    >>> from cardrules.model.match import NextDealer
    >>> is_set(NextDealer.CLOCKWISE), is_set(0), is_set(()), is_set(None)
    (True, False, False, False)
    """
    if value is MISSING or value is None:
        return False
    member = getattr(value, "value", value)
    if isinstance(member, str) and type(value) is not str:
        return member != "none"
    return bool(value) if not attrs.has(type(value)) else True
