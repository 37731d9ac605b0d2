"""The actions of the ``order_up`` phase, each made once and shared by every state."""

from __future__ import annotations

from cardrules.actions import Action, Kind

__all__ = ["ALONE_ACTION", "PARTNER", "PASS", "TRUMPS", "discard"]

PASS = Action(kind=Kind.PASS, label="pass")
"""Pass (the procedure's own ``pass`` action)."""
ALONE_ACTION = Action(kind=Kind.VERB, name="alone", label="alone")
"""The maker goes alone."""
PARTNER = Action(kind=Kind.VERB, name="partner", label="partner")
"""The maker plays with the partner."""
_DISCARDS: dict[int, Action] = {}
"""The action discarding each card, made once."""


class _Trumps(dict[str, Action]):
    """The ``trump`` actions by suit letter, each made on first use."""

    def __missing__(self, suit: str) -> Action:
        made = self[suit] = Action(kind=Kind.TRUMP, name=suit, label=f"trump {suit}")
        return made


TRUMPS = _Trumps()
"""``trump S``... per suit letter, made on first use."""


def discard(card: int) -> Action:
    """The action discarding ``card`` (made once)."""
    found = _DISCARDS.get(card)
    if found is None:
        found = _DISCARDS[card] = Action(kind=Kind.VERB, name="discard", cards=(card,))
    return found
